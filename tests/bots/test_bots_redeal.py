"""Throwing in a deficient hand (seed 002, "Misdeal"), judged for the hand's size.

Seed 002: a player dealt one spade or none may ask for a redeal. QA, seed 2 at six
players: six throw-ins in a row before a card was played. With 8-card hands one
spade or none is common, and a fixed count of three tricks called nearly every such
hand weak.
"""

from __future__ import annotations

import random

import pytest

from audiospades.bots import make_level_bot
from audiospades.bots.heuristic import should_redeal
from audiospades.rules import (
    Game,
    Rules,
    SeatView,
    build_deck,
    parse_cards,
    seat_view,
    shuffled_deal,
)


def _thrown_in_share(rules: Rules, deals: int) -> float:
    """The share of random deals some level-3 seat throws in."""
    rng = random.Random(7)
    bot = make_level_bot(3, random.Random(1))
    thrown = 0
    for _ in range(deals):
        game = Game(rules)
        game.deal(shuffled_deal(rules, rng))
        views = (seat_view(game, s) for s in range(rules.player_count))
        thrown += any(v.can_request_redeal and bot.choose_redeal(v) for v in views)
    return thrown / deals


@pytest.mark.parametrize("partnerships", [False, True])
def test_six_players_throw_in_a_hand_only_now_and_then(partnerships: bool) -> None:
    """Before: 89 deals in 100 were thrown in at six players (a loop of redeals)."""
    rules = Rules.open_spades(players=6, partnerships=partnerships)
    assert _thrown_in_share(rules, 150) < 0.35


def _hand_view(rules: Rules, hand: str) -> SeatView:
    """Seat 0's view holding ``hand``, bidding first."""
    mine = list(parse_cards(hand))
    rest = [c for c in build_deck(rules) if c not in mine]
    random.Random(4).shuffle(rest)
    size = rules.hand_size
    n = rules.player_count
    game = Game(rules, first_dealer=n - 1)
    game.deal([mine] + [rest[i * size : (i + 1) * size] for i in range(n - 1)])
    return seat_view(game, 0)


def test_a_hand_is_thrown_in_when_weak_for_its_size() -> None:
    """Eight cards with an ace, a king-queen and a spade are above their share of
    8 / 6 tricks and kept (before: thrown in, counted against three tricks);
    middling cards with a spade at most, too high to nil and too low to take
    tricks, are thrown in at four players and at six."""
    six = Rules.open_spades(players=6, partnerships=True)
    fair = _hand_view(six, "AH KD QD 9D 8C 7C 6C 9S")
    assert fair.can_request_redeal
    assert not should_redeal(fair)
    for players, hand in (
        (4, "4C 5C 9C 10C JC QC 3D 4D 7D 9D JH QH 4S"),
        (6, "QH JH 10H 9H QD JD 10D 9C"),
    ):
        view = _hand_view(Rules.open_spades(players=players), hand)
        assert should_redeal(view), players
