"""The page keeps to the server's rate limit, by keyboard events alone.

Keys pressed faster than the server takes messages were sent anyway: the server
answered the first refused one ("Too many messages at once") and dropped the rest
unheard, so those keys were met with silence. The page is told the server's limit
with its words, counts its messages as the server does, sends none the server
would refuse, and says why for each key it holds back, in its own language.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_browser import (
    board_is_focused,
    host_short_table_by_keys,
    my_turn,
    press,
    tab_to,
)
from web_helpers import (
    RECORDER,
    chromium,
    heard,
    running_server,
    skip_without_browser,
    wait_for,
)

pytestmark = pytest.mark.browser

_SENT = """
window.__sent = [];
const realSend = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  window.__sent.push(JSON.parse(String(data)).type);
  return realSend.call(this, data);
};
"""
"""Records the type of every message the page sends (set before it connects)."""

_BURST = 10
"""The server's burst; its rate is next to nothing, so no message is given back
while the test runs: after ten messages, every further one would be refused."""


def _open_in_french(driver: Any, url: str) -> None:
    """Open the page, choose French and join as Zoé, by keys alone."""
    from selenium.webdriver.common.keys import Keys

    driver.get(url)
    wait_for(
        lambda: (
            driver.execute_script(
                "return document.getElementById('connect').textContent"
            )
            == "Connect"
        ),
        what="page words",
    )
    driver.execute_script(RECORDER + _SENT)
    tab_to(driver, "#language")
    press(driver, "f")  # Français
    wait_for(
        lambda: driver.execute_script("return document.documentElement.lang") == "fr",
        what="the French words",
    )
    tab_to(driver, "#name")
    press(driver, "Zoé")
    tab_to(driver, "#connect")
    press(driver, Keys.ENTER)
    wait_for(
        lambda: driver.execute_script(
            "return !document.getElementById('lobby').hidden"
        ),
        what="the lobby",
    )


def test_keys_beyond_the_rate_limit_are_held_back_and_each_is_answered(
    tmp_path: Path,
) -> None:
    """Tab pressed again and again on the card table: the page sends no more than
    the server's burst, and every key after it is answered, in French, with the
    server's own words for "too fast"."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades import i18n
    from audiospades.presenter.online import TOO_FAST

    with i18n.speaking("fr"):
        too_fast = i18n._(TOO_FAST)
    assert too_fast != TOO_FAST

    with (
        running_server(tmp_path / "server.db", rate=0.0001, burst=_BURST) as url,
        chromium() as driver,
    ):
        _open_in_french(driver, url)
        host_short_table_by_keys(driver, "Vendredi")
        wait_for(lambda: my_turn(driver), what="my turn to bid")
        assert board_is_focused(driver)
        sent = list(driver.execute_script("return window.__sent"))
        assert len(sent) < _BURST, sent  # hello, create, three computers, start
        answers: list[str] = []
        for _ in range(_BURST - len(sent) + 3):
            before = len(heard(driver))
            press(driver, Keys.TAB)
            lines = wait_for(
                lambda before=before: heard(driver)[before:], what="Tab answered"
            )
            answers.append(lines[-1][1])
        sent = list(driver.execute_script("return window.__sent"))
        assert len(sent) == _BURST, sent
        # The keys the server took are answered by the game; the rest by the page.
        assert answers[-3:] == [too_fast] * 3, answers
        assert too_fast not in answers[:-3], answers
        assert heard(driver)[-1] == ("assertive", too_fast)
