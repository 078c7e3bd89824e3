"""The built-in voice with the real espeak-ng: rendered WAVs, playback, stop, timing."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
import wave
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from audiospades.speech import BackendChange, BackendKind, SpeechMode, create_speaker
from audiospades.speech import render as render_module
from audiospades.speech.builtin import SPEECH_CHANNEL_INDEX, BuiltinSpeaker
from audiospades.speech.render import (
    EspeakCliRenderer,
    Pyttsx3Renderer,
    Voice,
    choose_voice,
    renderer_choices,
    words_per_minute,
)
from audiospades.speech.screen_reader import SCREEN_READER_ENV

pytestmark = pytest.mark.skipif(
    shutil.which("espeak-ng") is None,
    reason="espeak-ng is not installed (apt-get install espeak-ng; tools/dev.sh does)",
)

SENTENCE = "North leads the queen of hearts, and spades are not broken yet."


def rms_amplitude(path: Path) -> float:
    """RMS amplitude from `sox FILE -n stat` (it reports on stderr)."""
    if shutil.which("sox") is None:
        pytest.skip("sox is not installed (apt-get install sox; tools/dev.sh does)")
    result = subprocess.run(
        ["sox", str(path), "-n", "stat"], capture_output=True, text=True, check=True
    )
    match = re.search(r"RMS\s+amplitude:\s+([0-9.]+)", result.stderr)
    assert match, result.stderr
    return float(match.group(1))


def duration(path: Path) -> float:
    with wave.open(str(path)) as wav:
        return wav.getnframes() / wav.getframerate()


class SpyRenderer:
    """A real renderer that notes each call's voice and rate."""

    def __init__(self) -> None:
        self.inner = EspeakCliRenderer()
        self.calls: list[tuple[str, str | None, int]] = []

    def voices(self) -> list[Voice]:
        return self.inner.voices()

    def render(self, text: str, path: str, *, voice: str | None, wpm: int) -> None:
        self.calls.append((text, voice, wpm))
        self.inner.render(text, path, voice=voice, wpm=wpm)


@pytest.fixture
def spy() -> SpyRenderer:
    return SpyRenderer()


@pytest.fixture
def builtin(mixer: None, spy: SpyRenderer) -> Iterator[BuiltinSpeaker]:
    speaker = BuiltinSpeaker(renderers=[lambda: spy])
    yield speaker
    speaker.close()


def tick_until(
    speaker: BuiltinSpeaker, done: Callable[[], bool], timeout: float = 5.0
) -> list[str]:
    """Tick like the game loop (~100 fps) until `done`; return what played."""
    played: list[str] = []
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"timed out; played {played}"
        speaker.tick()
        now = speaker.now_playing
        if now is not None and (not played or played[-1] != now):
            played.append(now)
        time.sleep(0.01)
    return played


def channel() -> pygame.mixer.Channel:
    return pygame.mixer.Channel(SPEECH_CHANNEL_INDEX)


def test_linux_renders_with_the_espeak_ng_command_first() -> None:
    """pyttsx3 2.99's espeak driver loses rate changes between files (see render)."""
    choices = renderer_choices(0.25)
    kinds = [getattr(choice, "func", None) for choice in choices]
    if sys.platform.startswith("linux"):
        assert kinds == [EspeakCliRenderer, Pyttsx3Renderer]
    else:
        assert kinds[0] is Pyttsx3Renderer
    assert [getattr(choice, "keywords", {}) for choice in choices] == [
        {"timeout": 0.25},
        {"timeout": 0.25},
    ]


def test_rendered_utterance_is_not_silent(tmp_path: Path) -> None:
    path = tmp_path / "utterance.wav"
    EspeakCliRenderer().render(
        SENTENCE, str(path), voice=None, wpm=words_per_minute(100)
    )
    assert rms_amplitude(path) > 0.01
    assert duration(path) > 1.0


def test_faster_rate_renders_a_shorter_utterance(tmp_path: Path) -> None:
    renderer = EspeakCliRenderer()
    normal, fast = tmp_path / "normal.wav", tmp_path / "fast.wav"
    renderer.render(SENTENCE, str(normal), voice=None, wpm=words_per_minute(100))
    renderer.render(SENTENCE, str(fast), voice=None, wpm=words_per_minute(250))
    assert duration(fast) < 0.7 * duration(normal)
    assert rms_amplitude(fast) > 0.01


def test_pyttsx3_renderer_writes_speech_once_render_returns(tmp_path: Path) -> None:
    """Its espeak driver writes the file from espeak's thread after runAndWait
    returns; render waits for it. (Rates are not asserted: the driver drops them.)
    """
    path = tmp_path / "pyttsx3.wav"
    Pyttsx3Renderer().render(SENTENCE, str(path), voice=None, wpm=175)
    assert rms_amplitude(path) > 0.01
    assert duration(path) > 1.0


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es", "pt", "it"])
def test_every_ui_language_has_an_espeak_voice(lang: str, tmp_path: Path) -> None:
    renderer = EspeakCliRenderer()
    voice = choose_voice(renderer.voices(), lang)
    assert voice is not None
    assert voice.rsplit("/", 1)[-1].startswith(lang)
    path = tmp_path / f"{lang}.wav"
    renderer.render("un deux trois", str(path), voice=voice, wpm=175)
    assert rms_amplitude(path) > 0.01


def test_pyttsx3_and_the_command_choose_the_same_voices() -> None:
    by_command, by_pyttsx3 = EspeakCliRenderer().voices(), Pyttsx3Renderer().voices()
    for lang in ["en", "fr", "de", "es", "pt", "it"]:
        assert choose_voice(by_pyttsx3, lang) == choose_voice(by_command, lang)


def test_speech_plays_on_the_reserved_channel_and_stop_cuts_it_at_once(
    builtin: BuiltinSpeaker,
) -> None:
    builtin.speak(SENTENCE)
    tick_until(builtin, channel().get_busy)
    assert builtin.now_playing == SENTENCE
    assert builtin.is_speaking()
    assert pygame.mixer.find_channel() is not channel()  # cues never take it

    builtin.speak("and this waits")
    builtin.stop()
    assert not channel().get_busy()
    assert not builtin.is_speaking()
    for _ in range(30):  # the dropped utterance never starts later
        builtin.tick()
        time.sleep(0.01)
    assert not channel().get_busy()


def test_queued_speech_plays_in_order_and_interrupt_drops_the_queue(
    builtin: BuiltinSpeaker,
) -> None:
    builtin.speak("one")
    builtin.speak("two")
    played = tick_until(builtin, lambda: not builtin.is_speaking())
    assert played == ["one", "two"]

    builtin.speak(SENTENCE)
    builtin.speak("never heard")
    tick_until(builtin, channel().get_busy)
    builtin.speak("Ace of spades", interrupt=True)
    played = tick_until(builtin, lambda: not builtin.is_speaking())
    assert played == ["Ace of spades"]


def test_rate_language_and_volume_apply_to_the_next_utterance(
    builtin: BuiltinSpeaker, spy: SpyRenderer
) -> None:
    assert builtin.set_rate(200) is True
    builtin.set_language("fr")
    builtin.set_volume(40)
    builtin.speak("Bonjour")
    tick_until(builtin, channel().get_busy)
    text, voice, wpm = spy.calls[-1]
    assert (text, wpm) == ("Bonjour", 350)
    assert voice is not None and voice.endswith("/fr")
    assert channel().get_volume() == pytest.approx(0.4, abs=0.01)
    assert builtin.set_rate(1000) is True
    builtin.speak("Vite")
    tick_until(builtin, lambda: len(spy.calls) == 2)
    assert spy.calls[-1][2] == words_per_minute(300)


def test_without_the_espeak_ng_command_pyttsx3_speaks(
    mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(render_module, "ESPEAK_COMMAND", "no-such-espeak-ng")
    speaker = BuiltinSpeaker()
    try:
        speaker.speak("still talking")
        tick_until(speaker, channel().get_busy)
    finally:
        speaker.close()


def test_a_renderer_failing_mid_game_is_replaced_by_the_next(mixer: None) -> None:
    class Broken(EspeakCliRenderer):
        def render(self, text: str, path: str, *, voice: str | None, wpm: int) -> None:
            raise render_module.RenderError("synthesis crashed")

    speaker = BuiltinSpeaker(renderers=[Broken, EspeakCliRenderer])
    try:
        speaker.speak("rescued")
        played = tick_until(speaker, lambda: not speaker.is_speaking())
        assert played == ["rescued"]
    finally:
        speaker.close()


@pytest.mark.parametrize("daemon", ["absent", "stuck"])
def test_auto_mode_starts_speaking_within_five_seconds(
    mixer: None,
    daemon: str,
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No screen reader (or one claimed over a stuck speech daemon): speak anyway."""
    if daemon == "stuck":
        request.getfixturevalue("stuck_speechd")
        monkeypatch.setenv(SCREEN_READER_ENV, "1")
    else:
        monkeypatch.setenv("SPEECHD_SOCKET", "/nonexistent/speechd.sock")
    changes: list[BackendChange] = []
    started = time.monotonic()
    speaker = create_speaker(
        SpeechMode.AUTO, language="en", rate=100, volume=100, on_change=changes.append
    )
    try:
        speaker.speak("Welcome to Spades")
        backend = speaker.backend
        assert isinstance(backend, BuiltinSpeaker)
        tick_until(backend, channel().get_busy)
        # The requirement itself: playback starts within 5 s of asking for speech.
        assert time.monotonic() - started < 5
        assert speaker.name is BackendKind.BUILTIN
        assert len(changes) == 1
    finally:
        speaker.close()


def test_closing_removes_the_temporary_files(mixer: None) -> None:
    speaker = BuiltinSpeaker()
    speaker.speak("bye")
    tick_until(speaker, channel().get_busy)
    tmpdir = Path(speaker._tmpdir)
    speaker.close()
    assert not tmpdir.exists()
    speaker.speak("after close")
    speaker.tick()
    assert not speaker.is_speaking()
