"""Computer players in the process pool: the same decisions as in this process, the
table woken when one is in, and a failure answered with a legal move."""

from __future__ import annotations

import random
import threading
from concurrent.futures import Future

import pytest

from audiospades.net.pool import BotPool, PoolThinking
from audiospades.rules import Game, Rules, SeatView, seat_view, shuffled_deal
from audiospades.seating import Seating
from audiospades.table_core import TAKEOVER_CHARACTER
from audiospades.thinking import Decision, decide_for, rng_key


def _game(seed: int) -> Game:
    rules = Rules.pagat()
    game = Game(rules, first_dealer=seed % 4)
    game.deal(shuffled_deal(rules, random.Random(seed)))
    return game


SEATING = Seating(("milly", "dennis", "hazel", "rosa"), ("A", "B", "C", "D"))


def test_the_pool_decides_as_this_process_does() -> None:
    pool = BotPool(workers=1)
    woken = threading.Event()
    try:
        for seed in range(3):
            game = _game(seed)
            thinking = PoolThinking(
                pool, seed=seed, seating=lambda: SEATING, wake=woken.set
            )
            for _ in range(12):  # bids, then the first plays
                seat = game.to_act
                assert seat is not None
                woken.clear()
                decision = thinking.poll(game, seat)
                while decision is None:
                    assert woken.wait(60)
                    decision = thinking.poll(game, seat)
                key = rng_key(seed, seat, game.action_count)
                assert decision == decide_for(
                    SEATING.characters[seat], key, seat_view(game, seat)
                )
                assert thinking.poll(game, seat) == decision  # kept until the move
                if game.legal_bids(seat):
                    game.bid(seat, decision)  # type: ignore[arg-type]
                else:
                    game.play(seat, decision)  # type: ignore[arg-type]
    finally:
        pool.shutdown()


class _BrokenPool(BotPool):
    def submit(
        self,
        character: str | None,
        key: str,
        game: Game,
        seat: int,
        view: SeatView | None = None,
    ) -> Future[Decision]:
        failed: Future[Decision] = Future()
        failed.set_exception(RuntimeError("worker died"))
        return failed


@pytest.mark.allow_error_log
def test_a_failed_decision_is_a_legal_move_logged_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    game = _game(9)
    seat = game.to_act
    assert seat is not None
    thinking = PoolThinking(
        _BrokenPool(), seed=9, seating=lambda: SEATING, wake=lambda: None
    )
    first = thinking.poll(game, seat)
    second = thinking.poll(game, seat)
    assert first == second and first in game.legal_bids(seat)
    errors = [r for r in caplog.records if r.levelname == "ERROR"]
    assert len(errors) == 1 and "seat" in errors[0].getMessage()


def test_a_stand_in_plays_as_the_takeover_character() -> None:
    seating = Seating((None, "milly", None, "rosa"), ("Ann", "Milly", "Bob", "Rosa"))
    thinking = PoolThinking(
        BotPool(), seed=1, seating=lambda: seating, wake=lambda: None
    )
    assert thinking.character(1) == "milly"
    assert thinking.character(0) == TAKEOVER_CHARACTER


def test_ctrl_c_in_the_terminal_leaves_the_workers_to_the_server() -> None:
    """Ctrl+C reaches every process of the terminal's group: a worker must not die
    of it with a traceback (the server stops the pool itself)."""
    import os
    import signal
    import time

    pool = BotPool(workers=1)
    woken = threading.Event()
    try:
        game = _game(1)
        thinking = PoolThinking(pool, seed=1, seating=lambda: SEATING, wake=woken.set)
        seat = game.to_act
        assert seat is not None
        while thinking.poll(game, seat) is None:
            assert woken.wait(60)
        executor = pool._executor
        assert executor is not None
        workers = list(executor._processes)  # the worker processes' ids
        assert workers
        for pid in workers:
            os.kill(pid, signal.SIGINT)
        time.sleep(0.5)  # long enough for a worker to die of it
        for pid in workers:
            os.kill(pid, 0)  # still there: raises ProcessLookupError if not
        game.bid(seat, thinking.poll(game, seat))  # type: ignore[arg-type]
        seat = game.to_act
        assert seat is not None
        woken.clear()
        while thinking.poll(game, seat) is None:
            assert woken.wait(60)
    finally:
        pool.shutdown()
