"""The hint is worked out on a thread while the player thinks, and H reads it."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable

from audiospades import bots
from audiospades.app.harness import Harness
from audiospades.app.hint_ahead import HintAhead
from audiospades.controller import GameSession
from audiospades.storage import Settings


def _wait_ready(ahead: HintAhead, session: GameSession, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not ahead.is_ready(session):
        assert time.monotonic() < end, "the hint never finished"
        time.sleep(0.01)


def _at_first_bid(make_harness: Callable[..., Harness]) -> tuple[Harness, GameSession]:
    """A new game, at seat 0's first bid."""
    h = make_harness(seed=5, settings=Settings(language="en", pace="fast"))
    h.press("return")
    h.settle()
    return h, h.table.session


def test_the_hint_found_ahead_on_a_thread_is_the_one_found_when_asked(
    make_harness: Callable[..., Harness],
) -> None:
    _, session = _at_first_bid(make_harness)
    assert session.is_human_turn  # Seat 0's bid.
    ahead = HintAhead(background=True, timed=False)  # Untimed: the same on any load.
    seen: list[str] = []
    original = bots.hint

    def spy(view, rng, **kw):  # type: ignore[no-untyped-def]
        seen.append(threading.current_thread().name)
        return original(view, rng, **kw)

    try:
        bots.hint = spy  # type: ignore[assignment]
        ahead.prepare(session)
        _wait_ready(ahead, session)
        found = ahead.get(session)
    finally:
        bots.hint = original  # type: ignore[assignment]
        ahead.close()
    assert seen and seen[0].startswith("hint")  # Worked out on the hint thread,
    assert len(seen) == 1  # once, and read back without searching again.
    view = session.view()
    rng = random.Random(len(session.game.actions))
    assert found == bots.hint(view, rng, timed=False)


def test_a_hint_for_an_earlier_position_is_never_given(
    make_harness: Callable[..., Harness],
) -> None:
    h, session = _at_first_bid(make_harness)
    ahead = HintAhead(background=True)
    try:
        ahead.prepare(session)
        _wait_ready(ahead, session)
        bid_hint = ahead.get(session)
        h.press("3")
        h.press("return")
        h.settle()  # Bids done: seat 0's turn to play.
        assert session.is_human_turn
        card_hint = ahead.get(session)
    finally:
        ahead.close()
    assert bid_hint.kind is bots.HintKind.BID
    assert card_hint.kind is bots.HintKind.PLAY
