"""Table listings and snapshots as a server would send them, built without one.

Shared by the tests of the protocol's versions (tests/net) and of the online
client without a server: its busy state (tests/app) and its picture of a
finished trick (tests/net).
"""

from __future__ import annotations

from typing import Any

from audiospades.net import codec
from audiospades.net import protocol as p
from audiospades.table_core import TableCore


def table_info(**changes: Any) -> p.TableInfo:
    """A public four-player partnership table "t1" under pagat's rules, in play,
    with no host, seats or watchers listed; ``changes`` replace those fields."""
    fields: dict[str, Any] = {
        "id": "t1",
        "name": "T",
        "players": 4,
        "partnerships": True,
        "target": 500,
        "hand_limit": None,
        "preset": "pagat",
        "rules": {},
        "private": False,
        "state": p.TableState.PLAYING,
        "host": None,
        "seats": [],
        "free_seats": [],
        "spectators": 0,
    }
    fields.update(changes)
    return p.TableInfo(**fields)


def snapshot_of(core: TableCore) -> p.TableSnapshot:
    """Seat 0's snapshot of ``core``'s game at a public four-player table."""
    return p.TableSnapshot(
        table=table_info(name="Ours", target=None, hand_limit=1),
        seat=0,
        chair=0,
        is_host=True,
        code=None,
        view=codec.encode_view(core.view(0)),
        notices=[],
    )
