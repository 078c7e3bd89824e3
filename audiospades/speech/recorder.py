"""The recording back end: the test fake, and the silent mode.

It models a speech queue well enough to test interruption against queueing:
`speak` without interrupt appends to `queued`; with interrupt it first moves
everything queued to `cut`; `tick` finishes the utterance at the head of the queue
(moves it to `heard`).
"""

from __future__ import annotations

import logging

from audiospades.speech.base import (
    NORMAL_RATE,
    BackendKind,
    Spoken,
    clamp_percent,
    clamp_rate,
)

__all__ = ["RecordingSpeaker"]

_log = logging.getLogger(__name__)


class RecordingSpeaker:
    """Records every call; speaks nothing.

    Attributes:
        name: `BackendKind.RECORDER` in tests, `BackendKind.SILENT` as the silent mode.
        spoken: Every `speak` call, in order.
        queued: Utterances "playing or waiting" in the modelled queue.
        heard: Utterances the modelled queue finished.
        cut: Utterances an interrupt or `stop` cut off.
        stop_count: How many times `stop` was called.
        rate: The last rate set, in percent.
        volume: The last volume set, in percent.
        language: The last language set.
        is_closed: Whether `close` was called.
    """

    def __init__(
        self,
        kind: BackendKind = BackendKind.RECORDER,
        *,
        language: str = "en",
        rate: int = NORMAL_RATE,
        volume: int = 100,
    ) -> None:
        self.name = kind
        self.spoken: list[Spoken] = []
        self.queued: list[str] = []
        self.heard: list[str] = []
        self.cut: list[str] = []
        self.stop_count = 0
        self.rate = clamp_rate(rate)
        self.volume = clamp_percent(volume)
        self.language = language
        self.is_closed = False

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Record the call; with `interrupt`, cut what is queued first."""
        if self.is_closed:
            return
        self.spoken.append(Spoken(text, interrupt))
        if interrupt:
            self._cut_all()
        self.queued.append(text)
        _log.debug("%s speaks %r (interrupt=%s)", self.name, text, interrupt)

    def stop(self) -> None:
        """Record the stop and cut what is queued."""
        self.stop_count += 1
        self._cut_all()

    def set_rate(self, percent: int) -> bool:
        """Record the rate (clamped); the recorder can always change it."""
        self.rate = clamp_rate(percent)
        return True

    def set_volume(self, percent: int) -> None:
        """Record the volume (clamped)."""
        self.volume = clamp_percent(percent)

    def set_language(self, lang: str) -> None:
        """Record the language."""
        self.language = lang

    def tick(self) -> None:
        """Finish the utterance at the head of the modelled queue."""
        if self.queued:
            self.heard.append(self.queued.pop(0))

    def is_speaking(self) -> bool:
        """Whether the modelled queue holds anything."""
        return bool(self.queued)

    def close(self) -> None:
        """Stop and refuse further speech."""
        self._cut_all()
        self.is_closed = True

    def transcript(self) -> list[str]:
        """Every text passed to `speak`, in order."""
        return [s.text for s in self.spoken]

    def _cut_all(self) -> None:
        self.cut.extend(self.queued)
        self.queued.clear()
