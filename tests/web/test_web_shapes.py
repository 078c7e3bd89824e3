"""The page at the tables other than four in partnership, from start to end.

Their words come from the same presenter as the game's; this plays each by the
page's keys, as a player would, and reads what the live regions said: who plays
after you, your partner or no partner anywhere, the hand scored per player or per
side, and at the end the winner, the scores and (when it was not you) the place
you finished in.
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


@pytest.mark.parametrize("players", [3, 5])
def test_each_for_themselves_by_keys_from_start_to_end(
    tmp_path: Path, players: int
) -> None:
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        tab_to(driver, "#players")
        # From 4 in partnerships: up to 3 alone, or down past 4 alone to 5 alone.
        if players == 3:
            press(driver, Keys.ARROW_UP)
        else:
            press(driver, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
        host_short_table_by_keys(driver, "Alone", bots=players - 1)
        wait_for(lambda: board_is_focused(driver), what="the table region's focus")
        play_to_the_end(driver, turns=3)  # into the play: every label has a bid
        # QA: five places in a row broke "took 0" into "took" and "0" on two lines:
        # a label breaks only between its name, its bid and its tricks.
        lines = driver.execute_script(
            "return [...document.querySelectorAll('#places .who')].map((who) =>"
            " [who.textContent, [...who.querySelectorAll('.part')].map("
            "(part) => part.getClientRects().length)]);"
        )
        assert len(lines) == players, lines
        for text, parts in lines:
            assert len(parts) == text.count("  ") == 2, lines  # bid, tricks
            assert parts == [1, 1], lines
        # And the trick's cards stand in a line: in each row of places, every
        # card's slot starts at the same height, whatever the labels above take.
        rows = driver.execute_script(
            "const rows = {};"
            "for (const place of document.querySelectorAll('#places .place')) {"
            "  const top = Math.round(place.getBoundingClientRect().top);"
            "  const slot = place.querySelector('.slot').getBoundingClientRect();"
            "  (rows[top] = rows[top] || []).push(Math.round(slot.top));"
            "} return Object.values(rows);"
        )
        assert sum(len(row) for row in rows) == players, rows
        assert all(len(set(row)) == 1 for row in rows), rows
        play_to_the_end(driver, pictures=players == 3)
        said = [text for _kind, text in heard(driver)]
        start = next(t for t in said if t.startswith("New game with "))
        assert start.endswith(", in playing order; each plays for themselves."), start
        assert not [t for t in said if "partner" in t.lower()], said
        scored = next(t for t in said if t.startswith("The hand is over."))
        # Each player's own bid or nil: one a player, no side's.
        contracts = re.findall(r"\b(?:bid \d+ and took|nil (?:made|failed))", scored)
        assert len(contracts) == players, scored
        over = next(t for t in said if t.startswith(("Game over.", "The game is over")))
        assert over.count(": ") >= players, over  # every player's score
        place = rf"You (finish in|share) place [2-{players}] of {players}\.$"
        if not re.search(place, over):  # only the winner, or one tied for first
            tied = over.split(" tie for first place.")[0]
            assert over.startswith("Game over. You win!") or "you" in tied.lower(), over
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
        place = r"Your side (finishes in|shares) place [23] of 3\.$"
        if not re.search(place, over):  # only the winners, or a side tied for first
            tied = over.split(" tie for first place.")[0]
            won = over.startswith("Game over. Your side wins!")
            assert won or "you" in tied.lower(), over
