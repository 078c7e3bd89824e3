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

A line longer than the display is shown a window at a time (`split_to_windows`):
each window is cut after the last whole word that fits, and every window but the
last ends with `CONTINUED`, so the player knows there is more. The display's own
panning keys move through the windows as they move through a screen in BRLTTY:
pan right (``FWINRT``, or ``FWINRTSKIP``) shows the next window, pan left
(``FWINLT``, ``FWINLTSKIP``) the one before, and ``HOME``, ``TOP`` or
``TOP_LEFT`` the first, ``BOT`` or ``BOT_LEFT`` the last. Panning past either
end leaves the window where it is, and is counted for the game to hear
(`BrailleDisplay.take_edges`: the loop asks once a frame and plays the edge cue,
as for moving past the end of the hand). A new announcement starts at its first
window.
A window after the first has no mark of its own at its start: BRLTTY marks no
panned window either, and every cell is kept for the text.

In BrlAPI's tty mode every display key goes to the game unless it says
otherwise, so the game gives all keys back to BRLTTY (``ignoreKeys``) and takes
only the panning commands above (``acceptKeys``): the player's other keys keep
working. The worker reads them without blocking (``readKey(False)``) when the
connection's socket has something to read, waiting on that socket and on its own
wake-up socket together, so it neither spins nor holds up `BrailleDisplay.close`.
A connection that drops while keys are read is let go like one that drops in a
write.
"""

from __future__ import annotations

import contextlib
import enum
import importlib
import logging
import selectors
import socket
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
    "split_to_windows",
]

_log = logging.getLogger(__name__)

RETRY_SECONDS: Final = 5.0
"""How long after a failed connection the next is tried (only with a new line)."""

CLOSE_WAIT_SECONDS: Final = 0.5
"""How long closing waits for the worker to leave the display."""

STALE_READS: Final = 100
"""Wake-ups in a row with the display's socket readable and no key in it.

BrlAPI's library reads every packet the socket has and raises on a closed
socket, so this does not happen with a sound connection; past this many the
connection is let go rather than spun on."""


CONTINUED: Final = " >"
"""Ends a window cut from a longer line: there is more than the display shows.

Plain ASCII, which every BRLTTY text table has (an ellipsis may not be)."""


def split_to_windows(text: str, cells: int) -> tuple[str, ...]:
    """``text`` as the windows of ``cells`` braille cells the player pans through.

    Each window is cut after the last whole word that fits, and each but the
    last ends with `CONTINUED`. A word too long for the display is cut where the
    display ends (with only the ``>`` of `CONTINUED`), and goes on in the next.

    >>> split_to_windows("Spades are broken. Hazel leads.", 12)
    ('Spades are >', 'broken. >', 'Hazel leads.')
    >>> split_to_windows("Your turn.", 40), split_to_windows("Hello", 0)
    (('Your turn.',), ('Hello',))
    >>> split_to_windows("Unbreakablewordhere and more", 12)
    ('Unbreakable>', 'wordhere >', 'and more')
    """
    text = text.strip()
    if cells <= 0:
        return (text,)
    windows: list[str] = []
    while len(text) > cells:
        window, text = _cut(text, cells)
        windows.append(window)
        text = text.lstrip()
    windows.append(text)
    return tuple(windows)


def _cut(text: str, cells: int) -> tuple[str, str]:
    """The first window of ``text`` (longer than ``cells``), and the rest."""
    room = cells - len(CONTINUED)
    if room < 1:  # no room for the mark: a display this small shows bare cells
        return text[:cells].rstrip(), text[cells:]
    cut = text.rfind(" ", 0, room + 1)
    if cut <= 0:
        return text[: cells - 1] + CONTINUED.strip(), text[cells - 1 :]
    return text[:cut].rstrip() + CONTINUED, text[cut:]


def fit_to_cells(text: str, cells: int) -> str:
    """``text``'s first window on ``cells`` braille cells (see `split_to_windows`).

    >>> fit_to_cells("Your cards, 13: Clubs: queen, 5 and 4. Diamonds: ace", 40)
    'Your cards, 13: Clubs: queen, 5 and 4. >'
    >>> fit_to_cells("Your turn.", 40), fit_to_cells("Spades are broken.", 12)
    ('Your turn.', 'Spades are >')
    >>> fit_to_cells("Unbreakablewordhere and more", 12), fit_to_cells("Hello", 0)
    ('Unbreakable>', 'Hello')
    """
    return split_to_windows(text, cells)[0]


class _Pan(enum.Enum):
    """Where a panning key moves the window."""

    NEXT = enum.auto()
    PREVIOUS = enum.auto()
    FIRST = enum.auto()
    LAST = enum.auto()


_PAN_COMMANDS: Final[dict[str, _Pan]] = {
    "KEY_CMD_FWINRT": _Pan.NEXT,
    "KEY_CMD_FWINRTSKIP": _Pan.NEXT,
    "KEY_CMD_FWINLT": _Pan.PREVIOUS,
    "KEY_CMD_FWINLTSKIP": _Pan.PREVIOUS,
    "KEY_CMD_HOME": _Pan.FIRST,
    "KEY_CMD_TOP": _Pan.FIRST,
    "KEY_CMD_TOP_LEFT": _Pan.FIRST,
    "KEY_CMD_BOT": _Pan.LAST,
    "KEY_CMD_BOT_LEFT": _Pan.LAST,
}
"""The BRLTTY commands the game takes from the display (``brlapi`` names).

All are basic commands (block 0, no argument), so the command is the whole key
code less its flags; every other key stays with BRLTTY."""


def _import_brlapi() -> Any:
    return importlib.import_module("brlapi")


class _Wake:
    """A wake-up flag that the worker waits on together with the display's socket."""

    def __init__(self) -> None:
        self._reader, self._writer = socket.socketpair()
        self._reader.setblocking(False)
        self._writer.setblocking(False)

    def fileno(self) -> int:
        """The socket to wait on (readable once `set`)."""
        return self._reader.fileno()

    def set(self) -> None:
        """Wake the worker; never blocks (a full socket is already set)."""
        with contextlib.suppress(OSError):
            self._writer.send(b"\0")

    def clear(self) -> None:
        """Take the wake-ups sent so far."""
        with contextlib.suppress(OSError):
            while self._reader.recv(4096):
                pass

    def close(self) -> None:
        """Close both ends."""
        self._reader.close()
        self._writer.close()


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
        self._wake = _Wake()
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._wake, selectors.EVENT_READ)
        self._latest: str | None = None
        self._is_closed = False
        self._connection: Any = None
        self._key_socket: int | None = None
        self._pans: dict[int, _Pan] = {}
        self._stale_reads = 0
        self._line: str | None = None
        self._window_index = 0
        self._failed_at: float | None = None
        self._edges = 0
        """Pans past either end not yet taken (`take_edges`)."""
        self.written: int = 0
        """Windows written to the display so far (for tests and the log)."""
        self.keys_read: int = 0
        """Display keys read so far, the game's or not (for tests and the log)."""
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

    def take_edges(self) -> int:
        """How many pans went past either end since the last call (never blocks).

        The worker only counts them: the game's loop asks and plays the cue, so
        the display never reaches into the sound.
        """
        with self._lock:
            edges, self._edges = self._edges, 0
        return edges

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
        try:
            while not self._is_closed:
                ready = self._selector.select()
                self._wake.clear()
                if self._is_closed:
                    break
                has_keys = any(key.fd == self._key_socket for key, _ in ready)
                self._step(has_keys=has_keys)
        finally:
            self._disconnect()
            self._selector.close()
            self._wake.close()

    def _step(self, *, has_keys: bool) -> None:
        """Act on the keys read, then write the newest line (if there is one)."""
        with self._lock:
            text, self._latest = self._latest, None
            self._busy = text is not None
        try:
            # Keys first: they were pressed on the window the display shows now.
            self._read_keys(has_keys=has_keys)
            if text is not None:
                self._write(text)
                # Keys the library kept while it waited for the write's answer
                # are in no socket any more: they are read now or not at all.
                self._read_keys(has_keys=False)
        finally:
            self._busy = False

    def _write(self, text: str) -> None:
        if self._connection is None and not self._connect():
            return
        self._line, self._window_index = text, 0
        self._send(self._windows(text)[0])

    def _send(self, window: str) -> None:
        try:
            self._connection.writeText(window)
            self.written += 1
        except Exception as exc:
            self._lose(exc)

    def _lose(self, exc: Exception) -> None:
        _log.warning("braille display lost: %r", exc)
        self._disconnect()
        self._failed_at = self._clock()

    def _read_keys(self, *, has_keys: bool) -> None:
        """Read the display's waiting keys without blocking, and pan as they say.

        `keys_read` counts them once the window they moved to is written.
        """
        if self._key_socket is None:
            return
        pans: list[_Pan] = []
        read_count = 0
        try:
            while (code := self._connection.readKey(False)) is not None:
                read_count += 1
                pan = self._pan_for(code)
                if pan is not None:
                    pans.append(pan)
        except Exception as exc:
            self._lose(exc)
        else:
            self._stale_reads = (
                self._stale_reads + 1 if has_keys and not read_count else 0
            )
            if self._stale_reads >= STALE_READS:
                self._lose(OSError("the display's socket stays readable, with no key"))
            elif pans:
                self._pan(pans)
        self.keys_read += read_count

    def _pan_for(self, code: Any) -> _Pan | None:
        """The pan a key code asks for, or None (a key the game does not use).

        Decoded with the binding's masks, not ``brlapi.expandKeyCode``: that
        crashes the process on a code of no known type (Debian's 6.5 binding).
        """
        brlapi = self._brlapi
        try:
            code = int(code)
            if code & brlapi.KEY_TYPE_MASK != brlapi.KEY_TYPE_CMD:
                return None
            if code & brlapi.KEY_CMD_BLK_MASK:
                return None
            return self._pans.get(code & brlapi.KEY_CMD_ARG_MASK)
        except (AttributeError, TypeError, ValueError):
            return None

    def _pan(self, pans: list[_Pan]) -> None:
        """Move through the shown line's windows; write the window if it moved."""
        if self._line is None:
            return
        windows = self._windows(self._line)
        last = len(windows) - 1
        index = self._window_index
        edges = 0
        for pan in pans:
            match pan:
                case _Pan.NEXT:
                    edges += index == last
                    index = min(index + 1, last)
                case _Pan.PREVIOUS:
                    edges += index == 0
                    index = max(index - 1, 0)
                case _Pan.FIRST:
                    index = 0
                case _Pan.LAST:
                    index = last
        if edges:
            with self._lock:
                self._edges += edges
        if index != self._window_index:
            self._window_index = index
            self._send(windows[index])

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
        self._take_pan_keys(connection)
        _log.info("braille display connected through BrlAPI")
        return True

    def _take_pan_keys(self, connection: Any) -> None:
        """Give every key back to BRLTTY but the panning commands, which the game reads.

        A binding or server that cannot do this still shows each line's first
        window; its keys are not read.
        """
        brlapi = self._brlapi
        try:
            connection.ignoreKeys(brlapi.rangeType_all, [0])
            pans = {
                getattr(brlapi, name): pan
                for name, pan in _PAN_COMMANDS.items()
                if isinstance(getattr(brlapi, name, None), int)
            }
            key_socket = connection.fileDescriptor
            if not pans or not isinstance(key_socket, int) or key_socket < 0:
                raise ValueError(f"no panning commands or socket ({key_socket!r})")
            # Waited on before the keys are taken, so no key is taken and left unread.
            self._selector.register(key_socket, selectors.EVENT_READ)
            try:
                connection.acceptKeys(
                    brlapi.rangeType_command,
                    [brlapi.KEY_TYPE_CMD | command for command in sorted(pans)],
                )
            except Exception:
                self._selector.unregister(key_socket)
                raise
        except Exception as exc:
            _log.info("braille display keys not read: %r", exc)
            return
        self._pans, self._key_socket, self._stale_reads = pans, key_socket, 0

    def _windows(self, text: str) -> tuple[str, ...]:
        """The text as windows of the display's cells (see `split_to_windows`)."""
        size = getattr(self._connection, "displaySize", None)
        try:
            width, height = size  # type: ignore[misc]
            cells = int(width) * max(1, int(height))
        except (TypeError, ValueError):
            return (text,)
        return split_to_windows(text, cells)

    def _disconnect(self) -> None:
        connection, self._connection = self._connection, None
        key_socket, self._key_socket = self._key_socket, None
        self._line = None
        if key_socket is not None:
            with contextlib.suppress(KeyError, ValueError, OSError):
                self._selector.unregister(key_socket)
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
