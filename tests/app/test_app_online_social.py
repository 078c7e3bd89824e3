"""The social side of online play as a blind player meets it (a QA pass).

Players' games run in this process against a real server on loopback; what each
hears is read from their transcripts.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from online_helpers import (
    connect,
    server_thread,
    type_keys,
    until,
)

from audiospades.app.harness import Harness
from audiospades.app.lobby import TableChoiceScreen, WaitingRoomScreen


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
