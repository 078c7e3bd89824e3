"""A server killed and started again: who is away, and a stand-in, stay coherent.

The QA's findings, with the game's reconnecting clients: after a restart every
seat is away until its person's game reconnects, and the first one back heard
"Bob is back." of each later one, never told Bob was gone. And a person a
computer played for, away at their turn, was given the seat back by their game's
reconnection, as if present: at their next turn the table waited the whole away
time again for someone not there.

The server runs as it does for real (``audiospades serve``, SIGKILLed), the
people are browser pages (the server words what they hear, with the game's
presenter) or scripted players, reconnecting with their tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

from net_client import WAIT, NetPlayer, run
from server_process import ServerProcess, free_port
from websockets.exceptions import ConnectionClosed

from audiospades.net import protocol as p
from audiospades.net.store import Store

TAKEN_OVER = (
    "The table waited too long for you: a computer player now plays for you. "
    "Press any key at the table to play again."
)


def said(player: NetPlayer) -> list[str]:
    """Everything a page has been told, line by line."""
    return [
        line.text
        for message in player.messages
        if isinstance(message, p.Said)
        for line in message.lines
    ]


async def until_said(
    player: NetPlayer, wanted: str | Callable[[str], bool], since: int = 0
) -> str:
    """Read until a page is told ``wanted`` (a whole line, or a test of one)."""
    test = wanted if callable(wanted) else wanted.__eq__
    while True:
        found = [line for line in said(player)[since:] if test(line)]
        if found:
            return found[0]
        await player.recv()


async def reading(player: NetPlayer, plays: Callable[[], bool]) -> None:
    """Read a player's frames until its connection ends, acting on its turns
    while ``plays()``."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            await player.recv(timeout=120)
            if plays():
                await player.react()


async def until(condition: Callable[[], bool]) -> None:
    """Wait (the readers reading) until ``condition()``; fail after WAIT."""
    async with asyncio.timeout(WAIT):
        while not condition():
            await asyncio.sleep(0.01)


async def with_server(
    tmp_path: Path, body: Callable[[ServerProcess], Awaitable[None]], **options: float
) -> None:
    server = ServerProcess(
        tmp_path / "server.db", free_port(), tmp_path / "home", **options
    )
    try:
        await server.start()
        await body(server)
    finally:
        await server.ensure_gone()


async def _four_at_a_table(server: ServerProcess) -> tuple[NetPlayer, ...]:
    """Ann (a page) hosts Cal (seat 2), Bob (a page, seat 3) and Milly; the game
    starts, and Cal's game stops: a computer plays for him after the takeover
    delay. Ann, Bob and Cal, once Ann has heard it; then the server is killed."""
    url = server.url
    ann = NetPlayer(url, "Ann", render=True)
    cal = NetPlayer(url, "Cal")
    bob = NetPlayer(url, "Bob", render=True)
    for player in (ann, cal, bob):
        await player.connect()
    table = (await ann.create(rules={"preset": "pagat", "hand_limit": 2})).table.id
    for player, seat in ((cal, 1), (bob, 2)):
        await player.send({"type": "join_seat", "table": table, "seat": seat})
        await player.expect(p.TableSnapshot)
    await ann.send({"type": "add_bot", "seat": 3, "character": "milly"})
    await ann.send({"type": "start_game"})
    await cal.expect(p.TableUpdate)
    await cal.close()
    await until_said(ann, "A computer player now plays for Cal.")
    await server.kill()
    return ann, cal, bob


def test_after_a_restart_the_first_back_hears_who_is_away_before_they_come(
    tmp_path: Path,
) -> None:
    """Ann is back first: she hears Bob is away and a computer plays for Cal, then
    "Cal is back and plays again." and "Bob is back.". Dee, sitting down to watch
    meanwhile, hears the same. Bob, back last, hears of no one away. (Before,
    Ann's "Back at the table." named no one, and the "back"s came from nowhere.)
    """

    async def body(server: ServerProcess) -> None:
        ann, cal, bob = await _four_at_a_table(server)
        server.takeover_seconds = 60.0  # Bob stays away, his seat kept
        await server.start()
        since = len(said(ann))
        await ann.connect()
        back = await until_said(ann, lambda s: s.startswith("Back at"), since)
        assert back.startswith(
            "Back at the table. Bob is away. A computer player plays for Cal. Hand 1."
        ), back
        # Dee, new here, sits down to watch the game under way.
        dee = NetPlayer(server.url, "Dee", render=True)
        await dee.connect()
        await dee.send({"type": "spectate", "table": ann.table_id})
        watching = await until_said(dee, lambda s: s.startswith("Bob is away."))
        assert watching.startswith(
            "Bob is away. A computer player plays for Cal. Hand 1."
        ), watching
        await cal.connect()
        await bob.connect()
        own = await until_said(bob, lambda s: s.startswith("Back at"))
        assert "away" not in own and "plays for" not in own, own
        for listener, first in ((ann, since), (dee, 0)):
            await until_said(listener, "Bob is back.", first)
            heard = said(listener)[first:]
            # Each is back once, after they were said to be away.
            told = next(i for i, s in enumerate(heard) if "Bob is away." in s)
            assert heard.count("Cal is back and plays again.") == 1, heard
            assert heard.count("Bob is back.") == 1, heard
            assert told < heard.index("Cal is back and plays again."), heard
            assert told < heard.index("Bob is back."), heard
        for player in (ann, cal, bob, dee):
            await player.close()

    run(with_server(tmp_path, body, takeover_seconds=0.3), timeout=300)


def taken_over(lines: list[str], seat: int) -> list[str]:
    """The server's log lines saying a computer took ``seat`` (counted from 1)."""
    return [line for line in lines if f" seat {seat}: taken_over, " in line]


def test_a_restart_does_not_tell_again_that_a_computer_plays_for_someone(
    tmp_path: Path,
) -> None:
    """The restarted server sets every seat's takeover delay again. Cal's, whose
    seat a computer already plays, runs out with Bob's: a computer takes Bob's
    seat, and Cal's is not taken again, nor Ann told that it is (she was told
    on coming back that one does).

    What the server did is read in its log, to its last line (it is stopped
    once Bob's seat is taken): so whenever Ann is back, before the delays run
    out (as a rule) or after."""

    async def body(server: ServerProcess) -> None:
        ann, _cal, _bob = await _four_at_a_table(server)
        restarted = len(server.lines)
        server.takeover_seconds = 3.0  # (Ann is back before, as a rule)
        await server.start()
        since = len(said(ann))
        await ann.connect()
        listening = asyncio.ensure_future(reading(ann, lambda: False))
        await until(lambda: bool(taken_over(server.lines[restarted:], 3)))
        # Cal's delay, set first at the same moment, ran out before Bob's (or in
        # the same turn of the server's loop): stopped now, it has said it all.
        await server.stop()
        await listening  # to the end of what Ann was sent
        log = server.lines[restarted:]
        assert len(taken_over(log, 3)) == 1, log
        assert not taken_over(log, 2), log
        assert "A computer player now plays for Cal." not in said(ann)[since:]

    run(with_server(tmp_path, body, takeover_seconds=0.3), timeout=300)


def test_a_computer_playing_for_someone_away_plays_on_after_a_restart(
    tmp_path: Path,
) -> None:
    """Ann, connected, lets her turn pass: a computer plays for her. The server is
    killed and started again; her game reconnects by itself. The computer plays
    on (her seat is not hers until she presses a key), and she hears, back, that
    it does and how to take the seat back; the others hear nothing of her until
    then. Her key gives the seat back, with what the computer did.

    Bob plays his turns at a server that stands in for no one away (however
    slow the machine) until the game waits for Ann. It is killed then, and
    started with a short away time, Ann's game alone coming back: a computer
    plays for her, then the table waits for Bob, the game not over. No computer
    stands in for him: his connection down, he is not away at his turn, and the
    takeover delay is a minute."""

    async def body(server: ServerProcess) -> None:
        url = server.url
        ann, bob = NetPlayer(url, "Ann", render=True), NetPlayer(url, "Bob")
        for player in (ann, bob):
            await player.connect()
        snapshot = await ann.create(players=3, partnerships=False)
        table = snapshot.table.id
        await bob.send({"type": "join_seat", "table": table, "seat": 1})
        await bob.expect(p.TableSnapshot)
        await ann.send({"type": "add_bot", "seat": 2, "character": "milly"})
        await ann.send({"type": "start_game"})

        def waits_for_ann() -> bool:
            view = bob.view
            return view is not None and (view.to_act == 0 or 0 in view.answering)

        # Ann never acts. Bob plays until the game waits for her.
        playing = asyncio.ensure_future(reading(bob, lambda: True))
        await until(waits_for_ann)
        await server.kill()
        await playing

        def played_for_ann(since: int) -> bool:
            return any(s.endswith(" for you.") for s in said(ann)[since:])

        # Ann's game is back, Bob's not: the game waits for her, and a computer
        # plays for her, then it waits for Bob.
        server.away_seconds = 0.5
        await server.start()
        since = len(said(ann))
        await ann.connect()
        await until_said(ann, TAKEN_OVER, since)
        await until_said(ann, lambda s: s.endswith(" for you."), since)
        await server.kill()

        store = Store(server.db)
        row = store.table(table)
        store.close()
        assert row is not None
        # Saved with the seat: a computer plays it, she having been away.
        assert row.seating[0]["stand_in"] is True
        assert row.seating[0].get("away") is True

        # No one is stood in for anew (the table waits for Bob below): Ann's
        # seat is the computer's still, as saved.
        server.away_seconds = 600.0
        await server.start()
        since = len(said(ann))
        await ann.connect()
        back = await until_said(ann, lambda s: s.startswith("Back at"), since)
        assert back.endswith(TAKEN_OVER), back
        seat = _snapshot_seat(ann)
        assert seat.stand_in and seat.connected  # hers, a computer playing it

        bob.messages.clear()
        await bob.connect()
        # The computer plays on for her: the game does not wait for her.
        mark = len(said(ann))
        playing = asyncio.ensure_future(reading(bob, lambda: not played_for_ann(mark)))
        await until_said(ann, lambda s: s.endswith(" for you."), mark)

        def about_ann() -> list[p.SeatChanged]:
            return [
                m for m in bob.messages if isinstance(m, p.SeatChanged) and m.seat == 0
            ]

        assert not about_ann(), "the others were told of Ann before her key"
        await ann.send({"type": "key", "key": "t"})
        await until_said(ann, "You take your seat back.", mark)
        summary = await until_said(
            ann, lambda s: s.startswith("While you were away"), mark
        )
        assert TAKEN_OVER not in summary
        await until(lambda: bool(about_ann()))
        assert [m.change for m in about_ann()] == [p.SeatChange.RETURNED]
        playing.cancel()
        for player in (ann, bob):
            await player.close()

    run(with_server(tmp_path, body, away_seconds=600.0), timeout=300)


def _snapshot_seat(player: NetPlayer) -> p.SeatInfo:
    """The player's own seat in the last table snapshot it was sent."""
    snapshot = next(
        m for m in reversed(player.messages) if isinstance(m, p.TableSnapshot)
    )
    return next(s for s in snapshot.table.seats if s.seat == snapshot.seat)


def test_a_spectator_watches_the_same_table_from_the_same_chair_after_a_restart(
    tmp_path: Path,
) -> None:
    """Dee (a page) watches Ann's game from Milly's chair, Eve (a raw client) from
    Ann's. The server is killed and started again: back first, each watches the
    same table from the same chair, Dee hearing where things stand as one back
    (Ann away among it); Ann, back, hears they watch, and they that she is back.
    Before, the server had forgotten them: both were sent the lobby, and the game
    said "Your table is no longer there"."""

    async def body(server: ServerProcess) -> None:
        url = server.url
        ann = NetPlayer(url, "Ann", render=True)
        dee = NetPlayer(url, "Dee", render=True)
        eve = NetPlayer(url, "Eve")
        for player in (ann, dee, eve):
            await player.connect()
        table = (await ann.create(rules={"preset": "pagat", "hand_limit": 2})).table.id
        for seat, character in ((1, "milly"), (2, "bert"), (3, "poppy")):
            await ann.send({"type": "add_bot", "seat": seat, "character": character})
        await ann.send({"type": "start_game"})
        await ann.expect(p.TableUpdate)
        for spectator, chair in ((dee, 1), (eve, 0)):
            await spectator.send({"type": "spectate", "table": table, "chair": chair})
            await spectator.expect(p.TableSnapshot)
        await until_said(ann, "Eve is watching.")
        await server.kill()

        store = Store(server.db)
        row = store.table(table)
        store.close()
        assert row is not None
        # Kept with the chair each watches from.
        assert row.seating[1].get("watchers") == [dee.player_id]
        assert row.seating[0].get("watchers") == [eve.player_id]

        await server.start()
        for spectator in (dee, eve):
            spectator.messages.clear()
            await spectator.connect()
        for spectator, chair in ((dee, 1), (eve, 0)):
            answer = await spectator.recv()
            while not isinstance(answer, p.TableSnapshot | p.Lobby):
                answer = await spectator.recv()
            assert isinstance(answer, p.TableSnapshot), answer
            assert answer.table.id == table
            assert answer.seat is None and answer.chair == chair
        back = await until_said(dee, lambda s: s.startswith("Back at"))
        assert back.startswith("Back at the table. Ann is away. Hand "), back

        await ann.connect()
        snapshot = await ann.expect(p.TableSnapshot)
        assert sorted(snapshot.watchers or ()) == ["Dee", "Eve"]
        await until_said(dee, "Ann is back.")
        for player in (ann, dee, eve):
            await player.close()

    run(with_server(tmp_path, body), timeout=300)


def test_a_table_no_person_comes_back_to_after_a_restart_closes_whoever_watched(
    tmp_path: Path,
) -> None:
    """Ann waits at her table, its game not begun, Dee watching it. The server is
    killed and started again, and neither comes back: when Ann's seat is given up
    (the takeover delay), the table closes, as a table whose last person is gone
    does, Dee kept no more than she counts as someone at it. Back later, Dee is
    in the lobby."""

    async def body(server: ServerProcess) -> None:
        url = server.url
        ann, dee = NetPlayer(url, "Ann"), NetPlayer(url, "Dee")
        for player in (ann, dee):
            await player.connect()
        table = (await ann.create()).table.id
        await dee.send({"type": "spectate", "table": table, "chair": 0})
        await dee.expect(p.TableSnapshot)
        await server.kill()
        server.takeover_seconds = 0.3
        await server.start()
        await until(lambda: any(f"table {table}: closed" in s for s in server.lines))
        store = Store(server.db, prepare=False)  # (read only: the server runs)
        try:
            row = store.table(table)
            open_tables = [t.table.id for t in store.open_tables()]
        finally:
            store.close()
        assert row is not None and row.state == "closed"
        assert table not in open_tables
        dee.messages.clear()
        await dee.connect()
        answer = await dee.recv()
        while not isinstance(answer, p.TableSnapshot | p.Lobby):
            answer = await dee.recv()
        assert isinstance(answer, p.Lobby), answer
        await dee.close()

    run(with_server(tmp_path, body), timeout=300)


async def _first_answer(player: NetPlayer) -> p.TableSnapshot | p.Lobby:
    """What a player is sent after its welcome: a table to be at, or the lobby."""
    answer = await player.recv()
    while not isinstance(answer, p.TableSnapshot | p.Lobby):
        answer = await player.recv()
    return answer


def test_a_spectator_back_watches_one_table_and_no_other_after_a_restart(
    tmp_path: Path,
) -> None:
    """Cleo watches Ann's table; opened again elsewhere (her first connection
    replaced, and so away from Ann's table), she watches Bob's, and that
    connection drops too: she is away from both. Back, she watches one of them
    again, and every table forgets her; she leaves it for the lobby. The server
    is killed and started again: Cleo back is in the lobby. Before, only the
    table she went back to was saved without her, so the other's row still held
    her, and after the restart she was put back watching a table she had left
    long before."""

    async def body(server: ServerProcess) -> None:
        url = server.url
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
        await cleo.send({"type": "spectate", "table": tables["Ann"], "chair": 0})
        await cleo.expect(p.TableSnapshot)
        await ann.seat_change(p.SeatChange.WATCHING)
        # Opened again elsewhere: the first connection is replaced, and Cleo is
        # away from Ann's table (the new one is in the lobby).
        again = NetPlayer(url, "Cleo", token=cleo.token)
        await again.connect()
        assert isinstance(await _first_answer(again), p.Lobby)
        await ann.seat_change(p.SeatChange.STOPPED_WATCHING)
        await again.send({"type": "spectate", "table": tables["Bob"], "chair": 0})
        await again.expect(p.TableSnapshot)
        await bob.seat_change(p.SeatChange.WATCHING)
        await again.close()
        await bob.seat_change(p.SeatChange.STOPPED_WATCHING)

        # Back: she watches one of the two tables again, and leaves it.
        back = NetPlayer(url, "Cleo", token=cleo.token)
        await back.connect()
        watched = await _first_answer(back)
        assert isinstance(watched, p.TableSnapshot), watched
        assert watched.table.id in tables.values() and watched.seat is None
        await back.send({"type": "leave"})
        await back.expect(p.Lobby)
        await server.kill()

        store = Store(server.db)
        try:
            rows = [store.table(table) for table in tables.values()]
        finally:
            store.close()
        for row in rows:
            assert row is not None
            watching = [w for seat in row.seating for w in seat.get("watchers", ())]
            assert cleo.player_id not in watching, (row.id, watching)

        await server.start()
        cleo.messages.clear()
        await cleo.connect()
        answer = await _first_answer(cleo)
        assert isinstance(answer, p.Lobby), answer
        for player in (ann, bob, cleo):
            await player.close()

    run(with_server(tmp_path, body), timeout=300)


async def _who(page: NetPlayer) -> str:
    """What a page's W says: who sits where, and who watches (host, seat 1)."""
    mark = len(said(page))
    await page.send({"type": "key", "key": "w"})
    return await until_said(page, lambda s: s.startswith("Seat 1: you."), mark)


async def _cleo_watched_two_games(
    server: ServerProcess,
) -> tuple[NetPlayer, NetPlayer, NetPlayer, dict[str, str]]:
    """Ann's game, then Bob's (pages, each with three computers): Ann's table is
    the older. Cleo watches Ann's from Ann's chair; opened again elsewhere (her
    first connection replaced) she is away from it, Ann hearing she stopped
    watching, and watches Bob's from Milly's chair, Bob hearing she is. Then
    the server is killed: both tables keep her. Ann, Bob, Cleo, the tables."""
    url = server.url
    ann = NetPlayer(url, "Ann", render=True)
    bob = NetPlayer(url, "Bob", render=True)
    cleo = NetPlayer(url, "Cleo")
    for player in (ann, bob, cleo):
        await player.connect()
    tables = {}
    for host in (ann, bob):
        rules = {"preset": "pagat", "hand_limit": 2}
        table = (await host.create(name=host.name, rules=rules)).table.id
        for seat, character in ((1, "milly"), (2, "bert"), (3, "poppy")):
            await host.send({"type": "add_bot", "seat": seat, "character": character})
        await host.send({"type": "start_game"})
        await until_said(host, "The game starts.")
        tables[host.name] = table
    await cleo.send({"type": "spectate", "table": tables["Ann"], "chair": 0})
    await cleo.expect(p.TableSnapshot)
    await until_said(ann, "Cleo is watching.")
    again = NetPlayer(url, "Cleo", token=cleo.token)
    await again.connect()
    assert isinstance(await _first_answer(again), p.Lobby)
    await until_said(ann, "Cleo stopped watching.")
    await again.send({"type": "spectate", "table": tables["Bob"], "chair": 1})
    await again.expect(p.TableSnapshot)
    await until_said(bob, "Cleo is watching.")
    await server.kill()
    await again.close()
    store = Store(server.db)
    try:
        for table in tables.values():
            row = store.table(table)
            assert row is not None
            watching = [w for seat in row.seating for w in seat.get("watchers", ())]
            assert watching == [cleo.player_id], (row.id, row.seating)
    finally:
        store.close()
    return ann, bob, cleo, tables


def _watchers_kept(server: ServerProcess, table: str) -> list[list[str]]:
    """The spectators the database keeps with ``table``, chair by chair."""
    store = Store(server.db, prepare=False)  # (read only: the server may run)
    try:
        row = store.table(table)
    finally:
        store.close()
    assert row is not None
    return [list(seat.get("watchers", ())) for seat in row.seating]


def test_a_spectator_back_after_a_restart_watches_the_table_she_watched_last(
    tmp_path: Path,
) -> None:
    """Cleo watched Ann's game, then (her first connection replaced) Bob's, when
    the server was killed. Started again, both tables remember her: Ann's as
    gone (Ann heard she stopped), Bob's as still watching. Back, she watches
    Bob's game again, the one she watched last, from the same chair; Bob hears
    nothing of her (she never stopped, and his W still names her), and Ann's
    table lets her go without a word (Ann was told) and is saved without her.
    Before, she was put back at Ann's table, the older one, which she had left
    before she watched Bob's, and Bob heard she stopped watching."""

    async def body(server: ServerProcess) -> None:
        ann, bob, cleo, tables = await _cleo_watched_two_games(server)
        await server.start()
        for page in (ann, bob):
            page.messages.clear()
            await page.connect()
            await until_said(page, lambda s: s.startswith("Back at"))
        assert (await _who(bob)).endswith("Watching: Cleo."), said(bob)
        assert (await _who(ann)).endswith("Nobody is watching."), said(ann)

        mark = {page.name: len(said(page)) for page in (ann, bob)}
        cleo.messages.clear()
        await cleo.connect()
        back = await _first_answer(cleo)
        assert isinstance(back, p.TableSnapshot), back
        assert back.table.id == tables["Bob"], "back at the table watched first"
        assert back.seat is None and back.chair == 1
        # (W asked after her return is answered after it: what her return told
        # them came before.)
        assert (await _who(bob)).endswith("Watching: Cleo."), said(bob)
        assert (await _who(ann)).endswith("Nobody is watching."), said(ann)
        for page in (ann, bob):
            heard = said(page)[mark[page.name] :]
            about = [s for s in heard if "Cleo" in s and not s.startswith("Seat 1:")]
            assert not about, (page.name, about)
        assert not any(_watchers_kept(server, tables["Ann"]))
        assert _watchers_kept(server, tables["Bob"])[1] == [cleo.player_id]
        for player in (ann, bob, cleo):
            await player.close()

    run(with_server(tmp_path, body), timeout=300)


def _edit_seating(
    server: ServerProcess, table: str, edit: Callable[[list[dict[str, object]]], None]
) -> None:
    """Change ``table``'s saved seating, the server stopped."""
    db = sqlite3.connect(server.db)
    try:
        (seating,) = db.execute(
            "SELECT seating FROM tables WHERE id = ?", (table,)
        ).fetchone()
        seats = json.loads(seating)
        edit(seats)
        with db:
            db.execute(
                "UPDATE tables SET seating = ? WHERE id = ?", (json.dumps(seats), table)
            )
    finally:
        db.close()


def test_a_spectator_back_elsewhere_is_said_to_have_stopped_where_still_named(
    tmp_path: Path,
) -> None:
    """As above, but Ann's table was saved still naming Cleo as watching (as a
    save that failed when her first connection dropped leaves it): after the
    restart Ann's W names her. Back, Cleo watches Bob's game, watched last, and
    Ann hears "Cleo stopped watching.", her W no longer naming her, and her
    table is saved without her. (Before, Cleo was put back at Ann's.)"""

    async def body(server: ServerProcess) -> None:
        ann, bob, cleo, tables = await _cleo_watched_two_games(server)

        def still_named(seats: list[dict[str, object]]) -> None:
            seats[0]["watching_as"] = {cleo.player_id: "Cleo"}

        _edit_seating(server, tables["Ann"], still_named)
        await server.start()
        for page in (ann, bob):
            page.messages.clear()
            await page.connect()
            await until_said(page, lambda s: s.startswith("Back at"))
        assert (await _who(ann)).endswith("Watching: Cleo."), said(ann)

        mark = len(said(ann))
        cleo.messages.clear()
        await cleo.connect()
        back = await _first_answer(cleo)
        assert isinstance(back, p.TableSnapshot), back
        assert back.table.id == tables["Bob"] and back.chair == 1
        await until_said(ann, "Cleo stopped watching.", mark)
        assert (await _who(ann)).endswith("Nobody is watching."), said(ann)
        assert not any(_watchers_kept(server, tables["Ann"]))
        for player in (ann, bob, cleo):
            await player.close()

    run(with_server(tmp_path, body), timeout=300)


def test_a_spectator_saved_by_an_older_server_is_back_at_the_first_table(
    tmp_path: Path,
) -> None:
    """As above, both tables saved by a server that did not keep when a
    spectator sat down (no ``watching_since``): back, Cleo watches the first
    of them, Ann's, as such a server put her, and Bob's lets her go, Bob
    hearing she stopped watching."""

    async def body(server: ServerProcess) -> None:
        ann, bob, cleo, tables = await _cleo_watched_two_games(server)

        kept: list[object] = []

        def older(seats: list[dict[str, object]]) -> None:
            kept.extend(
                seat.pop("watching_since") for seat in seats if "watching_since" in seat
            )

        for table in tables.values():
            _edit_seating(server, table, older)
        assert len(kept) == 2  # (each table kept when she sat down there)
        await server.start()
        await bob.connect()
        await until_said(bob, lambda s: s.startswith("Back at"))
        mark = len(said(bob))
        cleo.messages.clear()
        await cleo.connect()
        back = await _first_answer(cleo)
        assert isinstance(back, p.TableSnapshot), back
        assert back.table.id == tables["Ann"] and back.chair == 0
        await until_said(bob, "Cleo stopped watching.", mark)
        assert not any(_watchers_kept(server, tables["Bob"]))
        for player in (ann, bob, cleo):
            await player.close()

    run(with_server(tmp_path, body), timeout=300)
