"""When the game ends and who wins: target, both sides over, hand limit, mercy,
ties, the moon. Every hand here is played out on a stacked deck in which one seat
holds all thirteen spades and so takes every trick.

North 0, East 1, South 2, West 3; side 0 is North-South, side 1 East-West.
"""

from __future__ import annotations

import dataclasses

import pytest
from rules_testkit import (
    EAST,
    NORTH,
    SOUTH,
    WEST,
    all_spades,
    play_hand,
    reason_for,
)

from audiospades.rules import (
    Bid,
    Game,
    GameOver,
    MoonRule,
    Phase,
    Reason,
    Rules,
    TieRule,
)

NIL = Bid.nil()
#: North-South bid 12 + 1 and North takes all 13: 130. East-West 1 + 1, set: -20.
NS_130 = {NORTH: 12, EAST: 1, SOUTH: 1, WEST: 1}


def game_over(game: Game) -> GameOver | None:
    over = [e for e in game.events if isinstance(e, GameOver)]
    assert len(over) <= 1
    return over[0] if over else None


def play_hands(
    game: Game, count: int, bids: dict[int, int | Bid], holder: int = NORTH
) -> None:
    for _ in range(count):
        assert game.phase is Phase.DEALING
        play_hand(game, bids, all_spades(holder))


@pytest.mark.parametrize(("target", "hands"), [(500, 4), (300, 3), (1000, 8)])
def test_first_side_to_reach_the_target_wins(target: int, hands: int) -> None:
    """Seed 000: "The side which reaches 500 points first wins the game"; seed 001
    offers 300, seed 004 "sometimes 1000, 1500 or 2000"."""
    rules = dataclasses.replace(Rules.pagat(), target_score=target)
    game = Game(rules, first_dealer=WEST)
    play_hands(game, hands - 1, NS_130)
    assert game_over(game) is None
    assert game.totals[0] == 130 * (hands - 1) < target
    play_hands(game, 1, NS_130)
    assert game_over(game) == GameOver(0, (130 * hands, -20 * hands))
    assert game.winner == 0 and game.is_over and game.to_act is None
    assert reason_for(lambda: game.deal(())) is Reason.GAME_OVER


def test_both_sides_over_the_target_in_one_deal_higher_wins() -> None:
    """Seed 000: "If both sides reach 500 points in a single deal, the side with the
    higher score wins"; seed 001: "If both teams do this at the same time, the
    partnership with the most points wins"."""
    rules = dataclasses.replace(Rules.pagat(), target_score=250)
    game = Game(rules, first_dealer=WEST)
    # North-South 12 + 1 (130); East-West double nil (+200), twice.
    bids: dict[int, int | Bid] = {NORTH: 12, EAST: NIL, SOUTH: 1, WEST: NIL}
    play_hands(game, 1, bids)
    assert game.totals == [130, 200] and game_over(game) is None
    play_hands(game, 1, bids)
    assert game.totals == [260, 400]
    assert game_over(game) == GameOver(1, (260, 400))


@pytest.mark.parametrize("limit", [8, 16])
def test_hand_limit(limit: int) -> None:
    """Seed 001 "Play To": "to a limit of 8 or 16 hands"; the higher score wins."""
    rules = dataclasses.replace(Rules.seed_001(), target_score=None, hand_limit=limit)
    game = Game(rules, first_dealer=WEST)
    play_hands(game, limit - 1, NS_130)
    assert game_over(game) is None
    play_hands(game, 1, NS_130)
    assert game.hands_played == limit
    over = game_over(game)
    assert over is not None and over.winner == 0


def test_hand_limit_with_a_target_ends_at_whichever_comes_first() -> None:
    """Seed 001: "play to 300 or 500 points or to a limit of 8 or 16 hands"."""
    rules = dataclasses.replace(Rules.pagat(), target_score=300, hand_limit=8)
    game = Game(rules, first_dealer=WEST)
    play_hands(game, 3, NS_130)
    assert game.hands_played == 3 and game.winner == 0


def test_mercy_at_minus_200() -> None:
    """Seed 002: "The game is won when a team reaches 500 points or pushes the
    opposing team to a score of -200 or lower"."""
    game = Game(Rules.open_spades(), first_dealer=WEST)
    # East-West bid 10 + 9 and take nothing: -190, not yet out.
    play_hands(game, 1, {NORTH: 1, EAST: 10, SOUTH: 1, WEST: 9})
    assert game.totals[1] == -190 and game_over(game) is None
    play_hands(game, 1, {NORTH: 1, EAST: 1, SOUTH: 1, WEST: 1})
    over = game_over(game)
    assert over is not None and over.winner == 0
    assert game.totals[1] == -210


def test_pagat_has_no_mercy_rule() -> None:
    """Seed 000 ends the game only at the target."""
    game = Game(Rules.pagat(), first_dealer=WEST)
    play_hands(game, 1, {NORTH: 1, EAST: 13, SOUTH: 1, WEST: 13})
    assert game.totals[1] == -260 and game_over(game) is None


def tied_at_200(rule: TieRule) -> Game:
    """North-South: North bids 10 and South nil (100 + 100, no overtrick credit);
    East-West double nil (200). Both reach the target of 200 level."""
    rules = dataclasses.replace(
        Rules.pagat(), target_score=200, tie_rule=rule, overtrick_points=0
    )
    game = Game(rules, first_dealer=WEST)
    play_hands(game, 1, {NORTH: 10, EAST: NIL, SOUTH: NIL, WEST: NIL})
    assert game.totals == [200, 200]
    return game


def test_tie_at_the_target_plays_on() -> None:
    """Seed 000: the higher score wins, so a tie is no win: play another hand."""
    game = tied_at_200(TieRule.PLAY_ON)
    assert game_over(game) is None
    assert game.phase is Phase.DEALING
    play_hands(game, 1, NS_130)
    assert game.winner == 0


def test_tie_at_the_target_is_a_draw() -> None:
    """Seed 001 "Statistics": "Win percentage counts 1 point for win and 0.5 points for
    draw": a tie may end the game drawn."""
    game = tied_at_200(TieRule.DRAW)
    assert game_over(game) == GameOver(None, (200, 200))
    assert game.is_draw and game.winner is None


def test_tie_at_the_hand_limit_plays_on() -> None:
    """A hand limit reached level under the play-on rule needs one more hand."""
    rules = dataclasses.replace(
        Rules.pagat(), target_score=None, hand_limit=1, overtrick_points=0
    )
    game = Game(rules, first_dealer=WEST)
    play_hands(game, 1, {NORTH: 10, EAST: NIL, SOUTH: NIL, WEST: NIL})
    assert game_over(game) is None
    play_hands(game, 1, NS_130)
    assert game.winner == 0 and game.hands_played == 2


def test_moon_wins_the_game() -> None:
    """House rule: the side that bids all thirteen tricks and takes them wins."""
    rules = dataclasses.replace(Rules.pagat(), moon=MoonRule.WINS_GAME)
    game = Game(rules, first_dealer=WEST)
    play_hands(game, 1, {NORTH: 13, EAST: 1, SOUTH: NIL, WEST: 1})
    assert game.history[0].sides[0].shot_moon
    assert game_over(game) == GameOver(0, (230, -20))


def test_moon_scores_500_and_so_reaches_the_target() -> None:
    """House rule: the moon scores 500 (here with South's nil, 600)."""
    rules = dataclasses.replace(Rules.pagat(), moon=MoonRule.SCORES_500)
    game = Game(rules, first_dealer=WEST)
    play_hands(game, 1, {NORTH: 13, EAST: 1, SOUTH: NIL, WEST: 1})
    assert game_over(game) == GameOver(0, (600, -20))


def test_individual_play_winner_is_a_seat() -> None:
    """Seed 004: "3, 5 or 6 players individually": each seat is its own side."""
    rules = dataclasses.replace(Rules.pagat(players=3), target_score=100)
    game = Game(rules, first_dealer=2)
    holder = {0: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH"}
    play_hand(game, {0: 17, 1: 1, 2: 1}, holder)
    assert game.totals == [170, -10, -10]
    assert game.winner == 0
