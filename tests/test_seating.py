"""Seating: each opponent's head-to-head result in a finished game."""

from __future__ import annotations

from audiospades.rules import Game, Phase, Rules
from audiospades.seating import Seating, head_to_head
from audiospades.storage import Outcome

W, L, D = Outcome.WIN, Outcome.LOSS, Outcome.DRAW


def _over(
    rules: Rules, totals: list[int], winner: int | None, *, is_draw: bool = False
) -> Game:
    """A game of `rules` as it stands at its end (scores set, not played)."""
    game = Game(rules)
    game.totals = totals
    game.winner = winner
    game.is_draw = is_draw
    game.phase = Phase.GAME_OVER
    return game


def test_individual_play_ranks_by_points() -> None:
    game = _over(
        Rules.pagat(players=6, partnerships=False), [10, 50, -99, 10, 30, 5], 1
    )
    assert [head_to_head(game, 0, s) for s in range(1, 6)] == [L, W, D, L, W]


def test_the_winner_is_above_everyone_even_on_fewer_points() -> None:
    """Where shooting the moon wins the game, the winner may have fewer points."""
    game = _over(Rules.pagat(players=5, partnerships=False), [80, 20, 90, 0, 0], 1)
    assert head_to_head(game, 0, 1) is L
    assert head_to_head(game, 0, 2) is L
    assert head_to_head(game, 1, 2) is W
    game = _over(Rules.pagat(players=5, partnerships=False), [20, 80, 90, 0, 0], 0)
    assert [head_to_head(game, 0, s) for s in range(1, 5)] == [W, W, W, W]


def test_level_leaders_of_a_drawn_game_draw_and_are_above_the_rest() -> None:
    game = _over(
        Rules.pagat(players=4, partnerships=False),
        [500, 500, 100, 200],
        None,
        is_draw=True,
    )
    assert [head_to_head(game, 0, s) for s in range(1, 4)] == [D, W, W]
    assert head_to_head(game, 2, 3) is L


def test_partnerships_compare_sides_and_partners_are_level() -> None:
    four = _over(Rules.pagat(players=4, partnerships=True), [300, 520], 1)
    assert [head_to_head(four, 0, s) for s in range(1, 4)] == [L, D, L]
    # Three partnerships: losing the game to side 1, seat 0's side beat side 2.
    six = _over(Rules.pagat(players=6, partnerships=True), [200, 510, -40], 1)
    assert [head_to_head(six, 0, s) for s in range(1, 6)] == [L, W, D, L, W]


def test_the_games_result_names_each_opponent_with_their_head_to_head() -> None:
    rules = Rules.pagat(players=6, partnerships=True)
    game = _over(rules, [200, 510, -40], 1)
    names = ("hazel", "milly", "victor", "greta", "rex")
    seating = Seating((None, *names), ("South", *names))
    result = seating.game_result("g1", game, Outcome.LOSS, "2026-03-14T15:09:26Z")
    assert result.outcome is Outcome.LOSS
    assert result.partner == "victor"
    assert result.opponents == (("hazel", L), ("milly", W), ("greta", L), ("rex", W))
