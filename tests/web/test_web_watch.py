"""Watching from a chosen chair, and the picture's mark on a trick's winner, by
keys alone in the browser.

Before: the page's Watch always watched from seat 1 (the protocol's ``chair``
was never sent), and its picture of a finished trick did not show which card won
it, as the game's picture does with a frame.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import (
    _visible,
    host_short_table_by_keys,
    is_over,
    open_page_by_keys,
    play_to_the_end,
    press,
    screenshot,
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

_TEXTS = "return [...document.querySelectorAll(arguments[0])].map((e) => e.textContent)"


def _texts(driver: Any, selector: str) -> list[str]:
    return [str(text) for text in driver.execute_script(_TEXTS, selector)]


@contextlib.contextmanager
def _chairs_of_anns_game(tmp_path: Path) -> Iterator[tuple[Any, str]]:
    """Ann's one-hand game with three computer players under way; Robin, by keys
    alone, presses Watch on it: yields the browser, its chairs offered (the first
    focused), and the table's id."""
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        ann = Connection(url.replace("http", "ws", 1), "Ann")
        ann.start()
        try:
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            ann.send(p.CreateTable(name="Alpha", rules=rules))
            for seat, character in enumerate(("milly", "bert", "poppy"), start=1):
                ann.send(p.AddBot(seat=seat, character=character))
            ann.send(p.StartGame())
            open_page_by_keys(driver, url, "Robin")
            wait_for(
                lambda: any("game under way" in t for t in _texts(driver, "#tables")),
                what="Ann's game under way",
            )
            table = driver.execute_script(
                "return document.querySelector('#tables li').dataset.id"
            )
            tab_to(driver, f"#watch-{table}")
            press(driver, Keys.ENTER)
            wait_for(lambda: focused_id(driver) == f"chair-{table}-0", what="seat 1")
            yield driver, table
        finally:
            ann.close()


def test_a_spectator_chooses_the_chair_to_watch_from_by_keys(tmp_path: Path) -> None:
    """Watch opens every seat to watch from, in the game's words; Escape backs
    out to Watch; the third chair shows the table from Bert's place."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with _chairs_of_anns_game(tmp_path) as (driver, table):
        assert _texts(driver, f"#chairs-{table} button") == [
            "Watch from seat 1, Ann",
            "Watch from seat 2, Milly",
            "Watch from seat 3, Bert",
            "Watch from seat 4, Poppy",
            "Cancel",
        ]
        press(driver, Keys.ESCAPE)
        assert focused_id(driver) == f"watch-{table}"
        assert not _visible(driver, f"chairs-{table}")
        press(driver, Keys.ENTER)
        wait_for(lambda: focused_id(driver) == f"chair-{table}-0", what="seat 1")
        press(driver, Keys.TAB, Keys.TAB)
        assert focused_id(driver) == f"chair-{table}-2"
        press(driver, Keys.ENTER)
        wait_for(lambda: _visible(driver, "table"), what="the table")
        # Seat 3's point of view: Bert's place is the viewer's, nearest the
        # (hidden) hand; Ann sits across.
        wait_for_element(driver, '#places .place[data-seat="0"]', "the places")
        mine = '#places .place[data-seat="0"] .who'
        wait_for(
            lambda: _texts(driver, mine)[0].startswith("Bert"), what="Bert's chair"
        )
        across = _texts(driver, '#places .place[data-seat="2"] .who')[0]
        assert across.startswith("Ann"), across
        watching = "You are watching table Alpha from the chair of Bert."
        wait_for(lambda: watching in [t for _k, t in heard(driver)], what="whose chair")


_PLACES = """
window.__places = [];
new MutationObserver(() => {
  window.__places.push([...document.querySelectorAll('#places .card')].map((c) => [
    c.closest('.place').dataset.seat, c.classList.contains('won'),
    c.dataset.won || '', c.getAttribute('aria-label')]));
}).observe(document.getElementById('places'), { childList: true });
"""
"""Records each picture of the cards on the table as the page draws it: each
card's place, its winner mark (class and attribute) and its accessible name."""


def test_the_card_that_won_the_trick_is_framed_and_named(tmp_path: Path) -> None:
    """A one-hand game played by keys: the finished trick still on the table
    has one card marked as its winner (a frame, and "won the trick" in its name),
    the card the game names as the winner; a trick under way has none."""
    skip_without_browser()
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        host_short_table_by_keys(driver, "Tricks")
        driver.execute_script(_PLACES)
        play_to_the_end(driver)
        wait_for(lambda: is_over(driver), what="the end")
        # The game's end leaves the last trick on the table: its winner marked.
        cards = driver.execute_script(
            "return [...document.querySelectorAll('#places .card')].map((c) => ["
            "c.closest('.place').dataset.seat, c.closest('.place').className,"
            "c.className, c.dataset.won || '', c.getAttribute('aria-label'),"
            "c.closest('.place').querySelector('.who').textContent])"
        )
        screenshot(driver, "trick-won")
        recorded = driver.execute_script("return window.__places")
        lines = [text for _kind, text in heard(driver)]
    assert len(cards) == 4, cards
    won = [card for card in cards if "won" in card[2].split()]
    assert len(won) == 1, cards
    _seat, place_class, _class, data_won, label, who = won[0]
    assert data_won == "true" and "won" in place_class.split()
    last = [t for t in lines if re.search(r" wins? the trick with the ", t)][-1]
    winner, card = re.fullmatch(r"(.+?) wins? the trick with the (.+)\.", last).groups()  # type: ignore[union-attr]
    assert label == f"{card}, won the trick"
    assert who.startswith(winner)
    for other in cards:
        if other is not won[0]:
            assert "won" not in other[1].split() and "won" not in other[2].split()
            assert other[3] == "" and "won" not in other[4]
    # Every picture drawn: a complete trick has its one winner, one under way none.
    assert recorded
    for picture in recorded:
        marked = [card for card in picture if card[1]]
        assert all(card[1] == (card[2] == "true") for card in picture), picture
        assert all(card[1] == card[3].endswith(", won the trick") for card in picture)
        assert len(marked) == (1 if len(picture) == 4 else 0), picture


def test_the_player_on_the_page_hears_who_comes_to_watch_and_who_stops(
    tmp_path: Path,
) -> None:
    """Robin plays on the page; Dee sits down to watch, then leaves: the page's
    messages say so (before, nothing: Dee's chat would have come from someone
    Robin did not know was listening)."""
    skip_without_browser()
    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        host_short_table_by_keys(driver, "Evening")
        dee = Connection(url.replace("http", "ws", 1), "Dee")
        dee.start()
        try:
            lobbies: list[p.Lobby] = []

            def listed() -> bool:
                lobbies.extend(m for m in dee.poll() if isinstance(m, p.Lobby))
                return bool(lobbies)

            wait_for(listed, what="Dee's lobby")  # Robin's table, under way
            dee.send(p.Spectate(table=lobbies[0].tables[0].id))

            def said(line: str) -> bool:
                return line in [text for _kind, text in heard(driver)]

            wait_for(lambda: said("Dee is watching."), what="Dee watching")
            dee.send(p.Leave())
            wait_for(lambda: said("Dee stopped watching."), what="Dee gone")
        finally:
            dee.close()


def test_tab_takes_a_spectator_from_the_card_table_to_the_buttons(
    tmp_path: Path,
) -> None:
    """A spectator holds no cards, so Tab at the card table is not "the next card
    you may play": it goes on to the page's buttons, and Shift+Tab comes back.
    Before, both only said "You are watching: only the players can do that." and
    the focus stayed: Escape was the only way out."""
    skip_without_browser()
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    with _chairs_of_anns_game(tmp_path) as (driver, _table):
        press(driver, Keys.ENTER)
        wait_for(lambda: focused_id(driver) == "board", what="the card table")
        press(driver, Keys.TAB)
        after_tab = focused_id(driver)
        first = driver.execute_script("return document.activeElement.dataset.key || ''")
        shift_tab = ActionChains(driver).key_down(Keys.SHIFT)
        shift_tab.send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        back = focused_id(driver)
        lines = [text for _kind, text in heard(driver)]
    assert after_tab != "board"
    assert first == "s"  # the Scores button, the first of the table's buttons
    assert back == "board"
    assert "You are watching: only the players can do that." not in lines


def test_watching_a_table_before_its_game_names_the_chair(tmp_path: Path) -> None:
    """Robin watches Ann's table from Milly's chair before the game starts: the
    page says the table and the chair, once, as the game's waiting room does.
    Before, it said only "You are watching table Alpha." and no chair."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        ann = Connection(url.replace("http", "ws", 1), "Ann")
        ann.start()
        try:
            ann.send(p.CreateTable(name="Alpha", rules={"preset": "pagat"}))
            ann.send(p.AddBot(seat=1, character="milly"))
            open_page_by_keys(driver, url, "Robin")
            wait_for(
                lambda: any("Milly" in t for t in _texts(driver, "#tables")),
                what="Ann's table with Milly",
            )
            table = driver.execute_script(
                "return document.querySelector('#tables li').dataset.id"
            )
            tab_to(driver, f"#watch-{table}")
            press(driver, Keys.ENTER)
            wait_for(lambda: focused_id(driver) == f"chair-{table}-0", what="seat 1")
            press(driver, Keys.TAB)
            assert focused_id(driver) == f"chair-{table}-1"
            press(driver, Keys.ENTER)
            wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")
            watching = "You are watching table Alpha from the chair of Milly."
            wait_for(
                lambda: any(watching in t for _k, t in heard(driver)),
                what="whose chair",
            )
            lines = [t for _k, t in heard(driver) if "You are watching" in t]
        finally:
            ann.close()
    assert len(lines) == 1, lines
    # The game's arrival: the room's title with the rules, then whose chair.
    rules = "4 players in partnerships, to 500 points, pagat's rules"
    assert lines[0] == f"Waiting for the game: {rules}. {watching}", lines
