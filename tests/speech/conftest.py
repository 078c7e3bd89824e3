"""Fixtures for the speech tests: a dummy-driver mixer, a known screen-reader state."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

from audiospades.speech.screen_reader import SCREEN_READER_ENV


@pytest.fixture(autouse=True)
def _no_screen_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """Say no screen reader runs, whatever runs on the test machine."""
    monkeypatch.setenv(SCREEN_READER_ENV, "0")


@pytest.fixture
def mixer() -> Iterator[None]:
    """The pygame mixer on SDL's dummy audio driver (set by the root conftest)."""
    pygame.mixer.init()
    yield
    pygame.mixer.quit()


@pytest.fixture
def socket_dir() -> Iterator[Path]:
    """A short folder for Unix sockets, removed afterwards.

    A socket's path may hold at most 107 bytes, and ``tmp_path`` can be longer once
    pytest's numbered folders pass 999 (``/tmp/pytest-of-root/pytest-1080/popen-gw1/``
    and a test's name): binding there failed with ``OSError``.
    """
    folder = Path(tempfile.mkdtemp(prefix="as-sd-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def stuck_speechd(socket_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A Speech Dispatcher socket that accepts connections and never answers."""
    path = socket_dir / "speechd.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(8)
    server.settimeout(0.1)
    accepted: list[socket.socket] = []
    done = threading.Event()

    def accept() -> None:
        while not done.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            accepted.append(conn)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    monkeypatch.setenv("SPEECHD_SOCKET", str(path))
    monkeypatch.delenv("SPEECHD_ADDRESS", raising=False)
    yield path
    done.set()
    thread.join()
    server.close()
    for conn in accepted:
        conn.close()
