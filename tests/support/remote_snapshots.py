"""Table listings, snapshots and updates as a server would send them, without one.

Shared by the tests of the protocol's versions (tests/net) and of the online
client without a server: its busy state (tests/app) and its picture of a
finished trick (tests/net).
"""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import msgspec

from audiospades.net import codec
from audiospades.net import protocol as p
from audiospades.net.remote import RemoteTable
from audiospades.net.wire import WireViewChanges
from audiospades.notices import Notice
from audiospades.rules import Game, Phase, Rules
from audiospades.seating import Seating
from audiospades.table_core import PACES, TableCore


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


def one_hand_you_win_first() -> tuple[TableCore, RemoteTable]:
    """A one-hand game, you in seat 0 against three computer players, where you
    win the first trick and lead (seed 6); and seat 0's online table of it."""
    rules = Rules.from_dict({"preset": "pagat", "hand_limit": 1})
    core = TableCore(
        Game(rules, first_dealer=0),
        seed=6,
        seating=Seating((None, "hazel", "hazel", "hazel"), ("A", "B", "C", "D")),
        humans=(0,),
        delays=PACES["fast"],
        turn_views=False,  # as a server's
    )
    client = SimpleNamespace(welcome=None, count_game=None)
    return core, RemoteTable(client, snapshot_of(core))  # type: ignore[arg-type]


def served(core: TableCore, remote: RemoteTable) -> Iterator[list[Notice]]:
    """Run ``core``'s clock 50 ms a step, as the server does, until the game ends
    (bounded); each step's notices for seat 0 reach ``remote`` as the server
    sends them to a version 12 client (the first with the whole view, then only
    what changed; a turn's notice goes without a view, the frame's being the
    turn's), and are yielded once it has taken them. After each, ``remote``'s
    view is checked to be the core's."""
    joiner = codec.ViewJoiner()
    base: tuple[Any, Any] | None = None
    now = 0
    for _ in range(20_000):
        if core.is_over:
            return
        now += 50
        core.advance(now)
        notices = core.drain(0)
        if not notices:
            continue
        public, (own,) = core.view_parts([0])
        wire = codec.encode_notices(notices, (None, None))
        if base is None:
            update = p.TableUpdate(
                table="t1", notices=wire, view=codec.encode_view(core.view(0))
            )
        else:
            changes = msgspec.json.decode(
                joiner.changes(public, own, base), type=WireViewChanges
            )
            update = p.TableUpdate(table="t1", notices=wire, view=None, changes=changes)
        base = (public, own)
        remote.take_update(update)
        assert remote.view() == core.view(0)
        remote.drain()
        yield notices


def act_for_seat_0(core: TableCore) -> None:
    """Seat 0's plain move at its turn: the first legal bid that is not blind,
    or the lowest legal card."""
    game = core.game
    if game.phase is Phase.BIDDING:
        assert core.bid(0, next(b for b in game.legal_bids(0) if not b.blind))
    elif game.phase is Phase.PLAYING:
        assert core.play(0, min(game.legal_plays(0)))
