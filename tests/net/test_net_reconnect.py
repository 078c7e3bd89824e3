"""A dropped connection: the table is told, a computer player takes the seat after the
(test-short) delay, and the player coming back with its token reclaims the seat with a
full snapshot; the game then finishes with nothing lost."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from net_client import NetPlayer, run, running_server, url_of

from audiospades.net import protocol as p
from audiospades.net.server import Server
from audiospades.net.store import Store
from audiospades.record import game_from_record
from audiospades.rules import CardPlayed, Phase, SeatView


async def _table_for_two(
    ann: NetPlayer, bob: NetPlayer, rules: dict[str, object]
) -> str:
    await ann.connect()
    await bob.connect()
    await ann.send({"type": "create_table", "name": "Drop", "rules": rules})
    table = (await ann.expect(p.TableSnapshot)).table.id
    await bob.send({"type": "join_seat", "table": table, "seat": 2})
    await bob.expect(p.TableSnapshot)
    await ann.send({"type": "add_bot", "seat": 1, "character": "milly"})
    await ann.send({"type": "add_bot", "seat": 3, "character": "hazel"})
    await ann.send({"type": "start_game"})
    return table


async def _bob_until_mid_trick(bob: NetPlayer) -> SeatView:
    """Bob plays until it is his turn in the middle of a later trick, then stops."""
    while True:
        await bob.recv()
        for question in bob.questions:
            await bob.send({"type": "answer", "yes": bob.answer(question)})
        bob.questions = []
        view, bob.turn = bob.turn, None
        if view is None:
            continue
        if view.phase is Phase.PLAYING and view.trick and view.trick_index >= 2:
            return view
        await bob.act(view)


async def _ann_until(ann: NetPlayer, change: p.SeatChange, *, react: bool) -> None:
    while True:
        message = await ann.recv()
        if react:
            await ann.react()
        if isinstance(message, p.SeatChanged) and message.change is change:
            assert message.seat == 2
            return


def test_a_dropped_player_is_replaced_then_reclaims_the_seat(tmp_path: Path) -> None:
    async def scenario() -> None:
        db = tmp_path / "server.db"
        async with running_server(db, takeover_seconds=0.5) as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            rules = {"preset": "pagat", "hand_limit": 2}
            table = await _table_for_two(ann, bob, rules)
            ann_task = asyncio.create_task(
                _ann_until(ann, p.SeatChange.DISCONNECTED, react=True)
            )
            dropped_view = await _bob_until_mid_trick(bob)
            await bob.ws.close()  # type: ignore[union-attr]
            await ann_task
            # Ann waits (she does not act) while the seat is empty, then taken over.
            await _ann_until(ann, p.SeatChange.TAKEN_OVER, react=False)
            taken_at = len(ann.notices)
            # It was Bob's turn: the computer now plays for him.
            while not any(
                isinstance(n, CardPlayed) and n.seat == 2
                for n in ann.notices[taken_at:]
            ):
                await ann.recv()

            back = NetPlayer(url, "Bob", token=bob.token)
            welcome = await back.connect()
            assert welcome.player == bob.player_id
            snapshot = await back.expect(p.TableSnapshot)
            assert snapshot.seat == 2 and snapshot.table.id == table
            assert back.view is not None and back.view.seat == 2
            assert back.view.hand, "the snapshot holds Bob's hand"
            assert back.view.deal_count >= dropped_view.deal_count
            await _ann_until(ann, p.SeatChange.RETURNED, react=False)

            # Ann acts on any turn announced while she waited; Bob on his snapshot.
            first, second = await asyncio.gather(
                ann.play_to_the_end(), back.play_to_the_end()
            )
            assert first.outcome == second.outcome
            assert not ann.errors and not back.errors, (ann.errors, back.errors)
            await ann.close()
            await back.close()

        store = Store(db)
        [(row, record, _)] = store.open_tables()
        assert row.state == "finished" and row.game_id is not None
        # Read back with the game just over, as kept (resumed so after a restart).
        assert record == store.finished_record(row.game_id)
        results = store.results_for(row.game_id)
        assert [r.player_id for r in results] == [
            ann.player_id,
            None,
            bob.player_id,
            None,
        ]
        finished = store.finished_record(row.game_id)
        assert finished is not None
        assert game_from_record(finished).is_over
        store.close()

    run(scenario())


def test_a_stand_in_is_the_same_computer_player_after_a_restart(
    tmp_path: Path,
) -> None:
    """Bob drops and Hazel stands in for him (his blind nil and redeal choices
    included); a server restarted on the database asks Hazel too, not a random
    player, so the resumed game is the one the uninterrupted server would play."""
    db = tmp_path / "server.db"

    async def scenario() -> tuple[str, str]:
        async with running_server(db, takeover_seconds=0.3) as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            await ann.connect()
            await bob.connect()
            await ann.send(
                {"type": "create_table", "name": "T", "rules": {"preset": "pagat"}}
            )
            table_id = (await ann.expect(p.TableSnapshot)).table.id
            await bob.send({"type": "join_seat", "table": table_id, "seat": 2})
            await bob.expect(p.TableSnapshot)
            await ann.send({"type": "add_bot", "seat": 1, "character": "milly"})
            await ann.send({"type": "add_bot", "seat": 3, "character": "bert"})
            await ann.send({"type": "start_game"})
            await bob.expect(p.TableUpdate)
            await bob.close()
            while True:
                message = await ann.recv()
                if (
                    isinstance(message, p.SeatChanged)
                    and message.change is p.SeatChange.TAKEN_OVER
                ):
                    break
            core = server.tables[table_id].core
            assert core is not None
            before = _kind(core.bots[2])
            await ann.close()
        async with running_server(db, takeover_seconds=0.3) as server:
            table = server.tables[table_id]
            assert table.seats[2].stand_in and table.core is not None
            after = _kind(table.core.bots[2])
        return before, after

    before, after = run(scenario())
    assert before == after and before[0] != "RandomBot"


def _kind(bot: object) -> tuple[str, object]:
    return type(bot).__name__, getattr(bot, "level", None)


def test_a_game_everyone_dropped_out_of_closes_its_table_when_it_ends(
    tmp_path: Path,
) -> None:
    """Ann starts a game against three computer players and her connection drops;
    Hazel stands in and the game plays out. Then nobody is left: the table goes
    (before, it stayed listed until a restart, counting towards the server's
    limit of tables)."""

    async def scenario() -> tuple[int, list[str], bool]:
        async with running_server(tmp_path / "server.db") as server:
            ann = NetPlayer(url_of(server), "Ann")
            await ann.connect()
            await ann.send(
                {
                    "type": "create_table",
                    "name": "Left behind",
                    "rules": {"preset": "pagat", "hand_limit": 1},
                }
            )
            table_id = (await ann.expect(p.TableSnapshot)).table.id
            for seat, who in ((1, "milly"), (2, "bert"), (3, "hazel")):
                await ann.send({"type": "add_bot", "seat": seat, "character": who})
            await ann.send({"type": "start_game"})
            await ann.expect(p.TableUpdate)
            await ann.close()
            for _ in range(600):  # Hazel plays the game out for her
                await asyncio.sleep(0.05)
                if table_id not in server.tables:
                    break
            watcher = NetPlayer(url_of(server), "Cy")
            await watcher.connect()
            lobby = await watcher.expect(p.Lobby)
            await watcher.close()
            row = server.store.table(table_id)
            finished = row is not None and row.game_id is not None
            games = row is not None and bool(server.store.results_for(row.game_id))
            return len(server.tables), [t.id for t in lobby.tables], finished and games

    count, listed, kept = run(scenario())
    assert count == 0 and listed == []
    assert kept  # the finished game and its results are kept


def test_the_host_plays_again_after_a_player_dropped_out(tmp_path: Path) -> None:
    """Bob's connection drops and a computer player finishes the game for him;
    his seat stays the computer player's, so Ann's 'play again' starts a game
    (before: his seat was left empty and the server refused, 'seats are empty',
    with no way at a finished table to put a computer player in it)."""

    async def scenario() -> tuple[list[str], p.AnyServerMessage]:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            await ann.connect()
            await bob.connect()
            rules = {"preset": "pagat", "hand_limit": 1}
            await ann.send({"type": "create_table", "name": "T", "rules": rules})
            table_id = (await ann.expect(p.TableSnapshot)).table.id
            await bob.send({"type": "join_seat", "table": table_id, "seat": 1})
            await bob.expect(p.TableSnapshot)
            for seat, who in ((2, "milly"), (3, "bert")):
                await ann.send({"type": "add_bot", "seat": seat, "character": who})
            await ann.send({"type": "start_game"})
            await bob.close()
            await ann.play_to_the_end()
            while True:  # until the seat is let go (the game's last frames)
                message = await ann.recv()
                if isinstance(message, p.SeatChanged) and message.seat == 1:
                    break
            kinds = [s.kind.value for s in server.tables[table_id].info().seats]
            await ann.send({"type": "start_game"})
            while True:
                answer = await ann.recv()
                if isinstance(answer, p.Error) or (
                    isinstance(answer, p.SeatChanged)
                    and answer.change is p.SeatChange.GAME_STARTED
                ):
                    break
            await ann.close()
            return kinds, answer

    kinds, answer = run(scenario())
    assert kinds == ["human", "computer", "computer", "computer"]
    assert not isinstance(answer, p.Error), answer


def test_a_stand_in_is_not_a_character_already_at_the_table(tmp_path: Path) -> None:
    """Hazel, the usual stand-in, already sits at the table when Bob leaves: the
    seat goes to another computer player, so no two seats share a name."""

    async def scenario() -> list[str | None]:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            await ann.connect()
            await bob.connect()
            rules = {"preset": "pagat"}
            await ann.send({"type": "create_table", "name": "T", "rules": rules})
            table_id = (await ann.expect(p.TableSnapshot)).table.id
            await bob.send({"type": "join_seat", "table": table_id, "seat": 1})
            await bob.expect(p.TableSnapshot)
            for seat, who in ((2, "milly"), (3, "hazel")):
                await ann.send({"type": "add_bot", "seat": seat, "character": who})
            await ann.send({"type": "start_game"})
            await bob.expect(p.TableUpdate)
            await bob.send({"type": "leave"})
            while True:
                message = await ann.recv()
                if isinstance(message, p.SeatChanged) and message.seat == 1:
                    break
            table = server.tables[table_id]
            assert table.core is not None
            characters = [s.character for s in table.info().seats]
            assert table.core.seating.characters[1] == characters[1]  # one player
            await ann.close()
            await bob.close()
            return characters

    characters = run(scenario())
    seated = [c for c in characters if c]
    assert len(seated) == 3 and len(set(seated)) == 3 and characters[3] == "hazel"


def test_a_spectator_whose_connection_drops_watches_again_on_return(
    tmp_path: Path,
) -> None:
    """Cy watches Ann's game from seat 3; Cy's connection drops and comes back
    (the same token): Cy watches the same table from the same chair again, as a
    seated player gets the seat back (before: the lobby)."""

    async def scenario() -> tuple[p.TableSnapshot, p.AnyServerMessage]:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            ann, cy = NetPlayer(url, "Ann"), NetPlayer(url, "Cy")
            await ann.connect()
            await cy.connect()
            rules = {"preset": "pagat"}
            await ann.send({"type": "create_table", "name": "T", "rules": rules})
            table_id = (await ann.expect(p.TableSnapshot)).table.id
            for seat, who in ((1, "milly"), (2, "bert"), (3, "poppy")):
                await ann.send({"type": "add_bot", "seat": seat, "character": who})
            await ann.send({"type": "start_game"})
            await ann.expect(p.TableUpdate)
            await cy.send({"type": "spectate", "table": table_id, "chair": 3})
            first = await cy.expect(p.TableSnapshot)
            await cy.close()
            await cy.connect()  # the same token
            again = await cy.recv()
            while isinstance(again, p.Said | p.Pong):
                again = await cy.recv()
            await ann.close()
            await cy.close()
            return first, again

    first, again = run(scenario())
    assert first.seat is None and first.chair == 3
    assert isinstance(again, p.TableSnapshot), again
    assert again.table.id == first.table.id and again.seat is None and again.chair == 3


async def _until(condition: Callable[[], bool]) -> None:
    """Wait until ``condition()`` (the server runs meanwhile); fail after a bound."""
    async with asyncio.timeout(30):
        while not condition():
            await asyncio.sleep(0.01)


def _watchers_saved(server: Server, table: str) -> list[str]:
    """The spectators the database keeps with the table (any chair)."""
    row = server.store.table(table)
    assert row is not None
    return [w for seat in row.seating for w in seat.get("watchers", [])]


async def _answer_after_hello(player: NetPlayer) -> p.AnyServerMessage:
    """The server's answer to a player back: a table snapshot, or the lobby."""
    while True:
        message = await player.recv()
        if isinstance(message, p.TableSnapshot | p.Lobby):
            return message


def test_a_spectator_away_past_the_takeover_delay_before_a_game_is_let_go(
    tmp_path: Path,
) -> None:
    """Cy watches Ann's table, its game not begun, and his connection drops. As a
    person's seat is kept for the takeover delay before a game, so is his chair:
    then he is let go, the database no longer keeping him, and back he is in the
    lobby. Ann, who stays, keeps the table open. (Before, he was kept for as long
    as the table lived.)"""

    async def scenario() -> p.AnyServerMessage:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            ann, cy = NetPlayer(url, "Ann"), NetPlayer(url, "Cy")
            await ann.connect()
            await cy.connect()
            table = (await ann.create()).table.id
            await cy.send({"type": "spectate", "table": table, "chair": 2})
            await cy.expect(p.TableSnapshot)
            assert _watchers_saved(server, table) == [cy.player_id]
            await cy.close()
            await _until(lambda: not _watchers_saved(server, table))
            await cy.connect()
            answer = await _answer_after_hello(cy)
            assert table in server.tables
            for player in (ann, cy):
                await player.close()
            return answer

    assert isinstance(run(scenario()), p.Lobby)


def test_a_spectator_away_during_a_game_is_kept_until_it_ends(tmp_path: Path) -> None:
    """Cy watches Ann's game; his connection drops for longer than the takeover
    delay: back, he watches again, as a person's seat is kept through the game.
    Gone again, he is let go when the game ends, as the seats of people away are."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            ann, cy = NetPlayer(url, "Ann"), NetPlayer(url, "Cy")
            await ann.connect()
            await cy.connect()
            rules = {"preset": "pagat", "hand_limit": 1}
            table_id = (await ann.create(rules=rules)).table.id
            for seat, who in ((1, "milly"), (2, "bert"), (3, "poppy")):
                await ann.send({"type": "add_bot", "seat": seat, "character": who})
            await ann.send({"type": "start_game"})
            await ann.expect(p.TableUpdate)
            table = server.tables[table_id]

            async def away_past_the_delay() -> None:
                await cy.close()
                await _until(lambda: cy.player_id in table._away_watchers)
                await _until(lambda: not table._watcher_timers)

            await cy.send({"type": "spectate", "table": table_id, "chair": 3})
            await cy.expect(p.TableSnapshot)
            await away_past_the_delay()
            assert _watchers_saved(server, table_id) == [cy.player_id]
            await cy.connect()
            again = await _answer_after_hello(cy)
            assert isinstance(again, p.TableSnapshot), again
            assert again.seat is None and again.chair == 3
            await away_past_the_delay()
            await ann.play_to_the_end()
            await _until(lambda: not _watchers_saved(server, table_id))
            assert not table._away_watchers
            await cy.connect()
            assert isinstance(await _answer_after_hello(cy), p.Lobby)
            for player in (ann, cy):
                await player.close()

    run(scenario())
