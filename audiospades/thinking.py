"""Where the computer players think: at once, or on a worker thread.

:class:`Thinker` asks a seat's bot for its :data:`Decision`. Without a background
thread (tests, the headless mode) it answers at once, deterministically. With one
(real time), the bot works from its immutable seat view on a worker thread while the
pacing delay runs, and the window loop keeps speaking, drawing and reading keys; the
session polls until the answer is there. A bot that fails never stops the game: the
failure is logged and a legal move is played instead.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor

from audiospades.bots import Bot
from audiospades.rules import Bid, Card, Game, Phase, SeatView, seat_view

log = logging.getLogger(__name__)

Decision = Bid | tuple[Card, ...] | Card
"""A computer player's answer: a bid, the cards it passes, or the card it plays."""


class Thinker:
    """Asks the bots, on a worker thread when ``background``."""

    def __init__(self, bots: dict[int, Bot], background: bool) -> None:
        """Think for ``bots`` (by seat), in the background if ``background``."""
        self.bots = bots
        self.background = background
        self._executor: ThreadPoolExecutor | None = None
        self._thought: tuple[tuple[int, int], Future[Decision]] | None = None

    def poll(self, game: Game, seat: int) -> Decision | None:
        """``seat``'s decision now, or None while it is still thinking."""
        if not self.background:
            return _decide_safely(self.bots[seat], game, seat)
        key = (seat, game.action_count)
        if self._thought is None or self._thought[0] != key:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="bot")
            view = seat_view(game, seat)
            future = self._executor.submit(decide, self.bots[seat], view)
            self._thought = (key, future)
        future = self._thought[1]
        if not future.done():
            return None
        self._thought = None
        try:
            return future.result()
        except Exception:  # a bot bug must not stop the game: play a legal move
            log.exception("computer player at seat %d failed", seat)
            return fallback(game, seat)

    def close(self) -> None:
        """Stop the thinking thread, if any."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._thought = None


def decide(bot: Bot, view: SeatView) -> Decision:
    """Ask ``bot`` what to do in ``view``."""
    if view.phase is Phase.BIDDING:
        return bot.choose_bid(view)
    if view.phase is Phase.PASSING:
        return tuple(bot.choose_pass(view))
    return bot.choose_play(view)


def _decide_safely(bot: Bot, game: Game, seat: int) -> Decision:
    try:
        return decide(bot, seat_view(game, seat))
    except Exception:
        log.exception("computer player at seat %d failed", seat)
        return fallback(game, seat)


def fallback(game: Game, seat: int) -> Decision:
    """A legal move when a bot failed: the lowest legal card, or a legal bid."""
    if game.phase is Phase.BIDDING:
        return game.legal_bids(seat)[-1]
    if game.phase is Phase.PASSING:
        return game.hand(seat)[: game.rules.blind_nil_pass]
    return min(game.legal_plays(seat))
