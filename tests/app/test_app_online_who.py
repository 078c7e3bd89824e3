"""W at a networked table, by keys, against a real server on loopback.

Before, the players heard "Bob is watching." as it happened and nothing after: no
key listed who watched, and whoever came later never learnt who was already
there. Now W says each seat and who holds it, then who is watching; a spectator
hears first from whose chair, and is among the watchers as "you".
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from online_helpers import HOST_WITH_BOTS, connect, heard, server_thread, until

from audiospades.app.harness import Harness
from audiospades.app.lobby import LobbyScreen
from audiospades.app.online_table import OnlineTableScreen


def _watch(harness: Harness, chair_steps: int) -> OnlineTableScreen:
    """From the lobby, watch the first table from the chair ``chair_steps`` down."""
    until(lambda: len(harness.app.top.items) == 7, harness)  # type: ignore[attr-defined]
    harness.patience_seconds = 0.3  # a spectator's table is never idle
    harness.press("home", "return", "return", *["down"] * chair_steps, "return")
    until(lambda: isinstance(harness.app.top, OnlineTableScreen), harness)
    table = harness.app.top
    assert isinstance(table, OnlineTableScreen)
    return table


def test_a_later_spectator_hears_the_seats_and_who_came_to_watch_before(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    with server_thread(tmp_path / "server.db", takeover_seconds=30.0) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        cid = connect(make_harness, server, "Cid")
        try:
            ann.press(*HOST_WITH_BOTS)
            ann.settle()
            _watch(bob, 0)
            until(heard(ann, "Bob is watching."), ann, bob)
            _watch(cid, 2)  # Bert's chair, seat 3
            until(heard(ann, "Cid is watching."), ann, bob, cid)
            cid.press("w")
            assert cid.last == (
                "You are watching Ann's table from the chair of Bert. "
                "Seat 3: Bert, computer. Seat 4: Poppy, computer. Seat 1: Ann. "
                "Seat 2: Milly, computer. Watching: Bob and you."
            )
            ann.press("w")
            assert ann.last == (
                "Seat 1: you. Seat 2: Milly, computer. "
                "Seat 3, your partner: Bert, computer. Seat 4: Poppy, computer. "
                "Watching: Bob and Cid."
            )
            # Bob, there first, heard Cid come: he is on his list too.
            bob.press("w")
            assert bob.last.endswith("Watching: Cid and you.")
            # Bob leaves: gone from the others' lists.
            bob.press("escape", "end", "return", "y")
            until(lambda: isinstance(bob.app.top, LobbyScreen), bob)
            until(heard(ann, "Bob stopped watching."), ann, cid)
            until(heard(cid, "Bob stopped watching."), ann, cid)
            ann.press("w")
            assert ann.last.endswith("Seat 4: Poppy, computer. Watching: Cid.")
            cid.press("w")
            assert cid.last.endswith("Only you are watching.")
        finally:
            ann.close()
            bob.close()
            cid.close()
