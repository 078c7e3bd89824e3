"""Issue 12, item 13, on the wire: the real ``speechd`` client library talks SSIP
over a real Unix socket to a small fake daemon, which notes every command.

The automatic mode finds the daemon by its socket alone (no screen reader runs),
connects as ``audiospades``, and speaks and cancels through it.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from audiospades.presenter.access import output_text
from audiospades.speech import screen_reader as sr
from audiospades.speech.describe import output_in_use
from audiospades.speech.detect import SCREEN_READER_ENV, detect
from audiospades.speech.screen_reader import ScreenReaderSpeaker


class FakeDaemon:
    """Answers SSIP commands as Speech Dispatcher does, enough for the client."""

    def __init__(self, path: Path) -> None:
        self.commands: list[str] = []
        self._server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._server.bind(str(path))
        self._server.listen(4)
        self._server.settimeout(0.1)
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while not self._done.is_set():
            try:
                conn, _ = self._server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        buffer, in_text, count = b"", False, 0
        with conn:
            while True:
                try:
                    chunk = conn.recv(4096)
                except OSError:
                    return
                if not chunk:
                    return
                buffer += chunk
                while b"\r\n" in buffer:
                    raw, buffer = buffer.split(b"\r\n", 1)
                    line = raw.decode()
                    self.commands.append(line)
                    if in_text:
                        if line == ".":
                            in_text, count = False, count + 1
                            conn.sendall(b"225-%d\r\n225 OK MESSAGE QUEUED\r\n" % count)
                        continue
                    upper = line.upper()
                    if upper.startswith("SPEAK"):
                        in_text = True
                        conn.sendall(b"230 OK RECEIVING DATA\r\n")
                    elif upper.startswith("HISTORY GET CLIENT_ID"):
                        conn.sendall(b"245-7\r\n245 OK CLIENT ID SENT\r\n")
                    elif upper.startswith("QUIT"):
                        conn.sendall(b"231 HAPPY HACKING\r\n")
                        return
                    else:
                        conn.sendall(b"200 OK\r\n")

    def close(self) -> None:
        self._done.set()
        self._server.close()
        self._thread.join(2)


@pytest.fixture
def daemon(
    tmp_path: Path, socket_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[FakeDaemon]:
    """A fake Speech Dispatcher where the real one keeps its socket."""
    folder = socket_dir / "run" / "speech-dispatcher"
    folder.mkdir(parents=True)
    fake = FakeDaemon(folder / "speechd.sock")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(socket_dir / "run"))
    monkeypatch.delenv("SPEECHD_ADDRESS", raising=False)
    monkeypatch.delenv("SPEECHD_SOCKET", raising=False)
    monkeypatch.delenv(SCREEN_READER_ENV)
    monkeypatch.setattr(
        sr, "detect_outputs", lambda: detect(proc=tmp_path, sys_module=tmp_path)
    )
    yield fake
    fake.close()


def test_a_bare_speech_dispatcher_hears_the_game_under_its_name(
    daemon: FakeDaemon,
) -> None:
    speaker = ScreenReaderSpeaker(require_running=True)
    try:
        assert output_text(output_in_use(speaker)) == "Speech: Speech Dispatcher."
        speaker.speak("Hand 1. Sam deals.")
        speaker.speak("Your turn.", interrupt=True)
        deadline = time.monotonic() + 5.0
        while "Your turn." not in daemon.commands:
            assert time.monotonic() < deadline, daemon.commands
            time.sleep(0.005)
    finally:
        speaker.close()
    name = daemon.commands[0]
    assert name.startswith("SET self CLIENT_NAME ")
    assert name.endswith(":audiospades:main")
    assert "unknown::default" not in name
    said = daemon.commands
    assert said.index("Your turn.") > said.index("CANCEL self")
