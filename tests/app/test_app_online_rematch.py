"""Another game at the same online table: the host presses Enter when one is over.

Two people (Ann, the host, and Bob) and two computer players play a one-hand game
against a real server on loopback; at its end Ann is told Enter starts another
game, Bob that he waits for the host. Ann presses Enter and Y (play again?): both
hear the game start and play the second game to its end with the same keys, at
the same screens.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from pathlib import Path

from online_helpers import DEADLINE, connect, heard, server_thread, until

from audiospades.app.harness import Harness
from audiospades.app.lobby import WaitingRoomScreen
from audiospades.app.online_table import OnlineTableScreen
from audiospades.rules import Phase
from audiospades.storage import Settings

SMALL = {"preset": "pagat", "target_score": None, "hand_limit": 1}

HOST_LINE = "To play again at this table with the same players, press Enter."
WAIT_LINE = (
    "The host can start another game at this table: wait for it, "
    "or leave from the game menu (Escape)."
)


def _table(harness: Harness) -> OnlineTableScreen:
    top = harness.app.top
    assert isinstance(top, OnlineTableScreen)
    return top


def _play_both_to_the_end(*players: Harness) -> None:
    """Each player bids 3 and plays the focused card on their turn, to the end.

    A player presses keys only on their own turn (or question), as a person would;
    the bound only turns a stuck game into a failure instead of a hung test run.
    """
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


def test_the_host_starts_another_game_at_the_same_table_and_both_play_it(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    settings = dataclasses.replace(
        Settings(language="en", pace="fast"), last_rules=dict(SMALL)
    )
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", settings=settings)
        ann.press("return", "end", "return")  # create a table
        ann.settle()
        assert isinstance(ann.app.top, WaitingRoomScreen)
        bob = connect(make_harness, server, "Bob")
        try:
            assert bob.last.startswith("Lobby. 1 table is open. Ann's table, ")
            bob.press("return", "return")  # join: the first free seat
            until(lambda: isinstance(bob.app.top, WaitingRoomScreen), bob)
            until(heard(ann, "Bob sits in seat 2."), ann)
            ann.press("down", "down", "return", "return")  # seat 3: Milly
            until(heard(ann, "Milly, a computer player, sits in seat 3."), ann)
            ann.press("down", "return", "return")  # seat 4: Bert (not Milly again)
            until(heard(ann, "Bert, a computer player, sits in seat 4."), ann)
            ann.patience_seconds = bob.patience_seconds = 0.3
            ann.press("down", "return")  # Start the game
            until(lambda: isinstance(bob.app.top, OnlineTableScreen), ann, bob)
            until(lambda: isinstance(ann.app.top, OnlineTableScreen), ann, bob)
            ann_table, bob_table = _table(ann), _table(bob)

            _play_both_to_the_end(ann, bob)
            until(heard(ann, HOST_LINE), ann)
            until(heard(bob, WAIT_LINE), bob)
            assert HOST_LINE not in bob.transcript
            assert WAIT_LINE not in ann.transcript
            # Bob's Enter is answered: only the host starts the next game.
            mark = bob.mark()
            bob.press("return")
            assert bob.said_since(mark) == [WAIT_LINE]
            assert bob_table.remote.is_over

            # Ann's Enter asks first (a stray Enter starts nothing): N stays.
            ann.press("return")
            assert ann.last == (
                "Start another game at this table with the same players? "
                "Y starts, N stays."
            )
            ann.press("n")
            assert ann.app.top is ann_table and ann_table.remote.is_over
            # Enter and Y start it: both hear so, at the same screens.
            ann.press("return")
            ann_mark, bob_mark = ann.mark(), bob.mark()
            ann.press("y")
            ann.settle()  # as a key script's next key would: after the answer
            assert "The game starts." in ann.said_since(ann_mark)
            until(lambda: "The game starts." in bob.said_since(bob_mark), bob)
            # Y's answer is the server's: no "Y does nothing here" before it.
            assert not [s for s in ann.said_since(ann_mark) if "does nothing" in s]
            # Then who plays, as at the first game's start (and a local game's).
            for player, mark, who in (
                (ann, ann_mark, "Bob, Milly and Bert, in playing order. Milly"),
                (bob, bob_mark, "Milly, Bert and Ann, in playing order. Bert"),
            ):
                said = player.said_since(mark)
                started = said.index("The game starts.")
                assert said[started + 1] == f"New game with {who} is your partner."
            assert _table(ann) is ann_table and _table(bob) is bob_table
            until(lambda: not ann_table.finished and not bob_table.finished, ann, bob)

            # The second game takes their cards (the first game's controller refused
            # them all, saying the game was over), to its end.
            _play_both_to_the_end(ann, bob)
            for player, mark in ((ann, ann_mark), (bob, bob_mark)):
                said = player.said_since(mark)
                # One hand, and one more for each tie (a tied game plays on).
                hands = sum("The hand is over." in s for s in said)
                assert hands >= 1
                assert sum(s.startswith("You play ") for s in said) == 13 * hands
            until(lambda: ann.said_since(ann_mark).count(HOST_LINE) == 1, ann)
            until(lambda: bob.said_since(bob_mark).count(WAIT_LINE) == 1, bob)
        finally:
            ann.close()
            bob.close()


def _help_lines(player: Harness, count: int = 45) -> list[str]:
    """F1's lines at the table (down through them), then back to the table."""
    player.press("f1")
    lines = [player.last]
    for _ in range(count):
        player.press("down")
        lines.append(player.last)
    player.press("escape")
    return lines


def test_the_host_fills_the_seat_of_a_player_who_left_and_plays_again(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """After a one-hand game Bob leaves; the host fills his seat and plays again.

    Before, Ann's Enter and Y asked for "the same players" and the server refused
    ("Every seat must be taken"), with nothing on that screen to fill the seat.
    Now "Play again?" names Bob, Y opens the table's waiting room on his empty
    seat (Escape goes back to the finished table), a computer player takes it,
    and "Start the game" starts the next game at the same table; Cid, the other
    person still seated, hears the seat filled and the game start, and plays on.
    F1 at the finished table says what Enter does there, for the host and not.
    """
    settings = dataclasses.replace(
        Settings(language="en", pace="fast"), last_rules=dict(SMALL)
    )
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", settings=settings)
        ann.press("return", "end", "return")  # create a table
        ann.settle()
        assert isinstance(ann.app.top, WaitingRoomScreen)
        bob = connect(make_harness, server, "Bob")
        cid = connect(make_harness, server, "Cid")
        players = (ann, bob, cid)
        try:
            bob.press("return", "return")  # the first free seat: seat 2
            until(heard(ann, "Bob sits in seat 2."), ann, bob)
            cid.press("return", "return")  # seat 3
            until(heard(ann, "Cid sits in seat 3 and is your partner."), ann, cid)
            ann.press("down", "down", "down", "return", "return")  # seat 4: Milly
            until(heard(ann, "Milly, a computer player, sits in seat 4."), ann)
            for player in players:
                player.patience_seconds = 0.3
            ann.press("down", "return")  # Start the game
            until(
                lambda: all(isinstance(p.app.top, OnlineTableScreen) for p in players),
                *players,
            )
            ann_table, cid_table = _table(ann), _table(cid)
            _play_both_to_the_end(*players)
            until(heard(ann, HOST_LINE), ann)
            until(heard(cid, WAIT_LINE), cid)

            # F1 at the finished table: Enter is about the next game, not a card.
            host_help = _help_lines(ann)
            assert not [s for s in host_help if "play the card" in s], host_help
            assert any(
                s.startswith(
                    "Enter: start another game at this table (you are asked first), "
                )
                for s in host_help
            ), host_help
            cid_help = _help_lines(cid)
            assert not [s for s in cid_help if "play the card" in s], cid_help
            assert any(
                s.startswith("Enter: hear how another game starts at this table, ")
                for s in cid_help
            ), cid_help

            ann_mark, cid_mark = ann.mark(), cid.mark()
            bob.press("escape", "end", "return", "y")  # Bob leaves the finished table
            until(heard(ann, "Bob left the table."), ann, bob)
            until(heard(cid, "Bob left the table."), cid)
            # The host hears how to play again now: the seat is filled first.
            fill = (
                "To play again at this table, press Enter, then fill the free "
                "seat in the waiting room."
            )
            until(lambda: fill in ann.said_since(ann_mark), ann)
            assert fill not in cid.said_since(cid_mark)

            # "Play again?" names who left; Y opens the waiting room on his seat.
            ann.press("return")
            assert ann.last == (
                "Start another game at this table? Bob left, so a seat is free: "
                "Y takes you to the waiting room to fill it, N stays."
            )
            ann.press("y")
            assert isinstance(ann.app.top, WaitingRoomScreen)
            assert ann.last.startswith("Waiting for the game: ")
            assert ann.last.endswith(" Seat 2, free, 2 of 7")
            # Escape there goes back to the finished table, still seated.
            ann.press("escape")
            assert ann.app.top is ann_table and ann_table.remote.is_over
            ann.press("return", "y")
            assert isinstance(ann.app.top, WaitingRoomScreen)

            # A computer player in Bob's seat, then "Start the game".
            ann.press("return")  # Enter on seat 2: the computer players
            ann.press("return")  # the first offered
            until(lambda: ann_table.remote.vacated() == [], ann, cid)
            filled = next(s.name for s in ann_table.remote.info.seats if s.seat == 1)
            assert filled and filled != "Bob"
            seated = f"{filled}, a computer player, sits in seat 2."
            until(heard(ann, seated), ann)
            ann.press("end", "up", "up")
            assert ann.last == "Start the game, 5 of 7"
            ann_mark = ann.mark()
            # Start, and a key at once (T), as a key script presses them: T is
            # answered after the new game's opening lines. Before, the finished
            # game's table took it first ("It is not your turn to bid" came
            # between "The game starts." and "New game with ...").
            ann.press("return", "t")
            until(lambda: ann.app.top is ann_table, ann, cid)
            assert "The game starts." in ann.said_since(ann_mark)
            until(lambda: not ann_table.finished and not cid_table.finished, ann, cid)

            # Cid heard the seat filled, then the start, at the same screen.
            until(lambda: "The game starts." in cid.said_since(cid_mark), cid)
            said = cid.said_since(cid_mark)
            assert said.index(seated) < said.index("The game starts."), said
            # Then who plays now (the room over Ann's table said the start).
            for player, mark, who in (
                (ann, ann_mark, f"{filled}, Cid and Milly, in playing order. Cid"),
                (cid, cid_mark, f"Milly, Ann and {filled}, in playing order. Ann"),
            ):
                said = player.said_since(mark)
                started = said.index("The game starts.")
                assert said[started + 1] == f"New game with {who} is your partner."
            assert _table(cid) is cid_table
            # Both play the new game: their bids are taken.
            _bid_until(
                lambda: (
                    "You bid 3." in ann.said_since(ann_mark)
                    and "You bid 3." in cid.said_since(cid_mark)
                ),
                ann,
                cid,
            )
        finally:
            for player in players:
                player.close()


def _bid_until(done: Callable[[], bool], *players: Harness) -> None:
    """Each player bids 3 on their bidding turn (no blind nil) until ``done``."""
    end = time.monotonic() + DEADLINE
    while not done():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        for player in players:
            remote = _table(player).remote
            if remote.question is not None:
                player.press("n")
            elif remote.is_human_turn and remote.view().phase is Phase.BIDDING:
                player.press("3", "return")
            else:
                player.frame()
        time.sleep(0.005)
