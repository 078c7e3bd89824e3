"""A private table found by its code, its choices kept current while shown.

Before, the choices Bob heard when he typed the code stayed as they were: a
seat Ann then gave to a computer player was still offered (and refused when
chosen), and a table that closed was still there to join. The server now sends
the table again as it changes (protocol 8), and the choices follow it in place.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from online_helpers import (
    HeldFrames,
    bob_at_the_code_of_anns_table,
    connect,
    heard,
    server_thread,
    type_keys,
    until,
)

from audiospades.app.harness import Harness
from audiospades.app.lobby import (
    LobbyScreen,
    TableChoiceScreen,
    WaitingRoomScreen,
    WatchChoiceScreen,
)
from audiospades.net import protocol as p
from audiospades.net.client import Incoming


def test_a_seat_taken_while_the_choices_are_shown_goes_from_them(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob is on "Sit in seat 3" when Ann seats Milly there: he hears that two
    seats are free now and the choice the focus moved to; the seat is offered no
    more. Then Ann leaves: the table closed, he hears so and is in the lobby."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            choice = bob_at_the_code_of_anns_table(ann, bob)
            bob.press("down", "down")
            assert bob.last == "Sit in seat 3, partner of Ann, 3 of 5"
            ann.press("down", "down", "return", "return")  # seat 3: Milly
            until(heard(ann, "Milly, a computer player, sits in seat 3."), ann)
            told = "Ann's table now has 2 seats free. Sit in seat 4, 3 of 4"
            until(heard(bob, told), bob)
            assert bob.app.top is choice
            labels = [item.text() for item in choice.items]
            assert labels == [
                "Sit at the first free seat",
                "Sit in seat 2",
                "Sit in seat 4",
                "Watch the game",
            ], labels
            bob.press("up")
            assert bob.last == "Sit in seat 2, 2 of 4"
            ann.press("escape", "y")  # alone at it: the table closes
            until(heard(bob, "Ann's table has closed."), bob)
            until(lambda: isinstance(bob.app.top, LobbyScreen), bob)
        finally:
            ann.close()
            bob.close()


def test_the_chairs_to_watch_from_follow_the_table_too(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob chooses to watch, and is on seat 3's chair when Milly sits there: the
    chair is named for her, in place, and the seats under it follow as well."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            choice = bob_at_the_code_of_anns_table(ann, bob)
            bob.press("end", "return", "down", "down")
            assert bob.last == "Watch from seat 3, 3 of 4"
            chairs = bob.app.top
            assert isinstance(chairs, WatchChoiceScreen)
            mark = bob.mark()
            ann.press("down", "down", "return", "return")  # seat 3: Milly
            until(heard(bob, "Ann's table now has 2 seats free."), bob)
            assert bob.said_since(mark) == ["Ann's table now has 2 seats free."]
            bob.press("up", "down")
            assert bob.last == "Watch from seat 3, Milly, 3 of 4"
            bob.press("escape")
            assert bob.app.top is choice
            assert len(choice.items) == 4  # any, seat 2, seat 4, watch
        finally:
            ann.close()
            bob.close()


def _found(changed: bool) -> Callable[[Incoming], bool]:
    return lambda item: isinstance(item, p.TableFound) and item.changed is changed


def test_a_change_in_the_same_moment_as_the_answer_is_the_one_offered(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """The answer to Bob's code and the table's first change reach his game in
    the same moment: the choices offered are the table's as changed (before,
    the change went unheard and the seat Milly took was offered)."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            ann.press("return", "down", "down", "right", "down", "return")
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            code = ann.app.top.table.code  # type: ignore[attr-defined]
            lobby = bob.app.top
            assert isinstance(lobby, LobbyScreen)
            held = HeldFrames(lobby.online.client.connection)
            bob.patience_seconds = 0.3
            bob.press("down", "return", *type_keys(code.lower()), "return")
            until(held.holds(_found(False)))
            ann.press("down", "down", "return", "return")  # seat 3: Milly
            until(held.holds(_found(True)), ann)
            held.release()
            until(lambda: isinstance(bob.app.top, TableChoiceScreen), bob)
            choice = bob.app.top
            assert isinstance(choice, TableChoiceScreen)
            assert choice.info.free_seats == [1, 3]
            assert "Sit in seat 3, partner of Ann" not in [
                item.text() for item in choice.items
            ]
        finally:
            ann.close()
            bob.close()
