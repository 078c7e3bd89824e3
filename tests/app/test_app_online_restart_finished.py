"""The game against a server killed and started again after a table's game ended.

QA: a restarted server put everyone at a finished game's table in its waiting
room, the results gone ("You sit in seat 2 at Ann's table. The host starts the
game."). A game that kept its picture of the table still answered from it; one
started afresh had nothing to answer from. Now the server brings the finished
game back: a game started again hears where things stand (the game over once,
the final scores) and how another game starts, and the host's "Start another
game?", open through the restart, starts one.

The server runs as it does for real (``audiospades serve``, SIGKILLed).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from online_helpers import DEADLINE, heard, until
from server_process import server_in_a_thread

from audiospades.app.connect import ConnectingScreen
from audiospades.app.harness import Harness
from audiospades.app.lobby import WaitingRoomScreen
from audiospades.app.online_table import OnlineTableScreen, PlayAgainQuestion
from audiospades.rules import Phase

HOST_LINE = "To play again at this table with the same players, press Enter."
GUEST_LINE = (
    "The host can start another game at this table: wait for it, "
    "or leave from the game menu (Escape)."
)


def _table(harness: Harness) -> OnlineTableScreen:
    top = harness.app.top
    assert isinstance(top, OnlineTableScreen)
    return top


def _play_to_the_end(*players: Harness) -> None:
    """Each player bids 3 and plays the focused card on their turn, to the end."""
    end = time.monotonic() + 3 * DEADLINE
    while time.monotonic() < end:
        tables = [_table(p) for p in players]
        if all(t.remote.is_over and t.finished for t in tables):
            return
        for player, table in zip(players, tables, strict=True):
            player.frame()
            remote = table.remote
            if remote.question is not None:
                player.press("n")
            elif remote.is_human_turn:
                if remote.view().phase is Phase.BIDDING:
                    player.press("3", "return")
                else:
                    player.press("return")
        time.sleep(0.005)
    raise AssertionError("the game did not end")


def _in_the_game(make_harness: Callable[..., Harness], url: str, name: str) -> Harness:
    return make_harness(first=ConnectingScreen(url, name), patience_seconds=20.0)


def test_a_finished_game_is_back_after_a_restart_and_the_host_plays_again(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann hosts Bob, Milly and Bert; the one hand is played out. Ann opens "Start
    another game?" and presses S; Bob's game stops. The server is killed and
    started again. Bob's game, started again, is put back at the finished game:
    "Back at Ann's table. The game is over." and the scores, then how another
    game starts (before: the waiting room). Ann's question still open, her Y
    starts another game, with Bob."""
    with server_in_a_thread(
        tmp_path / "server.db", tmp_path / "server-home", takeover_seconds=60.0
    ) as server:
        ann = _in_the_game(make_harness, server.url, "Ann")
        bob = _in_the_game(make_harness, server.url, "Bob")
        players = [ann, bob]
        try:
            ann.settle()
            bob.settle()
            ann.press("return", "end", "return")  # create "Ann's table"
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            until(heard(bob, "New table: Ann's table."), bob)
            bob.press("home", "return", "return")  # the first free seat: 2
            until(heard(ann, "Bob sits in seat 2."), ann)
            ann.press("down", "down", "return", "return")  # seat 3: Milly
            until(heard(ann, "Milly, a computer player, sits in seat 3."), ann)
            ann.press("down", "return", "return")  # seat 4: Bert
            until(heard(ann, "Bert, a computer player, sits in seat 4."), ann)
            ann.patience_seconds = bob.patience_seconds = 0.3
            ann.press("down", "return")  # Start the game
            until(
                lambda: all(
                    isinstance(p.app.top, OnlineTableScreen) for p in (ann, bob)
                ),
                ann,
                bob,
            )
            _play_to_the_end(ann, bob)
            until(heard(ann, HOST_LINE), ann)
            ann.press("return", "s")
            question = ann.app.top
            assert isinstance(question, PlayAgainQuestion)
            bob.close()  # his game stops
            server.kill()
            server.start()

            bob = _in_the_game(make_harness, server.url, "Bob")  # the same player
            players.append(bob)
            until(
                lambda: isinstance(bob.app.top, OnlineTableScreen | WaitingRoomScreen),
                bob,
                ann,
            )
            assert isinstance(bob.app.top, OnlineTableScreen), bob.transcript
            until(heard(bob, GUEST_LINE), bob, ann)
            said = bob.transcript
            said = said[said.index(f"Connected to {server.url}.") :]
            # (Ann may be away still: her game reconnects by itself.)
            assert said[1].startswith("Back at Ann's table. "), said
            assert "The game is over. You and Bert: " in said[1], said
            assert sum(s.count("The game is over.") for s in said) == 1, said
            assert not [s for s in said if s.startswith("You sit in seat")], said

            # Ann's question is still open: Y starts another game.
            assert ann.app.top is question
            until(lambda: _table(bob).remote.info.seats[0].connected, bob, ann)
            mark = bob.mark()
            ann.press("y")
            until(lambda: "The game starts." in bob.said_since(mark), bob, ann)
            until(lambda: not _table(ann).remote.is_over, ann, bob)
        finally:
            for player in players:
                player.close()
