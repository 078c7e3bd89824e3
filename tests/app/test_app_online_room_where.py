"""The waiting room says at which table one waits, and under which rules.

QA: the room's title, spoken and drawn, was only "Waiting for the game.": Bob,
who joined Ann's private table by its code, heard its name once, on arriving,
never its rules, and could not ask again; the picture showed neither. Now the
title spoken on arriving carries the rules ("Waiting for the game: 4 players in
partnerships, 1 hand, custom rules."), the picture's title the table's name and
rules (and a private table's code), and F1 says that first, before the keys.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from online_helpers import connect, server_thread, type_keys, until

from audiospades.app.harness import Harness
from audiospades.app.lobby import WaitingRoomScreen
from audiospades.app.menus import HelpScreen
from audiospades.app.render import drawn_texts

RULES = "4 players in partnerships, 1 hand, custom rules"


def test_one_who_joined_by_a_code_hears_and_sees_where_they_wait(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob", draw=True)
        try:
            # Ann creates a private table; Bob joins it by its code.
            ann.press("return", "down", "down", "right", "down", "return")
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            code = ann.app.top.table.code  # type: ignore[attr-defined]
            assert code is not None
            spelled = " ".join(code)
            bob.press("down", "return", *type_keys(code.lower()), "return")
            bob.settle()
            bob.press("return")  # Sit at the first free seat
            until(lambda: isinstance(bob.app.top, WaitingRoomScreen), bob)
            assert bob.last == (
                f"Waiting for the game: {RULES}. You sit in seat 2 at Ann's table. "
                f"Private table: its code is {spelled}. The host starts the game. "
                "Seat 1, Ann, 1 of 6"
            )
            where = (
                f"Waiting for the game at Ann's table: {RULES}. "
                f"Private table: its code is {spelled}."
            )
            # (A room's keys wait for the server; nothing is to come here.)
            bob.patience_seconds = 0.3
            # The picture's title, whatever key came since.
            bob.press("down")
            bob.frame()
            drawn = " ".join(text for text, _rect in drawn_texts())
            assert drawn.startswith(where), drawn
            # F1: where, then the keys; Escape back to the room.
            bob.press("f1")
            assert isinstance(bob.app.top, HelpScreen)
            assert bob.last.startswith(f"{where} Keys. "), bob.last
            bob.press("escape")
            assert isinstance(bob.app.top, WaitingRoomScreen)
        finally:
            ann.close()
            bob.close()
