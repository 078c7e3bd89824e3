"""Play online from the main menu: the line entry, the address and the name.

Typing is spoken character by character; Backspace says what it erased, Up reads
the line, Delete clears it, Enter accepts (or says why not), Escape cancels. The
address and the name are remembered in the settings.
"""

from __future__ import annotations

from collections.abc import Callable

from online_helpers import type_keys

from audiospades import storage
from audiospades.app.harness import Harness
from audiospades.sound import Cue


def test_typing_a_line_is_spoken_and_edited(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    h.press("up", "up")
    assert h.last == "Play online, 11 of 12"
    h.press("return")
    assert h.last == (
        "Server address: ws://127.0.0.1:8475. Type, then press Enter; "
        "Escape cancels, Delete clears the line."
    )
    h.press("delete")
    assert h.last == "Line cleared."
    mark = h.mark()
    h.press("shift+a", "b", ".", "space", "7", "b", "backspace")
    assert h.said_since(mark) == [
        "capital A",
        "b",
        "dot",
        "space",
        "7",
        "b",
        "b",
    ]
    h.press("up")
    assert h.last == "Ab. 7"
    h.press("delete", "backspace")
    assert h.last == "blank"
    assert h.sound.cues[-1] is Cue.EDGE
    # Letters type even where they are keys elsewhere (B bids, H hints at a table).
    h.press("b", "h", "up")
    assert h.last == "bh"
    # The entry's own words are not kept in the message history: typing is not news.
    assert "capital A" not in h.speech.history
    h.press("escape")
    assert h.last == "Play online, 11 of 12"


def test_a_bad_address_and_an_empty_name_are_refused_and_good_ones_kept(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    h.press("up", "up", "return", "delete", *type_keys("http://x"), "return")
    assert h.last == (
        "That is not a server address: type one such as ws://127.0.0.1:8475."
    )
    assert h.sound.cues[-1] is Cue.ILLEGAL_MOVE
    # No scheme and no port: ws:// and the game's port are added. Port 9 is closed.
    h.press("delete", *type_keys("127.0.0.1:9"), "return")
    assert h.last == "Your name: blank. Type, then press Enter; Escape cancels."
    assert h.services.settings.server_address == "ws://127.0.0.1:9"
    h.press("return")
    assert h.last == "Type a name of 1 to 24 characters."
    h.press(*type_keys("Ann"), "return")
    h.settle()  # the connection is tried, and fails
    said = h.transcript
    assert "Connecting to ws://127.0.0.1:9." in said
    failed = [line for line in said if line.startswith("Could not connect")]
    assert failed == [
        "Could not connect to ws://127.0.0.1:9: no server is running at that "
        "address and port; check both, or ask whoever runs the server."
    ]
    assert h.last == "Play online, 11 of 12"  # back at the main menu
    saved, problem = storage.load_settings()
    assert problem is None
    assert (saved.server_address, saved.player_name) == ("ws://127.0.0.1:9", "Ann")
    # Next time both are offered again.
    h.press("return")
    assert h.last.startswith("Server address: ws://127.0.0.1:9.")
    h.press("return")
    assert h.last.startswith("Your name: Ann.")


def test_a_menu_coming_back_does_not_cut_off_what_was_just_said(
    make_harness: Callable[..., Harness],
) -> None:
    """A screen closes with a last word ("You left the server", why a connection
    ended); the main menu under it then says its line after it, queued, instead
    of interrupting it (with real speech the first was never heard)."""
    from audiospades.app.screen import MenuScreen, Pop, Push
    from audiospades.presenter import Utterance

    harness = make_harness()
    said: list[tuple[str, bool]] = []
    speech = harness.app.services.speech
    real = speech.say

    def recording(text: str, interrupt: bool = True, remember: bool = True) -> None:
        said.append((text, interrupt))
        real(text, interrupt=interrupt, remember=remember)

    speech.say = recording  # type: ignore[method-assign]

    class Closing(MenuScreen):
        def handle(self, command, key, services):  # type: ignore[no-untyped-def]
            services.say(Utterance("You left the server.", interrupt=True))
            return Pop()

    harness.app.stack.apply(Push(Closing("Closing", [])))
    said.clear()
    harness.press("x")
    assert said[0] == ("You left the server.", True)
    assert said[1][1] is False  # the main menu's line, after it
    harness.press("down")  # a key of its own still interrupts
    assert said[-1][1] is True
