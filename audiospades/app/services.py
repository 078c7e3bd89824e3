"""What every screen may use: speech and sound output, settings, keys, clock.

Screens never touch pygame's event queue or the back ends directly: they call
:meth:`Services.say` with the presenter's utterances and read :attr:`Services.settings`.
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
from audiospades.presenter.system import backend_text
from audiospades.sound import SoundPlayer
from audiospades.speech import BackendChange, SpeechManager
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
        self._pending_changes: list[BackendChange] = []
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
        self._pending_changes.append(change)

    def flush_notices(self) -> None:
        """Say pending back end changes (once each)."""
        changes, self._pending_changes = self._pending_changes, []
        for change in changes:
            self.say(Utterance(backend_text(change)))

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
