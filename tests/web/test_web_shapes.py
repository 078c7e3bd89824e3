"""The page at a table of three, each for themselves, from start to end.

The shapes other than four in partnership come from the same presenter as the
game's words; this plays one by the page's keys, as a player would, and reads
what the live regions said: who plays after you, no partner anywhere, the hand
scored per player, and at the end the winner, the scores and (when it was not
you) the place you finished in.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_web_browser import (
    board_is_focused,
    host_short_table_by_keys,
    open_page_by_keys,
    play_to_the_end,
    press,
    tab_to,
)
from web_helpers import chromium, heard, running_server, skip_without_browser, wait_for

pytestmark = pytest.mark.browser


def test_three_each_for_themselves_by_keys_from_start_to_end(tmp_path: Path) -> None:
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        tab_to(driver, "#players")
        press(driver, Keys.ARROW_UP)  # 3 players, each for themselves
        host_short_table_by_keys(driver, "Trio", bots=2)
        wait_for(lambda: board_is_focused(driver), what="the table region's focus")
        play_to_the_end(driver, pictures=True)
        said = [text for _kind, text in heard(driver)]
        start = next(t for t in said if t.startswith("New game with "))
        assert start.endswith(", in playing order; each plays for themselves."), start
        assert not [t for t in said if "partner" in t.lower()], said
        scored = next(t for t in said if t.startswith("The hand is over."))
        # Each player's own bid or nil: three, no side's.
        contracts = re.findall(r"\b(?:bid \d+ and took|nil (?:made|failed))", scored)
        assert len(contracts) == 3, scored
        over = next(t for t in said if t.startswith(("Game over.", "The game is over")))
        assert over.count(": ") >= 3, over  # the three scores
        if not over.startswith("Game over. You win!"):
            assert re.search(r"You (finish in|share) place [23] of 3\.$", over), over
        before = len(heard(driver))
        press(driver, "s")
        wait_for(lambda: len(heard(driver)) > before, what="the scores on S")
        scores = heard(driver)[-1][1]
        assert scores.startswith("You: "), scores
        assert "bags" in scores and " and " not in scores.split(".")[0], scores


def test_six_in_three_partnerships_by_keys_from_start_to_end(tmp_path: Path) -> None:
    """Six at the table, partners across it: three sides, each said as a side."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        tab_to(driver, "#players")
        for _ in range(3):  # 4 alone, 5 alone, 6 in partnerships
            press(driver, Keys.ARROW_DOWN)
        host_short_table_by_keys(driver, "Six", bots=5)
        wait_for(lambda: board_is_focused(driver), what="the table region's focus")
        play_to_the_end(driver)
        said = [text for _kind, text in heard(driver)]
        start = next(t for t in said if t.startswith("New game with "))
        partner = re.match(
            r"New game with (.+), in playing order\. (\S+) is your partner\. ", start
        )
        assert partner, start
        # Partners sit across: the third player after me of the five named.
        others = partner.group(1).replace(" and ", ", ").split(", ")
        assert len(others) == 5, start
        assert others[2] == partner.group(2), start
        assert start.endswith(
            f" {others[0]} and {others[3]} play together,"
            f" and so do {others[1]} and {others[4]}."
        ), start
        scored = next(t for t in said if t.startswith("The hand is over."))
        # Each side scored as a side: three scores, not six.
        assert scored.count(" Score: ") == 3, scored
        over = next(t for t in said if t.startswith(("Game over.", "The game is over")))
        assert f"You and {partner.group(2)}: " in over, over
        assert over.count(": ") >= 3, over  # the three sides' scores
        won = over.startswith("Game over. Your side wins!")
        if over.startswith("Game over.") and not won:
            place = r"Your side (finishes in|shares) place [23] of 3\.$"
            assert re.search(place, over), over
