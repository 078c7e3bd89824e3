"""The built-in voice keeps speaking when espeak-ng hangs or is missing.

The espeak-ng command is tried first on Linux and pyttsx3 (libespeak-ng in the
process) second. A hanging command must be abandoned in time for pyttsx3 to start,
both at start-up and mid-game, and pyttsx3 must last a whole game. The time limits
are made small here (they are module constants read when a speaker is made), so
every test ends within a few seconds.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import threading
import time
import wave
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from audiospades.speech import builtin as builtin_module
from audiospades.speech import render as render_module
from audiospades.speech.builtin import SPEECH_CHANNEL_INDEX, BuiltinSpeaker
from audiospades.speech.render import Pyttsx3Renderer, RenderError

REAL_ESPEAK = shutil.which("espeak-ng")
SLEEP = shutil.which("sleep") or "/bin/sleep"


def _pyttsx3_starts() -> bool:
    try:
        Pyttsx3Renderer()
    except RenderError:
        return False
    return True


pytestmark = pytest.mark.skipif(
    not _pyttsx3_starts(),
    reason="pyttsx3 with libespeak-ng is not installed (tools/dev.sh installs both)",
)

requires_espeak = pytest.mark.skipif(
    REAL_ESPEAK is None,
    reason="espeak-ng is not installed (apt-get install espeak-ng; tools/dev.sh does)",
)

SHORT_LIMIT = 2.0
"""Seconds for START_TIMEOUT and RENDER_TIMEOUT in these tests."""


@pytest.fixture
def short_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(builtin_module, "START_TIMEOUT", SHORT_LIMIT)
    monkeypatch.setattr(builtin_module, "RENDER_TIMEOUT", SHORT_LIMIT)


def fake_espeak(
    folder: Path, monkeypatch: pytest.MonkeyPatch, *, voices_work: bool
) -> Path:
    """Put an `espeak-ng` on a PATH of its own that hangs (a stuck audio server).

    With `voices_work`, `--voices` answers from the real command, so the renderer
    starts and only rendering hangs. The hang is a child `sleep`, as a wrapper
    script would have it: abandoning the command must end both. Each hanging run
    writes its own and its child's process ids to the file returned.
    """
    folder.mkdir()
    pids = folder / "pids"
    script = folder / "espeak-ng"
    answer = (
        f'if [ "$1" = "--voices" ]; then exec {REAL_ESPEAK} "$@"; fi\n'
        if voices_work
        else ""
    )
    script.write_text(
        f"#!/bin/sh\n{answer}{SLEEP} 60 &\necho $$ $! >> {pids}\nwait\necho never\n"
    )
    script.chmod(0o755)
    monkeypatch.setenv("PATH", str(folder))
    return pids


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended


def left_running(pids: Path) -> list[int]:
    """Processes of the fake command still running (waiting briefly for the kill)."""
    started = [int(pid) for pid in pids.read_text().split()] if pids.exists() else []
    assert started, "the fake espeak-ng never hung"
    deadline = time.monotonic() + 2
    while any(_alive(pid) for pid in started) and time.monotonic() < deadline:
        time.sleep(0.01)
    return [pid for pid in started if _alive(pid)]


def channel() -> pygame.mixer.Channel:
    return pygame.mixer.Channel(SPEECH_CHANNEL_INDEX)


def tick_until_playing(
    speaker: BuiltinSpeaker, text: str, timeout: float = 5.0
) -> None:
    """Tick like the game loop until `text` plays; a SpeakerFailure fails the test."""
    deadline = time.monotonic() + timeout
    while speaker.now_playing != text:
        assert time.monotonic() < deadline, f"{text!r} never played"
        speaker.tick()
        time.sleep(0.005)


@pytest.fixture
def speaker_box() -> Iterator[list[BuiltinSpeaker]]:
    """Holds the speaker a test makes, and closes it afterwards."""
    box: list[BuiltinSpeaker] = []
    yield box
    for speaker in box:
        speaker.close()


@requires_espeak
@pytest.mark.usefixtures("mixer", "short_limits")
def test_espeak_ng_hanging_at_start_is_abandoned_and_pyttsx3_speaks(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    speaker_box: list[BuiltinSpeaker],
) -> None:
    pids = fake_espeak(tmp_path / "bin", monkeypatch, voices_work=False)
    speaker = BuiltinSpeaker()
    speaker_box.append(speaker)
    speaker.speak("The game's own voice, from pyttsx3")
    tick_until_playing(speaker, "The game's own voice, from pyttsx3")
    assert left_running(pids) == []


@requires_espeak
@pytest.mark.usefixtures("mixer", "short_limits")
def test_espeak_ng_hanging_mid_game_is_abandoned_and_pyttsx3_takes_over(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    speaker_box: list[BuiltinSpeaker],
) -> None:
    pids = fake_espeak(tmp_path / "bin", monkeypatch, voices_work=True)
    speaker = BuiltinSpeaker()  # starts: --voices answers
    speaker_box.append(speaker)
    speaker.speak("North bids three")  # espeak-ng hangs on this one
    speaker.speak("East bids nil")
    tick_until_playing(speaker, "North bids three")
    speaker.stop()
    speaker.speak("Your turn", interrupt=True)
    tick_until_playing(speaker, "Your turn")
    assert left_running(pids) == []


@pytest.mark.usefixtures("mixer")
def test_without_espeak_ng_the_builtin_voice_speaks_a_whole_game(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    speaker_box: list[BuiltinSpeaker],
) -> None:
    """pyttsx3 alone, with no espeak-ng on the PATH, for 40 turns of 4 utterances.

    As in play: three events queue back to back (the computer players' cards),
    then the player's key interrupts them and its answer must be heard. pyttsx3's
    espeak driver now and then writes a file with no sound in it; that must never
    end the voice.
    """
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    speaker = BuiltinSpeaker()
    speaker_box.append(speaker)
    for turn in range(40):
        for seat in ("West", "North", "East"):
            speaker.speak(f"{seat} plays the {turn} of hearts.")
        deadline = time.monotonic() + 0.1  # time to render them, as bots think
        while time.monotonic() < deadline:
            speaker.tick()
            time.sleep(0.005)
        answer = f"Your hand, turn {turn}."
        speaker.speak(answer, interrupt=True)
        tick_until_playing(speaker, answer)


def _frames(path: Path) -> int:
    with wave.open(str(path)) as wav:
        assert wav.getsampwidth() == 2
        return wav.getnframes()


def _rms(path: Path) -> float:
    if shutil.which("sox") is None:
        pytest.skip("sox is not installed (apt-get install sox; tools/dev.sh does)")
    done = subprocess.run(
        ["sox", str(path), "-n", "stat"], capture_output=True, text=True, check=True
    )
    match = re.search(r"RMS\s+amplitude:\s+([0-9.]+)", done.stderr)
    assert match, done.stderr
    return float(match.group(1))


def test_pyttsx3_renders_300_utterances_each_with_speech(tmp_path: Path) -> None:
    renderer = Pyttsx3Renderer()
    paths = []
    for index in range(300):
        path = tmp_path / f"utterance-{index}.wav"
        renderer.render(
            f"West plays the {index} of spades.", str(path), voice=None, wpm=175
        )
        paths.append(path)
    assert all(_frames(path) > 2_000 for path in paths)
    assert _rms(paths[0]) > 0.01
    assert _rms(paths[-1]) > 0.01


class FakeEngine:
    """pyttsx3's engine API, writing a WAV with no frames when told to."""

    driver_name = "fake"

    def __init__(self, empty_writes: Callable[[int], bool]) -> None:
        self.empty_writes = empty_writes
        self.attempts = 0
        self.callbacks: dict[int, Callable[..., None]] = {}
        self._job: tuple[str, str] | None = None

    def connect(self, topic: str, callback: Callable[..., None]) -> int:
        assert topic == "finished-utterance"
        token = len(self.callbacks) + 1
        self.callbacks[token] = callback
        return token

    def disconnect(self, token: int) -> None:
        del self.callbacks[token]

    def setProperty(self, name: str, value: Any) -> None:
        pass

    def getProperty(self, name: str) -> Any:
        return []

    def save_to_file(self, text: str, path: str) -> None:
        self._job = (text, path)

    def runAndWait(self) -> None:
        assert self._job is not None
        self.attempts += 1
        _, path = self._job
        with wave.open(path, "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(22050)
            if not self.empty_writes(self.attempts):
                wav.writeframes(b"\x10\x00" * 4410)

        def finish() -> None:  # from another thread, as espeak's callback does
            for callback in list(self.callbacks.values()):
                callback(name=None, completed=True)

        threading.Thread(target=finish).start()


def _with_engine(monkeypatch: pytest.MonkeyPatch, engine: FakeEngine) -> None:
    monkeypatch.setattr("pyttsx3.init", lambda *args, **kwargs: engine)


def test_pyttsx3_renders_again_when_a_file_comes_out_without_speech(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = FakeEngine(empty_writes=lambda attempt: attempt % 3 == 1)
    _with_engine(monkeypatch, engine)
    renderer = Pyttsx3Renderer()
    for index in range(5):
        path = tmp_path / f"{index}.wav"
        renderer.render("Spades are broken.", str(path), voice=None, wpm=175)
        assert _frames(path) == 4410
    assert engine.attempts == 5 + 3  # attempts 1, 4 and 7 wrote nothing


def test_pyttsx3_gives_up_when_it_keeps_writing_no_speech(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = FakeEngine(empty_writes=lambda attempt: True)
    _with_engine(monkeypatch, engine)
    renderer = Pyttsx3Renderer()
    with pytest.raises(RenderError, match="no speech"):
        renderer.render("lost", str(tmp_path / "lost.wav"), voice=None, wpm=175)
    assert engine.attempts == render_module.PYTTSX3_ATTEMPTS
