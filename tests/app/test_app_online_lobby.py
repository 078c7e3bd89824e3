"""The lobby, a private table joined by its code, the waiting room, and chat.

Two players' games run in this process against a real server on loopback.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable
from pathlib import Path

from online_helpers import (
    HOST_WITH_BOTS,
    bob_at_the_code_of_anns_table,
    connect,
    heard,
    server_thread,
    type_keys,
    until,
    url_of,
)

from audiospades.app.harness import Harness
from audiospades.app.lobby import (
    BotChoiceScreen,
    LobbyScreen,
    PeopleScreen,
    TableChoiceScreen,
    WaitingRoomScreen,
)
from audiospades.app.online_table import OnlineTableScreen
from audiospades.net import protocol as p
from audiospades.net.client import Connection, Link, LinkState
from audiospades.sound import Cue
from audiospades.storage import Settings

SMALL = {"preset": "pagat", "target_score": None, "hand_limit": 1}


def _settings(**changes: object) -> Settings:
    base = Settings(language="en", pace="fast", last_rules=dict(SMALL))
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def _ann_opens_a_table(ann: Harness, *told: Harness) -> None:
    """Ann, in the lobby, creates "Ann's table" and waits in it; the others, in
    the lobby, have heard it open."""
    ann.press("return", "end", "return")
    until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
    for other in told:
        until(heard(other, "New table: Ann's table."), other)


def test_a_private_table_is_joined_by_its_code_and_chat_is_heard(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            assert ann.transcript[-2:] == [
                f"Connected to ws://127.0.0.1:{server.port}.",
                "Lobby. No table is open yet: create one. Create a table, 1 of 6",
            ]
            ann.press("return")
            assert ann.last == "Create a table. Table name, Ann's table, 1 of 4"
            ann.press("down", "down", "right")
            assert ann.last == "Private, on, 3 of 4"
            ann.press("down", "return")
            ann.settle()
            room = ann.app.top
            assert isinstance(room, WaitingRoomScreen)
            code = room.table.code
            assert code is not None and len(code) == 6
            spelled = " ".join(code)
            assert ann.transcript[-1] == (
                "Waiting for the game: 4 players in partnerships, 1 hand, custom "
                "rules. "
                "You sit in seat 1 at Ann's table. "
                f"Private table: its code is {spelled}. You are the host: put "
                "computer players in free seats, then start the game. "
                "Seat 1, you, 1 of 7"
            )
            # A private table is not listed: Bob joins it by its code.
            bob.press("down")
            assert bob.last == "Join a private table by its code, 2 of 6"
            bob.press("return")
            assert bob.last.startswith("Table code: blank.")
            # Enter on a blank line asks for the code, not a rule about it.
            bob.press("return")
            assert bob.last == "Type the table's code."
            bob.press("-", "return")
            assert bob.last == "A table code is made of letters and digits."
            bob.press("backspace", *type_keys(code.lower()), "return")
            bob.settle()
            assert bob.last.startswith("Join this table. Ann's table, 4 players")
            assert bob.last.endswith("Sit at the first free seat, 1 of 5")
            bob.press("return")
            until(lambda: isinstance(bob.app.top, WaitingRoomScreen), bob)
            assert bob.last == (
                "Waiting for the game: 4 players in partnerships, 1 hand, custom "
                "rules. "
                "You sit in seat 2 at Ann's table. "
                f"Private table: its code is {spelled}. The host starts the game. "
                "Seat 1, Ann, 1 of 6"
            )
            until(heard(ann, "Bob sits in seat 2."), ann)
            ann.press("down")
            assert ann.last == "Seat 2, Bob, 2 of 7"

            # Chat: the apostrophe opens a line; the others hear it with its cue.
            ann.press("'")
            assert ann.last == (
                "Chat to the table: blank. Type, then press Enter; Escape cancels."
            )
            ann.press(*type_keys("Hi Bob"), "return")
            until(heard(bob, "Ann: Hi Bob"), bob)
            assert Cue.CHAT in bob.sound.cues
            until(heard(ann, "Ann: Hi Bob"), ann)  # the sender hears it come back

            # Chat speech muted: the cue and the history stay, the voice is silent.
            ann.services.update_settings(chat_speech=False)
            bob_cues = len(ann.sound.cues)
            mark = ann.mark()
            # Bob waits for the host to start, so his keys would wait too: send
            # his line as his chat key would.
            from audiospades.net.protocol import Chat

            bob.app.top.online.client.send(Chat(text="Ready"))  # type: ignore[attr-defined]
            until(lambda: "Bob: Ready" in ann.speech.history, ann)
            assert "Bob: Ready" not in ann.said_since(mark)
            assert Cue.CHAT in ann.sound.cues[bob_cues:]

            # Bob leaves: Ann hears it. (Before a key, a player who waits for the
            # host waits until the game starts, within the patience: make it short.)
            bob.patience_seconds = 0.2
            bob.press("escape", "y")
            assert "You left the table." in bob.transcript
            until(heard(ann, "Bob left the table."), ann)
            until(lambda: isinstance(bob.app.top, LobbyScreen), bob)
        finally:
            ann.close()
            bob.close()


def test_the_lobby_lists_a_table_in_one_line_and_refuses_a_wrong_code(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        try:
            ann.press("return", "end", "return")
            ann.settle()
            carl = connect(make_harness, server, "Carl", settings=_settings())
            try:
                assert carl.last == (
                    "Lobby. 1 table is open. Ann's table, 4 players in "
                    "partnerships, 1 hand, custom rules, 3 seats free, seated: Ann, "
                    "1 of 7"
                )
                carl.press("return")
                assert carl.last.startswith(
                    "Join this table. Ann's table, 4 players in partnerships"
                )
                # The table's line ends its sentence before the first item.
                assert carl.last.endswith(
                    "seated: Ann. Sit at the first free seat, 1 of 5"
                )
                carl.press("down", "down")
                assert carl.last == "Sit in seat 3, partner of Ann, 3 of 5"
                carl.press("escape", "down", "down", "return")
                assert carl.last.startswith("Table code: blank.")
                mark = carl.mark()
                carl.press(*type_keys("ZZZZZZ"), "return")
                carl.settle()
                # Why, then where the focus is back (before, why alone: the
                # player did not know where they were).
                assert carl.said_since(mark)[-2:] == [
                    "There is no such table: it may have closed, or the code is wrong.",
                    "Join a private table by its code, 3 of 7",
                ]
                assert carl.sound.cues[-1] is Cue.ILLEGAL_MOVE
                # F1 lists the lobby's keys, the chat key among them.
                carl.press("f1")
                help_lines = [item.text() for item in carl.app.top.items]  # type: ignore[attr-defined]
                assert "Apostrophe: chat: type a line for the others to hear" in (
                    help_lines
                )
                carl.press("escape")
                # Refresh: the list is spoken again.
                carl.press("down")
                assert carl.last == "Refresh the list, 4 of 7"
                carl.press("return")
                carl.settle()
                assert carl.last.startswith("1 table is open. ")
            finally:
                carl.close()
        finally:
            ann.close()


def test_playing_from_a_second_window_closes_the_first_and_it_stays_closed(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann, at her waiting room, connects again from elsewhere with her token: the
    first window says so and leaves the server instead of reconnecting (which
    would take the seat back, and then the other would, for ever)."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        other: Connection | None = None
        try:
            ann.press("return", "end", "return")  # create a table
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            lobby_screen = next(
                s for s in ann.app.stack.screens if isinstance(s, LobbyScreen)
            )
            first = lobby_screen.online.client.connection
            assert first.token
            other = Connection(url_of(server), "Ann", token=first.token)
            other.start()
            until(heard(ann, REPLACED_LINE), ann)
            until(
                lambda: (
                    not any(
                        isinstance(s, (LobbyScreen, WaitingRoomScreen))
                        for s in ann.app.stack.screens
                    )
                ),
                ann,
            )
            end = time.monotonic() + 2.0  # time enough to reconnect, were it to
            while time.monotonic() < end:
                ann.frame()
                time.sleep(0.01)
            links = [i.state for i in other.poll() if isinstance(i, Link)]
            assert links == [LinkState.CONNECTED]  # never replaced in turn
            assert ann.transcript.count(REPLACED_LINE) == 1
            assert "Connection lost, reconnecting." not in ann.transcript
        finally:
            if other is not None:
                other.close()
            ann.close()


REPLACED_LINE = (
    "You are now connected from another window or device, so this one has left "
    "the server."
)


def test_refresh_is_answered_by_the_whole_list_not_by_a_change_before_it(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """A table changing between Refresh and its answer is not taken for the
    answer: the count and the focused line are said once, when the list comes."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        carl = connect(make_harness, server, "Carl")
        try:
            _ann_opens_a_table(ann, carl)
            lobby = carl.app.top
            assert isinstance(lobby, LobbyScreen)
            client = lobby.online.client
            connection = client.connection
            late: list[object] = []

            def held() -> list[object]:  # the server's answer is late
                late.extend(Connection.poll(connection))
                return []

            connection.poll = held  # type: ignore[method-assign]
            carl.press("end", "up", "up", "up")
            assert carl.last == "Refresh the list, 4 of 7"
            mark = carl.mark()
            carl.press("return")
            # Ann's table changes (her line comes again) before the answer.
            client._take(p.LobbyUpdate(tables=list(client.tables), gone=[]))
            carl.frame()
            assert carl.said_since(mark) == []
            until(lambda: bool(late), carl)
            del connection.poll  # type: ignore[method-assign]
            for item in late:
                client._take(item)  # type: ignore[arg-type]
            carl.settle()
            answers = [t for t in carl.said_since(mark) if "table is open" in t]
            assert answers == ["1 table is open. Refresh the list, 4 of 7"], (
                carl.said_since(mark)
            )
        finally:
            carl.close()
            ann.close()


def test_tables_opening_and_closing_are_told_in_the_lobby(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob waits in the lobby: Ann's new table is told, he moves onto it, and
    when Ann leaves (the table closes) that is told with the line the focus is on
    now. Ann, back in the lobby, hears the list as it is now, not as it was when
    she left it."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            _ann_opens_a_table(ann, bob)
            bob.press("home")
            assert bob.last.startswith("Ann's table, ")
            mark = ann.mark()
            ann.press("escape", "y")  # leave the waiting room: the table closes
            until(heard(bob, "Ann's table has closed. Create a table, 1 of 6"), bob)
            until(lambda: isinstance(ann.app.top, LobbyScreen), ann)
            fresh = "Lobby. No table is open yet: create one. Create a table, 1 of 6"
            until(lambda: fresh in ann.said_since(mark), ann)
            assert ann.said_since(mark)[:2] == [
                "Leave the table? You are the last person at it: the table closes. "
                "Y leaves, N stays.",
                "You left the table.",
            ]
        finally:
            ann.close()
            bob.close()


def test_a_table_filling_up_and_starting_is_told_in_the_lobby(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob waits in the lobby while Ann seats three computer players and starts:
    he hears her table full, then its game begun, each once, and the list's line
    says it. Before, only a table opening or closing was told."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            mark = bob.mark()
            # Bob's game takes in the new table before the computers sit down (a
            # table that opened full between two of his lists is only new).
            ann.press(*HOST_WITH_BOTS[:3])  # create the table
            until(heard(bob, "New table: Ann's table."), bob)
            ann.press(*HOST_WITH_BOTS[3:-2])  # three computer players
            until(heard(bob, "Ann's table is full."), bob)
            ann.press(*HOST_WITH_BOTS[-2:])  # Start the game
            until(heard(bob, "Ann's table has started playing."), bob)
            said = bob.said_since(mark)
            assert said == [
                "New table: Ann's table.",
                "Ann's table is full.",
                "Ann's table has started playing.",
            ], said
        finally:
            ann.close()
            bob.close()


def test_a_lobby_first_listed_after_a_table_is_introduced_once(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann starts the game again while seated at a table (it puts her back at it,
    with no lobby first) and leaves it: the lobby is introduced once, and a table
    Bob opens afterwards is told as new, with her focus left where it is. Before,
    every later change of the list (each one, now that the server sends the changed
    tables) said the whole lobby again and sent the focus to the top."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30) as server:
        first = connect(make_harness, server, "Ann")
        try:
            first.press("return", "end", "return")  # create "Ann's table"
            until(lambda: isinstance(first.app.top, WaitingRoomScreen), first)
        finally:
            first.close()
        ann = connect(make_harness, server, "Ann")  # the same player again
        bob = connect(make_harness, server, "Bob")
        try:
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            ann.press("escape", "y")  # leave: the table closes
            until(lambda: isinstance(ann.app.top, LobbyScreen), ann)
            lobby = "Lobby. No table is open yet: create one. Create a table, 1 of 6"
            until(heard(ann, lobby), ann)
            ann.press("down")
            assert ann.last == "Join a private table by its code, 2 of 6"
            mark = ann.mark()
            # Bob's list has lost Ann's table too (else his Enter would be on it).
            closed = "Ann's table has closed."
            until(lambda: any(s.startswith(closed) for s in bob.transcript), bob)
            bob.press("return", "end", "return")  # create "Bob's table"
            until(heard(ann, "New table: Bob's table."), ann)
            ann.settle()
            assert ann.said_since(mark) == ["New table: Bob's table."]
            assert ann.transcript.count(lobby) == 1
            ann.press("up")
            assert ann.last == "Create a table, 2 of 7"
        finally:
            ann.close()
            bob.close()


def test_a_player_back_in_a_game_begun_while_away_hears_where_things_stand(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Lee waits in Ann's waiting room; his connection drops and Ann starts the
    game meanwhile. Back, he hears where things stand: his hand, the bids, whose
    turn, the scores. Before, the game's next move was all he heard, as if he had
    seen it start."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30) as server:
        ann = connect(make_harness, server, "Ann")
        lee = connect(make_harness, server, "Lee")
        try:
            _ann_opens_a_table(ann, lee)
            lee.press("home", "return", "return")  # join: the first free seat
            until(lambda: isinstance(lee.app.top, WaitingRoomScreen), lee)
            until(heard(ann, "Lee sits in seat 2."), ann)
            ann.press("down", "down", "return", "return")  # seat 3: Milly
            until(heard(ann, "Milly, a computer player, sits in seat 3."), ann)
            ann.press("down", "return", "return")  # seat 4: Bert
            until(heard(ann, "Bert, a computer player, sits in seat 4."), ann)
            room = lee.app.top
            assert isinstance(room, WaitingRoomScreen)
            connection = room.online.client.connection
            connection._backoff = (2.0,)  # away long enough for the start
            socket, loop = connection._socket, connection._loop
            assert socket is not None and loop is not None
            mark = lee.mark()
            asyncio.run_coroutine_threadsafe(socket.close(), loop).result(10)
            until(heard(lee, "Connection lost, reconnecting."), lee)
            until(heard(ann, "Lee lost the connection."), ann)
            ann.patience_seconds = 0.3
            ann.press("down")  # the host is told who is away before starting
            assert ann.last == "Start the game, Lee is away, 5 of 7"
            ann.press("return")  # Start the game, Lee away
            until(lambda: isinstance(lee.app.top, OnlineTableScreen), lee)
            until(
                lambda: any(
                    s.startswith("Hand 1. Your cards, 13: ")
                    for s in lee.said_since(mark)
                ),
                lee,
            )
        finally:
            ann.close()
            lee.close()


def test_escape_in_the_waiting_room_asks_before_leaving(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann, the host, presses Escape in her waiting room with Bob seated: she is
    asked first, N keeps her there (host still), Y leaves. Before, one stray Escape
    left at once ("You left the table."), giving Bob the host's place."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            _ann_opens_a_table(ann, bob)
            bob.press("home", "return", "return")  # the first free seat
            until(heard(ann, "Bob sits in seat 2."), ann)
            room = ann.app.top
            assert isinstance(room, WaitingRoomScreen)
            ann.press("escape")
            assert ann.last == "Leave the table? Y leaves, N stays."
            ann.press("n")
            assert ann.app.top is room and room.table.is_host
            assert "You left the table." not in ann.transcript
            ann.press("escape", "y")
            assert "You left the table." in ann.transcript
            # Bob is told what the host does, before the game (before: only
            # "You are now the host.", the new items found by chance).
            host = (
                "You are now the host: put computer players in free seats, then start "
                "the game."
            )
            until(heard(bob, host), bob)
            bob.press("down", "down", "down", "down")
            assert bob.last == "Start the game, 3 seats are empty, 5 of 7"
        finally:
            ann.close()
            bob.close()


def test_escape_in_the_lobby_asks_before_leaving_the_server(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Escape in the lobby asks first, as the waiting room does: N stays
    connected, in the lobby; Y (or the "Leave the server" item and Y) leaves for
    the main menu. Before, one Escape said "You left the server." at once."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        try:
            lobby = ann.app.top
            assert isinstance(lobby, LobbyScreen)
            ann.press("escape")
            assert ann.last == "Leave the server? Y leaves, N stays."
            ann.press("n")
            assert ann.app.top is lobby
            assert ann.last == "Create a table, 1 of 6"
            assert "You left the server." not in ann.transcript
            ann.press("end", "return")
            assert ann.last == "Leave the server? Y leaves, N stays."
            ann.press("escape")  # Escape stays too
            assert ann.app.top is lobby
            ann.press("escape", "y")
            assert ann.last == "You left the server."
            assert lobby not in ann.app.stack.screens  # (no main menu under it here)
        finally:
            ann.close()


def test_a_private_table_is_watched_by_its_code(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob types the code of Ann's private table and chooses to watch it, from
    the chair of his choosing, as a listed table offers: he is there as a
    spectator (before, the code only sat down, and at a full table said "That
    table is full.": a private game could not be watched at all; then it could,
    from seat 1's chair only)."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            bob_at_the_code_of_anns_table(ann, bob)
            bob.press("end")
            assert bob.last == "Watch the game, 5 of 5"
            bob.press("return")
            assert bob.last == (
                "Watch the game from which seat? Watch from seat 1, Ann, 1 of 4"
            )
            bob.press("down", "down")
            assert bob.last == "Watch from seat 3, 3 of 4"
            bob.press("return")
            until(lambda: isinstance(bob.app.top, WaitingRoomScreen), bob)
            room = bob.app.top
            assert isinstance(room, WaitingRoomScreen)
            assert room.table.seat is None and room.table.chair == 2
            # The table is said once, with the chair (before, twice in a row:
            # "You are watching Ann's table from the chair of Ann." then
            # "Waiting for the game. You are watching Ann's table. ...").
            said = [s for s in bob.transcript if "You are watching" in s]
            assert said == [
                "Waiting for the game: 4 players in partnerships, 1 hand, custom "
                "rules. "
                "You are watching Ann's table from seat 3. "
                "Seat 1, Ann, 1 of 6"
            ]
            until(heard(ann, "Bob is watching."), ann)
        finally:
            ann.close()
            bob.close()


def test_w_in_the_waiting_room_says_who_sits_and_who_watches(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """W in the waiting room answers as at the table: each seat, then who is
    watching (QA: "W does nothing here", and the spectators, told once as they
    came, could not be asked for again)."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            bob_at_the_code_of_anns_table(ann, bob)
            bob.press("end", "return", "return")  # watch, from Ann's chair
            until(lambda: isinstance(bob.app.top, WaitingRoomScreen), bob)
            until(heard(ann, "Bob is watching."), ann)
            room = ann.app.top
            assert isinstance(room, WaitingRoomScreen)
            ann.press("w")
            assert ann.last == (
                "Seat 1: you. Seat 2: free. Seat 3, your partner: free. "
                "Seat 4: free. Watching: Bob."
            )
            assert ann.app.top is room and room.index == 0  # nothing moved
            bob.patience_seconds = 0.3  # (a room not one's own is never idle)
            bob.press("w")
            assert bob.last == (
                "You are watching Ann's table from the chair of Ann. Seat 1: Ann. "
                "Seat 2: free. Seat 3: free. Seat 4: free. Only you are watching."
            )
            # A leave question for the only person seated says the table closes.
            ann.press("escape")
            assert ann.last == (
                "Leave the table? You are the last person at it: the table "
                "closes. Y leaves, N stays."
            )
            ann.press("n")
        finally:
            ann.close()
            bob.close()


def test_a_private_tables_code_offers_each_free_seat(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob types the code of Ann's private table and sits beside her as her
    partner, in seat 3, as a listed table lets him choose (before, the code
    offered only the first free seat: seat 2)."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            bob_at_the_code_of_anns_table(ann, bob)
            bob.press("down", "down")
            assert bob.last == "Sit in seat 3, partner of Ann, 3 of 5"
            bob.press("return")
            until(lambda: isinstance(bob.app.top, WaitingRoomScreen), bob)
            room = bob.app.top
            assert isinstance(room, WaitingRoomScreen)
            assert room.table.seat == 2
            until(heard(ann, "Bob sits in seat 3 and is your partner."), ann)
        finally:
            ann.close()
            bob.close()


def test_who_takes_a_free_seat_in_a_game_under_way_hears_where_they_sit(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Dan takes the seat Cat left in Ann's game: he hears "You sit in seat 2 at
    Ann's table." before where things stand (the QA tester, dropped into a game,
    heard only "Hand 1. Your cards, ..." and a bid made for him, with no word of
    which seat was his)."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30) as server:
        ann = connect(make_harness, server, "Ann", settings=_settings())
        cat = connect(make_harness, server, "Cat")
        dan = connect(make_harness, server, "Dan")
        try:
            _ann_opens_a_table(ann, cat, dan)
            cat.press("home", "return", "return")  # join: the first free seat
            until(heard(ann, "Cat sits in seat 2."), ann)
            ann.press("down", "down", "return", "return")  # seat 3: Milly
            until(heard(ann, "Milly, a computer player, sits in seat 3."), ann)
            ann.press("down", "return", "return")  # seat 4: Bert
            until(heard(ann, "Bert, a computer player, sits in seat 4."), ann)
            ann.patience_seconds = cat.patience_seconds = 0.3
            ann.press("down", "return")  # Start the game
            until(lambda: isinstance(cat.app.top, OnlineTableScreen), ann, cat)
            cat.press("escape", "end", "return", "y")
            until(lambda: isinstance(cat.app.top, LobbyScreen), cat)
            lobby = dan.app.top
            assert isinstance(lobby, LobbyScreen)
            until(lambda: "1 seat free" in lobby.item_text(0), dan)
            dan.press("home", "return")
            # The seat by its number and partner (before, "Sit at the first
            # free seat": which one, and beside whom, was heard only after).
            assert dan.last.endswith("Sit in seat 2, partner of Bert, 1 of 2")
            mark = dan.mark()
            dan.press("return")
            until(lambda: isinstance(dan.app.top, OnlineTableScreen), dan)
            said = dan.said_since(mark)
            hand = next(i for i, s in enumerate(said) if s.startswith("Hand 1. "))
            # (Seat 2's partner is Bert, in seat 4.)
            partner = "You sit in seat 2 at Ann's table. Your partner is Bert."
            assert partner in said[:hand]
        finally:
            ann.close()
            cat.close()
            dan.close()


def test_the_lobby_tells_chat_and_tables_while_a_menu_is_over_it(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Dan has Ann's table's seats open (Enter on it): Bob's lobby chat, Bob's new
    table and Ann's table closing are told as they happen. Before, nothing until
    he chose, and then all at once with "There is no such table". The closing
    closes the seats (once said), back to the lobby."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        dan = connect(make_harness, server, "Dan")
        try:
            _ann_opens_a_table(ann, dan)
            dan.press("home", "return")  # the table's seats
            assert isinstance(dan.app.top, TableChoiceScreen)
            until(heard(bob, "New table: Ann's table."), bob)
            bob.press("'", *type_keys("hi all"), "return")
            until(heard(dan, "Bob: hi all"), dan)
            bob.press("return", "end", "return")  # create "Bob's table"
            until(heard(dan, "New table: Bob's table."), dan)
            mark = dan.mark()
            ann.press("escape", "y")  # Ann's table closes
            until(heard(dan, "Ann's table has closed."), dan)
            until(lambda: isinstance(dan.app.top, LobbyScreen), dan)
            assert dan.said_since(mark).count("Ann's table has closed.") == 1
        finally:
            ann.close()
            bob.close()
            dan.close()


def test_the_waiting_room_tells_who_comes_while_a_menu_is_over_it(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann, the host, is choosing a computer player for seat 3 when Bob sits down
    and says hello: she hears both as they happen, not once she has chosen."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            _ann_opens_a_table(ann)
            ann.press("down", "down", "return")  # seat 3: the characters
            choosing = ann.app.top
            assert not isinstance(choosing, WaitingRoomScreen)
            until(heard(bob, "New table: Ann's table."), bob)
            bob.press("home", "return", "return")  # join: the first free seat
            until(heard(ann, "Bob sits in seat 2."), ann)
            until(lambda: isinstance(bob.app.top, WaitingRoomScreen), bob)
            # Bob waits for the host, so his keys would wait too: his line goes
            # as his chat key would send it.
            bob.app.top.online.client.send(p.Chat(text="hello"))  # type: ignore[attr-defined]
            until(heard(ann, "Bob: hello"), ann)
            assert ann.app.top is choosing
        finally:
            ann.close()
            bob.close()


def test_a_stand_in_is_listed_for_whom_it_plays_and_its_person_is_heard_back(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Cat leaves Ann's game. The lobby's line says whose seat Hazel plays (the
    QA tester heard "seated: Hazel, computer, standing in, cat, bob ...", and
    could not tell which seat had been theirs); Cat takes it back, and Ann hears
    that Cat is back and Hazel gone (before: only "cat sits in seat 2.")."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30) as server:
        ann = connect(make_harness, server, "Ann", settings=_settings())
        cat = connect(make_harness, server, "Cat")
        try:
            _ann_opens_a_table(ann, cat)
            cat.press("home", "return", "return")  # join: the first free seat
            until(lambda: isinstance(cat.app.top, WaitingRoomScreen), cat)
            until(heard(ann, "Cat sits in seat 2."), ann)
            ann.press("down", "down", "return", "return")  # seat 3: Milly
            until(heard(ann, "Milly, a computer player, sits in seat 3."), ann)
            ann.press("down", "return", "return")  # seat 4: Bert
            until(heard(ann, "Bert, a computer player, sits in seat 4."), ann)
            ann.patience_seconds = cat.patience_seconds = 0.3
            ann.press("down", "return")  # Start the game
            until(lambda: isinstance(cat.app.top, OnlineTableScreen), ann, cat)
            cat.press("escape", "end", "return", "y")
            until(lambda: isinstance(cat.app.top, LobbyScreen), cat)
            until(
                heard(
                    ann,
                    "Cat left the table; Hazel, a computer player, plays in their "
                    "place.",
                ),
                ann,
            )
            cat.settle()
            cat.press("home")
            assert cat.last == (
                "Ann's table, 4 players in partnerships, 1 hand, custom rules, "
                "game under way, 1 seat free, seated: Ann; Hazel, a computer "
                "standing in for Cat; Milly, computer; Bert, computer, 1 of 7"
            )
            mark = ann.mark()
            cat.press("return")
            assert cat.last.endswith("Sit in seat 2, partner of Bert, 1 of 2")
            cat.press("return")
            until(lambda: isinstance(cat.app.top, OnlineTableScreen), cat)
            until(
                lambda: "Cat is back in seat 2; Hazel leaves." in ann.said_since(mark),
                ann,
            )
        finally:
            ann.close()
            cat.close()


def _paste(harness: Harness, text: str) -> None:
    """Text arriving at once, as a paste or an input method sends it (TEXTINPUT)."""
    import pygame

    harness.settle()
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    harness.app.frame()


def test_a_character_the_server_refuses_is_answered_before_sending_and_kept(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """A no-break space in a chat line, a right-to-left mark in a table's name:
    said at once and on Enter in the page's words, the line kept to be mended,
    nothing sent. Before, they were dropped unsaid (a paste lost its spaces)."""
    from audiospades.app.text_entry import TextEntryScreen

    refused = (
        "The server cannot take what you typed: it has a special space or an "
        "invisible character in it. Type it again without them."
    )
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            ann.press("'", *type_keys("hi"))
            mark = ann.mark()
            _paste(ann, "\u00a0all")
            assert ann.said_since(mark) == [refused, "a", "l", "l"]
            ann.press("return")
            assert ann.last == refused
            entry = ann.app.top
            assert isinstance(entry, TextEntryScreen)
            assert entry.text == "hi\u00a0all"
            for _ in "\u00a0all":
                ann.press("backspace")
            ann.press(*type_keys(" all"), "return")
            until(heard(bob, "Ann: hi all"), bob)
            ann.press("return", "return")  # Create a table, its name
            _paste(ann, "\u200f")
            ann.press("return")
            assert ann.last == refused
            entry = ann.app.top
            assert isinstance(entry, TextEntryScreen)
            assert entry.text == "Ann's table\u200f"
            ann.settle()
        finally:
            ann.close()
            bob.close()
    assert "The server refused a message from the game." not in ann.transcript
    assert not any("\u00a0" in line for line in bob.transcript)


def test_players_move_to_free_seats_before_the_game_to_sit_as_partners(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob, in seat 2, moves across to Ann's partner seat with Enter on it; Ann
    hears he is now her partner. Ann, the host, finds "Sit here yourself" at the
    end of a free seat's computer players and moves too. Enter on one's own seat
    says how to move (it only repeated the seat)."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            _ann_opens_a_table(ann, bob)
            bob.press("home", "return", "return")  # join: the first free seat
            until(heard(ann, "Bob sits in seat 2."), ann)
            until(lambda: isinstance(bob.app.top, WaitingRoomScreen), bob)
            # Bob waits for the host: his keys wait on the server's word.
            bob.patience_seconds = 0.3
            bob.press("home", "down", "return")  # seat 2: his own
            assert bob.last == (
                "This is your seat. To move, press Enter on a free seat."
            )
            bob.press("down", "return")  # seat 3, across from Ann
            until(heard(bob, "You moved to seat 3; your partner is Ann."), bob)
            until(heard(ann, "Bob moved to seat 3 and is now your partner."), ann)
            room = ann.app.top
            assert isinstance(room, WaitingRoomScreen)
            assert [room.table.info.free_seats, room.table.seat] == [[1, 3], 0]
            # The host: Enter on seat 4 lists the computers, then her own seat.
            ann.press("home", "down", "down", "down", "return", "end")
            assert ann.last.startswith("Sit here yourself")
            ann.press("return")
            until(heard(ann, "You moved to seat 4."), ann)
            until(heard(bob, "Ann moved to seat 4."), bob)
            until(lambda: ann.app.top is room, ann)
            assert room.table.seat == 3 and room.table.is_host
        finally:
            ann.close()
            bob.close()


def test_a_spectator_sits_down_with_enter_on_a_free_seat_before_the_game(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob watches Ann's private table from seat 3's chair, then takes seat 3
    with Enter on it (before, he heard "Only the host seats computer players."
    and had to stop watching first): he hears where he sits, Ann who sat down,
    and his room is a seated player's. Ann hears it in one line (before, "Bob
    stopped watching." came first, as if he had left), and W has him seated,
    no longer watching."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            bob_at_the_code_of_anns_table(ann, bob)
            bob.press("end", "return", "down", "down", "return")  # watch: seat 3
            until(lambda: isinstance(bob.app.top, WaitingRoomScreen), bob)
            until(heard(ann, "Bob is watching."), ann)
            room = bob.app.top
            assert isinstance(room, WaitingRoomScreen)
            bob.patience_seconds = 0.3  # a spectator's keys wait on the server
            bob.press("down", "down", "return")  # seat 3, free
            until(
                heard(bob, "You sit in seat 3 at Ann's table. Your partner is Ann."),
                bob,
            )
            sat = "Bob stops watching and sits in seat 3, as your partner."
            until(heard(ann, sat), ann)
            assert not [s for s in ann.transcript if "Bob stopped watching" in s]
            ann.press("w")
            assert ann.last == (
                "Seat 1: you. Seat 2: free. Seat 3, your partner: Bob. Seat 4: free. "
                "Nobody is watching."
            )
            assert room.table.seat == 2 and bob.app.top is room
            assert room.table.code is not None  # told to the seated only
            bob.press("up")
            assert bob.last == "Seat 2, free, 2 of 6"
            bob.press("down")
            assert bob.last == "Seat 3, you, 3 of 6"
        finally:
            ann.close()
            bob.close()


def test_the_computer_players_offered_are_not_named_as_a_person_here(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """A host called Milly is not offered Milly the computer player: both would be
    heard as "Milly plays" (the server refuses it too)."""
    with server_thread(tmp_path / "server.db") as server:
        milly = connect(make_harness, server, "Milly")
        try:
            milly.press("return", "end", "return")  # create the table
            milly.settle()
            assert isinstance(milly.app.top, WaitingRoomScreen)
            milly.press("down", "return")  # seat 2: the computer players
            assert milly.last.startswith("Choose a computer player. For seat 2. ")
            offered = [milly.last]
            for _ in range(18):
                milly.press("down")
                offered.append(milly.last)
            assert not [t for t in offered if "Milly" in t], offered
            assert [t for t in offered if t.startswith("Bert, ")], offered
        finally:
            milly.close()


def test_who_is_online_lists_everyone_else_and_leads_to_their_table(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """The lobby's "Who is online" (W jumps to it): a list of the others, those
    in the lobby first (they hear its chat), then by name, each with where they
    are; a second Ann is "ann 2", as the lobby's chat names her; a private table
    is not named. Enter on someone at a public table offers its choices, as the
    lobby does; on anyone else it opens a line to them. Alone: no list, a line."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", settings=_settings())
        bob = connect(make_harness, server, "Bob", settings=_settings())
        # (In one home, a name of its own: its own token, another player.)
        other_ann = connect(make_harness, server, "ann", settings=_settings())
        cy = connect(make_harness, server, "Cy", settings=_settings())
        try:
            ann.press("w")
            assert ann.last == "Who is online, 5 of 6"
            ann.press("return")
            until(lambda: isinstance(ann.app.top, PeopleScreen), ann)
            assert ann.last == (
                "Who is online. 3 other people online: ann 2, in the lobby, 1 of 3"
            )
            ann.press("down", "down")
            assert ann.last == "Cy, in the lobby, 3 of 3"
            ann.press("return")  # in the lobby: a line to Cy alone
            assert ann.last.startswith("Message to Cy: blank.")
            ann.press("escape")
            assert ann.last == "Cy, in the lobby, 3 of 3"
            ann.press("escape")
            assert ann.last == "Who is online, 5 of 6"
            bob.press("return", "end", "return")  # create "Bob's table"
            until(lambda: isinstance(bob.app.top, WaitingRoomScreen), bob)
            until(heard(ann, "New table: Bob's table."), ann)
            other_ann.press("return", "down", "down", "right", "down", "return")
            until(lambda: isinstance(other_ann.app.top, WaitingRoomScreen), other_ann)
            cy.close()
            until(lambda: len(server.clients) == 3, ann)
            ann.press("w", "return")
            until(lambda: isinstance(ann.app.top, PeopleScreen), ann)
            assert ann.last == (
                "Who is online. 2 other people online: ann 2, waiting at a private "
                "table, 1 of 2"
            )
            ann.press("return")  # a private table, not named: a line to her
            assert ann.last.startswith("Message to ann 2: blank.")
            ann.press("escape", "down")
            assert ann.last == "Bob, waiting at Bob's table, 2 of 2"
            ann.press("return")  # Bob's table's choices, over the lobby
            assert isinstance(ann.app.top, TableChoiceScreen)
            assert ann.last.startswith("Join this table. Bob's table, 4 players")
            ann.press("return")  # Sit at the first free seat
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            until(heard(bob, "Ann sits in seat 2."), bob)
            # Alone on the server: no list, a line.
            for gone in (bob, other_ann):
                gone.close()
            until(lambda: len(server.clients) == 1, ann)
            ann.press("escape", "y")
            until(lambda: isinstance(ann.app.top, LobbyScreen), ann)
            ann.press("w", "return")
            until(heard(ann, "No one else is online."), ann)
            assert isinstance(ann.app.top, LobbyScreen)
        finally:
            ann.close()


def test_a_line_to_one_player_from_who_is_online(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """In "Who is online", the chat key (and Enter on someone in the lobby) opens
    a line to that player alone: they hear it as to them, the sender hears it
    went, and no one else hears it (a private table's code for a friend)."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", settings=_settings())
        bob = connect(make_harness, server, "Bob", settings=_settings())
        cy = connect(make_harness, server, "Cy", settings=_settings())
        try:
            ann.press("w", "return")
            until(lambda: isinstance(ann.app.top, PeopleScreen), ann)
            assert ann.last.endswith("Bob, in the lobby, 1 of 2")
            ann.press("f1")
            help_lines = [item.text() for item in ann.app.top.items]  # type: ignore[attr-defined]
            assert "Apostrophe: write to the player on this line alone" in help_lines
            ann.press("escape", "'")
            assert ann.last.startswith("Message to Bob: blank.")
            ann.press(*type_keys("table ABC"), "return")
            until(heard(bob, "Ann, to you: table ABC"), bob)
            until(heard(ann, "You, to Bob: table ABC"), ann)
            assert isinstance(ann.app.top, PeopleScreen)
            # Enter on someone in the lobby: the same line.
            ann.press("down", "return")
            assert ann.last.startswith("Message to Cy: blank.")
            ann.press("escape")
            cy.frame()
            assert not any("table ABC" in line for line in cy.transcript)
        finally:
            for player in (ann, bob, cy):
                player.close()


def test_the_computer_players_list_closes_when_a_person_takes_its_seat(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann has the computer players for seat 2 open when Bob sits down there: she
    hears so, and the list closes, back to her waiting room. Before, it stayed
    open for a seat no longer free, and only Enter said "That seat is taken"."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            _ann_opens_a_table(ann, bob)
            ann.press("down", "return")  # seat 2: the computer players
            assert isinstance(ann.app.top, BotChoiceScreen)
            assert ann.app.top.seat == 1
            bob.press("home", "return", "return")  # Ann's table, its first free seat
            until(heard(ann, "Bob sits in seat 2."), ann, bob)
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            # Back in the room, where she is is said (an Enter meant for the
            # list lands there).
            until(lambda: ann.last.startswith("Seat 2, Bob"), ann)
        finally:
            ann.close()
            bob.close()


def test_a_typed_name_that_looks_like_a_default_is_heard_as_typed(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """QA: Ann typed "Bob's table" as her table's name, and Dee, playing in
    German, heard "Neuer Tisch: Tisch von Bob." (as if it were Bob's, and its
    name a default). A typed name is heard as typed; only Cy's table, left
    unnamed, is named in each player's language."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        cy = connect(make_harness, server, "Cy")
        # (Last: the game's words are one language a process, the last set.)
        dee = connect(make_harness, server, "Dee", settings=_settings(language="de"))
        try:
            ann.press("return", "return", "delete", *type_keys("Bob's table"))
            ann.press("return", "end", "return")  # the name, then create it
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            until(heard(dee, "Neuer Tisch: Bob's table."), dee)
            cy.press("return", "end", "return")  # "Cy's table", as it was
            until(lambda: isinstance(cy.app.top, WaitingRoomScreen), cy)
            until(heard(dee, "Neuer Tisch: Tisch von Cy."), dee)
            assert not [line for line in dee.transcript if "Tisch von Bob" in line]
            listed = {t.name: t.default_name for t in server.tables.values()}
            assert listed == {"Bob's table": False, "Cy's table": True}
        finally:
            for player in (ann, cy, dee):
                player.close()


def test_a_french_host_s_default_table_name_goes_in_english_and_is_heard_in_french(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Anne plays in French and keeps the default name: the server is sent
    "Anne's table", which every player hears in their language, and she in hers.
    Before, the name was French for everyone."""
    with server_thread(tmp_path / "server.db") as server:
        anne = connect(make_harness, server, "Anne", settings=_settings(language="fr"))
        try:
            anne.press("return", "end", "return")  # create the table
            anne.settle()
            assert isinstance(anne.app.top, WaitingRoomScreen)
            assert [t.name for t in server.tables.values()] == ["Anne's table"]
            said = anne.transcript[-1]  # "... de la Table d'Anne." (elided)
            assert "Table d'Anne" in said and "Anne's table" not in said, said
        finally:
            anne.close()
