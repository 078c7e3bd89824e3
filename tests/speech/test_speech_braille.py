"""Issue 12, item 14: braille through BrlAPI (a fake ``brlapi`` module injected),
and through the screen reader's own braille (accessible-output2, Windows).

It must never crash or block when BRLTTY is absent or the connection drops.
"""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from audiospades.speech import screen_reader as sr
from audiospades.speech.braille import (
    CONTINUED,
    BrailleDisplay,
    fit_to_cells,
    open_braille,
    split_to_windows,
)
from audiospades.speech.detect import SCREEN_READER_ENV
from audiospades.speech.screen_reader import ScreenReaderSpeaker


class FakeConnection:
    """Stands in for ``brlapi.Connection``: a 40-cell display with keys.

    Like the real one it has a socket (``fileDescriptor``) that turns readable
    when a key comes, and ``readKey(False)`` takes one key or says None.
    """

    displaySize = (40, 1)

    def __init__(self, log: list[tuple[str, ...]], *, fail_write: int = 0) -> None:
        self.log = log
        self.fail_write = fail_write
        self.hang: threading.Event | None = None
        self.entered = threading.Event()
        self.key_ranges: list[tuple[str, int, list[int]]] = []
        self.keys: deque[int] = deque()
        self.keys_in_write: list[int] = []
        """Keys that come while a write waits for its answer (the library keeps
        them in its own buffer: the socket shows nothing)."""
        self.fail_read = False
        self.stale = False
        """The socket stays readable and no key ever comes."""
        self.blocking_reads = 0
        self._brltty, self._socket = socket.socketpair()
        log.append(("connect",))

    @property
    def fileDescriptor(self) -> int:
        return self._socket.fileno()

    def enterTtyModeWithPath(self, path: list[int] | None = None) -> None:
        self.log.append(("enter", *(str(tty) for tty in path or ())))

    def ignoreKeys(self, key_type: int, codes: list[int]) -> None:
        self.key_ranges.append(("ignore", key_type, list(codes)))

    def acceptKeys(self, key_type: int, codes: list[int]) -> None:
        self.key_ranges.append(("accept", key_type, list(codes)))

    def press(self, *codes: int) -> None:
        """BRLTTY sends the display's keys (one packet each)."""
        self.keys.extend(codes)
        self._brltty.send(b"k" * len(codes))

    def readKey(self, wait: bool = True) -> int | None:
        if wait:
            self.blocking_reads += 1
        if self.fail_read:
            raise OSError("brltty went away")
        if self.stale:
            return None
        self._socket.setblocking(False)
        with contextlib.suppress(BlockingIOError):
            self._socket.recv(1 if self.keys else 4096)
        return self.keys.popleft() if self.keys else None

    def writeText(self, text: str) -> None:
        if self.hang is not None:
            self.entered.set()
            self.hang.wait()
        if self.fail_write:
            self.fail_write -= 1
            raise OSError("brltty went away")
        self.keys.extend(self.keys_in_write)
        self.keys_in_write = []
        self.log.append(("write", text))

    def leaveTtyMode(self) -> None:
        self.log.append(("leave",))

    def closeConnection(self) -> None:
        self.log.append(("close",))
        self._brltty.close()
        self._socket.close()


class FakeBrlapi:
    """A ``brlapi`` module whose BRLTTY can be absent, present, or flaky.

    Its constants are the real binding's (python3-brlapi 6.5, BrlAPI 0.8).
    """

    rangeType_all = 0
    rangeType_type = 1
    rangeType_command = 2
    rangeType_key = 3
    rangeType_code = 4
    KEY_TYPE_MASK = 0xE0000000
    KEY_TYPE_CMD = 0x20000000
    KEY_TYPE_SYM = 0
    KEY_CODE_MASK = 0x1FFFFFFF
    KEY_CMD_BLK_MASK = 0x1FFF0000
    KEY_CMD_ARG_MASK = 0xFFFF
    KEY_FLAGS_SHIFT = 32
    KEY_FLG_MOTION_ROUTE = 0x400
    KEY_CMD_LNUP = 1
    KEY_CMD_LNDN = 2
    KEY_CMD_TOP = 9
    KEY_CMD_BOT = 10
    KEY_CMD_TOP_LEFT = 11
    KEY_CMD_BOT_LEFT = 12
    KEY_CMD_FWINLT = 23
    KEY_CMD_FWINRT = 24
    KEY_CMD_FWINLTSKIP = 25
    KEY_CMD_FWINRTSKIP = 26
    KEY_CMD_HOME = 29
    KEY_CMD_ROUTE = 0x10000

    def __init__(self, *, present: bool = True, fail_write: int = 0) -> None:
        self.present = present
        self.fail_write = fail_write
        self.log: list[tuple[str, ...]] = []
        self.connections: list[FakeConnection] = []

    def Connection(self) -> FakeConnection:
        if not self.present:
            self.log.append(("refused",))
            raise ConnectionRefusedError("no brltty")
        connection = FakeConnection(self.log, fail_write=self.fail_write)
        self.fail_write = 0
        self.connections.append(connection)
        return connection


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _show(display: BrailleDisplay, text: str) -> None:
    display.show(text)
    assert display.wait_idle()


def test_each_announcement_goes_to_the_display_cut_to_its_cells() -> None:
    brlapi = FakeBrlapi()
    display = BrailleDisplay(brlapi)
    _show(display, "Your turn.")
    long = "Hazel wins the trick with the queen of hearts, and leads next."
    _show(display, long)
    display.close()
    assert brlapi.log == [
        ("connect",),
        ("enter",),
        ("write", "Your turn."),
        ("write", "Hazel wins the trick with the queen of >"),
        ("leave",),
        ("close",),
    ]


def test_a_long_line_is_cut_at_a_word_and_marked_as_continued() -> None:
    """QA saw "Your cards, 13: Clubs: queen, 5 and 4. D" on 40 cells."""
    brlapi = FakeBrlapi()
    display = BrailleDisplay(brlapi)
    _show(display, "Your cards, 13: Clubs: queen, 5 and 4. Diamonds: ace and 9.")
    _show(display, "Nil.")
    display.close()
    written = [entry[1] for entry in brlapi.log if entry[0] == "write"]
    assert written == ["Your cards, 13: Clubs: queen, 5 and 4. >", "Nil."]
    assert all(len(line) <= FakeConnection.displaySize[0] for line in written)


@pytest.mark.parametrize("cells", [10, 12, 20, 40, 62])
def test_every_cut_fits_and_keeps_only_whole_words(cells: int) -> None:
    text = "West leads the jack of diamonds, and spades are not broken yet."
    shown = fit_to_cells(text, cells)
    assert len(shown) <= cells
    assert shown.endswith(CONTINUED)
    kept = shown.removesuffix(CONTINUED).split()
    assert kept == text.split()[: len(kept)]
    assert fit_to_cells(text, len(text)) == text


def test_no_brltty_never_crashes_and_tries_again_later() -> None:
    brlapi, clock = FakeBrlapi(present=False), Clock()
    display = BrailleDisplay(brlapi, clock=clock, retry_seconds=5.0)
    _show(display, "one")
    _show(display, "two")  # within the retry time: not even tried
    assert brlapi.log == [("refused",)]
    assert not display.is_connected
    brlapi.present, clock.now = True, 6.0
    _show(display, "three")
    assert brlapi.log[-1] == ("write", "three")
    display.close()


def test_a_dropped_connection_is_let_go_and_made_again() -> None:
    brlapi, clock = FakeBrlapi(fail_write=1), Clock()
    display = BrailleDisplay(brlapi, clock=clock, retry_seconds=5.0)
    _show(display, "lost")
    assert brlapi.log[-2:] == [("leave",), ("close",)]
    assert not display.is_connected
    clock.now = 10.0
    _show(display, "back")
    assert brlapi.log[-1] == ("write", "back")
    assert len(brlapi.connections) == 2
    display.close()


def test_a_stuck_display_never_holds_the_game() -> None:
    """writeText hangs: show() still returns, and only the newest line waits."""
    brlapi = FakeBrlapi()
    display = BrailleDisplay(brlapi)
    _show(display, "first")
    stuck = threading.Event()
    brlapi.connections[0].hang = stuck
    display.show("second")  # the worker blocks inside writeText
    assert brlapi.connections[0].entered.wait(3.0)
    for n in range(50):
        display.show(f"line {n}")  # each returns at once
    stuck.set()
    assert display.wait_idle()
    writes = [entry[1] for entry in brlapi.log if entry[0] == "write"]
    assert writes == ["first", "second", "line 49"]
    display.close()


def test_without_the_brlapi_module_there_is_no_display() -> None:
    def missing() -> object:
        raise ImportError("No module named 'brlapi'")

    assert open_braille(missing) is None
    display = open_braille(FakeBrlapi)
    assert isinstance(display, BrailleDisplay)
    display.close()


HAND = (
    "Your cards, 13: Clubs: queen, 5 and 4. Diamonds: ace and 9. "
    "Hearts: king, 10, 8 and 2. Spades: ace, jack and 3."
)
HAND_WINDOWS = [
    "Your cards, 13: Clubs: queen, 5 and 4. >",
    "Diamonds: ace and 9. Hearts: king, 10, >",
    "8 and 2. Spades: ace, jack and 3.",
]
CMD = FakeBrlapi.KEY_TYPE_CMD
RIGHT = CMD | FakeBrlapi.KEY_CMD_FWINRT
LEFT = CMD | FakeBrlapi.KEY_CMD_FWINLT


def _writes(brlapi: FakeBrlapi) -> list[str]:
    return [entry[1] for entry in brlapi.log if entry[0] == "write"]


def _press(display: BrailleDisplay, connection: FakeConnection, *codes: int) -> None:
    """Press display keys and wait until the game has read them all."""
    before = display.keys_read
    connection.press(*codes)
    _wait(lambda: display.keys_read >= before + len(codes))
    assert display.wait_idle()


def _shown_hand() -> tuple[FakeBrlapi, BrailleDisplay, FakeConnection]:
    brlapi = FakeBrlapi()
    display = BrailleDisplay(brlapi)
    _show(display, HAND)
    return brlapi, display, brlapi.connections[0]


def test_pan_right_shows_the_rest_of_a_long_line_window_by_window() -> None:
    """A braille-only player reads the whole hand with the display's pan key."""
    brlapi, display, connection = _shown_hand()
    assert _writes(brlapi) == HAND_WINDOWS[:1]
    _press(display, connection, RIGHT)
    assert _writes(brlapi) == HAND_WINDOWS[:2]
    _press(display, connection, RIGHT)
    assert _writes(brlapi) == HAND_WINDOWS
    display.close()
    assert brlapi.log[-2:] == [("leave",), ("close",)]
    assert connection.blocking_reads == 0


def test_panning_past_either_end_leaves_the_window_where_it_is() -> None:
    brlapi, display, connection = _shown_hand()
    _press(display, connection, LEFT)  # already at the start
    assert _writes(brlapi) == HAND_WINDOWS[:1]
    _press(display, connection, RIGHT, RIGHT, RIGHT, RIGHT)
    assert _writes(brlapi)[-1] == HAND_WINDOWS[-1]
    written = display.written
    _press(display, connection, RIGHT)  # already at the end
    assert display.written == written
    assert display.is_connected
    display.close()


def test_panning_past_either_end_is_told_once_for_the_edge_cue() -> None:
    """Pan left on the first window, pan right on the last: each is counted for
    the game's edge cue (taken once); a pan that moves, or Home on the first
    window, is not. Before, nothing told the player the line had no more."""
    brlapi, display, connection = _shown_hand()
    _press(display, connection, LEFT)
    assert display.take_edges() == 1
    assert display.take_edges() == 0  # taken: said once
    _press(display, connection, RIGHT, RIGHT)
    assert _writes(brlapi)[-1] == HAND_WINDOWS[-1]
    assert display.take_edges() == 0
    _press(display, connection, RIGHT, RIGHT)
    assert display.take_edges() == 2
    _press(display, connection, CMD | FakeBrlapi.KEY_CMD_HOME)
    _press(display, connection, CMD | FakeBrlapi.KEY_CMD_HOME)
    assert display.take_edges() == 0
    _show(display, "Nil.")  # a line of one window: both ends at once
    _press(display, connection, RIGHT)
    assert display.take_edges() == 1
    display.close()


def test_pan_left_goes_back_and_home_goes_to_the_start() -> None:
    brlapi, display, connection = _shown_hand()
    _press(display, connection, RIGHT)
    _press(display, connection, RIGHT)
    _press(display, connection, LEFT)
    assert _writes(brlapi)[-1] == HAND_WINDOWS[1]
    _press(display, connection, CMD | FakeBrlapi.KEY_CMD_BOT)
    assert _writes(brlapi)[-1] == HAND_WINDOWS[2]
    _press(display, connection, CMD | FakeBrlapi.KEY_CMD_HOME)
    assert _writes(brlapi)[-1] == HAND_WINDOWS[0]
    display.close()


def test_a_new_announcement_starts_at_its_first_window() -> None:
    brlapi, display, connection = _shown_hand()
    _press(display, connection, RIGHT)
    long = "Hazel wins the trick with the queen of hearts, and leads next."
    _show(display, long)
    assert _writes(brlapi)[-1] == "Hazel wins the trick with the queen of >"
    _press(display, connection, RIGHT)
    assert _writes(brlapi)[-1] == "hearts, and leads next."
    _show(display, HAND)
    assert _writes(brlapi)[-1] == HAND_WINDOWS[0]
    display.close()


def test_a_key_pressed_while_a_line_is_written_is_not_lost() -> None:
    """BrlAPI keeps keys that come while it waits for a write's answer."""
    brlapi, display, connection = _shown_hand()
    connection.keys_in_write = [RIGHT]
    _show(display, "Your cards, 13: Clubs: queen, 5 and 4. Diamonds: ace and 9.")
    _wait(lambda: display.keys_read == 1)
    assert _writes(brlapi)[-2:] == [HAND_WINDOWS[0], "Diamonds: ace and 9."]
    display.close()


def test_only_the_panning_keys_are_taken_from_brltty() -> None:
    """Every other key of the display keeps doing what BRLTTY binds it to."""
    brlapi, display, connection = _shown_hand()
    commands = [
        FakeBrlapi.KEY_CMD_TOP,
        FakeBrlapi.KEY_CMD_BOT,
        FakeBrlapi.KEY_CMD_TOP_LEFT,
        FakeBrlapi.KEY_CMD_BOT_LEFT,
        FakeBrlapi.KEY_CMD_FWINLT,
        FakeBrlapi.KEY_CMD_FWINRT,
        FakeBrlapi.KEY_CMD_FWINLTSKIP,
        FakeBrlapi.KEY_CMD_FWINRTSKIP,
        FakeBrlapi.KEY_CMD_HOME,
    ]
    assert connection.key_ranges == [
        ("ignore", FakeBrlapi.rangeType_all, [0]),
        ("accept", FakeBrlapi.rangeType_command, sorted(CMD | c for c in commands)),
    ]
    # Keys the game did not ask for, were they sent anyway, change nothing.
    _press(
        display,
        connection,
        CMD | FakeBrlapi.KEY_CMD_LNDN,
        CMD | FakeBrlapi.KEY_CMD_ROUTE | FakeBrlapi.KEY_CMD_FWINRT,
        FakeBrlapi.KEY_TYPE_SYM | ord("a"),
        0xE0000000 | FakeBrlapi.KEY_CMD_FWINRT,  # a type BrlAPI does not have
    )
    assert _writes(brlapi) == HAND_WINDOWS[:1]
    # A pan key with a flag (routing motion) is still that pan key.
    flagged = RIGHT | FakeBrlapi.KEY_FLG_MOTION_ROUTE << FakeBrlapi.KEY_FLAGS_SHIFT
    _press(display, connection, flagged)
    assert _writes(brlapi)[-1] == HAND_WINDOWS[1]
    display.close()


def test_a_display_lost_while_its_keys_are_read_is_let_go_and_made_again(
    caplog: pytest.LogCaptureFixture,
) -> None:
    brlapi, clock = FakeBrlapi(), Clock()
    display = BrailleDisplay(brlapi, clock=clock, retry_seconds=5.0)
    _show(display, HAND)
    connection = brlapi.connections[0]
    connection.fail_read = True
    with caplog.at_level(logging.WARNING, "audiospades.speech.braille"):
        connection.press(RIGHT)
        _wait(lambda: not display.is_connected)
    assert display.wait_idle()
    assert brlapi.log[-2:] == [("leave",), ("close",)]
    assert "braille display lost" in caplog.text
    clock.now = 10.0
    _show(display, "back")
    assert _writes(brlapi)[-1] == "back"
    assert len(brlapi.connections) == 2
    _press(display, brlapi.connections[1], RIGHT)  # a short line: nothing to pan
    assert _writes(brlapi)[-1] == "back"
    display.close()


def test_a_socket_that_stays_readable_with_no_key_is_let_go_not_spun_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    brlapi = FakeBrlapi()
    display = BrailleDisplay(brlapi)
    _show(display, HAND)
    connection = brlapi.connections[0]
    connection.stale = True
    with caplog.at_level(logging.WARNING, "audiospades.speech.braille"):
        connection.press(RIGHT)  # readable for good: readKey finds nothing
        _wait(lambda: not display.is_connected)
    assert "stays readable" in caplog.text
    display.close()


@pytest.mark.parametrize("cells", [3, 12, 20, 40])
def test_the_windows_hold_the_whole_line_each_fitting_the_display(cells: int) -> None:
    text = "West leads the jack of diamonds, and spades are not broken yet."
    windows = split_to_windows(text, cells)
    assert all(len(window) <= cells for window in windows)
    assert all(window.endswith(">") for window in windows[:-1])
    assert not windows[-1].endswith(">")
    assert windows[0] == fit_to_cells(text, cells)
    if cells >= 12:  # room for every word: the windows break only between words
        kept = [window.removesuffix(CONTINUED).split() for window in windows]
        assert [word for words in kept for word in words] == text.split()


@given(
    st.text(st.sampled_from("ab ,.9"), max_size=80),
    st.integers(min_value=1, max_value=50),
)
def test_no_text_is_lost_between_the_windows(text: str, cells: int) -> None:
    windows = split_to_windows(text, cells)
    assert all(len(window) <= cells for window in windows)
    if cells > len(CONTINUED):
        joined = "".join(
            window.removesuffix(CONTINUED).removesuffix(">") for window in windows[:-1]
        )
        joined += windows[-1]
    else:
        joined = "".join(windows)
    assert joined.replace(" ", "") == text.replace(" ", "")


class BrailleReader:
    """A Windows screen reader through accessible-output2, with braille."""

    name = "NVDA"

    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []

    def is_active(self) -> bool:
        return True

    def is_system_output(self) -> bool:
        return False

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.calls.append(("speak", text))

    def braille(self, text: str) -> None:
        self.calls.append(("braille", text))

    def silence(self) -> None:
        pass


def _wait(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 3.0
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.002)


def test_the_screen_readers_braille_follows_the_setting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reader = BrailleReader()
    monkeypatch.setattr(sr, "_make_auto", lambda: SimpleNamespace(outputs=[reader]))
    monkeypatch.setattr(sr, "_has_braille", lambda output: True)
    monkeypatch.setenv(SCREEN_READER_ENV, "1")
    speaker = ScreenReaderSpeaker(require_running=True, braille=True)
    speaker.speak("Your turn.")
    _wait(lambda: ("braille", "Your turn.") in reader.calls)
    speaker.set_braille(False)
    speaker.speak("Ace of spades.")
    _wait(lambda: ("speak", "Ace of spades.") in reader.calls)
    speaker.close()
    assert ("braille", "Ace of spades.") not in reader.calls


def test_the_game_window_asks_for_the_display_when_it_has_the_focus() -> None:
    """On X11 the window id follows the terminal's path (WINDOWPATH)."""
    brlapi = FakeBrlapi()
    display = BrailleDisplay(brlapi, window_id=0x3A00007)
    _show(display, "Your turn.")
    display.close()
    assert brlapi.log[1] == ("enter", str(0x3A00007))
