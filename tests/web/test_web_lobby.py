"""The lobby and the waiting room by keys alone: a table of any shape, a seat of
one's choosing, and the page's own keys (A, Page Up, the apostrophe) off the card
table.

Before: the create form could only open a table of four in partnerships, Join
took the first free seat, and A or the apostrophe did nothing in the lobby or the
waiting room, though the page's Messages said they would; a seat taken under the
host's focus sent it to the heading.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_browser import (
    _by_id,
    _visible,
    create_table_by_keys,
    open_page_by_keys,
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


def _repeats_the_last_message(driver: Any) -> None:
    """A says the last message again (polite), wherever the focus is."""
    from selenium.webdriver.common.keys import Keys

    last = driver.execute_script(
        "return document.querySelector('#history').lastChild.textContent"
    )
    before = len(heard(driver))
    press(driver, "a")
    wait_for(lambda: ("polite", last) in heard(driver)[before:], what="A's repeat")
    before = len(heard(driver))
    press(driver, Keys.PAGE_UP)
    wait_for(lambda: len(heard(driver)) > before, what="Page Up's message")


def _table_id(player: Any, name: str) -> str:
    """The id of the table ``name`` in ``player``'s lobby (a Connection)."""
    from audiospades.net import protocol as p

    found: dict[str, str] = {}

    def look() -> str | None:
        for message in player.poll():
            if isinstance(message, p.Lobby | p.LobbyUpdate):
                found.update((t.name, t.id) for t in message.tables)
        return found.get(name)

    return wait_for(look, what=f"{name} in the lobby")


def test_the_lobby_by_keys_seats_shapes_and_page_keys(tmp_path: Path) -> None:
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
            wait_for_element(driver, "#tables li", "Ann's table")
            wait_for(
                lambda: "Milly" in _by_id(driver, "tables").text, what="Milly seated"
            )
            # The page's keys in the lobby: A and Page Up answer; the apostrophe
            # opens the chat line, Escape comes back.
            assert focused_id(driver) == "lobby-heading"
            _repeats_the_last_message(driver)
            press(driver, "'")
            assert focused_id(driver) == "chat"
            assert _by_id(driver, "chat").get_attribute("value") == ""
            press(driver, Keys.ESCAPE)
            assert focused_id(driver) == "lobby-heading"
            # Join offers each free seat in the game's words; Escape goes back.
            table = driver.execute_script(
                "return document.querySelector('#tables li').dataset.id"
            )
            tab_to(driver, f"#join-{table}")
            press(driver, Keys.ENTER)
            wait_for(lambda: focused_id(driver) == f"sit-{table}-2", what="seat 3")
            choice = driver.execute_script(
                "return [...document.querySelectorAll(arguments[0])]"
                ".map((b) => b.textContent)",
                f"#choice-{table} button",
            )
            assert choice == [
                "Sit in seat 3, partner of Ann",
                "Sit in seat 4, partner of Milly",
                "Cancel",
            ]
            press(driver, Keys.ESCAPE)
            assert focused_id(driver) == f"join-{table}"
            assert not _visible(driver, f"choice-{table}")
            press(driver, Keys.ENTER)
            wait_for(lambda: focused_id(driver) == f"sit-{table}-2", what="seat 3")
            press(driver, Keys.TAB, Keys.ENTER)  # seat 4, Milly's partner
            wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")
            assert "Seat 4, you" in _by_id(driver, "seats").text
            # The page's keys in the waiting room too.
            _repeats_the_last_message(driver)
            tab_to(driver, "#waiting .leave")
            press(driver, Keys.ENTER)
            wait_for(lambda: _visible(driver, "lobby"), what="the lobby")
            ann.send(p.Leave())  # to the lobby, to hear of Robin's next table
            # A table of three, each for themselves: chosen in the create form.
            tab_to(driver, "#table-name")
            press(driver, "Trio")
            tab_to(driver, "#players")
            assert _by_id(driver, "players").get_attribute("value") == "4-partners"
            press(driver, Keys.ARROW_UP)
            assert _by_id(driver, "players").get_attribute("value") == "3-alone"
            label = driver.execute_script(
                "return document.querySelector('label[for=players]').textContent"
                " + ': ' + document.querySelector('#players').selectedOptions[0]"
                ".textContent"
            )
            assert label == "Players: 3 players, each for themselves"
            tab_to(driver, "#create-form [type=submit]")
            press(driver, Keys.ENTER)
            wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")
            wait_for_element(driver, "#add-2", "three seats")
            assert (
                driver.execute_script(
                    "return document.querySelectorAll('#seats li').length"
                )
                == 3
            )
            # Ann sits in the seat under the host's focus: the focus goes to the
            # next seat's Add, not to the heading.
            tab_to(driver, "#add-1")
            ann.send(p.JoinSeat(table=_table_id(ann, "Trio"), seat=1))
            wait_for(lambda: focused_id(driver) == "add-2", what="the next seat's Add")
        finally:
            ann.close()


def test_the_create_form_forgets_a_table_once_it_is_made(tmp_path: Path) -> None:
    """Robin makes a private table, then leaves its waiting room: back in the
    lobby, the form's name is empty and Private is not ticked. Before, both
    stayed: Tab read "Name of a new table, Secret", a stray Enter there opened a
    second table of that name, and the next table was private unasked. His
    other choices (the shape, a short game) stay for the next table."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        tab_to(driver, "#table-name")
        press(driver, "Secret")
        tab_to(driver, "#short-game")
        press(driver, Keys.SPACE)
        tab_to(driver, "#private")
        press(driver, Keys.SPACE)
        tab_to(driver, "#create-form [type=submit]")
        press(driver, Keys.ENTER)
        wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")
        tab_to(driver, "#waiting .leave")
        press(driver, Keys.ENTER)
        wait_for(lambda: _visible(driver, "lobby"), what="the lobby")
        tab_to(driver, "#table-name")
        name = _by_id(driver, "table-name").get_attribute("value")
        private = _by_id(driver, "private").is_selected()
        short = _by_id(driver, "short-game").is_selected()
    assert name == ""
    assert not private
    assert short


def test_escape_with_nothing_to_close_and_an_empty_chat_line_are_answered(
    tmp_path: Path,
) -> None:
    """Escape in the lobby or the waiting room off any field or seat's choices, and
    Enter on an empty chat line, each say what they did (nothing) and what would;
    both were met with silence."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    nothing_sent = "Nothing was sent."
    in_lobby = "Escape closes nothing here. To leave the server, close the page."
    in_room = "Escape closes nothing here. To leave the table, press Leave the table."
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        assert focused_id(driver) == "lobby-heading"
        press(driver, Keys.ESCAPE)
        wait_for(lambda: ("assertive", in_lobby) in heard(driver), what="lobby")
        assert focused_id(driver) == "lobby-heading"
        press(driver, "'", Keys.ENTER)  # the chat line, sent empty
        wait_for(lambda: ("assertive", nothing_sent) in heard(driver), what="chat")
        assert focused_id(driver) == "chat"
        press(driver, Keys.ESCAPE)  # the chat line's own: back to the heading
        assert focused_id(driver) == "lobby-heading"
        create_table_by_keys(driver, "Quiet")
        tab_to(driver, "#waiting-heading")
        press(driver, Keys.ESCAPE)
        wait_for(lambda: ("assertive", in_room) in heard(driver), what="the room")
        assert _visible(driver, "waiting")
        lines = [text for _kind, text in heard(driver)]
    assert lines.count(in_lobby) == 1  # the chat line's Escape is its own


def test_a_key_that_does_nothing_off_the_card_table_is_said_so(
    tmp_path: Path,
) -> None:
    """QA: in the waiting room Y, S and K were met with silence. Off the card
    table (the lobby, the waiting room and its buttons) a key that types a
    character and does nothing there says so, as the card table says it, named
    as the game names it (a comma is "Comma"); the page's own keys (A, O, the
    apostrophe) still do what they do."""
    skip_without_browser()

    def answered(key: str, name: str) -> None:
        before = len(heard(driver))
        press(driver, key)
        answer = f"{name} does nothing here. F1 lists the keys."
        wait_for(
            lambda: answer in [text for _kind, text in heard(driver)[before:]],
            what=f"{name}'s answer",
        )

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        assert focused_id(driver) == "lobby-heading"
        answered("s", "S")
        create_table_by_keys(driver, "Quiet")
        tab_to(driver, "#waiting-heading")
        for key, name in (("y", "Y"), ("s", "S"), ("k", "K"), (",", "Comma")):
            answered(key, name)
        tab_to(driver, "#start")
        answered("k", "K")
        assert _visible(driver, "waiting") and focused_id(driver) == "start"
        press(driver, "'")  # the page's own key: the chat line, not an answer
        assert focused_id(driver) == "chat"


def test_a_free_seats_sit_here_moves_the_page_player_before_the_game(
    tmp_path: Path,
) -> None:
    """Robin sat in seat 2 takes seat 3, Ann's partner, with its "Sit here" (as
    the game's Enter on a free seat does), and hears so in the game's words."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        ann = Connection(url.replace("http", "ws", 1), "Ann")
        ann.start()
        try:
            ann.send(p.CreateTable(name="Alpha", rules={"preset": "pagat"}))
            open_page_by_keys(driver, url, "Robin")
            wait_for_element(driver, "#tables li", "Ann's table")
            table = driver.execute_script(
                "return document.querySelector('#tables li').dataset.id"
            )
            tab_to(driver, f"#join-{table}")
            press(driver, Keys.ENTER)
            wait_for(lambda: focused_id(driver) == f"sit-{table}-1", what="seat 2")
            press(driver, Keys.ENTER)
            wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")
            assert "Seat 2, you" in _by_id(driver, "seats").text
            assert _by_id(driver, "move-2").get_attribute("aria-label") == (
                "Sit here: Seat 3: free"
            )
            tab_to(driver, "#move-2")
            before = len(heard(driver))
            press(driver, Keys.ENTER)
            wait_for(
                lambda: any(
                    text == "You moved to seat 3; your partner is Ann."
                    for _, text in heard(driver)[before:]
                ),
                what=f"the move said: {heard(driver)[before:]}",
            )
            wait_for(
                lambda: "Seat 3, you" in _by_id(driver, "seats").text,
                what="seat 3 shown as Robin's",
            )
            # The seat left is free to take again; the one taken offers nothing.
            assert _by_id(driver, "move-1") is not None
            assert not driver.find_elements("css selector", "#move-2")
        finally:
            ann.close()


def test_sitting_down_from_the_lobby_says_the_games_arrival_once(
    tmp_path: Path,
) -> None:
    """QA: the page's arrival in the waiting room said only "You sit in seat 2 at
    table Alpha.", where the game's says "Waiting for the game: <rules>." before
    it. Robin sits at Ann's listed table by keys and hears the game's arrival,
    in its order. The focus is on the room's heading then, its name alone: its
    description (the same rules, under the title) was read with it, the rules
    twice in a row. Once the focus leaves the heading, coming back to it reads
    the description."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        ann = Connection(url.replace("http", "ws", 1), "Ann")
        ann.start()
        try:
            ann.send(p.CreateTable(name="Alpha", rules={"preset": "pagat"}))
            open_page_by_keys(driver, url, "Robin")
            wait_for_element(driver, "#tables li", "Ann's table")
            table = driver.execute_script(
                "return document.querySelector('#tables li').dataset.id"
            )
            tab_to(driver, f"#join-{table}")
            press(driver, Keys.ENTER)
            wait_for(lambda: focused_id(driver) == f"sit-{table}-1", what="seat 2")
            before = len(heard(driver))
            press(driver, Keys.ENTER)
            wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")
            arrival = (
                "Waiting for the game: 4 players in partnerships, to 500 points, "
                "pagat's rules. You sit in seat 2 at table Alpha. The host starts "
                "the game."
            )

            def said() -> list[str]:
                return [text for _kind, text in heard(driver)[before:]]

            wait_for(lambda: arrival in said(), what=f"the arrival: {said()}")
            assert [t for t in said() if "pagat's rules" in t] == [arrival]
            heading = _by_id(driver, "waiting-heading")
            about = _by_id(driver, "waiting-about")
            assert focused_id(driver) == "waiting-heading"
            assert heading.get_attribute("aria-describedby") is None
            assert about.text.startswith("Waiting for the game at table Alpha: ")
            # Away (to the chat line) and back by its Escape: the heading says
            # where one waits again.
            press(driver, "'")
            assert focused_id(driver) == "chat"
            press(driver, Keys.ESCAPE)
            assert focused_id(driver) == "waiting-heading"
            assert heading.get_attribute("aria-describedby") == "waiting-about"
        finally:
            ann.close()


def test_a_host_named_as_a_computer_player_is_not_offered_it(tmp_path: Path) -> None:
    """A page host called Milly does not find Milly the computer player in the
    free seats' lists: both would be heard as "Milly plays" (the server refuses
    it, and the game's own list leaves her out too)."""
    skip_without_browser()
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Milly")
        create_table_by_keys(driver, "Tea")
        wait_for(
            lambda: driver.execute_script(
                "return document.querySelectorAll('#seats select option').length"
            ),
            what="the computer players' lists",
        )
        offered = driver.execute_script(
            "return [...document.querySelectorAll('#seats select option')]"
            ".map((o) => o.value);"
        )
    assert "milly" not in offered, offered
    assert "bert" in offered, offered


def test_a_computer_players_choice_says_what_they_are_like(tmp_path: Path) -> None:
    """The host's list of computer players describes the one chosen, as the
    game's Left and Right say it (QA: the page gave names and stars only); moved
    by the arrow keys, the description follows once the choice rests."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades.bots import find_character
    from audiospades.presenter.menus import character_personality

    def described() -> tuple[str, str]:
        return driver.execute_script(
            "const s = document.activeElement;"
            "const about = document.getElementById(s.getAttribute('aria-describedby'));"
            "return [s.value, about ? about.textContent : ''];"
        )

    def personality(character_id: str) -> str:
        found = find_character(character_id)
        assert found is not None
        return character_personality(found)

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page_by_keys(driver, url, "Robin")
        create_table_by_keys(driver, "Tea")
        wait_for_element(driver, "#seats select", "the computer players' lists")
        tab_to(driver, "#seats select")
        first, about = described()
        assert about == personality(first)
        press(driver, Keys.ARROW_DOWN)
        wait_for(lambda: described()[0] != first, what="the next character")
        chosen = described()[0]
        wait_for(
            lambda: described()[1] == personality(chosen),
            what="the next character described",
        )
        live = driver.execute_script(
            "return document.activeElement.nextElementSibling.getAttribute('aria-live')"
        )
        assert live == "polite"


def test_who_is_online_is_a_button_of_the_lobby_answered_in_words(
    tmp_path: Path,
) -> None:
    """The page's lobby asks who else is connected, as the game's does, and hears
    the answer as a message: Ann, at her table, and Bob in the lobby."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        address = url.replace("http", "ws", 1)
        ann, bob = Connection(address, "Ann"), Connection(address, "Bob")
        ann.start()
        bob.start()
        try:
            ann.send(p.CreateTable(name="Alpha", rules={"preset": "pagat"}))
            open_page_by_keys(driver, url, "Robin")
            wait_for_element(driver, "#tables li", "Alpha")
            tab_to(driver, "#who-online")
            assert _by_id(driver, "who-online").text == "Who is online"
            press(driver, Keys.ENTER)
            answer = (
                "2 other people online: Bob, in the lobby; Ann, waiting at table Alpha."
            )
            wait_for(lambda: ("polite", answer) in heard(driver), what="the answer")
            assert focused_id(driver) == "who-online"
            # A line to Robin alone, from Bob, who finds him in the same list.
            bob.send(p.WhoIsOnline())

            def robin() -> str | None:
                for message in bob.poll():
                    if isinstance(message, p.PeopleOnline):
                        return next(
                            o.player for o in message.people if o.name == "Robin"
                        )
                return None

            bob.send(p.Chat(text="join Alpha", to=wait_for(robin, what="Robin's id")))
            wait_for(
                lambda: ("polite", "Bob, to you: join Alpha") in heard(driver),
                what="the private line",
            )
            # The answer to Bob alone: To, then Bob (from the last list), typed.
            tab_to(driver, "#chat-to")
            press(driver, "b")
            assert _by_id(driver, "chat-to").get_attribute("value") != ""
            tab_to(driver, "#chat")
            press(driver, "on my way", Keys.ENTER)
            wait_for(
                lambda: ("polite", "You, to Bob: on my way") in heard(driver),
                what="the line sent",
            )

            def bobs_line() -> p.ChatLine | None:
                for message in bob.poll():
                    if isinstance(message, p.ChatLine) and message.text == "on my way":
                        return message
                return None

            line = wait_for(bobs_line, what="Bob's line")
            assert (line.scope, line.sender) == ("private", "Robin")
            assert not any(
                isinstance(m, p.ChatLine) and m.text == "on my way" for m in ann.poll()
            )
        finally:
            ann.close()
            bob.close()
