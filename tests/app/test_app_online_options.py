"""The game's Options while online: from the lobby, and from an online table's game
menu (Escape) while the game goes on under it.

Before, Options could only be reached from the main menu and a local game's menu:
a player who wanted chat silenced, or another speech rate, had to leave the server.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
from online_helpers import (
    connect,
    heard,
    host_a_game,
    server_thread,
    type_keys,
    until,
)

from audiospades import storage
from audiospades.app.harness import Harness, key_event
from audiospades.app.lobby import LobbyScreen, WaitingRoomScreen
from audiospades.app.menus import OptionsMenu
from audiospades.app.online_table import OnlineTableScreen
from audiospades.net import protocol as p
from audiospades.sound import Cue
from audiospades.table_core import Delays

CHAT_OPTION = "Speak chat from other players"
LOCAL_ONLY = ("Pace of the computer players", "Wait for a key after each trick")


def _turn_chat_speech_off(player: Harness) -> OptionsMenu:
    """In the Options just opened: the online items, then chat speech turned off."""
    options = player.app.top
    assert isinstance(options, OptionsMenu)
    assert player.last.startswith(
        "Options. Left arrow and Right arrow change a value. Language, English, 1 of "
    )
    labels = [item.text() for item in options.items]
    assert not [label for label in labels if label in LOCAL_ONLY], labels
    assert "Hints" in labels and "Speech rate" in labels
    player.press(*["down"] * labels.index(CHAT_OPTION), "right")
    assert player.last.startswith(f"{CHAT_OPTION}, off, ")
    # At once, and saved as it is from the main menu.
    assert player.services.settings.chat_speech is False
    assert storage.load_settings()[0].chat_speech is False
    return options


def test_options_open_from_the_lobby_and_turn_chat_speech_off(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """The lobby's Options item: chat turned off there is heard as its cue only,
    while Options is open (the lobby still tells it) and back in the lobby."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            ann.press("end", "up", "up")
            assert ann.last == "Options, 4 of 6"
            ann.press("return")
            options = _turn_chat_speech_off(ann)
            mark, cues = ann.mark(), len(ann.sound.cues)
            bob.press("'", *type_keys("hi all"), "return")
            until(lambda: "Bob: hi all" in ann.speech.history, ann)
            assert "Bob: hi all" not in ann.said_since(mark)
            assert Cue.CHAT in ann.sound.cues[cues:]
            assert ann.app.top is options
            ann.press("escape")
            assert ann.last == "Options, 4 of 6"
            assert isinstance(ann.app.top, LobbyScreen)
            bob.press("'", *type_keys("anyone"), "return")
            until(lambda: "Bob: anyone" in ann.speech.history, ann)
            assert "Bob: anyone" not in ann.said_since(mark)
        finally:
            ann.close()
            bob.close()


def test_options_open_from_an_online_tables_game_menu_while_the_game_goes_on(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Escape at an online table opens the game menu; its Options turn chat
    speech off while the computer players play on. Bob's chat gets its cue as it
    comes (kept in the messages, unspoken), Ann's turn calls her back, and Escape
    takes her to the table, where what happened meanwhile is told, then her turn
    (the chat line not again). Before,
    Escape only asked whether to leave the table. Computer players take 0.4 s,
    so the turn comes while Options is open."""
    slow = Delays(bot=400, trick=0, hand=0)
    with server_thread(tmp_path / "server.db", delays=slow) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            table = host_a_game(ann)
            ann.press("3", "return")  # her bid; then three computer players act
            # Escape at once, not once the table is settled (on her turn).
            pygame.event.post(key_event("escape"))
            ann.frame()
            assert not table.remote.is_human_turn
            assert ann.last == "Game menu. Back to the table, 1 of 5"
            ann.press("down")
            assert ann.last == "Options, 2 of 5"
            ann.press("return")
            _turn_chat_speech_off(ann)
            mark, cues = ann.mark(), len(ann.sound.cues)
            # Bob, in the lobby, watches from Ann's chair and says hello.
            bob.patience_seconds = 0.3  # a spectator's table is never idle
            bob.press("home", "return", "return", "return")
            until(lambda: isinstance(bob.app.top, OnlineTableScreen), bob)
            bob.app.top.online.client.send(p.Chat(text="good luck"))  # type: ignore[attr-defined]
            # Muted: its cue and the messages as it comes, not its words.
            until(lambda: "Bob: good luck" in ann.speech.history, ann)
            assert Cue.CHAT in ann.sound.cues[cues:]
            assert "Bob: good luck" not in ann.said_since(mark)
            called = "Your turn at the table: press Escape to go back to it."
            until(heard(ann, called), ann)
            assert isinstance(ann.app.top, OptionsMenu)
            ann.press("escape")  # straight back to the table
            assert ann.app.top is table
            back = ann.said_since(mark)
            assert any(" bids " in s or " plays the " in s for s in back), back
            assert back[-1].startswith(("Your turn", "Your lead")), back
            assert "Bob: good luck" not in back
            assert "Bob: good luck" in ann.speech.history
        finally:
            ann.close()
            bob.close()


def _open_a_table(ann: Harness, *told: Harness) -> WaitingRoomScreen:
    """Ann, in the lobby, creates "Ann's table"; the others have heard it open."""
    ann.press("return", "end", "return")
    until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
    for other in told:
        until(heard(other, "New table: Ann's table."), other)
    room = ann.app.top
    assert isinstance(room, WaitingRoomScreen)
    return room


def test_the_hosts_waiting_room_has_options_and_tells_who_comes_meanwhile(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann, the host, waits for players: the room's Options (after *Start the
    game*) turn chat speech off; Bob sitting down is told while Options is open,
    and Escape is back in the room, on Options. Before, the room had no Options:
    a waiting player had to leave the table to change one."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            room = _open_a_table(ann, bob)
            ann.press("end", "up")
            assert ann.last == "Options, 6 of 7"
            ann.press("return")
            options = _turn_chat_speech_off(ann)
            bob.press("home", "return", "return")  # join: the first free seat
            until(heard(ann, "Bob sits in seat 2."), ann)
            assert ann.app.top is options
            ann.press("escape")
            assert ann.app.top is room
            assert ann.last == "Options, 6 of 7"
            ann.press("home", "down")
            assert ann.last == "Seat 2, Bob, 2 of 7"
        finally:
            ann.close()
            bob.close()


def test_a_waiting_player_in_options_is_called_to_the_game_the_host_starts(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob waits for Ann, the host, and opens the room's Options. Ann starts the
    game: Bob hears it start, and his turn calls him back; Escape opens the table
    (not the room's Options item again), where his turn is said."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            _open_a_table(ann, bob)
            bob.press("home", "return", "return")  # join: the first free seat
            until(lambda: isinstance(bob.app.top, WaitingRoomScreen), bob)
            until(heard(ann, "Bob sits in seat 2."), ann)
            # Bob waits for the host: his keys wait only briefly.
            bob.patience_seconds = 0.2
            bob.press("end", "up")
            assert bob.last == "Options, 5 of 6"
            bob.press("return")
            _turn_chat_speech_off(bob)
            mark = bob.mark()
            ann.press("down", "down", "return", "return")  # seat 3: Milly
            until(heard(bob, "Milly, a computer player, sits in seat 3."), bob, ann)
            ann.press("down", "return", "return")  # seat 4: Bert
            until(heard(bob, "Bert, a computer player, sits in seat 4."), bob, ann)
            ann.press("down", "return")  # Start the game
            called = "Your turn at the table: press Escape to go back to it."

            def bob_is_called() -> bool:
                table = ann.app.top  # Ann bids when her turn comes
                if isinstance(table, OnlineTableScreen):
                    if table.remote.question is not None:
                        ann.press("n")
                    elif table.remote.is_human_turn:
                        ann.press("3", "return")
                return called in bob.said_since(mark)

            until(bob_is_called, bob, ann)
            assert "The game starts." in bob.said_since(mark)
            assert isinstance(bob.app.top, OptionsMenu)
            assert Cue.YOUR_TURN in bob.sound.cues
            back = bob.mark()
            bob.press("escape")
            bob.settle()
            assert isinstance(bob.app.top, OnlineTableScreen)
            said = bob.said_since(back)
            assert not [s for s in said if s.startswith("Options")], said
            assert said and said[-1].startswith("Your turn"), said
        finally:
            ann.close()
            bob.close()
