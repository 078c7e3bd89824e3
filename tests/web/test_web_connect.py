"""Connecting from the page's first form, as a screen-reader user does it.

Enter on the name, and nothing is heard for a moment: Enter again. Before, each
press opened a connection of its own: the first connection's hello went down the
second (which the server refused, as said twice), and the first stayed open,
unheard but not closed, beside the page's own. Now the second press only says
again that the page is connecting.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_web_browser import (
    _by_id,
    _visible,
    open_join_form,
    open_page_by_keys,
    press,
    tab_to,
)
from web_helpers import (
    RECORDER,
    chromium,
    focused_id,
    heard,
    running_server,
    skip_without_browser,
    wait_for,
)

pytestmark = pytest.mark.browser

COUNT_SOCKETS = """
window.__sockets = 0;
let releaseOpen;
const opened = new Promise((resolve) => { releaseOpen = resolve; });
window.__releaseOpen = () => releaseOpen();
class CountedWebSocket extends window.WebSocket {
  constructor(...args) {
    super(...args);
    window.__sockets += 1;
  }
  addEventListener(type, handler, ...rest) {
    // The page hears its connection open only once the test says so.
    const heard = type === "open" ? (event) => opened.then(() => handler(event))
      : handler;
    super.addEventListener(type, heard, ...rest);
  }
}
window.WebSocket = CountedWebSocket;
"""
"""Counts the connections the page opens, and holds back their "open" until
``window.__releaseOpen()``: what the page does before it is greeted is tested
whatever the machine's speed."""


def test_enter_twice_on_the_name_connects_once(tmp_path: Path) -> None:
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_join_form(driver, url, RECORDER + COUNT_SOCKETS)
        tab_to(driver, "#name")
        # Both presses land before the page hears its connection open (before,
        # on a busy machine the lobby came first, and the second Enter went
        # elsewhere).
        press(driver, "Robin", Keys.ENTER, Keys.ENTER)
        wait_for(lambda: len(heard(driver)) >= 2, what="both presses answered")
        driver.execute_script("window.__releaseOpen()")
        wait_for(lambda: _visible(driver, "lobby"), what="the lobby")
        wait_for(
            lambda: ("polite", "No table is open yet: create one.") in heard(driver),
            what="the lobby's first line",
        )
        sockets = driver.execute_script("return window.__sockets")
        lines = [text for _kind, text in heard(driver)]
    assert sockets == 1
    # Each press answered, once.
    assert lines == ["Connecting…", "Connecting…", "No table is open yet: create one."]


def test_enter_on_the_lobby_s_heading_is_answered(tmp_path: Path) -> None:
    """The page puts the focus on the lobby's heading; a second Enter on Connect
    lands there. Before, it was met with silence."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_join_form(driver, url)
        tab_to(driver, "#name")
        press(driver, "Robin", Keys.ENTER)
        wait_for(lambda: focused_id(driver) == "lobby-heading", what="the lobby")
        before = len(heard(driver))
        press(driver, Keys.ENTER)
        wait_for(lambda: len(heard(driver)) > before, what="an answer to Enter")
        assert heard(driver)[before:] == [
            ("assertive", "Tables: Tab moves through what is here.")
        ]
        assert focused_id(driver) == "lobby-heading"


def test_an_empty_or_bad_field_is_answered_in_the_page_s_voice(tmp_path: Path) -> None:
    """Enter on a form with its field empty, or a code that cannot be one: the page
    says what is wanted (assertive, kept in the messages) and the focus is in the
    field to type it. Before, the browser's own check stopped the form first: its
    bubble spoke, if anything, and the live regions and the messages said nothing."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    name_needed = ("assertive", "Type a name first.")
    bad_code = ("assertive", "A table code is made of letters and digits.")
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_join_form(driver, url)
        tab_to(driver, "#connect")
        press(driver, Keys.ENTER)
        wait_for(lambda: name_needed in heard(driver), what="the name wanted")
        assert focused_id(driver) == "name"
        press(driver, "Robin", Keys.ENTER)
        wait_for(lambda: _visible(driver, "lobby"), what="the lobby")
        tab_to(driver, "#create-form [type=submit]")
        press(driver, Keys.ENTER)
        wait_for(lambda: name_needed in heard(driver), what="the table's name wanted")
        assert focused_id(driver) == "table-name"
        tab_to(driver, "#table-code")
        press(driver, "YA8-VLB", Keys.ENTER)
        wait_for(lambda: bad_code in heard(driver), what="the code refused")
        assert focused_id(driver) == "table-code"
        history = driver.execute_script(
            "return [...document.querySelectorAll('#history li')]"
            ".map((item) => item.textContent)"
        )
    assert history.count(name_needed[1]) == 2
    assert history.count(bad_code[1]) == 1


def test_a_refused_name_can_be_corrected_and_connect_pressed_again(
    tmp_path: Path,
) -> None:
    """A name the server refuses (a no-break space in it): the page says why; the
    player corrects it and presses Connect again, and gets in. Before, the
    refused connection stayed open and every Connect said "Connecting…"."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_join_form(driver, url)
        tab_to(driver, "#name")
        press(driver, "Ann\u00a0B", Keys.ENTER)
        wait_for(
            lambda: any(kind == "assertive" for kind, _ in heard(driver)),
            what="the refusal",
        )
        assert not _visible(driver, "lobby")
        name = _by_id(driver, "name")
        name.clear()
        tab_to(driver, "#name")
        press(driver, "Ann", Keys.ENTER)
        wait_for(lambda: _visible(driver, "lobby"), what="the lobby")


UNPRINTABLE = (
    "The server cannot take what you typed: it has a special space or an "
    "invisible character in it. Type it again without them."
)


@pytest.mark.parametrize("odd", ["\u202e", "\u00a0"], ids=["rtl-override", "nbsp"])
def test_a_refused_name_is_said_in_the_page_s_words_and_focused(
    tmp_path: Path, odd: str
) -> None:
    """Connect pressed on a name with a right-to-left override or a no-break space
    in it: the page says, in its own words, why the server refused it, and the
    focus goes to the name to correct it. Before, the page read out the server's
    English account for its log ("name must be printable text", in every
    language), and the focus stayed on Connect."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_join_form(driver, url)
        tab_to(driver, "#name")
        press(driver, f"Ann{odd}B")
        tab_to(driver, "#connect")
        press(driver, Keys.ENTER)
        wait_for(
            lambda: any(kind == "assertive" for kind, _ in heard(driver)),
            what="the refusal",
        )
        refusals = [text for kind, text in heard(driver) if kind == "assertive"]
        assert refusals == [UNPRINTABLE]
        assert focused_id(driver) == "name"


FIELD_FULL = "This field is full: nothing more can be typed in it."


def test_a_key_typed_into_a_full_field_is_answered(tmp_path: Path) -> None:
    """A name typed longer than the server takes (24 characters): each key past
    the 24th is answered that the field is full, and no key before it is.
    Before, the browser dropped those keys without a sound, and a player heard
    nothing of the end of the name being lost."""
    skip_without_browser()

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_join_form(driver, url)
        tab_to(driver, "#name")
        press(driver, "Bartholomew Fitzwilliams")  # 24 characters: it fits
        assert _by_id(driver, "name").get_attribute("value").endswith("Fitzwilliams")
        press(driver, "-Ng")
        wait_for(
            lambda: [line for line in heard(driver) if line[1] == FIELD_FULL],
            what="the full field",
        )
        # Each key answered (assertive: the key did nothing), and kept in the
        # messages (once a burst).
        wait_for(lambda: len(heard(driver)) == 3, what="three answers")
        assert heard(driver) == [("assertive", FIELD_FULL)] * 3
        history = driver.execute_script(
            "return [...document.querySelectorAll('#history li')]"
            ".map((item) => item.textContent)"
        )
        assert FIELD_FULL in history
        assert focused_id(driver) == "name"


def test_a_chat_line_or_table_name_the_server_refuses_is_answered_and_kept(
    tmp_path: Path,
) -> None:
    """A chat line with a no-break space in it (pasted text often has one), and a
    table's name with a zero-width space: the page says why the server cannot
    take them, before sending, and keeps each in its field with the focus. Before,
    the chat line was sent, refused ("The server refused a message from the
    game.") and erased; the table's name was refused the same way."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    refused = ("assertive", UNPRINTABLE)
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        press(driver, "'")  # the apostrophe opens the chat line
        wait_for(lambda: focused_id(driver) == "chat", what="the chat line")
        press(driver, "hi\u00a0all", Keys.ENTER)
        wait_for(lambda: refused in heard(driver), what="the chat line refused")
        assert focused_id(driver) == "chat"
        assert _by_id(driver, "chat").get_attribute("value") == "hi\u00a0all"
        tab_to(driver, "#table-name")
        press(driver, "Den\u200b", Keys.ENTER)
        wait_for(lambda: heard(driver).count(refused) == 2, what="the name refused")
        assert focused_id(driver) == "table-name"
        assert _visible(driver, "lobby")
        lines = [text for _kind, text in heard(driver)]
    assert "The server refused a message from the game." not in lines
