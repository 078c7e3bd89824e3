"""A private table from the page: its code is told to the host, a friend joins by it.

Two browsers: Robin creates a private table (not listed in the lobby) and hears its
code; Sam, who reads French, types the code, as spoken (spaced out), and sits at the
table: his page and everything the server words for him are in French.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import _visible, open_page, open_page_by_keys, press, tab_to
from test_web_watch import _texts
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

SHOWN = """
const pieces = [];
for (const element of document.body.querySelectorAll("*")) {
  if (!element.checkVisibility()) continue;
  if (!element.childElementCount) pieces.push(element.textContent);
  const label = element.getAttribute("aria-label");
  if (label) pieces.push(...label.split(": "));
}
return pieces.map((piece) => piece.trim()).filter((piece) => piece);
"""
"""The text of every element the page shows, and each part of each accessible name."""


def english_left(driver: Any) -> set[str]:
    """The page's English chrome words still shown on a page set to French."""
    from audiospades.net import web

    english = set(json.loads(web.chrome_json("en"))["words"].values())
    french = set(json.loads(web.chrome_json("fr"))["words"].values())
    return (english - french) & set(driver.execute_script(SHOWN))


def test_a_friend_joins_a_private_table_by_its_code(tmp_path: Path) -> None:
    skip_without_browser()
    from selenium.webdriver.support.select import Select

    with (
        running_server(tmp_path / "server.db") as url,
        chromium() as robin,
        chromium() as sam,
    ):
        open_page(robin, url, "Robin")
        sam.get(url)
        wait_for(lambda: sam.find_element("id", "connect").text == "Connect")
        Select(sam.find_element("id", "language")).select_by_value("fr")
        wait_for(
            lambda: sam.find_element("id", "connect").text == "Se connecter",
            what="the page's own words in French",
        )
        assert sam.execute_script("return document.documentElement.lang") == "fr"
        sam.execute_script(RECORDER)
        sam.find_element("id", "name").send_keys("Sam")
        sam.find_element("id", "connect").click()
        wait_for(lambda: sam.find_element("id", "lobby").is_displayed())
        assert english_left(sam) == set()
        robin.find_element("id", "table-name").send_keys("Secret")
        robin.find_element("id", "private").click()
        robin.find_element("id", "table-name").submit()

        def code_line() -> str | None:
            for _kind, text in heard(robin):
                found = re.search(r"its code is ([A-Z0-9 ]+)\.", text)
                if found:
                    return found.group(1)
            return None

        code = wait_for(code_line, what="the private table's code")
        # Not in the lobby's list.
        assert not sam.find_elements("css selector", "#tables button")
        sam.find_element("id", "table-code").send_keys(code)
        sam.find_element("id", "table-code").submit()
        # The table found: its free seats offered, the first taken.
        wait_for(
            lambda: sam.find_elements("css selector", "#found button[id^=join-]"),
            what="the table found",
        )
        sam.find_element("css selector", "#found button[id^=join-]").click()
        wait_for(
            lambda: sam.find_elements("css selector", "#found button[id^=sit-]"),
            what="its free seats",
        )
        sam.find_element("css selector", "#found button[id^=sit-]").click()
        wait_for(
            lambda: sam.find_element("id", "waiting").is_displayed(),
            what="Sam in the waiting room",
        )
        seats = sam.find_element("id", "seats").text
        assert english_left(sam) == set()
        assert "Place 2, vous : Sam" in seats, seats
        assert any(" Vous occupez la place 2 " in t for _k, t in heard(sam)), heard(sam)
        wait_for(
            lambda: any("Sam" in t and "seat 2" in t for _k, t in heard(robin)),
            what="Robin to hear Sam sit down",
        )


@contextlib.contextmanager
def _anns_private_table(
    tmp_path: Path, ann_out: list[Any] | None = None
) -> Iterator[tuple[Any, str, str]]:
    """Ann's private table, Milly in seat 2; Robin's page, by keys alone, types
    its code and presses Enter: yields the browser, the table's id and its code,
    once the table found has the focus on its Join. ``ann_out`` gets Ann's
    connection (to change the table meanwhile)."""
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        ann = Connection(url.replace("http", "ws", 1), "Ann")
        ann.start()
        if ann_out is not None:
            ann_out.append(ann)
        try:
            rules = {"preset": "pagat"}
            ann.send(p.CreateTable(name="Secret", rules=rules, private=True))
            snapshots: list[p.TableSnapshot] = []

            def snapshot() -> p.TableSnapshot | None:
                snapshots.extend(
                    m for m in ann.poll() if isinstance(m, p.TableSnapshot)
                )
                return snapshots[0] if snapshots else None

            table = wait_for(snapshot, what="Ann's private table")
            assert table.code is not None
            ann.send(p.AddBot(seat=1, character="milly"))
            open_page_by_keys(driver, url, "Robin")
            tab_to(driver, "#table-code")
            press(driver, " ".join(table.code.lower()), Keys.ENTER)
            wait_for(
                lambda: focused_id(driver) == f"join-{table.table.id}",
                what="the table found, its Join focused",
            )
            yield driver, table.table.id, table.code
        finally:
            ann.close()


def test_a_private_tables_code_offers_its_free_seats(tmp_path: Path) -> None:
    """Robin types the code of Ann's private table: its line is said, and Join
    offers each free seat as a listed table's does; he sits beside Ann, as her
    partner, in seat 3. Before, the code sat him in the first free seat."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with _anns_private_table(tmp_path) as (driver, table, _code):
        found = [t for _k, t in heard(driver) if t.startswith("Join this table.")]
        assert len(found) == 1 and "Secret" in found[0], found
        press(driver, Keys.ENTER)
        wait_for(lambda: focused_id(driver) == f"sit-{table}-2", what="seat 3")
        assert _texts(driver, f"#choice-{table} button") == [
            "Sit in seat 3, partner of Ann",
            "Sit in seat 4, partner of Milly",
            "Cancel",
        ]
        press(driver, Keys.ENTER)
        wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")
        wait_for(
            lambda: any(
                "You sit in seat 3 at table Secret." in t for _k, t in heard(driver)
            ),
            what="seat 3",
        )
        assert not _visible(driver, "found")


def test_a_private_tables_code_offers_every_chair_to_watch_from(
    tmp_path: Path,
) -> None:
    """Robin types the code of Ann's private table and watches from Milly's
    chair, as Watch offers at a listed table. Before, the page's code could only
    sit down."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with _anns_private_table(tmp_path) as (driver, table, _code):
        press(driver, Keys.TAB)
        assert focused_id(driver) == f"watch-{table}"
        press(driver, Keys.ENTER)
        wait_for(lambda: focused_id(driver) == f"chair-{table}-0", what="seat 1")
        assert _texts(driver, f"#chairs-{table} button") == [
            "Watch from seat 1, Ann",
            "Watch from seat 2, Milly",
            "Watch from seat 3",
            "Watch from seat 4",
            "Cancel",
        ]
        press(driver, Keys.TAB, Keys.ENTER)
        wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")
        watching = "You are watching table Secret from the chair of Milly."
        wait_for(
            lambda: any(watching in t for _k, t in heard(driver)),
            what="whose chair",
        )


def test_a_wrong_code_is_answered_and_takes_the_table_found_away(
    tmp_path: Path,
) -> None:
    """After Ann's table was found, a code no table has: the server's words say
    so, and Ann's table is no longer offered as the one the code found."""
    skip_without_browser()
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    with _anns_private_table(tmp_path) as (driver, _table, _code):
        tab_to(driver, "#table-code")
        select_all = ActionChains(driver).key_down(Keys.CONTROL).send_keys("a")
        select_all.key_up(Keys.CONTROL).perform()
        press(driver, "ZZZZZZ", Keys.ENTER)
        wrong = "There is no such table: it may have closed, or the code is wrong."
        wait_for(lambda: ("assertive", wrong) in heard(driver), what="no table")
        # The focus stays in the code field, for another code (the game's
        # lobby says its line, "Join a private table by its code").
        assert driver.switch_to.active_element.get_attribute("id") == "table-code"
        assert not _visible(driver, "found")
        assert not driver.find_elements("css selector", "#found button")


def test_the_table_found_follows_its_changes_and_goes_when_it_closes(
    tmp_path: Path,
) -> None:
    """Robin's page shows Ann's private table, found by its code, its seats
    open to choose from. Ann seats computer players and leaves: each change is
    said and the table redrawn in place, the focus kept with it (a seat taken
    from under it goes to Join, then Join gone to Watch); when the table
    closes, it is taken away and the focus is back in the code field. Before,
    the page kept offering seats long taken, at a table no longer there."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p

    held: list[Any] = []
    with _anns_private_table(tmp_path, held) as (driver, table, _code):
        ann = held[0]
        press(driver, Keys.ENTER)
        wait_for(lambda: focused_id(driver) == f"sit-{table}-2", what="seat 3")
        ann.send(p.AddBot(seat=3, character="bert"))
        wait_for(
            lambda: ("polite", "Secret now has 1 seat free.") in heard(driver),
            what="the seat taken told",
        )
        wait_for(lambda: focused_id(driver) == f"join-{table}", what="Join focused")
        assert len(driver.find_elements("css selector", "#found > *")) == 1
        ann.send(p.AddBot(seat=2, character="hazel"))
        wait_for(
            lambda: ("polite", "Secret is full.") in heard(driver),
            what="the table full told",
        )
        wait_for(lambda: focused_id(driver) == f"watch-{table}", what="Watch")
        ann.send(p.Leave())
        wait_for(
            lambda: ("polite", "Secret has closed.") in heard(driver),
            what="the table closed told",
        )
        wait_for(lambda: not _visible(driver, "found"), what="the table taken away")
        assert focused_id(driver) == "table-code"


def test_a_private_tables_code_stays_in_sight_in_the_pages_waiting_room(
    tmp_path: Path,
) -> None:
    """Robin creates a private table by keys: the code said on arriving stays
    shown under the waiting room's title, in the same sentence, after where one
    waits, and is the heading's description (read with it when the focus comes
    back to it); it stays there after a key. Before, the page said it once and
    never showed it. A listed table's line has no code."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        tab_to(driver, "#table-name")
        press(driver, "Secret")
        tab_to(driver, "#private")
        press(driver, Keys.SPACE)
        tab_to(driver, "#create-form [type=submit]")
        press(driver, Keys.ENTER)
        wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")

        def code_sentence() -> str | None:
            for _kind, text in heard(driver):
                found = re.search(r"Private table: its code is [A-Z0-9 ]+\.", text)
                if found:
                    return found.group(0)
            return None

        said = wait_for(code_sentence, what="the code said")
        about = driver.find_element("id", "waiting-about")
        wait_for(lambda: about.is_displayed(), what="the code shown")
        assert about.text.startswith("Waiting for the game at table Secret: ")
        assert about.text.endswith(f" {said}"), about.text
        shown = about.text
        heading = driver.find_element("id", "waiting-heading")
        press(driver, Keys.TAB)  # on to the seats: the code stays
        assert about.is_displayed() and about.text == shown
        # The heading's description, once the arrival is past.
        assert heading.get_attribute("aria-describedby") == "waiting-about"
        # Leave; a listed table's room shows no code.
        tab_to(driver, "#waiting .leave")
        press(driver, Keys.ENTER)
        wait_for(lambda: _visible(driver, "lobby"), what="the lobby")
        tab_to(driver, "#table-name")
        press(driver, "Open")  # the field emptied once the table was made
        if driver.find_element("id", "private").is_selected():
            tab_to(driver, "#private")
            press(driver, Keys.SPACE)
        tab_to(driver, "#create-form [type=submit]")
        press(driver, Keys.ENTER)
        wait_for(
            lambda: _visible(driver, "waiting") and "Open" in heading.text,
            what="the listed table's room",
        )
        wait_for(
            lambda: about.text.startswith("Waiting for the game at table Open: "),
            what="the listed table's line",
        )
        assert "Private table" not in about.text, about.text


def test_the_pages_waiting_room_says_at_which_table_and_under_which_rules(
    tmp_path: Path,
) -> None:
    """QA: Robin, who joined Ann's private table by its code, saw only "Waiting
    room: Secret" and could not ask under which rules they would play; the
    game's room shows and says them. Now the line under the room's title, the
    heading's description, is the game's room's title: the table, its rules and
    its code; F1 says it first, then the room's keys, as the game's F1 does.
    Arriving by the code, Robin hears the game's arrival (it lacked the rules),
    and the heading, with the focus, does not repeat them."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with _anns_private_table(tmp_path) as (driver, table, code):
        press(driver, Keys.ENTER)
        wait_for(lambda: focused_id(driver) == f"sit-{table}-2", what="seat 3")
        press(driver, Keys.ENTER)
        wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")
        where = (
            "Waiting for the game at table Secret: 4 players in partnerships, "
            "to 500 points, pagat's rules. Private table: its code is "
            f"{' '.join(code)}."
        )
        about = driver.find_element("id", "waiting-about")
        wait_for(lambda: about.is_displayed(), what="where one waits, shown")
        assert about.text == where
        # Arriving, the game's arrival words, in its order; the heading, with
        # the focus, gives its name alone (its description holds the same
        # rules and code: read with it, they came twice in a row).
        arrival = (
            "Waiting for the game: 4 players in partnerships, to 500 points, "
            "pagat's rules. You sit in seat 3 at table Secret. Your partner is "
            f"Ann. Private table: its code is {' '.join(code)}. The host starts "
            "the game."
        )
        wait_for(
            lambda: arrival in [t for _k, t in heard(driver)],
            what=f"the arrival: {heard(driver)[-3:]}",
        )
        heading = driver.find_element("id", "waiting-heading")
        assert focused_id(driver) == "waiting-heading"
        assert heading.get_attribute("aria-describedby") is None
        before = len(heard(driver))
        press(driver, Keys.F1)
        said = wait_for(
            lambda: next(
                (t for _k, t in heard(driver)[before:] if "Waiting room: " in t),
                None,
            ),
            what="F1's words",
        )
        assert said.startswith(f"{where} Waiting room: Tab moves"), said
