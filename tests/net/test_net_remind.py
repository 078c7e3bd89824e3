"""Remind (protocol 11): a player at an online table reminds whoever it waits for.

A person who has missed their turn (reading the history, away for a moment) kept
the others waiting with no way to say so but the table's chat, which everyone
hears. ``remind`` tells only those the table waits for, at most every
REMIND_EVERY_SECONDS, and not oneself, nor a computer player.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from net_client import NetPlayer, run, running_server, url_of

from audiospades.net import protocol as p
from audiospades.net import table as table_module


async def _error(player: NetPlayer) -> p.Error:
    while not isinstance(message := await player.recv(), p.Error):
        pass
    return message


async def _until_a_turn(players: list[NetPlayer]) -> tuple[NetPlayer, NetPlayer]:
    """Read until one of two players is to act: (that one, the other)."""
    while True:
        for me in players:
            if me.turn is not None or me.questions:
                return me, next(o for o in players if o is not me)
        _done, pending = await asyncio.wait(
            [asyncio.ensure_future(me.recv()) for me in players],
            return_when=asyncio.FIRST_COMPLETED,
        )
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)


def test_a_player_reminds_the_one_the_table_waits_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_module, "REMIND_EVERY_SECONDS", 0.3)

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob, dee = (
                NetPlayer(url, "Ann"),
                NetPlayer(url, "Bob"),
                NetPlayer(url, "Dee"),
            )
            for player in (ann, bob, dee):
                await player.connect()
            table = (await ann.create(players=3, partnerships=False)).table.id
            await bob.send({"type": "join_seat", "table": table, "seat": 1})
            await bob.expect(p.TableSnapshot)
            await dee.send({"type": "spectate", "table": table})
            await dee.expect(p.TableSnapshot)
            # Before the game: nothing to remind of.
            await bob.send({"type": "remind"})
            assert (await _error(bob)).code is p.ErrorCode.GAME_NOT_STARTED
            await ann.send({"type": "add_bot", "seat": 2, "character": "milly"})
            await ann.send({"type": "start_game"})
            waited, other = await _until_a_turn([ann, bob])
            # The one to act has no one to remind; a spectator may not.
            await waited.send({"type": "remind"})
            assert (await _error(waited)).code is p.ErrorCode.NO_ONE_TO_REMIND
            await dee.send({"type": "remind"})
            assert (await _error(dee)).code is p.ErrorCode.NOT_SEATED
            await other.send({"type": "remind"})
            told = await waited.expect(p.Reminder)
            assert (told.sender, told.names) == (other.name, [waited.name])
            echo = await other.expect(p.Reminder)
            assert echo == told
            # Again at once: too soon; after the pause, again.
            await other.send({"type": "remind"})
            assert (await _error(other)).code is p.ErrorCode.TOO_SOON
            await asyncio.sleep(0.35)
            await other.send({"type": "remind"})
            assert (await waited.expect(p.Reminder)).sender == other.name
            assert not any(isinstance(m, p.Reminder) for m in dee.messages)
            for player in (ann, bob, dee):
                await player.close()

    run(scenario())


def test_an_older_client_is_sent_no_reminder() -> None:
    from audiospades.net.versions import for_version

    line = p.Reminder(sender="Ann", player="p1", names=["Bob"])
    assert for_version(line, 10) is None
    assert for_version(line, p.PROTOCOL_VERSION) is line


def test_the_pages_g_is_answered_in_words(tmp_path: Path) -> None:
    """The page's G goes through the same table controller: at a table of computer
    players, no one keeps it waiting, and the page hears so."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            page = NetPlayer(url_of(server), "Robin", render=True)
            await page.connect()
            await page.create(players=3, partnerships=False)
            for seat, character in ((1, "milly"), (2, "bert")):
                await page.send(
                    {"type": "add_bot", "seat": seat, "character": character}
                )
                await page.seat_change(p.SeatChange.BOT_ADDED)
            await page.send({"type": "start_game"})
            await page.seat_change(p.SeatChange.GAME_STARTED)
            await page.send({"type": "key", "key": "g"})
            words = (
                "There is no one to remind: the table is not waiting for another "
                "player."
            )
            refused = False
            while True:  # the refusal, then its words
                message = await page.recv()
                if isinstance(message, p.Error):
                    refused = message.code is p.ErrorCode.NO_ONE_TO_REMIND
                elif isinstance(message, p.Said) and any(
                    line.text == words for line in message.lines
                ):
                    break
            assert refused
            await page.close()

    run(scenario())


def test_a_player_away_at_their_turn_is_stood_in_for_until_back(
    tmp_path: Path,
) -> None:
    """A connected person who keeps the table waiting past the away time has a
    computer play for them (the table hears so, and they do, with how to come
    back); ``back`` gives them the seat again, with what was done meanwhile."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db", away_seconds=0.4) as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            for player in (ann, bob):
                await player.connect()
            table = (await ann.create(players=3, partnerships=False)).table.id
            await bob.send({"type": "join_seat", "table": table, "seat": 1})
            await bob.expect(p.TableSnapshot)
            await ann.send({"type": "add_bot", "seat": 2, "character": "milly"})
            await ann.send({"type": "start_game"})
            waited, other = await _until_a_turn([ann, bob])
            # Nothing done: after the away time, a computer plays for them.
            mine = await waited.seat_change(p.SeatChange.TAKEN_OVER)
            assert mine.seat == waited.seat
            seat = next(s for s in mine.table.seats if s.seat == waited.seat)
            assert seat.stand_in and seat.kind is p.SeatKind.HUMAN
            told = await other.seat_change(p.SeatChange.TAKEN_OVER)
            assert told.name == waited.name
            # The game goes on without them: the computer acted in their place
            # (the others see it; they, away, are told it all when back).
            acted = waited.acted
            while other.view is None or other.view.to_act == waited.seat:
                await other.recv()
            await waited.send({"type": "back"})
            snapshot = await waited.expect(p.TableSnapshot)
            assert snapshot.stood_in is not None
            back = next(s for s in snapshot.table.seats if s.seat == waited.seat)
            assert not back.stand_in
            assert (await other.seat_change(p.SeatChange.RETURNED)).name == waited.name
            assert waited.acted == acted  # (nothing was played by the test itself)
            for player in (ann, bob):
                await player.close()

    run(scenario())
