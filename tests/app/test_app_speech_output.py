"""The windowed start-up and loop announce every change of speech output, once.

These run the real `audiospades` windowed entry point on SDL's dummy drivers, with
its key events scripted, and speech back ends that fail on cue.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from audiospades import storage
from audiospades.app import main as main_module
from audiospades.app import render
from audiospades.presenter import Utterance
from audiospades.presenter.system import output_notices
from audiospades.sound import Cue, RecordingSoundPlayer
from audiospades.speech import (
    BackendChange,
    BackendKind,
    FallbackReason,
    FallbackSpeaker,
    RecordingSpeaker,
    Speaker,
)
from audiospades.speech import fallback as fallback_module
from audiospades.speech import render as render_module
from audiospades.speech.screen_reader import SCREEN_READER_ENV
from audiospades.storage import Settings

SR_TO_OWN_VOICE = "The screen reader stopped answering, so the game's own voice speaks."
OWN_VOICE_TO_TEXT = "The game's own voice stopped working: text is shown on the screen."
NO_VOICE = "No voice can be found: there is no speech, text is shown on the screen."
NO_DEVICE = (
    "No sound device was found: there is no speech and there are no sound cues; "
    "text is shown on the screen."
)


class FailsAfter(RecordingSpeaker):
    """A back end that speaks `good_calls` times, then raises like a dead library."""

    def __init__(self, kind: BackendKind, good_calls: int) -> None:
        super().__init__(kind)
        self.good_calls = good_calls

    def speak(self, text: str, interrupt: bool = False) -> None:
        if len(self.spoken) >= self.good_calls:
            raise OSError("the speech library stopped answering")
        super().speak(text, interrupt)


@pytest.fixture(autouse=True)
def _fresh_fonts() -> Iterator[None]:
    """The game's `pygame.quit()` ends the font module: drop fonts made under it."""
    render.font.cache_clear()
    yield
    render.font.cache_clear()


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


def _run_windowed(monkeypatch: pytest.MonkeyPatch, key_count: int, *args: str) -> None:
    """Run the windowed game: a few idle frames, `key_count` down arrows, quit.

    Not a first start: the offer of the tutorial was made before.
    """
    storage.save_settings(Settings(tutorial_offered=True))
    script = [pygame.event.Event(pygame.NOEVENT)] * 3
    for _ in range(key_count):
        script += [_key(pygame.K_DOWN), pygame.event.Event(pygame.NOEVENT)]
    script += [pygame.event.Event(pygame.NOEVENT)] * 3 + [
        pygame.event.Event(pygame.QUIT)
    ]
    events: Iterator[pygame.event.Event] = iter(script)
    monkeypatch.setattr(pygame.event, "wait", lambda timeout=0: next(events))
    assert main_module.main(list(args)) == 0


@pytest.fixture
def speakers(monkeypatch: pytest.MonkeyPatch) -> list[FallbackSpeaker]:
    """The speakers the game makes, kept for the test to look at."""
    made: list[FallbackSpeaker] = []

    def keep(*args: Any, **kwargs: Any) -> FallbackSpeaker:
        speaker = fallback_module.create_speaker(*args, **kwargs)
        made.append(speaker)
        return speaker

    monkeypatch.setattr("audiospades.speech.create_speaker", keep)
    return made


@pytest.fixture
def cues(monkeypatch: pytest.MonkeyPatch) -> RecordingSoundPlayer:
    player = RecordingSoundPlayer()
    monkeypatch.setattr(
        "audiospades.sound.create_sound_player", lambda volume: (player, True)
    )
    return player


def _chain(monkeypatch: pytest.MonkeyPatch, first: Speaker, second: Speaker) -> None:
    """Make the game's speech chain: `first`, then `second`, then silence."""

    def create(mode: Any, **kwargs: Any) -> FallbackSpeaker:
        factories: list[tuple[BackendKind, Callable[[], Speaker]]] = [
            (first.name, lambda: first),
            (second.name, lambda: second),
        ]
        return FallbackSpeaker(factories, **kwargs)

    monkeypatch.setattr(fallback_module, "create_speaker", create)


def test_a_screen_reader_failing_mid_game_is_announced_by_the_own_voice(
    monkeypatch: pytest.MonkeyPatch,
    speakers: list[FallbackSpeaker],
    cues: RecordingSoundPlayer,
) -> None:
    """Minute three, not start-up: the switch must still be heard, with its cue."""
    screen_reader = FailsAfter(BackendKind.SCREEN_READER, good_calls=4)
    own_voice = RecordingSpeaker(BackendKind.BUILTIN)
    _chain(monkeypatch, screen_reader, own_voice)
    _run_windowed(monkeypatch, 6)

    # The title, the output in use, and two menu moves.
    assert len(screen_reader.spoken) == 4
    assert screen_reader.spoken[1].text == "Speech: your screen reader."
    said = own_voice.transcript()
    assert said.count(SR_TO_OWN_VOICE) == 1
    # The message the screen reader dropped comes first, then the announcement,
    # then the game goes on in the new voice.
    assert said.index(SR_TO_OWN_VOICE) == 1
    assert len(said) == 1 + 1 + 3
    assert cues.cues.count(Cue.SPEECH_CHANGED) == 1
    assert speakers[0].name is BackendKind.BUILTIN


def test_the_own_voice_failing_mid_game_is_announced_on_screen(
    monkeypatch: pytest.MonkeyPatch,
    speakers: list[FallbackSpeaker],
    cues: RecordingSoundPlayer,
) -> None:
    """Own voice to silence, after screen reader to own voice: two switches."""
    screen_reader = FailsAfter(BackendKind.SCREEN_READER, good_calls=2)
    own_voice = FailsAfter(BackendKind.BUILTIN, good_calls=3)
    _chain(monkeypatch, screen_reader, own_voice)
    _run_windowed(monkeypatch, 6)

    assert own_voice.transcript().count(SR_TO_OWN_VOICE) == 1
    silent = speakers[0].backend
    assert isinstance(silent, RecordingSpeaker)
    assert silent.name is BackendKind.SILENT
    assert silent.transcript().count(OWN_VOICE_TO_TEXT) == 1
    assert cues.cues.count(Cue.SPEECH_CHANGED) == 2


@pytest.mark.usefixtures("speakers")
def test_without_an_audio_device_one_sentence_says_so(
    monkeypatch: pytest.MonkeyPatch, speakers: list[FallbackSpeaker]
) -> None:
    """A real audio driver that fails: no speech, no cues, and one sentence."""
    monkeypatch.setenv(SCREEN_READER_ENV, "0")
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")
    pygame.mixer.quit()
    _run_windowed(monkeypatch, 0, "--speech", "auto")

    silent = speakers[0].backend
    assert isinstance(silent, RecordingSpeaker)
    assert silent.name is BackendKind.SILENT
    title = silent.transcript()[0]
    assert title.startswith("Audio Spades. Main menu.")
    assert silent.transcript()[1:] == [NO_DEVICE]


@pytest.mark.usefixtures("speakers")
def test_with_no_voice_at_all_one_sentence_says_so(
    monkeypatch: pytest.MonkeyPatch, speakers: list[FallbackSpeaker]
) -> None:
    """The built-in voice asked for, but neither espeak-ng nor pyttsx3 works."""

    def broken_init(*args: object, **kwargs: object) -> None:
        raise RuntimeError("could not initialize espeak")

    monkeypatch.setattr("pyttsx3.init", broken_init)
    monkeypatch.setattr(render_module, "ESPEAK_COMMAND", "no-such-espeak-ng")
    _run_windowed(monkeypatch, 2, "--speech", "builtin")

    silent = speakers[0].backend
    assert isinstance(silent, RecordingSpeaker)
    assert silent.transcript()[1:2] == [NO_VOICE]
    assert silent.transcript().count(NO_VOICE) == 1
    assert len(silent.transcript()) == 1 + 1 + 2


# --- the words, for each kind of switch -------------------------------------------

SR, OWN, SILENT = BackendKind.SCREEN_READER, BackendKind.BUILTIN, BackendKind.SILENT


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        (
            [BackendChange(SR, OWN, FallbackReason.NOT_RUNNING)],
            "No screen reader is running, so the game's own voice speaks.",
        ),
        (
            [BackendChange(SR, OWN, FallbackReason.TIMED_OUT, mid_game=True)],
            SR_TO_OWN_VOICE,
        ),
        (
            [
                BackendChange(SR, SILENT, FallbackReason.NOT_RUNNING),
                BackendChange(OWN, SILENT, FallbackReason.FAILED),
            ],
            NO_VOICE,
        ),
        (
            [BackendChange(OWN, SILENT, FallbackReason.UNAVAILABLE)],
            NO_VOICE,
        ),
        (
            [BackendChange(OWN, SILENT, FallbackReason.FAILED, mid_game=True)],
            OWN_VOICE_TO_TEXT,
        ),
        (
            [
                BackendChange(SR, OWN, FallbackReason.FAILED, mid_game=True),
                BackendChange(OWN, SILENT, FallbackReason.TIMED_OUT, mid_game=True),
            ],
            OWN_VOICE_TO_TEXT,
        ),
        (
            [
                BackendChange(SR, SILENT, FallbackReason.FAILED, mid_game=True),
                BackendChange(OWN, SILENT, FallbackReason.UNAVAILABLE, mid_game=True),
            ],
            "The screen reader stopped answering and no other voice can be found: "
            "text is shown on the screen.",
        ),
        (
            [BackendChange(OWN, SILENT, FallbackReason.NO_AUDIO_DEVICE)],
            "No sound device was found: there is no speech, text is shown.",
        ),
    ],
)
def test_each_switch_is_one_sentence_with_the_speech_cue(
    changes: list[BackendChange], said: str
) -> None:
    assert output_notices(changes) == [Utterance(said, Cue.SPEECH_CHANGED)]


def test_no_audio_device_for_speech_and_cues_is_one_sentence() -> None:
    changes = [
        BackendChange(SR, SILENT, FallbackReason.NOT_RUNNING),
        BackendChange(OWN, SILENT, FallbackReason.NO_AUDIO_DEVICE),
    ]
    assert output_notices(changes, sound_off=True) == [
        Utterance(NO_DEVICE, Cue.SPEECH_CHANGED)
    ]


def test_cues_off_alone_is_said_without_the_speech_cue() -> None:
    assert output_notices([], sound_off=True) == [
        Utterance("No sound device: sound cues are off.")
    ]
    assert output_notices([]) == []
