"""A private table found by its code, kept current for its finder (version 8).

``find_table`` answered once: while the finder chose a seat, others sat down, the
game began or the table closed, and the choices shown went stale (a seat offered
was taken). Now the server sends ``found_table`` again, ``changed``, to the
players in the lobby who found the table, as it changes, and ``closed`` when it
closes; a version 7 client gets none of these. And the listing ``find_table``
answers with is the table's as it is now (it was the one first found).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from net_client import NetPlayer, run, running_server, url_of

from audiospades.net import protocol as p
from audiospades.net.protocol import SeatKind
from audiospades.net.server import Server

QUIET = 0.3
"""Seconds in which a frame that should not come would have come."""


async def _private_table(ann: NetPlayer) -> tuple[str, str]:
    """Ann's new private table: its id and its code."""
    await ann.send(
        {"type": "create_table", "name": "T", "rules": {"preset": "pagat"}}
        | {"private": True}
    )
    snapshot = await ann.expect(p.TableSnapshot)
    assert snapshot.code is not None
    return snapshot.table.id, snapshot.code


async def _found(player: NetPlayer, code: str) -> p.TableFound:
    await player.send({"type": "find_table", "code": code})
    return await player.expect(p.TableFound)


async def _bob_found_anns_table(server: Server) -> tuple[NetPlayer, NetPlayer, str]:
    """Ann and Bob connected; Bob found Ann's new private table by its code
    (the answer read). Ann, Bob and the table's id."""
    url = url_of(server)
    ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
    for player in (ann, bob):
        await player.connect()
    table, code = await _private_table(ann)
    await _found(bob, code)
    return ann, bob, table


async def _nothing_found(player: NetPlayer) -> None:
    """No ``found_table`` comes (a ping's answer, after QUIET, says so)."""
    await asyncio.sleep(QUIET)
    await player.send({"type": "ping", "nonce": 1})
    while not isinstance(message := await player.recv(), p.Pong):
        assert not isinstance(message, p.TableFound), message


def test_the_finder_is_sent_the_table_again_as_it_changes(tmp_path: Path) -> None:
    """Bob found Ann's table; Milly sits in a seat, Cy takes another: each comes
    to Bob as ``found_table`` with ``changed``, the listing as it is now. A
    version 7 finder is answered with the table as it is now (before, as it was
    first found) and sent no change. Bob sits down: no more of them."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob, cy = (NetPlayer(url, name) for name in ("Ann", "Bob", "Cy"))
            old = NetPlayer(url, "Old", version=7)
            for player in (ann, bob, cy, old):
                await player.connect()
            table, code = await _private_table(ann)
            first = await _found(bob, code.lower())
            assert not first.changed and first.table.free_seats == [1, 2, 3]
            assert '"changed"' not in bob.frames[-1]  # (left out when false)
            await ann.send({"type": "add_bot", "seat": 2, "character": "milly"})
            changed = await bob.expect(p.TableFound)
            assert changed.changed and not changed.closed
            assert changed.code == code and changed.table.id == table
            assert changed.table.free_seats == [1, 3]
            answer = await _found(old, code)
            assert answer.table.free_seats == [1, 3]  # not the listing cached
            assert '"changed"' not in old.frames[-1]
            await cy.send({"type": "join_seat", "table": code, "seat": 1})
            await cy.expect(p.TableSnapshot)
            changed = await bob.expect(p.TableFound)
            assert changed.changed and changed.table.free_seats == [3]
            seats = {s.seat: s for s in changed.table.seats}
            assert seats[1].name == "Cy" and seats[2].kind is SeatKind.COMPUTER
            await _nothing_found(old)
            seated_at = len(bob.messages)
            await bob.send({"type": "join_seat", "table": table, "seat": 3})
            await bob.expect(p.TableSnapshot)
            await ann.send({"type": "start_game"})
            while (await bob.expect(p.TableSnapshot)).view is None:
                pass
            await _nothing_found(bob)
            later = bob.messages[seated_at:]
            assert not [m for m in later if isinstance(m, p.TableFound)]

    run(scenario())


def test_the_finder_is_told_the_table_closed(tmp_path: Path) -> None:
    """Ann, alone at the private table Bob found, leaves: it closes, and Bob is
    sent ``found_table`` with ``closed`` (its last listing)."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            ann, bob, table = await _bob_found_anns_table(server)
            await ann.send({"type": "leave"})
            gone = await bob.expect(p.TableFound)
            assert gone.changed and gone.closed and gone.table.id == table
            assert table not in server.tables

    run(scenario())


def test_a_new_code_asked_for_ends_the_news_of_the_table_found_before(
    tmp_path: Path,
) -> None:
    """Bob asks for another code (a wrong one): the table he found before is no
    longer the one shown, and its changes are not sent."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            ann, bob, _table = await _bob_found_anns_table(server)
            await bob.send({"type": "find_table", "code": "NOSUCH"})
            error = await bob.recv()
            assert isinstance(error, p.Error) and error.request == "find_table"
            await ann.send({"type": "add_bot", "seat": 2, "character": "milly"})
            await ann.expect(p.SeatChanged)
            await _nothing_found(bob)

    run(scenario())


def test_the_page_redraws_the_table_found_and_takes_it_away_when_it_closes(
    tmp_path: Path,
) -> None:
    """A rendering client (the page) that found the table is sent it again,
    worded, with the change said in the lobby's words; when it closes, the page
    is told which table to take away, and hears that it closed."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, page = NetPlayer(url, "Ann"), NetPlayer(url, "Bob", render=True)
            for player in (ann, page):
                await player.connect()
            table, code = await _private_table(ann)
            await page.send({"type": "find_table", "code": code})
            said = await _said_with(page, lambda s: s.found is not None)
            assert said.found is not None and said.found.seats is not None
            assert len(said.found.seats) == 3
            await ann.send({"type": "add_bot", "seat": 2, "character": "milly"})
            said = await _said_with(page, lambda s: s.found is not None)
            assert said.found is not None and said.found.id == table
            assert said.found.seats is not None and len(said.found.seats) == 2
            assert [line.text for line in said.lines] == ["T now has 2 seats free."]
            await ann.send({"type": "add_bot", "seat": 1, "character": "bert"})
            await ann.send({"type": "add_bot", "seat": 3, "character": "hazel"})
            said = await _said_with(page, lambda s: "T is full." in _texts(s))
            assert said.found is not None and said.found.kind == "full"
            await ann.send({"type": "start_game"})
            said = await _said_with(page, lambda s: s.found is not None)
            assert _texts(said) == ["T has started playing."]
            assert said.found is not None
            assert "game under way" in said.found.label
            await ann.send({"type": "leave"})
            said = await _said_with(page, lambda s: s.found_closed is not None)
            assert said.found_closed == table
            assert _texts(said) == ["T has closed."]
            assert server.tables.get(table) is None

    run(scenario())


def _texts(said: p.Said) -> list[str]:
    return [line.text for line in said.lines]


async def _said_with(player: NetPlayer, wanted: object) -> p.Said:
    """The next ``said`` frame that ``wanted`` picks (others read past)."""
    while True:
        message = await player.recv()
        if isinstance(message, p.Said) and wanted(message):  # type: ignore[operator]
            return message
