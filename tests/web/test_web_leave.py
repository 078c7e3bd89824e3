"""Leaving a table from the page, by keys: from the waiting room, and from a game
under way (after the page's question). The page goes back to the lobby, says so,
and puts the focus on the lobby's heading; before, it stayed on the table in
silence, answering every key with "You are not at a table"."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_web_browser import (
    _visible,
    create_table_by_keys,
    host_short_table,
    open_page,
    press,
    tab_to,
    wait_for_element,
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

LEFT = "You left the table."


def _back_in_the_lobby(driver: object, times: int) -> None:
    wait_for(lambda: _visible(driver, "lobby"), what="the lobby")
    wait_for(
        lambda: [text for _kind, text in heard(driver)].count(LEFT) == times,
        what="the page to say the table was left",
    )
    focused = focused_id(driver)
    assert focused == "lobby-heading"


def test_the_page_leaves_a_table_by_keys(tmp_path: Path) -> None:
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page(driver, url, "Robin")
        # From the waiting room: no question, as nothing is lost.
        create_table_by_keys(driver, "Brief")
        tab_to(driver, "#waiting .leave")
        press(driver, Keys.ENTER)
        _back_in_the_lobby(driver, 1)
        # From a game under way: the page asks first; OK leaves.
        host_short_table(driver, "Longer")
        wait_for(lambda: _visible(driver, "table"), what="the card table")
        press(driver, Keys.ESCAPE)  # out of the card table, to the page's buttons
        tab_to(driver, "#table .leave")
        press(driver, Keys.ENTER)
        alert = WebDriverWait(driver, 10).until(lambda d: d.switch_to.alert)
        alert.accept()
        _back_in_the_lobby(driver, 2)
        # A spectator gives up no seat: leaving asks nothing.
        ann = Connection(url.replace("http", "ws", 1), "Ann")
        ann.start()
        try:
            ann.send(p.CreateTable(name="Watched", rules={"preset": "pagat"}))
            for seat, who in ((1, "milly"), (2, "bert"), (3, "hazel")):
                ann.send(p.AddBot(seat=seat, character=who))
            ann.send(p.StartGame())
            # The page in the lobby hears the new table open.
            wait_for(
                lambda: ("polite", "New table: Watched.") in heard(driver),
                what="the new table told",
            )
            watch = "#tables button[id^=watch-]"
            wait_for_element(driver, watch, "Ann's table in the lobby")
            tab_to(driver, watch)
            press(driver, Keys.ENTER)  # the chairs to watch from: Ann's first
            wait_for(lambda: focused_id(driver).startswith("chair-"), what="the chairs")
            press(driver, Keys.ENTER)
            wait_for(lambda: _visible(driver, "table"), what="the watched table")
            # A spectator holds no hand: no "Your hand" over an empty list, no
            # "Read my hand" (before, both were shown).
            for hidden in ("hand-heading", "hand", "read-hand"):
                assert not _visible(driver, hidden), hidden
            press(driver, Keys.ESCAPE)
            tab_to(driver, "#table .leave")
            press(driver, Keys.ENTER)
            _back_in_the_lobby(driver, 3)
        finally:
            ann.close()
