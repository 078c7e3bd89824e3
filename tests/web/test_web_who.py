"""W on the browser page: who sits where and who is watching, by keys alone.

The page's card table takes the game's keys (as C, S and T); W, and its button
among the page's questions, are answered by the server in the page's language,
into the live region; F1's help names it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_web_browser import (
    board_is_focused,
    host_short_table_by_keys,
    open_page_by_keys,
    press,
    tab_to,
)
from web_helpers import chromium, heard, running_server, skip_without_browser, wait_for

pytestmark = pytest.mark.browser

_SEATS = re.compile(
    r"Seat 1: you\. Seat 2: \w+, computer\. Seat 3, your partner: \w+, computer\. "
    r"Seat 4: \w+, computer\. Watching: Dee\."
)


def test_w_on_the_page_says_who_sits_where_and_who_is_watching(
    tmp_path: Path,
) -> None:
    """Robin plays on the page; Dee sits down to watch; W (and the page's "Who
    is here" button) says the four seats and that Dee is watching."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        host_short_table_by_keys(driver, "Evening")
        wait_for(lambda: board_is_focused(driver), what="the table region's focus")
        dee = Connection(url.replace("http", "ws", 1), "Dee")
        dee.start()
        try:
            lobbies: list[p.Lobby] = []

            def listed() -> bool:
                lobbies.extend(m for m in dee.poll() if isinstance(m, p.Lobby))
                return bool(lobbies)

            wait_for(listed, what="Dee's lobby")
            dee.send(p.Spectate(table=lobbies[0].tables[0].id))

            def lines() -> list[str]:
                return [text for _kind, text in heard(driver)]

            wait_for(lambda: "Dee is watching." in lines(), what="Dee watching")
            before = len(lines())
            press(driver, "w")
            said = wait_for(
                lambda: [t for t in lines()[before:] if _SEATS.fullmatch(t)],
                what="W's answer",
            )
            # F1: the table's keys, from the game's key map, W among them.
            press(driver, "\ue031")
            wait_for(
                lambda: (
                    "W: who sits in each seat, and who is watching online." in lines()
                ),
                what="W in F1's help",
            )
            # The page's own button asks the same.
            press(driver, Keys.ESCAPE)
            tab_to(driver, '#questions [data-key="w"]')
            assert driver.execute_script(
                "return document.activeElement.textContent"
            ) == ("Who is here")
            before = len(lines())
            press(driver, Keys.ENTER)
            again = wait_for(
                lambda: [t for t in lines()[before:] if _SEATS.fullmatch(t)],
                what="the button's answer",
            )
            assert again == said
        finally:
            dee.close()
