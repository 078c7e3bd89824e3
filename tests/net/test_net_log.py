"""The server's log for its operator: who joined and left which table (names
quoted, seats counted from 1), refused hellos, and a failing database told once,
then told again when saving works again."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from net_client import NetPlayer, run, running_server, url_of
from net_helpers import CommitFails

from audiospades.net import protocol as p
from audiospades.net import running
from audiospades.net import server as server_module
from audiospades.net.store import Store


def _lines(caplog: pytest.LogCaptureFixture, name: str = "audiospades") -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name.startswith(name)]


def test_seat_lines_name_the_player_and_count_seats_from_one(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Before, "table t1: joined seat 0": no name, and the first seat was 0."""
    caplog.set_level(logging.INFO, logger="audiospades.net")

    async def scenario() -> tuple[str, str, str, list[str | None]]:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann 'A' Lee"), NetPlayer(url, "Bob")
            await ann.connect()
            await bob.connect()
            await ann.send({"type": "create_table", "name": "Den", "rules": {}})
            snap = await ann.expect(p.TableSnapshot)
            await bob.send({"type": "join_seat", "table": snap.table.id, "seat": 2})
            await bob.expect(p.TableSnapshot)
            await ann.send({"type": "add_bot", "seat": 1, "character": "milly"})
            await ann.expect(p.SeatChanged)
            await bob.send({"type": "leave"})
            await bob.expect(p.Lobby)
            await ann.expect(p.SeatChanged)
            await ann.send({"type": "leave"})
            await ann.expect(p.Lobby)
            await ann.close()
            await bob.close()
            assert ann.player_id and bob.player_id
            return snap.table.id, ann.player_id, bob.player_id, [ann.token, bob.token]

    table, ann, bob, tokens = run(scenario())
    lines = _lines(caplog)
    for expected in (
        f"table {table} seat 1: joined, \"Ann 'A' Lee\" (player {ann})",
        f"table {table} seat 3: joined, 'Bob' (player {bob})",
        f"table {table} seat 2: bot_added, 'Milly' (computer milly)",
        f"table {table} seat 3: left, 'Bob' (player {bob})",
        f"table {table} seat 1: left, \"Ann 'A' Lee\" (player {ann})",
    ):
        assert expected in lines
    assert any(
        line.startswith(f"table {table}: created, 'Den'") and f"player {ann}" in line
        for line in lines
    )
    assert any(f"new player {bob}, 'Bob'" in line for line in lines)
    assert any(f"closed (player {bob}, 'Bob')" in line for line in lines)
    assert not any(" seat 0" in line for line in lines)
    for token in tokens:
        assert token is not None and token not in caplog.text


@pytest.mark.parametrize(
    ("hello", "reason"),
    [
        ({"version": 1, "name": "Old"}, "version_mismatch"),
        ({"version": p.PROTOCOL_VERSION, "name": "x\ty"}, "name must be printable"),
        ({"version": p.PROTOCOL_VERSION, "name": "x", "token": "short"}, "$.token"),
        ({"version": p.PROTOCOL_VERSION, "name": "x" * 40}, "$.name"),
    ],
)
def test_a_refused_hello_is_logged_with_the_peer_and_the_reason(
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    hello: dict[str, Any],
    reason: str,
) -> None:
    caplog.set_level(logging.INFO, logger="audiospades.net")

    async def scenario() -> p.Error:
        async with running_server(tmp_path / "s.db") as server:
            player = NetPlayer(url_of(server), "x")
            from websockets.asyncio.client import connect

            player.ws = await connect(player.url)
            await player.send({"type": "hello", **hello})
            error = await player.expect(p.Error)
            await player.close()
            return error

    error = run(scenario())
    refused = [
        r
        for r in caplog.records
        if "hello refused" in r.getMessage() and r.levelno >= logging.INFO
    ]
    assert len(refused) == 1
    line = refused[0].getMessage()
    assert line.startswith("connection 127.0.0.1:") and reason in line
    assert error.code.value in line
    assert "\n" not in line and "\t" not in line


def test_a_hostile_refusal_detail_cannot_forge_a_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An unknown field's name is echoed in the refusal: quoted in the log."""
    caplog.set_level(logging.INFO, logger="audiospades.net")

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            player = NetPlayer(url_of(server), "x")
            from websockets.asyncio.client import connect

            player.ws = await connect(player.url)
            forged = "x\n2026-01-01 00:00:00,000 INFO audiospades.net.server: forged"
            await player.send(
                {"type": "hello", "version": p.PROTOCOL_VERSION, "name": "x", forged: 1}
            )
            await player.expect(p.Error)
            await player.close()

    run(scenario())
    refused = [m for m in _lines(caplog) if "hello refused" in m]
    assert len(refused) == 1 and "\n" not in refused[0]


@pytest.mark.allow_error_log
def test_failing_saves_are_told_once_then_each_minute_then_saving_again(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Before, each failed commit (one a second on a full disk) logged an ERROR,
    and the recovery was never told."""
    clock = {"now": 100.0}
    failures = running.SaveFailures(now=lambda: clock["now"])
    for _ in range(30):  # half a minute of failures, one a second
        failures.failed(sqlite3.OperationalError("database or disk is full"))
        clock["now"] += 1
    first = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(first) == 1 and "database or disk is full" in first[0].getMessage()
    for _ in range(40):  # past the minute: one reminder, with the count
        failures.failed(sqlite3.OperationalError("database or disk is full"))
        clock["now"] += 1
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 2 and "61 failed tries in 60 s" in errors[1]
    failures.succeeded()
    failures.succeeded()  # only the first success after failures is told
    again = [r.getMessage() for r in caplog.records if "saving again" in r.getMessage()]
    assert len(again) == 1 and "after 70 failed tries in 70 s" in again[0]
    assert not failures.is_failing


@pytest.mark.allow_error_log
def test_the_outbox_tells_a_failing_database_once_and_its_recovery(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(server_module, "COMMIT_RETRY_SECONDS", 0.01)
    store = Store(tmp_path / "s.db")
    tries: list[int] = []
    real_commit = Store.commit

    def commit(self: Store) -> None:
        tries.append(1)
        real_commit(self)

    monkeypatch.setattr(Store, "commit", commit)

    async def scenario() -> None:
        server_module.Outbox(store, lambda: None)
        real = store._db
        store._db = CommitFails(real)  # type: ignore[assignment]
        store.register_player("Ann")  # a write: the group opens
        while len(tries) < 5:  # five failed tries at least
            await asyncio.sleep(0.01)
        store._db = real
        count = len(tries)
        while len(tries) == count:  # the next try succeeds
            await asyncio.sleep(0.01)
        await asyncio.sleep(0)

    run(scenario())
    store.close()
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "saving failed (disk I/O error)" in errors[0]
    again = [r.getMessage() for r in caplog.records if "saving again" in r.getMessage()]
    assert len(again) == 1


def _commits_fail_on_demand(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Make ``Store.commit`` fail (a disk I/O error) while ``state["failing"]``;
    ``state["failed"]`` counts the failed commits. Returns ``state``."""
    state = {"failing": False, "failed": 0}
    real_commit = Store.commit

    def commit(self: Store) -> None:
        if not state["failing"]:
            real_commit(self)
            return
        state["failed"] += 1
        real = self._db
        self._db = CommitFails(real)  # type: ignore[assignment]
        try:
            real_commit(self)
        finally:
            self._db = real

    monkeypatch.setattr(Store, "commit", commit)
    return state


async def _a_start_not_saved(
    db: Path, state: dict[str, int], *, disk_back: bool
) -> tuple[str, list[str]]:
    """Ann starts a game with three computer players as the disk fills: the
    start's commit fails. ``disk_back``: commits work again before the server
    stops. Returns the table's id and what the stop could not save."""
    store = Store(db)
    server = server_module.Server(
        server_module.ServerConfig(host="127.0.0.1", port=0, bot_workers=1),
        store,
    )
    await server.start()
    try:
        ann = NetPlayer(f"ws://127.0.0.1:{server.port}", "Ann")
        await ann.connect()
        await ann.send({"type": "create_table", "name": "T", "rules": {}})
        snap = await ann.expect(p.TableSnapshot)
        for seat, who in ((1, "milly"), (2, "bert"), (3, "hazel")):
            await ann.send({"type": "add_bot", "seat": seat, "character": who})
        state["failing"] = True  # the disk fills: the start is never kept
        await ann.send({"type": "start_game"})
        while not state["failed"]:  # the start's commit failed
            await asyncio.sleep(0.01)
        if disk_back:
            state["failing"] = False  # the disk is back; the next try is far off
        await ann.close()
    finally:
        unsaved = await server.close()
        store.close()
    return snap.table.id, unsaved


@pytest.mark.allow_error_log
def test_a_failed_last_save_names_the_tables_not_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Before, the server said "the last turn could not be saved" and exited 0."""
    state = _commits_fail_on_demand(monkeypatch)
    table, unsaved = run(_a_start_not_saved(tmp_path / "s.db", state, disk_back=False))
    assert unsaved[0] == f"table {table}"  # and the rows of its start
    assert any(
        "the last save failed" in line and f"table {table}" in line
        for line in _lines(caplog)
    )


@pytest.mark.allow_error_log
def test_a_server_stopped_once_the_disk_is_back_says_everything_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The commit of a game's start fails; the disk is back, and the server is
    stopped before its next try: the stop saves everything and says saving works
    again. Before, the log's last word on the database was the failure."""
    monkeypatch.setattr(server_module, "COMMIT_RETRY_SECONDS", 600.0)
    db = tmp_path / "s.db"
    state = _commits_fail_on_demand(monkeypatch)
    table, unsaved = run(_a_start_not_saved(db, state, disk_back=True))
    assert unsaved == []
    assert any("saving again" in line for line in _lines(caplog))
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1  # the failed commit, nothing at the stop
    store = Store(db)
    try:
        saved = {t.table.id: t for t in store.open_tables()}
        assert saved[table].table.state == "playing"
        assert saved[table].record is not None
    finally:
        store.close()
