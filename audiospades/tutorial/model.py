"""The shape of the tutorial's data: tour steps, lessons, their scripts.

Lessons are data, not code: a lesson is a fully scripted hand (every trick in
playing order, every computer player's bid) plus the points the tutorial makes at
some of the player's decisions. The words of each point live in the presenter
(:mod:`audiospades.presenter.tutorial`), keyed by :class:`Point`; keys named in them
come from the key map, so a sentence can never name a key that does something else.

Seats: 0 is the player, 1 on the left, 2 the partner (across), 3 on the right;
with six players in partnerships the partner, across, is seat 3.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from audiospades.bots.reasons import HintReason
from audiospades.commands import Command
from audiospades.keymap import Context
from audiospades.rules import Bid, Card, Rules
from audiospades.rules.cards import parse_cards


class Point(StrEnum):
    """One thing the tutorial says; the presenter holds its words."""

    # --- the tour of the keys ---
    TOUR_READ_HAND = "tour_read_hand"
    TOUR_NEXT_CARD = "tour_next_card"
    TOUR_NEXT_SUIT = "tour_next_suit"
    TOUR_SCORES = "tour_scores"
    TOUR_WHOSE_TURN = "tour_whose_turn"
    TOUR_BID_DIGIT = "tour_bid_digit"
    TOUR_BID_ENTER = "tour_bid_enter"
    TOUR_CARDS_ON_TABLE = "tour_cards_on_table"
    TOUR_SUIT_LED = "tour_suit_led"
    TOUR_NEXT_PLAYABLE = "tour_next_playable"
    TOUR_HINT = "tour_hint"
    TOUR_HINTED_CARD = "tour_hinted_card"
    TOUR_PLAY = "tour_play"
    TOUR_GATHER = "tour_gather"
    TOUR_LAST_TRICK = "tour_last_trick"
    TOUR_TRICK_INFO = "tour_trick_info"
    # --- lesson: a first hand ---
    FIRST_BID = "first_bid"
    FIRST_FOLLOW = "first_follow"
    FIRST_NO_SPADE_LEAD = "first_no_spade_lead"
    FIRST_TRUMP = "first_trump"
    FIRST_SPADES_BROKEN = "first_spades_broken"
    # --- lesson: nil ---
    NIL_BID = "nil_bid"
    NIL_DUCK = "nil_duck"
    NIL_DISCARD = "nil_discard"
    NIL_COVER_BID = "nil_cover_bid"
    NIL_COVER_PLAY = "nil_cover_play"
    # --- lesson: bags ---
    BAGS_BID = "bags_bid"
    BAGS_DUCK = "bags_duck"
    # --- variants ---
    SOLO_BID = "solo_bid"
    SOLO_KEEP = "solo_keep"
    SOLO_WIN = "solo_win"
    FIVE_BID = "five_bid"
    FIVE_WIN = "five_win"
    FIVE_LEAD_LOW = "five_lead_low"
    FIVE_OWN_BID = "five_own_bid"
    JOKERS_BID = "jokers_bid"
    JOKERS_TRUMP = "jokers_trump"
    SIX_BID = "six_bid"
    SIX_COVER_TRUMP = "six_cover_trump"
    SIX_COVER_LEAD = "six_cover_lead"
    BLIND_QUESTION = "blind_question"
    BLIND_PASS = "blind_pass"
    BLIND_FOLLOW = "blind_follow"
    BLIND_DUCK = "blind_duck"


class When(StrEnum):
    """The moment a tour step waits for before it asks for its key."""

    BID_TURN = "bid_turn"
    """The player's turn to bid."""
    PLAY_TURN = "play_turn"
    """The player's turn to play a card."""
    TRICK_WAITS = "trick_waits"
    """A finished trick waits to be gathered."""


@dataclass(frozen=True, slots=True)
class TourStep:
    """One key of the tour: ask for it, let the table answer, explain what was heard.

    Attributes:
        command: What the key must do; the key is looked up in the key map.
        context: The key-map context the command is bound in.
        when: The table's moment the step waits for.
        point: The words: the request and the explanation.
    """

    command: Command
    context: Context
    when: When
    point: Point


@dataclass(frozen=True, slots=True)
class Teach:
    """What the tutorial says at one of the player's decisions.

    Attributes:
        decision: Which of the player's decisions (0 is the bid, then one per
            trick in order); None to teach at the first free decision whose hint
            has one of ``reasons`` instead.
        point: The words before the decision and after it.
        strict: Whether only the scripted choice (for a ``reason`` point: the
            hint's) is right; a different one is explained and must be taken
            back. Not strict: any legal choice goes.
        reasons: With ``decision`` None: the hint's reasons that call for the
            point (it is made once), wherever the play has gone.
        once_contract_made: With ``decision`` None: made only once the
            player's side has taken the tricks it bid (its nil bidders apart),
            so that the words about a made contract are true on any path.
    """

    decision: int | None
    point: Point
    strict: bool = True
    reasons: frozenset[HintReason] = frozenset()
    once_contract_made: bool = False


def _seat_cards(text: str) -> tuple[tuple[int, Card], ...]:
    """``"1:7H 2:3H"`` as ``((1, 7H), (2, 3H))``."""
    out = []
    for token in text.split():
        seat, _, card = token.partition(":")
        out.append((int(seat), Card.parse(card)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Lesson:
    """A guided hand.

    Attributes:
        id: Stable name (progress is kept under it).
        rules: The rules the hand is played under (one hand, no target).
        dealer: The seat that deals (the seat after it bids and leads first).
        bids: Every seat's bid, by seat, in record form (``3``, ``"blind_nil"``);
            the player's is what the lesson expects.
        tricks: Every trick in playing order, as ``"seat:card"`` tokens.
        passes: The cards each seat passes to its partner after a blind nil, in
            passing order, as ``"seat:card"`` tokens; the deal is worked out
            from the script and these.
        teach: The points made at the player's decisions, by decision.
        free_from: The first decision played freely (no point, any legal card);
            None when every decision is taught.
    """

    id: str
    rules: Callable[[], Rules]
    dealer: int
    bids: tuple[int | str, ...]
    tricks: tuple[str, ...]
    passes: tuple[str, ...] = ()
    teach: tuple[Teach, ...] = field(default_factory=tuple)
    free_from: int | None = None

    @property
    def plays(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """Every trick as (seat, card) pairs in playing order."""
        return tuple(_seat_cards(t) for t in self.tricks)

    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The deal, worked out from the script: each seat's cards, sorted.

        A seat was dealt what it plays, less what its partner passed to it, plus
        what it passed.
        """
        n = self.rules().player_count
        held: list[set[Card]] = [set() for _ in range(n)]
        for trick in self.plays:
            for seat, card in trick:
                held[seat].add(card)
        for seat in range(n):
            given = self.passes_of(seat)
            if given:
                partner = (seat + n // 2) % n
                held[partner] -= set(given)
                held[seat] |= set(given)
        return tuple(tuple(sorted(h)) for h in held)

    def passes_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` passes, if any."""
        return tuple(
            c for tokens in self.passes for s, c in _seat_cards(tokens) if s == seat
        )

    def script_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` plays, in order."""
        return tuple(c for trick in self.plays for s, c in trick if s == seat)

    def bid_of(self, seat: int) -> Bid:
        """The scripted bid of ``seat``."""
        return Bid.from_record(self.bids[seat])

    def expected(self, decision: int) -> Bid | Card | tuple[Card, ...]:
        """The scripted choice of the player's ``decision``-th decision.

        Decision 0 is the bid; then the pass, if the player passes; then one
        card a trick.
        """
        if decision == 0:
            return self.bid_of(0)
        passed = self.passes_of(0)
        if passed and decision == 1:
            return passed
        return self.script_of(0)[decision - 1 - bool(passed)]

    def teach_at(self, decision: int) -> Teach | None:
        """The point made at ``decision``, if any."""
        return next((t for t in self.teach if t.decision == decision), None)

    def is_free(self, decision: int) -> bool:
        """Whether ``decision`` is played freely (only reason points are made)."""
        return self.free_from is not None and decision >= self.free_from

    @property
    def reason_points(self) -> tuple[Teach, ...]:
        """The points made when the hint gives their reason, in order."""
        return tuple(t for t in self.teach if t.decision is None)


def cards(text: str) -> tuple[Card, ...]:
    """Cards in record notation, for lesson data."""
    return parse_cards(text)
