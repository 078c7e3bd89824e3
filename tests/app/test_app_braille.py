"""Issue 12, item 14: announcements and the focused card reach a braille display
(a fake ``brlapi`` module), and the Braille option turns it off at once."""

from __future__ import annotations

from collections.abc import Callable

from audiospades import storage
from audiospades.app.harness import Harness
from audiospades.speech.braille import BrailleDisplay, fit_to_cells


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
