"""The speech interface every back end implements, and the plain data it reports.

Nothing here words anything for the player: conditions are enums and dataclasses that
the presenter turns into (translated) text.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Protocol, runtime_checkable

__all__ = [
    "NORMAL_RATE",
    "RATE_MAX",
    "RATE_MIN",
    "BackendChange",
    "BackendKind",
    "BackendStartError",
    "FallbackReason",
    "Speaker",
    "SpeakerFailure",
    "SpeechMode",
    "Spoken",
    "clamp_percent",
    "clamp_rate",
]

RATE_MIN: Final = 50
"""Slowest speech rate, in percent of the back end's normal rate."""

RATE_MAX: Final = 300
"""Fastest speech rate, in percent of the back end's normal rate."""

NORMAL_RATE: Final = 100
"""The back end's normal speech rate, in percent."""


class BackendKind(StrEnum):
    """Which kind of back end is speaking."""

    SCREEN_READER = "screen_reader"
    """The player's own screen reader, through accessible-output2 (and braille)."""
    BUILTIN = "builtin"
    """The game's own voice: espeak-ng rendered to WAV, played on the pygame mixer."""
    RECORDER = "recorder"
    """Records every call; used by tests."""
    SILENT = "silent"
    """No speech at all (the recorder in silent mode): the window still shows text."""


class SpeechMode(StrEnum):
    """What the player asked for in the settings."""

    AUTO = "auto"
    """The screen reader if one runs, else the built-in voice."""
    SCREEN_READER = "screen_reader"
    """The screen reader (on Linux: Speech Dispatcher) even if none is detected."""
    BUILTIN = "builtin"
    """The built-in voice."""
    SILENT = "silent"
    """No speech."""


class FallbackReason(StrEnum):
    """Why a back end was given up for the next one."""

    NOT_RUNNING = "not_running"
    """No screen reader is running."""
    TIMED_OUT = "timed_out"
    """The back end did not answer in time (e.g. a stuck speech daemon)."""
    FAILED = "failed"
    """The back end raised an error."""
    NO_AUDIO_DEVICE = "no_audio_device"
    """The sound mixer could not open an audio device."""
    UNAVAILABLE = "unavailable"
    """A library or program the back end needs is not installed."""


@dataclass(frozen=True, slots=True)
class Spoken:
    """One call to `Speaker.speak`."""

    text: str
    interrupt: bool = False


@dataclass(frozen=True, slots=True)
class BackendChange:
    """Speech moved from one back end to another; reported once per change.

    One switch can give up several back ends (the screen reader is not running and
    the built-in voice has no audio device): each is reported, all with the same
    `to_kind`, one after the other.

    Attributes:
        from_kind: The back end that failed (or was not available).
        to_kind: The back end now speaking.
        reason: Why `from_kind` was given up.
        mid_game: Whether the switch came after start-up, because a running back
            end failed (False: at start-up, a back end could not start).
    """

    from_kind: BackendKind
    to_kind: BackendKind
    reason: FallbackReason
    mid_game: bool = False


class BackendStartError(RuntimeError):
    """A back end could not start; `reason` says why."""

    def __init__(self, reason: FallbackReason, detail: str = "") -> None:
        super().__init__(f"{reason.value}: {detail}" if detail else reason.value)
        self.reason = reason


class SpeakerFailure(RuntimeError):
    """A running back end failed; it must be replaced.

    Raised from `speak`, `tick` or any other call once the back end knows it is
    broken. `unspoken` holds the utterances it accepted but could not deliver, so the
    next back end can still say them.
    """

    def __init__(
        self,
        reason: FallbackReason,
        unspoken: tuple[Spoken, ...] = (),
        detail: str = "",
    ) -> None:
        super().__init__(f"{reason.value}: {detail}" if detail else reason.value)
        self.reason = reason
        self.unspoken = unspoken


@runtime_checkable
class Speaker(Protocol):
    """One speech back end.

    Every method returns quickly: the pygame loop calls them between frames.
    """

    @property
    def name(self) -> BackendKind:
        """Which kind of back end this is."""

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Say `text`; with `interrupt`, cut current and queued speech first."""

    def stop(self) -> None:
        """Stop speaking now and drop everything queued."""

    def set_rate(self, percent: int) -> bool:
        """Set the rate in percent of normal; False if the back end keeps its own."""

    def set_volume(self, percent: int) -> None:
        """Set the volume, 0 to 100 (ignored where the back end keeps its own)."""

    def set_language(self, lang: str) -> None:
        """Speak in `lang` ("en", "fr", ...) from the next utterance on."""

    def tick(self) -> None:
        """Advance queues and poll workers; called once per frame, never blocks."""

    def is_speaking(self) -> bool:
        """Whether speech is playing or queued."""

    def close(self) -> None:
        """Stop and release the back end; further calls do nothing."""


def clamp_rate(percent: int) -> int:
    """Clamp a rate into the documented range.

    >>> clamp_rate(10), clamp_rate(150), clamp_rate(900)
    (50, 150, 300)
    """
    return max(RATE_MIN, min(RATE_MAX, int(percent)))


def clamp_percent(percent: int) -> int:
    """Clamp a volume into 0..100.

    >>> clamp_percent(-5), clamp_percent(40), clamp_percent(130)
    (0, 40, 100)
    """
    return max(0, min(100, int(percent)))
