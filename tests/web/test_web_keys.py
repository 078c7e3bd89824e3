"""The card table's keys on the browser page, by keyboard events alone.

F1 follows the moment as the game's F1 does (the bid's keys while bidding, the
play's keys in play); a key with no meaning on the card table is said so, never
met with silence; the waiting room's heading puts the language's colon between
its words and the table's name.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import (
    _visible,
    board_is_focused,
    create_table_by_keys,
    host_short_table_by_keys,
    is_playing,
    my_turn,
    open_page_by_keys,
    press,
    robin_in_anns_waiting_room,
    tab_to,
)
from web_helpers import (
    RECORDER,
    chromium,
    cues,
    heard,
    running_server,
    skip_without_browser,
    wait_for,
)

pytestmark = pytest.mark.browser

_HELP_END = "O: sound cues"


_DEFAULTS = """
window.__defaults = [];
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey && event.key.length === 1) {
    window.__defaults.push([event.key, event.defaultPrevented]);
  }
});
"""
"""Records each Ctrl+letter keydown that reaches the document, and whether the
page took it from the browser."""


def _lines(driver: Any) -> list[str]:
    return [text for _kind, text in heard(driver)]


def _help(driver: Any) -> list[str]:
    """F1 on the card table: the lines it adds to the live regions."""
    from selenium.webdriver.common.keys import Keys

    before = len(_lines(driver))
    press(driver, Keys.F1)
    wait_for(
        lambda: any(t.startswith(_HELP_END) for t in _lines(driver)[before:]),
        what="F1's help",
    )
    return _lines(driver)[before:]


def test_the_pages_help_follows_the_moment_and_no_key_is_silent(
    tmp_path: Path,
) -> None:
    """While bidding, F1 names the digits and Enter's bid; in play, Enter plays
    the card and neither Y nor the digits are listed. Backspace, Delete, F3, F4,
    F6 and F12 in play are each answered "... does nothing here"; F5 still
    repeats; Ctrl+F is left to the browser."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        host_short_table_by_keys(driver, "Evening")
        wait_for(lambda: board_is_focused(driver), what="the table region's focus")
        wait_for(lambda: my_turn(driver), what="Robin's bid")
        bidding = _help(driver)
        assert "0: type the digit 0." in bidding, bidding
        assert "Enter: make your bid, or hear how." in bidding, bidding
        assert "Y: yes." not in bidding, bidding
        press(driver, "3", Keys.ENTER)
        wait_for(
            lambda: is_playing(driver) and my_turn(driver), what="Robin's first card"
        )
        playing = _help(driver)
        assert "Enter: play the card, or choose it to pass." in playing, playing
        for not_now in ("Y: yes.", "0: type the digit 0.", "Backspace"):
            assert not [t for t in playing if t.startswith(not_now)], playing
        for key, name in (
            (Keys.BACKSPACE, "Backspace"),
            (Keys.DELETE, "Delete"),
            (Keys.F3, "F3"),
            (Keys.F4, "F4"),
            (Keys.F6, "F6"),
            (Keys.F12, "F12"),
        ):
            answer = f"{name} does nothing here. F1 lists the keys."
            before = len(_lines(driver))
            press(driver, key)
            wait_for(lambda a=answer, b=before: a in _lines(driver)[b:], what=answer)
        # F5 still repeats the last line on the card table (no reload).
        press(driver, Keys.F5)
        wait_for(
            lambda: _lines(driver)[-1] == "F12 does nothing here. F1 lists the keys.",
            what="F5's repeat",
        )
        assert board_is_focused(driver)
        # Ctrl's chords the game does not use stay the browser's: not taken from
        # it (default prevented), nor answered.
        driver.execute_script(_DEFAULTS)
        from selenium.webdriver.common.action_chains import ActionChains

        chain = ActionChains(driver).key_down(Keys.CONTROL).send_keys("f")
        chain.key_up(Keys.CONTROL).perform()
        seen = wait_for(
            lambda: driver.execute_script("return window.__defaults"),
            what="Ctrl+F's keydown",
        )
        assert seen == [["f", False]], seen


def test_the_waiting_rooms_heading_takes_the_languages_colon(tmp_path: Path) -> None:
    """In French, "Salle d'attente : Soirée", with the space French puts before a
    colon (the page's "labelled" words), not "Salle d'attente: Soirée"."""
    skip_without_browser()
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        # A returning French player: the page remembers the language chosen.
        driver.get(url)
        driver.execute_script("localStorage.setItem('audiospades-language', 'fr');")
        driver.get(url)
        connect = driver.find_element(By.ID, "connect")
        wait_for(lambda: connect.text == "Se connecter", what="the French words")
        driver.execute_script(RECORDER)
        tab_to(driver, "#name")
        press(driver, "Amélie")
        tab_to(driver, "#connect")
        press(driver, Keys.ENTER)
        wait_for(
            lambda: driver.find_element(By.ID, "lobby").is_displayed(),
            what="the lobby",
        )
        create_table_by_keys(driver, "Soirée")
        heading = driver.find_element(By.ID, "waiting-heading")
        wait_for(lambda: "Soirée" in heading.text, what="the table's name")
        assert heading.text == "Salle d'attente : Soirée"


_PRESSED = """
return [...document.querySelectorAll('#hand button')].map((b) => [
  b.id, b.getAttribute('aria-disabled'), b.getAttribute('aria-pressed')]);
"""


@contextlib.contextmanager
def at_a_blind_nil_question(tmp_path: Path) -> Iterator[Any]:
    """Robin, by keys alone, at Ann's one-hand table with two computer players,
    blind nil offered at any score; Ann starts the game and leaves (a computer
    takes her seat); yields the browser once Robin is asked about blind nil."""

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        ann = Connection(url.replace("http", "ws", 1), "Ann")
        ann.start()
        try:
            rules = {
                "preset": "pagat",
                "target_score": None,
                "hand_limit": 1,
                "blind_nil_behind": 0,
            }
            robin_in_anns_waiting_room(driver, url, ann, rules, open_page_by_keys)
            ann.send(p.StartGame())
            wait_for(lambda: _visible(driver, "table"), what="the table")
            ann.send(p.Leave())  # a computer player takes Ann's seat
            wait_for(lambda: board_is_focused(driver), what="the table region's focus")
            wait_for(
                lambda: any(t.startswith("Bid blind nil") for t in _lines(driver)),
                what="the blind nil question",
            )
            yield driver
        finally:
            ann.close()


def test_cards_to_pass_are_offered_and_chosen_ones_pressed(tmp_path: Path) -> None:
    """After a blind nil, every card may be chosen to pass: none is "unavailable"
    (aria-disabled), each is a toggle button, and Enter on one makes it pressed
    (aria-pressed true). Before, every card was aria-disabled and a chosen one was
    marked only by its look."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with at_a_blind_nil_question(tmp_path) as driver:
        press(driver, "y")

        def passing() -> list[Any]:
            cards = driver.execute_script(_PRESSED)
            return cards if cards and all(c[2] for c in cards) else []

        cards = wait_for(passing, what="the cards to pass")
        assert [c[1:] for c in cards] == [[None, "false"]] * len(cards), cards
        press(driver, Keys.ENTER)
        wait_for(
            lambda: [c[2] for c in driver.execute_script(_PRESSED)].count("true") == 1,
            what="a card chosen",
        )


def test_the_hands_edge_is_said_while_sound_cues_are_off(tmp_path: Path) -> None:
    """End, then Right: the focus stays on the last card, which the game marks
    with its edge cue alone. The page's sound cues are off at first, so it says
    so in words ("the end of a list", as F1's list of cues names that sound), then
    the card; with sound cues on, the cue plays instead. Before, Right at the last
    card only said the same card again, as if it were the next one."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    edge = ("polite", "the end of a list")
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        host_short_table_by_keys(driver, "Edges")
        wait_for(lambda: board_is_focused(driver), what="the card table")
        wait_for(
            lambda: any(t.startswith("Your turn to bid") for t in _lines(driver)),
            what="my bid (the others have bid: nothing else comes till mine)",
        )
        before = len(heard(driver))
        press(driver, Keys.END)
        wait_for(lambda: len(heard(driver)) > before, what="End's card")
        before = len(heard(driver))
        press(driver, Keys.ARROW_RIGHT)
        wait_for(lambda: len(heard(driver)) >= before + 2, what="Right at the end")
        at_end = heard(driver)[before : before + 2]
        press(driver, "o")  # sound cues on: the cue, and no words for it
        wait_for(lambda: heard(driver)[-1][1] == "Sound cues on.", what="O")
        before = len(heard(driver))
        press(driver, Keys.ARROW_RIGHT)
        wait_for(lambda: len(heard(driver)) > before, what="Right again")
        wait_for(lambda: any("edge" in src for src in cues(driver)), what="the cue")
        again = heard(driver)[before:]
    last = at_end[1]
    assert at_end == [edge, last], at_end
    assert again == [last], again


_F1_DEFAULT = """
window.__f1 = [];
window.addEventListener("keydown", (event) => {
  if (event.key === "F1") window.__f1.push(event.defaultPrevented);
});
"""
"""Records, for each F1 that reaches the window, whether the page took it from the
browser (whose own F1 opens its help, away from the game)."""


def test_f1_off_the_card_table_says_what_the_screen_holds_on_every_screen(
    tmp_path: Path,
) -> None:
    """F1 on the join form (in the name field), in the lobby, in the waiting room
    and on the table's buttons says what is there and the page's own keys, and
    is taken from the browser; Escape on the join form says what it is for.
    Before, both were silent everywhere but the card table, and the browser's
    F1 opened its help."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys
    from test_web_browser import open_join_form, seats_to_fill, wait_for_element

    def f1(start: str) -> str:
        before = len(_lines(driver))
        press(driver, Keys.F1)
        wait_for(
            lambda: any(t.startswith(start) for t in _lines(driver)[before:]),
            what=f"F1's words: {start}",
        )
        return next(t for t in _lines(driver)[before:] if t.startswith(start))

    page_keys = "Also on this page: A repeats the last message"
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_join_form(driver, url, RECORDER + _F1_DEFAULT)
        tab_to(driver, "#name")
        said = f1("Type your name")
        assert said == "Type your name, choose a language, then press Connect."
        before = len(_lines(driver))
        press(driver, Keys.ESCAPE)  # nothing to close: what the form is for
        wait_for(lambda: _lines(driver)[before:] == [said], what="Escape's answer")
        press(driver, "Robin")
        tab_to(driver, "#connect")
        press(driver, Keys.ENTER)
        wait_for(lambda: _visible(driver, "lobby"), what="the lobby")
        said = f1("Tables: ")
        assert "Join and Watch" in said and "Create a table" in said, said
        assert "Table code" in said and page_keys in said, said
        create_table_by_keys(driver, "Mine")
        # Where one waits first, as the game's F1 says it in its room.
        said = f1("Waiting for the game at table Mine: 4 players in partnerships")
        assert " Waiting room: Tab moves through the seats" in said, said
        assert "Start the game" in said and "Leave the table" in said, said
        add = "#seats button[id^=add-]"
        for left in (2, 1, 0):
            # Each computer seated before the next Add: the button of a seat
            # just asked for stays until the server's answer redraws the room.
            wait_for_element(driver, add, "a seat to fill")
            tab_to(driver, add)
            press(driver, Keys.ENTER)
            wait_for(
                lambda left=left: seats_to_fill(driver) == left,
                what="a computer seated",
            )
        tab_to(driver, "#start")
        press(driver, Keys.ENTER)
        wait_for(lambda: _visible(driver, "table"), what="the table")
        wait_for(lambda: board_is_focused(driver), what="the card table's focus")
        press(driver, Keys.ESCAPE)  # to the table's buttons (Scores first)
        wait_for(
            lambda: driver.execute_script(
                "return document.activeElement.dataset.key === 's'"
            ),
            what="the Scores button",
        )
        said = f1("The card table takes the game's keys")
        assert page_keys in said, said
        taken = driver.execute_script("return window.__f1")
        assert taken and all(taken), taken


def test_a_repeats_the_games_last_line_not_a_chat_line_nor_a_watcher(
    tmp_path: Path,
) -> None:
    """QA: at her turn to bid, Ann sent a chat line and A said it back ("Ann:
    ok"), not her turn. On the page as in the game, chat lines and people coming
    to watch are remarks by the way: in the messages (Page Up), but A repeats
    the game's last line, Robin's turn."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    def repeated(turn: str) -> None:
        before = len(heard(driver))
        press(driver, "a")
        wait_for(lambda: len(heard(driver)) > before, what="A's repeat")
        assert heard(driver)[before:] == [("polite", turn)]

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        host_short_table_by_keys(driver, "Evening")
        wait_for(lambda: board_is_focused(driver), what="the table region's focus")
        wait_for(lambda: my_turn(driver), what="Robin's bid")
        turn = wait_for(
            lambda: next(
                (t for t in _lines(driver) if t.startswith("Your turn to bid.")), None
            ),
            what="Robin's turn said",
        )
        press(driver, "'", "ok", Keys.ENTER)  # his own line
        wait_for(lambda: "Robin: ok" in _lines(driver), what="Robin's line")
        wait_for(lambda: board_is_focused(driver), what="back at the card table")
        repeated(turn)
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
            wat.send(p.Chat(text="hi"))
            wait_for(lambda: "Wat: hi" in _lines(driver), what="Wat's line")
            assert "Wat is watching." in _lines(driver)
            repeated(turn)
        finally:
            wat.close()
