"""After the game, on the page: another game is asked for first, and the results
stay when someone leaves, as in the game itself.

Before, the page's *Start the game* button started another game at once and Enter
on the card table only told the result again, where the game asks "Start another
game at this table with the same players? Y starts, N stays."; and once anyone
left the finished table, the page swapped the results for the waiting room with
only "Ann left the table." and "You are now the host.": nothing said why, or that
a seat had to be filled, and S, K and L could no longer be reached.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import (
    _visible,
    host_short_table_by_keys,
    is_over,
    open_page,
    play_to_the_end,
    press,
    robin_in_anns_waiting_room,
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

SAME_PLAYERS = (
    "Start another game at this table with the same players? Y starts, N stays."
)
ANN_LEFT = (
    "Start another game at this table? Ann left, so a seat is free: "
    "Y takes you to the waiting room to fill it, N stays."
)
FILL_THE_SEAT = (
    "To play again at this table, press Enter, then fill the free seat in the "
    "waiting room."
)
STAYING = (
    "The game is over; you stay at its table. To play again at this table with "
    "the same players, press Enter. To leave the table, press Leave the table."
)
SHORT = {"preset": "pagat", "target_score": None, "hand_limit": 1}


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
    card table asks the game's question (S answers under it, a key that would
    act asks again, N stays and says what can be done now), and so does the
    *Start the game* button, which puts the focus on the card table for the
    answer (its Escape is N); Y starts the next game."""
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
        # S, a key that only asks, answers as at the table: the question stays.
        said = len(heard(driver))
        press(driver, "s")
        wait_for(lambda: len(heard(driver)) > said, what="the scores")
        assert _texts(driver)[-1].startswith("You and "), _texts(driver)[-3:]
        assert _asking(driver)
        press(driver, "t")  # a key that would act: the question again
        _hear(driver, SAME_PLAYERS, 2)
        press(driver, "n")
        wait_for(lambda: not _asking(driver), what="N answered")
        _hear(driver, STAYING)
        assert is_over(driver)
        assert focused_id(driver) == "board"
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
        _hear(driver, STAYING, 2)
        assert focused_id(driver) == "board"
        press(driver, Keys.ENTER)
        _hear(driver, SAME_PLAYERS, 4)
        press(driver, "y")
        _hear(driver, "The game starts.")
        wait_for(lambda: not is_over(driver), what="the next game")
        assert focused_id(driver) == "board"


def test_the_question_open_when_the_link_dropped_is_asked_again_once_back(
    tmp_path: Path,
) -> None:
    """Robin's "Start another game...?" is open when the server restarts (as
    when the link drops: the server held the question for a connection that is
    gone). Back at the finished game's results, the page asks it again, after
    where things stand, and Y starts the next game. Before, the question was
    gone without a word: Y said "Y does nothing here" and N asked it anew."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    with (
        restarting_server(tmp_path / "server.db") as (server, url),
        chromium() as driver,
    ):
        open_page(driver, url, "Robin")
        host_short_table_by_keys(driver, "Again")
        play_to_the_end(driver)
        wait_for(lambda: focused_id(driver) == "board", what="the card table")
        press(driver, Keys.ENTER)
        _hear(driver, SAME_PLAYERS)
        server.stop()
        _hear(driver, "Connection lost, reconnecting.")
        server.start()
        _hear(driver, SAME_PLAYERS, 2)
        wait_for(lambda: _asking(driver), what="the question open again")
        texts = _texts(driver)
        back = texts[texts.index("Reconnected.") :]
        assert back[1].startswith("Back at the table. The game is over. "), back
        assert back[-1] == SAME_PLAYERS, back
        assert is_over(driver)
        assert focused_id(driver) == "board"
        press(driver, "y")
        _hear(driver, "The game starts.")
        wait_for(lambda: not is_over(driver), what="the next game")


class _Ann:
    """Ann at the table by the protocol, her seat played by the level 1 hint.

    Her connection (``conn``) is the one ``robin_in_anns_waiting_room`` sends
    through; a thread reads it and plays her turns.
    """

    def __init__(self, url: str) -> None:
        from audiospades.net.client import Connection
        from audiospades.net.remote import OnlineClient

        self.conn = Connection(url.replace("http", "ws", 1), "Ann")
        self.online = OnlineClient(self.conn)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ann", daemon=True)

    def start(self) -> None:
        self.conn.start()
        self._thread.start()

    def _run(self) -> None:
        from audiospades.bots import hint
        from audiospades.bots.reasons import HintKind

        rng = random.Random(0)
        while not self._stop.is_set():
            self.online.pump()
            table = self.online.table
            if table is not None and table.has_started and not table.is_over:
                table.drain()
                table.drain_news()
                if table.question is not None:
                    table.answer(False)
                elif table.is_human_turn:
                    advice = hint(table.view(), rng, level=1, timed=False)
                    if advice.kind is HintKind.BID and advice.bid is not None:
                        table.human_bid(advice.bid)
                    elif advice.kind is HintKind.PLAY and advice.card is not None:
                        table.human_play(advice.card)
                    elif advice.kind is HintKind.PASS:
                        table.human_pass(advice.cards)
            time.sleep(0.02)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(10)
        self.conn.close()


def test_the_results_stay_when_someone_leaves_and_the_free_seat_is_filled(
    tmp_path: Path,
) -> None:
    """Ann hosts a one-hand game with Milly, Bert and Robin's page; once it is
    over, she leaves. Robin, the host now, stays on the results (S answers) and
    hears how to play again; Enter asks, naming Ann; Y shows the waiting room with
    the focus on her free seat's computer player, Escape goes back to the results
    (said so, with how to play again or leave), and from the room again a
    computer fills the seat and the next game starts."""
    skip_without_browser()
    from selenium.webdriver.common.keys import Keys

    from audiospades.net import protocol as p

    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        ann = _Ann(url)
        ann.start()
        try:
            robin_in_anns_waiting_room(driver, url, ann.conn, SHORT, open_page)
            ann.conn.send(p.StartGame())
            wait_for(lambda: _visible(driver, "table"), what="the game")
            play_to_the_end(driver)
            _hear(
                driver,
                "The game is over. The host can start another game here; "
                "Leave the table goes back to the lobby.",
            )
            ann.conn.send(p.Leave())
            _hear(driver, FILL_THE_SEAT)
            texts = _texts(driver)
            assert "Ann left the table." in texts
            assert "You are now the host." in texts
            assert texts.index("You are now the host.") < texts.index(FILL_THE_SEAT)
            # The results stay, the focus with them, and their keys answer.
            assert _visible(driver, "table") and not _visible(driver, "waiting")
            assert is_over(driver)
            assert focused_id(driver) == "board"
            said = len(heard(driver))
            press(driver, "s")
            wait_for(lambda: len(heard(driver)) > said, what="the scores")
            assert _texts(driver)[-1].startswith("You and "), _texts(driver)[-3:]
            # Enter asks, naming who left; Y shows the seats, focus on the free one.
            press(driver, Keys.ENTER)
            _hear(driver, ANN_LEFT)
            press(driver, "y")
            wait_for(lambda: _visible(driver, "waiting"), what="the waiting room")
            # The game's arrival in the room, its title with the rules first.
            _hear(
                driver,
                "Waiting for the game: 4 players in partnerships, 1 hand, custom "
                "rules. You sit in seat 4 at table Alpha. Your partner is Milly. "
                "You are the host: put computer players in free seats, then start "
                "the game.",
            )
            wait_for(lambda: focused_id(driver) == "character-0", what="Ann's seat")
            # Escape: back to the results.
            press(driver, Keys.ESCAPE)
            wait_for(lambda: _visible(driver, "table"), what="the results again")
            assert is_over(driver)
            wait_for(lambda: focused_id(driver) == "board", what="the card table")
            _hear(
                driver,
                "You left the waiting room and are back at the finished game's "
                f"table. {FILL_THE_SEAT} To leave the table, press Leave the table.",
            )
            press(driver, Keys.ENTER)
            _hear(driver, ANN_LEFT, 2)
            press(driver, "y")
            wait_for(lambda: focused_id(driver) == "character-0", what="Ann's seat")
            tab_to(driver, "#add-0")
            press(driver, Keys.ENTER)
            wait_for(
                lambda: driver.execute_script("return !$('start').hidden"),
                what="Start",
            )
            tab_to(driver, "#start")
            press(driver, Keys.ENTER)
            _hear(driver, "The game starts.")
            wait_for(lambda: _visible(driver, "table"), what="the next game")
            wait_for(lambda: not is_over(driver), what="the next game's picture")
            assert focused_id(driver) == "board"
        finally:
            ann.close()
