"""The social side of online play as a blind player meets it (a QA pass).

Players' games run in this process against a real server on loopback; what each
hears is read from their transcripts.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from online_helpers import (
    HeldFrames,
    connect,
    heard,
    server_thread,
    type_keys,
    until,
)

from audiospades.app.harness import Harness
from audiospades.app.lobby import LobbyScreen, TableChoiceScreen, WaitingRoomScreen
from audiospades.net import protocol as p


def test_a_code_typed_as_it_is_spoken_with_spaces_finds_the_table(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """The code is spoken a character at a time ("D K F W U E"): Bob types it
    so, spaces and all, and is offered the table (before: "A table code is
    made of letters and digits.", and no table)."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            ann.press("return", "down", "down", "right", "down", "return")
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            code = ann.app.top.table.code  # type: ignore[attr-defined]
            assert code is not None
            spoken = " ".join(code)
            assert f"its code is {spoken}." in ann.last
            bob.press("down", "return", *type_keys(spoken.lower()), "return")
            bob.settle()
            assert isinstance(bob.app.top, TableChoiceScreen), bob.transcript[-3:]
            assert bob.last.startswith("Join this table. Ann's table"), bob.last
        finally:
            ann.close()
            bob.close()


def test_a_seat_taken_under_the_enter_is_said_then_where_the_focus_is(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob and Cid both choose seat 3 of Ann's table; Cid's comes first. Bob,
    whose choices closed when he chose, hears that the seat is taken and then
    the lobby's line his focus is on, the table as it is now (before: "That
    seat is taken." and silence, as if the seats were still offered)."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        cid = connect(make_harness, server, "Cid")
        try:
            ann.press("return", "end", "return")
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            for other in (bob, cid):
                until(heard(other, "New table: Ann's table."), other)
                other.press("home", "return", "down", "down")
                assert other.last == "Sit in seat 3, partner of Ann, 3 of 5"
            lobby = bob.app.top.lobby  # type: ignore[attr-defined]
            assert isinstance(lobby, LobbyScreen)
            held = HeldFrames(lobby.online.client.connection)
            cid.press("return")
            until(lambda: isinstance(cid.app.top, WaitingRoomScreen), cid)
            bob.patience_seconds = 0.3
            mark = bob.mark()
            bob.press("return")  # his game has not heard of Cid yet
            until(held.holds(lambda item: isinstance(item, p.Error)))
            held.release()
            line = (
                "Ann's table, 4 players in partnerships, 1 hand, custom rules, "
                "2 seats free, seated: Ann; Cid, 1 of 7"
            )
            until(heard(bob, line), bob)
            said = bob.said_since(mark)
            assert said.index("That seat is taken.") < said.index(line), said
            assert said.count(line) == 1, said
            assert isinstance(bob.app.top, LobbyScreen)
        finally:
            ann.close()
            bob.close()
            cid.close()
