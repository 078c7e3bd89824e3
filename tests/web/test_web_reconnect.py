"""The server restarts mid-game: the page reconnects by itself and plays on.

The page says "Connection lost, reconnecting" once, tries again with growing
pauses, and on the new connection (its token kept in the browser) gets its seat
back: "Reconnected", where things stand, and the game goes on to the end.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from test_web_browser import (
    _by_id,
    _visible,
    host_short_table,
    is_over,
    open_join_form,
    open_page,
    play_to_the_end,
    press,
    tab_to,
)
from web_helpers import (
    chromium,
    focused_id,
    heard,
    restarting_server,
    running_server,
    skip_without_browser,
    wait_for,
)

pytestmark = pytest.mark.browser

IN_ORDER = """
window.__inOrder = [];
const observer = new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) window.__inOrder.push(node.textContent);
  }
});
for (const id of ["polite", "assertive"]) {
  observer.observe(document.getElementById(id), { childList: true });
}
"""
"""Records the lines of both live regions in the order the page adds them (one
observer for both: two observers hear one region's lines before the other's)."""
IN_ORDER_LINES = "return window.__inOrder || [];"


FAILING_SOCKETS = (
    "window.RealWebSocket = window.WebSocket;"
    "window.WebSocket = function () {"
    "  const failing = new EventTarget();"
    "  failing.readyState = 3;"
    "  failing.close = () => {};"
    "  setTimeout(() => failing.dispatchEvent("
    "    new CloseEvent('close', { code: 1006 })), 10);"
    "  return failing;"
    "};"
    "window.WebSocket.OPEN = 1;"
    "state.ws.close();"
)
"""Every new attempt fails at once (as when the network is down), and the link
drops."""


def test_the_page_comes_back_after_a_server_restart(tmp_path: Path) -> None:
    skip_without_browser()
    with (
        restarting_server(tmp_path / "server.db") as (server, url),
        chromium() as driver,
    ):
        open_page(driver, url, "Robin")
        host_short_table(driver, "Restarted table")
        play_to_the_end(driver, turns=4)  # the bid and three cards
        server.stop()
        wait_for(
            lambda: ("assertive", "Connection lost, reconnecting.") in heard(driver),
            what="the page to say the link is lost",
        )
        server.start()
        wait_for(
            lambda: ("polite", "Reconnected.") in heard(driver),
            what="the page to reconnect",
        )
        play_to_the_end(driver)
        assert is_over(driver)
        lines = [text for _kind, text in heard(driver)]
    after = lines[lines.index("Reconnected.") :]
    # One hand, and one more for each tie (a tied game plays on).
    hands = sum(1 for t in lines if "The hand is over." in t)
    assert hands >= 1
    assert sum(1 for t in lines if t.startswith("You play the ")) == 13 * hands
    assert any(t.startswith("You play the ") for t in after)
    # Where things stand, as the game says it after a reconnection.
    assert any(t.startswith("Back at the table. Hand 1.") for t in after), after[:3]
    assert lines.count("Connection lost, reconnecting.") == 1


def test_a_second_tab_takes_the_game_and_the_first_does_not_take_it_back(
    tmp_path: Path,
) -> None:
    """The same player opens the game elsewhere (here the game's own client, with
    the page's token): the page says so once, goes back to its form with the focus
    on its heading, and does not reconnect (which would knock the other off, and
    so on for ever)."""
    skip_without_browser()
    from selenium.webdriver.common.by import By

    from audiospades.net.client import Connection, Link, LinkState

    replaced = (
        "You are now connected from another window or device, so this one has "
        "left the server."
    )
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page(driver, url, "Robin")
        token = driver.execute_script(
            "return localStorage.getItem('audiospades-token')"
        )
        other = Connection(url.replace("http", "ws", 1), "Robin", token=token)
        other.start()
        try:
            wait_for(
                lambda: ("assertive", replaced) in heard(driver),
                what="the page to say it was replaced",
            )
            wait_for(
                lambda: driver.find_element(By.ID, "join").is_displayed(),
                what="the join form",
            )
            assert focused_id(driver) == "join-heading"
            # Its chat line is gone (a line typed there went nowhere, unsaid);
            # the messages stay to be read.
            assert not driver.find_element(By.ID, "chat").is_displayed()
            assert driver.find_element(By.ID, "history").is_displayed()
            time.sleep(2.0)  # past the first reconnection pauses
            links = [i.state for i in other.poll() if isinstance(i, Link)]
            lines = [text for _kind, text in heard(driver)]
        finally:
            other.close()
    assert links == [LinkState.CONNECTED]
    assert lines.count(replaced) == 1
    assert "Connection lost, reconnecting." not in lines


def test_a_page_whose_seat_was_given_up_while_away_is_told_so(tmp_path: Path) -> None:
    """Robin waits at his new table; his link drops and stays down longer than the
    takeover delay, so his seat is given up and the table closes. Back, the page
    says so in the game's words, before the lobby's first line, and says
    "Connecting" only the once. Before, it said the table was gone (it guessed),
    and "Connecting" at every attempt; and then why only after the lobby's line."""
    skip_without_browser()
    from test_web_browser import _visible, create_table_by_keys

    from audiospades.presenter.online import SEAT_LOST

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page(driver, url, "Robin")
        create_table_by_keys(driver, "Waiting")
        wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")
        # Every new attempt fails until the seat is given up (5 s at this server).
        # (A socket that fails at once, as when the network is down.)
        driver.execute_script(FAILING_SOCKETS)
        driver.execute_script(IN_ORDER)
        wait_for(
            lambda: ("assertive", "Connection lost, reconnecting.") in heard(driver),
            what="the link to drop",
        )
        time.sleep(6.0)
        driver.execute_script("window.WebSocket = window.RealWebSocket;")
        wait_for(
            lambda: ("assertive", SEAT_LOST) in heard(driver),
            timeout=30,
            what="why the page is back in the lobby",
        )
        lines = [text for _kind, text in heard(driver)]
        in_order = [str(text) for text in driver.execute_script(IN_ORDER_LINES)]
        assert lines.count("Connecting…") == 1, lines
        assert "Your table is no longer there: you are back in the lobby." not in lines
        # Why first, then the lobby's own line (before, the other way round: the
        # assertive reason could cut the lobby's line off).
        back = in_order[in_order.index("Reconnected.") + 1 :]
        assert back[:2] == [SEAT_LOST, "No table is open yet: create one."], back


def test_a_page_opened_again_after_its_seat_was_given_up_is_told_so(
    tmp_path: Path,
) -> None:
    """Robin closes the page in his waiting room and opens it again after the
    takeover delay: the server's welcome says his seat was given up (protocol
    9), and the page says so before the lobby. Before, a fresh page knew of no
    table and the lobby came alone."""
    skip_without_browser()
    from test_web_browser import _visible, create_table_by_keys

    from audiospades.presenter.online import SEAT_LOST

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page(driver, url, "Robin")
        create_table_by_keys(driver, "Waiting")
        wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")
        # The page closed, its link with it (a page kept for Back might not
        # close its socket at once).
        driver.execute_script("state.ws.close(); location.replace('about:blank');")
        time.sleep(6.0)  # the seat is given up after 5 s at this server
        open_join_form(driver, url)
        driver.execute_script(IN_ORDER)
        _by_id(driver, "connect").click()  # as Robin (the name is kept)
        lobby = "No table is open yet: create one."
        wait_for(lambda: ("polite", lobby) in heard(driver), what="the lobby")
        lines = [str(text) for text in driver.execute_script(IN_ORDER_LINES)]
        # Why first, then the lobby's line (not cut off by it), once.
        assert lines[lines.index(SEAT_LOST) :][:2] == [SEAT_LOST, lobby], lines
        assert lines.count(SEAT_LOST) == 1


def test_a_spectator_watches_again_after_a_server_restart(tmp_path: Path) -> None:
    """Robin watches Ann's game from Milly's chair; the server restarts. Back,
    the page watches the same table from the same chair again, where things
    stand said as on coming back. Before, it said "Your table is no longer
    there" while the lobby it showed listed that very table, its game under way
    (then the page asked to watch again; now the server keeps who watched)."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys
    from test_web_browser import _visible, open_page_by_keys, press, tab_to

    from audiospades.net import protocol as p
    from audiospades.net.client import Connection

    with restarting_server(tmp_path / "server.db") as (server, url):
        ann = Connection(url.replace("http", "ws", 1), "Ann")
        ann.start()
        try:
            ann.send(p.CreateTable(name="Alpha", rules={"preset": "pagat"}))
            for seat, character in enumerate(("milly", "bert", "poppy"), start=1):
                ann.send(p.AddBot(seat=seat, character=character))
            ann.send(p.StartGame())
            with chromium() as driver:
                open_page_by_keys(driver, url, "Robin")
                wait_for(
                    lambda: driver.execute_script(
                        "return !!document.querySelector('#tables button[id^=watch-]')"
                    ),
                    what="Ann's table",
                )
                table = driver.execute_script(
                    "return document.querySelector('#tables li').dataset.id"
                )
                tab_to(driver, f"#watch-{table}")
                press(driver, Keys.ENTER)
                wait_for(
                    lambda: focused_id(driver) == f"chair-{table}-0", what="chairs"
                )
                press(driver, Keys.TAB, Keys.ENTER)  # Milly's chair, seat 2
                watching = "You are watching table Alpha from the chair of Milly."
                wait_for(lambda: ("polite", watching) in heard(driver), what="watching")
                server.stop()
                lost = ("assertive", "Connection lost, reconnecting.")
                wait_for(lambda: lost in heard(driver), what="the link to drop")
                server.start()
                wait_for(
                    lambda: ("polite", "Reconnected.") in heard(driver), what="back"
                )
                wait_for(
                    lambda: any(
                        t.startswith("Back at the table.") for _k, t in heard(driver)
                    ),
                    what="watching again",
                )
                wait_for(lambda: _visible(driver, "table"), what="the table again")
                lines = [text for _kind, text in heard(driver)]
                restarted = server.servers[-1].server
                assert restarted is not None
                chairs = [
                    chair
                    for table in restarted.tables.values()
                    for client, chair in table.spectators.items()
                    if client.name == "Robin"
                ]
                assert chairs == [1], chairs
        finally:
            ann.close()
    assert "Your table is no longer there: you are back in the lobby." not in lines


def test_a_language_chosen_while_the_server_is_down_is_the_page_s_too(
    tmp_path: Path,
) -> None:
    """The server restarts while the player is on the join form and chooses French
    (Down on the language list): the page's own words could not be fetched then.
    Connect, once the server is back, brings them: O says "Sons activés.", in the
    game's language. Before, the game spoke French and the page English."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with (
        restarting_server(tmp_path / "server.db") as (server, url),
        chromium() as driver,
    ):
        open_join_form(driver, url)
        server.stop()
        tab_to(driver, "#language")
        press(driver, Keys.ARROW_DOWN)  # English, then French
        wait_for(
            lambda: _by_id(driver, "language").get_attribute("value") == "fr",
            what="French chosen",
        )
        server.start()
        tab_to(driver, "#name")
        press(driver, "Robin", Keys.ENTER)
        wait_for(lambda: _visible(driver, "lobby"), what="the lobby")
        press(driver, "o")
        wait_for(
            lambda: heard(driver)[-1:] == [("polite", "Sons activés.")],
            what="the page's words in French",
        )
        lines = [text for _kind, text in heard(driver)]
    assert "Aucune table n'est encore ouverte\xa0: créez-en une." in lines
    assert "Sound cues on." not in lines


def test_a_chat_line_sent_while_the_link_is_down_is_kept_to_send_again(
    tmp_path: Path,
) -> None:
    """The server goes down while the player is in the lobby; they type a chat
    line and press Enter: the page says the link is being brought back, and the
    line stays in the field, with the focus. Once reconnected, Enter sends it.
    Before, the line was erased unsent."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    lost = ("assertive", "Connection lost, reconnecting.")
    with (
        restarting_server(tmp_path / "server.db") as (server, url),
        chromium() as driver,
    ):
        open_page(driver, url, "Robin")
        server.stop()
        wait_for(lambda: lost in heard(driver), what="the link lost")
        press(driver, "'")  # the apostrophe opens the chat line
        wait_for(lambda: focused_id(driver) == "chat", what="the chat line")
        press(driver, "hello again", Keys.ENTER)
        wait_for(lambda: heard(driver).count(lost) == 2, what="Enter answered")
        assert focused_id(driver) == "chat"
        assert _by_id(driver, "chat").get_attribute("value") == "hello again"
        server.start()
        wait_for(
            lambda: ("polite", "Reconnected.") in heard(driver),
            what="the page to reconnect",
        )
        press(driver, Keys.ENTER)
        wait_for(
            lambda: ("polite", "Robin: hello again") in heard(driver),
            what="the line sent",
        )
        assert _by_id(driver, "chat").get_attribute("value") == ""


def test_the_page_tries_again_within_five_seconds_well_before_the_takeover(
    tmp_path: Path,
) -> None:
    """The pauses between attempts stop growing at 5 s, each shortened at random
    by up to a fifth: a page whose server restarted is back long before the
    server's default takeover gives its seat to a computer."""
    from audiospades.net.server import ServerConfig

    skip_without_browser()
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        driver.get(url)
        wait_for(lambda: _by_id(driver, "connect").text == "Connect", what="words")
        longest = driver.execute_script(
            "return [...Array(12).keys()].map((n) => reconnectDelay(n, 0));"
        )
        shortest = driver.execute_script(
            "return [...Array(12).keys()].map((n) => reconnectDelay(n, 1));"
        )
    assert longest == [500, 1000, 2000, 4000] + [5000] * 8
    assert shortest == [ms * 0.8 for ms in longest]
    takeover_ms = ServerConfig().takeover_seconds * 1000
    assert sum(longest[:8]) < takeover_ms  # eight tries before the takeover


def test_while_the_link_is_down_each_key_is_answered_but_kept_once(
    tmp_path: Path,
) -> None:
    """Robin sends a chat line three times while the link is down: each Enter is
    answered "Connection lost, reconnecting.", but the messages keep it once for
    the outage (a line per key press buried what was said before)."""
    skip_without_browser()
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    lost = "Connection lost, reconnecting."
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page(driver, url, "Robin")
        driver.execute_script(FAILING_SOCKETS)
        wait_for(lambda: ("assertive", lost) in heard(driver), what="the link drop")
        tab_to(driver, "#chat")
        press(driver, "anyone here?")
        for _ in range(3):
            press(driver, Keys.ENTER)
        wait_for(
            lambda: heard(driver).count(("assertive", lost)) == 4,
            what="each Enter answered",
        )
        kept = [
            item.text
            for item in driver.find_element(By.ID, "history").find_elements(
                By.TAG_NAME, "li"
            )
        ]
        still_typed = _by_id(driver, "chat").get_attribute("value")
    assert kept.count(lost) == 1
    assert still_typed == "anyone here?"


def test_a_page_left_for_another_address_lets_go_of_its_link_and_comes_back(
    tmp_path: Path,
) -> None:
    """Robin's tab goes to another address mid-game (a link, Back): Ann hears that
    Robin lost the connection, so a computer can take the seat, rather than wait
    untold. Back on the page (from the browser's back-forward cache), it connects
    again and Robin hears where things stand. Before, the cached page kept its
    connection open: the server held the seat for no one, and the table waited."""
    skip_without_browser()
    from test_web_focus import robin_at_anns_table

    from audiospades.net import protocol as p

    with robin_at_anns_table(tmp_path) as (url, driver, ann):
        ann.send(p.StartGame())
        wait_for(lambda: _visible(driver, "table"), what="the game to start")
        driver.execute_script("window.__samePage = true")
        changes: list[p.SeatChange] = []

        def robin(change: p.SeatChange) -> bool:
            changes.extend(
                item.change
                for item in ann.poll()
                if isinstance(item, p.SeatChanged) and item.name == "Robin"
            )
            return change in changes

        driver.get(url.rstrip("/") + "/favicon.svg")
        wait_for(lambda: robin(p.SeatChange.DISCONNECTED), what="Robin's link dropped")
        driver.back()
        wait_for(lambda: robin(p.SeatChange.RECONNECTED), what="Robin back")
        # Restored from the cache, not loaded afresh (which waits for Connect).
        assert driver.execute_script("return window.__samePage === true")
        wait_for(
            lambda: any(
                text.startswith("Back at the table.") for _kind, text in heard(driver)
            ),
            what="where things stand",
        )
