"""A real server on loopback in a thread, and Debian's Chromium driven by Selenium.

The server runs on its own event loop in a background thread (Selenium is
synchronous), on 127.0.0.1 with a free port and no pacing. Chromium is the system's
(``/usr/bin/chromium`` with ``/usr/bin/chromedriver``), headless, with a fresh
profile and no background networking; nothing is downloaded.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest

from audiospades.net.server import Server, ServerConfig
from audiospades.net.store import Store
from audiospades.table_core import Delays

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "out" / "web"
"""Screenshots for review (ignored by git)."""
AXE = ROOT / "tests" / "web" / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, installed by ``tools/dev.sh`` with npm (tests/web/package.json)."""
WAIT = 30.0

T = TypeVar("T")


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not CHROMIUM.exists() or not CHROMEDRIVER.exists():
        return (
            "Debian's chromium and chromium-driver are not installed "
            "(bash tools/dev.sh installs them)"
        )
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[dev]')"
    return None


class ServerThread:
    """An ``audiospades serve`` on 127.0.0.1, a free port, in a background thread."""

    def __init__(
        self, db: Path, port: int = 0, *, rate: float = 1000.0, burst: int = 1000
    ) -> None:
        self.db = db
        self.port = port
        self.rate = rate
        self.burst = burst
        self.loop = asyncio.new_event_loop()
        self.server: Server | None = None
        self.store: Store | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="server", daemon=True)
        self._error: BaseException | None = None

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._main())
        finally:
            # As asyncio.run does: finish what the server's close cancelled.
            pending = asyncio.all_tasks(self.loop)
            for task in pending:
                task.cancel()
            self.loop.run_until_complete(
                asyncio.gather(*pending, return_exceptions=True)
            )
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())

    async def _main(self) -> None:
        try:
            self.store = Store(self.db)
            config = ServerConfig(
                host="127.0.0.1",
                port=self.port,
                delays=Delays(bot=0, trick=0, hand=0),
                takeover_seconds=5.0,
                bot_workers=1,
                rate=self.rate,
                burst=self.burst,
            )
            self.server = Server(config, self.store)
            await self.server.start()
            self._stop = asyncio.Event()
        except BaseException as error:  # reported to the test
            self._error = error
            self._ready.set()
            raise
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await self.server.close()
            self.store.close()

    def start(self) -> str:
        """Start; the page's address."""
        self._thread.start()
        if not self._ready.wait(WAIT) or self._error is not None:
            raise RuntimeError(f"the server did not start: {self._error}")
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.port}/"

    def stop(self) -> None:
        """Stop the server and wait for its thread (once; again does nothing)."""
        if self._stop is None or self.loop.is_closed():
            return
        self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(WAIT)
        self.loop.close()


def free_port() -> int:
    """A port free on loopback now (for a server restarted on the same port)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class RestartingServer:
    """A server that can be stopped and started again on one port and database,
    as a server restarted under its players (see :func:`restarting_server`)."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.servers: list[ServerThread] = []

    def start(self) -> str:
        """Start it (again); the page's address."""
        server = ServerThread(self.db, self.port)
        self.servers.append(server)
        return server.start()

    def stop(self) -> None:
        """Stop the one running."""
        self.servers[-1].stop()


@contextmanager
def restarting_server(db: Path) -> Iterator[tuple[RestartingServer, str]]:
    """A started :class:`RestartingServer` and its page's address; every server
    it started is stopped at the end of the block."""
    server = RestartingServer(db)
    url = server.start()
    try:
        yield server, url
    finally:
        for thread in server.servers:
            thread.stop()


@contextmanager
def running_server(
    db: Path, port: int = 0, *, rate: float = 1000.0, burst: int = 1000
) -> Iterator[str]:
    """A server for the length of the block; yields the page's address.

    ``rate`` and ``burst``: its rate limit (messages a second, in bursts of).
    """
    thread = ServerThread(db, port, rate=rate, burst=burst)
    url = thread.start()
    try:
        yield url
    finally:
        thread.stop()


@contextmanager
def chromium(width: int = 1280, height: int = 1000) -> Iterator[Any]:
    """Headless Debian Chromium under Selenium, with a fresh profile."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="audiospades-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
        "--lang=en",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(WAIT)
    driver.set_script_timeout(WAIT)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait_for(
    condition: Callable[[], T | None], timeout: float = WAIT, what: str = ""
) -> T:
    """Poll ``condition`` until it gives a true value (bounded)."""
    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what or condition}")
        time.sleep(0.05)


RECORDER = """
window.__cues = [];
const RealAudio = window.Audio;
window.Audio = function (src) {
  window.__cues.push(String(src));
  return new RealAudio(src);
};
window.__heard = [];
for (const id of ["polite", "assertive"]) {
  const region = document.getElementById(id);
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        window.__heard.push([id, node.textContent]);
      }
    }
  }).observe(region, { childList: true });
}
"""
"""Records every line added to the two live regions, as a screen reader hears it,
and every sound cue the page starts to play."""

FRAMES = """
window.__frames = [];
const FramedWebSocket = window.WebSocket;
let framedSockets = 0;
window.WebSocket = class extends FramedWebSocket {
  constructor(...args) {
    super(...args);
    const socket = ++framedSockets;
    const at = () => Math.round(performance.now());
    this.addEventListener("message", (event) => {
      window.__frames.push([socket, at(), String(event.data)]);
    });
    this.addEventListener("close", (event) => {
      window.__frames.push([socket, at(), JSON.stringify({ closed: event.code })]);
    });
  }
};
"""
"""Records every frame the page's connections receive, and each one's close
(set before it connects): a line heard twice is traced to the server's frames or
to the page. The page's own ``WebSocket`` keeps its constants (a subclass)."""


def cues(driver: Any) -> list[str]:
    """The address of every sound the page has started to play so far."""
    return [str(src) for src in driver.execute_script("return window.__cues || [];")]


def frames(driver: Any) -> list[str]:
    """Each frame the page received so far (see :data:`FRAMES`), one a line: the
    connection's number, the milliseconds since the page loaded, and a ``said``
    frame's lines (another frame's type, or the close's code)."""
    out = []
    for number, at, data in driver.execute_script("return window.__frames || [];"):
        message = json.loads(data)
        if message.get("type") == "said":
            told = [line.get("text") for line in message.get("lines", [])]
            what = f"said {told}"
        else:
            what = str(message.get("type", message))
        out.append(f"{number} {at} {what}")
    return out


def focused_id(driver: Any) -> str:
    """The id of the element with the focus ("" for none), read in one step: the
    page may replace the element between finding it and asking for its id."""
    return str(
        driver.execute_script(
            "return document.activeElement ? document.activeElement.id : ''"
        )
        or ""
    )


def heard(driver: Any) -> list[tuple[str, str]]:
    """Every live-region line so far: (``"polite"`` or ``"assertive"``, text)."""
    lines = driver.execute_script("return window.__heard || [];")
    return [(str(kind), str(text)) for kind, text in lines]


def skip_without_browser() -> None:
    """Skip the calling test when Chromium or Selenium is genuinely missing."""
    reason = browser_missing()
    if reason is not None:
        pytest.skip(reason)
