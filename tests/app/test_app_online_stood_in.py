"""Back at the table after a computer player stood in: what it did is said first.

The QA's finding: a player put back at a table after a computer played for them
heard "You bid 7, taken 1 trick" and found cards gone, and could not tell that the
bid and the cards were not theirs. (Back with nothing done for them, the words
are as before: see test_app_online_back.py.)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from online_helpers import (
    PLAYING_AWAY_SECONDS,
    HeldFrames,
    ann_and_bob_with_milly_and_bert,
    connect,
    play_online_until,
    play_until_the_turn_of,
    server_thread,
    stand_in_for_the_one_awaited,
    start_ann_and_bobs_game,
    until,
    url_of,
)

from audiospades.app.harness import Harness
from audiospades.app.lobby import LobbyScreen
from audiospades.app.online_table import OnlineTableScreen
from audiospades.net import codec
from audiospades.net import protocol as p
from audiospades.net.client import Incoming
from audiospades.net.server import Server
from audiospades.presenter.words import bid_words, card_list
from audiospades.rules import BidMade, Card, CardPlayed, CardsPassed, SeatView
from audiospades.table_core import Delays

BOB = 1
"""Bob's seat as Ann sees it (seat 2, the first free one)."""


def _bobs_cards(view: SeatView) -> list[Card]:
    """The cards Bob played this hand, in order."""
    done = [pair for trick in view.completed_tricks for pair in trick.cards]
    return [card for seat, card in [*done, *view.trick] if seat == BOB]


def _bob_gone_as_the_game_starts(
    make_harness: Callable[..., Harness], server: Server, players: list[Harness]
) -> tuple[Harness, OnlineTableScreen]:
    """Ann and Bob sit with Milly and Bert and Ann starts the game; Bob's game
    stops before he bids, so a computer stands in for him. Ann and her table
    (both are added to ``players``, for closing)."""
    ann = connect(make_harness, server, "Ann")
    bob = connect(make_harness, server, "Bob")
    players += [ann, bob]
    ann_and_bob_with_milly_and_bert(ann, bob)
    ann.patience_seconds = 0.3
    ann.press("down", "return")  # Start the game
    until(lambda: isinstance(bob.app.top, OnlineTableScreen), ann, bob)
    bob.close()  # Bob's game stops before he bids
    until(lambda: isinstance(ann.app.top, OnlineTableScreen), ann)
    table = ann.app.top
    assert isinstance(table, OnlineTableScreen)
    return ann, table


def _listed(table: OnlineTableScreen, name: str) -> bool:
    """Whether the table's listing names ``name`` in a seat."""
    return any(seat.name == name for seat in table.remote.info.seats)


def _hazel_in_bobs_seat_after_the_game(
    make_harness: Callable[..., Harness], server: Server, players: list[Harness]
) -> Harness:
    """As `_bob_gone_as_the_game_starts`, then the game is played to its end and
    the server gives Bob's seat to Hazel for a next game. Ann, once she has
    heard it."""
    ann, table = _bob_gone_as_the_game_starts(make_harness, server, players)
    mark = ann.mark()
    play_online_until(ann, table, lambda: table.remote.is_over)
    left = "Bob left the table; Hazel, a computer player, takes the seat."
    until(lambda: left in ann.said_since(mark), ann)
    return ann


def _asked_after_the_game(player: Harness, keys: str) -> None:
    """S, M and P (those in ``keys``) tell the finished game in the names it was
    played under: Bob's, never Hazel's, who took his seat after it."""
    openings = {"s": "You and Milly: ", "m": "1 hand played. ", "p": "Hand 1. "}
    for key in keys:
        player.press(key)
        answer = player.last
        assert answer.startswith(openings[key]), (key, answer)
        # "Bob and Bert: 134", or "Bob's nil made" in P when one bid nil.
        assert "Bob" in answer and "Hazel" not in answer, (key, answer)


def test_back_after_a_stand_in_played_the_player_hears_what_it_did(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob's game stops as the game starts; the computer standing in for him bids
    and plays four cards and more while Ann plays on. Started again, Bob hears,
    after "Back at Ann's table.", that Hazel, a computer player, played for him
    (before, not which one), its bid and how many cards, the last three named;
    then the hand."""
    players: list[Harness] = []
    try:
        with server_thread(tmp_path / "server.db", takeover_seconds=0.3) as server:
            ann, table = _bob_gone_as_the_game_starts(make_harness, server, players)
            play_online_until(
                ann,
                table,
                lambda: (
                    len(_bobs_cards(table.remote.view())) >= 4
                    and table.remote.is_human_turn
                ),
            )
            view = table.remote.view()  # Ann's turn waits: nothing moves now
            bid, cards = view.bids[BOB], _bobs_cards(view)
            assert bid is not None

            # Started again; not his turn: no long wait for the server to speak.
            bob = connect(make_harness, server, "Bob", patience_seconds=0.5)
            players.append(bob)
            until(lambda: isinstance(bob.app.top, OnlineTableScreen), bob)
            said = bob.transcript
            connected = said.index(f"Connected to {url_of(server)}.")
            assert said[connected + 1].startswith(
                "Back at Ann's table. While you were away, Hazel, a computer player,"
                f" played for you. It bid {bid_words(bid)}. It played {len(cards)}"
                f" cards; the last three were {card_list(cards[-3:])}. Hand 1. Your"
                " cards, "
            ), said[connected:]
    finally:
        for player in players:
            player.close()


def test_the_last_words_of_a_game_name_the_player_who_was_away(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob's game stops as the game starts and a computer plays his seat to the
    end; the server then gives his seat up (Hazel takes it). Ann hears the hand
    scored and the game won in the names of the game she played ("Bob and
    Bert"), then that Bob left and Hazel took his place. Before, the hand's
    words came already in the new names ("Hazel and Bert bid 6"), before she
    had heard who Hazel was; and that Hazel "plays in their place", with no game
    left to play."""
    players: list[Harness] = []
    try:
        with server_thread(tmp_path / "server.db", takeover_seconds=0.3) as server:
            ann, table = _bob_gone_as_the_game_starts(make_harness, server, players)
            mark = ann.mark()
            play_online_until(ann, table, lambda: table.remote.is_over)
            # The game is over: Hazel takes the seat, for a next game.
            left = "Bob left the table; Hazel, a computer player, takes the seat."
            until(lambda: left in ann.said_since(mark), ann)
            said = ann.said_since(mark)
            scored = next(s for s in said if s.startswith("The hand is over."))
            over = next(s for s in said if s.startswith("Game over."))
            # "Bob and Bert bid 6", or "Bob's nil made" (or Bert's) when one of
            # them bid nil: Bob's name either way, never Hazel's (below).
            assert "Bob" in scored, scored
            assert "Hazel" not in scored + over, (scored, over)
            assert said.index(over) < said.index(left)
    finally:
        for player in players:
            player.close()


def test_after_the_game_its_scores_name_who_played_not_who_took_the_seat_since(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob's game stops as the game starts, a computer plays his seat to the end,
    and the server then gives his seat to Hazel for a next game. Asked after that,
    S, M and P tell the finished game in the names it was played under ("Bob and
    Bert"). QA heard "Game over. Bob wins." and then, from M, "Game over. Hazel
    wins.", and P explain a hand Hazel never played ("Hazel took 1 trick")."""
    players: list[Harness] = []
    try:
        with server_thread(tmp_path / "server.db", takeover_seconds=0.3) as server:
            ann = _hazel_in_bobs_seat_after_the_game(make_harness, server, players)
            _asked_after_the_game(ann, "smp")
    finally:
        for player in players:
            player.close()


def test_a_game_started_again_after_the_end_names_who_played_it(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """As above, but once Hazel has taken Bob's seat Ann's game stops, and she
    starts it again within the takeover delay: she is back at the finished
    table, whose listing has Hazel in the seat. S and P still tell the game in
    the names it was played under (QA: they named Hazel, who never played it;
    a page reloaded is the same case)."""
    players: list[Harness] = []
    try:
        with server_thread(tmp_path / "server.db", takeover_seconds=2.0) as server:
            ann = _hazel_in_bobs_seat_after_the_game(make_harness, server, players)
            ann.close()
            # Back within the takeover delay: the seat is still Ann's.
            again = connect(make_harness, server, "Ann")
            players.append(again)
            until(lambda: isinstance(again.app.top, OnlineTableScreen), again)
            back = again.app.top
            assert isinstance(back, OnlineTableScreen)
            until(lambda: _listed(back, "Hazel") and back.remote.is_over, again)
            _asked_after_the_game(again, "sp")
    finally:
        for player in players:
            player.close()


def test_back_in_ones_seat_after_leaving_the_trick_just_won_is_told_once(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob leaves the table at his turn (a computer takes his seat) and sits in
    it again while the trick just won is still on the table. Where things stand
    tells it ("Last trick: ... Ann won it."); QA then heard it again, as if it
    had just been won ("Ann wins the trick with the jack of diamonds."). It is
    still on the table (C and T show it), but told once."""
    # The trick stays on the table for a minute: Bob is back during that pause.
    pause = Delays(bot=0, trick=60_000, hand=0)
    players: list[Harness] = []
    try:
        with server_thread(tmp_path / "server.db", delays=pause) as server:
            ann = connect(make_harness, server, "Ann")
            bob = connect(make_harness, server, "Bob")
            players += [ann, bob]
            start_ann_and_bobs_game(ann, bob)
            play_until_the_turn_of(bob, ann)
            bob.press("escape", "end", "return", "y")  # leave the table
            until(lambda: isinstance(bob.app.top, LobbyScreen), bob)
            table = ann.app.top
            assert isinstance(table, OnlineTableScreen)
            play_online_until(ann, table, lambda: table.remote.shown_trick is not None)
            mark = bob.mark()
            bob.press("home", "return", "return")  # sit at the first free seat
            until(lambda: isinstance(bob.app.top, OnlineTableScreen), bob)
            back = bob.app.top
            assert isinstance(back, OnlineTableScreen)

            def summed_up() -> bool:
                return any("Last trick: " in s for s in bob.said_since(mark))

            until(summed_up, bob)
            assert back.remote.shown_trick is not None  # in the trick's pause
            said = bob.said_since(mark)
            summary = next(s for s in said if "Last trick: " in s)
            assert " won it. " in summary, summary
            after = said[said.index(summary) + 1 :]
            assert not [s for s in after if "the trick with" in s], said
    finally:
        for player in players:
            player.close()


def _a_move_for(seat: int) -> Callable[[Incoming], bool]:
    """Whether a frame tells a bid, a pass or a card of ``seat`` (the server's
    numbering)."""

    def check(item: Incoming) -> bool:
        if not isinstance(item, p.TableUpdate):
            return False
        for wire in item.notices:
            notice = codec.decode_notice(wire)
            if isinstance(notice, BidMade | CardPlayed) and notice.seat == seat:
                return True
            if isinstance(notice, CardsPassed) and notice.from_seat == seat:
                return True
        return False

    return check


def test_the_computers_move_told_after_the_seat_came_back_is_still_its_own(
    make_harness: Callable[..., Harness],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ann keeps the table waiting past the away time, and Hazel plays for her;
    Ann presses a key just as Hazel makes her move: the move and the seat given
    back reach Ann's game in the same moment. She hears "You take your seat
    back.", then Hazel's move for her, then where things stand. Before, the
    move was worded once the seat was hers again, as her own ("You bid 3."),
    after "You take your seat back.".
    """
    with server_thread(
        tmp_path / "server.db", away_seconds=PLAYING_AWAY_SECONDS
    ) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            start_ann_and_bobs_game(ann, bob)
            play_until_the_turn_of(ann, bob)
            mine = ann.app.top
            assert isinstance(mine, OnlineTableScreen)
            seat = mine.remote.seat
            assert seat is not None
            # Ann's game hears the computer take her seat, and nothing after it
            # until the test lets it go.
            taken = threading.Event()

            def until_taken_over(item: Incoming) -> bool:
                if taken.is_set():
                    return False
                if (
                    isinstance(item, p.SeatChanged)
                    and item.seat == seat
                    and item.change is p.SeatChange.TAKEN_OVER
                ):
                    taken.set()
                return True

            held = HeldFrames(mine.online.client.connection, until_taken_over)
            stand_in_for_the_one_awaited(server, monkeypatch)  # (now it is held)
            until(lambda: mine.remote.is_stood_in, ann)
            stand_in = mine.remote.playing_for_me
            assert stand_in
            until(held.holds(_a_move_for(seat)), ann)  # Hazel's move for Ann
            mark = ann.mark()
            ann.press("t")  # just then: Ann's game has not heard the move yet
            assert ann.said_since(mark) == ["You take your seat back."]
            until(held.holds(lambda item: isinstance(item, p.TableSnapshot)), ann)
            held.release()  # the move, then the seat given back, at once

            def summed_up() -> bool:
                return any(" Hand 1." in line for line in ann.said_since(mark))

            until(summed_up, ann)
            said = ann.said_since(mark)
            assert not [
                line for line in said if line.startswith(("You bid ", "You play "))
            ], said
            assert said[0] == "You take your seat back.", said
            assert said[1].startswith(f"{stand_in} ") and said[1].endswith(
                " for you."
            ), said
            # (What came with the move, as "Bidding is over.", follows it.)
            summary = next(i for i, line in enumerate(said) if " Hand 1." in line)
            assert said[summary].startswith("While you were away, "), said
            assert not mine.remote.is_stood_in
        finally:
            ann.close()
            bob.close()
