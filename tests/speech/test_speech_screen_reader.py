"""The screen-reader back end against fake accessible-output2 outputs."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from accessible_output2.outputs.base import Output

from audiospades.speech import (
    BackendChange,
    BackendKind,
    BackendStartError,
    FallbackReason,
    FallbackSpeaker,
    RecordingSpeaker,
    SpeechManager,
    SpeechMode,
    create_speaker,
)
from audiospades.speech import screen_reader as sr
from audiospades.speech.detect import Detection
from audiospades.speech.screen_reader import (
    SCREEN_READER_ENV,
    ScreenReaderSpeaker,
    is_screen_reader_running,
)


class FakeReader(Output):
    """Stands in for NVDA: speech, braille and silence, all recorded."""

    name = "Fake reader"

    def __init__(self) -> None:
        self.calls: list[tuple[str, ...]] = []
        self.fail_on: str | None = None
        self.hang_on: str | None = None
        self.release = threading.Event()
        self.entered = threading.Event()
        self.closed = False

    def is_active(self) -> bool:
        return True

    def speak(self, text: str, interrupt: bool = False) -> None:
        if text == self.fail_on:
            raise OSError("screen reader went away")
        if text == self.hang_on:
            self.entered.set()
            self.release.wait()
        self.calls.append(("speak", text, "interrupt" if interrupt else "queue"))

    def braille(self, text: str, **options: object) -> None:
        self.calls.append(("braille", text))

    def silence(self) -> None:
        self.calls.append(("silence",))

    def close(self) -> None:
        self.closed = True


class SpeechOnly(Output):
    """Like Speech Dispatcher: no braille method of its own."""

    name = "Speech only"

    def __init__(self) -> None:
        self.spoken: list[str] = []

    def is_active(self) -> bool:
        return True

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.spoken.append(text)


class InactiveVoice(Output):
    name = "Not running"

    def is_active(self) -> bool:
        return False


class FakeAuto:
    def __init__(self) -> None:
        self.outputs: list[Output] = []


@pytest.fixture
def reader(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeReader]:
    fake = FakeReader()
    auto = FakeAuto()
    auto.outputs = [InactiveVoice(), fake]
    monkeypatch.setattr(sr, "_make_auto", lambda: auto)
    monkeypatch.setenv(SCREEN_READER_ENV, "1")
    yield fake
    fake.release.set()


def wait_for(condition: object, timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline
        time.sleep(0.005)


def test_speech_and_braille_go_to_the_screen_reader(reader: FakeReader) -> None:
    speaker = ScreenReaderSpeaker()
    speaker.speak("Your turn")
    wait_for(lambda: len(reader.calls) == 2)
    speaker.speak("Ace of spades", interrupt=True)
    wait_for(lambda: len(reader.calls) == 4)
    assert reader.calls == [
        ("speak", "Your turn", "queue"),
        ("braille", "Your turn"),
        ("speak", "Ace of spades", "interrupt"),
        ("braille", "Ace of spades"),
    ]
    speaker.stop()
    wait_for(lambda: reader.calls[-1] == ("silence",))
    speaker.close()
    assert reader.closed


def test_interrupt_drops_what_the_reader_has_not_been_given_yet(
    reader: FakeReader,
) -> None:
    speaker = ScreenReaderSpeaker()
    reader.hang_on = "slow"
    speaker.speak("slow")
    assert reader.entered.wait(3)
    speaker.speak("dropped")
    speaker.speak("Queen of hearts", interrupt=True)
    reader.release.set()
    wait_for(lambda: not speaker.is_speaking())
    assert [c[1] for c in reader.calls if c[0] == "speak"] == [
        "slow",
        "Queen of hearts",
    ]
    speaker.close()


def test_the_screen_reader_keeps_its_own_rate_volume_and_language(
    reader: FakeReader,
) -> None:
    speaker = ScreenReaderSpeaker()
    assert speaker.set_rate(200) is False
    speaker.set_volume(10)
    speaker.set_language("fr")
    manager = SpeechManager(speaker)
    assert manager.set_rate(150) is False
    assert manager.current_rate == 150
    speaker.close()


def test_an_output_without_braille_only_speaks(monkeypatch: pytest.MonkeyPatch) -> None:
    out = SpeechOnly()
    auto = FakeAuto()
    auto.outputs = [out]
    monkeypatch.setattr(sr, "_make_auto", lambda: auto)
    speaker = ScreenReaderSpeaker(require_running=False)
    speaker.speak("hello")
    wait_for(lambda: out.spoken == ["hello"])
    assert not speaker.is_speaking() or out.spoken == ["hello"]
    speaker.close()


def test_no_active_output_means_not_running(monkeypatch: pytest.MonkeyPatch) -> None:
    auto = FakeAuto()
    auto.outputs = [InactiveVoice()]
    monkeypatch.setattr(sr, "_make_auto", lambda: auto)
    with pytest.raises(BackendStartError) as info:
        ScreenReaderSpeaker(require_running=False)
    assert info.value.reason is FallbackReason.NOT_RUNNING


def test_a_plain_system_voice_is_not_a_screen_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Sapi(SpeechOnly):
        system_output = True

    auto = FakeAuto()
    auto.outputs = [Sapi()]
    monkeypatch.setattr(sr, "_make_auto", lambda: auto)
    with pytest.raises(BackendStartError) as info:
        ScreenReaderSpeaker(require_running=False)
    assert info.value.reason is FallbackReason.NOT_RUNNING


def test_auto_mode_on_linux_needs_a_screen_reader_or_a_speech_daemon(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Neither a screen reader nor Speech Dispatcher runs: ao2 is not even asked."""
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv(SCREEN_READER_ENV)
    monkeypatch.setattr(sr, "detect_outputs", Detection)

    def must_not_run() -> None:
        raise AssertionError("accessible-output2 was started")

    monkeypatch.setattr(sr, "_make_auto", must_not_run)
    with pytest.raises(BackendStartError) as info:
        ScreenReaderSpeaker(require_running=True)
    assert info.value.reason is FallbackReason.NOT_RUNNING


def fake_proc(root: Path, processes: dict[int, tuple[str, list[str]]]) -> Path:
    for pid, (comm, argv) in processes.items():
        entry = root / str(pid)
        entry.mkdir()
        (entry / "comm").write_text(comm + "\n")
        (entry / "cmdline").write_bytes(b"\0".join(a.encode() for a in argv) + b"\0")
    (root / "self").mkdir()
    return root


@pytest.mark.parametrize(
    ("processes", "expected"),
    [
        (
            {
                1: ("systemd", ["/sbin/init"]),
                40: ("speech-dispatch", ["speech-dispatcher"]),
            },
            False,
        ),
        (
            {
                1: ("systemd", ["/sbin/init"]),
                77: ("orca", ["/usr/bin/python3", "/usr/bin/orca"]),
            },
            True,
        ),
        (
            {
                1: ("systemd", ["/sbin/init"]),
                78: ("python3", ["/usr/bin/python3", "/usr/bin/orca"]),
            },
            True,
        ),
        ({1: ("systemd", ["/sbin/init"]), 79: ("orcaslicer", ["orcaslicer"])}, False),
    ],
    ids=["speechd-only", "orca", "orca-by-cmdline", "not-orca"],
)
def test_orca_detection_on_linux(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    processes: dict[int, tuple[str, list[str]]],
    expected: bool,
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv(SCREEN_READER_ENV)
    assert is_screen_reader_running(fake_proc(tmp_path, processes)) is expected


@pytest.mark.parametrize(("value", "expected"), [("1", True), ("0", False)])
def test_environment_variable_decides_detection(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, value: str, expected: bool
) -> None:
    monkeypatch.setenv(SCREEN_READER_ENV, value)
    assert is_screen_reader_running(tmp_path) is expected


def test_other_platforms_trust_accessible_output2(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.delenv(SCREEN_READER_ENV)
    assert is_screen_reader_running() is None


def test_screen_reader_failing_mid_game_hands_over_with_the_text(
    reader: FakeReader,
) -> None:
    changes: list[BackendChange] = []
    nxt = RecordingSpeaker(BackendKind.BUILTIN)
    speaker = FallbackSpeaker(
        [
            (BackendKind.SCREEN_READER, ScreenReaderSpeaker),
            (BackendKind.BUILTIN, lambda: nxt),
        ],
        on_change=changes.append,
    )
    reader.fail_on = "East bids nil"
    speaker.speak("North bids three")
    speaker.speak("East bids nil")
    speaker.speak("Your turn")
    deadline = time.monotonic() + 3
    while speaker.name is BackendKind.SCREEN_READER:
        assert time.monotonic() < deadline
        speaker.tick()
        time.sleep(0.005)
    assert nxt.transcript() == ["East bids nil", "Your turn"]
    assert ("speak", "North bids three", "queue") in reader.calls
    assert changes == [
        BackendChange(
            BackendKind.SCREEN_READER,
            BackendKind.BUILTIN,
            FallbackReason.FAILED,
            mid_game=True,
        )
    ]


def test_screen_reader_hanging_mid_game_times_out(
    reader: FakeReader, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sr, "CALL_TIMEOUT", 0.2)
    changes: list[BackendChange] = []
    nxt = RecordingSpeaker(BackendKind.BUILTIN)
    speaker = FallbackSpeaker(
        [
            (BackendKind.SCREEN_READER, ScreenReaderSpeaker),
            (BackendKind.BUILTIN, lambda: nxt),
        ],
        on_change=changes.append,
    )
    reader.hang_on = "stuck here"
    speaker.speak("stuck here")
    speaker.speak("and this")
    started = time.monotonic()
    while speaker.name is BackendKind.SCREEN_READER:
        tick_started = time.monotonic()
        speaker.tick()
        assert time.monotonic() - tick_started < 0.1  # tick never blocks
        assert time.monotonic() - started < 3
        time.sleep(0.01)
    assert nxt.transcript() == ["stuck here", "and this"]
    assert [c.reason for c in changes] == [FallbackReason.TIMED_OUT]


def test_library_chatter_never_reaches_stdout(
    mixer: None,
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """The headless mode writes utterances to stdout; ao2 and pyttsx3 print."""
    monkeypatch.setenv("SPEECHD_SOCKET", "/nonexistent/speechd.sock")
    changes: list[BackendChange] = []
    speaker = create_speaker(
        SpeechMode.SCREEN_READER,
        language="en",
        rate=100,
        volume=100,
        on_change=changes.append,
    )
    speaker.speak("quiet please")
    speaker.close()
    from audiospades.speech.render import Pyttsx3Renderer

    # Its espeak driver prints "Audio saved to ..." for every file.
    Pyttsx3Renderer().render("hush", str(tmp_path / "a.wav"), voice=None, wpm=175)
    out, _ = capfd.readouterr()
    assert out == ""
    assert changes and changes[0].from_kind is BackendKind.SCREEN_READER
