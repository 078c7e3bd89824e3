"""The waiting room's "Leave the table?" when the game starts under it.

Before, the question kept its waiting-room words ("Y leaves, N stays.") after the
host started the game, and Y gave the seat to a computer player in a game under
way without the game's own question ("A computer player takes your seat.").
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame
from online_helpers import (
    DEADLINE,
    HeldFrames,
    ann_and_bob_with_milly_and_bert,
    connect,
    heard,
    server_thread,
    until,
)

from audiospades.app.harness import Harness, key_event
from audiospades.app.lobby import LobbyScreen, WaitingRoomScreen
from audiospades.app.online_table import OnlineTableScreen
from audiospades.net import protocol as p
from audiospades.net.client import Incoming

ROOM_QUESTION = "Leave the table? Y leaves, N stays."
GAME_QUESTION = "Leave the table? A computer player takes your seat. Y leaves, N stays."


def _bob_asked_to_leave(ann: Harness, bob: Harness) -> WaitingRoomScreen:
    """Ann's table with Bob, Milly and Bert; Bob, in the waiting room, has heard
    them all sit and pressed Escape ("Leave the table?"). His room."""
    ann_and_bob_with_milly_and_bert(ann, bob)
    bob.patience_seconds = ann.patience_seconds = 0.3
    until(heard(bob, "Bert, a computer player, sits in seat 4."), bob)
    room = bob.app.top
    assert isinstance(room, WaitingRoomScreen)
    bob.press("escape")
    assert bob.last == ROOM_QUESTION
    return room


def test_the_game_starting_under_the_question_asks_it_in_the_games_words(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann starts the game while Bob's "Leave the table?" is open: he hears that
    the game starts and the question again, saying a computer player takes his
    seat; N keeps his seat and opens the table."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            _bob_asked_to_leave(ann, bob)
            mark = bob.mark()
            ann.press("down", "return")  # Start the game
            until(heard(bob, GAME_QUESTION), bob)
            said = bob.said_since(mark)
            assert said.index("The game starts.") < said.index(GAME_QUESTION), said
            bob.press("n")
            until(lambda: isinstance(bob.app.top, OnlineTableScreen), bob)
            table = bob.app.top
            assert isinstance(table, OnlineTableScreen)
            assert table.remote.is_seated
            assert "You left the table." not in bob.transcript
        finally:
            ann.close()
            bob.close()


def test_a_y_meant_for_the_waiting_rooms_question_keeps_the_seat(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """The game's start has reached Bob's game but no frame has taken it in when
    he presses Y to the waiting room's question: Y does not leave; he hears that
    the game starts and the game's question. Y to that leaves."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            room = _bob_asked_to_leave(ann, bob)
            mark = bob.mark()
            ann.press("down", "return")  # Start the game
            until(lambda: isinstance(ann.app.top, OnlineTableScreen), ann)
            inbox = room.online.client.connection._inbox
            end = time.monotonic() + DEADLINE
            while inbox.empty():  # Bob's frames do not run meanwhile
                assert time.monotonic() < end, "the start never came"
                time.sleep(0.005)
            pygame.event.post(key_event("y"))
            bob.app.frame()  # the key first, then the frame's news
            said = bob.said_since(mark)
            assert "You left the table." not in said, said
            # (Then, maybe, the turn that came: the table is a key away.)
            assert said[:2] == ["The game starts.", GAME_QUESTION], said
            bob.press("y")
            assert "You left the table." in bob.said_since(mark)
            until(lambda: isinstance(bob.app.top, LobbyScreen), bob)
        finally:
            ann.close()
            bob.close()


STILL_SEATED = "The game had already started: you are still in your seat."


def _the_game(item: Incoming) -> bool:
    return isinstance(item, p.TableSnapshot) and item.view is not None


def _leave_refused(item: Incoming) -> bool:
    return isinstance(item, p.Error) and item.request == "leave"


def test_a_leave_crossing_the_start_keeps_the_seat_and_asks_again(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob says Y to the waiting room's "Leave the table?" before the game's start
    has reached him, but after it reached the server. Before, the server gave his
    seat to a computer player he was never asked about. Now the server keeps it:
    he hears that the game had already started and that he is still seated, then
    the game's own question; N keeps him at the table, where things stand said."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            room = _bob_asked_to_leave(ann, bob)
            held = HeldFrames(room.online.client.connection)
            ann.press("down", "return")  # Start the game
            until(held.holds(_the_game), ann)  # at the server; not heard by Bob
            mark = bob.mark()
            pygame.event.post(key_event("y"))
            bob.app.frame()
            assert bob.said_since(mark) == ["You left the table."]
            until(held.holds(_leave_refused))  # the server read the leave
            held.release()
            until(heard(bob, GAME_QUESTION), bob)
            said = bob.said_since(mark)
            assert said[1:3] == [STILL_SEATED, GAME_QUESTION], said
            table = bob.app.top.table  # type: ignore[attr-defined]
            assert isinstance(table, OnlineTableScreen)
            assert table.remote.is_seated
            stand = bob.mark()
            bob.press("n")
            assert bob.app.top is table
            told = " ".join(bob.said_since(stand))
            assert "Hand 1." in told, told
            (held_table,) = server.tables.values()
            assert held_table.seats[1].name == "Bob"
            assert held_table.seats[1].kind is p.SeatKind.HUMAN
        finally:
            ann.close()
            bob.close()


def test_a_leave_before_the_games_snapshot_came_stays_in_the_lobby(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """The game's start has reached Bob ("The game starts.") but not the game
    itself (its snapshot) when he says Y to the game's "Leave the table?": he is
    back in the lobby, and stays there when the snapshot sent before the server
    read his leave comes. Before, that snapshot seated him again at the table
    (his seat already a computer player's): he had heard "You left the table." but
    never reached the lobby (seen once in a fresh-clone run)."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            room = _bob_asked_to_leave(ann, bob)
            client = room.online.client
            held = HeldFrames(client.connection, let_through=lambda i: not _the_game(i))
            ann.press("down", "return")  # Start the game
            until(held.holds(_the_game), ann)  # the start came first, let through
            mark = bob.mark()
            bob.press("y")  # the start taken in: asked again; Y to that leaves
            said = bob.said_since(mark)
            assert said[-2:] == [GAME_QUESTION, "You left the table."], said
            assert isinstance(bob.app.top, LobbyScreen)
            lists = client.lobby_count
            held.release()  # the game's snapshot, then the server's answer
            until(lambda: client.lobby_count > lists, bob)
            bob.frame()
            assert client.table is None
            assert isinstance(bob.app.top, LobbyScreen), bob.app.top
            (held_table,) = server.tables.values()
            assert held_table.seats[1].kind is p.SeatKind.COMPUTER
        finally:
            ann.close()
            bob.close()
