"""Coming back: to a table after the game was started again, to a table after the
server was, and to the lobby from a table.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from online_helpers import (
    PLAYING_AWAY_SECONDS,
    HeldFrames,
    connect,
    heard,
    host_a_game,
    play_online_until,
    play_until_the_turn_of,
    server_thread,
    stand_in_for_the_one_awaited,
    start_ann_and_bobs_game,
    until,
    url_of,
)

from audiospades.app.harness import Harness
from audiospades.app.lobby import LobbyScreen, WaitingRoomScreen
from audiospades.app.online_table import OnlineTableScreen
from audiospades.net import protocol as p
from audiospades.rules import Phase

TAKEN_OVER = (
    "The table waited too long for you: a computer player now plays for you. "
    "Press any key at the table to play again."
)
"""Said when a computer takes the seat of someone away at their turn."""

TURN = ("Your turn", "Your lead")
"""How the player's own turn is told (a bid, a card, a lead)."""


def _table(harness: Harness) -> OnlineTableScreen:
    top = harness.app.top
    assert isinstance(top, OnlineTableScreen)
    return top


def test_a_game_started_again_puts_the_player_back_at_the_table_and_says_so(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann's game stops (a crash) and she starts it again with the same data
    folder: the server seats her at her table, and after "Connected" she hears she
    is back at it, by its name, then where things stand. Before, the summary came
    alone ("Hand 1. Your cards, ..."), as if she had just sat down."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30.0) as server:
        first = connect(make_harness, server, "Ann")
        try:
            host_a_game(first)
        finally:
            first.close()
        ann = connect(make_harness, server, "Ann")  # the same player again
        try:
            until(lambda: isinstance(ann.app.top, OnlineTableScreen), ann)
            said = ann.transcript
            connected = said.index(f"Connected to {url_of(server)}.")
            assert said[connected + 1].startswith(
                "Back at Ann's table. Hand 1. Your cards, 13: "
            ), said[connected:]
        finally:
            ann.close()


def test_after_a_server_restart_a_repeats_the_turn_not_who_came_back(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """The server restarts on Ann's turn. Back, she hears where things stand (Bob
    is away among it) and her turn; then Bob comes back ("Bob is back."). A
    repeats her turn. Before, A said "Bob is back." (the last line), and her turn
    was lost under it; and she was not told, back, that Bob was away (QA)."""
    db = tmp_path / "server.db"
    players: list[Harness] = []
    try:
        with server_thread(db, takeover_seconds=30.0) as server:
            port = server.port
            ann = connect(make_harness, server, "Ann")
            bob = connect(make_harness, server, "Bob")
            players += [ann, bob]
            start_ann_and_bobs_game(ann, bob)
            play_until_the_turn_of(ann, bob)
            bob.close()  # Bob's game stops; he comes back after the restart
            mark = ann.mark()
        with server_thread(db, port=port, takeover_seconds=30.0) as server:
            until(heard(ann, "Reconnected."), ann)
            until(lambda: any(s.startswith(TURN) for s in ann.said_since(mark)), ann)
            turn = next(s for s in ann.said_since(mark) if s.startswith(TURN))
            back = next(s for s in ann.said_since(mark) if s.startswith("Back at"))
            assert back.startswith("Back at the table. Bob is away. Hand 1. ")
            bob = connect(make_harness, server, "Bob")
            players.append(bob)
            until(heard(ann, "Bob is back."), ann)
            assert ann.last == "Bob is back."
            ann.press("a")
            assert ann.last == turn
            # Bob, whose game started again, hears he is back at Ann's table.
            assert any(s.startswith("Back at Ann's table. ") for s in bob.transcript)
    finally:
        for player in players:
            player.close()


def test_after_a_server_restart_one_away_at_their_turn_is_still_played_for(
    make_harness: Callable[..., Harness],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ann lets her turn pass: a computer plays for her. The server restarts and
    her game reconnects by itself: the computer still plays her seat, and she
    hears so, back, with how to take it back; Bob hears nothing of her until her
    key: "Ann is back and plays again.". Before, the reconnection gave her the
    seat back unasked (Bob heard "Ann is back and plays again."), and at her
    next turn the table waited the whole away time again (QA)."""
    db = tmp_path / "server.db"
    players: list[Harness] = []
    away = (
        "The table waited too long for you: a computer player now plays for you. "
        "Press any key at the table to play again."
    )
    try:
        with server_thread(
            db, away_seconds=PLAYING_AWAY_SECONDS, takeover_seconds=30.0
        ) as server:
            port = server.port
            ann = connect(make_harness, server, "Ann")
            bob = connect(make_harness, server, "Bob")
            players += [ann, bob]
            start_ann_and_bobs_game(ann, bob)
            play_until_the_turn_of(ann, bob)
            # Ann alone: Bob, whose turn may come next, is waited for (not
            # stood in for too, the game running on to its end meanwhile).
            stand_in_for_the_one_awaited(server, monkeypatch)
            until(heard(ann, away), ann, bob)
            until(heard(bob, "A computer player now plays for Ann."), ann, bob)
            mark, his = ann.mark(), bob.mark()
        # (Long enough, after the restart, that Bob is never stood in for.)
        with server_thread(db, port=port, away_seconds=600.0) as server:
            until(heard(ann, "Reconnected."), ann, bob)
            until(heard(bob, "Reconnected."), ann, bob)

            def back() -> list[str]:
                return [s for s in ann.said_since(mark) if s.startswith("Back at")]

            until(lambda: bool(back()), ann, bob)
            assert back()[0].endswith(away), back()
            table = _table(ann)
            assert table.remote.is_stood_in
            held = server.tables[table.remote.info.id].seats[table.remote.seat or 0]
            assert held.stand_in and held.connected
            bob.settle()
            assert not [s for s in bob.said_since(his) if s.startswith("Ann is")]
            ann.press("t")
            until(heard(bob, "Ann is back and plays again."), ann, bob)
            until(lambda: not table.remote.is_stood_in, ann, bob)
            assert not held.stand_in
            heard_by_bob = [s for s in bob.said_since(his) if s.startswith("Ann is")]
            assert heard_by_bob == ["Ann is back and plays again."], heard_by_bob
    finally:
        for player in players:
            player.close()


def test_back_from_the_menu_while_a_computer_plays_ones_turn_names_it(
    make_harness: Callable[..., Harness],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ann lets her bid wait: a computer plays for her. Before it has bid, she
    opens the game menu and comes back to the table, which tells whose turn it
    is: "To bid: Hazel, for you", as the picture's header says it. Before, it
    said "Your turn to bid.", inviting a bid that was not hers to make (the key
    gives the seat back, and places no bid)."""
    with server_thread(
        tmp_path / "server.db",
        away_seconds=PLAYING_AWAY_SECONDS,
        takeover_seconds=30.0,
    ) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            start_ann_and_bobs_game(ann, bob)
            play_until_the_turn_of(ann, bob)
            table = _table(ann)
            assert table.remote.view().phase is Phase.BIDDING
            # The game hears of the computer taking her seat, and of nothing
            # after it: its bid for her waits.
            held = HeldFrames(
                table.online.client.connection,
                let_through=lambda item: not isinstance(item, p.TableUpdate),
            )
            stand_in_for_the_one_awaited(server, monkeypatch)
            until(heard(ann, TAKEN_OVER), ann)
            assert table.remote.is_stood_in and table.remote.view().to_act == 0
            mark = ann.mark()
            ann.press("escape")  # the game menu (the seat stays the computer's)
            ann.press("escape")  # back to the table
            said = ann.said_since(mark)
            assert "To bid: Hazel, for you" in said, said
            assert not [s for s in said if s.startswith("Your turn")], said
            assert table.remote.is_stood_in
            held.release()
        finally:
            ann.close()
            bob.close()


def test_coming_back_to_the_lobby_from_a_table_says_lobby_each_time(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann leaves a waiting room, then a game twice: each time the lobby is
    arrived at as the first time, its title first. Before, only the first arrival
    said "Lobby."; coming back said the count and the line alone."""
    lobby = "Lobby. No table is open yet: create one. Create a table, 1 of "

    def arrivals() -> int:
        return sum(s.startswith(lobby) for s in ann.transcript)

    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        try:
            assert arrivals() == 1
            ann.press("return", "end", "return")  # create a table, then leave it
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            ann.press("escape", "y")
            until(lambda: arrivals() == 2, ann)
            for times in (3, 4):  # a game, then another
                host_a_game(ann)
                ann.press("escape", "end", "return", "y")  # leave the table
                until(lambda: isinstance(ann.app.top, LobbyScreen), ann)
                until(lambda n=times: arrivals() == n, ann)
            assert ann.last.startswith(lobby)
        finally:
            ann.close()


def test_a_game_started_again_after_its_seat_was_given_up_says_why_the_lobby(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob quits the game in Ann's waiting room and is away past the takeover
    delay, so his seat is given up. Started again, he hears why he is in the
    lobby (the server's welcome says so, protocol 9), then the lobby; before, the
    lobby came alone, as if he had never sat down. Told once: not again at the
    next start."""
    with server_thread(tmp_path / "server.db", takeover_seconds=0.3) as server:
        ann = connect(make_harness, server, "Ann")
        first = connect(make_harness, server, "Bob")
        try:
            ann.press("return", "end", "return")  # create "Ann's table"
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            until(heard(first, "New table: Ann's table."), first)
            first.press("home", "return", "return")  # the first free seat
            until(heard(ann, "Bob sits in seat 2."), ann)
        finally:
            first.close()
        until(heard(ann, "Bob left the table."), ann)
        bob = connect(make_harness, server, "Bob")  # the same player again
        try:
            until(lambda: isinstance(bob.app.top, LobbyScreen), bob)
            said = bob.transcript
            connected = said.index(f"Connected to {url_of(server)}.")
            assert said[connected + 1 :][:1] == [
                "Your seat was given up while the connection was down, before the "
                "game began. You are back in the lobby."
            ], said[connected:]
            assert said[connected + 2].startswith("Lobby. 1 table is open. ")
        finally:
            bob.close()
        again = connect(make_harness, server, "Bob")
        try:
            until(lambda: isinstance(again.app.top, LobbyScreen), again)
            assert not any("given up" in line for line in again.transcript)
        finally:
            again.close()
            ann.close()


def _heard_a_line(said: list[str], start: str) -> bool:
    """Whether ``said`` holds a line beginning with ``start``."""
    return any(line.startswith(start) for line in said)


def _over_told(said: list[str]) -> int:
    """How often ``said`` says the game is over."""
    return sum(line.count("The game is over.") for line in said)


def test_arriving_at_a_finished_game_or_back_at_it_hears_it_is_over_once(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann's game with three computer players is over. Bob comes to watch it, and
    Ann's game stops and is started again: each hears where things stand, the
    game over once, then how another game starts. QA heard "The game is over.
    Milly: 62, 2 bags. ... The game is over." (the scores said it again)."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30.0) as server:
        first = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        players = [first, bob]
        try:
            table = host_a_game(first)
            play_online_until(first, table, lambda: table.remote.is_over)
            until(lambda: len(bob.app.top.items) == 7, bob)  # type: ignore[attr-defined]
            bob.patience_seconds = 0.3  # a spectator's table is never idle
            mark = bob.mark()
            bob.press("home", "return", "return", "return")  # watch, from Ann's chair
            until(lambda: isinstance(bob.app.top, OnlineTableScreen), bob)
            # Until the last line, how another game starts: then counted.
            guest = "The host can start another game"
            until(lambda: _heard_a_line(bob.said_since(mark), guest), bob)
            said = bob.said_since(mark)
            summary = next(s for s in said if s.startswith("The game is over. "))
            assert summary.endswith(("bag.", "bags.")), summary  # the scores last
            assert _over_told(said) == 1, said
            assert said[-1].startswith(guest), said
            first.close()
            ann = connect(make_harness, server, "Ann")  # the same player again
            players.append(ann)
            until(lambda: isinstance(ann.app.top, OnlineTableScreen), ann)
            host = "To play again at this table"
            until(lambda: _heard_a_line(ann.transcript, host), ann)
            said = ann.transcript
            said = said[said.index(f"Connected to {url_of(server)}.") :]
            assert said[1].startswith("Back at Ann's table. The game is over. "), said
            assert _over_told(said) == 1, said
            assert said[-1].startswith(host), said
        finally:
            for player in players:
                player.close()
