"""Play-test: a digit or letter that does nothing at the table gets an answer."""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import my_play_turn, play_until

from audiospades.app.harness import Harness


def test_a_digit_while_playing_says_bidding_is_over(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=5)
    h.press("return")
    play_until(h, my_play_turn)
    actions = len(h.table.session.game.actions)
    h.press("3")
    assert h.last == "Bidding is over: you bid 3."
    assert len(h.table.session.game.actions) == actions


def test_an_unbound_letter_at_the_table_points_to_f1(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=5)
    h.press("return")
    play_until(h, my_play_turn)
    h.press("x")
    assert h.last == "X does nothing here. F1 lists the keys."
