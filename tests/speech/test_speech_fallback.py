"""Each fallback path: at start and mid-game, reported once, nothing lost."""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from audiospades.speech import (
    BackendChange,
    BackendKind,
    BackendStartError,
    FallbackReason,
    FallbackSpeaker,
    RecordingSpeaker,
    SpeakerFailure,
    SpeechManager,
    SpeechMode,
    Spoken,
    create_speaker,
)
from audiospades.speech import render as render_module
from audiospades.speech.builtin import BuiltinSpeaker
from audiospades.speech.screen_reader import SCREEN_READER_ENV

requires_espeak = pytest.mark.skipif(
    shutil.which("espeak-ng") is None,
    reason="espeak-ng is not installed (apt-get install espeak-ng; tools/dev.sh does)",
)


class FlakySpeaker(RecordingSpeaker):
    """Works for `good_calls` speak calls, then raises like a broken library."""

    def __init__(self, kind: BackendKind, good_calls: int) -> None:
        super().__init__(kind)
        self.good_calls = good_calls

    def speak(self, text: str, interrupt: bool = False) -> None:
        if len(self.spoken) >= self.good_calls:
            raise OSError("connection to the speech daemon lost")
        super().speak(text, interrupt)


@pytest.fixture
def hanging_auto(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Make accessible-output2's `Auto()`, and on Linux the Speech Dispatcher
    client the game opens itself, block until the test ends."""
    release = threading.Event()

    class HangingAuto:
        def __init__(self, *args: object, **kwargs: object) -> None:
            release.wait()
            raise RuntimeError("released")

    monkeypatch.setattr("accessible_output2.outputs.auto.Auto", HangingAuto)
    monkeypatch.setattr("speechd.SSIPClient", HangingAuto)
    yield release
    release.set()


def test_fallback_speaker_starts_the_first_back_end_that_starts() -> None:
    changes: list[BackendChange] = []
    second = RecordingSpeaker(BackendKind.BUILTIN)

    def not_running() -> RecordingSpeaker:
        raise BackendStartError(FallbackReason.NOT_RUNNING)

    speaker = FallbackSpeaker(
        [
            (BackendKind.SCREEN_READER, not_running),
            (BackendKind.BUILTIN, lambda: second),
        ],
        on_change=changes.append,
        language="de",
        rate=130,
        volume=40,
    )
    assert speaker.name is BackendKind.BUILTIN
    assert speaker.backend is second
    assert changes == [
        BackendChange(
            BackendKind.SCREEN_READER, BackendKind.BUILTIN, FallbackReason.NOT_RUNNING
        )
    ]
    assert (second.language, second.rate, second.volume) == ("de", 130, 40)


def test_back_end_raising_mid_game_hands_over_and_the_text_is_still_spoken() -> None:
    changes: list[BackendChange] = []
    first = FlakySpeaker(BackendKind.SCREEN_READER, good_calls=1)
    second = RecordingSpeaker(BackendKind.BUILTIN)
    speaker = FallbackSpeaker(
        [
            (BackendKind.SCREEN_READER, lambda: first),
            (BackendKind.BUILTIN, lambda: second),
        ],
        on_change=changes.append,
    )
    speech = SpeechManager(speaker, rate=160)
    speech.set_language("es")
    speech.say("North bids three")
    speech.say("East bids nil")  # the first back end raises here
    speech.say("Your turn")

    assert first.transcript() == ["North bids three"]
    assert first.is_closed
    assert second.transcript() == ["East bids nil", "Your turn"]
    assert (second.rate, second.language) == (160, "es")
    assert changes == [
        BackendChange(
            BackendKind.SCREEN_READER,
            BackendKind.BUILTIN,
            FallbackReason.FAILED,
            mid_game=True,
        )
    ]
    speech.say("more")
    speech.tick()
    assert len(changes) == 1  # reported once
    assert speech.backend is BackendKind.BUILTIN


def test_undelivered_speech_of_a_failed_back_end_is_replayed_in_order() -> None:
    class Fails(RecordingSpeaker):
        def tick(self) -> None:
            raise SpeakerFailure(
                FallbackReason.TIMED_OUT, (Spoken("a"), Spoken("b", interrupt=True))
            )

    changes: list[BackendChange] = []
    nxt = RecordingSpeaker(BackendKind.BUILTIN)
    speaker = FallbackSpeaker(
        [(BackendKind.SCREEN_READER, Fails), (BackendKind.BUILTIN, lambda: nxt)],
        on_change=changes.append,
    )
    speaker.tick()
    assert nxt.spoken == [Spoken("a"), Spoken("b", interrupt=True)]
    assert [c.reason for c in changes] == [FallbackReason.TIMED_OUT]


def test_last_back_end_failing_leaves_silent_speech_and_never_raises() -> None:
    changes: list[BackendChange] = []
    first = FlakySpeaker(BackendKind.BUILTIN, good_calls=0)
    speaker = FallbackSpeaker(
        [(BackendKind.BUILTIN, lambda: first)], on_change=changes.append
    )
    speaker.speak("lost?")
    assert speaker.name is BackendKind.SILENT
    silent = speaker.backend
    assert isinstance(silent, RecordingSpeaker)
    assert silent.transcript() == ["lost?"]
    assert changes == [
        BackendChange(
            BackendKind.BUILTIN,
            BackendKind.SILENT,
            FallbackReason.FAILED,
            mid_game=True,
        )
    ]


def test_on_change_raising_does_not_break_speech() -> None:
    def boom(change: BackendChange) -> None:
        raise ValueError("presenter bug")

    speaker = FallbackSpeaker(
        [(BackendKind.BUILTIN, lambda: FlakySpeaker(BackendKind.BUILTIN, 0))],
        on_change=boom,
    )
    speaker.speak("still fine")
    assert speaker.name is BackendKind.SILENT


def test_silent_mode_reports_nothing() -> None:
    changes: list[BackendChange] = []
    speaker = create_speaker(
        SpeechMode.SILENT, language="en", rate=100, volume=100, on_change=changes.append
    )
    speaker.speak("quiet")
    assert speaker.name is BackendKind.SILENT
    assert changes == []


@requires_espeak
def test_auto_without_a_screen_reader_uses_the_builtin_voice(mixer: None) -> None:
    changes: list[BackendChange] = []
    speaker = create_speaker(
        SpeechMode.AUTO, language="en", rate=100, volume=100, on_change=changes.append
    )
    try:
        assert speaker.name is BackendKind.BUILTIN
        assert changes == [
            BackendChange(
                BackendKind.SCREEN_READER,
                BackendKind.BUILTIN,
                FallbackReason.NOT_RUNNING,
            )
        ]
    finally:
        speaker.close()


@requires_espeak
def test_hanging_auto_falls_back_within_the_timeout(
    mixer: None, hanging_auto: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SCREEN_READER_ENV, "1")  # "a screen reader runs", but ao2 hangs
    changes: list[BackendChange] = []
    started = time.monotonic()
    speaker = create_speaker(
        SpeechMode.AUTO, language="en", rate=100, volume=100, on_change=changes.append
    )
    elapsed = time.monotonic() - started
    try:
        assert speaker.name is BackendKind.BUILTIN
        assert changes == [
            BackendChange(
                BackendKind.SCREEN_READER, BackendKind.BUILTIN, FallbackReason.TIMED_OUT
            )
        ]
        assert elapsed < 5
    finally:
        speaker.close()


@requires_espeak
def test_stuck_speech_dispatcher_times_out_to_the_builtin_voice(
    mixer: None, stuck_speechd: Path
) -> None:
    """A real speechd client talking to a daemon that never answers."""
    changes: list[BackendChange] = []
    speaker = create_speaker(
        SpeechMode.SCREEN_READER,
        language="en",
        rate=100,
        volume=100,
        on_change=changes.append,
    )
    try:
        assert speaker.name is BackendKind.BUILTIN
        assert [c.reason for c in changes] == [FallbackReason.TIMED_OUT]
    finally:
        speaker.close()


def test_builtin_voice_that_cannot_start_falls_back_to_silent_reported_once(
    mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_init(*args: object, **kwargs: object) -> None:
        raise RuntimeError("could not initialize espeak")

    monkeypatch.setattr("pyttsx3.init", broken_init)
    monkeypatch.setattr(render_module, "ESPEAK_COMMAND", "no-such-espeak-ng")
    changes: list[BackendChange] = []
    speaker = create_speaker(
        SpeechMode.BUILTIN,
        language="en",
        rate=100,
        volume=100,
        on_change=changes.append,
    )
    speaker.speak("nobody hears this")
    speaker.tick()
    assert speaker.name is BackendKind.SILENT
    assert changes == [
        BackendChange(BackendKind.BUILTIN, BackendKind.SILENT, FallbackReason.FAILED)
    ]


def test_builtin_voice_without_an_audio_device_falls_back_to_silent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    changes: list[BackendChange] = []
    speaker = create_speaker(
        SpeechMode.AUTO, language="en", rate=100, volume=100, on_change=changes.append
    )
    assert speaker.name is BackendKind.SILENT
    assert changes == [
        BackendChange(
            BackendKind.SCREEN_READER, BackendKind.SILENT, FallbackReason.NOT_RUNNING
        ),
        BackendChange(
            BackendKind.BUILTIN, BackendKind.SILENT, FallbackReason.NO_AUDIO_DEVICE
        ),
    ]


class BreaksAfterOne:
    """A renderer whose second render fails (a crash inside the TTS library)."""

    def __init__(self) -> None:
        self.inner = render_module.EspeakCliRenderer()
        self.count = 0

    def voices(self) -> list[render_module.Voice]:
        return self.inner.voices()

    def render(self, text: str, path: str, *, voice: str | None, wpm: int) -> None:
        self.count += 1
        if self.count > 1:
            raise RuntimeError("synthesis crashed")
        self.inner.render(text, path, voice=voice, wpm=wpm)


@requires_espeak
def test_builtin_voice_failing_mid_game_hands_its_text_to_the_next(mixer: None) -> None:
    changes: list[BackendChange] = []
    speaker = FallbackSpeaker(
        [
            (
                BackendKind.BUILTIN,
                lambda: BuiltinSpeaker(renderers=[BreaksAfterOne]),
            )
        ],
        on_change=changes.append,
    )
    speaker.speak("one")
    speaker.speak("two")  # this render fails in the worker
    speaker.speak("three")
    deadline = time.monotonic() + 5
    while speaker.name is BackendKind.BUILTIN and time.monotonic() < deadline:
        speaker.tick()
        time.sleep(0.01)
    silent = speaker.backend
    assert isinstance(silent, RecordingSpeaker)
    assert silent.transcript()[-2:] == ["two", "three"]
    assert changes == [
        BackendChange(
            BackendKind.BUILTIN,
            BackendKind.SILENT,
            FallbackReason.FAILED,
            mid_game=True,
        )
    ]
    speaker.tick()
    assert len(changes) == 1


@requires_espeak
def test_builtin_render_stuck_mid_game_times_out_and_hands_over(
    mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from audiospades.speech import builtin as builtin_module

    monkeypatch.setattr(builtin_module, "RENDER_TIMEOUT", 0.3)
    release = threading.Event()

    class Stuck(render_module.EspeakCliRenderer):
        def render(self, text: str, path: str, *, voice: str | None, wpm: int) -> None:
            if text == "stuck":
                release.wait()
            super().render(text, path, voice=voice, wpm=wpm)

    changes: list[BackendChange] = []
    speaker = FallbackSpeaker(
        [(BackendKind.BUILTIN, lambda: BuiltinSpeaker(renderers=[Stuck]))],
        on_change=changes.append,
    )
    try:
        speaker.speak("stuck")
        speaker.speak("after")
        deadline = time.monotonic() + 3
        while speaker.name is BackendKind.BUILTIN:
            assert time.monotonic() < deadline
            speaker.tick()
            time.sleep(0.01)
        silent = speaker.backend
        assert isinstance(silent, RecordingSpeaker)
        assert silent.transcript() == ["stuck", "after"]
        assert changes == [
            BackendChange(
                BackendKind.BUILTIN,
                BackendKind.SILENT,
                FallbackReason.TIMED_OUT,
                mid_game=True,
            )
        ]
    finally:
        release.set()
        speaker.close()


def test_changes_at_start_up_and_mid_game_are_told_apart() -> None:
    """The words differ: "no voice can be found" against "the voice stopped"."""
    changes: list[BackendChange] = []

    def not_running() -> RecordingSpeaker:
        raise BackendStartError(FallbackReason.NOT_RUNNING)

    def no_device() -> RecordingSpeaker:
        raise BackendStartError(FallbackReason.NO_AUDIO_DEVICE)

    speaker = FallbackSpeaker(
        [
            (BackendKind.SCREEN_READER, not_running),
            (BackendKind.BUILTIN, lambda: FlakySpeaker(BackendKind.BUILTIN, 1)),
            (BackendKind.BUILTIN, no_device),
        ],
        on_change=changes.append,
    )
    speaker.speak("heard")
    speaker.speak("breaks it")
    assert [(c.from_kind, c.to_kind, c.mid_game) for c in changes] == [
        (BackendKind.SCREEN_READER, BackendKind.BUILTIN, False),
        (BackendKind.BUILTIN, BackendKind.SILENT, True),
        (BackendKind.BUILTIN, BackendKind.SILENT, True),
    ]
    assert [c.reason for c in changes[1:]] == [
        FallbackReason.FAILED,
        FallbackReason.NO_AUDIO_DEVICE,
    ]
