"""A table snapshot as a server would send it for seat 0 of a local table core.

Shared by tests that build an online table (``RemoteTable``) without a server:
the online client's busy state (tests/app) and its picture of a finished trick
(tests/net).
"""

from __future__ import annotations

from audiospades.net import codec
from audiospades.net import protocol as p
from audiospades.table_core import TableCore


def snapshot_of(core: TableCore) -> p.TableSnapshot:
    """Seat 0's snapshot of ``core``'s game at a public four-player table."""
    info = p.TableInfo(
        "t1", "Ours", 4, True, None, 1, "pagat", {}, False,
        p.TableState.PLAYING, None, [], [], 0,
    )  # fmt: skip
    return p.TableSnapshot(
        table=info,
        seat=0,
        chair=0,
        is_host=True,
        code=None,
        view=codec.encode_view(core.view(0)),
        notices=[],
    )
