"""Choosing a back end, and falling back when one fails at start or mid-game.

The chain is screen reader → built-in voice → silent recorder. A back end that
cannot start, or that raises from any call later, is closed and replaced by the next
that starts; each back end given up is reported once through `on_change`, at
start-up or mid-game (the app announces every switch), and what the failed back end
accepted but never delivered is said again by the new one. The silent recorder
cannot fail, so the game never loses its speaker.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Final

from audiospades.speech.base import (
    NORMAL_RATE,
    BackendChange,
    BackendKind,
    BackendStartError,
    FallbackReason,
    Speaker,
    SpeakerFailure,
    SpeechMode,
    Spoken,
    clamp_percent,
    clamp_rate,
)
from audiospades.speech.recorder import RecordingSpeaker

__all__ = ["BackendFactory", "FallbackSpeaker", "create_speaker"]

_log = logging.getLogger(__name__)

BackendFactory = tuple[BackendKind, Callable[[], Speaker]]
"""A back end's kind, and how to start it (raising `BackendStartError` if it can't)."""

_CHAINS: Final[dict[SpeechMode, tuple[BackendKind, ...]]] = {
    SpeechMode.AUTO: (BackendKind.SCREEN_READER, BackendKind.BUILTIN),
    SpeechMode.SCREEN_READER: (BackendKind.SCREEN_READER, BackendKind.BUILTIN),
    SpeechMode.BUILTIN: (BackendKind.BUILTIN,),
    SpeechMode.SILENT: (),
}


class FallbackSpeaker:
    """A `Speaker` that delegates to the first working back end of a chain.

    The settings (rate, volume, language) are kept here and given to each new back
    end, so a fallback keeps the player's choices. The last resort is always a
    `RecordingSpeaker` of kind SILENT.
    """

    def __init__(
        self,
        chain: Sequence[BackendFactory],
        *,
        on_change: Callable[[BackendChange], None],
        language: str = "en",
        rate: int = NORMAL_RATE,
        volume: int = 100,
        variant: str = "",
        braille: bool = True,
    ) -> None:
        """Start the first back end of `chain` that starts.

        Args:
            chain: Back ends in order of preference.
            on_change: Told once about each back end given up.
            language: Language for back ends that speak it.
            rate: Rate in percent of normal.
            volume: Volume 0..100.
            variant: The built-in voice's variant ("" for the language's own).
            braille: Whether a screen reader's braille display gets the text.
        """
        self._pending = list(chain)
        self._variant = variant
        self._braille = braille
        self._on_change = on_change
        self._language = language
        self._rate = clamp_rate(rate)
        self._volume = clamp_percent(volume)
        self._is_started = False  # changes from now on are mid-game
        self._current: Speaker = self._start_next(failed=None)
        self._is_started = True

    @property
    def name(self) -> BackendKind:
        """The kind of the back end now speaking."""
        return self._current.name

    @property
    def backend(self) -> Speaker:
        """The back end now speaking."""
        return self._current

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Speak on the current back end; on failure, on the next."""
        try:
            self._current.speak(text, interrupt)
        except Exception as exc:
            self._fail(exc, Spoken(text, interrupt))

    def stop(self) -> None:
        """Stop the current back end."""
        try:
            self._current.stop()
        except Exception as exc:
            self._fail(exc, None, replay=False)

    def set_rate(self, percent: int) -> bool:
        """Keep the rate for later back ends; True if the current one applied it."""
        self._rate = clamp_rate(percent)
        try:
            return self._current.set_rate(self._rate)
        except Exception as exc:
            self._fail(exc, None)
            return self._current.set_rate(self._rate)

    def set_volume(self, percent: int) -> None:
        """Keep the volume and pass it on."""
        self._volume = clamp_percent(percent)
        try:
            self._current.set_volume(self._volume)
        except Exception as exc:
            self._fail(exc, None)

    def set_language(self, lang: str) -> None:
        """Keep the language and pass it on."""
        self._language = lang
        try:
            self._current.set_language(lang)
        except Exception as exc:
            self._fail(exc, None)

    def set_voice(self, variant: str) -> None:
        """Keep the voice variant and pass it on (to back ends that have voices)."""
        self._variant = variant
        _call_optional(self._current, "set_voice", variant)

    def set_braille(self, on: bool) -> None:
        """Keep the braille switch and pass it on (to a screen reader)."""
        self._braille = on
        _call_optional(self._current, "set_braille", on)

    def tick(self) -> None:
        """Tick the current back end; on failure, move on."""
        try:
            self._current.tick()
        except Exception as exc:
            self._fail(exc, None)

    def is_speaking(self) -> bool:
        """Whether the current back end speaks."""
        try:
            return self._current.is_speaking()
        except Exception as exc:
            self._fail(exc, None)
            return self._current.is_speaking()

    def close(self) -> None:
        """Close the current back end."""
        try:
            self._current.close()
        except Exception as exc:
            _log.warning("closing %s failed: %r", self._current.name, exc)

    # -- changing back ends ------------------------------------------------------

    def _fail(
        self, exc: Exception, current: Spoken | None, *, replay: bool = True
    ) -> None:
        old = self._current
        if isinstance(exc, SpeakerFailure):
            reason, unspoken = exc.reason, list(exc.unspoken)
        else:
            reason, unspoken = FallbackReason.FAILED, []
            if current is not None:
                unspoken.append(current)
        _log.warning("%s failed mid-game (%s): %r", old.name, reason, exc)
        try:
            old.close()
        except Exception as close_exc:
            _log.warning("closing %s failed: %r", old.name, close_exc)
        self._current = self._start_next(failed=(old.name, reason))
        if replay:
            for spoken in unspoken:
                self.speak(spoken.text, spoken.interrupt)

    def _start_next(self, failed: tuple[BackendKind, FallbackReason] | None) -> Speaker:
        given_up: list[tuple[BackendKind, FallbackReason]] = [failed] if failed else []
        speaker: Speaker | None = None
        while speaker is None and self._pending:
            kind, factory = self._pending.pop(0)
            try:
                speaker = factory()
            except BackendStartError as exc:
                # No screen reader running is the everyday case, not a fault.
                level = (
                    logging.INFO
                    if exc.reason is FallbackReason.NOT_RUNNING
                    else logging.WARNING
                )
                _log.log(level, "speech back end %s unavailable: %s", kind, exc)
                given_up.append((kind, exc.reason))
                continue
            except Exception as exc:
                _log.warning("speech back end %s failed to start: %r", kind, exc)
                given_up.append((kind, FallbackReason.FAILED))
                continue
            self._apply_settings(speaker)
        if speaker is None:
            speaker = RecordingSpeaker(
                BackendKind.SILENT,
                language=self._language,
                rate=self._rate,
                volume=self._volume,
            )
        for kind, reason in given_up:
            self._report(BackendChange(kind, speaker.name, reason, self._is_started))
        return speaker

    def _apply_settings(self, speaker: Speaker) -> None:
        speaker.set_language(self._language)
        speaker.set_rate(self._rate)
        speaker.set_volume(self._volume)
        _call_optional(speaker, "set_voice", self._variant)
        _call_optional(speaker, "set_braille", self._braille)

    def _report(self, change: BackendChange) -> None:
        try:
            self._on_change(change)
        except Exception as exc:
            _log.warning("on_change(%s) raised %r", change, exc)


def _call_optional(speaker: Speaker, method: str, value: object) -> None:
    """Call a setter that only some back ends have; a failure is only logged."""
    setter = getattr(speaker, method, None)
    if callable(setter):
        try:
            setter(value)
        except Exception as exc:
            _log.warning("%s.%s failed: %r", speaker.name, method, exc)


def create_speaker(
    mode: SpeechMode,
    *,
    language: str,
    rate: int,
    volume: int,
    on_change: Callable[[BackendChange], None],
    variant: str = "",
    braille: bool = True,
) -> FallbackSpeaker:
    """Start speech for `mode`, falling back as needed; see `FallbackSpeaker`.

    AUTO uses the screen reader only if one runs (on Linux: Orca, Fenrir,
    Speakup or a Speech Dispatcher daemon, or `AUDIOSPADES_SCREEN_READER=1`),
    else the built-in voice. SCREEN_READER uses any
    accessible-output2 output (Speech Dispatcher without Orca too). Each back end
    given up is reported once through `on_change`. Blocks at most about
    `screen_reader.START_TIMEOUT + builtin.START_TIMEOUT` seconds, usually far less.
    """
    # Imported here: they pull in pygame and accessible-output2 only when used.
    from audiospades.speech.builtin import BuiltinSpeaker
    from audiospades.speech.screen_reader import ScreenReaderSpeaker

    def screen_reader() -> Speaker:
        return ScreenReaderSpeaker(
            require_running=mode is SpeechMode.AUTO, braille=braille
        )

    def builtin() -> Speaker:
        return BuiltinSpeaker(
            language=language, rate=rate, volume=volume, variant=variant
        )

    factories: dict[BackendKind, Callable[[], Speaker]] = {
        BackendKind.SCREEN_READER: screen_reader,
        BackendKind.BUILTIN: builtin,
    }
    chain = [(kind, factories[kind]) for kind in _CHAINS[mode]]
    return FallbackSpeaker(
        chain,
        on_change=on_change,
        language=language,
        rate=rate,
        volume=volume,
        variant=variant,
        braille=braille,
    )
