"""After the game, on the page: another game is asked for first, as in the game.

Before, the page's *Start the game* button started another game at once and Enter
on the card table only told the result again, where the game asks "Start another
game at this table with the same players? Y starts, N stays."
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_browser import (
    host_short_table_by_keys,
    is_over,
    open_page,
    play_to_the_end,
    press,
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

SAME_PLAYERS = (
    "Start another game at this table with the same players? Y starts, N stays."
)
OVER = "The game is over."


def _texts(driver: Any) -> list[str]:
    return [text for _kind, text in heard(driver)]


def _hear(driver: Any, text: str, times: int = 1) -> None:
    """Wait until ``text`` has been said ``times`` times in all."""
    wait_for(
        lambda: _texts(driver).count(text) >= times,
        what=f"{text!r} (heard {_texts(driver)[-8:]})",
    )


def _asking(driver: Any) -> bool:
    return bool(driver.execute_script("return !!state.screen?.picture?.asking"))


def test_the_host_is_asked_before_another_game_by_enter_or_the_button(
    tmp_path: Path,
) -> None:
    """Robin plays a one-hand game with three computers; after it, Enter on the
    card table asks the game's question (any other key asks again, N stays),
    and so does the *Start the game* button, which puts the focus on the card
    table for the answer (its Escape is N); Y starts the next game."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page(driver, url, "Robin")
        host_short_table_by_keys(driver, "Again")
        play_to_the_end(driver)
        wait_for(lambda: focused_id(driver) == "board", what="the card table")
        press(driver, Keys.ENTER)
        _hear(driver, SAME_PLAYERS)
        assert _asking(driver)
        assert is_over(driver)  # asked, not started
        press(driver, "s")  # any other key: the question again
        _hear(driver, SAME_PLAYERS, 2)
        press(driver, "n")
        wait_for(lambda: not _asking(driver), what="N answered")
        _hear(driver, OVER)
        assert is_over(driver)
        assert focused_id(driver) == "board"
        # S answers again once the question is closed.
        said = len(heard(driver))
        press(driver, "s")
        wait_for(lambda: len(heard(driver)) > said, what="the scores")
        assert _texts(driver)[-1].startswith("You and "), _texts(driver)[-3:]
        # The page's button asks the same, and the card table takes the answer.
        press(driver, Keys.ESCAPE)
        tab_to(driver, "#again")
        press(driver, Keys.ENTER)
        _hear(driver, SAME_PLAYERS, 3)
        assert focused_id(driver) == "board"
        assert is_over(driver)
        # Escape is the question's N there (the focus stays on the card table).
        press(driver, Keys.ESCAPE)
        wait_for(lambda: not _asking(driver), what="Escape answered")
        _hear(driver, OVER, 2)
        assert focused_id(driver) == "board"
        press(driver, Keys.ENTER)
        _hear(driver, SAME_PLAYERS, 4)
        press(driver, "y")
        _hear(driver, "The game starts.")
        wait_for(lambda: not is_over(driver), what="the next game")
        assert focused_id(driver) == "board"
