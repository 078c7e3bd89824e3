"""A spectator away from several tables is back at the one watched last, always.

Away from two tables (her first connection replaced while she watched one, the
new one watching the other, then dropped), Cleo is put back watching the table
she watched last. The server knew which by the time she sat down to watch at
each: two sit-downs within one value of the clock, or the clock set back
between them (by hand, by the network's time, or across a restart), put her
back at the first table instead, one she had left. The times the server gives
now only go forward, across its tables and across a restart.

In-process servers, scripted players; the clock the tables read is the test's.
"""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from net_client import NetPlayer, run, running_server, url_of

from audiospades.net import protocol as p
from audiospades.net import table as table_module

TAKEOVER = 60.0
"""Away spectators are kept this long (never reached): only their return lets
them go."""


def _clock(monkeypatch: pytest.MonkeyPatch, *times: float) -> None:
    """The tables' clock gives ``times`` in turn, then the last for ever."""
    left = list(times)

    def now() -> float:
        return left.pop(0) if len(left) > 1 else left[0]

    fake = SimpleNamespace(time=now, monotonic=time.monotonic)
    monkeypatch.setattr(table_module, "time", fake)


async def _first_answer(player: NetPlayer) -> p.TableSnapshot | p.Lobby:
    """What a player is sent after its welcome: a table to be at, or the lobby."""
    while True:
        answer = await player.recv()
        if isinstance(answer, p.TableSnapshot | p.Lobby):
            return answer


async def _watch(player: NetPlayer, table: str, chair: int) -> None:
    await player.send({"type": "spectate", "table": table, "chair": chair})
    await player.expect(p.TableSnapshot)


async def _back(cleo: NetPlayer) -> p.TableSnapshot:
    """Cleo's game connects again: the table she is put back at."""
    back = NetPlayer(cleo.url, "Cleo", token=cleo.token)
    await back.connect()
    answer = await _first_answer(back)
    assert isinstance(answer, p.TableSnapshot), "back in the lobby"
    await back.close()
    return answer


@pytest.mark.parametrize(
    "second", [2000.0, 1000.0], ids=["within-one-clock-value", "clock-set-back"]
)
def test_a_spectator_back_watches_the_table_watched_last_whatever_the_clock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, second: float
) -> None:
    """Cleo watches Ann's table (the clock at 2000), then, her first
    connection replaced, Bob's (the clock the same, or set back to 1000); that
    connection drops. Back, she watches Bob's table again, from the chair she
    had there. Before, she was put back at Ann's."""
    _clock(monkeypatch, 2000.0, second)

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db", takeover_seconds=TAKEOVER) as s:
            url = url_of(s)
            ann, bob, cleo = (
                NetPlayer(url, "Ann"),
                NetPlayer(url, "Bob"),
                NetPlayer(url, "Cleo"),
            )
            for player in (ann, bob, cleo):
                await player.connect()
            tables = {
                host.name: (await host.create(name=host.name)).table.id
                for host in (ann, bob)
            }
            await _watch(cleo, tables["Ann"], 0)
            again = NetPlayer(url, "Cleo", token=cleo.token)
            await again.connect()
            assert isinstance(await _first_answer(again), p.Lobby)
            await ann.seat_change(p.SeatChange.STOPPED_WATCHING)
            await _watch(again, tables["Bob"], 1)
            await again.close()
            await bob.seat_change(p.SeatChange.STOPPED_WATCHING)

            back = await _back(cleo)
            assert back.table.id == tables["Bob"], "back at the table watched first"
            assert back.seat is None and back.chair == 1
            for player in (ann, bob):
                await player.close()

    run(scenario())


def test_a_spectator_back_after_a_restart_with_the_clock_set_back_watches_the_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cleo watched Ann's table (the clock at 2000), then, her first connection
    replaced, sat down at Bob's; the server stopped. Started again with the
    clock set back to 1000: Cleo is back in her seat, leaves it and watches
    Bob's table; her connection drops. Back, she watches Bob's table, watched
    last, not Ann's, whose saved time was later than the clock's. Before, she
    was put back at Ann's."""
    _clock(monkeypatch, 2000.0)
    db = tmp_path / "s.db"

    async def before_the_restart() -> tuple[str, dict[str, str]]:
        async with running_server(db, takeover_seconds=TAKEOVER) as s:
            url = url_of(s)
            ann, bob, cleo = (
                NetPlayer(url, "Ann"),
                NetPlayer(url, "Bob"),
                NetPlayer(url, "Cleo"),
            )
            for player in (ann, bob, cleo):
                await player.connect()
            tables = {
                host.name: (await host.create(name=host.name)).table.id
                for host in (ann, bob)
            }
            await _watch(cleo, tables["Ann"], 0)
            again = NetPlayer(url, "Cleo", token=cleo.token)
            await again.connect()
            assert isinstance(await _first_answer(again), p.Lobby)
            await ann.seat_change(p.SeatChange.STOPPED_WATCHING)
            await again.send({"type": "join_seat", "table": tables["Bob"], "seat": 1})
            await again.expect(p.TableSnapshot)
            assert bob.token is not None and again.token is not None
            for player in (ann, bob, again):
                await player.close()
            return bob.token, tables | {"Cleo": again.token}

    bob_token, tables = run(before_the_restart())
    _clock(monkeypatch, 1000.0)

    async def after_the_restart() -> None:
        async with running_server(db, takeover_seconds=TAKEOVER) as s:
            url = url_of(s)
            bob = NetPlayer(url, "Bob", token=bob_token)
            await bob.connect()
            mine = await _first_answer(bob)
            assert isinstance(mine, p.TableSnapshot) and mine.table.id == tables["Bob"]
            cleo = NetPlayer(url, "Cleo", token=tables["Cleo"])
            await cleo.connect()
            seated = await _first_answer(cleo)
            assert isinstance(seated, p.TableSnapshot) and seated.seat == 1
            await cleo.send({"type": "leave"})
            await cleo.expect(p.Lobby)
            await _watch(cleo, tables["Bob"], 1)
            await cleo.close()
            await bob.seat_change(p.SeatChange.STOPPED_WATCHING)

            back = await _back(cleo)
            assert back.table.id == tables["Bob"], "back at Ann's, watched first"
            assert back.seat is None and back.chair == 1
            await bob.close()

    run(after_the_restart())
