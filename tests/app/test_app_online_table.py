"""A networked table from the keys: a host seats computer players and starts, plays
with the local table's keys, hears Ctrl+Z refused, survives a dropped connection
and hears where things stand, then leaves from the game menu (Escape) with Y; a
spectator hears the watched player named.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from pathlib import Path

import pygame
from online_helpers import (
    DEADLINE,
    HOST_WITH_BOTS,
    connect,
    drop_link,
    heard,
    host_a_game,
    play_online_until,
    server_thread,
    type_keys,
    until,
)
from server_process import server_in_a_thread

from audiospades import storage
from audiospades.app.connect import ConnectingScreen
from audiospades.app.harness import Harness, key_event
from audiospades.app.lobby import LobbyScreen, WaitingRoomScreen
from audiospades.app.online_table import OnlineTableScreen
from audiospades.net.protocol import Chat
from audiospades.rules import Phase
from audiospades.sound import Cue
from audiospades.storage import Settings
from audiospades.table_core import Delays


def _bob_watches_anns_game(ann: Harness, bob: Harness) -> OnlineTableScreen:
    """Ann, in the lobby, hosts a game with three computer players; Bob, in the
    lobby too, watches it from her chair. His table screen."""
    ann.press(*HOST_WITH_BOTS)
    ann.settle()
    until(lambda: len(bob.app.top.items) == 7, bob)  # type: ignore[attr-defined]
    bob.patience_seconds = 0.3  # a spectator's table is never idle
    # The table, Watch the game, then the first chair (Ann's).
    bob.press("home", "return", "return", "return")
    until(lambda: isinstance(bob.app.top, OnlineTableScreen), bob)
    watching = bob.app.top
    assert isinstance(watching, OnlineTableScreen)
    return watching


def _play_to_the_end(player: Harness, table: OnlineTableScreen) -> None:
    """Press Enter (play the focused card) on each turn until the game ends.

    Only on the player's turn, as a person would: once the game is over, Enter
    asks the host whether to play again. The bound (generous: a loaded machine is
    slow) only turns a stuck game into a failure instead of a hung test run.
    """
    end = time.monotonic() + 10 * DEADLINE
    while time.monotonic() < end:
        if table.finished:
            return
        if table.remote.is_human_turn:
            player.press("return")
        else:
            player.frame()
            time.sleep(0.005)
    raise AssertionError("the game did not end")


def test_a_host_seats_computers_plays_is_dropped_and_hears_where_things_stand(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    with server_thread(tmp_path / "server.db", takeover_seconds=30.0) as server:
        ann = connect(make_harness, server, "Ann")
        try:
            ann.press(*HOST_WITH_BOTS)
            ann.settle()
            assert isinstance(ann.app.top, OnlineTableScreen)
            said = ann.transcript
            for line in (
                "Milly, a computer player, sits in seat 2.",
                "Bert, a computer player, sits in seat 3.",
                "Poppy, a computer player, sits in seat 4.",
                "The game starts.",
            ):
                assert line in said
            ann.press("3")  # waits for Ann's turn to bid
            assert ann.last == "3"
            assert "Your turn to bid. Type a number and press Enter; 0 is nil." in (
                ann.transcript
            )
            # At the bid turn Space says the bid, as at a local table.
            ann.press("f2", "space", "f2")
            assert ann.transcript[-2] == (
                "Space: hear your bid so far, or how to bid; only Enter places it."
            )
            ann.press("return", "return")  # bid, then play the first card
            ann.press("ctrl+z")
            assert ann.last == "Undo is not available in an online game."

            # The connection drops: said, then the seat comes back, summed up.
            table = ann.app.top
            assert isinstance(table, OnlineTableScreen)
            ann.press("return")  # a card: now it is someone else's turn, or Ann's
            mark = ann.mark()
            drop_link(table)
            until(heard(ann, "Reconnected."), ann)
            until(
                lambda: any(s.startswith("Back at") for s in ann.said_since(mark)), ann
            )
            after = ann.said_since(mark)
            lost = after.index("Connection lost, reconnecting.")
            back = after.index("Reconnected.")
            assert lost < back
            summary = next(s for s in after[back:] if s.startswith("Back at"))
            assert summary.startswith("Back at the table. Hand 1. Your cards, ")
            assert "Last trick: " in summary
            assert "You bid 3, taken " in summary  # the bids and tricks
            assert "Milly bid " in summary
            assert "You and Bert: " in summary  # the scores
            # Play on to the end with the same keys.
            _play_to_the_end(ann, table)
            ann.press("s")
            assert ann.last.startswith("You and Bert: ")
            # The end says how another game starts here, not the local menu.
            assert not [s for s in ann.transcript if "for the menu" in s]
            # F1 at a networked table: no undo, and Escape opens the game menu.
            ann.press("f1")
            lines = [item.text() for item in ann.app.top.items]  # type: ignore[attr-defined]
            assert "Escape: the game menu" in lines
            assert not [line for line in lines if "undo" in line]
            ann.press("escape")
            assert ann.app.top is table
            # The game menu offers leaving; N stays, Y leaves for the lobby.
            ann.press("escape")
            assert ann.last == "Game menu. Back to the table, 1 of 5"
            ann.press("end")
            assert ann.last == "Leave the table, 5 of 5"
            ann.press("return")
            # (With computer players alone, the table goes with her.)
            assert ann.last == (
                "Leave the table? You are the last person at it: the table closes. "
                "Y leaves, N stays."
            )
            ann.press("n")
            assert ann.app.top is table
            ann.press("escape", "end", "return", "y")
            assert "You left the table." in ann.transcript
            until(lambda: isinstance(ann.app.top, LobbyScreen), ann)
        finally:
            ann.close()


def test_the_turn_that_comes_while_help_is_open_calls_the_player_back(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Online the game goes on under F1's help: Ann's turn calls her back (with
    the turn's cue), and Escape tells what happened meanwhile, then whose turn it
    is. Before, nothing was said until she left the help, and then the turn of
    before the help first. Computer players take 0.4 s, so the turn comes while
    the help is open."""
    slow = Delays(bot=400, trick=0, hand=0)
    with server_thread(tmp_path / "server.db", delays=slow) as server:
        ann = connect(make_harness, server, "Ann")
        try:
            table = host_a_game(ann)
            ann.press("3", "return")  # her bid; then three computer players act
            # F1 at once, not once the table is settled (on her turn), as a person
            # pressing it while the others play.
            pygame.event.post(key_event("f1"))
            ann.frame()
            assert not table.remote.is_human_turn
            called = "Your turn at the table: press Escape to go back to it."
            until(heard(ann, called), ann)
            assert ann.transcript.count(called) == 1
            mark = ann.mark()
            ann.press("escape")
            back = ann.said_since(mark)
            assert any(" plays the " in s or " bids " in s for s in back), back
            # The turn's prompt: "Your turn. ..." or, when she leads, "Your lead. ...".
            turn = ("Your turn", "Your lead")
            assert back[-1].startswith(turn), back
            assert sum(s.startswith(turn) for s in back) == 1, back
        finally:
            ann.close()


def test_a_waiting_room_host_removes_a_computer_player(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        try:
            ann.press("return", "end", "return", "down", "return", "return")
            until(heard(ann, "Milly, a computer player, sits in seat 2."), ann)
            assert isinstance(ann.app.top, WaitingRoomScreen)
            ann.press("return")  # Enter on a computer player removes it
            until(heard(ann, "Milly leaves seat 2."), ann)
            ann.press("up", "down")
            assert ann.last == "Seat 2, free, 2 of 7"
            ann.press("end", "up", "up")
            assert ann.last == "Start the game, 3 seats are empty, 5 of 7"
        finally:
            ann.close()


def test_left_and_right_in_the_computer_players_list_tell_the_character(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Each character comes with its own level (its stars): Left and Right, which
    only repeated the item ("Milly, 1 star, 1 of 18" again), say what the
    character is like, as the local game's player selection does; F1 says so."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        try:
            ann.press("return", "end", "return", "down", "return")
            assert ann.last.startswith("Choose a computer player. ")
            assert ann.last.endswith("Milly, 1 star, 1 of 19")
            ann.press("right")
            milly = "Cheerful and hopeful; she bids what she would like to make."
            assert ann.last == milly
            ann.press("down", "left")
            assert ann.last != milly and not ann.last.endswith("2 of 19")
            ann.press("f1")
            lines = ann.app.top.lines()  # type: ignore[union-attr]
            assert "Left arrow: hear what the computer player is like" in lines
        finally:
            ann.close()


def test_a_spectator_watches_a_game_to_its_end(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            ann.press(*HOST_WITH_BOTS)
            ann.settle()
            # The lobby's list follows the server's: the new table is first.
            until(lambda: len(bob.app.top.items) == 7, bob)  # type: ignore[attr-defined]

            def listed_under_way() -> bool:
                # (Listed full a moment before its game starts, when it is.)
                bob.press("home")
                return "game under way" in bob.last

            until(listed_under_way, bob)
            assert bob.last.startswith("Ann's table, 4 players in partnerships, ")
            assert bob.last.endswith(
                "game under way, no seat free, seated: Ann; Milly, computer; "
                "Bert, computer; Poppy, computer, 1 of 7"
            )
            bob.press("return")  # the table: no seat is free
            assert bob.last.endswith("Watch the game, 1 of 1")
            bob.press("return", "return")  # from the first chair: Ann's
            until(lambda: isinstance(bob.app.top, OnlineTableScreen), bob)
            assert (
                "You are watching Ann's table from the chair of Ann." in bob.transcript
            )
            # Ann is named, never "you": Bob is not Ann.
            summary = next(s for s in bob.transcript if s.startswith("Hand 1. "))
            assert "Ann and Bert: 0, 0 bags." in summary
            watching = bob.app.top
            assert isinstance(watching, OnlineTableScreen)
            table = ann.app.top
            assert isinstance(table, OnlineTableScreen)
            ann.press("3", "return")
            _play_to_the_end(ann, table)
            # The end is told (then the spectator hears who may start another).
            until(
                heard(
                    bob,
                    "The host can start another game at this table: wait for it, "
                    "or leave from the game menu (Escape).",
                ),
                bob,
            )
            assert watching.remote.is_over
            plays = [s for s in bob.transcript if " plays the " in s]
            assert len(plays) >= 39  # every computer player's card, at least
            assert any(s.startswith("Milly plays the ") for s in plays)
            # One hand, or more when it ends in a tie (these rules play on).
            hands = watching.remote.view().hands_played
            assert sum(s.startswith("Ann plays the ") for s in plays) == 13 * hands
            # The watched player is named (before: " wins the trick with ...").
            assert not [s for s in bob.transcript if s.startswith(" ")]
            tricks = [s for s in bob.transcript if " the trick with " in s]
            assert len(tricks) == 13 * hands and all(s[0].isupper() for s in tricks)
            watched = bob.transcript.index(
                "You are watching Ann's table from the chair of Ann."
            )
            told = bob.transcript[watched + 1 :]
            assert not any(s.startswith(("You ", "Your ")) for s in told)
            # Keys pressed after the game (a spectator's table is never idle in
            # one, so each key would wait for it).
            bob.press("b")  # before: "Your bid: these rules allow ; type..."
            assert bob.last == "You are watching: only the players can do that."
            bob.press("escape", "end", "return")  # a spectator gives up no seat
            assert bob.last == "Leave the table? Y leaves, N stays."
            # N: where he is and what he can do (before: "The game is over.").
            bob.press("n")
            assert bob.last == (
                "The game is over; you stay at its table. The host can start "
                "another game at this table: wait for it, or leave from the game "
                "menu (Escape)."
            )
            # So does coming back from the game menu (before: "The game is over.").
            for keys in (("escape", "return"), ("escape", "escape")):
                bob.press(*keys)  # "Back to the table", or Escape
                assert bob.app.top is watching, keys
                assert bob.last == (
                    "The game is over; you stay at its table. The host can start "
                    "another game at this table: wait for it, or leave from the "
                    "game menu (Escape)."
                ), keys
            bob.press("s")  # the scores name Ann's side
            assert bob.last.startswith("Ann and Bert: ")
            bob.press("c")  # the table's keys answer a spectator too
            assert bob.last
            bob.press("v")  # the watched player's bid, by name
            assert "Ann bid " in bob.last and "  " not in bob.last
            # Ann's game counts in the statistics (the two share a data folder
            # here); Bob's watching does not: he played no game.
            stats, problem = storage.load_stats()
            assert problem is None
            assert stats.online.games == 1 and stats.totals.games == 0
        finally:
            ann.close()
            bob.close()


def test_c_in_a_new_hand_does_not_read_the_last_hands_trick(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """After the first hand, C during the second hand's bidding says no card is on
    the table (before: the first hand's last trick, as if it lay there, while L
    said no trick had been completed this hand)."""
    two_hands = {"preset": "pagat", "target_score": None, "hand_limit": 2}
    settings = Settings(language="en", pace="fast", last_rules=two_hands)
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", settings=settings)
        try:
            table = host_a_game(ann)
            play_online_until(ann, table, lambda: table.view.hands_played >= 1)
            assert table.view.hands_played == 1
            # Her first turn in the second hand is her bid (everyone bids first).
            until(
                lambda: table.remote.is_human_turn or table.remote.question is not None,
                ann,
            )
            if table.remote.question is not None:
                ann.press("n")  # no blind nil
            until(lambda: table.remote.is_human_turn, ann)
            assert table.view.phase is Phase.BIDDING
            ann.press("c")
            assert ann.last == "No cards on the table."
            ann.press("l")
            assert ann.last == "No trick has been completed this hand."
        finally:
            ann.close()


def test_a_spectator_chooses_the_chair_to_watch_from(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob watches Ann's game from seat 3, Bert's chair, chosen among every seat
    (before, Watch always watched from seat 1); Escape goes back to the table's
    choices."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            ann.press(*HOST_WITH_BOTS)
            ann.settle()
            until(lambda: len(bob.app.top.items) == 7, bob)  # type: ignore[attr-defined]
            bob.patience_seconds = 0.3  # a spectator's table is never idle
            bob.press("home", "return", "return")  # the table, Watch the game
            assert bob.last == (
                "Watch the game from which seat? Watch from seat 1, Ann, 1 of 4"
            )
            bob.press("escape")
            assert bob.last == "Watch the game, 1 of 1"
            bob.press("return", "down")
            assert bob.last == "Watch from seat 2, Milly, 2 of 4"
            bob.press("down")
            assert bob.last == "Watch from seat 3, Bert, 3 of 4"
            bob.press("return")
            until(lambda: isinstance(bob.app.top, OnlineTableScreen), bob)
            watching = bob.app.top
            assert isinstance(watching, OnlineTableScreen)
            assert watching.remote.chair == 2
            assert (
                "You are watching Ann's table from the chair of Bert." in bob.transcript
            )
        finally:
            bob.close()
            ann.close()


def test_a_spectators_help_lists_no_key_of_a_seat(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob watches Ann's game: F1 lists the keys that tell him the table (C, W),
    not those of a seat, which only answer "You are watching: ..." (B, Tab, the
    arrows, R, H, J, G's reminder) or Enter's "play the card". Before, the QA
    tester's F1 listed fourteen keys of no use to a spectator, then still G;
    pressed, they still answer."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            _bob_watches_anns_game(ann, bob)
            bob.press("f1")
            lines = [item.text() for item in bob.app.top.items]  # type: ignore[attr-defined]
            assert "C: the cards on the table" in lines
            assert "W: who sits in each seat, and who is watching online" in lines
            keys = {line.partition(": ")[0] for line in lines}
            seat_keys = {
                "B",
                "Tab",
                "Right arrow",
                "R",
                "H",
                "J",
                "G",
                "Enter",
                "Space",
            }
            assert not keys & seat_keys, keys & seat_keys
            bob.press("escape", "b")
            assert bob.last == "You are watching: only the players can do that."
        finally:
            bob.close()
            ann.close()


def test_a_spectators_dropped_connection_comes_back_to_the_watched_table(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob watches Ann's game; his connection drops and comes back: he watches
    again, summed up, and is not told his table is gone (the lobby list the game
    asks for on reconnecting is its own answer, not the table closing)."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30.0) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            watching = _bob_watches_anns_game(ann, bob)
            mark = bob.mark()
            drop_link(watching)
            until(heard(bob, "Reconnected."), bob)
            until(
                lambda: any(s.startswith("Back at") for s in bob.said_since(mark)), bob
            )
            end = time.monotonic() + 1.0  # the lobby list asked for on return comes
            while time.monotonic() < end:
                bob.frame()
                time.sleep(0.01)
            assert bob.app.top is watching and watching.remote.client.table is not None
            gone = "Your table is no longer there: you are back in the lobby."
            assert gone not in bob.said_since(mark)
        finally:
            ann.close()
            bob.close()


def test_a_spectator_watches_again_after_the_server_is_killed_and_restarted(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob watches Ann's game; Ann's game stops, then the server is killed and
    started again. Bob's game reconnects by itself: he watches the same table
    from the same chair, and hears where things stand, Ann away among it.
    Before, the restarted server had forgotten him: "Your table is no longer
    there: you are back in the lobby." """
    with server_in_a_thread(
        tmp_path / "server.db", tmp_path / "home", takeover_seconds=60.0
    ) as server:
        ann = make_harness(
            first=ConnectingScreen(server.url, "Ann"), patience_seconds=20.0
        )
        bob = make_harness(
            first=ConnectingScreen(server.url, "Bob"), patience_seconds=20.0
        )
        try:
            ann.settle()
            bob.settle()
            watching = _bob_watches_anns_game(ann, bob)
            table_id = watching.remote.info.id
            ann.close()  # her game stops: she is away after the restart
            until(heard(bob, "Ann lost the connection."), bob)
            server.kill()
            mark = bob.mark()
            server.start()
            until(heard(bob, "Reconnected."), bob)

            def back() -> list[str]:
                return [s for s in bob.said_since(mark) if s.startswith("Back at")]

            until(lambda: bool(back()) or isinstance(bob.app.top, LobbyScreen), bob)
            assert back(), bob.said_since(mark)
            assert back()[0].startswith("Back at the table. Ann is away. Hand 1.")
            top = bob.app.top
            assert isinstance(top, OnlineTableScreen)
            assert top.remote.info.id == table_id and not top.remote.is_seated
            assert top.remote.chair == 0
            gone = "Your table is no longer there: you are back in the lobby."
            assert gone not in bob.said_since(mark)
        finally:
            ann.close()
            bob.close()


def test_a_spectator_hears_why_the_lobby_is_back_before_the_lobby(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob watches Ann's game; Ann leaves, the table closes. Bob hears who left
    and that his table is gone first, then the lobby and the line he is on.
    Before, that line came first and the reason after it (or after his next key's
    answer); then the reason came without who left."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            _bob_watches_anns_game(ann, bob)
            mark = bob.mark()
            # The last person leaves: the table closes.
            ann.press("escape", "end", "return", "y")
            until(lambda: isinstance(bob.app.top, LobbyScreen), bob)
            bob.settle()
            said = bob.said_since(mark)
            gone = (
                "Ann left the table, the last person at it, and it has closed: "
                "you are back in the lobby."
            )
            assert gone in said, said
            after = said[said.index(gone) + 1 :]
            assert after and after[0] == (
                "Lobby. No table is open yet: create one. Create a table, 1 of 6"
            ), said
            assert not any(
                s.startswith("Create a table") for s in said[: said.index(gone)]
            )
        finally:
            ann.close()
            bob.close()


def test_a_spectators_keys_for_a_players_things_say_they_are_watching(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob watches Ann's game: the keys for a hand, a hint, a bid or a card say he
    is watching. Before, R, Left and Home said "You hold no cards", H and J "it is
    not your decision", a typed bid "It is not your turn to bid", as if he were a
    player with an empty hand. Enter tells whose turn it is."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30.0) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            _bob_watches_anns_game(ann, bob)
            bob.settle()
            hidden = "You are watching: the players' cards are not shown."
            players = "You are watching: only the players can do that."
            for keys, answer in (
                (("r",), hidden),
                (("left",), hidden),
                (("home",), hidden),
                (("tab",), players),
                (("h",), players),
                (("j",), players),
                (("3",), players),
                (("b",), players),
            ):
                mark = bob.mark()
                bob.press(*keys)
                said = bob.said_since(mark)
                assert answer in said, (keys, said)
                assert not [s for s in said if "You hold no cards" in s], (keys, said)
            mark = bob.mark()
            bob.press("return")  # whose turn it is: what a spectator can be told
            assert bob.said_since(mark) and not [
                s for s in bob.said_since(mark) if s.startswith("You")
            ]
        finally:
            ann.close()
            bob.close()


def test_the_players_hear_who_watches_them_and_who_stops(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """The QA tester's Dan sat down to watch and no player heard a word; his
    "dan: hi" then came from someone they did not know was listening. Now Ann, at
    the table, hears Bob come to watch before his chat; his dropped connection
    and return; and his leaving."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30.0) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            watching = _bob_watches_anns_game(ann, bob)
            until(heard(ann, "Bob is watching."), ann)
            bob.press("'", *type_keys("hi"), "return")
            until(heard(ann, "Bob: hi"), ann)
            said = ann.transcript
            assert said.index("Bob is watching.") < said.index("Bob: hi")
            # Gone with his connection; back, he watches again, and Ann knows.
            drop_link(watching)
            until(heard(ann, "Bob stopped watching."), ann, bob)
            until(lambda: ann.transcript.count("Bob is watching.") == 2, ann, bob)
            mark = ann.mark()
            bob.press("escape", "end", "return", "y")
            until(lambda: "Bob stopped watching." in ann.said_since(mark), ann)
            # Bob never hears of himself.
            assert not [s for s in bob.transcript if "Bob is watching" in s]
        finally:
            ann.close()
            bob.close()


def test_ones_own_chat_line_is_said_with_other_players_chat_muted(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """With "Speak chat from other players" off, Bob typed a line and heard
    nothing to say it went. His own line, as the server sends it back, is said;
    Ann's stays muted (its cue and the history stay)."""
    muted = Settings(language="en", chat_speech=False)
    with server_thread(tmp_path / "server.db", takeover_seconds=30.0) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob", settings=muted)
        try:
            _bob_watches_anns_game(ann, bob)
            mark = bob.mark()
            bob.press("'", *type_keys("ok"), "return")
            until(heard(bob, "Bob: ok"), bob)
            cues = len(bob.sound.cues)
            # Ann's line as her chat key sends it (her keys would wait for her turn).
            ann.app.top.online.client.send(Chat(text="hi"))  # type: ignore[attr-defined]
            until(lambda: "Ann: hi" in bob.speech.history, bob)
            assert "Ann: hi" not in bob.said_since(mark)
            assert Cue.CHAT in bob.sound.cues[cues:]
        finally:
            ann.close()
            bob.close()


CHAT_SIZES = ((800, 600), (1024, 720), (1280, 800), (1920, 1080), (800, 1000))
CHAT_SCALES = (1.0, 2.0, 3.0, 4.0)


def test_the_chat_line_is_typed_where_it_hides_nothing_of_the_table(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """QA: the chat key's field covered the table: the cards and the trick were
    out of sight while a line was typed. The table stays drawn; the field takes
    the status lines' place, clear of every card, label and tag, its end (where
    the typing is) in sight, at every window and text size."""
    from audiospades.app.render import Mark, drawn_marks, drawn_texts

    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", draw=True, size=(800, 600))
        try:
            table = host_a_game(ann)
            play_online_until(
                ann,
                table,
                lambda: table.remote.is_human_turn and bool(table.view.trick),
            )
            words = "well played partner, " * 12 + "the end"
            ann.press("'", *type_keys(words))
            for size in CHAT_SIZES:
                pygame.display.set_mode(size)
                for scale in CHAT_SCALES:
                    settings = ann.services.settings
                    ann.services.settings = dataclasses.replace(
                        settings, text_scale=scale
                    )
                    ann.frame()
                    layout = table.layout
                    assert layout is not None and layout.size == size
                    marks = drawn_marks()
                    (field,) = [rect for mark, rect in marks if mark is Mark.CHAT]
                    assert pygame.Rect((0, 0), size).contains(field)
                    hidden = [*layout.hand, *(p.card for p in layout.places)]
                    hidden += [p.label for p in layout.places]
                    hidden += [rect for mark, rect in marks if mark is Mark.LED]
                    if layout.focus_frame is not None:
                        hidden.append(layout.focus_frame)
                    assert field.collidelist(hidden) < 0, (size, scale)
                    texts = drawn_texts()
                    assert any(t == "Chat to the table" for t, _r in texts)
                    inside = [t for t, r in texts if field.contains(r)]
                    assert " ".join(inside).endswith("the end_"), (size, scale)
            ann.press("escape")
            ann.frame()
            assert not [rect for mark, rect in drawn_marks() if mark is Mark.CHAT]
        finally:
            ann.close()


def test_the_last_person_leaving_a_game_is_told_the_table_closes(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann plays with three computer players while Bob watches; she leaves from the
    game menu. The question says the table closes with her (QA: it said that a
    computer player would take her seat, and the table closed and the game was
    gone); Bob, watching, hears of no computer player taking it."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            watching = _bob_watches_anns_game(ann, bob)
            table = ann.app.top
            assert isinstance(table, OnlineTableScreen)
            assert table.remote.is_last_person and not watching.remote.is_last_person
            ann.press("escape", "end", "return")
            assert ann.last == (
                "Leave the table? You are the last person at it: the table closes, "
                "and the game ends with it. Y leaves, N stays."
            )
            ann.press("y")
            assert "You left the table." in ann.transcript
            until(lambda: isinstance(bob.app.top, LobbyScreen), bob)
            bob.settle()
            # No computer took her seat: none is said to play on.
            assert not [s for s in bob.transcript if "in their place" in s]
        finally:
            ann.close()
            bob.close()


def test_a_repeats_the_games_last_line_not_a_chat_line(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """QA: at her turn to bid, Ann sent a chat line and A said it back ("Ann:
    ok"), not her turn; so did a line from someone else. Chat is a remark by the
    way, as people coming and going are: kept in the messages (Page Up), but A
    repeats the game's last line."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30.0) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            _bob_watches_anns_game(ann, bob)
            until(heard(ann, "Bob is watching."), ann)
            table = ann.app.top
            assert isinstance(table, OnlineTableScreen)
            play_online_until(
                ann,
                table,
                lambda: (
                    table.remote.is_human_turn and table.view.phase is Phase.BIDDING
                ),
            )
            ann.press("'", *type_keys("ok"), "return")  # her own line
            until(heard(ann, "Ann: ok"), ann)
            # Back at the table from the chat line, her turn was said again.
            said = ann.transcript
            turn = said[said.index("Ann: ok") - 1]
            assert turn == "Your turn to bid.", said[-6:]
            ann.press("a")
            assert ann.last == turn
            bob.press("'", *type_keys("hi"), "return")  # another's
            until(heard(ann, "Bob: hi"), ann, bob)
            ann.press("a")
            assert ann.last == turn
            # Both lines are in the messages (Page Up), in order.
            ann.press("pageup")
            assert ann.last == "Bob: hi"
            ann.press("pageup")
            assert ann.last == "Ann: ok"
        finally:
            ann.close()
            bob.close()
