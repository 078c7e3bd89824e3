"""Leaving a table from the page, by keys: from the waiting room, and from a game
under way (after the page's question). The page goes back to the lobby, says so,
and puts the focus on the lobby's heading; before, it stayed on the table in
silence, answering every key with "You are not at a table"."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import (
    _visible,
    create_table_by_keys,
    host_short_table,
    host_short_table_by_keys,
    is_over,
    is_playing,
    my_turn,
    open_page,
    play_to_the_end,
    press,
    robin_in_anns_waiting_room,
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
        question = _the_leave_question(driver)
        # Alone with computer players, the table closes with her (QA: the page
        # said a computer player would take her seat).
        assert question.text == LAST_PERSON
        question.accept()
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


STILL_SEATED = "The game had already started: you are still in your seat."

HOLD = """
window.__held = [];
window.__receive = receive;
receive = (message) => { window.__held.push(message); };
"""
"""The page's frames held back (not read) until RELEASE: the page goes on as it
was while the server has moved on."""

RELEASE = """
receive = window.__receive;
for (const message of window.__held) receive(message);
window.__held = [];
"""


LEAVE_CONFIRM = "Leave the table? A computer player takes your seat. Y leaves, N stays."
LAST_PERSON = (
    "Leave the table? You are the last person at it: the table closes, and the "
    "game ends with it. Y leaves, N stays."
)
"""The game's own words for its "Leave the table?" in a game under way."""


class _PageQuestion:
    """The page's leave question, open, answered by keys: the focus is on its
    No (a stray Enter stays); Shift+Tab reaches Yes."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.text = str(
            driver.execute_script(
                "return document.getElementById('leave-question-text').textContent"
            )
        )

    def accept(self) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        chain = ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB)
        chain.key_up(Keys.SHIFT).perform()
        assert focused_id(self.driver) == "leave-yes"
        press(self.driver, Keys.ENTER)

    def dismiss(self) -> None:
        from selenium.webdriver.common.keys import Keys

        press(self.driver, Keys.ENTER)  # on No


def _the_leave_question(driver: Any) -> _PageQuestion:
    """The page's leave question once open, the focus on its No."""
    wait_for(lambda: _visible(driver, "leave-question"), what="the leave question")
    wait_for(lambda: focused_id(driver) == "leave-no", what="the question's No")
    return _PageQuestion(driver)


@contextmanager
def _robin_leaves_as_ann_starts(url: str, driver: Any) -> Iterator[_PageQuestion]:
    """Robin leaves Ann's waiting room by keys just as Ann starts the game: the
    start has reached the server, not yet the page. Yields the question the page
    opens (the game's leave question), once the page has taken the refusal."""
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    ann = Connection(url.replace("http", "ws", 1), "Ann")
    ann.start()
    try:
        robin_in_anns_waiting_room(driver, url, ann, {"preset": "pagat"}, open_page)
        tab_to(driver, "#waiting .leave")
        driver.execute_script(HOLD)
        ann.send(p.StartGame())
        started = "return window.__held.some((m) => m.screen?.place === 'table')"
        wait_for(lambda: driver.execute_script(started), what="the start held")
        press(driver, Keys.ENTER)  # Leave, from the waiting room shown
        refused = "return window.__held.some((m) => m.request === 'leave')"
        wait_for(lambda: driver.execute_script(refused), what="the refusal held")
        driver.execute_script(RELEASE)
        yield _the_leave_question(driver)
    finally:
        ann.close()


def test_leaving_the_waiting_room_after_the_start_keeps_the_seat(
    tmp_path: Path,
) -> None:
    """Robin's Leave from the waiting room crosses Ann's start. Before, the
    server gave his seat to a computer player. Now the page hears that the game
    had already started and that he is still in his seat (assertive), and stays
    at the table; and it asks at once the question Leave asks in a game (before,
    he had to find the button again to decide). He answers no: still at the
    table, the card table focused, and nothing says he left."""
    skip_without_browser()
    with (
        running_server(tmp_path / "server.db") as url,
        chromium() as driver,
        _robin_leaves_as_ann_starts(url, driver) as question,
    ):
        assert question.text == LEAVE_CONFIRM
        question.dismiss()
        assert ("assertive", STILL_SEATED) in heard(driver)
        assert _visible(driver, "table")
        assert focused_id(driver) == "board"
        assert LEFT not in [text for _kind, text in heard(driver)]


def test_yes_to_the_question_after_a_refused_leave_leaves_the_game(
    tmp_path: Path,
) -> None:
    """The same crossing; Robin answers yes to the game's question: he leaves
    (a computer player takes his seat), back in the lobby, told so once."""
    skip_without_browser()
    with (
        running_server(tmp_path / "server.db") as url,
        chromium() as driver,
        _robin_leaves_as_ann_starts(url, driver) as question,
    ):
        question.accept()
        _back_in_the_lobby(driver, 1)
        assert ("assertive", STILL_SEATED) in heard(driver)


def test_a_chat_line_is_heard_while_the_leave_question_is_open(
    tmp_path: Path,
) -> None:
    """QA: the page asked "Leave the table?" in the browser's own box, which
    stopped the page while it was open: a chat line said to Robin meanwhile came
    only once he had answered. The question is now on the page: Wat's line is
    heard as it comes, the question staying open with the focus on its No;
    Escape answers no, the focus back on Leave, the line not said again."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    def lines() -> list[str]:
        return [text for _kind, text in heard(driver)]

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page(driver, url, "Robin")
        host_short_table(driver, "Evening")
        wat = Connection(url.replace("http", "ws", 1), "Wat")
        wat.start()
        try:
            table = wait_for(
                lambda: next(
                    (
                        t.id
                        for m in wat.poll()
                        if isinstance(m, p.Lobby)
                        for t in m.tables
                    ),
                    None,
                ),
                what="Robin's table in Wat's lobby",
            )
            wat.send(p.Spectate(table=table, chair=0))
            wait_for(lambda: "Wat is watching." in lines(), what="Wat watching")
            press(driver, Keys.ESCAPE)  # out of the card table, to its buttons
            tab_to(driver, "#table .leave")
            press(driver, Keys.ENTER)
            question = _the_leave_question(driver)
            assert question.text.startswith("Leave the table?"), question.text
            wat.send(p.Chat(text="hi"))
            wait_for(lambda: "Wat: hi" in lines(), what="Wat's line, asked")
            assert _visible(driver, "leave-question")
            assert focused_id(driver) == "leave-no"
            press(driver, Keys.ESCAPE)  # no: he stays
            assert not _visible(driver, "leave-question")
            on_leave = "return document.activeElement.matches('#table .leave')"
            assert driver.execute_script(on_leave)
            wat.send(p.Chat(text="bye"))
            wait_for(lambda: "Wat: bye" in lines(), what="Wat's next line")
            assert lines().count("Wat: hi") == 1
            assert _visible(driver, "table")
            assert LEFT not in lines()
        finally:
            wat.close()


LEAVE_KEYS = (
    "With Escape you stay too, as with N; Tab moves between Yes, leave and No, stay."
)
LEAVE_OVER = (
    "The game is over, so the leave question is closed: Leave the table now goes "
    "back to the lobby at once."
)


def _focus_in_the_question(driver: Any) -> str:
    script = (
        "const a = document.activeElement;"
        "return document.getElementById('leave-question').contains(a) ? a.id : '';"
    )
    return str(driver.execute_script(script))


def _open_the_leave_question(driver: Any) -> _PageQuestion:
    from selenium.webdriver.common.keys import Keys

    press(driver, Keys.ESCAPE)  # out of the card table, to its buttons
    tab_to(driver, "#table .leave")
    press(driver, Keys.ENTER)
    return _the_leave_question(driver)


def test_the_leave_question_is_a_modal_question_answered_by_y_and_n(
    tmp_path: Path,
) -> None:
    """QA: the page's "Leave the table?" took only its buttons and Escape, where
    the game's and the page's other question take Y and N; its F1 said the card
    table's help; Tab went on out of it into the page; a screen reader was not
    told it was a modal dialog. Now: the game's words with its keys, a modal
    alert dialog named and described, Tab and Shift+Tab kept between its two
    buttons, F1 the question and its keys, any other letter the question again,
    N stays (the focus back on Leave), Y leaves."""
    skip_without_browser()
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    def lines() -> list[str]:
        return [text for _kind, text in heard(driver)]

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page(driver, url, "Robin")
        host_short_table(driver, "Modal")
        wait_for(lambda: _visible(driver, "table"), what="the card table")
        question = _open_the_leave_question(driver)
        assert question.text == LAST_PERSON
        box = driver.execute_script(
            "const b = document.getElementById('leave-question');"
            "const text = (id) => document.getElementById(id).textContent;"
            "return [b.getAttribute('role'), b.getAttribute('aria-modal'),"
            " text(b.getAttribute('aria-labelledby')),"
            " text(b.getAttribute('aria-describedby'))];"
        )
        assert box == ["alertdialog", "true", "Leave the table", LAST_PERSON]
        # Tab and Shift+Tab go round its two buttons, never out of it.
        for expected in ("leave-yes", "leave-no", "leave-yes"):
            press(driver, Keys.TAB)
            assert _focus_in_the_question(driver) == expected
        for expected in ("leave-no", "leave-yes", "leave-no"):
            chain = ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB)
            chain.key_up(Keys.SHIFT).perform()
            assert _focus_in_the_question(driver) == expected
        press(driver, Keys.F1)
        try:
            wait_for(lambda: f"{LAST_PERSON} {LEAVE_KEYS}" in lines(), what="F1")
        except AssertionError:
            raise AssertionError(lines()[-4:]) from None
        press(driver, "x")  # any other letter: the question again
        wait_for(lambda: lines()[-1] == LAST_PERSON, what="the question again")
        assert _focus_in_the_question(driver) == "leave-no"
        press(driver, "n")  # no: he stays, back on Leave
        assert not _visible(driver, "leave-question")
        on_leave = "return document.activeElement.matches('#table .leave')"
        assert driver.execute_script(on_leave)
        assert _visible(driver, "table")
        press(driver, Keys.ENTER)
        _the_leave_question(driver)
        press(driver, "y")  # yes: he leaves
        _back_in_the_lobby(driver, 1)


def test_the_leave_question_follows_the_table_while_it_is_open(
    tmp_path: Path,
) -> None:
    """Robin's "Leave the table?" is open when Ann leaves: he is the last person
    now, and leaving closes the table. Before, the question still said a
    computer player would take his seat. Now its words change, and are said."""
    skip_without_browser()
    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        ann = Connection(url.replace("http", "ws", 1), "Ann")
        ann.start()
        try:
            robin_in_anns_waiting_room(driver, url, ann, {"preset": "pagat"}, open_page)
            ann.send(p.StartGame())
            wait_for(lambda: _visible(driver, "table"), what="the card table")
            wait_for(lambda: focused_id(driver) == "board", what="the card table")
            question = _open_the_leave_question(driver)
            assert question.text == LEAVE_CONFIRM
            ann.send(p.Leave())
            wait_for(
                lambda: _PageQuestion(driver).text == LAST_PERSON,
                what="the question for the last person",
            )
            assert ("polite", LAST_PERSON) in heard(driver)
            assert _focus_in_the_question(driver) == "leave-no"
        finally:
            ann.close()


def test_the_leave_question_closes_when_the_game_ends_under_it(
    tmp_path: Path,
) -> None:
    """Robin plays his last card, and asks to leave before the page has heard
    the game end. Before, the question stayed open over the finished game,
    still saying the game would end with him. Now it closes once the end comes,
    said so, the focus back on Leave (which now leaves at once)."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    def hand() -> int:
        script = "return document.querySelectorAll('#hand button').length"
        return int(driver.execute_script(script))

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page(driver, url, "Robin")
        host_short_table_by_keys(driver, "Closing")
        play_to_the_end(driver, turns=13)  # his bid and twelve cards
        wait_for(
            lambda: hand() == 1 and my_turn(driver) and is_playing(driver),
            what="his last card to play",
        )
        driver.execute_script(HOLD)
        press(driver, Keys.TAB, Keys.ENTER)  # his last card: the game ends
        over = "return window.__held.some((m) => m.screen?.picture?.over)"
        wait_for(lambda: driver.execute_script(over), what="the end held")
        assert not is_over(driver)
        question = _open_the_leave_question(driver)
        assert question.text == LAST_PERSON
        driver.execute_script(RELEASE)
        wait_for(lambda: is_over(driver), what="the end")
        assert not _visible(driver, "leave-question")
        assert ("polite", LEAVE_OVER) in heard(driver)
        on_leave = "return document.activeElement.matches('#table .leave')"
        assert driver.execute_script(on_leave)
