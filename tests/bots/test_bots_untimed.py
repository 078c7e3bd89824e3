"""Untimed search decides the same on any machine, however busy (headless, tests)."""

from __future__ import annotations

import itertools
import random

import pytest

from audiospades.bots import make_level_bot
from audiospades.bots import search as search_module
from audiospades.rules import Game, Phase, Rules, SeatView, seat_view, shuffled_deal


def _views(count: int) -> list[SeatView]:
    """Views of seat 0's decisions over a few hands of level 3 play."""
    rules = Rules.pagat()
    views: list[SeatView] = []
    players = [make_level_bot(3, random.Random(s)) for s in range(4)]
    for hand in itertools.count():
        game = Game(rules, first_dealer=hand % 4)
        game.deal(shuffled_deal(rules, random.Random(hand)))
        while game.phase is not Phase.DEALING and not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            if seat == 0 and game.phase is not Phase.PASSING:
                views.append(view)
                if len(views) == count:
                    return views
            if game.phase is Phase.BIDDING:
                game.bid(seat, players[seat].choose_bid(view))
            elif game.phase is Phase.PASSING:
                game.pass_cards(seat, players[seat].choose_pass(view))
            else:
                game.play(seat, players[seat].choose_play(view))
    raise AssertionError("unreachable")


def _decide(view: SeatView, timed: bool) -> tuple[object, int]:
    """The level 4 decision in ``view``, and how many play-outs it took."""
    bot = make_level_bot(4, random.Random(9), timed=timed)
    assert isinstance(bot, search_module.SearchBot)
    count = 0
    rollout = bot._rollout

    def counted(*args: object) -> float:
        nonlocal count
        count += 1
        return rollout(*args)  # type: ignore[arg-type]

    bot._rollout = counted  # type: ignore[method-assign]
    if view.phase is Phase.BIDDING:
        return bot.choose_bid(view), count
    return bot.choose_play(view), count


def test_a_crawling_clock_changes_nothing_untimed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    views = _views(14)
    calm = [_decide(v, timed=False) for v in views]
    # Every reading of the clock is a minute later: each budget is long spent.
    ticks = itertools.count(step=60.0)
    monkeypatch.setattr(search_module.time, "perf_counter", lambda: next(ticks))
    assert [_decide(v, timed=False) for v in views] == calm
    # Timed, the same crawl cuts the searches short (four deals each at most).
    timed = [_decide(v, timed=True) for v in views]
    assert sum(n for _, n in timed) < sum(n for _, n in calm)
