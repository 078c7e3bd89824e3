"""Leaving the waiting room while the host starts the game (protocol version 8).

A seated player's ``leave`` from the waiting room says ``before_start``. When the
host's start reached the server first, the seat is no longer handed to a computer
player unasked: the server refuses with ``game_started`` for ``leave`` and sends
the table again, the player still seated. A client older than version 8 says
nothing of the kind, and leaving a game under way gives the seat up, as before.
"""

from __future__ import annotations

from pathlib import Path

from net_client import NetPlayer, run, running_server, url_of

from audiospades.net import protocol as p
from audiospades.net.protocol import ErrorCode, SeatKind
from audiospades.net.server import Server

STILL_SEATED = "The game had already started: you are still in your seat."


async def _ann_starts_with_bob(server: Server, bob: NetPlayer) -> str:
    """Ann's table: Bob in seat 2 (by the server's count, 1), Milly and Bert in the
    others; Ann starts it, and Bob has the game's first snapshot. The table id."""
    ann = NetPlayer(url_of(server), "Ann")
    await ann.connect()
    await ann.send({"type": "create_table", "name": "T", "rules": {"preset": "pagat"}})
    table = (await ann.expect(p.TableSnapshot)).table.id
    await bob.connect()
    await bob.send({"type": "join_seat", "table": table, "seat": 1})
    await bob.expect(p.TableSnapshot)
    for seat, who in ((2, "milly"), (3, "bert")):
        await ann.send({"type": "add_bot", "seat": seat, "character": who})
    await ann.send({"type": "start_game"})
    while True:  # the waiting room's snapshot came first; then the game's
        snapshot = await bob.expect(p.TableSnapshot)
        if snapshot.view is not None:
            return table


async def _said(player: NetPlayer) -> p.Said:
    """The next ``said`` frame (the ``error`` the page reads past comes too)."""
    while True:
        message = await player.recv()
        if isinstance(message, p.Said):
            return message


def _holder(server: Server, table: str, seat: int) -> tuple[SeatKind, str | None]:
    held = server.tables[table].seats[seat]
    return held.kind, held.player


def test_a_leave_meant_for_before_the_game_keeps_the_seat_once_it_started(
    tmp_path: Path,
) -> None:
    """The start reached the server before Bob's leave from the waiting room: he
    is refused (``game_started``, naming ``leave``), sent the table again with his
    seat and the game's view, and still holds the seat; no computer took it."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            bob = NetPlayer(url_of(server), "Bob")
            table = await _ann_starts_with_bob(server, bob)
            start = len(bob.messages)
            await bob.send({"type": "leave", "before_start": True})
            error = await bob.recv()
            while not isinstance(error, p.Error):  # the game's news before it
                assert not isinstance(error, p.Lobby), error
                error = await bob.recv()
            assert error.code is ErrorCode.GAME_STARTED
            assert error.request == "leave"
            again = await bob.recv()
            assert isinstance(again, p.TableSnapshot), again
            assert again.seat == 1 and again.view is not None
            assert _holder(server, table, 1) == (SeatKind.HUMAN, bob.player_id)
            # No lobby follows: he is at the table (a ping's answer comes after
            # anything the leave brought).
            await bob.send({"type": "ping", "nonce": 5})
            while not isinstance(await bob.recv(), p.Pong):
                pass
            assert not any(isinstance(m, p.Lobby) for m in bob.messages[start:])

    run(scenario())


def test_a_leave_before_the_game_leaves_when_it_has_not_started(
    tmp_path: Path,
) -> None:
    """With no game under way, ``before_start`` leaves as any leave does."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            await ann.connect()
            await ann.send(
                {"type": "create_table", "name": "T", "rules": {"preset": "pagat"}}
            )
            table = (await ann.expect(p.TableSnapshot)).table.id
            await bob.connect()
            await bob.send({"type": "join_seat", "table": table, "seat": 1})
            await bob.expect(p.TableSnapshot)
            await bob.send({"type": "leave", "before_start": True})
            await bob.expect(p.Lobby)
            assert _holder(server, table, 1) == (SeatKind.EMPTY, None)

    run(scenario())


def test_an_older_client_leaving_a_started_game_gives_its_seat_up(
    tmp_path: Path,
) -> None:
    """A version 7 client knows no ``before_start``: its leave after the start is
    carried out as before (a computer player takes the seat, the lobby comes)."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            bob = NetPlayer(url_of(server), "Bob", version=7)
            table = await _ann_starts_with_bob(server, bob)
            await bob.send({"type": "leave"})
            await bob.expect(p.Lobby)
            kind, player = _holder(server, table, 1)
            assert kind is SeatKind.COMPUTER and player is None
            assert server.tables[table].seats[1].gone_player == bob.player_id

    run(scenario())


def test_the_page_hears_it_is_still_seated_and_stays_at_the_table(
    tmp_path: Path,
) -> None:
    """The browser page's leave from the waiting room, after the start: the page
    is told so in the game's words (urgent, as a refusal) and gets no lobby."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            bob = NetPlayer(url_of(server), "Bob", render=True)
            table = await _ann_starts_with_bob(server, bob)
            await bob.send({"type": "leave", "before_start": True})
            while True:
                said = await _said(bob)
                assert said.screen is None or said.screen.place == "table", said
                told = [line for line in said.lines if line.text == STILL_SEATED]
                if told:
                    assert told[0].urgent
                    break
            assert _holder(server, table, 1) == (SeatKind.HUMAN, bob.player_id)
            # The page's keys still reach the table: S says the score.
            await bob.send({"type": "key", "key": "s"})
            said = await _said(bob)
            assert said.lines and STILL_SEATED not in [x.text for x in said.lines]

    run(scenario())
