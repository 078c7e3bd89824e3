"""``audiospades serve`` from the command line: TLS, the log (never a token), a clean
stop on SIGTERM, and clear refusals of a bad database or bad options."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import sqlite3
import ssl
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from net_client import NetPlayer, run

from audiospades.net import protocol as p
from audiospades.net.store import Store

ROOT = Path(__file__).resolve().parents[2]


def _env(home: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), AUDIOSPADES_HOME=str(home))


@asynccontextmanager
async def _serving(
    home: Path, *args: str
) -> AsyncIterator[tuple[asyncio.subprocess.Process, int]]:
    """``audiospades serve --port 0 ARGS`` and its port; killed if still running."""
    proc = await _serve(home, *args)
    try:
        yield proc
    finally:
        if proc[0].returncode is None:
            proc[0].kill()
            await proc[0].wait()


async def _serve(home: Path, *args: str) -> tuple[asyncio.subprocess.Process, int]:
    """Start ``audiospades serve --port 0 ARGS``; return it and its port."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "audiospades",
        "serve",
        "--port",
        "0",
        *args,
        cwd=ROOT,
        env=_env(home),
        stderr=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.DEVNULL,
    )
    assert proc.stderr is not None
    try:
        while True:
            line = (await asyncio.wait_for(proc.stderr.readline(), 60)).decode()
            assert line, "the server stopped before listening"
            if "audiospades.net.server: listening on" in line:
                return proc, int(line.rsplit(" port ", 1)[1])
    except BaseException:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        raise


async def _stop(proc: asyncio.subprocess.Process) -> str:
    proc.send_signal(signal.SIGTERM)
    assert proc.stderr is not None
    rest = await asyncio.wait_for(proc.stderr.read(), 60)
    assert await asyncio.wait_for(proc.wait(), 60) == 0
    return rest.decode()


def test_the_log_names_players_and_never_a_token(tmp_path: Path) -> None:
    async def scenario() -> tuple[str, list[str]]:
        async with _serving(tmp_path, "--db", str(tmp_path / "s.db")) as (proc, port):
            url = f"ws://127.0.0.1:{port}"
            ann = NetPlayer(url, "Ann")
            await ann.connect()
            await ann.send({"type": "create_table", "name": "T", "rules": {}})
            await ann.expect(p.TableSnapshot)
            await ann.close()
            back = NetPlayer(url, "Ann", token=ann.token)
            await back.connect()
            await back.expect(p.TableSnapshot)
            await back.close()
            assert ann.token is not None and ann.player_id is not None
            return await _stop(proc), [ann.token, ann.player_id]

    log, (token, player) = run(scenario())
    assert token not in log
    assert f"new player {player}" in log and f"player {player} is back" in log
    assert "table t" in log and "connection 127.0.0.1" in log


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")
def test_the_server_speaks_tls(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )

    async def scenario() -> None:
        tls = ("--certfile", str(cert), "--keyfile", str(key))
        db = ("--db", str(tmp_path / "s.db"))
        async with _serving(tmp_path, *db, *tls) as (proc, port):
            from websockets.asyncio.client import connect

            context = ssl.create_default_context(cafile=str(cert))
            async with connect(f"wss://127.0.0.1:{port}", ssl=context) as ws:
                await ws.send('{"type": "ping", "nonce": 11}')
                pong = p.decode_server(await asyncio.wait_for(ws.recv(), 30))
                assert isinstance(pong, p.Pong) and pong.nonce == 11
            await _stop(proc)

    run(scenario())


def _serve_and_fail(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "audiospades", "serve", "--port", "0", *args],
        cwd=ROOT,
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_bad_database_is_reported_and_kept(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    db.write_bytes(b"not a database at all\n" * 200)
    before = db.read_bytes()
    done = _serve_and_fail(tmp_path, "--db", str(db))
    assert done.returncode == 1
    assert str(db) in done.stderr and "cannot use the database" in done.stderr
    assert db.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--certfile", "x.pem"], "both --certfile and --keyfile"),
        (["--certfile", "nothing.pem", "--keyfile", "nothing.pem"], "TLS"),
        (["--rate", "0"], "--rate must be a number more than 0, not 0.0"),
        (["--rate", "inf"], "--rate must be a number more than 0, not inf"),
        (["--bot-workers", "0"], "--bot-workers must be 1 or more, not 0"),
        (["--bot-workers", "-1"], "--bot-workers must be 1 or more, not -1"),
        (["--burst", "0"], "--burst must be 1 or more, not 0"),
        (["--port", "70000"], "--port must be 0 to 65535, not 70000"),
        (
            ["--takeover-seconds", "nan"],
            "--takeover-seconds must be a number of seconds, 0 or more, not nan",
        ),
    ],
)
def test_bad_options_are_refused(tmp_path: Path, args: list[str], said: str) -> None:
    db = tmp_path / "s.db"
    done = _serve_and_fail(tmp_path, "--db", str(db), *args)
    assert done.returncode == 2 and said in done.stderr
    assert not db.exists()


def test_each_bad_option_has_its_own_line(tmp_path: Path) -> None:
    done = _serve_and_fail(
        tmp_path, "--port", "70000", "--takeover-seconds", "-1", "--db", "x.db"
    )
    assert done.returncode == 2
    errors = [line for line in done.stderr.splitlines() if " ERROR " in line]
    assert len(errors) == 2
    assert errors[0].endswith("--port must be 0 to 65535, not 70000")
    assert errors[1].endswith(
        "--takeover-seconds must be a number of seconds, 0 or more, not -1.0"
    )


def test_the_help_shows_the_defaults(tmp_path: Path) -> None:
    done = _serve_and_fail(tmp_path, "--help")
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    assert "(default: 8475)" in text and "(default: 30.0)" in text
    assert "(default: None)" not in text


def test_a_second_server_on_the_same_database_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "s.db"

    async def scenario() -> None:
        async with _serving(tmp_path, "--db", str(db)) as (proc, _port):
            before = db.read_bytes()
            second = await asyncio.to_thread(_serve_and_fail, tmp_path, "--db", str(db))
            assert second.returncode == 1
            assert (
                f"the database {db} is in use by another audiospades server; "
                "stop it first"
            ) in second.stderr
            assert "listening on" not in second.stderr
            assert db.read_bytes() == before
            await _stop(proc)
        # Once the first has stopped, the database is free again.
        async with _serving(tmp_path, "--db", str(db)) as (again, _port):
            await _stop(again)

    run(scenario())


def _version_1(path: Path) -> None:
    """A database as a version-1 server left it (no ``current_hands``)."""
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE current_hands")
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()


def test_a_start_that_fails_on_its_port_leaves_an_older_database_as_it_was(
    tmp_path: Path,
) -> None:
    db = tmp_path / "s.db"
    _version_1(db)
    before = db.read_bytes()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _serve_and_fail(tmp_path, "--db", str(db), "--port", str(port))
    assert done.returncode == 1 and "cannot listen on 127.0.0.1" in done.stderr
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.db"]


def test_a_clean_stop_removes_the_lock_file_and_a_killed_servers_blocks_nothing(
    tmp_path: Path,
) -> None:
    db = tmp_path / "s.db"
    lock = tmp_path / "s.db.lock"

    async def scenario() -> None:
        async with _serving(tmp_path, "--db", str(db)) as (killed, _port):
            killed.kill()
            await killed.wait()
        assert lock.exists()  # as SIGKILL left it
        async with _serving(tmp_path, "--db", str(db)) as (again, _port):
            await _stop(again)

    run(scenario())
    assert not lock.exists()


def test_a_quoted_tilde_is_the_home_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "notes.txt").write_text("hello, I am notes\n")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "audiospades",
            "serve",
            "--port",
            "0",
            "--db",
            "~/notes.txt",
        ],
        cwd=tmp_path,
        env=dict(_env(tmp_path), HOME=str(home)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert f"INFO audiospades.net: database {home / 'notes.txt'}\n" in done.stderr
    assert f"cannot use the database {home / 'notes.txt'}: is not an SQLite" in (
        done.stderr
    )
    assert not (tmp_path / "~").exists()


def _make(path: Path, sql: str) -> None:
    db = sqlite3.connect(path)
    db.execute(sql)
    db.commit()
    db.close()


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (
            lambda db: db.mkdir(),
            "is a folder, not a file; give a file name, such as {db}/server.db",
        ),
        (
            lambda db: db.write_text("hello, I am notes\n"),
            "is not an SQLite database (another kind of file); give another --db "
            "(a name that does not exist yet makes a new database)",
        ),
        (
            lambda db: _make(db, "CREATE TABLE players (id TEXT)"),
            "is not an audiospades database, or is damaged: its table players has "
            "the columns id, not id, name, token_hash, created_at, last_seen; "
            "give another --db",
        ),
    ],
    ids=["folder", "not sqlite", "other columns"],
)
def test_a_bad_database_gets_one_plain_line_and_is_kept(
    tmp_path: Path, make: Callable[[Path], object], said: str
) -> None:
    db = tmp_path / "s.db"
    make(db)
    before = sorted(tmp_path.rglob("*"))
    done = _serve_and_fail(tmp_path, "--db", str(db))
    assert done.returncode == 1
    errors = [line for line in done.stderr.splitlines() if " ERROR " in line]
    assert errors == [
        errors[0].split(" ERROR ")[0]
        + f" ERROR audiospades.net: cannot use the database {db}: "
        + said.format(db=db)
    ]
    assert sorted(tmp_path.rglob("*")) == before
