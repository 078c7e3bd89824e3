"""Issue 12, item 13: the Linux screen-reader path.

Orca, Fenrir and Speakup are found (fake ``/proc`` and ``/sys/module``), and so
is a bare Speech Dispatcher (its socket); the game connects to Speech Dispatcher
as ``audiospades`` (a fake ``speechd`` client), and says which output it uses.
"""

from __future__ import annotations

import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import ClassVar

import pytest

from audiospades.presenter.access import output_text
from audiospades.speech import BackendKind, BackendStartError, FallbackReason
from audiospades.speech import screen_reader as sr
from audiospades.speech.describe import OutputInUse, output_in_use
from audiospades.speech.detect import SCREEN_READER_ENV, Detection, detect
from audiospades.speech.screen_reader import ScreenReaderSpeaker
from audiospades.speech.speechd_output import CLIENT_NAME, SpeechdOutput


def fake_proc(root: Path, processes: dict[int, tuple[str, list[str]]]) -> Path:
    root.mkdir(exist_ok=True)
    for pid, (comm, argv) in processes.items():
        entry = root / str(pid)
        entry.mkdir()
        (entry / "comm").write_text(comm + "\n")
        (entry / "cmdline").write_bytes(b"\0".join(a.encode() for a in argv) + b"\0")
    return root


INIT = {1: ("systemd", ["/sbin/init"])}


@pytest.mark.parametrize(
    ("processes", "readers"),
    [
        ({77: ("orca", ["/usr/bin/python3", "/usr/bin/orca"])}, ("Orca",)),
        ({80: ("fenrir", ["/usr/bin/python3", "/usr/bin/fenrir"])}, ("Fenrir",)),
        ({81: ("python3", ["python3", "/opt/fenrir/fenrir-daemon"])}, ("Fenrir",)),
        ({82: ("espeakup", ["/usr/bin/espeakup"])}, ("Speakup",)),
        ({83: ("speechd-up", ["speechd-up"])}, ("Speakup",)),
        ({84: ("orcaslicer", ["orcaslicer"])}, ()),
    ],
    ids=["orca", "fenrir", "fenrir-daemon", "espeakup", "speechd-up", "not-a-reader"],
)
def test_linux_screen_readers_are_found_by_their_processes(
    tmp_path: Path,
    processes: dict[int, tuple[str, list[str]]],
    readers: tuple[str, ...],
) -> None:
    found = detect(
        proc=fake_proc(tmp_path / "proc", INIT | processes),
        sys_module=tmp_path / "sys",
        env={"XDG_RUNTIME_DIR": str(tmp_path / "run")},
        platform="linux",
    )
    assert found.readers == readers
    assert found.wants_speechd is bool(readers)


def test_speakup_is_found_by_its_kernel_module(tmp_path: Path) -> None:
    (tmp_path / "sys" / "speakup").mkdir(parents=True)
    found = detect(
        proc=fake_proc(tmp_path / "proc", INIT),
        sys_module=tmp_path / "sys",
        env={"XDG_RUNTIME_DIR": str(tmp_path / "run")},
        platform="linux",
    )
    assert found.readers == ("Speakup",)


@pytest.fixture
def speechd_socket(socket_dir: Path) -> Iterator[Path]:
    """A listening Speech Dispatcher socket where the daemon keeps it."""
    folder = socket_dir / "run" / "speech-dispatcher"
    folder.mkdir(parents=True)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(folder / "speechd.sock"))
    server.listen(1)
    yield socket_dir / "run"
    server.close()


def test_a_bare_speech_dispatcher_is_found_by_its_socket(
    tmp_path: Path, speechd_socket: Path
) -> None:
    found = detect(
        proc=fake_proc(tmp_path / "proc", INIT),
        sys_module=tmp_path / "sys",
        env={"XDG_RUNTIME_DIR": str(speechd_socket)},
        platform="linux",
    )
    assert found == Detection((), speechd=True)
    assert found.wants_speechd
    # A plain file where the socket would be is not a daemon.
    assert not detect(
        proc=tmp_path / "proc",
        sys_module=tmp_path / "sys",
        env={"SPEECHD_ADDRESS": f"unix_socket:{tmp_path / 'proc' / '1' / 'comm'}"},
        platform="linux",
    ).speechd


def test_the_speech_dispatcher_process_counts_too(tmp_path: Path) -> None:
    proc = fake_proc(tmp_path / "proc", INIT | {40: ("speech-dispatch", ["x"])})
    found = detect(
        proc=proc,
        sys_module=tmp_path / "sys",
        env={"XDG_RUNTIME_DIR": str(tmp_path)},
        platform="linux",
    )
    assert found.speechd and not found.readers


def test_the_environment_variable_still_decides(tmp_path: Path) -> None:
    assert detect(env={SCREEN_READER_ENV: "0"}, platform="linux").forced is False
    assert detect(env={SCREEN_READER_ENV: "1"}, platform="linux").wants_speechd


class FakeClient:
    """Stands in for ``speechd.SSIPClient``: records every call."""

    instances: ClassVar[list[FakeClient]] = []

    def __init__(self, name: str, component: str = "default", **kwargs: object):
        self.name, self.component = name, component
        self.calls: list[tuple[str, ...]] = []
        FakeClient.instances.append(self)

    def speak(self, text: str, callback: object = None, event_types: object = ()):
        self.calls.append(("speak", text))

    def cancel(self) -> None:
        self.calls.append(("cancel",))

    def close(self) -> None:
        self.calls.append(("close",))


def fake_speechd() -> SimpleNamespace:
    kinds = SimpleNamespace(BEGIN="begin", END="end", CANCEL="cancel")
    return SimpleNamespace(SSIPClient=FakeClient, CallbackType=kinds)


def test_the_game_connects_to_speech_dispatcher_under_its_own_name() -> None:
    FakeClient.instances.clear()
    output = SpeechdOutput(fake_speechd())
    client = FakeClient.instances[-1]
    assert (client.name, client.component) == (CLIENT_NAME, "main")
    assert CLIENT_NAME == "audiospades"
    output.speak("Your turn.")
    output.speak("Ace of spades.", interrupt=True)
    assert client.calls == [
        ("speak", "Your turn."),
        ("cancel",),
        ("speak", "Ace of spades."),
    ]


@pytest.fixture
def linux_speechd(monkeypatch: pytest.MonkeyPatch) -> None:
    """Linux, with the fake ``speechd`` module importable."""
    FakeClient.instances.clear()
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv(SCREEN_READER_ENV, raising=False)
    monkeypatch.setitem(sys.modules, "speechd", fake_speechd())


@pytest.mark.parametrize(
    ("found", "line"),
    [
        (Detection(("Fenrir",), True), "Speech: Fenrir, through Speech Dispatcher."),
        (Detection(("Speakup",), True), "Speech: Speakup, through Speech Dispatcher."),
        (
            Detection(("Orca", "Speakup"), True),
            "Speech: Orca and Speakup, through Speech Dispatcher.",
        ),
        (Detection((), True), "Speech: Speech Dispatcher."),
    ],
)
def test_auto_mode_speaks_for_any_linux_screen_reader_and_says_so(
    linux_speechd: None,
    monkeypatch: pytest.MonkeyPatch,
    found: Detection,
    line: str,
) -> None:
    monkeypatch.setattr(sr, "detect_outputs", lambda: found)
    speaker = ScreenReaderSpeaker(require_running=True)
    try:
        speaker.speak("Hand 1.")
        deadline = time.monotonic() + 3.0
        while speaker.is_speaking() and time.monotonic() < deadline:
            time.sleep(0.002)  # the worker hands it to the client
        client = FakeClient.instances[-1]
        assert client.name == "audiospades"
        assert output_text(output_in_use(speaker)) == line
    finally:
        speaker.close()
    assert ("speak", "Hand 1.") in client.calls
    assert client.calls[-1] == ("close",)


def test_nothing_found_leaves_the_own_voice(
    linux_speechd: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sr, "detect_outputs", Detection)
    with pytest.raises(BackendStartError) as info:
        ScreenReaderSpeaker(require_running=True)
    assert info.value.reason is FallbackReason.NOT_RUNNING
    assert not FakeClient.instances


@pytest.mark.parametrize(
    ("out", "line"),
    [
        (OutputInUse(BackendKind.BUILTIN), "Speech: the game's own voice."),
        (OutputInUse(BackendKind.SCREEN_READER, ("NVDA",)), "Speech: NVDA."),
        (
            OutputInUse(BackendKind.SILENT),
            "Speech: no speech, text on the screen only.",
        ),
    ],
)
def test_the_output_line_names_every_output(out: OutputInUse, line: str) -> None:
    assert output_text(out) == line
