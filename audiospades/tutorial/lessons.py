"""The tutorial's content, as data: the tour of the keys and the guided hands.

Each lesson is one hand, scripted trick by trick (``"seat:card"`` in playing
order; seat 0 is the player, 1 on the left, 2 the partner, 3 on the right), with
the points made at the player's decisions (decision 0 is the bid, decision ``k``
the card of trick ``k``). The deal is worked out from the script, so it always
holds each card once. The words are in :mod:`audiospades.presenter.tutorial`.
A test plays every lesson as written and checks each trick, and that every
strict point's choice is the strongest computer player's choice too.
"""

from __future__ import annotations

import dataclasses
from typing import Final

from audiospades.bots.reasons import HintReason
from audiospades.commands import DIGITS, Command
from audiospades.keymap import Context
from audiospades.rules import Rules
from audiospades.rules.options import TrumpMode
from audiospades.tutorial.model import Lesson, Point, Teach, TourStep, When

TOUR_BID: Final = 3
"""The bid the tour asks the player to type."""

TOUR: Final[tuple[TourStep, ...]] = (
    TourStep(Command.READ_HAND, Context.TABLE, When.BID_TURN, Point.TOUR_READ_HAND),
    TourStep(Command.NEXT_CARD, Context.TABLE, When.BID_TURN, Point.TOUR_NEXT_CARD),
    TourStep(Command.SCORES, Context.TABLE, When.BID_TURN, Point.TOUR_SCORES),
    TourStep(Command.WHOSE_TURN, Context.TABLE, When.BID_TURN, Point.TOUR_WHOSE_TURN),
    TourStep(DIGITS[TOUR_BID], Context.BIDDING, When.BID_TURN, Point.TOUR_BID_DIGIT),
    TourStep(Command.BID, Context.BIDDING, When.BID_TURN, Point.TOUR_BID_ENTER),
    TourStep(
        Command.CARDS_ON_TABLE,
        Context.TABLE,
        When.PLAY_TURN,
        Point.TOUR_CARDS_ON_TABLE,
    ),
    TourStep(Command.NEXT_SUIT, Context.TABLE, When.PLAY_TURN, Point.TOUR_NEXT_SUIT),
    TourStep(Command.SUIT_LED, Context.TABLE, When.PLAY_TURN, Point.TOUR_SUIT_LED),
    TourStep(
        Command.NEXT_PLAYABLE,
        Context.TABLE,
        When.PLAY_TURN,
        Point.TOUR_NEXT_PLAYABLE,
    ),
    TourStep(Command.HINT, Context.TABLE, When.PLAY_TURN, Point.TOUR_HINT),
    # J goes to the card the hint named, so Enter then plays that card, not the
    # one Tab landed on: the tour never contradicts the hint it just gave.
    TourStep(
        Command.HINTED_CARD, Context.TABLE, When.PLAY_TURN, Point.TOUR_HINTED_CARD
    ),
    TourStep(Command.PLAY_CARD, Context.TABLE, When.PLAY_TURN, Point.TOUR_PLAY),
    TourStep(Command.CONTINUE, Context.TABLE, When.TRICK_WAITS, Point.TOUR_GATHER),
    TourStep(Command.LAST_TRICK, Context.TABLE, When.PLAY_TURN, Point.TOUR_LAST_TRICK),
    TourStep(Command.TRICK_INFO, Context.TABLE, When.PLAY_TURN, Point.TOUR_TRICK_INFO),
)
"""The tour of the keys, in order: each step asks for one key."""


def _partners() -> Rules:
    return Rules.pagat()


FIRST_HAND: Final = Lesson(
    id="first_hand",
    rules=_partners,
    dealer=0,
    bids=(3, 3, 3, 2),
    tricks=(
        "1:7H 2:3H 3:KH 0:AH",
        "0:9D 1:5D 2:TD 3:AD",
        "3:KC 0:3S 1:8C 2:2C",
        "0:AS 1:5S 2:2S 3:6S",
        "0:KS 1:9S 2:8S 3:7S",
        "0:QH 1:4H 2:9H 3:6H",
        "0:8H 1:JH 2:TH 3:4C",
        "1:KD 2:7D 3:JD 0:2D",
        "1:4D 2:QD 3:8D 0:6D",
        "2:AC 3:6C 0:2H 1:3C",
        "2:9C 3:7C 0:5H 1:5C",
        "2:JS 3:TC 0:4S 1:QS",
        "1:QC 2:TS 3:JC 0:3D",
    ),
    teach=(
        Teach(0, Point.FIRST_BID),
        Teach(1, Point.FIRST_FOLLOW),
        Teach(2, Point.FIRST_NO_SPADE_LEAD),
        Teach(3, Point.FIRST_TRUMP),
        Teach(4, Point.FIRST_SPADES_BROKEN, strict=False),
    ),
    free_from=5,
)
"""Counting sure tricks, following suit, spades not led until broken, trumping."""

NIL: Final = Lesson(
    id="nil",
    rules=_partners,
    dealer=0,
    bids=(0, 2, 7, 1),
    tricks=(
        "1:9H 2:AH 3:4H 0:QH",
        "2:AC 3:2C 0:JD 1:4C",
        "2:KH 3:7H 0:8H 1:JH",
        "2:AD 3:5D 0:9D 1:6D",
        "2:KD 3:8D 0:7D 1:TD",
        "2:QD 3:3C 0:4D 1:6C",
        "2:KC 3:5C 0:3D 1:8C",
        "2:QC 3:7C 0:2D 1:TC",
        "2:JC 3:9C 0:5H 1:6H",
        "2:AS 3:5S 0:2S 1:4S",
        "2:KS 3:7S 0:3S 1:6S",
        "2:QS 3:9S 0:3H 1:8S",
        "2:JS 3:TH 0:2H 1:TS",
    ),
    teach=(
        Teach(0, Point.NIL_BID),
        Teach(1, Point.NIL_DUCK),
        Teach(2, Point.NIL_DISCARD),
    ),
    free_from=3,
)
"""Bidding nil with a weak hand, and playing under the others' cards."""

COVER: Final = Lesson(
    id="cover",
    rules=_partners,
    dealer=1,
    bids=(8, 2, 0, 1),
    tricks=(
        "2:2D 3:8D 0:QD 1:6D",
        "0:AH 1:6H 2:QH 3:4H",
        "0:KH 1:9H 2:8H 3:7H",
        "0:AD 1:TD 2:JD 3:5D",
        "0:KD 1:4C 2:9D 3:2C",
        "0:AC 1:6C 2:7D 3:3C",
        "0:KC 1:8C 2:4D 3:5C",
        "0:QC 1:TC 2:3D 3:7C",
        "0:JC 1:JH 2:5H 3:9C",
        "0:AS 1:4S 2:2S 3:5S",
        "0:KS 1:6S 2:3S 3:7S",
        "0:QS 1:8S 2:3H 3:9S",
        "0:JS 1:TS 2:2H 3:TH",
    ),
    teach=(
        Teach(0, Point.NIL_COVER_BID, strict=False),
        Teach(1, Point.NIL_COVER_PLAY),
    ),
    free_from=2,
)
"""Covering a partner's nil: winning the tricks the nil bidder must not."""

BAGS: Final = Lesson(
    id="bags",
    rules=_partners,
    dealer=0,
    bids=(4, 2, 1, 2),
    tricks=(
        "1:AC 2:8C 3:2C 0:5C",
        "1:AD 2:4D 3:KD 0:JD",
        "1:3D 2:5D 3:2S 0:QD",
        "3:2H 0:JH 1:4H 2:3H",
        "0:AS 1:3S 2:4S 3:8S",
        "0:TC 1:3C 2:KC 3:4C",
        "2:AH 3:9H 0:5H 1:6H",
        "2:8H 3:KH 0:QS 1:7H",
        "0:2D 1:TD 2:9D 3:TH",
        "1:6D 2:7D 3:QC 0:7S",
        "0:9S 1:6S 2:5S 3:JS",
        "3:7C 0:6C 1:JC 2:QH",
        "1:KS 2:8D 3:9C 0:TS",
    ),
    teach=(
        # The bid is the player's own count (any bid goes on; the strong player's
        # is told after it): the bots' estimate is not a whole number of tricks.
        Teach(0, Point.BAGS_BID, strict=False),
        # Made at the first decision after the side has its tricks where the
        # strong player loses the trick on purpose, whatever line the player
        # took: the hint names that as saving bags, or as a safe lead or a
        # discard (a newcomer's own play seldom reaches the textbook moment).
        Teach(
            None,
            Point.BAGS_DUCK,
            reasons=frozenset(
                {
                    HintReason.SAVE_BAGS,
                    HintReason.LEAD_SAFE,
                    HintReason.DISCARD_LOSER,
                }
            ),
            once_contract_made=True,
        ),
    ),
    free_from=1,
)
"""Bags: a side that has its tricks loses the rest on purpose."""


def _individual_three() -> Rules:
    return Rules.pagat(players=3)


def _jokers_and_deuces() -> Rules:
    return dataclasses.replace(Rules.pagat(), trump_mode=TrumpMode.NEW_YORK_CITY)


INDIVIDUAL: Final = Lesson(
    id="individual",
    rules=_individual_three,
    dealer=0,
    bids=(5, 3, 4),
    tricks=(
        "1:AH 2:2H 0:TH",
        "1:6C 2:8C 0:JC",
        "0:KC 1:7C 2:2S",
        "2:AS 0:4S 1:3S",
        "2:KD 0:2D 1:6D",
        "2:AD 0:4D 1:8D",
        "2:4H 0:KH 1:3H",
        "0:5D 1:JD 2:TD",
        "1:QS 2:7S 0:8S",
        "1:7H 2:5H 0:6H",
        "1:8H 2:9H 0:9S",
        "0:TS 1:KS 2:6S",
        "1:9C 2:JH 0:AC",
        "0:JS 1:QC 2:5S",
        "0:3C 1:TC 2:9D",
        "1:QD 2:7D 0:4C",
        "1:QH 2:3D 0:5C",
    ),
    teach=(
        # The bid is the player's own count (any bid goes on; the strong player's
        # is told after it): the bots' estimate is not a whole number of tricks.
        Teach(0, Point.SOLO_BID, strict=False),
        # Keep the king or shed it: both are sound (the strong player's choice
        # depends on the bids), so any heart goes and the hint is told after.
        Teach(1, Point.SOLO_KEEP, strict=False),
        Teach(2, Point.SOLO_WIN),
    ),
    free_from=3,
)
"""Individual play, three players each for themselves (seed 004's 17 cards)."""

JOKERS: Final = Lesson(
    id="jokers",
    rules=_jokers_and_deuces,
    dealer=0,
    bids=(5, 2, 1, 2),
    tricks=(
        "1:AC 2:5C 3:4C 0:KC",
        "1:QC 2:6C 3:9C 0:2D",
        "0:QD 1:AD 2:5D 3:4D",
        "1:JD 2:KD 3:6D 0:3D",
        "2:JC 3:BJ 0:KH 1:3C",
        "3:8D 0:7D 1:7C 2:9D",
        "2:AH 3:3H 0:4H 1:8H",
        "2:8C 3:4S 0:LJ 1:TC",
        "0:TS 1:3S 2:2S 3:9S",
        "2:6H 3:5H 0:9H 1:JH",
        "1:QH 2:7H 3:TH 0:QS",
        "0:7S 1:KS 2:6S 3:JS",
        "1:AS 2:5S 3:TD 0:8S",
    ),
    teach=(
        Teach(0, Point.JOKERS_BID),
        Teach(2, Point.JOKERS_TRUMP),
    ),
    free_from=3,
)
"""Jokers and deuces (New York City trumps): the 2 of diamonds is a trump."""


def _blind_nil_any_score() -> Rules:
    # Seed 003 allows blind nil only to a side 100 behind; the lesson lets the
    # player try it at 0 to 0 (and the hint says why a strong player would not).
    return dataclasses.replace(Rules.pagat(), blind_nil_behind=0)


BLIND_NIL: Final = Lesson(
    id="blind_nil",
    rules=_blind_nil_any_score,
    dealer=0,
    bids=("blind_nil", 3, 3, 1),
    passes=("0:KS 0:JS", "2:3C 2:4D"),
    tricks=(
        "1:2D 2:QD 3:5D 0:JD",
        "2:AD 3:6D 0:TD 1:8D",
        "2:KD 3:9D 0:3D 1:2S",
        "1:5H 2:KS 3:3H 0:TH",
        "2:7D 3:QH 0:4D 1:4S",
        "1:7H 2:QS 3:AH 0:8H",
        "2:JS 3:8S 0:7S 1:AS",
        "1:9H 2:5S 3:4C 0:2H",
        "2:KC 3:5C 0:2C 1:AC",
        "1:JH 2:7C 3:6C 0:4H",
        "1:KH 2:9C 3:8C 0:6H",
        "1:6S 2:JC 3:9S 0:3S",
        "3:TC 0:3C 1:TS 2:QC",
    ),
    teach=(
        Teach(0, Point.BLIND_QUESTION, strict=False),
        Teach(1, Point.BLIND_PASS),
        Teach(2, Point.BLIND_FOLLOW),
        Teach(3, Point.BLIND_DUCK),
    ),
    free_from=4,
)
"""Blind nil with passing: bid before looking, then two cards each way."""


def _individual_five() -> Rules:
    return Rules.pagat(players=5)


FIVE: Final = Lesson(
    id="five",
    rules=_individual_five,
    dealer=0,
    bids=(2, 3, 0, 0, 1),
    tricks=(
        "1:3H 2:2H 3:5H 4:9H 0:KH",
        "0:4H 1:AH 2:JH 3:QH 4:8H",
        "1:5C 2:AD 3:3C 4:QC 0:AC",
        "0:4D 1:9D 2:7D 3:9C 4:QD",
        "4:5D 0:6D 1:TC 2:3D 3:8C",
        "0:JD 1:JC 2:TD 3:7C 4:8D",
        "0:6C 1:KC 2:KD 3:7H 4:4C",
        "1:QS 2:3S 3:9S 4:2S 0:5S",
        "1:KS 2:TH 3:6S 4:TS 0:7S",
        "1:AS 2:6H 3:4S 4:JS 0:8S",
    ),
    teach=(
        Teach(0, Point.FIVE_BID),
        Teach(1, Point.FIVE_WIN),
        Teach(2, Point.FIVE_LEAD_LOW),
        Teach(3, Point.FIVE_OWN_BID),
    ),
    free_from=4,
)
"""Individual play, five players with ten cards each, two of them bidding nil.

At five each for themselves a strong player leaves the nils alone and plays for
its own bid (the computer players do: README, issue 14), so that is the lesson.
"""


def _partners_six() -> Rules:
    return Rules.pagat(players=6)


SIX: Final = Lesson(
    id="six",
    rules=_partners_six,
    dealer=2,
    bids=(1, 3, 2, 0, 2, 1),
    tricks=(
        "3:5H 4:4H 5:3H 0:JS 1:9H 2:KH",
        "0:KC 1:7C 2:4C 3:QC 4:6C 5:3C",
        "0:QD 1:4S 2:6D 3:KD 4:7D 5:4D",
        "1:AH 2:8C 3:8H 4:6H 5:7H 0:9C",
        "1:5S 2:9S 3:JC 4:3S 5:AS 0:TC",
        "5:TH 0:3D 1:6S 2:AC 3:TD 4:QH",
        "1:8S 2:8D 3:5C 4:KS 5:TS 0:9D",
        "4:7S 5:JH 0:JD 1:QS 2:AD 3:5D",
    ),
    teach=(
        Teach(0, Point.SIX_BID),
        Teach(1, Point.SIX_COVER_TRUMP),
        Teach(2, Point.SIX_COVER_LEAD),
    ),
    free_from=3,
)
"""Six players in three partnerships, 8 cards each: covering a partner's nil."""


BASICS: Final[tuple[Lesson, ...]] = (FIRST_HAND, NIL, COVER, BAGS)
"""The basic lessons, in order."""

VARIANTS: Final[tuple[Lesson, ...]] = (BLIND_NIL, INDIVIDUAL, FIVE, JOKERS, SIX)
"""The lessons for rule variants, after the basics."""

LESSONS: Final[tuple[Lesson, ...]] = BASICS + VARIANTS
"""Every lesson, the basics first."""
