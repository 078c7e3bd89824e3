"""Sitting down at a table just as its game starts: the start, then the deal.

QA: Bob took the last free seat of Ann's table, whose host had asked for the game
to start as soon as every seat was taken. Ann's game started it at once, and Bob's
seat, the start and the game's first moments reached his game together: he heard
where things stood ("Hand 1. The next hand is being dealt.", the scores, all 0),
and only then "The game starts.". Someone who came to watch in the moment between
the start and the first deal heard where things stood so, and never that the game
starts.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from online_helpers import (
    HOST_WITH_BOTS,
    HeldFrames,
    connect,
    heard,
    server_thread,
    until,
)

from audiospades.app.harness import Harness
from audiospades.app.lobby import WaitingRoomScreen
from audiospades.app.online_table import OnlineTableScreen
from audiospades.net import protocol as p
from audiospades.net import running
from audiospades.net.protocol import TableState
from audiospades.net.server import Server

NEXT_HAND = "The next hand is being dealt."


def _heard_cards(player: Harness, mark: int) -> bool:
    return any(line.startswith("Your cards") for line in player.said_since(mark))


def _heard_the_deal(player: Harness, mark: int) -> bool:
    return any(line.startswith("Hand 1. ") for line in player.said_since(mark))


def _the_start_then_the_deal(said: list[str], before: str) -> None:
    """``said``: ``before``, "The game starts." once, who plays, then the deal."""
    assert not [line for line in said if NEXT_HAND in line], said
    assert said.count("The game starts.") == 1, said
    start = said.index("The game starts.")
    assert said[start - 1] == before, said
    assert said[start + 1].startswith("New game"), said
    assert said[start + 2].startswith("Hand 1. "), said
    assert " deal" in said[start + 2], said


def test_the_last_seat_of_a_table_armed_to_start_hears_the_start_then_the_deal(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann arms "Start the game" with seat 2 empty; Bob takes it, and his game
    takes in his seat, the start and the deal at once (held back until the deal
    has come, then let through together): he hears which seat, "The game
    starts." once, who plays, then the deal; never "The next hand is being
    dealt."."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            ann.press("return", "end", "return")  # create "Ann's table"
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            ann.press("down", "down", "return", "return")  # seat 3: Milly
            until(heard(ann, "Milly, a computer player, sits in seat 3."), ann)
            ann.press("down", "return", "return")  # seat 4: Bert
            until(heard(ann, "Bert, a computer player, sits in seat 4."), ann)
            ann.press("down", "return")  # Start the game: armed, seat 2 is empty
            assert ann.last == "The game starts as soon as every seat is taken."
            until(heard(bob, "New table: Ann's table."), bob)
            held = HeldFrames(bob.app.top.online.client.connection)  # type: ignore[attr-defined]
            ann.patience_seconds = bob.patience_seconds = 0.3
            mark = bob.mark()
            bob.press("home", "return", "return")  # Ann's table: the first free seat
            # Ann's room starts the game when Bob sits down; Bob's game has
            # heard nothing yet, until the first deal's update has come too.
            until(held.holds(lambda item: isinstance(item, p.TableUpdate)), ann)
            held.release()
            until(lambda: isinstance(bob.app.top, OnlineTableScreen), bob)
            until(lambda: _heard_cards(bob, mark), bob)
            _the_start_then_the_deal(
                bob.said_since(mark),
                "You sit in seat 2 at Ann's table. Your partner is Bert.",
            )
        finally:
            ann.close()
            bob.close()


@pytest.fixture
def first_deal_held(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """A started game's clock waits until the event is set: its first deal too.

    (The moment between the start and the first deal, a blink at a real server,
    held open for as long as a test needs.)
    """
    go = threading.Event()
    run_clock = running.run_clock

    async def held(table):  # type: ignore[no-untyped-def]
        while not go.is_set():
            await asyncio.sleep(0.01)
        await run_clock(table)

    monkeypatch.setattr(running, "run_clock", held)
    yield go
    go.set()


def _started(server: Server) -> bool:
    return any(t.state is TableState.PLAYING for t in list(server.tables.values()))


def test_watching_from_between_the_start_and_the_first_deal_hears_the_start(
    make_harness: Callable[..., Harness],
    tmp_path: Path,
    first_deal_held: threading.Event,
) -> None:
    """Carl comes to watch Ann's game after its start and before its first deal:
    he hears whose chair, that the game starts and who plays, then the deal;
    not "Hand 1. The next hand is being dealt." with the scores."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        try:
            ann.press(*HOST_WITH_BOTS[:-1])
            ann.patience_seconds = 0.3  # (the game waits on its first deal)
            ann.press(HOST_WITH_BOTS[-1])  # Start the game
            until(lambda: _started(server), ann)
            carl = connect(make_harness, server, "Carl")
            try:
                carl.patience_seconds = 0.3
                mark = carl.mark()
                # Ann's table, "Watch the game", from Ann's chair:
                carl.press("home", "return", "return", "return")
                until(lambda: isinstance(carl.app.top, OnlineTableScreen), carl)
                first_deal_held.set()
                until(lambda: _heard_the_deal(carl, mark), carl)
                said = carl.said_since(mark)
                assert not [line for line in said if NEXT_HAND in line], said
                watching = "You are watching Ann's table from the chair of Ann."
                start = said.index(watching) + 1
                assert said[start].startswith("The game starts. New game: "), said
                assert said[start + 1].startswith("Hand 1. "), said
                assert " deal" in said[start + 1], said
                assert sum(x.count("The game starts.") for x in said) == 1, said
            finally:
                carl.close()
        finally:
            ann.close()


def test_t_and_v_between_the_start_and_the_first_deal_say_the_game_is_starting(
    make_harness: Callable[..., Harness],
    tmp_path: Path,
    first_deal_held: threading.Event,
) -> None:
    """QA: T or V between the game's start and its first deal said "The next hand
    is being dealt.", of a game whose first hand it is. Now that the game is
    starting and the cards are being dealt; the deal follows as ever."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        try:
            ann.press(*HOST_WITH_BOTS[:-1])
            ann.patience_seconds = 0.3  # (the game waits on its first deal)
            ann.press(HOST_WITH_BOTS[-1])  # Start the game
            until(lambda: _started(server), ann)
            until(lambda: isinstance(ann.app.top, OnlineTableScreen), ann)
            until(heard(ann, "The game starts."), ann)
            for key in ("t", "v"):
                mark = ann.mark()
                ann.press(key)
                assert ann.said_since(mark) == [
                    "The game is starting: the cards are being dealt."
                ], key
            mark = ann.mark()
            first_deal_held.set()
            until(lambda: _heard_the_deal(ann, mark), ann)
        finally:
            ann.close()
