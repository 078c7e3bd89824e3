"""``audiospades serve`` from the command line: TLS, the log (never a token), a clean
stop on SIGTERM, and clear refusals of a bad database or bad options."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import re
import shutil
import signal
import socket
import sqlite3
import ssl
import subprocess
import sys
import urllib.request
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from net_client import NetPlayer, run
from net_helpers import LATER_SCHEMAS, NEWER_REFUSED, later_database
from tls_certificates import make_certificate

from audiospades.net import cli
from audiospades.net import protocol as p
from audiospades.net.store import SCHEMA_VERSION, Store

ROOT = Path(__file__).resolve().parents[2]
SERVING = re.compile(r"audiospades\.net\.server: serving on wss?://\S*:(?P<port>\d+) ")


def _env(home: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), AUDIOSPADES_HOME=str(home))


@asynccontextmanager
async def _serving(
    home: Path, *args: str, seen: list[str] | None = None
) -> AsyncIterator[tuple[asyncio.subprocess.Process, int]]:
    """``audiospades serve --port 0 ARGS`` and its port; killed if still running."""
    proc = await _serve(home, *args, seen=seen)
    try:
        yield proc
    finally:
        if proc[0].returncode is None:
            proc[0].kill()
            await proc[0].wait()


async def _serve(
    home: Path, *args: str, seen: list[str] | None = None
) -> tuple[asyncio.subprocess.Process, int]:
    """Start ``audiospades serve --port 0 ARGS``; return it and its port.

    ``seen``: gets the log's lines up to the start line (that one included). The
    server leads a process group of its own (with its computer-player workers),
    as in a terminal of its own.
    """
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
        start_new_session=True,
    )
    assert proc.stderr is not None
    try:
        while True:
            line = (await asyncio.wait_for(proc.stderr.readline(), 60)).decode()
            assert line, "the server stopped before listening"
            if seen is not None:
                seen.append(line)
            found = SERVING.search(line)
            if found is not None:
                return proc, int(found["port"])
    except BaseException:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        raise


async def _stop(proc: asyncio.subprocess.Process, signum: int = signal.SIGTERM) -> str:
    proc.send_signal(signum)
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
    make_certificate(cert, key)
    seen: list[str] = []

    async def scenario() -> None:
        tls = ("--certfile", str(cert), "--keyfile", str(key))
        db = ("--db", str(tmp_path / "s.db"))
        async with _serving(tmp_path, *db, *tls, seen=seen) as (proc, port):
            assert (
                seen[-1]
                .rstrip()
                .endswith(
                    f"serving on wss://127.0.0.1:{port} "
                    f"(database {(tmp_path / 's.db').resolve()}; "
                    f"TLS certificate {cert.resolve()}, key {key.resolve()})"
                )
            )
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
            assert "serving on" not in second.stderr
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
    db.execute("DROP TABLE hand_actions")
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
    assert f"cannot use the database {home / 'notes.txt'}: is not an SQLite" in (
        done.stderr
    )
    assert not (tmp_path / "~").exists()


def _make(path: Path, sql: str) -> None:
    db = sqlite3.connect(path)
    db.execute(sql)
    db.commit()
    db.close()


def _damaged(path: Path) -> None:
    """A database of ours with every page but the first scribbled over."""
    store = Store(path)
    for i in range(200):
        store.register_player(f"P{i}")
    store.close()
    data = bytearray(path.read_bytes())
    for offset in range(4096, len(data), 997):
        data[offset : offset + 64] = bytes(range(64))
    path.write_bytes(bytes(data))


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
        (
            _damaged,
            "is damaged (database disk image is malformed); restore it from a "
            "backup, or give another --db",
        ),
        (
            lambda db: later_database(db, LATER_SCHEMAS["a column added"]),
            NEWER_REFUSED.format(version=SCHEMA_VERSION + 1),
        ),
        (
            lambda db: later_database(
                db, LATER_SCHEMAS["a table added"], SCHEMA_VERSION + 2
            ),
            NEWER_REFUSED.format(version=SCHEMA_VERSION + 2),
        ),
    ],
    ids=[
        "folder",
        "not sqlite",
        "other columns",
        "damaged",
        "later: a column added",
        "later: a table added",
    ],
)
def test_a_bad_database_gets_one_plain_line_and_is_kept(
    tmp_path: Path, make: Callable[[Path], object], said: str
) -> None:
    """A database a later version made (a column or table added) was "not an
    audiospades database, or is damaged": it says to update the server now."""
    db = tmp_path / "s.db"
    make(db)
    before = sorted(tmp_path.rglob("*"))
    contents = db.read_bytes() if db.is_file() else None
    done = _serve_and_fail(tmp_path, "--db", str(db))
    assert done.returncode == 1
    errors = [line for line in done.stderr.splitlines() if " ERROR " in line]
    assert errors == [
        errors[0].split(" ERROR ")[0]
        + f" ERROR audiospades.net: cannot use the database {db}: "
        + said.format(db=db)
    ]
    assert "serving on" not in done.stderr
    assert sorted(tmp_path.rglob("*")) == before
    assert (db.read_bytes() if db.is_file() else None) == contents


def test_the_start_line_names_the_address_and_the_database(tmp_path: Path) -> None:
    """Before: "listening on 127.0.0.1 port N", and no word of the database; then
    the database named twice, in a line of its own before the start line."""
    db = tmp_path / "s.db"
    seen: list[str] = []

    async def scenario() -> int:
        async with _serving(tmp_path, "--db", str(db), seen=seen) as (proc, port):
            await _stop(proc)
            return port

    port = run(scenario())
    assert (
        seen[-1]
        .rstrip()
        .endswith(
            f"INFO audiospades.net.server: serving on ws://127.0.0.1:{port} "
            f"(database {db.resolve()})"
        )
    )
    assert [line for line in seen if db.name in line] == seen[-1:]  # named once


def test_sighup_stops_the_server_cleanly_saving_its_tables(tmp_path: Path) -> None:
    """SIGHUP (the terminal closed: to the whole process group) stops the server
    as SIGTERM does: every table saved, exit status 0, no traceback from the
    helper processes. Before, it killed the server on the spot; then
    multiprocessing's resource tracker died of it, and its successor printed a
    KeyError traceback for each semaphore."""
    db = tmp_path / "s.db"

    async def scenario() -> tuple[str, str]:
        async with _serving(
            tmp_path, "--db", str(db), "--pace", "instant", "--bot-workers", "1"
        ) as (proc, port):
            ann = NetPlayer(f"ws://127.0.0.1:{port}", "Ann")
            await ann.connect()
            await ann.send({"type": "create_table", "name": "T", "rules": {}})
            snap = await ann.expect(p.TableSnapshot)
            for seat, who in ((1, "milly"), (2, "bert"), (3, "hazel")):
                await ann.send({"type": "add_bot", "seat": seat, "character": who})
            await ann.send({"type": "start_game"})
            while ann.view is None:  # the game is on
                await ann.recv()
            os.killpg(proc.pid, signal.SIGHUP)
            assert proc.stderr is not None
            rest = await asyncio.wait_for(proc.stderr.read(), 60)
            code = await asyncio.wait_for(proc.wait(), 60)
            await ann.close()
            assert code == 0, rest.decode()
            return snap.table.id, rest.decode()

    table, log = run(scenario())
    assert "stopping (SIGHUP)" in log and "stopped" in log
    assert "Traceback" not in log and "resource_tracker" not in log
    store = Store(db)
    try:
        saved = {t.table.id: t for t in store.open_tables()}
        assert saved[table].table.state == "playing"
        assert saved[table].record is not None
    finally:
        store.close()


@pytest.fixture(scope="module")
def tls_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A certificate and its key, another key, and a passphrase-protected key."""
    if shutil.which("openssl") is None:
        pytest.skip("needs openssl")
    folder = tmp_path_factory.mktemp("tls")
    files = {n: folder / f"{n}.pem" for n in ("cert", "key", "cert2", "key2")}
    files |= {n: folder / f"{n}.pem" for n in ("enc_cert", "enc_key")}
    make_certificate(files["cert"], files["key"])
    make_certificate(files["cert2"], files["key2"])
    make_certificate(files["enc_cert"], files["enc_key"], passphrase="secret")
    files["garbage"] = folder / "garbage.pem"
    files["garbage"].write_text("not a certificate\n")
    files["missing"] = folder / "missing.pem"
    return files


@pytest.mark.parametrize(
    ("cert", "key", "said"),
    [
        ("missing", "key", "cannot read the TLS certificate file {cert}: No such"),
        ("cert", "missing", "cannot read the TLS key file {key}: No such file"),
        ("garbage", "key", "the TLS certificate file {cert} holds no PEM certificate"),
        ("key", "key", "the TLS certificate file {cert} holds no PEM certificate"),
        ("cert", "garbage", "the TLS key file {key} holds no PEM private key"),
        ("cert", "key2", "the TLS key file {key} does not match the certificate"),
        (
            "enc_cert",
            "enc_key",
            "the TLS key file {key} is protected by a passphrase, which the server "
            "cannot ask for",
        ),
    ],
)
def test_a_tls_file_that_cannot_be_used_is_named(
    tmp_path: Path, tls_files: dict[str, Path], cert: str, key: str, said: str
) -> None:
    """Before: "cannot load the TLS certificate or key: [SSL] PEM lib", naming no
    file, and a passphrase-protected key made ssl ask for it on the terminal."""
    db = tmp_path / "s.db"
    done = subprocess.run(
        [
            *(sys.executable, "-m", "audiospades", "serve", "--port", "0"),
            *("--db", str(db), "--certfile", str(tls_files[cert])),
            *("--keyfile", str(tls_files[key])),
        ],
        cwd=ROOT,
        env=_env(tmp_path),
        capture_output=True,
        stdin=subprocess.DEVNULL,
        start_new_session=True,  # no terminal to ask a passphrase on
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert said.format(cert=tls_files[cert], key=tls_files[key]) in done.stderr
    assert "Traceback" not in done.stderr
    assert not db.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("kind", ["pipe", "device", "huge"])
def test_a_tls_file_that_is_no_pem_file_is_refused_without_reading_it(
    tmp_path: Path, kind: str
) -> None:
    """Before: a named pipe given as --certfile hung the server at its start (the
    open waited for a writer), and /dev/zero filled its memory (ssl reads it all)."""
    cert = tmp_path / "cert.pem"
    if kind == "pipe":
        os.mkfifo(cert)
    elif kind == "device":
        cert = Path(os.devnull)
    else:
        with cert.open("wb") as handle:
            handle.truncate(cli.TLS_FILE_BYTES + 1)  # sparse: no disk used
    db = tmp_path / "s.db"
    done = _serve_and_fail(
        tmp_path, "--db", str(db), "--certfile", str(cert), "--keyfile", str(cert)
    )
    assert done.returncode == 1
    said = "is too large to be a PEM" if kind == "huge" else "is not a regular file"
    assert f"the TLS certificate file {cert} {said}" in done.stderr
    assert "Traceback" not in done.stderr
    assert not db.exists()


def test_a_tls_folder_is_refused(tmp_path: Path) -> None:
    done = _serve_and_fail(
        tmp_path, "--certfile", str(tmp_path), "--keyfile", str(tmp_path)
    )
    assert done.returncode == 1
    assert f"cannot read the TLS certificate file {tmp_path}: " in done.stderr


def test_a_home_folder_that_cannot_be_found_is_refused(tmp_path: Path) -> None:
    """Before: AUDIOSPADES_HOME=~nobody/x ended the server with a traceback from
    pathlib ("Could not determine home directory") as it named its database."""
    done = subprocess.run(
        [sys.executable, "-m", "audiospades", "serve", "--port", "0"],
        cwd=tmp_path,
        env=dict(_env(tmp_path), AUDIOSPADES_HOME="~no-such-user-here/games"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert (
        "AUDIOSPADES_HOME is '~no-such-user-here/games', but no home folder is "
        "known for ~no-such-user-here; give the whole path, or --db"
    ) in done.stderr
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_websockets_library_logs_only_its_warnings(tmp_path: Path) -> None:
    """Before, websockets added its own INFO lines: each connection opened and
    closed, each page served ("HTTP response sent (200 OK)")."""

    def get_page(port: int) -> int:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as page:
            status: int = page.status
            return status

    async def scenario() -> str:
        async with _serving(tmp_path, "--db", str(tmp_path / "s.db")) as (proc, port):
            assert await asyncio.to_thread(get_page, port) == 200
            ann = NetPlayer(f"ws://127.0.0.1:{port}", "Ann")
            await ann.connect()
            await ann.close()
            return await _stop(proc)

    log = run(scenario())
    assert "connection 127.0.0.1" in log  # the server's own lines
    assert "websockets" not in log


@pytest.mark.allow_error_log
def test_a_library_traceback_is_one_line() -> None:
    """websockets logs a failed opening handshake with its traceback: the server's
    log holds it as one line, with the exception."""
    stream = io.StringIO()
    root = logging.getLogger()
    level, ws_level = root.level, logging.getLogger("websockets").level
    handler = cli.configure_logging(stream)
    try:
        try:
            raise ValueError("no valid HTTP request")
        except ValueError:
            logging.getLogger("websockets.server").error(
                "opening handshake failed", exc_info=True
            )
        logging.getLogger("websockets.server").info("connection open")
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
        logging.getLogger("websockets").setLevel(ws_level)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1
    assert lines[0].endswith(
        "ERROR websockets.server: opening handshake failed: "
        "ValueError: no valid HTTP request"
    )


def test_a_failed_last_save_makes_the_exit_status_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, the server exited 0 even when its last save failed."""

    async def unsaved(*_: object) -> list[str]:
        return ["table t1234"]

    monkeypatch.setattr(cli, "serve_forever", unsaved)
    monkeypatch.setattr(cli, "configure_logging", lambda _: None, raising=False)
    assert cli.main(["--port", "0", "--db", str(tmp_path / "s.db")]) == 1
