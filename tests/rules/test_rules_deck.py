"""The deck for each trump mode and player count, and the order of the trumps."""

from __future__ import annotations

import dataclasses
import random

import pytest

from audiospades.rules import (
    Card,
    Game,
    Rank,
    Rules,
    Suit,
    TrumpMode,
    build_deck,
    parse_cards,
    shuffled_deal,
    trump_order,
)
from audiospades.rules.cards import STANDARD_DECK
from audiospades.rules.deck import card_table, is_deficient

SPADES_DOWN = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"


def mode_rules(mode: TrumpMode, players: int = 4) -> Rules:
    return dataclasses.replace(Rules.pagat(players=players), trump_mode=mode)


def test_standard_pack_ranks_ace_high() -> None:
    """Seed 000 "Rank of Cards": "A standard pack of 52 cards is used. The cards, in
    each suit, rank from highest to lowest: A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2"."""
    assert len(STANDARD_DECK) == 52 == len(set(STANDARD_DECK))
    assert build_deck(Rules.pagat()) == STANDARD_DECK
    assert [r.letter for r in sorted(Rank, reverse=True) if r <= Rank.ACE] == list(
        "AKQJT98765432"
    )


@pytest.mark.parametrize(
    ("mode", "removed", "added", "top"),
    [
        # "Normal: ... Only the Spades are trumps, with Ace high."
        (TrumpMode.NORMAL, "", "", "AS"),
        # "New York City: ... the Jokers are added (The 2C and 2H are removed from
        # the deck). Red/Large Joker is top trump, followed by Black/Small Joker, 2D,
        # 2S, and then the rest of the Spades with Ace high."
        (TrumpMode.NEW_YORK_CITY, "2C 2H", "BJ LJ", "BJ LJ 2D 2S AS"),
        # "Barmore: ... the same as New York City above, but 2D is not a trump."
        (TrumpMode.BARMORE, "2C 2H", "BJ LJ", "BJ LJ 2S AS"),
        # "Deuces: ... The top trump is 2S, followed by 2D, 2C, 2H and then the rest
        # of the Spades with Ace high."
        (TrumpMode.DEUCES, "", "", "2S 2D 2C 2H AS"),
        # "Jokers: ... the Jokers the top trumps (Red/Large Joker highest), followed
        # by the Spades with Ace high. 2H and 2C are removed from the deck."
        (TrumpMode.JOKERS, "2C 2H", "BJ LJ", "BJ LJ AS"),
    ],
)
def test_trump_mode_deck_and_order(
    mode: TrumpMode, removed: str, added: str, top: str
) -> None:
    """Seed 001 "Trumps": which cards leave, which come in, and the trump order; the
    deck stays at 52 cards for 4 players."""
    rules = mode_rules(mode)
    deck = build_deck(rules)
    assert len(deck) == len(set(deck)) == 52
    assert set(STANDARD_DECK) - set(deck) == set(parse_cards(removed))
    assert set(deck) - set(STANDARD_DECK) == set(parse_cards(added))
    order = trump_order(rules)
    head = parse_cards(top)
    assert order[: len(head)] == head
    plain = list(order[len(head) - 1 :])
    assert plain == [c for c in parse_cards(SPADES_DOWN + " 2S") if c in plain]
    expected_count = 13 + len(head) - 1 - (1 if "2S" in top else 0)
    assert len(order) == expected_count
    assert len(set(order)) == len(order)


@pytest.mark.parametrize("mode", list(TrumpMode))
def test_added_trumps_count_as_spades(mode: TrumpMode) -> None:
    """Seed 001: "The added trumps are always considered Spades for the sake of
    following suit, leading, and other rules"."""
    table = card_table(mode_rules(mode))
    for card in trump_order(mode_rules(mode)):
        assert table.suit_of[card] is Suit.SPADES
    for card in table.deck:
        if card not in trump_order(mode_rules(mode)):
            assert table.suit_of[card] is card.suit is not Suit.SPADES


def test_barmore_2d_is_an_ordinary_diamond() -> None:
    """Seed 001 "Barmore": "2D is not a trump"."""
    rules = mode_rules(TrumpMode.BARMORE)
    assert Card.parse("2D") in build_deck(rules)
    assert Card.parse("2D") not in trump_order(rules)
    assert card_table(rules).suit_of[Card.parse("2D")] is Suit.DIAMONDS


@pytest.mark.parametrize(
    ("players", "size", "each", "removed"),
    [
        (3, 51, 17, "2C"),
        (4, 52, 13, ""),
        (5, 50, 10, "2C 2D"),
        (6, 48, 8, "2C 2D 2H 2S"),
    ],
)
def test_other_player_counts_remove_twos(
    players: int, size: int, each: int, removed: str
) -> None:
    """Seed 004 "Dealing and bidding": "With 3 players, one of the 2s is removed so
    that everyone gets 17 cards (51 cards in total); with 5 players two 2s are
    removed (10 cards each, for a total of 50), and with 6 players all the 2s are
    removed (8 cards each for a total of 48)"."""
    rules = Rules.pagat(players=players)
    deck = build_deck(rules)
    assert len(deck) == size
    assert set(STANDARD_DECK) - set(deck) == set(parse_cards(removed))
    hands = shuffled_deal(rules, random.Random(players))
    assert [len(h) for h in hands] == [each] * players
    assert sorted(c for h in hands for c in h) == sorted(deck)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("mode", list(TrumpMode))
def test_every_mode_divides_evenly_and_keeps_its_top_trumps(
    mode: TrumpMode, players: int
) -> None:
    """Seed 004's removals meet seed 001's trump modes: the deck still divides evenly,
    and no top trump of the mode is the card taken out."""
    rules = mode_rules(mode, players)
    deck = build_deck(rules)
    assert len(deck) == rules.hand_size * players
    order = trump_order(rules)
    assert set(order) <= set(deck)
    four = trump_order(mode_rules(mode))
    tops = four[: four.index(Card.parse("AS"))]
    assert set(tops) <= set(deck)
    assert order[: len(tops)] == tops


def test_shuffled_deal_is_fixed_by_the_seed() -> None:
    """STYLE.md rule 8: "Chance is explicit: the engine takes an injected Random"."""
    rules = Rules.pagat()
    assert shuffled_deal(rules, random.Random(7)) == shuffled_deal(
        rules, random.Random(7)
    )
    assert shuffled_deal(rules, random.Random(7)) != shuffled_deal(
        rules, random.Random(8)
    )


def test_deficient_hand_has_one_spade_or_none() -> None:
    """Seed 002 "Misdeal": "If dealt one or no spades, a deficient hand"."""
    rules = Rules.pagat()
    assert is_deficient(parse_cards("AS 2H 3H"), rules)
    assert is_deficient(parse_cards("2H 3H"), rules)
    assert not is_deficient(parse_cards("AS KS 2H"), rules)
    jokers = mode_rules(TrumpMode.JOKERS)
    assert not is_deficient(parse_cards("BJ AS 3H"), jokers)


@pytest.mark.parametrize("mode", list(TrumpMode))
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_hand_is_sorted_by_the_suit_each_card_counts_as_then_power(
    mode: TrumpMode, players: int
) -> None:
    rules = Rules.from_dict(
        {"preset": "pagat", "trump_mode": mode.value, "player_count": players}
    )
    table = card_table(rules)
    suits = list(Suit)
    for seed in range(20):
        game = Game(rules, first_dealer=0)
        game.deal(shuffled_deal(rules, random.Random(seed)))
        for seat in range(players):
            keys = [
                (suits.index(table.suit_of[c]), table.power[c]) for c in game.hand(seat)
            ]
            assert keys == sorted(keys), (mode, game.hand(seat))


def test_under_deuces_the_added_trumps_sit_above_the_spades() -> None:
    rules = Rules.from_dict({"preset": "pagat", "trump_mode": "deuces"})
    mine = parse_cards("2S 2D 2C 2H AS 3S KD 5D 9H 4C 5C 6C 7C")
    rest = [c for c in build_deck(rules) if c not in mine]
    game = Game(rules, first_dealer=0)
    game.deal([tuple(mine), *(tuple(rest[i::3]) for i in range(3))])
    assert " ".join(str(c) for c in game.hand(0)) == (
        "4C 5C 6C 7C 5D KD 9H 3S AS 2H 2C 2D 2S"
    )
