"""Where the page's focus goes, and what its live regions keep, as a blind player
meets them: the focus never falls to the page's body when the control it was on
is drawn away, a line being typed keeps it when the game starts, a long answer
(F1's help) reaches the screen reader whole, and a card that cannot be played
says so."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import (
    _by_id,
    _visible,
    board_is_focused,
    create_table_by_keys,
    host_short_table_by_keys,
    is_playing,
    my_turn,
    open_page,
    open_page_by_keys,
    press,
    robin_in_anns_waiting_room,
    tab_to,
)
from web_helpers import (
    chromium,
    focused_id,
    heard,
    running_server,
    skip_without_browser,
    wait_for,
)

pytestmark = pytest.mark.browser


def test_the_focus_follows_what_the_page_redraws(tmp_path: Path) -> None:
    skip_without_browser()
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page(driver, url, "Robin")
        # A table with no name (spaces): said, not silently ignored.
        _by_id(driver, "table-name").send_keys("   ")
        tab_to(driver, "#create-form [type=submit]")
        press(driver, Keys.ENTER)
        wait_for(
            lambda: ("assertive", "Type a name first.") in heard(driver),
            what="the page to ask for a name",
        )
        _by_id(driver, "table-name").clear()
        create_table_by_keys(driver, "Focus")
        # Add a computer player by keys: the seat's Add becomes Remove, which
        # gets the focus (before: the page's body, and Tab from the top).
        tab_to(driver, "#add-1")
        press(driver, Keys.ENTER)
        wait_for(lambda: focused_id(driver) == "remove-1", what="Remove to be focused")
        # The character now seated (the list's first) is not offered again.
        offered = (
            "return document.querySelectorAll('#seats option[value=milly]').length"
        )
        assert driver.execute_script(offered) == 0
        press(driver, Keys.ENTER)
        wait_for(lambda: focused_id(driver) == "add-1", what="Add to be focused")
        # Seat three computer players and start: the card table takes the focus.
        press(driver, Keys.ESCAPE)
        host_short_table_here(driver)
        assert focused_id(driver) == "board"
        # F1: every line of the help reaches the live region, not the last eight
        # (the recorder hears each line as it is added; the region itself shows
        # that none was taken out again at once: lines go once 20 s old).
        page_keys = (
            "O: sound cues on or off. Escape: back to the page's buttons, and from "
            "them back to the card table."
        )
        press(driver, Keys.F1)
        wait_for(
            lambda: ("polite", page_keys) in heard(driver), what="the help's last line"
        )
        shown = driver.execute_script(
            "return document.querySelectorAll('#polite p').length"
        )
        lines = [text for _kind, text in heard(driver)]
        intro = lines.index("Keys at the card table:")
        help_lines = lines[intro + 1 : lines.index(page_keys)]
        assert len(help_lines) > 20 and shown >= len(help_lines) + 2
        # Not the game's Escape (no, menu) nor its undo: the page has neither.
        assert not [t for t in help_lines if t.startswith(("Escape", "Control+Z"))]
        # A key of the game's own window (speech faster) is answered, not ignored.
        before = len(heard(driver))
        ActionChains(driver).key_down(Keys.CONTROL).send_keys(Keys.ARROW_UP).key_up(
            Keys.CONTROL
        ).perform()
        wait_for(
            lambda: any("does nothing here" in t for _k, t in heard(driver)[before:]),
            what="an answer to Control+Up",
        )
        # Bid 3 when asked, then play a card from the hand's buttons: the next card
        # takes the focus.
        wait_for(lambda: my_turn(driver), what="my turn to bid")
        press(driver, "3", Keys.ENTER)
        wait_for(lambda: my_turn(driver) and is_playing(driver), what="my turn to play")
        unplayable = driver.execute_script(
            "return [...document.querySelectorAll('#hand button.dim')]"
            ".map(b => b.getAttribute('aria-disabled'))"
        )
        assert all(flag == "true" for flag in unplayable)
        press(driver, Keys.ESCAPE)  # to the page's buttons; the hand is before them
        for _ in range(40):
            if driver.execute_script(
                "return !!document.activeElement?.matches('#hand button:not(.dim)')"
            ):
                break
            ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(
                Keys.SHIFT
            ).perform()
        played = focused_id(driver)
        assert played.startswith("card-"), played
        press(driver, Keys.ENTER)
        wait_for(
            lambda: driver.execute_script(
                "return !document.getElementById(arguments[0])", played
            ),
            what="the card to leave the hand",
        )
        wait_for(
            lambda: focused_id(driver).startswith("card-"), what="the next card focused"
        )


def test_escape_goes_back_to_the_card_table_from_its_buttons_and_hand(
    tmp_path: Path,
) -> None:
    """The card table's Escape goes to the page's buttons; Escape there, or on a
    card of the hand (Shift+Tab from the buttons), goes back to the card table,
    whose keys answer again. Before, Escape off the card table was silent and
    the focus stayed: the way back from Scores was Shift+Tab across every card
    of the hand."""
    skip_without_browser()
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    turn = ("polite", "Your turn to bid.")
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        host_short_table_by_keys(driver, "Evening")
        wait_for(lambda: board_is_focused(driver), what="the card table's focus")
        wait_for(lambda: my_turn(driver), what="my turn to bid")
        press(driver, Keys.ESCAPE)
        wait_for(
            lambda: driver.execute_script(
                "return document.activeElement.dataset.key === 's'"
            ),
            what="the Scores button",
        )
        press(driver, Keys.ESCAPE)
        wait_for(lambda: board_is_focused(driver), what="back on the card table")
        press(driver, "t")
        wait_for(lambda: heard(driver).count(turn) == 1, what="T on the card table")
        press(driver, Keys.ESCAPE)
        ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(
            Keys.SHIFT
        ).perform()
        wait_for(
            lambda: focused_id(driver).startswith("card-"), what="a card of the hand"
        )
        press(driver, Keys.ESCAPE)
        wait_for(lambda: board_is_focused(driver), what="back from the hand")
        press(driver, "t")
        wait_for(lambda: heard(driver).count(turn) == 2, what="T again")


def host_short_table_here(driver: Any) -> None:
    """Fill the waiting room's seats with computer players and start, by clicks
    (the keys for this part are tested elsewhere)."""
    from selenium.webdriver.common.by import By

    while True:
        buttons = driver.find_elements(By.CSS_SELECTOR, "#seats button[id^=add-]")
        if not buttons:
            break
        count = len(buttons)
        buttons[0].click()
        wait_for(
            lambda count=count: (
                len(driver.find_elements(By.CSS_SELECTOR, "#seats button[id^=add-]"))
                < count
            ),
            what="a computer seated",
        )
    _by_id(driver, "start").click()
    wait_for(lambda: _visible(driver, "table"), what="the table")


@contextlib.contextmanager
def robin_at_anns_table(tmp_path: Path) -> Iterator[tuple[str, Any, Any]]:
    """A server, Robin's page in it, Ann (a game client) hosting a one-hand table
    with two computers and Robin's page seated there by keys, in the waiting
    room: the server's address, the page's browser and Ann's connection."""
    from audiospades.net.client import Connection

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        ann = Connection(url.replace("http", "ws", 1), "Ann")
        ann.start()
        try:
            rules = {"preset": "pagat", "hand_limit": 1}
            robin_in_anns_waiting_room(driver, url, ann, rules, open_page)
            yield url, driver, ann
        finally:
            ann.close()


def test_a_chat_line_being_typed_keeps_the_focus_when_the_game_starts(
    tmp_path: Path,
) -> None:
    """Robin sits at Ann's table and types in the chat line; Ann starts the game.
    The page announces it, but the focus stays in the chat line: before, it went
    to the card table and the rest of the sentence became game keys."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p

    with robin_at_anns_table(tmp_path) as (_url, driver, ann):
        tab_to(driver, "#chat")
        press(driver, "hello there")
        ann.send(p.StartGame())
        wait_for(lambda: _visible(driver, "table"), what="the game to start")
        assert focused_id(driver) == "chat"
        press(driver, " all")
        assert _by_id(driver, "chat").get_attribute("value") == "hello there all"
        press(driver, Keys.ESCAPE)  # out of the chat line, to the card table
        assert focused_id(driver) == "board"


def test_an_empty_chat_line_gives_the_focus_to_the_cards_when_the_game_starts(
    tmp_path: Path,
) -> None:
    """Robin says hello in the waiting room (the line sent, the field empty, the
    focus still there) and Ann starts the game: the focus goes to the card table,
    where Robin's 3 and Enter bid. Before, it stayed in the empty chat line, and
    the bid went to the table as a chat line, "Robin: 3"."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p

    with robin_at_anns_table(tmp_path) as (_url, driver, ann):
        tab_to(driver, "#chat")
        press(driver, "hello all")
        press(driver, Keys.ENTER)
        wait_for(
            lambda: ("polite", "Robin: hello all") in heard(driver),
            what="the line sent",
        )
        assert focused_id(driver) == "chat"
        assert _by_id(driver, "chat").get_attribute("value") == ""
        ann.send(p.StartGame())
        wait_for(lambda: _visible(driver, "table"), what="the game to start")
        wait_for(lambda: board_is_focused(driver), what="the card table focused")


def test_the_lobbys_focused_row_stays_put_and_follows_a_closing_table(
    tmp_path: Path,
) -> None:
    """Robin's focus is on Alpha's Join in the lobby. Beta filling a seat and
    Alpha itself changing leave the focus on that very button (before, every
    change drew the list afresh and focused a new button, which a screen reader
    read out again). Beta, full, is offered to watch only. When Alpha closes, the
    focus goes to the row now in its place, Beta's, on Watch since Beta is full
    (before, to the lobby's heading)."""
    skip_without_browser()
    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    rows = "return [...document.querySelectorAll('#tables li')]"
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        ann = Connection(url.replace("http", "ws", 1), "Ann")
        bob = Connection(url.replace("http", "ws", 1), "Bob")
        for host, name in ((ann, "Alpha"), (bob, "Beta")):
            host.start()
            host.send(p.CreateTable(name=name, rules={"preset": "pagat"}))
        try:
            open_page(driver, url, "Robin")
            wait_for(lambda: len(driver.execute_script(rows)) == 2, what="two tables")
            ids = dict(
                driver.execute_script(
                    rows + ".map((r) => [r.textContent.split(',')[0],"
                    " r.querySelector('button').id.slice('join-'.length)])"
                )
            )
            alpha, beta = ids["Alpha"], ids["Beta"]
            tab_to(driver, f"#join-{alpha}")
            on_alpha = driver.switch_to.active_element
            driver.execute_script(
                "window.focusMoves = 0;"
                "document.addEventListener('focusin', () => window.focusMoves++);"
            )

            def row(name: str) -> str:
                return str(
                    driver.execute_script(
                        rows + ".map((r) => r.textContent)"
                        f".find((t) => t.startsWith('{name},'))"
                    )
                )

            bob.send(p.AddBot(seat=1, character="milly"))
            wait_for(lambda: "Milly" in row("Beta"), what="Beta")
            ann.send(p.AddBot(seat=2, character="bert"))
            wait_for(lambda: "Bert" in row("Alpha"), what="Alpha")
            assert driver.switch_to.active_element == on_alpha
            assert driver.execute_script("return window.focusMoves") == 0
            label = on_alpha.get_attribute("aria-label")
            assert "Alpha" in label and "Bert" in label
            # Beta fills up: its Join goes (the game offers a full table to watch
            # only); Alpha's focused Join stays.
            for seat, character in ((2, "bert"), (3, "poppy")):
                bob.send(p.AddBot(seat=seat, character=character))
            wait_for(
                lambda: not _visible(driver, f"join-{beta}"), what="Beta's Join to go"
            )
            assert driver.switch_to.active_element == on_alpha
            # Alpha fills up under the focus: it moves to Alpha's Watch.
            for seat, character in ((1, "hazel"), (3, "omar")):
                ann.send(p.AddBot(seat=seat, character=character))
            wait_for(
                lambda: focused_id(driver) == f"watch-{alpha}", what="Alpha's Watch"
            )
            ann.send(p.Leave())  # Alpha, with nobody left, closes
            wait_for(
                lambda: ("polite", "Alpha has closed.") in heard(driver),
                what="Alpha's closing",
            )
            wait_for(lambda: focused_id(driver) == f"watch-{beta}", what="Beta's Watch")
        finally:
            ann.close()
            bob.close()


def test_a_chat_line_just_opened_keeps_the_focus_when_the_game_starts(
    tmp_path: Path,
) -> None:
    """Robin opens the chat line with the apostrophe, and Ann starts the game
    before he types: the focus stays in the line, so that what he types next is
    his chat, not game keys (review: an empty field lost the focus too)."""
    skip_without_browser()
    from audiospades.net import protocol as p

    with robin_at_anns_table(tmp_path) as (_url, driver, ann):
        press(driver, "'")
        wait_for(lambda: focused_id(driver) == "chat", what="the chat line")
        ann.send(p.StartGame())
        wait_for(lambda: _visible(driver, "table"), what="the game to start")
        assert focused_id(driver) == "chat"
        press(driver, "3")
        assert _by_id(driver, "chat").get_attribute("value") == "3"
