"""``audiospades serve`` from the command line: TLS, the log (never a token), a clean
stop on SIGTERM, and clear refusals of a bad database or bad options."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import ssl
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from net_client import NetPlayer, run

from audiospades.net import protocol as p

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
