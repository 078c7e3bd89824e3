"""The play rules as precomputed tables: one core for dealing, legal plays and tricks.

A set of cards can be an ``int`` with bit ``c`` set for each card ``c`` in it: a
:class:`~audiospades.rules.cards.Card` is an ``int`` (its sort index), so ``1 << card``
is its bit and a mask's bits run in sort order. Following suit, holding spades back
and a hand's size are then one ``&`` or one ``bit_count()``, with no loop over the
hand. The tables a rule set needs (:class:`PlayCore`) are built once per trump mode
and player count; the cards a rule asks for come both as a mask and as a frozenset
(:func:`preferred`), because testing one card's membership in a set costs CPython
less than shifting a mask.

Both the engine (:class:`~audiospades.rules.game.Game`) and the bots' look-ahead
(``audiospades/bots/sim.py``) decide legal plays and trick winners with these
functions, so there is one copy of those rules, and ``tests/rules/test_rules_core.py``
checks it card by card against the rules' plain statement.

>>> from audiospades.rules.cards import parse_cards
>>> from audiospades.rules.options import Rules
>>> core = play_core(Rules.pagat())
>>> hand = mask_of(parse_cards("AS 2H 5H KD"))
>>> cards_of(legal_mask(core, hand, Card.parse("9H"), False))
(Card.parse('2H'), Card.parse('5H'))
>>> cards_of(legal_mask(core, hand, None, True))
(Card.parse('KD'), Card.parse('2H'), Card.parse('5H'))
>>> trick_winner(core, [(0, Card.parse("9H")), (1, Card.parse("2S"))])
1
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from audiospades.rules.cards import BIG_JOKER, LITTLE_JOKER, STANDARD_DECK, Card, Suit

if TYPE_CHECKING:
    from audiospades.rules.deck import CardTable
    from audiospades.rules.options import Rules, TrumpMode

_MAX_CARD: Final = int(BIG_JOKER)
"""The highest card index: every mask fits below bit ``_MAX_CARD + 1``."""

_BY_INDEX: Final = {int(c): c for c in (*STANDARD_DECK, BIG_JOKER, LITTLE_JOKER)}
_CARD_AT: Final[tuple[Card | None, ...]] = tuple(
    _BY_INDEX.get(i) for i in range(_MAX_CARD + 1)
)
"""The card whose bit is ``i`` (None where no card has that index)."""


@dataclass(frozen=True, slots=True)
class PlayCore:
    """The tables for one trump mode and player count, indexed by card.

    Attributes:
        table: the rules' card table (deck, trumps, suits, powers by card).
        deck_mask: every card dealt.
        trump_mask: every trump (spades and any added trumps).
        plain_mask: every card dealt that is not a trump.
        follow: for each card index, the cards of the suit it counts as (the cards
            that follow it when it is led), as a mask and as a set; none for an
            index not in the deck.
        lead: the cards a leader is asked for, as a mask and as a set: unrestricted
            (``lead[False]``, every card) and restricted (``lead[True]``, the plain
            cards).
        power_when_led: for each card index led, every card index's power in that
            trick (-1: it cannot win it), so the winner is a plain maximum.
    """

    table: CardTable
    deck_mask: int
    trump_mask: int
    plain_mask: int
    follow: tuple[tuple[int, frozenset[Card]], ...]
    lead: tuple[tuple[int, frozenset[Card]], tuple[int, frozenset[Card]]]
    power_when_led: tuple[tuple[int, ...], ...]


def play_core(rules: Rules) -> PlayCore:
    """The cached :class:`PlayCore` for these rules."""
    return _play_core(rules.trump_mode, rules.player_count)


@lru_cache(maxsize=64)
def _play_core(mode: TrumpMode, player_count: int) -> PlayCore:
    # Imported here: the deck deals with this module's shuffle.
    from audiospades.rules.deck import _card_table

    table = _card_table(mode, player_count)
    suit_mask = {suit: 0 for suit in Suit}
    for card in table.deck:
        suit_mask[table.suit_of[card]] |= 1 << card
    suit_cards = {
        suit: (mask, frozenset(cards_of(mask))) for suit, mask in suit_mask.items()
    }
    follow = [(0, frozenset[Card]())] * (_MAX_CARD + 1)
    for card in table.deck:
        follow[card] = suit_cards[table.suit_of[card]]
    by_suit: dict[Suit, tuple[int, ...]] = {}
    for led, powers in table.power_when_led.items():
        row = [-1] * (_MAX_CARD + 1)
        for card, power in powers.items():
            row[card] = power
        by_suit[led] = tuple(row)
    no_trick = (-1,) * (_MAX_CARD + 1)
    power_when_led = tuple(
        by_suit[table.suit_of[card]] if card in table.deck_set else no_trick
        for card in (_CARD_AT[i] for i in range(_MAX_CARD + 1))
    )
    deck_mask = mask_of(table.deck)
    trump_mask = suit_mask[Suit.SPADES]
    plain_mask = deck_mask & ~trump_mask
    return PlayCore(
        table=table,
        deck_mask=deck_mask,
        trump_mask=trump_mask,
        plain_mask=plain_mask,
        follow=tuple(follow),
        lead=(
            (deck_mask, table.deck_set),
            (plain_mask, frozenset(cards_of(plain_mask))),
        ),
        power_when_led=power_when_led,
    )


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of some distinct cards.

    >>> bin(mask_of([Card.parse("2C"), Card.parse("4C")]))
    '0b10100'
    """
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in sort order (suit, then rank).

    >>> cards_of(mask_of([Card.parse("KD"), Card.parse("2C"), Card.parse("BJ")]))
    (Card.parse('2C'), Card.parse('KD'), Card.parse('BJ'))
    """
    # A card's index is 20 * suit + rank, so each suit is a block of 20 bits; the
    # cards of every block's pattern are kept once found (at most 2**13 a suit).
    b0, b1, b2, b3, b4 = _BLOCK_CARDS
    c0 = b0.get(mask & _BLOCK)
    c1 = b1.get(mask >> 20 & _BLOCK)
    c2 = b2.get(mask >> 40 & _BLOCK)
    c3 = b3.get(mask >> 60 & _BLOCK)
    c4 = b4.get(mask >> 80)
    if c0 is None or c1 is None or c2 is None or c3 is None or c4 is None:
        return _cards_of_new(mask)
    return c0 + c1 + c2 + c3 + c4


_BLOCK: Final = (1 << 20) - 1
_BLOCK_CARDS: Final[tuple[dict[int, tuple[Card, ...]], ...]] = tuple(
    {0: ()} for _ in range(5)
)


def _cards_of_new(mask: int) -> tuple[Card, ...]:
    """:func:`cards_of` the slow way, filling in the blocks' patterns."""
    if mask < 0 or mask >> (_MAX_CARD + 1):
        raise ValueError(f"not a mask of cards: {mask:#x}")
    found: list[Card] = []
    for block, known in enumerate(_BLOCK_CARDS):
        pattern = mask >> (20 * block) & _BLOCK
        cards = known.get(pattern)
        if cards is None:
            cards = known[pattern] = _cards_by_bits(pattern << (20 * block))
        found += cards
    return tuple(found)


def _cards_by_bits(mask: int) -> tuple[Card, ...]:
    cards: list[Card] = []
    while mask:
        low = mask & -mask
        card = _CARD_AT[low.bit_length() - 1]
        if card is None:
            raise ValueError(f"no card has index {low.bit_length() - 1}")
        cards.append(card)
        mask ^= low
    return tuple(cards)


def holds(mask: int, card: object) -> bool:
    """Whether ``card`` is a card whose bit is set in ``mask`` (False for non-cards).

    >>> holds(mask_of([Card.parse("AS")]), Card.parse("AS")), holds(1, "AS")
    (True, False)
    """
    return isinstance(card, Card) and bool(mask >> card & 1)


def is_lead_restricted(rules: Rules, trick_index: int, spades_broken: bool) -> bool:
    """Whether a leader must lead a plain card if it holds one.

    Seed 000, "The Play": no spade may be led until spades are broken (unless the
    rules drop that), and none on the first lead unless the rules allow it.
    """
    return (trick_index == 0 and not rules.spade_may_lead_first_trick) or (
        rules.spades_must_break and not spades_broken
    )


def preferred(
    core: PlayCore, led: Card | None, lead_restricted: bool
) -> tuple[int, frozenset[Card]]:
    """The cards the rules ask for first, as a mask and as a set (seed 000).

    Following, the suit led; on a restricted lead, the plain cards; otherwise any
    card. A hand holding none of them may play any of its cards ("The Play": follow
    suit if able; no spade led before spades are broken, unless nothing else).

    Args:
        core: the rules' tables.
        led: the card led to the current trick (None: the seat leads).
        lead_restricted: from :func:`is_lead_restricted`, for a lead.
    """
    if led is not None:
        return core.follow[led]
    return core.lead[lead_restricted]


def legal_mask(
    core: PlayCore, hand: int, led: Card | None, lead_restricted: bool
) -> int:
    """The mask of the cards of ``hand`` that may be played.

    The cards of :func:`preferred` it holds, or the whole hand if it holds none
    (arguments as there; ``hand`` is the seat's mask).
    """
    return (hand & preferred(core, led, lead_restricted)[0]) or hand


def legal_cards(
    core: PlayCore, hand: Iterable[Card], led: Card | None, lead_restricted: bool
) -> list[Card]:
    """:func:`legal_mask` for a hand held as a collection, in its iteration order.

    The bots' look-ahead holds hands as sets and its play depends on the order
    of the legal cards, so they come in the order the hand gives them.
    """
    if led is None and not lead_restricted:
        return list(hand)
    wanted = preferred(core, led, lead_restricted)[1]
    cards = [card for card in hand if card in wanted]
    return cards or list(hand)


def trick_winner(core: PlayCore, trick: Sequence[tuple[int, Card]]) -> int:
    """The seat that wins a complete trick (seed 000, "The Play").

    The highest trump wins, else the highest card of the suit led.
    """
    power = core.power_when_led[trick[0][1]]
    best_seat, best = -1, -1
    for seat, card in trick:
        value = power[card]
        if value > best:
            best_seat, best = seat, value
    return best_seat


def shuffled_hands(
    deck: Sequence[Card], player_count: int, rng: random.Random
) -> tuple[tuple[Card, ...], ...]:
    """Shuffle ``deck`` (in sort order) with ``rng`` and deal it out singly.

    Sorting by independent random keys is a uniform shuffle (ties among 53-bit
    floats are negligible, and kept in deck order by the stable sort) and several
    times faster than ``rng.shuffle``. It draws one ``rng.random()`` per card, in
    deck order, as the engine always has: the same seed deals the same hands.
    """
    random_ = rng.random
    keys = [random_() for _ in deck]
    order = sorted(range(len(deck)), key=keys.__getitem__)
    cards = [deck[i] for i in order]
    n = player_count
    # key=int: sorting exact ints is a fast path that Card, a subclass, misses.
    return tuple(tuple(sorted(cards[seat::n], key=int)) for seat in range(n))
