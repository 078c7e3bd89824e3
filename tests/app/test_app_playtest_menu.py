"""Play-test: the main menu reaches every screen; a new table says who sits where."""

from __future__ import annotations

from collections.abc import Callable

from audiospades.app.harness import Harness
from audiospades.storage import Settings


def test_main_menu_opens_players_and_finished_games(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    h.press("p")
    assert h.last == "Players, 3 of 12"
    mark = h.mark()
    h.press("return")
    assert h.said_since(mark)[0].startswith("Player selection.")
    h.press("escape")
    assert h.last == "Players, 3 of 12"
    h.press("r", "r")
    assert h.last == "Review finished games, 7 of 12"
    h.press("return")
    assert h.last.startswith("Finished games, newest first.")
    h.press("escape")
    assert h.last == "Review finished games, 7 of 12"


def test_new_game_names_the_partner_and_the_playing_order(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    h.press("return")
    names = h.table.session.names
    assert (
        f"New game with {names[1]}, {names[2]} and {names[3]}, in playing order. "
        f"{names[2]} is your partner."
    ) in h.transcript


def test_new_game_of_three_says_each_plays_for_themselves(
    make_harness: Callable[..., Harness],
) -> None:
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    rules["player_count"] = 3
    h = make_harness(settings=Settings(language="en", pace="fast", last_rules=rules))
    h.press("return")
    names = h.table.session.names
    assert (
        f"New game with {names[1]} and {names[2]}, in playing order; "
        "each plays for themselves."
    ) in h.transcript


def test_six_players_name_the_partner_across_the_table(
    make_harness: Callable[..., Harness],
) -> None:
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    rules["player_count"] = 6
    h = make_harness(settings=Settings(language="en", pace="fast", last_rules=rules))
    h.press("return")
    names = h.table.session.names
    line = next(s for s in h.transcript if s.startswith("New game with"))
    assert line.endswith(
        f"in playing order. {names[3]} is your partner. {names[1]} and {names[4]} "
        f"play together, and so do {names[2]} and {names[5]}."
    )
