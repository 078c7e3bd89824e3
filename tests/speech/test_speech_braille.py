"""Issue 12, item 14: braille through BrlAPI (a fake ``brlapi`` module injected),
and through the screen reader's own braille (accessible-output2, Windows).

It must never crash or block when BRLTTY is absent or the connection drops.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from types import SimpleNamespace

import pytest

from audiospades.speech import screen_reader as sr
from audiospades.speech.braille import (
    CONTINUED,
    BrailleDisplay,
    fit_to_cells,
    open_braille,
)
from audiospades.speech.detect import SCREEN_READER_ENV
from audiospades.speech.screen_reader import ScreenReaderSpeaker


class FakeConnection:
    """Stands in for ``brlapi.Connection``: a 40-cell display."""

    displaySize = (40, 1)

    def __init__(self, log: list[tuple[str, ...]], *, fail_write: int = 0) -> None:
        self.log = log
        self.fail_write = fail_write
        self.hang: threading.Event | None = None
        self.entered = threading.Event()
        log.append(("connect",))

    def enterTtyModeWithPath(self, path: list[int] | None = None) -> None:
        self.log.append(("enter", *(str(tty) for tty in path or ())))

    def writeText(self, text: str) -> None:
        if self.hang is not None:
            self.entered.set()
            self.hang.wait()
        if self.fail_write:
            self.fail_write -= 1
            raise OSError("brltty went away")
        self.log.append(("write", text))

    def leaveTtyMode(self) -> None:
        self.log.append(("leave",))

    def closeConnection(self) -> None:
        self.log.append(("close",))


class FakeBrlapi:
    """A ``brlapi`` module whose BRLTTY can be absent, present, or flaky."""

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
