"""Issue 12, item 14: announcements and the focused card reach a braille display
(a fake ``brlapi`` module), and the Braille option turns it off at once."""

from __future__ import annotations

import contextlib
import socket
import time
from collections import deque
from collections.abc import Callable

from audiospades import storage
from audiospades.app.harness import Harness
from audiospades.sound import Cue
from audiospades.speech.braille import BrailleDisplay, fit_to_cells, split_to_windows


class Connection:
    displaySize = (80, 1)

    def __init__(self, log: list[tuple[str, ...]]) -> None:
        self.log = log

    def enterTtyModeWithPath(self, path: list[int] | None = None) -> None:
        self.log.append(("enter", *(str(tty) for tty in path or ())))

    def writeText(self, text: str) -> None:
        self.log.append(("write", text))

    def leaveTtyMode(self) -> None:
        self.log.append(("leave",))

    def closeConnection(self) -> None:
        self.log.append(("close",))


class Brlapi:
    def __init__(self) -> None:
        self.log: list[tuple[str, ...]] = []

    def Connection(self) -> Connection:
        return Connection(self.log)


def _shown(brlapi: Brlapi, display: BrailleDisplay) -> list[str]:
    assert display.wait_idle()
    return [entry[1] for entry in brlapi.log if entry[0] == "write"]


def test_the_focused_card_and_each_announcement_are_shown(
    make_harness: Callable[..., Harness],
) -> None:
    brlapi = Brlapi()
    h = make_harness()
    display = BrailleDisplay(brlapi)
    h.services.braille = display
    h.press("return", "n")  # a new game; no blind nil
    h.settle()
    assert _shown(brlapi, display)[-1] == h.last
    h.press("right")
    card = h.last  # "Queen of hearts, 5 of 13", say
    assert _shown(brlapi, display)[-1] == fit_to_cells(card, 80)
    h.press("page_up", "page_up")  # the history is shown as it is spoken
    assert _shown(brlapi, display)[-1] == fit_to_cells(h.speech.last_text, 80)
    assert h.speech.last_text != card
    h.press("f5")
    assert _shown(brlapi, display)[-1] == fit_to_cells(h.speech.last_text, 80)
    display.close()


def test_the_braille_option_turns_the_display_off_and_on(
    make_harness: Callable[..., Harness],
) -> None:
    brlapi = Brlapi()
    h = make_harness()
    display = BrailleDisplay(brlapi)
    h.services.braille = display
    reopened: list[BrailleDisplay] = []

    def reopen() -> BrailleDisplay:
        reopened.append(BrailleDisplay(brlapi))
        return reopened[-1]

    h.services.braille_opener = reopen
    # Braille is the last of the Options.
    h.press("o", "return", "end")
    assert h.last.startswith("Braille, on, 15 of ")
    assert _shown(brlapi, display)[-1] == h.last
    h.press("right")
    assert h.last.startswith("Braille, off, 15 of ")
    assert h.services.braille is None
    assert brlapi.log[-2:] == [("leave",), ("close",)]  # the display given back
    writes = len(brlapi.log)
    h.press("up", "down")
    assert len(brlapi.log) == writes  # nothing more is written
    assert storage.load_settings()[0].braille is False
    h.press("left")
    assert h.last.startswith("Braille, on, 15 of ")
    assert h.services.braille is reopened[0]
    assert _shown(brlapi, reopened[0])[-1] == h.last
    reopened[0].close()


class KeyConnection(Connection):
    """A 40-cell display whose pan keys come to the game (as BrlAPI's do)."""

    displaySize = (40, 1)

    def __init__(self, log: list[tuple[str, ...]]) -> None:
        super().__init__(log)
        self._brltty, self._socket = socket.socketpair()
        self._socket.setblocking(False)
        self.keys: deque[int] = deque()

    @property
    def fileDescriptor(self) -> int:
        return self._socket.fileno()

    def ignoreKeys(self, key_type: int, codes: list[int]) -> None:
        pass

    def acceptKeys(self, key_type: int, codes: list[int]) -> None:
        pass

    def press(self, code: int) -> None:
        self.keys.append(code)
        self._brltty.send(b"k")

    def readKey(self, wait: bool = True) -> int | None:
        with contextlib.suppress(BlockingIOError):
            self._socket.recv(1)
        return self.keys.popleft() if self.keys else None


class KeyBrlapi(Brlapi):
    """The binding's constants for the pan keys (python3-brlapi 6.5)."""

    rangeType_all = 0
    rangeType_command = 2
    KEY_TYPE_MASK = 0xE0000000
    KEY_TYPE_CMD = 0x20000000
    KEY_CMD_BLK_MASK = 0x1FFF0000
    KEY_CMD_ARG_MASK = 0xFFFF
    KEY_CMD_FWINLT = 23
    KEY_CMD_FWINRT = 24

    def __init__(self) -> None:
        super().__init__()
        self.connections: list[KeyConnection] = []

    def Connection(self) -> KeyConnection:
        self.connections.append(KeyConnection(self.log))
        return self.connections[-1]


def test_panning_past_the_end_of_a_line_plays_the_edge_cue(
    make_harness: Callable[..., Harness],
) -> None:
    """The hand on 40 cells: pan right moves on (no cue) until the last window;
    once more, and the game plays its edge cue, as past the end of the hand.
    Before, the display's pan key at either end met silence."""
    brlapi = KeyBrlapi()
    h = make_harness()
    display = BrailleDisplay(brlapi)
    h.services.braille = display
    h.press("return", "n")  # a new game; no blind nil
    h.settle()
    h.press("r")  # the hand: longer than the display
    hand = h.speech.last_text
    windows = split_to_windows(hand, 40)
    assert len(windows) > 1
    assert _shown(brlapi, display)[-1] == windows[0]
    connection = brlapi.connections[0]
    right = KeyBrlapi.KEY_TYPE_CMD | KeyBrlapi.KEY_CMD_FWINRT
    left = KeyBrlapi.KEY_TYPE_CMD | KeyBrlapi.KEY_CMD_FWINLT

    def pan(code: int) -> list[Cue]:
        """Pan on the display, then one frame: the cues it played."""
        before, cues = display.keys_read, len(h.sound.cues)
        connection.press(code)
        _until(lambda: display.keys_read > before)
        assert display.wait_idle()
        h.frame()
        return h.sound.cues[cues:]

    assert pan(left) == [Cue.EDGE]  # on the first window already
    for window in windows[1:]:
        assert pan(right) == []
        assert _shown(brlapi, display)[-1] == window
    assert pan(right) == [Cue.EDGE]
    assert _shown(brlapi, display)[-1] == windows[-1]
    assert pan(left) == []
    display.close()


def _until(condition: Callable[[], bool]) -> None:
    """Wait (bounded) for the display's worker to have done something."""
    deadline = time.monotonic() + 5
    while not condition():
        assert time.monotonic() < deadline, "the display's worker did nothing"
        time.sleep(0.002)
