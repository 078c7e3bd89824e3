"""A spectator takes, on the page, a seat freed during the game: keys alone.

Bob leaves table Alpha's game under way; a computer plays his seat. Robin,
watching on the page from Bob's chair, hears how to take it, finds it in F1,
presses Escape (the seat's button comes first), then Enter: the page is a
player's, the focus on the card table, the hand shown and said, and Robin plays
the seat to the end. Before, the page offered a spectator no seat at all (only
the lobby did), and the server refused it ("The game has started").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_browser import (
    _visible,
    is_over,
    open_page_by_keys,
    play_to_the_end,
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

TAKE = "To take the seat: Escape, then Sit in seat 2."


def _said(driver: Any) -> list[str]:
    return [text for _kind, text in heard(driver)]


def _text(driver: Any, selector: str) -> str:
    script = "return document.querySelector(arguments[0])?.textContent || ''"
    return str(driver.execute_script(script, selector))


def test_a_spectator_takes_a_freed_seat_by_keys_and_plays_it(tmp_path: Path) -> None:
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        ws = url.replace("http", "ws", 1)
        ann, bob = Connection(ws, "Ann"), Connection(ws, "Bob")
        ann.start()
        bob.start()
        try:
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            ann.send(p.CreateTable(name="Alpha", rules=rules))
            open_page_by_keys(driver, url, "Robin")
            wait_for_element(driver, "#tables li", "Ann's table")
            table = str(
                driver.execute_script(
                    "return document.querySelector('#tables li').dataset.id"
                )
            )
            bob.send(p.JoinSeat(table=table, seat=1))
            wait_for(lambda: "Bob" in _text(driver, "#tables li"), what="Bob seated")
            for seat, character in ((2, "milly"), (3, "bert")):
                ann.send(p.AddBot(seat=seat, character=character))
            ann.send(p.StartGame())
            wait_for(
                lambda: "game under way" in _text(driver, "#tables li"),
                what="the game under way",
            )
            # Watch, from seat 2: Bob's chair.
            tab_to(driver, f"#watch-{table}")
            press(driver, Keys.ENTER)
            wait_for(lambda: focused_id(driver) == f"chair-{table}-0", what="seat 1")
            press(driver, Keys.TAB, Keys.ENTER)
            wait_for(lambda: _visible(driver, "table"), what="the table")
            watching = "You are watching table Alpha from the chair of Bob."
            wait_for(lambda: watching in _said(driver), what="whose chair")
            assert not _visible(driver, "free-seats")

            bob.send(p.Leave())
            left = wait_for(
                lambda: next(
                    (t for t in _said(driver) if t.startswith("Bob left the table;")),
                    None,
                ),
                what="Bob leaving",
            )
            assert left.endswith("plays in their place. " + TAKE), left
            wait_for(lambda: _visible(driver, "free-seats"), what="the seat offered")
            # F1 on the card table lists it too.
            wait_for(lambda: focused_id(driver) == "board", what="the card table")
            press(driver, Keys.F1)
            help_line = (
                "Escape, then Sit in seat 2: take the seat a computer plays for "
                "someone who left."
            )
            wait_for(lambda: help_line in _said(driver), what="F1's line")
            # Escape: the seat's button first.
            press(driver, Keys.ESCAPE)
            assert focused_id(driver) == "take-1"
            assert _text(driver, "#take-1") == "Sit in seat 2, partner of Bert"
            press(driver, Keys.ENTER)
            sat = "You sit in seat 2 at table Alpha. Your partner is Bert."
            wait_for(lambda: sat in _said(driver), what="where Robin sits")
            # A player's page now: the focus on the card table, the hand shown
            # and said, no seat offered.
            wait_for(lambda: focused_id(driver) == "board", what="the card table")
            assert _visible(driver, "hand") and not _visible(driver, "free-seats")
            cards = "return document.querySelectorAll('#hand button').length"
            assert driver.execute_script(cards) == 13
            after = _said(driver)[_said(driver).index(sat) + 1 :]
            assert after[0].startswith("Hand 1. Your cards, 13: "), after
            # Ann leaves too: Robin plays on with three computer players.
            ann.send(p.Leave())
            play_to_the_end(driver)
            assert is_over(driver)
            said = _said(driver)
            mine = [t for t in said[said.index(sat) :] if t.startswith("You play the ")]
            assert len(mine) >= 13, mine
        finally:
            ann.close()
            bob.close()


def test_the_lobby_offers_a_freed_seat_by_its_number_and_partner(
    tmp_path: Path,
) -> None:
    """Bob leaves table Alpha's game under way; Robin, in the page's lobby,
    presses Join on its row: the seat is offered as the game's lobby offers it,
    "Sit in seat 2, partner of Bert", then Cancel, and Enter sits him there.
    Before, Join sat him down at once, without saying where or beside whom."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        ws = url.replace("http", "ws", 1)
        ann, bob = Connection(ws, "Ann"), Connection(ws, "Bob")
        ann.start()
        bob.start()
        try:
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            ann.send(p.CreateTable(name="Alpha", rules=rules))
            open_page_by_keys(driver, url, "Robin")
            wait_for_element(driver, "#tables li", "Ann's table")
            table = str(
                driver.execute_script(
                    "return document.querySelector('#tables li').dataset.id"
                )
            )
            bob.send(p.JoinSeat(table=table, seat=1))
            wait_for(lambda: "Bob" in _text(driver, "#tables li"), what="Bob seated")
            for seat, character in ((2, "milly"), (3, "bert")):
                ann.send(p.AddBot(seat=seat, character=character))
            ann.send(p.StartGame())
            wait_for(
                lambda: "game under way" in _text(driver, "#tables li"),
                what="the game under way",
            )
            bob.send(p.Leave())
            wait_for(
                lambda: "1 seat free" in _text(driver, "#tables li"),
                what="Bob's seat freed",
            )
            tab_to(driver, f"#join-{table}")
            press(driver, Keys.ENTER)
            wait_for(
                lambda: focused_id(driver) == f"sit-{table}-1", what="the seat offered"
            )
            assert _text(driver, f"#sit-{table}-1") == "Sit in seat 2, partner of Bert"
            group = f"#choice-{table} button"
            labels = driver.execute_script(
                "return [...document.querySelectorAll(arguments[0])]"
                ".map((b) => b.textContent)",
                group,
            )
            assert labels == ["Sit in seat 2, partner of Bert", "Cancel"], labels
            assert _visible(driver, f"watch-{table}")
            press(driver, Keys.ENTER)
            sat = "You sit in seat 2 at table Alpha. Your partner is Bert."
            wait_for(lambda: sat in _said(driver), what="where Robin sits")
            wait_for(lambda: _visible(driver, "table"), what="the table")
        finally:
            ann.close()
            bob.close()
