"""Computer players think on a worker thread in real time, so the loop never freezes."""

from __future__ import annotations

import threading
import time

import pytest

from audiospades.bots import RandomBot
from audiospades.controller import GameSession
from audiospades.rules import Card, Phase, Rules, SeatView
from audiospades.seating import Seating


class SlowBot(RandomBot):
    """Plays like RandomBot, but each card waits for the test to release it."""

    def __init__(self) -> None:
        import random

        super().__init__(random.Random(1))
        self.release = threading.Event()
        self.thinking = threading.Event()

    def choose_play(self, view: SeatView) -> Card:
        self.thinking.set()
        assert self.release.wait(5)
        return super().choose_play(view)


def _session(background: bool) -> tuple[GameSession, SlowBot]:
    rules = Rules.pagat()
    session = GameSession.new(
        rules,
        seed=3,
        seating=Seating.chosen(rules, ["random", "random", "random"]),
        pace="fast",
        persist=False,
        think_in_background=background,
    )
    slow = SlowBot()
    for seat in session.bots:
        session.bots[seat] = slow
    return session, slow


def _to_a_bot_playing(session: GameSession, slow: SlowBot) -> int:
    """Bid 3 for the human until a bot must play; return the clock."""
    now = 0
    slow.release.set()  # bids and any earlier plays go through at once
    while True:
        now += 50
        session.advance(now)
        game = session.game
        if session.question is not None:
            session.answer(False)
        elif session.is_human_turn and game.phase is Phase.BIDDING:
            session.human_bid(game.legal_bids(0)[3])
        elif game.phase is Phase.PLAYING and game.to_act != 0:
            slow.release.clear()
            return now
        elif session.is_human_turn:
            session.human_play(min(game.legal_plays(0)))


def test_the_loop_keeps_running_while_a_bot_thinks() -> None:
    session, slow = _session(background=True)
    now = _to_a_bot_playing(session, slow)
    played_before = len(session.game.actions)
    start = time.monotonic()
    session.advance(now + 10_000)  # long past the pacing delay
    assert time.monotonic() - start < 1.0  # advance did not wait for the bot
    assert slow.thinking.wait(5)
    assert len(session.game.actions) == played_before
    assert not session.is_idle
    slow.release.set()
    for step in range(200):
        session.advance(now + 10_000 + step)
        if len(session.game.actions) > played_before:
            break
        time.sleep(0.01)
    assert len(session.game.actions) == played_before + 1
    session.close()


def test_without_background_thinking_the_bot_moves_inside_advance() -> None:
    session, slow = _session(background=False)
    now = _to_a_bot_playing(session, slow)
    played_before = len(session.game.actions)
    slow.release.set()
    session.advance(now + 10_000)
    assert len(session.game.actions) > played_before


class BrokenBot(RandomBot):
    """Bids like RandomBot, then fails on every card."""

    def choose_play(self, view: SeatView) -> Card:
        raise RuntimeError("a bug in a computer player")


@pytest.mark.allow_error_log
@pytest.mark.parametrize("background", [False, True])
def test_a_failing_bot_plays_its_lowest_legal_card_and_the_game_goes_on(
    background: bool,
) -> None:
    import random

    session, slow = _session(background=background)
    broken = BrokenBot(random.Random(2))
    for seat in session.bots:
        session.bots[seat] = broken
    now = _to_a_bot_playing(session, slow)
    game = session.game
    seat = game.to_act
    assert seat is not None and seat != 0
    lowest = min(game.legal_plays(seat))
    before = len(game.actions)
    for step in range(200):
        session.advance(now + 10_000 + step)
        if len(game.actions) > before:
            break
        time.sleep(0.01)
    assert game.actions[before].card == lowest  # type: ignore[attr-defined]
    session.close()
