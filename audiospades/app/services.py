"""What every screen may use: speech and sound output, settings, keys, clock.

Screens never touch pygame's event queue or the back ends directly: they call
:meth:`Services.say` with the presenter's utterances and read :attr:`Services.settings`.
:func:`open_outputs` starts speech and sound at start-up, wired so that every later
change of speech back end is announced too.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Callable
from typing import Protocol

from audiospades import i18n, storage
from audiospades.keymap import KeyMap, build_keymap
from audiospades.presenter import Utterance
from audiospades.presenter.keynames import use_keymap
from audiospades.presenter.system import output_notices
from audiospades.sound import SoundPlayer
from audiospades.speech import BackendChange, SpeechManager, SpeechMode
from audiospades.storage import SaveProblem, Settings

log = logging.getLogger(__name__)


class Clock(Protocol):
    """Milliseconds since start; injected so tests and headless runs need no wait."""

    def now_ms(self) -> int:
        """The time now."""
        ...


class ManualClock:
    """A clock that moves only when told (tests, headless mode)."""

    def __init__(self, start_ms: int = 0) -> None:
        self._now = start_ms

    def now_ms(self) -> int:
        return self._now

    def advance(self, ms: int) -> None:
        """Move forward ``ms`` milliseconds."""
        self._now += max(0, ms)


class PygameClock:
    """Real time, from pygame."""

    def now_ms(self) -> int:
        import pygame

        return int(pygame.time.get_ticks())


class OutputNotices:
    """Changes of speech output, and a missing sound device, waiting to be said.

    The speech back end reports a change from inside any call (a screen reader can
    stop answering at minute three); the loop says what is pending once a frame
    through :meth:`Services.flush_notices`, by whatever speaks then.
    """

    def __init__(self) -> None:
        self._changes: list[BackendChange] = []
        self._sound_off = False

    def speech_changed(self, change: BackendChange) -> None:
        """Speech back end callback (``on_change``): keep the change to announce."""
        self._changes.append(change)

    def sound_off(self) -> None:
        """The sound cues could not start."""
        self._sound_off = True

    def take(self) -> tuple[list[BackendChange], bool]:
        """What is pending (changes, whether cues are off), and forget it."""
        taken = self._changes, self._sound_off
        self._changes, self._sound_off = [], False
        return taken


def open_outputs(
    settings: Settings, language: str
) -> tuple[SpeechManager, SoundPlayer, OutputNotices]:
    """Start speech, then the sound cues, as the settings ask; never raises.

    The speaker's changes of back end, at start-up and at any time later, and cues
    that could not start go to the returned notices, for the :class:`Services`
    built from these outputs to say.
    """
    # Looked up when called, so that tests can replace the back ends.
    from audiospades import sound, speech

    notices = OutputNotices()
    try:
        mode = SpeechMode(settings.speech_mode)
    except ValueError:
        mode = SpeechMode.AUTO
    speaker = speech.create_speaker(
        mode,
        language=language,
        rate=settings.speech_rate,
        volume=settings.speech_volume,
        on_change=notices.speech_changed,
    )
    manager = SpeechManager(
        speaker, rate=settings.speech_rate, volume=settings.speech_volume
    )
    player, is_audible = sound.create_sound_player(settings.cue_volume)
    if not is_audible:
        notices.sound_off()
    return manager, player, notices


class Services:
    """Speech, sound, settings, key map, clock and options of this run."""

    def __init__(
        self,
        *,
        speech: SpeechManager,
        sound: SoundPlayer,
        settings: Settings,
        clock: Clock,
        seed: int | None = None,
        persist: bool = True,
        on_utterance: Callable[[str], None] | None = None,
        notices: OutputNotices | None = None,
    ) -> None:
        self.speech = speech
        self.sound = sound
        self.settings = settings
        self.clock = clock
        self.keymap: KeyMap = build_keymap(settings.key_overrides)
        use_keymap(self.keymap)
        self.persist = persist
        self.on_utterance = on_utterance
        self.rng = random.Random(seed)
        self.seed = seed
        self.last_line = ""
        """The latest text spoken: always shown on screen."""
        self.what_key_mode = False
        self.fullscreen_requested = False
        self.quit_requested = False
        self.notices = notices if notices is not None else OutputNotices()
        self._settings_problem: SaveProblem | None = None
        """The last settings save's problem, said once: again only if it changes."""

    # --- output ---
    def say(self, utterance: Utterance) -> None:
        """Speak an utterance and play its cue."""
        if utterance.cue is not None:
            self.sound.play(utterance.cue, utterance.pan)
        if utterance.text:
            self.speech.say(utterance.text, interrupt=utterance.interrupt)
            self.last_line = utterance.text
            if self.on_utterance is not None:
                self.on_utterance(utterance.text)

    def say_text(self, text: str, *, interrupt: bool = True) -> None:
        """Speak plain text (already translated)."""
        self.say(Utterance(text, interrupt=interrupt))

    def backend_changed(self, change: BackendChange) -> None:
        """Speech back end callback: say so once, at the next frame."""
        self.notices.speech_changed(change)

    def flush_notices(self) -> None:
        """Say what changed in speech and sound output since the last frame, once."""
        changes, sound_off = self.notices.take()
        for utterance in output_notices(changes, sound_off=sound_off):
            self.say(utterance)

    # --- settings ---
    def update_settings(self, **changes: object) -> None:
        """Change settings, apply them, and save them (problems are spoken)."""
        self.settings = dataclasses.replace(self.settings, **changes)  # type: ignore[arg-type]
        if "language" in changes:
            lang = i18n.set_language(self.settings.language)
            self.speech.set_language(lang)
        if "speech_rate" in changes:
            self.speech.set_rate(self.settings.speech_rate)
        if "cue_volume" in changes:
            self.sound.set_volume(self.settings.cue_volume)
        if "key_overrides" in changes:
            self.keymap = build_keymap(self.settings.key_overrides)
            use_keymap(self.keymap)
        if self.persist:
            problem = storage.save_settings(self.settings)
            if problem is not None and problem != self._settings_problem:
                from audiospades.notices import FileKind
                from audiospades.presenter.system import storage_text

                self.say_text(storage_text(FileKind.SETTINGS, problem))
            self._settings_problem = problem

    def new_seed(self) -> int:
        """A seed for a new game (deterministic when the run was given one)."""
        return self.rng.randrange(1 << 30)
