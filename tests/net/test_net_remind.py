"""Remind (protocol 11): a player at an online table reminds whoever it waits for.

A person who has missed their turn (reading the history, away for a moment) kept
the others waiting with no way to say so but the table's chat, which everyone
hears. ``remind`` tells only those the table waits for, at most every
REMIND_EVERY_SECONDS, and not oneself, nor a computer player.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from net_client import WAIT, NetPlayer, run, running_server, url_of

from audiospades.net import codec
from audiospades.net import protocol as p
from audiospades.net import table as table_module
from audiospades.notices import Notice, Question, Refused, YourTurn
from audiospades.rules import BidMade, CardPlayed, SeatView


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


def test_remind_once_the_game_is_over_is_answered_no_one_to_remind(
    tmp_path: Path,
) -> None:
    """Once the game is over no turn is coming: ``remind`` is answered
    ``no_one_to_remind`` (the game says "There is no one to remind: ..."), not
    ``game_not_started``, which the game said as "The game has not started
    yet."; a spectator is still ``not_seated``."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, dee = NetPlayer(url, "Ann"), NetPlayer(url, "Dee")
            for player in (ann, dee):
                await player.connect()
            rules = {"preset": "pagat", "hand_limit": 1}
            table = (await ann.create(rules=rules)).table.id
            for seat, character in ((1, "milly"), (2, "bert"), (3, "poppy")):
                await ann.send(
                    {"type": "add_bot", "seat": seat, "character": character}
                )
            await dee.send({"type": "spectate", "table": table})
            await dee.expect(p.TableSnapshot)
            await ann.send({"type": "start_game"})
            await ann.play_to_the_end()
            await ann.send({"type": "remind"})
            assert (await _error(ann)).code is p.ErrorCode.NO_ONE_TO_REMIND
            await dee.send({"type": "remind"})
            assert (await _error(dee)).code is p.ErrorCode.NOT_SEATED
            for player in (ann, dee):
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


async def _reading(player: NetPlayer, plays: Callable[[], bool]) -> None:
    """Read ``player``'s frames for ever, acting on its turns while ``plays()``."""
    while True:
        await player.recv()
        if plays():
            await player.react()


async def _until(condition: Callable[[], bool], what: str) -> None:
    """Wait (the readers reading) until ``condition()``; fail after WAIT."""
    loop = asyncio.get_running_loop()
    end = loop.time() + WAIT
    while not condition():
        assert loop.time() < end, f"never: {what}"
        await asyncio.sleep(0.005)


def _after(
    player: NetPlayer, seat: int, change: p.SeatChange = p.SeatChange.TAKEN_OVER
) -> list[p.AnyServerMessage]:
    """``player``'s messages since it first heard of ``change`` at ``seat``."""
    for index, message in enumerate(player.messages):
        if (
            isinstance(message, p.SeatChanged)
            and message.change is change
            and message.seat == seat
        ):
            return player.messages[index + 1 :]
    return []


def _told(messages: list[p.AnyServerMessage]) -> list[Notice]:
    """The notices ``messages`` carry, in order."""
    return [
        codec.decode_notice(wire)
        for message in messages
        if isinstance(message, p.TableUpdate | p.TableSnapshot)
        for wire in message.notices
    ]


@pytest.mark.parametrize("kind", ["v12", "v11", "page"])
def test_a_person_stood_in_for_while_connected_follows_the_game(
    tmp_path: Path, kind: str
) -> None:
    """Ann, connected, keeps the table waiting past the away time: while a
    computer plays for her, she is sent the game as it goes (QA: nothing came,
    and her score sheet and chat answered from the moment she went away). She
    hears every bid and card Bob hears, her seat's among them, and her view
    keeps up (her hand as it shrinks, the scores, whose turn) until it is the
    server's; she is never told it is her turn nor asked anything, and no view
    offers her a move. A version 11 client is sent whole views, one of version
    12 their changes, a page the words too. ``back`` then gives her the seat
    again, and she plays on."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db", away_seconds=0.4) as server:
            url = url_of(server)
            ann = NetPlayer(
                url,
                "Ann",
                version=11 if kind == "v11" else p.PROTOCOL_VERSION,
                render=kind == "page",
            )
            bob = NetPlayer(url, "Bob")
            for player in (ann, bob):
                await player.connect()
            rules = {"preset": "pagat", "hand_limit": 2}
            table_id = (
                await ann.create(players=3, partnerships=False, rules=rules)
            ).table.id
            await bob.send({"type": "join_seat", "table": table_id, "seat": 1})
            await bob.expect(p.TableSnapshot)
            await ann.send({"type": "add_bot", "seat": 2, "character": "milly"})
            await ann.send({"type": "start_game"})
            table = server.tables[table_id]
            seat = 0
            back = False
            views: list[SeatView] = []

            def ann_plays() -> bool:
                if not back and ann.view is not None and _after(ann, seat):
                    views.append(ann.view)  # a view while stood in for
                return back

            def done_for_ann() -> list[Notice]:
                return [
                    n
                    for n in _told(_after(bob, seat))
                    if isinstance(n, BidMade | CardPlayed) and n.seat == seat
                ]

            def bob_plays() -> bool:
                # Bob plays on until the computer has acted four times for Ann,
                # then keeps the table waiting on him while Ann's view is read.
                return back or len(done_for_ann()) < 4

            readers = [
                asyncio.ensure_future(_reading(ann, ann_plays)),
                asyncio.ensure_future(_reading(bob, bob_plays)),
            ]
            try:
                # Ann never acts: after the away time a computer plays for her.
                await _until(lambda: bool(_after(ann, seat)), "taken over")
                # Bob keeps the table waiting below, while Ann's frames are read:
                # he is not to be stood in for meanwhile.
                table.context.away_seconds = 3600.0
                await _until(lambda: not bob_plays(), "four moves for Ann")
                await _until(
                    lambda: bob.turn is not None or bool(bob.questions), "Bob's turn"
                )
                core = table.core
                assert core is not None and core.people_awaited() == {bob.seat}
                server_view, count = core.view(seat), core.game.action_count
                await _until(
                    lambda: (
                        ann.view is not None
                        and ann.view.to_act == server_view.to_act
                        and ann.view.trick == server_view.trick
                        and len(ann.view.completed_tricks)
                        == len(server_view.completed_tricks)
                    ),
                    "Ann's view up to date",
                )
                # Her view is the server's: her hand as it is now, the bids, the
                # tricks, the scores.
                assert ann.view == server_view
                assert ann.view.hand == core.game.hand(seat)
                assert len({view.hand for view in views}) > 1  # as the cards went

                told = _told(_after(ann, seat))
                moves = [n for n in told if isinstance(n, BidMade | CardPlayed)]
                heard_by_bob = [
                    n
                    for n in _told(_after(bob, seat))
                    if isinstance(n, BidMade | CardPlayed)
                ]
                assert moves == heard_by_bob
                assert [n for n in moves if n.seat == seat] == done_for_ann()
                # The computer acts for her: no turn, no question, no move offered.
                assert not [n for n in told if isinstance(n, YourTurn | Question)]
                assert not any(v.legal_plays or v.legal_bids for v in views)
                if kind == "page":
                    said = [
                        line
                        for m in _after(ann, seat)
                        if isinstance(m, p.Said)
                        for line in m.lines
                    ]
                    assert any(line.text.endswith(" for you.") for line in said), said
                    assert not [
                        line
                        for line in said
                        if line.text.startswith(("You play ", "You bid "))
                    ], said
                    assert not [line for line in said if line.cue == "your_turn"]
                if kind == "v12":
                    assert any(
                        isinstance(m, p.TableUpdate) and m.changes is not None
                        for m in _after(ann, seat)
                    )

                # Back: the seat is hers again, and she plays on.
                heard = len(ann.messages)
                # The turn she was away at is long gone: not acted on now.
                ann.turn, ann.questions = None, []
                back = True
                await ann.send({"type": "back"})
                await _until(
                    lambda: any(
                        isinstance(m, p.TableSnapshot) for m in ann.messages[heard:]
                    ),
                    "the snapshot",
                )
                snapshot = next(
                    m for m in ann.messages[heard:] if isinstance(m, p.TableSnapshot)
                )
                assert snapshot.stood_in is not None
                assert not table.seats[seat].stand_in
                # Bob, told she is back, plays his turn kept waiting; the game
                # goes on with Ann playing her own seat.
                await _until(
                    lambda: any(
                        isinstance(n, BidMade | CardPlayed) and n.seat == seat
                        for n in _told(_after(bob, seat, p.SeatChange.RETURNED))
                    ),
                    "Ann plays again",
                )
                assert ann.acted > 0
                assert core.game.action_count > count
                assert not [n for n in ann.notices if isinstance(n, Refused)]
                assert not ann.errors and not bob.errors
            finally:
                # Closed first: the readers' reads end with the connections.
                for player in (ann, bob):
                    await player.close()
                await asyncio.gather(*readers, return_exceptions=True)

    run(scenario())
