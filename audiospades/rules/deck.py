"""The deck for a set of rules, the order of the trumps, and shuffled deals.

Trump modes follow seed 001 ("Trumps"): the added trumps "are always considered Spades
for the sake of following suit, leading, and other rules". With 3, 5 or 6 players the
lowest cards leave the deck so that it divides evenly (seed 004: "With 3 players, one of
the 2s is removed ... with 5 players two 2s ... with 6 players all the 2s"); a card that
is a top trump in the chosen mode is never the one removed.

>>> from audiospades.rules.options import Rules, TrumpMode
>>> [str(c) for c in trump_order(Rules(trump_mode=TrumpMode.NEW_YORK_CITY))[:5]]
['BJ', 'LJ', '2D', '2S', 'AS']
>>> len(build_deck(Rules.pagat(players=3))), len(build_deck(Rules.pagat(players=6)))
(51, 48)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from audiospades.rules.cards import (
    BIG_JOKER,
    LITTLE_JOKER,
    PLAIN_SUITS,
    STANDARD_DECK,
    Card,
    Rank,
    Suit,
)
from audiospades.rules.core import shuffled_hands
from audiospades.rules.options import Rules, TrumpMode

#: Sort cards by suit (clubs, diamonds, hearts, spades, jokers), then rank, fast.
card_sort_key: Final = int


def _c(text: str) -> Card:
    return Card.parse(text)


#: Cards above the ace of spades, highest first, for each trump mode (seed 001).
_TOP_TRUMPS: Final[dict[TrumpMode, tuple[Card, ...]]] = {
    TrumpMode.NORMAL: (),
    TrumpMode.JOKERS: (BIG_JOKER, LITTLE_JOKER),
    TrumpMode.DEUCES: (_c("2S"), _c("2D"), _c("2C"), _c("2H")),
    TrumpMode.NEW_YORK_CITY: (BIG_JOKER, LITTLE_JOKER, _c("2D"), _c("2S")),
    TrumpMode.BARMORE: (BIG_JOKER, LITTLE_JOKER, _c("2S")),
}
#: Cards each trump mode takes out of the 52 before the jokers go in (seed 001).
_MODE_REMOVES: Final[dict[TrumpMode, tuple[Card, ...]]] = {
    TrumpMode.NORMAL: (),
    TrumpMode.JOKERS: (_c("2H"), _c("2C")),
    TrumpMode.DEUCES: (),
    TrumpMode.NEW_YORK_CITY: (_c("2C"), _c("2H")),
    TrumpMode.BARMORE: (_c("2C"), _c("2H")),
}


@dataclass(frozen=True, slots=True)
class CardTable:
    """Precomputed facts about every card under one trump mode and player count."""

    deck: tuple[Card, ...]
    """The cards dealt, in a fixed order."""
    trumps: tuple[Card, ...]
    """Every trump, highest first."""
    suit_of: dict[Card, Suit]
    """The suit a card counts as for following and leading (added trumps: spades)."""
    power: dict[Card, int]
    """Trick-taking power: trumps above 100 by their order, other cards by rank."""
    deck_set: frozenset[Card]
    """The deck as a set, for checking deals."""
    power_when_led: dict[Suit, dict[Card, int]]
    """For each suit led, every card's power in that trick: its ``power`` if it is a
    trump or of the suit led, else -1 (it cannot win)."""
    hand_order: dict[Card, int] | None = None
    """Where each card goes in a sorted hand when it is not its printed place: by
    the suit it counts as, then by power, so added trumps (the 2 of diamonds under
    deuces) sit with the spades, above them. None when the printed order is that
    order already (plain spades, jokers)."""


def trump_order(rules: Rules) -> tuple[Card, ...]:
    """All trumps in the deck for these rules, highest first."""
    return card_table(rules).trumps


def build_deck(rules: Rules) -> tuple[Card, ...]:
    """The cards dealt for these rules (52 less removals, plus any jokers)."""
    return card_table(rules).deck


def card_table(rules: Rules) -> CardTable:
    """The cached :class:`CardTable` for these rules."""
    return _card_table(rules.trump_mode, rules.player_count)


@lru_cache(maxsize=64)
def _card_table(mode: TrumpMode, player_count: int) -> CardTable:
    top = _TOP_TRUMPS[mode]
    removed = set(_MODE_REMOVES[mode])
    cards = [c for c in STANDARD_DECK if c not in removed]
    if mode in (TrumpMode.JOKERS, TrumpMode.NEW_YORK_CITY, TrumpMode.BARMORE):
        cards += [BIG_JOKER, LITTLE_JOKER]
    # Remove the lowest cards, 2s first, clubs first, sparing the top trumps, until
    # the deck divides evenly among the players (seed 004).
    candidates = [
        Card(rank, suit)
        for rank in Rank
        if rank <= Rank.ACE
        for suit in PLAIN_SUITS
        if Card(rank, suit) in cards and Card(rank, suit) not in top
    ]
    while len(cards) % player_count:
        cards.remove(candidates.pop(0))
    plain_spades = sorted(
        (c for c in cards if c.suit is Suit.SPADES and c not in top),
        key=lambda c: c.rank,
        reverse=True,
    )
    trumps = (*top, *plain_spades)
    suit_of = {c: (Suit.SPADES if c in trumps else c.suit) for c in cards}
    power = {c: int(c.rank) for c in cards}
    for position, card in enumerate(reversed(trumps)):
        power[card] = 100 + position
    power_when_led = {
        led: {
            c: (power[c] if suit_of[c] is Suit.SPADES or suit_of[c] is led else -1)
            for c in cards
        }
        for led in (*PLAIN_SUITS,)
    }
    suit_place = {suit: place for place, suit in enumerate(Suit)}
    by_play = sorted(cards, key=lambda c: (suit_place[suit_of[c]], power[c]))
    hand_order = (
        None
        if by_play == sorted(cards, key=card_sort_key)
        else {card: place for place, card in enumerate(by_play)}
    )
    return CardTable(
        tuple(cards),
        trumps,
        suit_of,
        power,
        frozenset(cards),
        power_when_led,
        hand_order,
    )


def shuffled_deal(rules: Rules, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    """Shuffle the deck with ``rng`` and deal it out singly, one hand per seat.

    Seat 0's hand is the first dealt here; the engine does not care who receives the
    first card, only that every hand has the right size.
    """
    return shuffled_hands(card_table(rules).deck, rules.player_count, rng)


def is_deficient(hand: tuple[Card, ...] | frozenset[Card], rules: Rules) -> bool:
    """Seed 002 "Misdeal": one spade or none (added trumps count as spades)."""
    suit_of = card_table(rules).suit_of
    return sum(1 for c in hand if suit_of[c] is Suit.SPADES) <= 1
