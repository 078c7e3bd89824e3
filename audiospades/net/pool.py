"""Computer players at the server think in worker processes, never on the event loop.

One :class:`BotPool` (a :class:`~concurrent.futures.ProcessPoolExecutor`) serves every
table; each table's :class:`~audiospades.table_core.TableCore` asks it through a
:class:`PoolThinking`, which sends the seat view and the decision's random key to a
worker (:func:`~audiospades.thinking.decide_for`) and wakes the table when the answer
is in. Workers search with sample limits only (no time budget), so a decision does
not depend on how busy the server is, and is the same one a resumed table, or any
other process, works out from the same view and key.

A worker that fails, or a pool that breaks (a worker killed), never stops a game: the
failure is logged, a legal move is played instead, and the pool is started afresh
for the next decision. A worker whose server is gone (killed with SIGKILL, which
leaves it no time to stop its pool) ends by itself within a second or two, instead
of waiting for work that will never come.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from audiospades.rules import Game, SeatView, seat_view
from audiospades.seating import Seating
from audiospades.table_core import TAKEOVER_CHARACTER
from audiospades.thinking import Decision, decide_for, fallback, rng_key

log = logging.getLogger(__name__)

T = TypeVar("T")


PARENT_CHECK_SECONDS = 1.0
"""How often a worker looks whether its server is still there."""


def _watch_parent(parent: int) -> None:
    """In a worker: end it when the server that started it is gone.

    A server killed with SIGKILL cannot stop its pool, and its workers would wait
    on their queue for ever (each holds the queue's writing end too, so it never
    reads its end). Orphaned, a worker gets a new parent.

    Ctrl+C in a terminal interrupts the whole process group: the worker leaves it
    to the server, which stops its pool (before, each worker printed a
    KeyboardInterrupt traceback into the operator's log).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A closed terminal hangs up the whole group too: the server stops on it
    # (saving everything) and stops its pool.
    if hasattr(signal, "SIGHUP"):  # not on Windows
        signal.signal(signal.SIGHUP, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


@contextlib.contextmanager
def _hangups_held() -> Iterator[None]:
    """Processes started in here keep SIGHUP blocked for life.

    The pool's workers and multiprocessing's resource tracker are processes of
    the server's process group: a closed terminal's SIGHUP reaches them too, and
    killed them (a worker still starting up, before it could ignore it; the
    tracker, whose successor then printed a KeyError traceback for every
    semaphore) while the server stopped cleanly. A blocked signal stays blocked
    across fork and exec; in the server it only waits until the block ends.
    """
    hangup = getattr(signal, "SIGHUP", None)
    if hangup is None or not hasattr(signal, "pthread_sigmask"):  # Windows
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {hangup})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


class BotPool:
    """The worker processes shared by every table (started on first use)."""

    def __init__(self, workers: int | None = None) -> None:
        """Use ``workers`` processes (None: one a CPU)."""
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None

    def submit(
        self,
        character: str | None,
        key: str,
        game: Game,
        seat: int,
        view: SeatView | None = None,
    ) -> Future[Decision]:
        """Start working out ``seat``'s decision from its view of ``game``.

        ``view``: the view to decide from, if the table adds to the seat's own
        (what it heard at the deal); None: ``seat``'s view of ``game``.
        """
        if view is None:
            view = seat_view(game, seat)
        for attempt in (1, 2):
            executor = self._started()
            try:
                with _hangups_held():  # the submit may start a worker
                    return executor.submit(decide_for, character, key, view)
            except (BrokenProcessPool, RuntimeError):
                log.warning("bot pool broken; starting it again (try %d)", attempt)
                executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None
        failed: Future[Decision] = Future()
        failed.set_exception(RuntimeError("the bot pool cannot start"))
        return failed

    def _started(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # "spawn": a fresh interpreter, never a fork of the event loop's
            # process with its sockets and threads. (Its queues start the
            # resource tracker.)
            with _hangups_held():
                self._executor = ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_watch_parent,
                    initargs=(os.getpid(),),
                )
        return self._executor

    def call(
        self, fn: Callable[..., T], /, *args: object, **kwargs: object
    ) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` in a worker (a browser seat's hint)."""
        for _attempt in (1, 2):
            executor = self._started()
            try:
                with _hangups_held():
                    return executor.submit(fn, *args, **kwargs)
            except (BrokenProcessPool, RuntimeError):
                executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None
        failed: Future[T] = Future()
        failed.set_exception(RuntimeError("the bot pool cannot start"))
        return failed

    def shutdown(self) -> None:
        """Stop the workers (decisions under way are dropped)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


class PoolThinking:
    """One table's computer players, thinking in the pool (the core's Thinking)."""

    background = True
    """The core may ask before a decision is due: thinking overlaps the pacing."""

    def __init__(
        self,
        pool: BotPool,
        *,
        seed: int,
        seating: Callable[[], Seating],
        wake: Callable[[], None],
    ) -> None:
        """Think for a table of ``seed``.

        Args:
            pool: the shared workers.
            seed: the table's seed (each decision's randomness comes from it).
            seating: the table's current seating (who plays each computer seat).
            wake: called, from any thread, when a decision is ready.
        """
        self.pool = pool
        self.seed = seed
        self._seating = seating
        self._wake = wake
        self._key: tuple[int, int] | None = None
        self._future: Future[Decision] | None = None

    def character(self, seat: int) -> str:
        """Who plays ``seat`` for the computer (a stand-in for a person who left)."""
        return self._seating().characters[seat] or TAKEOVER_CHARACTER

    def poll(
        self, game: Game, seat: int, view: SeatView | None = None
    ) -> Decision | None:
        """``seat``'s decision now, or None while a worker is still on it.

        The answer stays until the game moves on, so asking again before the
        decision is due does not start the work afresh. ``view``: see
        :meth:`BotPool.submit`.
        """
        key = (seat, game.action_count)
        if self._key != key or self._future is None:
            self._key = key
            self._future = self.pool.submit(
                self.character(seat),
                rng_key(self.seed, seat, game.action_count),
                game,
                seat,
                view,
            )
            self._future.add_done_callback(lambda _: self._wake())
        future = self._future
        if not future.done():
            return None
        try:
            return future.result()
        except Exception:  # a bot bug or a broken pool must not stop the game
            # Seats as players count them, from 1.
            log.exception("computer player at seat %d failed", seat + 1)
            decision = fallback(game, seat)
            self._future = Future()
            self._future.set_result(decision)  # logged once, not at every poll
            return decision

    def close(self) -> None:
        """Forget the decision under way (the pool itself is shared)."""
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self._key = None
