"""SIGKILL the server mid-game at random moments and start it again on the same
database: every table resumes where it stood, the players reconnect with their
tokens and are shown exactly the saved game, and each game ends with the same
actions and scores as an uninterrupted run of the same table (same seed, same
seating, the same scripted people) worked out here without any server.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
from pathlib import Path
from typing import Any

import pytest
from net_client import NetPlayer, choose_bid, run
from server_process import ServerProcess, free_port
from websockets.exceptions import ConnectionClosed

from audiospades.net import protocol as p
from audiospades.net.store import Store, TableRow
from audiospades.record import game_from_record, game_to_record
from audiospades.rules import Game, Rules, SeatView, seat_view
from audiospades.seating import Seating
from audiospades.table_core import TableCore

KILLS = 3


async def _play(player: NetPlayer) -> None:
    """Play on until the game ends or the connection is lost."""
    with contextlib.suppress(ConnectionClosed):
        await player.play_to_the_end(timeout=60)


async def _reconnect(player: NetPlayer) -> p.TableSnapshot:
    player.messages.clear()
    await player.connect()
    return await player.expect(p.TableSnapshot)


def _rules(row: TableRow) -> Rules:
    raw: dict[str, Any] = row.rules
    return Rules.from_dict(
        raw["options"], players=raw["players"], partnerships=raw["partnerships"]
    )


def _uninterrupted(row: TableRow) -> Game:
    """The same table played to the end in this process, never interrupted."""
    rules = _rules(row)
    n = rules.player_count
    seating = Seating(
        tuple(s["character"] if s["kind"] == "computer" else None for s in row.seating),
        tuple(s["name"] for s in row.seating),
    )
    humans = [s for s in range(n) if row.seating[s]["kind"] == "human"]
    first_dealer = random.Random(f"{row.seed}/table").randrange(n)
    core = TableCore(
        Game(rules, first_dealer=first_dealer),
        seed=row.seed,
        seating=seating,
        humans=humans,
    )
    for _ in range(100_000):
        if core.is_over:
            break
        core.run_until_idle()
        for seat in humans:
            if core.question(seat) is not None:
                core.answer(seat, False)
            elif core.is_turn(seat):
                view = core.view(seat)
                if view.legal_bids:
                    core.bid(seat, choose_bid(view))
                elif view.phase.value == "passing":
                    core.pass_cards(seat, view.hand[: rules.blind_nil_pass])
                else:
                    core.play(seat, min(view.legal_plays))
    assert core.is_over
    return core.game


@pytest.mark.parametrize("seed", [2024, 5])
def test_sigkill_at_random_moments_loses_nothing(tmp_path: Path, seed: int) -> None:
    db, home = tmp_path / "server.db", tmp_path / "home"
    rng = random.Random(seed)

    Resumed = list[tuple[str, dict[str, Any], SeatView]]

    async def play(server: ServerProcess) -> tuple[list[str], Resumed]:
        url = f"ws://127.0.0.1:{server.port}"
        await server.start()
        ann, bob, cy = (
            NetPlayer(url, "Ann"),
            NetPlayer(url, "Bob"),
            NetPlayer(url, "Cy"),
        )
        for player in (ann, bob, cy):
            await player.connect()
        four = {"preset": "pagat", "hand_limit": 2}
        await ann.send({"type": "create_table", "name": "Four", "rules": four})
        first = (await ann.expect(p.TableSnapshot)).table.id
        await bob.send({"type": "join_seat", "table": first, "seat": 2})
        await bob.expect(p.TableSnapshot)
        for seat, who in ((1, "milly"), (3, "dennis")):
            await ann.send({"type": "add_bot", "seat": seat, "character": who})
        three = {"preset": "open_spades", "hand_limit": 2}
        await cy.send(
            {"type": "create_table", "name": "Three", "rules": three, "players": 3}
        )
        second = (await cy.expect(p.TableSnapshot)).table.id
        for seat, who in ((1, "bert"), (2, "hazel")):
            await cy.send({"type": "add_bot", "seat": seat, "character": who})
        await ann.send({"type": "start_game"})
        await cy.send({"type": "start_game"})
        people = (ann, bob, cy)
        resumed: list[tuple[str, dict[str, Any], SeatView]] = []
        for kill in range(KILLS + 1):
            tasks = [asyncio.create_task(_play(player)) for player in people]
            if kill < KILLS:
                # Kill after a random number of frames, never counting on timing.
                target = sum(len(x.frames) for x in people) + rng.randrange(5, 60)
                while sum(len(x.frames) for x in people) < target and not all(
                    t.done() for t in tasks
                ):
                    await asyncio.sleep(0.001)
                await server.kill()
                await asyncio.gather(*tasks)
                store = Store(db)
                saved = {t: store.record_of(t) for t in (first, second)}
                store.close()
                await server.start()
                for player in people:
                    if player.outcome is not None:
                        continue
                    snapshot = await _reconnect(player)
                    assert player.view is not None
                    record = saved[snapshot.table.id]
                    assert record is not None
                    resumed.append((snapshot.table.id, record, player.view))
            else:
                await asyncio.gather(*tasks)
        for player in people:
            assert player.outcome is not None
            assert not player.errors, player.errors
            await player.close()
        await server.stop()
        log = "\n".join(server.lines)
        assert "resumed" in log
        assert not any(x.token and x.token in log for x in people)
        return [first, second], resumed

    async def scenario() -> tuple[list[str], Resumed]:
        server = ServerProcess(db, free_port(), home)
        try:
            return await play(server)
        finally:
            await server.ensure_gone()

    tables, resumed = run(scenario(), timeout=600)
    assert len(resumed) >= KILLS
    store = Store(db)
    finals: dict[str, dict[str, Any]] = {}
    for table_id in tables:
        row = store.table(table_id)
        assert row is not None and row.game_id is not None and row.state == "finished"
        record = store.finished_record(row.game_id)
        assert record is not None
        killed = game_from_record(record)
        calm = _uninterrupted(row)
        assert killed.totals == calm.totals
        assert record["hands"] == game_to_record(calm)["hands"]
        finals[table_id] = record
    store.close()
    for table_id, saved, view in resumed:
        _check_resumed(finals[table_id], saved, view)


def _check_resumed(
    final: dict[str, Any], saved: dict[str, Any], view: SeatView
) -> None:
    """The saved game is where the final one passed, and the person who came back
    was shown that game at that point or a later one (computer players may move
    on before the person's snapshot)."""
    actions = game_from_record(final).actions
    before = game_from_record(saved).actions
    assert actions[: len(before)] == before, "the resumed game went another way"
    game = Game(game_from_record(final).rules, first_dealer=final["first_dealer"])
    for index, action in enumerate(actions):
        if index >= len(before) and view == seat_view(
            game, view.seat, hide_hand=view.hand_hidden
        ):
            return
        game.apply(action)
    assert view == seat_view(game, view.seat, hide_hand=view.hand_hidden)


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            stat = (entry / "stat").read_text()
            # pid (comm) state ppid ...: comm may hold spaces; split after it.
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    with contextlib.suppress(OSError):
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state != "Z"
    return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_the_bot_workers_of_a_killed_server_end_by_themselves(tmp_path: Path) -> None:
    """SIGKILL the server alone (not its process group): its bot workers, which
    would have waited on their queue for ever, end within a few seconds."""

    async def scenario() -> tuple[set[int], set[int]]:
        server = ServerProcess(tmp_path / "server.db", free_port(), tmp_path / "home")
        await server.start()
        try:
            ann = NetPlayer(f"ws://127.0.0.1:{server.port}", "Ann")
            await ann.connect()
            rules = {"preset": "pagat", "hand_limit": 1}
            await ann.send({"type": "create_table", "name": "T", "rules": rules})
            await ann.expect(p.TableSnapshot)
            for seat, who in ((1, "milly"), (2, "bert"), (3, "poppy")):
                await ann.send({"type": "add_bot", "seat": seat, "character": who})
            await ann.send({"type": "start_game"})
            await ann.play_to_the_end()  # the computer players think in workers
            assert server.proc is not None
            workers = _children(server.proc.pid)
            assert workers, "no bot worker was started"
            os.kill(server.proc.pid, signal.SIGKILL)
            await server.proc.wait()
            for _ in range(100):  # ten seconds at most
                left = {pid for pid in workers if _alive(pid)}
                if not left:
                    break
                await asyncio.sleep(0.1)
            return workers, left
        finally:
            with contextlib.suppress(ProcessLookupError):
                if server.proc is not None:
                    os.killpg(server.proc.pid, signal.SIGKILL)

    workers, left = run(scenario())
    assert workers and not left
