"""The hint, worked out ahead: H answers at once instead of after a search.

The hint is level 5's choice, which can take a second to find (a bid most of all).
When the game runs in real time, :class:`HintAhead` starts that search on a worker
thread as soon as it is the player's decision, using the time the player spends
listening and thinking (the loop is idle then, so the thread has the interpreter to
itself); H and J then read the finished answer, or wait only for what is left of
it. On the manual clock of tests and the headless mode it computes when asked.
Either way the answer is the same: the hint's randomness is seeded by the position.
"""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor

from audiospades import bots
from audiospades.rules import SeatView
from audiospades.table_control import TablePort

_Key = tuple[int, bool, SeatView]
"""A position: the action count, whether a question waits, and the seat's view."""


def _rng(port: TablePort) -> random.Random:
    return random.Random(port.action_count)


class HintAhead:
    """One position's hint, computed once: ahead on a thread, or when first asked."""

    def __init__(self, background: bool, timed: bool | None = None) -> None:
        """Work ahead on a thread if ``background`` (real time), else on demand.

        ``timed`` (by default as ``background``) lets the search stop at its time
        budget; untimed, the hint is the same however busy the machine is.
        """
        self._background = background
        self._timed = background if timed is None else timed
        self._executor: ThreadPoolExecutor | None = None
        self._key: _Key | None = None
        self._answer: Future[bots.Hint] | None = None

    @staticmethod
    def _key_of(port: TablePort) -> _Key:
        # The view is part of the key: after an undo and another move, the same
        # action count may be a different position.
        return (port.action_count, port.question is not None, port.view())

    @staticmethod
    def _is_players_decision(port: TablePort) -> bool:
        return port.is_human_turn or port.question is not None

    def prepare(self, port: TablePort) -> None:
        """Start the search if it is the player's decision and none runs for it."""
        if not self._background or not self._is_players_decision(port):
            return
        key = self._key_of(port)
        if key == self._key:
            return
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="hint")
        if self._answer is not None:
            self._answer.cancel()
        self._key = key
        # The view is taken here, on the loop's thread; the worker sees only it.
        self._answer = self._executor.submit(
            bots.hint, key[2], _rng(port), timed=self._timed
        )

    def is_ready(self, port: TablePort) -> bool:
        """Whether the hint for now is worked out (H would answer at once)."""
        return (
            self._key == self._key_of(port)
            and self._answer is not None
            and self._answer.done()
        )

    def get(self, port: TablePort) -> bots.Hint:
        """The hint for now (waits for a search under way; ValueError: none)."""
        key = self._key_of(port)
        if key != self._key or self._answer is None or self._answer.cancelled():
            answer: Future[bots.Hint] = Future()
            try:
                answer.set_result(bots.hint(key[2], _rng(port), timed=self._timed))
            except ValueError as error:
                answer.set_exception(error)
            self._key, self._answer = key, answer
        return self._answer.result()

    def close(self) -> None:
        """Stop the worker thread (a search under way is abandoned)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._key = self._answer = None
