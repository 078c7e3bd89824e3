"""``audiospades serve`` in a subprocess, to SIGKILL and start again on its database.

As a server is run for real: its own process group (its bot workers with it), on
127.0.0.1 and a port the test chose free, so that clients reconnect to the same
address after a restart. A test that is not a coroutine (the game's harnesses)
runs it from a thread of its own (:func:`server_in_a_thread`).
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
import threading
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A port free on 127.0.0.1 now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """``audiospades serve`` in a subprocess (its own process group).

    ``takeover_seconds`` and ``away_seconds`` are its options at the next
    :meth:`start` (a test may change them between a kill and the start after).
    """

    def __init__(
        self,
        db: Path,
        port: int,
        home: Path,
        *,
        takeover_seconds: float = 60.0,
        away_seconds: float = 300.0,
    ) -> None:
        self.db, self.port, self.home = db, port, home
        self.takeover_seconds = takeover_seconds
        self.away_seconds = away_seconds
        self.proc: asyncio.subprocess.Process | None = None
        self.lines: list[str] = []
        self._reader: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        """The server's websocket address."""
        return f"ws://127.0.0.1:{self.port}"

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "audiospades",
            "serve",
            "--port",
            str(self.port),
            "--db",
            str(self.db),
            "--pace",
            "instant",
            "--takeover-seconds",
            str(self.takeover_seconds),
            "--away-seconds",
            str(self.away_seconds),
            "--bot-workers",
            "1",
            "--rate",
            "1000",
            "--burst",
            "1000",
            cwd=ROOT,
            env=dict(os.environ, PYTHONPATH=str(ROOT), AUDIOSPADES_HOME=str(self.home)),
            stderr=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.DEVNULL,
            start_new_session=True,
        )
        ready = asyncio.Event()

        async def read() -> None:
            assert self.proc is not None and self.proc.stderr is not None
            async for raw in self.proc.stderr:
                line = raw.decode(errors="replace").rstrip()
                self.lines.append(line)
                if "audiospades.net.server: serving on" in line:
                    ready.set()

        self._reader = asyncio.create_task(read())
        await asyncio.wait_for(ready.wait(), 60)

    async def kill(self) -> None:
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)  # the server and its bot workers
        await self.proc.wait()
        if self._reader is not None:
            await self._reader

    async def ensure_gone(self) -> None:
        """Kill what still runs of the server (a test that failed half way)."""
        if self.proc is not None and self.proc.returncode is None:
            await self.kill()

    async def stop(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(self.proc.wait(), 60)
        if self._reader is not None:
            await self._reader


class ServerInAThread:
    """A :class:`ServerProcess` driven from an event loop on a thread of its own,
    for a test that is not a coroutine: each call waits for its step."""

    def __init__(self, server: ServerProcess, loop: asyncio.AbstractEventLoop) -> None:
        self.server, self._loop = server, loop

    @property
    def url(self) -> str:
        """The server's websocket address."""
        return self.server.url

    def _call(self, step: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(step, self._loop).result(120)

    def start(self) -> None:
        """Start the server (again), on the same database and port."""
        self._call(self.server.start())

    def kill(self) -> None:
        """SIGKILL the server and its bot workers."""
        self._call(self.server.kill())


@contextmanager
def server_in_a_thread(
    db: Path, home: Path, **options: float
) -> Iterator[ServerInAThread]:
    """A started :class:`ServerProcess` on ``db`` (a free port), killed at the end."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    running = ServerInAThread(ServerProcess(db, free_port(), home, **options), loop)
    try:
        running.start()
        yield running
    finally:
        running._call(running.server.ensure_gone())
        loop.call_soon_threadsafe(loop.stop)
        thread.join(20)
        loop.close()
