"""An online table's game: its core, its clock, and what it saves and sends.

:func:`start_core` builds the table's :class:`~audiospades.table_core.TableCore`
(computer players thinking in the shared pool) and starts the table's clock task,
:func:`run_clock`, which advances the core whenever it has work: at the time the
core asks for, or as soon as a decision comes in from the pool.

:func:`flush` runs after anything happens. It first saves the game record (with the
seating and the core's open questions) in the database, and the finished game with
its results at the end, then queues each person's frame, built from that seat's
notices and view; spectators get the public stream and the public view. So no
frame ever announces an action the database does not hold.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import msgspec

from audiospades.net import codec
from audiospades.net.pool import PoolThinking
from audiospades.net.protocol import SeatKind, TableState, TableUpdate, encode_utf8
from audiospades.net.seats import outcome_of, seat_names, seat_results
from audiospades.net.wire import WireView
from audiospades.notices import GameFinished, Notice
from audiospades.rules import Game
from audiospades.seating import Seating
from audiospades.table_core import PUBLIC, TableCore

if TYPE_CHECKING:
    from audiospades.net.server import Client
    from audiospades.net.table import NetTable

log = logging.getLogger(__name__)

REMINDER_SECONDS: Final = 60.0
"""While saving keeps failing, the log says so again at most this often."""


class SaveFailures:
    """The database's failures to save, told once, not every time they are tried.

    A full disk makes every save fail, and the server tries again every second:
    the log says so when saving first fails, again at most every REMINDER_SECONDS
    (with the count of failed saves), and once more when a save succeeds again.
    """

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        """Time the failures with ``now`` (seconds)."""
        self._now = now
        self.count = 0
        """Saves failed since saving last succeeded."""
        self._since = 0.0
        self._told = 0.0

    @property
    def is_failing(self) -> bool:
        """Saving failed, and has not succeeded since."""
        return self.count > 0

    def failed(self, error: sqlite3.Error | str) -> None:
        """A save failed with ``error``."""
        now = self._now()
        self.count += 1
        if self.count == 1:
            self._since = self._told = now
            log.error(
                "database: saving failed (%s); the tables wait, and saving is "
                "tried again every second",
                error,
            )
        elif now - self._told >= REMINDER_SECONDS:
            self._told = now
            log.error(
                "database: saving still fails (%s): %d failed tries in %.0f s",
                error,
                self.count,
                now - self._since,
            )

    def succeeded(self) -> None:
        """Everything is saved (a commit went through)."""
        if self.count:
            log.warning(
                "database: saving again, everything is saved (after %d failed "
                "tries in %.0f s)",
                self.count,
                self._now() - self._since,
            )
        self.count = 0


def start_core(table: NetTable, game: Game, core_state: dict[str, Any] | None) -> None:
    """Give ``table`` a core for ``game`` (its questions restored) and a clock."""
    if table.core is not None:
        table.core.close()
    seats = table.seats
    # A person's seat that a computer player holds (stand_in) keeps that player's
    # character, so a resumed table asks the same one (its blind nil and redeal
    # choices included) as the table would have without the restart.
    seating = Seating(
        tuple(
            h.character if h.kind is SeatKind.COMPUTER or h.stand_in else None
            for h in seats
        ),
        tuple(seat_names(seats)),
    )
    humans = [
        s for s, h in enumerate(seats) if h.kind is SeatKind.HUMAN and not h.stand_in
    ]
    # A person stood in for while still connected (away at their turn in the
    # last game) follows the next one as they followed that one, until ``back``.
    watched = [
        s
        for s, h in enumerate(seats)
        if h.kind is SeatKind.HUMAN and h.stand_in and s in table.members
    ]
    pool, wake = table.context.pool, table.wake_from_any_thread
    table.core = core = TableCore(
        game,
        seed=table.seed,
        seating=seating,
        humans=humans,
        delays=table.context.delays,
        now_ms=table.context.now_ms(),
        # The core's seating: a stand-in's character is set there (set_human).
        thinking=lambda _bots, seed: PoolThinking(
            pool, seed=seed, seating=lambda: core.seating, wake=wake
        ),
        turn_views=False,  # the frames carry the views (flush)
        watched=watched,
    )
    if core_state is not None:
        core.restore_questions(core_state)
    if table.task is None or table.task.done():
        table.task = asyncio.get_running_loop().create_task(
            run_clock(table), name=f"table-{table.id}"
        )


async def run_clock(table: NetTable) -> None:
    """The table's clock: advance the core whenever it has work, then flush."""
    while True:
        core = table.core
        if core is None or table.state is not TableState.PLAYING:
            return
        table.poke.clear()
        try:
            core.advance(table.context.now_ms())
            table.flush()  # (and its away times: see NetTable.flush)
        except sqlite3.Error as error:  # told once, not every second (a full disk)
            table.context.save_failures.failed(f"table {table.id}: {error}")
            await asyncio.sleep(1.0)
            continue
        except Exception:
            log.exception("table %s: the game loop failed", table.id)
            await asyncio.sleep(1.0)
            continue
        wake = core.next_wake_ms()
        if core.is_over:
            return
        delay: float | None = None
        if wake is not None:
            # At or before now: the core waits on a decision from the pool, which
            # pokes the table when it is in (the timeout is only a safety net).
            delay = max((wake - table.context.now_ms()) / 1000, 0.0) or 0.5
        table.clock_waits_for_person = delay is None
        try:
            # Not wait_for: on Python 3.11 it returns a poke that lands in the same
            # turn as a cancel and swallows the cancel (the server's stop), and the
            # clock went on into the closed database.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(delay):
                    await table.poke.wait()
        finally:
            table.clock_waits_for_person = False


def flush(table: NetTable) -> None:
    """Save what changed, then send each person and spectator their notices."""
    core = table.core
    if core is None:
        return
    over = core.is_over and table.state is TableState.PLAYING
    if core.dirty:
        # Saved first: if the database fails, nothing is sent, and the next flush
        # (the clock retries) saves and sends it all.
        _save_progress(table, core)
        core.dirty = False
    if over:
        _finish(table, core)
    # A question answered while others wait changes what every seat is told the
    # table waits on, with no notice to carry it: the views go out anyway.
    refresh, core.views_changed = core.views_changed, False
    receiving: list[tuple[int, Client, list[Notice]]] = []
    # A person a computer player stands in for while they stay connected (away
    # at their turn) follows the game as it goes: the plays, the computer's for
    # their seat among them, and their seat's view (the core asks them nothing).
    for seat in sorted(core.humans | core.watched):
        notices = core.drain(seat)
        if over:
            notices.append(
                GameFinished(outcome_of(core.game, seat), None, table.game_id)
            )
        client = table.members.get(seat)
        if (notices or refresh) and client is not None:
            receiving.append((seat, client, notices))
    if receiving:
        # The seats' views of this moment share their public part, built and
        # encoded once; a client that takes the frame as it is gets the view's
        # JSON without the view being built.
        shared, owns = core.view_parts(seat for seat, _, _ in receiving)
        joiner = table.view_joiner
        for (seat, client, notices), own in zip(receiving, owns, strict=True):
            if client.reads_frames_as_sent:
                # Version 12 keeps its view: only what changed, and the turn's
                # notice without a view (the frame's is the turn's). Version 11,
                # or no view held yet: the whole view, joined from its parts.
                keeps = client.keeps_views
                base = client.view_sent if keeps else None
                whole: WireView | None = None
                changes = None
                if base is None:
                    whole = codec.as_wire_view(joiner.join(shared, (own,))[0])
                else:
                    changes = codec.as_view_changes(joiner.changes(shared, own, base))
                if keeps:
                    client.view_sent = (shared, own)
                client.send_frame(
                    encode_utf8(
                        TableUpdate(
                            table=table.id,
                            notices=codec.encode_notices(
                                notices, (None, None if keeps else whole)
                            ),
                            view=whole,
                            changes=changes,
                        )
                    )
                )
            else:
                view = core.view(seat)
                whole = codec.encode_view(view)
                client.send(
                    TableUpdate(
                        table=table.id,
                        notices=codec.encode_notices(notices, (view, whole)),
                        view=whole,
                    )
                )
    public = core.drain(PUBLIC)
    if (public or refresh) and table.spectators:
        wire = codec.encode_notices(public)
        for spectator, chair in table.spectators.items():
            spectator.send(
                TableUpdate(
                    table=table.id,
                    notices=wire,
                    view=codec.encode_view(core.public_view(chair)),
                )
            )

    if over:
        table.release_the_absent()


def save_now(table: NetTable) -> None:
    """Save the table's game as it stands, and nothing else.

    The last save at a stop: no frame is sent, no finished game is announced.

    Raises:
        sqlite3.Error: the database failed.
    """
    core = table.core
    if core is None or table.state is not TableState.PLAYING:
        return
    _save_progress(table, core)
    core.dirty = False


def _save_progress(table: NetTable, core: TableCore) -> None:
    assert table.game_id is not None
    writer, store = table.record_writer, table.context.store
    names = seat_names(table.seats)
    seating = table.seating_json()  # (with who watches from where)
    questions = dict(core.question_state())
    if names == writer.names:
        # Most actions only add to the hand being played: they are appended as
        # they are, without building the record again to compare it.
        new = writer.appended(core.game)
        if new is not None and store.append_actions(
            table.id, table.game_id, writer.hand_count - 1, new, seating, questions
        ):
            return
    writer.names = names  # a stand-in changes a seat's name
    store.save_progress(
        table.id,
        table.game_id,
        _with_encoded_hands(table, writer.record(core.game)),
        core.game.action_count,
        seating,
        questions,
    )


def _with_encoded_hands(table: NetTable, record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with its finished hands as the JSON they were saved as before.

    Only the last hand of a record grows; the earlier ones are the very same dicts
    from save to save, so their JSON is kept (by identity) and not written again.
    """
    hands = record["hands"]
    kept = table.encoded_hands
    out: list[Any] = []
    for index, hand in enumerate(hands[:-1]):
        if index >= len(kept) or kept[index][0] is not hand:
            del kept[index:]
            kept.append((hand, msgspec.Raw(msgspec.json.encode(hand))))
        out.append(kept[index][1])
    return {**record, "hands": [*out, *hands[-1:]]}


def _finish(table: NetTable, core: TableCore) -> None:
    assert table.game_id is not None
    table.context.store.finish_game(
        table.id,
        table.game_id,
        table.seed,
        table.record_writer.record(core.game),
        seat_results(table.seats, core.game),
    )
    table.state = TableState.FINISHED
    log.info("table %s: game %s finished", table.id, table.game_id)
    table.context.changed(table)
