"""Who is watching a table, known to whoever comes after (protocol version 4).

Before, the players heard "Dee is watching." only as it happened: the table
snapshot said how many watched, never who, so someone who sat down or came to
watch later could not know who was listening. Now the snapshot names the others
watching (``watchers``), the game's client keeps the list as people come and go,
and key W says it; a version 3 client, which refuses an unknown field, is sent the
snapshot without it.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path

from net_client import NetPlayer, connected, run, running_server, url_of

from audiospades.commands import Command
from audiospades.net import protocol as p
from audiospades.net.client import Connection
from audiospades.net.remote import OnlineClient, RemoteTable
from audiospades.net.server import Server
from audiospades.presenter.replies import reply_utterances
from audiospades.presenter.words import watching
from audiospades.replies import WhoIsHere
from audiospades.table_control import TableController

DEADLINE = 60.0


async def _start_with_computers(ann: NetPlayer, name: str) -> str:
    """Ann opens a one-hand table ``name``, seats three computers and starts it."""
    await ann.send(
        {
            "type": "create_table",
            "name": name,
            "rules": {"preset": "pagat", "hand_limit": 1},
        }
    )
    table = (await ann.expect(p.TableSnapshot)).table.id
    for seat, character in enumerate(("milly", "bert", "poppy"), start=1):
        await ann.send({"type": "add_bot", "seat": seat, "character": character})
    await ann.send({"type": "start_game"})
    await ann.expect(p.TableSnapshot)  # the game's start, restated
    return table


async def _watch(player: NetPlayer, table: str) -> p.TableSnapshot:
    await player.send({"type": "spectate", "table": table})
    return await player.expect(p.TableSnapshot)


def test_the_snapshot_names_the_others_watching_but_not_to_a_version_3_client(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            dee, eve = NetPlayer(url, "Dee"), NetPlayer(url, "Eve")
            old = NetPlayer(url, "Old", version=3)
            for player in (ann, bob, dee, old, eve):
                await player.connect()
            await ann.send(
                {"type": "create_table", "name": "Friday", "rules": {"preset": "pagat"}}
            )
            created = await ann.expect(p.TableSnapshot)
            assert created.watchers == []
            table = created.table.id
            assert (await _watch(dee, table)).watchers == []
            seen = len(old.frames)
            snapshot = await _watch(old, table)
            # A version 3 client reads its snapshot, which names no one.
            assert snapshot.watchers is None
            frame = json.loads(
                next(f for f in old.frames[seen:] if f.startswith('{"type":"table"'))
            )
            assert "watchers" not in frame and frame["seat"] is None
            assert (await _watch(eve, table)).watchers == ["Dee", "Old"]
            # Sitting down after them, a player is told who watches.
            await bob.send({"type": "join_seat", "table": table})
            assert (await bob.expect(p.TableSnapshot)).watchers == ["Dee", "Old", "Eve"]

    run(scenario())


async def _until(done: Callable[[], bool], *clients: OnlineClient) -> None:
    """Pump the game's clients (their connections run on threads of their own)."""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        for client in clients:
            client.pump()
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


def _client(server: Server, name: str) -> OnlineClient:
    connection = Connection(url_of(server), name, backoff=(0.1,))
    connection.start()
    return OnlineClient(connection)


def _w(table: RemoteTable) -> str:
    """What key W says at ``table`` (a spectator's words when watching)."""
    control = TableController(table, hints=None)  # type: ignore[arg-type]
    reply = control.handle(Command.WHO_IS_HERE)
    assert isinstance(reply, WhoIsHere)
    with watching(not table.is_seated):
        said = reply_utterances(reply, table.view(), table.names)
    return " ".join(u.text for u in said)


def test_a_later_spectator_hears_the_one_before_and_the_list_follows_them(
    tmp_path: Path,
) -> None:
    """Dee watches Ann's game; Eve comes later and W names Dee, Eve ("you") and
    the four seats; Dee hears Eve come, and Eve hears Dee go."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            ann = NetPlayer(url_of(server), "Ann")
            await ann.connect()
            table = await _start_with_computers(ann, "Friday")
            dee, eve = _client(server, "Dee"), _client(server, "Eve")
            try:
                await _until(lambda: dee.welcome is not None, dee)
                dee.send(p.Spectate(table=table))
                await _until(lambda: dee.table is not None, dee)
                await _until(lambda: eve.welcome is not None, eve)
                eve.send(p.Spectate(table=table))
                await _until(
                    lambda: eve.table is not None and eve.table.has_started, eve
                )
                at_eve = eve.table
                assert at_eve is not None
                assert _w(at_eve) == (
                    "You are watching table Friday from the chair of Ann. "
                    "Seat 1: Ann. Seat 2: Milly, computer. Seat 3: Bert, computer. "
                    "Seat 4: Poppy, computer. Watching: Dee and you."
                )
                at_dee = dee.table
                assert at_dee is not None
                await _until(lambda: at_dee.watchers == ["Eve"], dee)
                assert _w(at_dee).endswith("Watching: Eve and you.")
                dee.leave_table()
                await _until(lambda: at_eve.watchers == [], eve)
                assert _w(at_eve).endswith("Only you are watching.")
            finally:
                dee.close()
                eve.close()
                await ann.close()

    run(scenario())


def test_a_spectator_named_as_a_player_is_heard_apart_from_the_player(
    tmp_path: Path,
) -> None:
    """A second Ann watches Ann's table: Ann hears "Ann 2 is watching.", her W
    names "Ann 2" among those watching, her chat line is Ann 2's, and she stops
    watching as Ann 2. Before, the chat said "Ann 2" but the rest "Ann": the
    player heard that she herself was watching."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, other, bob = await connected(url, "Ann", "Ann", "Bob")
            table = await _start_with_computers(ann, "Friday")
            await _watch(other, table)
            watching_ = await ann.seat_change(p.SeatChange.WATCHING)
            assert watching_.name == "Ann 2"
            assert (await _watch(bob, table)).watchers == ["Ann 2"]
            await other.send({"type": "chat", "text": "hello"})
            line = await ann.expect(p.ChatLine)
            assert line.sender == "Ann 2"
            await other.send({"type": "leave"})
            stopped = await ann.seat_change(p.SeatChange.STOPPED_WATCHING)
            assert stopped.name == "Ann 2"
            for player in (ann, other, bob):
                await player.close()

    run(scenario())


def test_a_person_sitting_down_is_named_apart_from_a_spectator_of_that_name(
    tmp_path: Path,
) -> None:
    """Ann watches Bob's table as "Ann"; a second Ann then sits down there. She is
    "Ann 2" at the table, so that "Ann is watching" and "Ann 2 sits in seat 2"
    name two people. Before, both were "Ann" (review); and a spectator sitting
    down keeps her own name, not numbered apart from herself."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            bob, ann, other = await connected(url, "Bob", "Ann", "Ann")
            table = (await bob.create(name="Bob's")).table.id
            await _watch(ann, table)
            assert (await bob.seat_change(p.SeatChange.WATCHING)).name == "Ann"
            await other.send({"type": "join_seat", "table": table, "seat": 1})
            await other.expect(p.TableSnapshot)
            joined = await bob.seat_change(p.SeatChange.JOINED)
            assert joined.name == "Ann 2"
            # The spectator herself sits down: she is Ann still, not "Ann 3".
            await ann.send({"type": "join_seat", "table": table, "seat": 2})
            await ann.expect(p.TableSnapshot)
            sat = await bob.seat_change(p.SeatChange.JOINED)
            assert sat.name == "Ann"
            for player in (bob, ann, other):
                await player.close()

    run(scenario())


def test_a_spectator_sitting_down_is_one_change_and_a_version_13_client_hears_two(
    tmp_path: Path,
) -> None:
    """Cid watches Ann's table, then sits in seat 3. Ann (version 14) is sent one
    change, ``joined`` with ``watched_as`` "Cid", and no ``stopped_watching``:
    before, "Cid stopped watching." came first and sounded as if Cid had left.
    Dee, watching with a version 13 client, is sent both as before, and no
    ``watched_as`` (a field it does not know would lose it the frame)."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, cid = await connected(url, "Ann", "Cid")
            dee = NetPlayer(url, "Dee", version=13)
            await dee.connect()
            table = (await ann.create(name="Ann's")).table.id
            await _watch(dee, table)
            await _watch(cid, table)
            assert (await ann.seat_change(p.SeatChange.WATCHING)).name == "Dee"
            assert (await ann.seat_change(p.SeatChange.WATCHING)).name == "Cid"
            assert (await dee.seat_change(p.SeatChange.WATCHING)).name == "Cid"
            await cid.send({"type": "join_seat", "table": table, "seat": 2})
            assert (await cid.expect(p.TableSnapshot)).seat == 2
            told = await ann.expect(p.SeatChanged)
            assert (told.change, told.seat, told.name, told.watched_as) == (
                p.SeatChange.JOINED,
                2,
                "Cid",
                "Cid",
            )
            assert told.table.spectators == 1
            stopped = await dee.expect(p.SeatChanged)
            assert (stopped.change, stopped.name) == (
                p.SeatChange.STOPPED_WATCHING,
                "Cid",
            )
            joined = await dee.expect(p.SeatChanged)
            assert (joined.change, joined.seat) == (p.SeatChange.JOINED, 2)
            assert "watched_as" not in dee.frames[-1]
            for player in (ann, cid, dee):
                await player.close()

    run(scenario())
