"""A private table from the page: its code is told to the host, a friend joins by it.

Two browsers: Robin creates a private table (not listed in the lobby) and hears its
code; Sam, who reads French, types the code, as spoken (spaced out), and sits at the
table: his page and everything the server words for him are in French.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import open_page
from web_helpers import (
    RECORDER,
    chromium,
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
        wait_for(
            lambda: sam.find_element("id", "waiting").is_displayed(),
            what="Sam in the waiting room",
        )
        seats = sam.find_element("id", "seats").text
        assert english_left(sam) == set()
        assert "Place 2, vous : Sam" in seats, seats
        assert any(t.startswith("Vous occupez la place 2") for _k, t in heard(sam)), (
            heard(sam)
        )
        wait_for(
            lambda: any("Sam" in t and "seat 2" in t for _k, t in heard(robin)),
            what="Robin to hear Sam sit down",
        )
