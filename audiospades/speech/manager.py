"""Speech control for the game: interrupt or queue, silence, repeat, history, rate."""

from __future__ import annotations

from collections import deque
from typing import Final

from audiospades.speech.base import (
    NORMAL_RATE,
    BackendKind,
    Speaker,
    clamp_percent,
    clamp_rate,
)

__all__ = ["HISTORY_SIZE", "SpeechManager"]

HISTORY_SIZE: Final = 200
"""Messages kept for the player to walk back through; the oldest are dropped."""


class SpeechManager:
    """What the game calls to speak.

    * `say(text, interrupt=True)` for focus and menu moves: cuts current speech.
    * `say(text)` for events (a card played, a trick won): queues, so none is lost.
      With a screen reader, the reader queues; with the built-in voice, its worker.
    * `silence()`, `repeat_last()`, `history_back()` / `history_forward()`.
    * `set_rate(percent)`, clamped to `RATE_MIN`..`RATE_MAX` (50..300 % of normal).

    Call `tick()` once per frame.
    """

    def __init__(
        self,
        speaker: Speaker,
        *,
        rate: int = NORMAL_RATE,
        volume: int = 100,
        history_size: int = HISTORY_SIZE,
    ) -> None:
        """Wrap `speaker`; `rate` and `volume` are applied to it at once."""
        self._speaker = speaker
        self._history: deque[str] = deque(maxlen=history_size)
        self._cursor: int | None = None  # None: not walking the history
        self._last_text = ""
        self._output_count = 0
        self._rate = clamp_rate(rate)
        self._volume = clamp_percent(volume)
        self._speaker.set_rate(self._rate)
        self._speaker.set_volume(self._volume)

    @property
    def speaker(self) -> Speaker:
        """The back end (usually a `FallbackSpeaker`)."""
        return self._speaker

    @property
    def backend(self) -> BackendKind:
        """The kind of back end now speaking."""
        return self._speaker.name

    @property
    def last_text(self) -> str:
        """The text last sent to speech (a message, a repeat or a history entry)."""
        return self._last_text

    @property
    def current_rate(self) -> int:
        """The rate setting in percent of normal, within `RATE_MIN`..`RATE_MAX`."""
        return self._rate

    @property
    def current_volume(self) -> int:
        """The volume setting, 0..100."""
        return self._volume

    @property
    def output_count(self) -> int:
        """How many times speech was sent or silenced: an answer the player hears."""
        return self._output_count

    @property
    def history(self) -> tuple[str, ...]:
        """Messages said, oldest first (at most `history_size`)."""
        return tuple(self._history)

    def say(self, text: str, interrupt: bool = False, *, remember: bool = True) -> None:
        """Speak a message and add it to the history.

        Args:
            text: Worded by the presenter.
            interrupt: Cut current and queued speech first (focus moves); otherwise
                queue after it (game events). Empty text says nothing and is not
                kept; with `interrupt` it still silences.
            remember: Whether `repeat_last` may say it again. A remark by the way
                (someone at an online table is back) is kept in the history but
                leaves the repeat key on the message before it (the player's turn).
        """
        if not text.strip():
            if interrupt:
                self.silence()
            return
        self._history.append(text)
        self._cursor = None
        self._speak(text, interrupt, remember)

    def keep(self, text: str) -> None:
        """Add a message to the history without speaking it (muted chat)."""
        if text.strip():
            self._history.append(text)
            self._cursor = None

    def say_aside(self, text: str) -> None:
        """Speak a remark about the history itself ("No more messages"), interrupting.

        It is not added to the history and leaves the history cursor where it is,
        so the next Page Up or Page Down carries on from the same message.
        """
        if text.strip():
            # Not remembered either: A repeats the last message, not the remark.
            self._speak(text, interrupt=True, remember=False)

    def silence(self) -> None:
        """Stop speaking now and drop what is queued (the Ctrl key)."""
        self._output_count += 1
        self._speaker.stop()

    def repeat_last(self) -> str | None:
        """Say `last_text` again, interrupting; None (and silence) if there is none."""
        if not self._last_text:
            return None
        self._speak(self._last_text, interrupt=True)
        return self._last_text

    def history_back(self) -> str | None:
        """Step to the previous message and say it, interrupting.

        The first step back gives the newest message. Returns None, saying nothing
        and staying put, when there is no older message, so the caller can give an
        "end of history" cue.
        """
        if not self._history:
            return None
        if self._cursor is None:
            self._cursor = len(self._history)
        if self._cursor == 0:
            return None
        self._cursor -= 1
        return self._say_entry()

    def history_forward(self) -> str | None:
        """Step to the next (newer) message and say it, interrupting.

        Returns None, saying nothing, when not walking the history or already at the
        newest message.
        """
        if self._cursor is None or self._cursor >= len(self._history) - 1:
            return None
        self._cursor += 1
        return self._say_entry()

    def set_rate(self, percent: int) -> bool:
        """Set the rate, clamped to `RATE_MIN`..`RATE_MAX`.

        The setting is kept even when the back end cannot apply it (a screen reader
        keeps its own rate), so a later fallback uses it.

        Returns:
            Whether the current back end applied it.
        """
        self._rate = clamp_rate(percent)
        return self._speaker.set_rate(self._rate)

    def set_volume(self, percent: int) -> None:
        """Set the volume, clamped to 0..100."""
        self._volume = clamp_percent(percent)
        self._speaker.set_volume(self._volume)

    def set_language(self, lang: str) -> None:
        """Speak in `lang` ("en", "fr", ...) from the next message on."""
        self._speaker.set_language(lang)

    def set_voice(self, variant: str) -> None:
        """Use the built-in voice's variant `variant` (where the back end has one)."""
        setter = getattr(self._speaker, "set_voice", None)
        if callable(setter):
            setter(variant)

    def set_braille(self, on: bool) -> None:
        """Send text to a screen reader's braille display, or stop (where it can)."""
        setter = getattr(self._speaker, "set_braille", None)
        if callable(setter):
            setter(on)

    def replace_speaker(self, speaker: Speaker) -> None:
        """Speak through `speaker` from now on (the player chose another output).

        The old back end is closed; the history, the rate and the volume stay.
        """
        old, self._speaker = self._speaker, speaker
        if old is not speaker:
            old.close()
        speaker.set_rate(self._rate)
        speaker.set_volume(self._volume)

    def is_speaking(self) -> bool:
        """Whether speech is playing or queued."""
        return self._speaker.is_speaking()

    def tick(self) -> None:
        """Advance speech; call once per frame. Never blocks."""
        self._speaker.tick()

    def close(self) -> None:
        """Stop and release the back end."""
        self._speaker.close()

    def _say_entry(self) -> str:
        assert self._cursor is not None
        text = self._history[self._cursor]
        self._speak(text, interrupt=True)
        return text

    def _speak(self, text: str, interrupt: bool, remember: bool = True) -> None:
        self._output_count += 1
        if remember:
            self._last_text = text
        self._speaker.speak(text, interrupt)
