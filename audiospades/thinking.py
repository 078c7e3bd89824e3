"""Where the computer players think: at once, or on a worker thread.

:class:`Thinker` asks a seat's bot for its :data:`Decision`. Without a background
thread (tests, the headless mode) it answers at once, deterministically. With one
(real time), the bot works from its immutable seat view on a worker thread while the
pacing delay runs, and the window loop keeps speaking, drawing and reading keys; the
session polls until the answer is there. A bot that fails never stops the game: the
failure is logged and a legal move is played instead.

A computer player's randomness is drawn afresh for each decision from
:func:`rng_key` (the table's seed, the seat and the action count), so a decision
depends only on the seat view and that key: a game rebuilt from its record goes on
exactly as before, and :func:`decide_for` can work a decision out in another process.
"""

from __future__ import annotations

import logging
import random
from concurrent.futures import Future, ThreadPoolExecutor

from audiospades.bots import Bot
from audiospades.rules import Bid, Card, Game, Phase, SeatView, seat_view
from audiospades.seating import make_bot

log = logging.getLogger(__name__)

Decision = Bid | tuple[Card, ...] | Card
"""A computer player's answer: a bid, the cards it passes, or the card it plays."""


class Thinker:
    """Asks the bots, on a worker thread when ``background``."""

    def __init__(
        self, bots: dict[int, Bot], background: bool, *, seed: int = 0
    ) -> None:
        """Think for ``bots`` (by seat), in the background if ``background``.

        ``seed`` is the table's: each decision's randomness comes from
        :func:`rng_key` of it.
        """
        self.bots = bots
        self.background = background
        self.seed = seed
        self._executor: ThreadPoolExecutor | None = None
        self._thought: tuple[tuple[int, int], Future[Decision]] | None = None

    def poll(
        self, game: Game, seat: int, view: SeatView | None = None
    ) -> Decision | None:
        """``seat``'s decision now, or None while it is still thinking.

        ``view``: the view to decide from when the table adds to the seat's own
        (what it heard at the deal); None: ``seat``'s view of ``game``.
        """
        if view is None:
            view = seat_view(game, seat)
        if not self.background:
            return _decide_safely(self._reseeded(game, seat), game, seat, view)
        key = (seat, game.action_count)
        if self._thought is None or self._thought[0] != key:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="bot")
            bot = self._reseeded(game, seat)
            future = self._executor.submit(decide, bot, view)
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

    def _reseeded(self, game: Game, seat: int) -> Bot:
        bot = self.bots[seat]
        rng = getattr(bot, "rng", None)
        if isinstance(rng, random.Random):
            rng.seed(rng_key(self.seed, seat, game.action_count))
        return bot

    def close(self) -> None:
        """Stop the thinking thread, if any."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._thought = None


def rng_key(seed: int, seat: int, action_count: int) -> str:
    """The seed of a computer player's randomness for one decision.

    >>> rng_key(7, 2, 15)
    '7/bot/2/15'
    """
    return f"{seed}/bot/{seat}/{action_count}"


def decide_for(character_id: str | None, key: str, view: SeatView) -> Decision:
    """The decision of ``character_id`` in ``view`` with randomness from ``key``.

    A plain function of plain data, so a process pool can run it; the same
    arguments give the same decision in any process.
    """
    return decide(make_bot(character_id, random.Random(key), timed=False), view)


def decide(bot: Bot, view: SeatView) -> Decision:
    """Ask ``bot`` what to do in ``view``."""
    if view.phase is Phase.BIDDING:
        return bot.choose_bid(view)
    if view.phase is Phase.PASSING:
        return tuple(bot.choose_pass(view))
    return bot.choose_play(view)


def _decide_safely(bot: Bot, game: Game, seat: int, view: SeatView) -> Decision:
    try:
        return decide(bot, view)
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
