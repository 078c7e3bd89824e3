"""Braille: each announcement to a BRLTTY display, through BrlAPI.

Where BRLTTY drives a braille display (Linux), the game writes the line it has
just announced (a card the focus moved to is an announcement too) through BrlAPI's
Python binding, the ``brlapi`` module (Debian's ``python3-brlapi``), when it can be
imported. On Windows the screen reader's own braille gets the text instead, from
the screen-reader back end (accessible-output2's ``braille`` method).

Nothing here may crash or stop the game: the connection is made and used on a
worker thread, a missing module or a missing BRLTTY is logged once and leaves the
display alone, and a connection that drops is dropped and tried again, at most
every `RETRY_SECONDS`, when there is something new to show. Only the latest line
matters to a display, so a line not yet written is replaced by a newer one.

A line longer than the display is cut at the last whole word that fits, and
`CONTINUED` ends it, so the player knows there is more (the speech says all of
it). Panning through the rest with the display's own keys is not offered yet: in
BrlAPI's tty mode the game would have to read the display's keys itself
(``readKey`` on this worker), which this module does not do; until it does, a
player who reads braille only (speech off) cannot reach the end of a long line.
"""

from __future__ import annotations

import importlib
import logging
import threading
import time
from collections.abc import Callable
from typing import Any, Final

__all__ = [
    "CONTINUED",
    "RETRY_SECONDS",
    "BrailleDisplay",
    "fit_to_cells",
    "open_braille",
]

_log = logging.getLogger(__name__)

RETRY_SECONDS: Final = 5.0
"""How long after a failed connection the next is tried (only with a new line)."""

CLOSE_WAIT_SECONDS: Final = 0.5
"""How long closing waits for the worker to leave the display."""


CONTINUED: Final = " >"
"""Ends a line cut to the display's cells: there is more than the display shows.

Plain ASCII, which every BRLTTY text table has (an ellipsis may not be)."""


def fit_to_cells(text: str, cells: int) -> str:
    """``text`` as it fits ``cells`` braille cells: cut at a word, then `CONTINUED`.

    A word too long for the display is cut where the display ends.

    >>> fit_to_cells("Your cards, 13: Clubs: queen, 5 and 4. Diamonds: ace", 40)
    'Your cards, 13: Clubs: queen, 5 and 4. >'
    >>> fit_to_cells("Your turn.", 40), fit_to_cells("Spades are broken.", 12)
    ('Your turn.', 'Spades are >')
    >>> fit_to_cells("Unbreakablewordhere and more", 12), fit_to_cells("Hello", 0)
    ('Unbreakable>', 'Hello')
    """
    if cells <= 0 or len(text) <= cells:
        return text
    room = cells - len(CONTINUED)
    if room < 1:
        return text[:cells]
    cut = text.rfind(" ", 0, room + 1)
    if cut <= 0:
        return text[: cells - 1] + CONTINUED.strip()
    return text[:cut].rstrip() + CONTINUED


def _import_brlapi() -> Any:
    return importlib.import_module("brlapi")


class BrailleDisplay:
    """Shows the latest announcement on a BrlAPI display; see the module docstring."""

    def __init__(
        self,
        module: Any,
        *,
        clock: Callable[[], float] = time.monotonic,
        retry_seconds: float = RETRY_SECONDS,
        window_id: int | None = None,
    ) -> None:
        """Start the worker that connects to BRLTTY and writes to the display.

        Args:
            module: The ``brlapi`` module (tests pass a fake).
            window_id: The game window's X11 id, if known. BrlAPI puts it after
                the path of the terminal the game runs in (``WINDOWPATH``), so
                BRLTTY (told of the focus by ``xbrlapi``) gives the display to the
                game while its window has the focus. Without it, the game's
                terminal path is asked for.
            clock: Seconds, for spacing the reconnection tries.
            retry_seconds: Seconds between connection tries.
        """
        self._brlapi = module
        self._clock = clock
        self._retry_seconds = retry_seconds
        self._path = [window_id] if window_id is not None else []
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._latest: str | None = None
        self._is_closed = False
        self._connection: Any = None
        self._failed_at: float | None = None
        self.written: int = 0
        """Lines written to the display so far (for tests and the log)."""
        self._worker = threading.Thread(
            target=self._run, name="audiospades-braille", daemon=True
        )
        self._worker.start()

    @property
    def is_connected(self) -> bool:
        """Whether a display is connected now."""
        return self._connection is not None

    def show(self, text: str) -> None:
        """Put ``text`` on the display (soon, on the worker); never blocks."""
        text = " ".join(text.split())
        if self._is_closed or not text:
            return
        with self._lock:
            self._latest = text
        self._wake.set()

    def wait_idle(self, timeout: float = 2.0) -> bool:
        """Wait until the worker has nothing left to write (tests)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                idle = self._latest is None and not self._busy
            if idle:
                return True
            time.sleep(0.002)
        return False

    _busy = False

    def close(self) -> None:
        """Give the display back to BRLTTY and end the worker."""
        if self._is_closed:
            return
        self._is_closed = True
        self._wake.set()
        self._worker.join(timeout=CLOSE_WAIT_SECONDS)

    # -- worker thread -----------------------------------------------------------

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            if self._is_closed:
                self._disconnect()
                return
            with self._lock:
                text, self._latest = self._latest, None
                self._busy = text is not None
            try:
                if text is not None:
                    self._write(text)
            finally:
                self._busy = False

    def _write(self, text: str) -> None:
        if self._connection is None and not self._connect():
            return
        try:
            self._connection.writeText(self._fit(text))
            self.written += 1
        except Exception as exc:
            _log.warning("braille display lost: %r", exc)
            self._disconnect()
            self._failed_at = self._clock()

    def _connect(self) -> bool:
        now = self._clock()
        if self._failed_at is not None and now - self._failed_at < self._retry_seconds:
            return False
        connection = None
        try:
            connection = self._brlapi.Connection()
            connection.enterTtyModeWithPath(self._path)
        except Exception as exc:
            # No BRLTTY, or no display: the everyday case for most players.
            _log.info("no braille display through BrlAPI: %r", exc)
            self._failed_at = now
            if connection is not None:
                _close_quietly(connection, tty=False)
            return False
        self._connection, self._failed_at = connection, None
        _log.info("braille display connected through BrlAPI")
        return True

    def _fit(self, text: str) -> str:
        """The text as it fits the display's cells (see `fit_to_cells`)."""
        size = getattr(self._connection, "displaySize", None)
        try:
            width, height = size  # type: ignore[misc]
            cells = int(width) * max(1, int(height))
        except (TypeError, ValueError):
            return text
        return fit_to_cells(text, cells)

    def _disconnect(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            _close_quietly(connection, tty=True)


def _close_quietly(connection: Any, *, tty: bool) -> None:
    steps = ("leaveTtyMode", "closeConnection") if tty else ("closeConnection",)
    for step in steps:
        try:
            getattr(connection, step)()
        except Exception as exc:
            _log.info("braille %s failed: %r", step, exc)


def open_braille(
    loader: Callable[[], Any] = _import_brlapi, *, window_id: int | None = None
) -> BrailleDisplay | None:
    """A :class:`BrailleDisplay` when the BrlAPI binding imports, else None.

    Never raises; never waits for BRLTTY (the worker connects).
    """
    try:
        module = loader()
    except Exception as exc:
        _log.info("no braille through BrlAPI: %r", exc)
        return None
    return BrailleDisplay(module, window_id=window_id)


def x11_window_id() -> int | None:
    """The game window's X11 id from pygame, if it runs on X11 (else None)."""
    try:
        import pygame

        info = pygame.display.get_wm_info()
    except Exception:
        return None
    window = info.get("window") if isinstance(info, dict) else None
    return window if isinstance(window, int) and window > 0 else None
