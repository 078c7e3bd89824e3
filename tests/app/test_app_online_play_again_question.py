"""While the host's "Start another game at this table?" is open, the table answers.

QA (headless clients against a real server): with the question open, P, S, M, K
and Enter all only asked it again, seven times in a row; the final scores (S) or
the last hand (P) could not be heard before deciding. N or Escape then answered
"The game is over." and nothing of what one can do now; Escape from the waiting
room Y opened (a seat left free) said the same, not that the room was left.

Now the keys that only ask (S, M, P, C, L, V, R, W, A, K) answer as at the table
and the question stays open (Y still starts); the keys that would act (Enter, T,
the chat key) ask it again. N, Escape and leaving the room say where the player
is and how to play again or leave.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from pathlib import Path

from online_helpers import (
    DEADLINE,
    connect,
    heard,
    server_thread,
    start_ann_and_bobs_game,
    until,
)

from audiospades.app.harness import Harness
from audiospades.app.lobby import WaitingRoomScreen
from audiospades.app.online_table import OnlineTableScreen, PlayAgainQuestion
from audiospades.app.sheet_screen import ScoreSheetScreen
from audiospades.presenter.scoring import game_over_text, last_hand_text, scores_text
from audiospades.rules import Phase
from audiospades.storage import Settings

SMALL = {"preset": "pagat", "target_score": None, "hand_limit": 1}

HOST_LINE = "To play again at this table with the same players, press Enter."
QUESTION = "Start another game at this table with the same players? Y starts, N stays."
VACATED_QUESTION = (
    "Start another game at this table? Bob left, so a seat is free: "
    "Y takes you to the waiting room to fill it, N stays."
)
LEAVE = "To leave the table, use the game menu (Escape)."
GUEST_LINE = (
    "The host can start another game at this table: wait for it, "
    "or leave from the game menu (Escape)."
)
STAYING = "The game is over; you stay at its table."


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


def _answer(player: Harness, key: str) -> list[str]:
    mark = player.mark()
    player.press(key)
    return player.said_since(mark)


def test_the_tables_questions_are_answered_while_play_again_is_asked(
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
            bob.press("return", "return")  # the first free seat: seat 2
            until(heard(ann, "Bob sits in seat 2."), ann, bob)
            ann.press("down", "down", "return", "return")  # seat 3: Milly
            until(heard(ann, "Milly, a computer player, sits in seat 3."), ann)
            ann.press("down", "return", "return")  # seat 4: Bert (not Milly again)
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
            table = _table(ann)
            _play_to_the_end(ann, bob)
            until(heard(ann, HOST_LINE), ann)
            view, names = table.control.view, table.session.names

            assert _answer(ann, "return") == [QUESTION]
            question = ann.app.top
            assert isinstance(question, PlayAgainQuestion)
            # The keys that only ask: answered as at the table, the question
            # left open (no reminder after each).
            assert _answer(ann, "s") == [scores_text(view, names)]
            assert _answer(ann, "m") == [
                f"1 hand played. {game_over_text(view, names)}"
            ]
            assert _answer(ann, "p") == [last_hand_text(view, names)]
            assert _answer(ann, "w")[-1].startswith("Seat 1: you. Seat 2: Bob")
            said = _answer(ann, "a")  # repeat: the seats again
            assert said[-1].startswith("Seat 1: you. Seat 2: Bob")
            assert QUESTION not in [*_answer(ann, "c"), *_answer(ann, "l")]
            assert ann.app.top is question
            # K opens the score sheet, which says Escape goes back to the
            # question (before: "returns to the table"); Escape: the question.
            ann.press("k")
            assert isinstance(ann.app.top, ScoreSheetScreen)
            assert ann.last.startswith("Score sheet. Escape returns to the question. ")
            assert _answer(ann, "escape") == [QUESTION]
            assert ann.app.top is question
            # Keys that would act ask it again: nothing starts, nothing opens.
            for key in ("return", "space", "t", "'", "b", "ctrl+z"):
                assert _answer(ann, key) == [QUESTION], key
                assert ann.app.top is question, key

            # N: where the player is, how to play again, how to leave.
            assert _answer(ann, "n") == [
                f"The game is over; you stay at its table. {HOST_LINE} {LEAVE}"
            ]
            assert ann.app.top is table and table.remote.is_over
            # Escape is N, in the same words; the question still takes Y after
            # the table's own keys (S) were answered under it.
            assert _answer(ann, "return") == [QUESTION]
            assert _answer(ann, "escape") == [
                f"The game is over; you stay at its table. {HOST_LINE} {LEAVE}"
            ]

            # Bob leaves: Y now opens the waiting room, whose Escape says so.
            mark = ann.mark()
            bob.press("escape", "end", "return", "y")
            fill = (
                "To play again at this table, press Enter, then fill the free "
                "seat in the waiting room."
            )
            until(lambda: fill in ann.said_since(mark), ann, bob)
            assert _answer(ann, "return") == [VACATED_QUESTION]
            assert _answer(ann, "s") == [scores_text(view, names)]
            ann.press("y")
            assert isinstance(ann.app.top, WaitingRoomScreen)
            assert _answer(ann, "escape") == [
                "You left the waiting room and are back at the finished game's "
                f"table. {fill} {LEAVE}"
            ]
            assert ann.app.top is table and table.remote.is_over
            # And N to the question naming Bob: the seat to fill is said.
            assert _answer(ann, "return") == [VACATED_QUESTION]
            assert _answer(ann, "n") == [
                f"The game is over; you stay at its table. {fill} {LEAVE}"
            ]
        finally:
            ann.close()
            bob.close()


def test_n_to_leave_the_table_after_the_game_says_what_can_be_done(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """N or Escape to the game menu's "Leave the table?" once the game is over
    said only "The game is over.": now where the player is, how another game
    starts (the host's Enter, or waiting for the host) and how to leave."""
    settings = dataclasses.replace(
        Settings(language="en", pace="fast"), last_rules=dict(SMALL)
    )
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", settings=settings)
        bob = connect(make_harness, server, "Bob")
        try:
            start_ann_and_bobs_game(ann, bob)
            _play_to_the_end(ann, bob)
            until(heard(ann, HOST_LINE), ann)
            until(heard(bob, GUEST_LINE), bob)
            table = _table(ann)
            for key in ("n", "escape"):  # Escape is N
                ann.press("escape", "end", "return")  # the game menu's last item
                assert ann.last == "Leave the table? Y leaves, N stays."
                assert _answer(ann, key) == [f"{STAYING} {HOST_LINE} {LEAVE}"], key
                assert ann.app.top is table and table.remote.is_over
            # Not the host: they wait for the host's game, or leave.
            bob.press("escape", "end", "return")
            assert bob.last == "Leave the table? Y leaves, N stays."
            assert _answer(bob, "n") == [f"{STAYING} {GUEST_LINE}"]
            assert isinstance(bob.app.top, OnlineTableScreen)
        finally:
            ann.close()
            bob.close()


def test_back_to_the_table_after_the_game_says_what_can_be_done(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """The game menu's "Back to the table" (or its Escape) once the game is over
    said only "The game is over.": now where the player is, how another game
    starts (the host's Enter, or waiting for the host) and how to leave."""
    settings = dataclasses.replace(
        Settings(language="en", pace="fast"), last_rules=dict(SMALL)
    )
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", settings=settings)
        bob = connect(make_harness, server, "Bob")
        try:
            start_ann_and_bobs_game(ann, bob)
            _play_to_the_end(ann, bob)
            until(heard(ann, HOST_LINE), ann)
            until(heard(bob, GUEST_LINE), bob)
            for player, words in (
                (ann, f"{STAYING} {HOST_LINE} {LEAVE}"),
                (bob, f"{STAYING} {GUEST_LINE}"),
            ):
                table = _table(player)
                player.press("escape")
                assert player.last == "Game menu. Back to the table, 1 of 5"
                assert _answer(player, "return") == [words]
                assert player.app.top is table and table.remote.is_over
                player.press("escape")  # the menu's Escape is the same way back
                assert _answer(player, "escape") == [words]
                assert player.app.top is table
        finally:
            ann.close()
            bob.close()


def test_g_after_the_game_says_there_is_no_one_to_remind_and_what_can_be_done(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """G (remind) once the game is over was sent to the server, whose refusal
    was said: "The game has not started yet.". Now the game says there is no
    one to remind, how another game starts (the host's Enter, or waiting for
    the host) and how to leave, without asking the server."""
    settings = dataclasses.replace(
        Settings(language="en", pace="fast"), last_rules=dict(SMALL)
    )
    over = "The game is over: there is no one to remind."
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", settings=settings)
        bob = connect(make_harness, server, "Bob")
        try:
            start_ann_and_bobs_game(ann, bob)
            _play_to_the_end(ann, bob)
            until(heard(ann, HOST_LINE), ann)
            until(heard(bob, GUEST_LINE), bob)
            # Said at the key (before, nothing until the server's refusal).
            assert _answer(ann, "g") == [f"{over} {HOST_LINE} {LEAVE}"]
            assert _answer(bob, "g") == [f"{over} {GUEST_LINE}"]
        finally:
            ann.close()
            bob.close()
