"""The play core (rules/core.py) against the play rules stated plainly, card by card.

The engine and the bots' look-ahead both decide legal plays and trick winners with
the core, so these tests hold it to seed 000 "The Play" in every trump mode and table
size: follow the suit led if you can; lead no spade (or added trump) before spades
are broken, nor on the first lead, unless you hold nothing else; the highest trump
wins the trick, else the highest card of the suit led.
"""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from audiospades.rules import Card, Rules, Suit, TrumpMode, shuffled_deal
from audiospades.rules.cards import BIG_JOKER, LITTLE_JOKER, STANDARD_DECK
from audiospades.rules.core import (
    cards_of,
    holds,
    is_lead_restricted,
    legal_cards,
    legal_mask,
    mask_of,
    play_core,
    shuffled_hands,
    trick_winner,
)
from audiospades.rules.deck import build_deck, card_table

SHAPES = list(itertools.product(TrumpMode, (3, 4, 5, 6)))


def shape_rules(mode: TrumpMode, players: int) -> Rules:
    return dataclasses.replace(Rules.pagat(players=players), trump_mode=mode)


def plain_legal(
    rules: Rules, hand: list[Card], led: Card | None, restricted: bool
) -> set[Card]:
    """Seed 000 "The Play", as written, with the suits cards count as."""
    suit_of = card_table(rules).suit_of
    if led is not None:
        follow = {c for c in hand if suit_of[c] is suit_of[led]}
        return follow or set(hand)
    if restricted:
        plain = {c for c in hand if suit_of[c] is not Suit.SPADES}
        return plain or set(hand)
    return set(hand)


def plain_winner(rules: Rules, trick: list[tuple[int, Card]]) -> int:
    """The highest trump, else the highest card of the suit led (by trump order)."""
    table = card_table(rules)
    trumps = [(seat, c) for seat, c in trick if table.suit_of[c] is Suit.SPADES]
    if trumps:
        return min(trumps, key=lambda sc: table.trumps.index(sc[1]))[0]
    led = table.suit_of[trick[0][1]]
    followers = [(seat, c) for seat, c in trick if table.suit_of[c] is led]
    return max(followers, key=lambda sc: sc[1].rank)[0]


@pytest.mark.parametrize(("mode", "players"), SHAPES)
def test_legal_plays_follow_suit_and_hold_spades_back(
    mode: TrumpMode, players: int
) -> None:
    """Seed 000 "The Play": each player must follow suit if able; spades may not be
    led until broken (added trumps count as spades, seed 001 "Trumps")."""
    rules = shape_rules(mode, players)
    core = play_core(rules)
    deck = build_deck(rules)
    rng = random.Random(f"{mode}{players}")
    for _ in range(300):
        hand = rng.sample(deck, rng.randint(1, rules.hand_size))
        led = rng.choice([None, *deck])
        restricted = rng.random() < 0.5
        expected = plain_legal(rules, hand, led, restricted)
        mask = legal_mask(core, mask_of(hand), led, restricted)
        assert set(cards_of(mask)) == expected
        as_set = set(hand)
        listed = legal_cards(core, as_set, led, restricted)
        assert set(listed) == expected
        # The look-ahead's choices depend on the order: the hand set's own.
        assert listed == [c for c in as_set if c in expected]


@pytest.mark.parametrize(("mode", "players"), SHAPES)
def test_highest_trump_else_highest_of_suit_led_wins(
    mode: TrumpMode, players: int
) -> None:
    """Seed 000 "The Play": a trick containing a spade is won by the highest spade;
    if no spades are played, the trick is won by the highest card of the suit led."""
    rules = shape_rules(mode, players)
    core = play_core(rules)
    deck = build_deck(rules)
    rng = random.Random(f"winner{mode}{players}")
    for _ in range(300):
        cards = rng.sample(deck, players)
        first = rng.randrange(players)
        trick = [((first + i) % players, c) for i, c in enumerate(cards)]
        assert trick_winner(core, trick) == plain_winner(rules, trick)


@pytest.mark.parametrize(
    ("trick_index", "broken", "first_lead_ok", "must_break", "restricted"),
    [
        (0, False, False, True, True),
        (0, False, True, True, True),
        (0, False, True, False, False),
        (0, False, False, False, True),
        (3, False, False, True, True),
        (3, True, False, True, False),
        (3, False, False, False, False),
    ],
)
def test_lead_restricted_before_spades_break_and_on_the_first_lead(
    trick_index: int,
    broken: bool,
    first_lead_ok: bool,
    must_break: bool,
    restricted: bool,
) -> None:
    """Seed 000 "The Play": spades may not be led until broken; seed 001 adds the
    option that a spade may (or may not) open the first trick."""
    rules = dataclasses.replace(
        Rules.pagat(),
        spade_may_lead_first_trick=first_lead_ok,
        spades_must_break=must_break,
    )
    assert is_lead_restricted(rules, trick_index, broken) is restricted


def test_masks_and_cards_round_trip_in_sort_order() -> None:
    every = (*STANDARD_DECK, BIG_JOKER, LITTLE_JOKER)
    assert cards_of(mask_of(every)) == tuple(sorted(every, key=int))
    rng = random.Random(5)
    for _ in range(200):
        cards = rng.sample(every, rng.randint(0, 20))
        assert cards_of(mask_of(cards)) == tuple(sorted(cards, key=int))
    assert cards_of(0) == ()
    with pytest.raises(ValueError, match="not a mask"):
        cards_of(-1)
    with pytest.raises(ValueError, match="no card"):
        cards_of(1 << 1)  # no card has index 1


def test_holds_only_cards_in_the_mask() -> None:
    mask = mask_of([Card.parse("AS"), Card.parse("2C")])
    assert holds(mask, Card.parse("AS"))
    assert not holds(mask, Card.parse("KS"))
    assert not holds(mask, "AS")
    assert not holds(mask, None)


@pytest.mark.parametrize(("mode", "players"), SHAPES)
def test_a_seed_deals_the_hands_it_always_dealt(mode: TrumpMode, players: int) -> None:
    """Saves, records and golden games replay from seeds: the shuffle must draw the
    same numbers and deal the same hands as the engine always has (sorting the deck
    by one ``rng.random()`` a card, in deck order, then dealing singly)."""
    rules = shape_rules(mode, players)
    deck = build_deck(rules)
    before, after = random.Random(players), random.Random(players)
    for _ in range(50):
        keyed = sorted(deck, key=lambda _: before.random())
        expected = tuple(
            tuple(sorted(keyed[seat::players], key=int)) for seat in range(players)
        )
        assert shuffled_hands(deck, players, after) == expected
    assert before.random() == after.random()
    assert shuffled_deal(rules, random.Random(9)) == shuffled_hands(
        deck, players, random.Random(9)
    )
