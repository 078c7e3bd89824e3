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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

from audiospades import i18n, storage
from audiospades.keymap import KeyMap, build_keymap
from audiospades.presenter import Utterance
from audiospades.presenter.keynames import use_keymap
from audiospades.presenter.system import output_notices
from audiospades.sound import Cue, SoundPlayer
from audiospades.speech import BackendChange, Speaker, SpeechManager, SpeechMode
from audiospades.speech.braille import BrailleDisplay
from audiospades.speech.describe import OutputInUse, output_in_use
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

    @property
    def is_pending(self) -> bool:
        """Whether a change waits to be said (it names the output in use)."""
        return bool(self._changes) or self._sound_off

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
    from audiospades import sound

    notices = OutputNotices()
    speaker = make_speaker(settings, language, notices)
    manager = SpeechManager(
        speaker, rate=settings.speech_rate, volume=settings.speech_volume
    )
    player, is_audible = sound.create_sound_player(settings.cue_volume)
    if not is_audible:
        notices.sound_off()
    return manager, player, notices


def make_speaker(settings: Settings, language: str, notices: OutputNotices) -> Speaker:
    """Start the speech output the settings ask for (falling back as needed).

    Used at start-up and whenever the player chooses another output in Options;
    every back end given up on the way goes to ``notices``. Never raises.
    """
    from audiospades import speech

    try:
        mode = SpeechMode(settings.speech_mode)
    except ValueError:
        mode = SpeechMode.AUTO
    return speech.create_speaker(
        mode,
        language=language,
        rate=settings.speech_rate,
        volume=settings.speech_volume,
        on_change=notices.speech_changed,
        variant=settings.voice,
        braille=settings.braille,
    )


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
        speaker_factory: Callable[[Settings, str], Speaker] | None = None,
        braille: BrailleDisplay | None = None,
        braille_opener: Callable[[], BrailleDisplay | None] | None = None,
    ) -> None:
        self.speech = speech
        self.speaker_factory = speaker_factory
        """Starts a speech output for the settings and language (None: keep the
        one there is; the headless mode and the tests record speech)."""
        self.braille = braille
        """The BrlAPI braille display, if BrlAPI could be imported and it is on."""
        self.braille_opener = braille_opener
        """Opens the braille display again when the player turns braille on."""
        from audiospades.app.answer import CountingSoundPlayer

        self.sound = CountingSoundPlayer(sound, settings.cue_volume)
        """Cues, counted so that a key press nothing answered can be told."""
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
        self.notices = notices if notices is not None else OutputNotices()
        self._settings_problem: SaveProblem | None = None
        """The last settings save's problem, said once: again only if it changes."""
        self._frame_speech = 0
        """How much speech had been sent when the current frame began."""
        self._queued = 0
        """Inside :meth:`queued` (nested): nothing said interrupts."""
        self.lessons_under_way: dict[str, object] = {}
        """Learn to play: each lesson left part way, by id, to go on with when it is
        chosen again: in this run, or taken up from its file when the lessons'
        menu opens (see ``app.tutorial``)."""

    # --- output ---
    def begin_frame(self) -> None:
        """A frame begins (see :meth:`spoke_this_frame`)."""
        self._frame_speech = self.speech.output_count

    def spoke_this_frame(self) -> bool:
        """Whether something was said in this frame.

        A screen coming back to the top then queues its line instead of cutting
        that off ("You left the table", why the connection ended...).
        """
        return self.speech.output_count > self._frame_speech

    @contextmanager
    def queued(self) -> Iterator[None]:
        """What is said meanwhile waits its turn: nothing interrupts.

        The loop answers so the keys pressed with the one that brought a screen
        up: that screen's opening words are queued and unheard, and an answer
        spoken with interrupt cut them off (see ``App.key_down``).
        """
        self._queued += 1
        try:
            yield
        finally:
            self._queued -= 1

    @property
    def output_count(self) -> int:
        """Everything the player could hear so far: speech sent or silenced, cues."""
        return self.speech.output_count + self.sound.play_count

    def say(self, utterance: Utterance) -> None:
        """Speak an utterance and play its cue."""
        if utterance.cue is not None:
            self.sound.play(utterance.cue, utterance.pan)
        if utterance.text:
            self.speech.say(
                utterance.text,
                interrupt=utterance.interrupt and not self._queued,
                remember=utterance.remember,
            )
            self.last_line = utterance.text
            self.show_braille(utterance.text)
            if self.on_utterance is not None:
                self.on_utterance(utterance.text)

    def say_echo(self, text: str) -> None:
        """Speak a typing echo (a character, the line): interrupting, not kept.

        The message history (Page Up) holds what happened, not every key typed.
        """
        if text:
            self.speech.say_aside(text)
            self.last_line = text
            self.show_braille(text)
            if self.on_utterance is not None:
                self.on_utterance(text)

    def keep(self, text: str) -> None:
        """Put a message in the history (Page Up) without speaking it."""
        self.speech.keep(text)

    def say_text(self, text: str, *, interrupt: bool = True) -> None:
        """Speak plain text (already translated)."""
        self.say(Utterance(text, interrupt=interrupt))

    def show_braille(self, text: str) -> None:
        """Show a line on the BrlAPI braille display, if there is one (never blocks)."""
        if self.braille is not None and self.settings.braille:
            self.braille.show(text)

    def poll_braille(self) -> None:
        """Answer the braille display's own keys, once a frame.

        A pan past either end of the line shown gets the edge cue, as moving past
        the end of the hand does (the display's worker only counts them).
        """
        if self.braille is not None and self.braille.take_edges():
            self.sound.play(Cue.EDGE)

    def output_in_use(self) -> OutputInUse:
        """The speech output speaking now."""
        return output_in_use(self.speech.speaker)

    def say_output(self, *, interrupt: bool = False) -> None:
        """Say which speech output is in use, in one short line."""
        from audiospades.presenter.access import output_text

        self.say(Utterance(output_text(self.output_in_use()), interrupt=interrupt))

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
        if "speech_volume" in changes:
            self.speech.set_volume(self.settings.speech_volume)
        if "voice" in changes:
            self.speech.set_voice(self.settings.voice)
        if "braille" in changes:
            self._switch_braille(self.settings.braille)
        if "speech_mode" in changes and self.speaker_factory is not None:
            self.speech.replace_speaker(
                self.speaker_factory(self.settings, i18n.current_language())
            )
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

    def _switch_braille(self, on: bool) -> None:
        self.speech.set_braille(on)  # a screen reader's own braille (Windows)
        if not on and self.braille is not None:
            self.braille.close()  # gives the display back to BRLTTY
            self.braille = None
        elif on and self.braille is None and self.braille_opener is not None:
            self.braille = self.braille_opener()

    def close(self) -> None:
        """Release speech, cues and the braille display."""
        self.speech.close()
        self.sound.close()
        if self.braille is not None:
            self.braille.close()

    def new_seed(self) -> int:
        """A seed for a new game (deterministic when the run was given one)."""
        return self.rng.randrange(1 << 30)
