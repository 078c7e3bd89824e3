"""The screen-reader back end, through accessible-output2 (speech and braille).

Every accessible-output2 call runs in one worker thread, because:

* `Auto()` can block forever when Speech Dispatcher is stuck (the speechd client
  waits for a daemon that never answers), so creation is bounded by a timeout;
* a call mid-game can hang the same way, so `tick` watches the call under way and
  gives the back end up (TIMED_OUT) instead of freezing the game loop;
* on Windows the COM-based outputs want one thread for creation and use.

Detection (`audiospades.speech.detect`): on Linux, accessible-output2 picks Speech
Dispatcher whenever it is installed, screen reader or not, so the AUTO mode
(`require_running`) first checks that a screen reader (Orca, Fenrir, Speakup) or a
Speech Dispatcher daemon runs (or `AUDIOSPADES_SCREEN_READER=1`), then speaks
through Speech Dispatcher under the game's own client name (`speechd_output`).
Elsewhere the first active output that is not a plain system voice (SAPI5) counts
as a screen reader.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import queue
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from audiospades.speech import detect as _detect_module
from audiospades.speech._quiet import quiet_modules
from audiospades.speech.base import (
    BackendKind,
    BackendStartError,
    FallbackReason,
    SpeakerFailure,
    Spoken,
)
from audiospades.speech.detect import SCREEN_READER_ENV, Detection

__all__ = [
    "CALL_TIMEOUT",
    "SCREEN_READER_ENV",
    "START_TIMEOUT",
    "ScreenReaderSpeaker",
    "is_screen_reader_running",
]

_log = logging.getLogger(__name__)

START_TIMEOUT: Final = 2.0
"""Seconds `Auto()` may take before the screen reader counts as stuck."""

CALL_TIMEOUT: Final = 2.0
"""Seconds one speak/stop call may take mid-game before the back end is given up."""


# accessible-output2 modules that print() status lines (see `_quiet`).
_CHATTY_MODULES: Final = (
    "accessible_output2.outputs.speech_dispatcher",
    "accessible_output2.outputs.e_speak",
)
# Outputs that are plain voices, not screen readers (class names in ao2 0.17).
_NOT_READERS: Final = frozenset({"ESpeak", "SAPI5", "SAPI4"})


def is_screen_reader_running(
    proc: Path = Path("/proc"), sys_module: Path = Path("/sys/module")
) -> bool | None:
    """Whether a screen reader runs: True/False where known, None to ask ao2.

    `AUDIOSPADES_SCREEN_READER` decides when set. On Linux, Orca, Fenrir or
    Speakup count (see `detect`); Speech Dispatcher alone is not a screen
    reader. Elsewhere the answer is None: accessible-output2's own detection is
    trusted.
    """
    found = _detect_module.detect(proc=proc, sys_module=sys_module)
    if found.forced is not None:
        return found.forced
    if not sys.platform.startswith("linux"):
        return None
    return bool(found.readers)


def detect_outputs() -> Detection:
    """What runs on this machine (replaced by tests)."""
    return _detect_module.detect()


class _LinuxOutputs:
    """Stands in for ao2's `Auto` on Linux: Speech Dispatcher under our name."""

    def __init__(self) -> None:
        from audiospades.speech.speechd_output import SpeechdOutput

        self.outputs = [SpeechdOutput()]


def _make_auto() -> Any:
    if sys.platform.startswith("linux"):
        return _LinuxOutputs()
    from accessible_output2.outputs.auto import Auto

    return Auto()


def _pick_output(auto: Any) -> Any | None:
    for output in getattr(auto, "outputs", ()):
        if type(output).__name__ in _NOT_READERS or output.is_system_output():
            continue
        if output.is_active():
            return output
    return None


def _has_braille(output: Any) -> bool:
    # ao2's base `Output.braille` does nothing; an output offers braille when its
    # class overrides it (NVDA, JAWS, ...). `Auto.output()` would only speak.
    from accessible_output2.outputs.base import Output

    return getattr(type(output), "braille", Output.braille) is not Output.braille


@dataclass(frozen=True, slots=True)
class _Call:
    spoken: Spoken | None  # None: stop


class ScreenReaderSpeaker:
    """Speaks (and brailles) through the running screen reader.

    Rate, volume and language stay the screen reader's own: the player set them
    there. Non-interrupting messages queue in the screen reader itself.
    """

    name = BackendKind.SCREEN_READER

    def __init__(
        self,
        *,
        require_running: bool = True,
        start_timeout: float = START_TIMEOUT,
        braille: bool = True,
    ) -> None:
        """Find the screen reader and start the worker that talks to it.

        Args:
            require_running: Give up unless a screen reader is known to run (the
                AUTO mode). Without it, any working output (Speech Dispatcher
                with no Orca) is used.
            start_timeout: Seconds to wait for accessible-output2 to start.
            braille: Whether to send the text to the screen reader's braille
                display too (where the output offers braille).

        Raises:
            BackendStartError: NOT_RUNNING, TIMED_OUT, UNAVAILABLE or FAILED.
        """
        self.detection = detect_outputs()
        """What was found running (on Linux: which screen readers)."""
        if require_running and not _may_speak(self.detection):
            raise BackendStartError(FallbackReason.NOT_RUNNING)
        self._braille_wanted = braille
        self._calls: queue.Queue[_Call | None] = queue.Queue()
        self._started = threading.Event()
        self._start_error: BaseException | None = None
        self._output: Any = None
        self._braille = False
        self._failure: tuple[BaseException, Spoken | None] | None = None
        self._call_started: float | None = None
        self._current: Spoken | None = None
        self._is_closed = False
        self._worker = threading.Thread(
            target=self._run, name="audiospades-screen-reader", daemon=True
        )
        self._worker.start()
        if not self._started.wait(start_timeout):
            self._is_closed = True
            self._calls.put(None)  # if it ever wakes up, it closes and ends
            raise BackendStartError(FallbackReason.TIMED_OUT, "accessible-output2")
        if self._start_error is not None:
            error = self._start_error
            reason = (
                FallbackReason.UNAVAILABLE
                if isinstance(error, ImportError)
                else FallbackReason.FAILED
            )
            raise BackendStartError(reason, repr(error))
        if self._output is None:
            raise BackendStartError(FallbackReason.NOT_RUNNING)
        _log.info("screen reader: %s", self.output_name)

    @property
    def output_name(self) -> str:
        """The output's own name ("NVDA", "Speech Dispatcher"): a product name."""
        return str(getattr(self._output, "name", "") or "")

    @property
    def readers(self) -> tuple[str, ...]:
        """The screen readers this output speaks for, by name, where known.

        On Linux those detected (they speak through Speech Dispatcher too);
        elsewhere the output itself is the screen reader.
        """
        if sys.platform.startswith("linux"):
            return self.detection.readers
        return (self.output_name,) if self.output_name else ()

    def set_braille(self, on: bool) -> None:
        """Send text to the screen reader's braille display (where it has one)."""
        self._braille_wanted = on

    # -- Speaker ---------------------------------------------------------------

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Hand `text` to the screen reader (and its braille display)."""
        if self._is_closed:
            return
        self._raise_if_failed(Spoken(text, interrupt))
        if interrupt:
            self._drop_queued()
        if text.strip():
            self._calls.put(_Call(Spoken(text, interrupt)))

    def stop(self) -> None:
        """Silence the screen reader."""
        if self._is_closed:
            return
        self._drop_queued()
        self._calls.put(_Call(None))

    def set_rate(self, percent: int) -> bool:
        """The screen reader keeps its own rate: always False."""
        return False

    def set_volume(self, percent: int) -> None:
        """The screen reader keeps its own volume."""

    def set_language(self, lang: str) -> None:
        """The screen reader keeps its own language."""

    def tick(self) -> None:
        """Check the worker.

        Raises:
            SpeakerFailure: A call failed, or has hung longer than `CALL_TIMEOUT`.
        """
        if not self._is_closed:
            self._raise_if_failed(None)

    def is_speaking(self) -> bool:
        """Whether calls are pending, or (Speech Dispatcher) speech is playing."""
        if self._is_closed:
            return False
        if self._calls.unfinished_tasks:
            return True
        # Only some outputs track it (speechd, through its callbacks).
        probe = getattr(self._output, "is_speaking", None)
        return bool(probe()) if callable(probe) else False

    def close(self) -> None:
        """Silence, close the output in the worker, and end the worker."""
        if self._is_closed:
            return
        self._drop_queued()
        self._is_closed = True
        self._calls.put(None)
        self._worker.join(timeout=0.5)

    # -- main-thread helpers ---------------------------------------------------

    def _drop_queued(self) -> list[Spoken]:
        dropped: list[Spoken] = []
        while True:
            try:
                call = self._calls.get_nowait()
            except queue.Empty:
                return dropped
            self._calls.task_done()
            if call is not None and call.spoken is not None:
                dropped.append(call.spoken)

    def _raise_if_failed(self, current: Spoken | None) -> None:
        started = self._call_started
        hung = started is not None and time.monotonic() - started > CALL_TIMEOUT
        if self._failure is None and not hung:
            return
        if self._failure is not None:
            reason, failed = FallbackReason.FAILED, self._failure[1]
        else:
            reason, failed = FallbackReason.TIMED_OUT, self._current
        unspoken = ([failed] if failed is not None else []) + self._drop_queued()
        if current is not None:
            unspoken.append(current)
        self._is_closed = True
        self._calls.put(None)
        raise SpeakerFailure(reason, tuple(unspoken), "screen reader")

    # -- worker thread -----------------------------------------------------------

    def _run(self) -> None:
        quiet_modules(*_CHATTY_MODULES)
        try:
            _init_com()
            auto = _make_auto()
            quiet_modules(*_CHATTY_MODULES)
            output = _pick_output(auto)
            braille = output is not None and _has_braille(output)
        except Exception as exc:
            self._start_error = exc
            self._started.set()
            return
        if self._is_closed:  # the main thread gave up waiting
            _close_output(output)
            return
        self._output, self._braille = output, braille
        self._started.set()
        if output is None:
            return
        while True:
            call = self._calls.get()
            try:
                if call is None:
                    _close_output(output)
                    return
                self._current = call.spoken
                self._call_started = time.monotonic()
                try:
                    self._deliver(output, call)
                except Exception as exc:
                    _log.warning("screen reader failed: %r", exc)
                    self._failure = (exc, call.spoken)
                    return
                finally:
                    self._call_started = None
                    self._current = None
            finally:
                self._calls.task_done()

    def _deliver(self, output: Any, call: _Call) -> None:
        if call.spoken is None:
            output.silence()
            return
        output.speak(call.spoken.text, interrupt=call.spoken.interrupt)
        if self._braille and self._braille_wanted:
            output.braille(call.spoken.text)


def _may_speak(found: Detection) -> bool:
    """Whether the AUTO mode may use this back end.

    A screen reader (or, on Linux, a Speech Dispatcher daemon) is known to run,
    or cannot be known.
    """
    if found.forced is not None:
        return found.forced
    if not sys.platform.startswith("linux"):
        return True
    return found.wants_speechd


def _init_com() -> None:
    # JAWS and SAPI go through COM, which each thread must initialise itself; the
    # main thread gets this from pywin32's import, this worker does not.
    if sys.platform == "win32":
        with contextlib.suppress(ImportError):
            importlib.import_module("pythoncom").CoInitialize()


def _close_output(output: Any) -> None:
    close = getattr(output, "close", None)
    if callable(close):
        try:
            close()
        except Exception as exc:
            _log.warning("closing the screen reader output failed: %r", exc)
