"""One table at the server: its seats, spectators, game and clock.

A :class:`NetTable` holds who sits where (a person, a computer character, or no one),
who watches, and, once the host starts, a :class:`~audiospades.table_core.TableCore`
that runs the game. Everything it does happens on the event loop and never waits:
people's intents are applied at once, the table's own clock runs in one task that
sleeps until the core's next wake-up or until a computer player's decision comes in
from the pool (:mod:`audiospades.net.pool`).

After anything happens, :meth:`NetTable.flush` first saves the game record (and the
seating and the core's open questions) in the database, then queues each person's
frame, built from that seat's notices and view; spectators get the public stream and
the public view. So a frame never announces an action the database does not hold.

A person whose connection drops keeps the seat; after the takeover delay a computer
player stands in (in a game) or the seat is freed (before a game). The same player
coming back takes the seat back and gets a full snapshot. A spectator's chair is
kept likewise (saved with the seating, for a restart), though no spectator keeps a
table open.
"""

from __future__ import annotations

import asyncio
import logging
import math
import random
import secrets
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgspec

from audiospades.bots import find_character
from audiospades.bots.characters import ROSTER, name_key, numbered_apart
from audiospades.net import codec, running
from audiospades.net.pool import BotPool
from audiospades.net.protocol import (
    REMIND_EVERY_SECONDS,
    ErrorCode,
    Message,
    ProtocolError,
    Reminder,
    SeatChange,
    SeatChanged,
    SeatKind,
    StoodIn,
    TableInfo,
    TableSnapshot,
    TableState,
    encode_utf8,
    wire_default_parts,
)
from audiospades.net.seats import (
    SeatHolder,
    Watched,
    Watching,
    done_for_seat,
    outcome_of,
    redeals_for_seat,
    seat_infos,
    seat_names,
    seating_json,
    watchers_from_json,
)
from audiospades.net.store import SavedTable, Store, TableRow
from audiospades.net.versions import WATCHED_AS_VERSION
from audiospades.net.wire import WireRules
from audiospades.notices import GameFinished, Notice, YourTurn
from audiospades.record import RecordWriter, game_from_record
from audiospades.rules import Game, Rules
from audiospades.table_core import TAKEOVER_CHARACTER, Delays, TableCore

if TYPE_CHECKING:
    from audiospades.net.server import Client

log = logging.getLogger(__name__)


@dataclass(slots=True)
class TableContext:
    """What a table needs from its server."""

    store: Store
    pool: BotPool
    delays: Delays
    takeover_seconds: float
    now_ms: Callable[[], int]
    changed: Callable[[NetTable], None]
    """The table's listing changed (the lobby is told)."""
    closed: Callable[[NetTable, list[Client]], None]
    """The table closed under these people (the server forgets it, and lists
    the lobby to them)."""
    save_failures: running.SaveFailures = field(default_factory=running.SaveFailures)
    """Where a failed save is told (once, not at every try)."""
    away_seconds: float = 0.0
    """How long a connected person may keep the table waiting at their turn
    before a computer player stands in for them (0: for ever)."""
    given_up: dict[str, bool] = field(default_factory=dict)
    """Players whose seat was given up while they were away, not yet told: True
    when their game had ended, False before it began (told at their next hello,
    as a client started afresh knows of no table)."""

    watched_last: float = 0.0
    """When a spectator last sat down to watch at any table here, as
    :meth:`watching_time` gave it (or later, saved by a resumed table)."""

    def watching_time(self) -> float:
        """When a spectator sits down to watch now: later than any time before.

        The clock's time (seconds since the epoch), or just after the latest
        given (or saved) if it is not later: two tables watched within one
        value of the clock, or the clock set back (at once or across a
        restart), still come in the order they were watched, and a spectator
        back watches at the one watched last (not the first of them).
        """
        now = time.time()
        last = self.watched_last
        self.watched_last = now if now > last else math.nextafter(last, math.inf)
        return self.watched_last

    def watched_at(self, since: float) -> None:
        """A time a resumed table saved: :meth:`watching_time` comes after it."""
        self.watched_last = max(self.watched_last, since)

    def gave_up(self, player: str | None, *, game_ended: bool) -> None:
        """``player``'s seat was given up while away (remembered for a while)."""
        if player is None:
            return
        self.given_up.pop(player, None)
        self.given_up[player] = game_ended
        while len(self.given_up) > GIVEN_UP_KEPT:
            del self.given_up[next(iter(self.given_up))]


GIVEN_UP_KEPT = 10_000
"""How many players' given-up seats the server remembers (the oldest go first)."""


@dataclass(eq=False)
class NetTable:
    """One table: seats, spectators, and the game once it starts."""

    context: TableContext
    id: str
    name: str
    rules: Rules
    code: str | None
    host: str | None
    seats: list[SeatHolder]
    state: TableState = TableState.WAITING
    seed: int = 0
    game_id: str | None = None
    default_name: bool = False
    """Made with no name given: ``name`` is the default one (see
    :attr:`~audiospades.net.protocol.TableInfo.default_name`)."""
    core: TableCore | None = None
    members: dict[int, Client] = field(default_factory=dict)
    spectators: dict[Client, int] = field(default_factory=dict)
    _away_watchers: dict[str, int] = field(default_factory=dict)
    """Spectators whose connection dropped (or who watched before a server
    restart), by player: the chair they watch from. Saved with the seating."""
    _watcher_timers: dict[str, asyncio.TimerHandle] = field(default_factory=dict)
    """Each away spectator's takeover delay, by player, while it runs (see
    :meth:`_watcher_away_too_long`)."""
    _watchers_saved: Watched = field(default_factory=dict)
    """Who watches from where (:meth:`watched_from`) as last written."""
    _watching_since: dict[str, float] = field(default_factory=dict)
    """When each spectator (connected or away) last sat down to watch here, by
    player (seconds since the epoch; none for one saved by an older server).
    Saved with the seating: away from several tables (a restart, a connection
    replaced), a spectator back watches again at the one watched last
    (:meth:`away_watcher_since`)."""
    _watching_as: dict[Client, str] = field(default_factory=dict)
    """Each spectator's name here (see :meth:`watcher_name`), kept while watching:
    "stopped watching" names whom "is watching" named."""
    _still_watching: dict[str, str] = field(default_factory=dict)
    """Spectators who watched when the server stopped, not back yet, by player:
    their name here. No one was told they stopped watching: they are still
    named among those watching (the snapshot's ``watchers``), their coming back
    is not told as an arrival (QA: "Cleo is watching." again after a restart,
    though she never stopped), and their chair given up is told as their going.
    """
    _timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    _reminded: dict[int, float] = field(default_factory=dict)
    """When each seat was last reminded of its turn (the event loop's clock)."""
    _awaited_since: dict[int, float] = field(default_factory=dict)
    """The people the table waits for, and since when (the event loop's clock)."""
    poke: asyncio.Event = field(default_factory=asyncio.Event)
    """Set to wake the table's clock (:func:`running.run_clock`)."""
    task: asyncio.Task[None] | None = None
    record_writer: RecordWriter = field(default_factory=RecordWriter)
    """Writes the game record after every action at the cost of what is new."""
    encoded_hands: list[tuple[dict[str, Any], msgspec.Raw]] = field(
        default_factory=list
    )
    """The record's finished hands and their JSON, saved again as they were."""
    view_joiner: codec.ViewJoiner = field(default_factory=codec.ViewJoiner)
    """Joins the people's views from their parts, after every action."""
    clock_waits_for_person: bool = False
    """The clock sleeps until poked, the core having no work of its own."""
    _options: dict[str, Any] | None = None

    # --- listing ---
    def info(self) -> TableInfo:
        """The table as the lobby lists it."""
        options = self._options
        if options is None:  # the rules never change: written once
            options = self._options = self.rules.to_dict()
        return TableInfo(
            id=self.id,
            name=self.name,
            players=self.rules.player_count,
            partnerships=self.rules.partnerships,
            target=self.rules.target_score,
            hand_limit=self.rules.hand_limit,
            preset=self.rules.preset
            if options == {"preset": self.rules.preset}
            else "custom",
            rules=dict(options),
            private=self.code is not None,
            state=self.state,
            host=self.host,
            seats=seat_infos(self.seats),
            free_seats=self.free_seats(),
            spectators=len(self.spectators),
            default_name=self.default_name,
        )

    def free_seats(self) -> list[int]:
        """Seats a person may join now."""
        return [s for s, h in enumerate(self.seats) if h.is_free]

    def is_playing_seat(self, client: Client) -> bool:
        """Whether ``client`` holds a seat in a game under way here."""
        is_seated = any(c is client for c in self.members.values())
        return is_seated and self.state is TableState.PLAYING

    def seat_of(self, player: str) -> int | None:
        """The seat ``player`` holds here (present or away), if any."""
        for seat, holder in enumerate(self.seats):
            if holder.player == player:
                return seat
        return None

    def row(self) -> TableRow:
        """The table's database row."""
        return TableRow(
            id=self.id,
            name=self.name,
            code=self.code,
            host=self.host,
            rules={
                "players": self.rules.player_count,
                "partnerships": self.rules.partnerships,
                "options": self.rules.to_dict(),
            },
            seed=self.seed,
            seating=self.seating_json(),
            state=self.state.value,
            game_id=self.game_id,
            default_name=self.default_name,
        )

    def seating_json(self) -> list[dict[str, Any]]:
        """Who sits where, and who watches from which chair, for the database.

        Spectators away are kept too: back after a server restart, they watch
        again from the same chair (QA: they found themselves in the lobby).
        """
        watched = self.watched_from()
        self._watchers_saved = watched
        return seating_json(self.seats, watched)

    def watched_from(self) -> Watched:
        """Each spectator (connected or away): their chair, and name if watching.

        The name they are known as watching under; None for one away, whom the
        table was told had stopped.
        """
        if not self.spectators and not self._away_watchers:
            return {}
        still = self._still_watching
        since = self._watching_since
        watched: Watched = {
            player: Watching(chair, still.get(player), since.get(player, 0.0))
            for player, chair in self._away_watchers.items()
        }
        for client, chair in self.spectators.items():
            player = client.player_id
            if player is not None:
                name = self._watching_as.get(client)
                watched[player] = Watching(chair, name, since.get(player, 0.0))
        return watched

    def _save_watchers(self) -> None:
        """Save the table's row if who watches from where has changed."""
        if self.watched_from() != self._watchers_saved:
            self.context.store.save_table(self.row())

    def save(self) -> None:
        """Save the table's row, and tell the lobby.

        The lobby first: the table has changed even if the database fails.
        """
        self.context.changed(self)
        self.context.store.save_table(self.row())

    # --- sending ---
    def _member_seat(self, client: Client) -> int | None:
        """The seat ``client`` plays at this table (None: none, or watching)."""
        return next((s for s, c in self.members.items() if c is client), None)

    def _in_the_game(self, client: Client, doing: str) -> tuple[int, TableCore]:
        """``client``'s seat and the game under way, for an intent (``doing``).

        Raises:
            ProtocolError: not seated (a spectator), or no game under way.
        """
        seat = self._member_seat(client)
        if seat is None:
            raise ProtocolError(ErrorCode.NOT_SEATED, f"spectators cannot {doing}")
        core = self.core
        if core is None or self.state is not TableState.PLAYING:
            raise ProtocolError(ErrorCode.GAME_NOT_STARTED, "no game is under way")
        return seat, core

    def _audience(self, exclude: Client | None = None) -> list[Client]:
        people = [*self.members.values(), *self.spectators]
        return [c for c in people if c is not exclude]

    def broadcast(self, message: Message, exclude: Client | None = None) -> None:
        """Send ``message`` to everyone at the table (seated or watching)."""
        frame = encode_utf8(message)
        for client in self._audience(exclude):
            client.send(message, frame)

    def _seat_changed(
        self,
        change: SeatChange,
        seat: int | None,
        exclude: Client | None = None,
        *,
        name: str | None = None,
        who: SeatHolder | Client | None = None,
        watched_as: str | None = None,
        older_only: bool = False,
    ) -> None:
        """Tell the table what happened to ``seat`` (and log it).

        ``who``: whom the log line names, when not the seat's holder now (a
        spectator, or whoever left a seat now empty). ``watched_as``: see
        :attr:`SeatChanged.watched_as`. ``older_only``: told only to clients
        older than version 14 (a spectator sitting down, whom a newer client
        hears of in one change, with ``watched_as``).
        """
        if seat is not None:
            name = self.seats[seat].name
        self._log_seat(change, seat, who)
        message = SeatChanged(
            change=change,
            seat=seat,
            name=name,
            table=self.info(),
            watched_as=watched_as,
        )
        if not older_only:
            self.broadcast(message, exclude)
            return
        frame = encode_utf8(message)
        for client in self._audience(exclude):
            # A browser page's words are the server's, which read watched_as.
            if client.version < WATCHED_AS_VERSION and client.renderer is None:
                client.send(message, frame)

    def _log_seat(
        self,
        change: SeatChange,
        seat: int | None,
        who: SeatHolder | Client | None = None,
    ) -> None:
        """One log line: the table, the seat as players count it (from 1), who."""
        if who is None and seat is not None:
            who = self.seats[seat]
        where = f"table {self.id}"
        if seat is not None:
            where += f" seat {seat + 1}"
        if who is None:
            log.info("%s: %s", where, change.value)
        else:
            log.info("%s: %s, %s", where, change.value, _describe(who))

    def snapshot(
        self, client: Client, *, played: bool = True, stood_in: StoodIn | None = None
    ) -> TableSnapshot:
        """Everything ``client`` may know about the table now.

        ``played``: whether the game (if over) was the client's. Someone who sits
        down in a seat left empty after the game is not told its end as their
        own: they would hear its result as theirs, and count it. ``stood_in``:
        what a computer player did for the client's seat while they were away.
        """
        seat = self._member_seat(client)
        chair = self.spectators.get(client, 0) if seat is None else seat
        core = self.core
        view = None
        notices: list[Notice] = []
        client.view_sent = None
        if core is not None and seat is not None:
            core.drain(seat)  # stale: the snapshot restates what matters
            view = codec.encode_view(core.view(seat))
            public, (own,) = core.view_parts([seat])
            client.view_sent = (public, own)  # the view the client now holds
            notices = core.restate(seat, trick=True)
            if core.is_turn(seat):
                notices.append(YourTurn(core.view(seat)))
            if core.is_over and played:
                notices.append(
                    GameFinished(outcome_of(core.game, seat), None, self.game_id)
                )
        elif core is not None:
            view = codec.encode_view(core.public_view(chair))
        return TableSnapshot(
            table=self.info(),
            seat=seat,
            chair=chair,
            is_host=client.player_id == self.host,
            code=self.code if seat is not None else None,
            view=view,
            notices=codec.encode_notices(notices),
            watchers=[
                *self._still_watching.values(),
                *(self.watcher_name(c) for c in self.spectators if c is not client),
            ],
            stood_in=stood_in,
            played_by=self._played_by(),
        )

    def _played_by(self) -> list[str] | None:
        """A finished game's names, when a seat has changed hands since its end.

        The record's names are the seats' as the game was last saved, on its
        last action (see running.flush); a person away at the end is given up
        after it, and a computer takes the seat for a next game.
        """
        played = self.record_writer.names
        if self.core is None or not self.core.is_over or played is None:
            return None
        return None if played == seat_names(self.seats) else list(played)

    def _done_for(self, seat: int, holder: SeatHolder) -> StoodIn | None:
        """What the computer standing in at ``seat`` (``holder``) did for its person.

        None when it did nothing (or its start is unknown).
        """
        start = holder.stood_in_from
        if self.core is None or not holder.stand_in or start is None:
            return None
        game = self.core.game
        hands, events = done_for_seat(game, seat, start)
        redeals = redeals_for_seat(game, seat, start)
        if not hands and not events and not redeals:
            return None
        return StoodIn(
            hands=hands,
            notices=codec.encode_notices(events),
            character=holder.character,
            redeals=redeals,
        )

    # --- joining and leaving ---
    def join(
        self, client: Client, wanted: int | str, *, watched_as: str | None = None
    ) -> None:
        """Seat ``client`` (``wanted``: a seat number, or "any").

        ``watched_as``: the name ``client`` watched the table as, sitting down
        from watching (told with the seat taken, version 14).

        Raises:
            ProtocolError: no such seat, the seat is taken, or the table is full.
        """
        free = self.free_seats()
        if wanted == "any":
            if not free:
                raise ProtocolError(ErrorCode.TABLE_FULL, f"table {self.id} is full")
            seat = free[0]
        else:
            assert isinstance(wanted, int)
            if wanted >= len(self.seats):
                raise ProtocolError(
                    ErrorCode.NO_SUCH_SEAT,
                    f"the table has seats 0 to {len(self.seats) - 1}",
                )
            if wanted not in free:
                raise ProtocolError(ErrorCode.SEAT_TAKEN, f"seat {wanted} is taken")
            seat = wanted
        holder = self.seats[seat]
        was_stand_in = holder.stand_in
        # The person a computer stood in for, sitting down again: back, not new.
        is_back = was_stand_in and holder.gone_player == client.player_id
        done = self._done_for(seat, holder) if is_back else None
        self.seats[seat] = SeatHolder(
            SeatKind.HUMAN,
            client.player_id,
            self._name_here(client.name, seat, client),
            None,
            connected=True,
        )
        self.members[seat] = client
        client.table, client.seat = self, seat
        if self.host is None:
            self.host = client.player_id
        if self.core is not None and was_stand_in:
            self.core.set_human(seat, True)
        self.save()
        over = self.core is not None and self.core.is_over
        client.send(self.snapshot(client, played=is_back or not over, stood_in=done))
        change = SeatChange.RETURNED if is_back else SeatChange.JOINED
        self._seat_changed(change, seat, exclude=client, watched_as=watched_as)
        self.flush()

    def move(self, client: Client, wanted: int | str) -> None:
        """``client``, already here, takes the free seat ``wanted`` (version 9).

        Before the game: a seated player moves (friends choose to be partners),
        the seat left free; a spectator sits down, as ``join`` seats anyone.
        During a game (version 14): a spectator takes a seat a computer plays
        for someone who left, as someone from the lobby may (``join``): the
        computer gives it up, as to a person coming back.

        Raises:
            ProtocolError: the game has started (or ended) for a seated player,
                or ended for a spectator; no such seat; or the seat is taken.
        """
        old = next((s for s, c in self.members.items() if c is client), None)
        spectator_in_game = old is None and self.state is TableState.PLAYING
        if self.state is not TableState.WAITING and not spectator_in_game:
            raise ProtocolError(
                ErrorCode.GAME_STARTED, "the game has started: seats stay as they are"
            )
        free = self.free_seats()
        if wanted == "any" and not free:
            raise ProtocolError(ErrorCode.TABLE_FULL, f"table {self.id} is full")
        seat = free[0] if wanted == "any" else wanted
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            last = len(self.seats) - 1
            raise ProtocolError(
                ErrorCode.NO_SUCH_SEAT, f"the table has seats 0 to {last}"
            )
        if seat not in free:
            raise ProtocolError(ErrorCode.SEAT_TAKEN, f"seat {seat} is taken")
        if old is None:
            # One change for the others: "Cid stops watching and sits in seat
            # 3." (QA: "Cid stopped watching." alone first sounded as if Cid
            # had left). A client older than version 14 is told both, as before.
            watched_as = self._watching_as.get(client, client.name)
            client.table, client.seat, client.view_sent = None, None, None
            self._stop_watching(client, sitting=True)
            self._forget_since(client.player_id)
            self._save_watchers()
            self.join(client, seat, watched_as=watched_as)
            return
        self.seats[seat], self.seats[old] = self.seats[old], SeatHolder()
        del self.members[old]
        self.members[seat] = client
        client.seat = seat
        self.save()
        client.send(self.snapshot(client))
        self._seat_changed(SeatChange.MOVED, seat, exclude=client)
        self.flush()

    def away_watcher_chair(self, player: str) -> int | None:
        """The chair ``player`` watched from, if it is a spectator away from here.

        Away: its connection dropped, or the server stopped, while it watched.
        """
        return self._away_watchers.get(player)

    def away_watcher_since(self, player: str) -> float:
        """When ``player``, a spectator away from here, last sat down to watch here.

        As :meth:`TableContext.watching_time` gave it (later than any before
        it on this server); 0 if not known (saved by an older server).
        """
        return self._watching_since.get(player, 0.0)

    def take_watcher(self, client: Client) -> int:
        """The chair ``client``'s player, away from here, watches again from.

        Forgotten as away, to watch again here (:meth:`spectate`, which saves
        it); every other table it was away from forgets it too
        (:meth:`forget_watcher`). Only for a player away here
        (:meth:`away_watcher_chair`).
        """
        player = client.player_id or ""
        self._cancel_watcher_timer(player)
        return self._away_watchers.pop(player)

    def forget_watcher(self, player: str) -> None:
        """An away spectator back watches at another table: let go here, saved.

        As when its chair is given up: one still known as watching (not back
        since a restart) is said to have stopped. Else that table named them
        among those watching, never told they had gone; and saved, else after a
        restart they were put back watching it, though they had left it long
        before. A failed save is only logged (the other tables still to do).
        """
        self._cancel_watcher_timer(player)
        self._let_away_watcher_go(player)

    def spectate(self, client: Client, chair: int) -> None:
        """Let ``client`` watch from ``chair``.

        Raises:
            ProtocolError: for a chair that is not a seat at this table.
        """
        if chair >= len(self.seats):
            raise ProtocolError(
                ErrorCode.NO_SUCH_SEAT, f"no seat {chair} to watch from"
            )
        # Watching when the server stopped, and never said to have stopped:
        # back under the name the others know, and not told as an arrival.
        kept = self._still_watching.pop(client.player_id or "", None)
        name = kept or self.watcher_name(client)
        self.spectators[client] = chair
        self._watching_as[client] = name
        if client.player_id is not None:
            # Watched last here, of the tables it may be away from (see
            # away_watcher_since): saved with the chair.
            self._watching_since[client.player_id] = self.context.watching_time()
        client.table, client.seat = self, None
        client.send(self.snapshot(client))
        self.context.changed(self)
        # Saved, so that a restarted server has them watch again (not when
        # they are back on a new connection: as saved).
        self._save_watchers()
        if kept is not None:
            self._log_seat(SeatChange.WATCHING, None, client)
            return
        # The players (and the other spectators) know who is listening.
        self._seat_changed(SeatChange.WATCHING, None, client, name=name, who=client)

    def leave(self, client: Client) -> None:
        """``client`` leaves (a computer player stands in during a game)."""
        client.table, client.seat, client.view_sent = None, None, None
        if self._stop_watching(client) is not None:
            self._forget_since(client.player_id)
            self._save_watchers()
            return
        seat = self._member_seat(client)
        if seat is None:
            return
        del self.members[seat]
        gone = self.seats[seat]
        if any(h.player for other, h in enumerate(self.seats) if other != seat):
            self._vacate(seat)
        else:
            # The last person out closes the table: no computer takes the seat
            # (those watching hear that its person left, not that one plays on).
            self._cancel_timer(seat)
            self.seats[seat] = SeatHolder()
        self._after_departure(seat, SeatChange.LEFT, gone)

    def _vacate(self, seat: int) -> None:
        """The person at ``seat`` is gone for good."""
        self._cancel_timer(seat)
        if self.state is TableState.PLAYING and self.core is not None:
            character = self._stand_in_for(seat)
            self.seats[seat] = _in_place_of_a_person(
                character, self.seats[seat], since=len(self.core.game.events)
            )
            self.core.set_human(seat, False, character)
        else:
            self.seats[seat] = SeatHolder()

    def _after_departure(self, seat: int, change: SeatChange, gone: SeatHolder) -> None:
        """``gone`` (the seat's holder before) has left ``seat``."""
        host_left = self.host is not None and self.seat_of(self.host) is None
        if host_left:
            self.host = next(
                (h.player for h in self.seats if h.kind is SeatKind.HUMAN), None
            )
        if not any(h.player for h in self.seats):
            # The last one out: those watching hear who left, then the table
            # closes (QA: they were sent to the lobby without a word why).
            if self.spectators:
                self._seat_changed(change, seat, who=gone)
            else:
                self._log_seat(change, seat, gone)
            self.close()
            return
        self.save()
        self._seat_changed(change, seat, who=gone)
        if host_left and self.host is not None:
            self._seat_changed(SeatChange.HOST_CHANGED, self.seat_of(self.host))
        self.flush()
        self.poke.set()

    def _characters_seated(self) -> set[str | None]:
        """The computer characters at the table (seated, or standing in)."""
        return {
            h.character for h in self.seats if h.kind is SeatKind.COMPUTER or h.stand_in
        }

    def _names_taken(self, seat: int) -> set[str]:
        """The names the other seats go by here (folded), people's and computers'.

        A seat a computer stands in for goes by both: its person's, and the
        computer character's heard playing it.
        """
        taken: set[str] = set()
        for other, holder in enumerate(self.seats):
            if other == seat or holder.kind is SeatKind.EMPTY:
                continue
            if holder.name:
                taken.add(name_key(holder.name))
            found = find_character(holder.character) if holder.character else None
            if found is not None:
                taken.add(name_key(found.name))
        return taken

    def _name_here(self, name: str, seat: int, client: Client | None = None) -> str:
        """``name`` as its person goes by at this table: unique among the seats.

        Two players both heard as "Ann plays the 7 of hearts" could not be told
        apart by ear, nor a person named Milly from Milly the computer player: the
        one sitting down later is "Ann 2" here (the lowest number free).
        """
        # Apart from the spectators' names too ("Ann is watching" was heard of
        # another Ann, who sat down later as "Ann"), but the person's own, when
        # a spectator sits down.
        return numbered_apart(name, self._names_taken(seat) | self._watchers(client))

    def names_here(self) -> set[str]:
        """Every name going by here (folded): the seats' and the spectators'."""
        return self._names_taken(-1) | self._watchers()

    def _stop_watching(self, client: Client, *, sitting: bool = False) -> int | None:
        """``client`` watches no more, told under its name here; its chair.

        None if it was not watching. ``sitting``: to sit down here, told to a
        client older than version 14 alone (a newer one is told it with the
        seat taken).
        """
        chair = self.spectators.pop(client, None)
        if chair is not None:
            name = self._watching_as.pop(client, client.name)
            self.context.changed(self)  # one spectator fewer in the listing
            self._seat_changed(
                SeatChange.STOPPED_WATCHING,
                None,
                name=name,
                who=client,
                older_only=sitting,
            )
        return chair

    def _watchers(self, but_for: Client | None = None) -> set[str]:
        """The spectators' names here (folded), but ``but_for``'s.

        Those still known as watching, not back since a restart, among them.
        """
        names = {name_key(n) for c, n in self._watching_as.items() if c is not but_for}
        return names | {name_key(n) for n in self._still_watching.values()}

    def _let_watcher_go(self, player: str) -> None:
        """An away spectator's chair is given up (their takeover delay ran out).

        One still known as watching (not back since a restart) is said to have
        stopped: the others were never told otherwise.
        """
        del self._away_watchers[player]
        self._forget_since(player)
        name = self._still_watching.pop(player, None)
        if name is not None:
            self._seat_changed(SeatChange.STOPPED_WATCHING, None, name=name)

    def _forget_since(self, player: str | None) -> None:
        """When ``player`` sat down to watch, once they neither watch nor are away."""
        if player is None or player in self._away_watchers:
            return
        if all(client.player_id != player for client in self.spectators):
            self._watching_since.pop(player, None)

    def watcher_name(self, client: Client) -> str:
        """A spectator's name here, in its chat lines and in "is watching".

        The server's name for them ("Ann 2" while another Ann is connected),
        apart from the seats' names too: a spectator named as a player sitting
        here is not heard as that player. Kept from when they sat down to watch.
        """
        kept = self._watching_as.get(client)
        if kept is not None:
            return kept
        return numbered_apart(client.heard_as or client.name, self.names_here())

    def _stand_in_for(self, seat: int) -> str:
        """The character who plays a person's seat for them.

        The one who did before (a seat taken over again), else Hazel, else (Hazel
        already at the table) the first of her level, then any, not at the table:
        a character sits at a table once.
        """
        assert self.core is not None
        before = self.core.seating.characters[seat]
        if before is not None:
            return before
        seated = self._characters_seated()
        takeover = find_character(TAKEOVER_CHARACTER)
        level = takeover.level if takeover is not None else 3
        # Nor one named as a person here is ("Milly plays" would be either), the
        # person it plays for included.
        names = self._names_taken(seat) | {name_key(self.seats[seat].name)}
        free = [
            c for c in ROSTER if c.id not in seated and name_key(c.name) not in names
        ]
        for choice in (
            [c for c in free if c.id == TAKEOVER_CHARACTER],
            [c for c in free if c.level == level],
            free,
        ):
            if choice:
                return choice[0].id
        return TAKEOVER_CHARACTER  # more seats than characters: cannot happen

    def release_the_absent(self) -> None:
        """The game is over: the seats of people who are away are theirs no more.

        A seat a computer player stood in for, whose person is not back, is the
        computer player's (so the host can start another game with the same
        players), and the table closes if no person is left. A seat still within
        its takeover delay is let go when the delay runs out. So are the
        spectators away past their delay (saved first: the table may close).
        """
        gone = [p for p in self._away_watchers if p not in self._watcher_timers]
        for player in gone:
            self._let_watcher_go(player)
        if gone:
            self._save_watchers()
        for seat, holder in enumerate(self.seats):
            if (
                holder.kind is SeatKind.HUMAN
                and holder.stand_in
                and not holder.connected
                and seat not in self._timers
            ):
                character = holder.character or TAKEOVER_CHARACTER
                # What its stand-in did since the drop is still told.
                self.seats[seat] = _in_place_of_a_person(
                    character, holder, since=holder.stood_in_from
                )
                self.context.gave_up(holder.player, game_ended=True)
                # The last closes the table.
                self._after_departure(seat, SeatChange.LEFT, holder)

    def disconnected(self, client: Client) -> None:
        """``client``'s connection dropped: keep its seat for the takeover delay.

        A spectator's chair is kept too: back on a new connection, it watches again.
        """
        chair = self._stop_watching(client)
        if chair is not None:
            # Back on a new connection, watching again from the same chair (for
            # as long as a person's seat is kept: see _watcher_away_too_long).
            if client.player_id is not None:
                self._away_watchers[client.player_id] = chair
                self._start_watcher_timer(client.player_id)
            try:
                # Saved as told gone: back after a restart, their coming is told.
                self._save_watchers()
            except sqlite3.Error as error:  # a closing connection: nothing above
                self.context.save_failures.failed(f"table {self.id}: {error}")
            return
        seat = self._member_seat(client)
        if seat is None:
            return
        del self.members[seat]
        self.seats[seat].connected = False
        if self.core is not None:
            # Stood in for while away, and now gone: nothing kept for them, and
            # what was done for them is told when they are back.
            self.core.watch(seat, False)
        self._start_timer(seat)
        self._seat_changed(SeatChange.DISCONNECTED, seat)
        self.context.changed(self)

    def _start_timer(self, seat: int) -> None:
        self._cancel_timer(seat)
        loop = asyncio.get_running_loop()
        self._timers[seat] = loop.call_later(
            self.context.takeover_seconds, self._take_over, seat
        )

    def _cancel_timer(self, seat: int) -> None:
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def _start_watcher_timer(self, player: str) -> None:
        self._cancel_watcher_timer(player)
        loop = asyncio.get_running_loop()
        self._watcher_timers[player] = loop.call_later(
            self.context.takeover_seconds, self._watcher_away_too_long, player
        )

    def _cancel_watcher_timer(self, player: str) -> None:
        timer = self._watcher_timers.pop(player, None)
        if timer is not None:
            timer.cancel()

    def _watcher_away_too_long(self, player: str) -> None:
        """An away spectator's takeover delay ran out.

        As for a person away from their seat: before a game (or after it), they
        are let go now; during one, when it ends (:meth:`release_the_absent`).
        Back later, they are in the lobby. Never counted as someone at the
        table: the last person out closes it, whoever watches.
        """
        self._watcher_timers.pop(player, None)
        if self.state is TableState.PLAYING:
            return
        self._let_away_watcher_go(player)

    def _let_away_watcher_go(self, player: str) -> None:
        """Let ``player``, a spectator away from here, go, and save the table.

        A failed save is only logged: the callers (a timer's callback, the
        server going through every table) have nothing above them to tell.
        """
        if player not in self._away_watchers:
            return
        try:
            self._let_watcher_go(player)
            self._save_watchers()
        except sqlite3.Error as error:
            self.context.save_failures.failed(f"table {self.id}: {error}")

    def _take_over(self, seat: int) -> None:
        self._timers.pop(seat, None)
        holder = self.seats[seat]
        if holder.kind is not SeatKind.HUMAN or holder.connected:
            return
        if self.state is not TableState.PLAYING or self.core is None:
            self.seats[seat] = SeatHolder()
            ended = self.state is TableState.FINISHED
            self.context.gave_up(holder.player, game_ended=ended)
            self._after_departure(seat, SeatChange.LEFT, holder)
            return
        if holder.stand_in:
            # A computer plays the seat already (the timers a restarted server
            # sets, or a drop after being away at one's turn): the table was
            # told so, and hears it not again (QA: told twice after a restart).
            return
        self._stand_in(seat)

    def _stand_in(self, seat: int, *, away: bool = False) -> None:
        """A computer player plays ``seat`` for its person (gone, or away).

        ``away``: its person, connected, kept the table waiting at their turn:
        only their ``back`` gives the seat back (see :attr:`SeatHolder.away`).
        """
        holder = self.seats[seat]
        assert self.core is not None
        if not holder.stand_in or holder.stood_in_from is None:
            # Not again for a seat already stood in for: the report would lose
            # what was done before.
            holder.stood_in_from = len(self.core.game.events)
        holder.stand_in = True
        holder.away = holder.away or away
        holder.character = self._stand_in_for(seat)
        # Still connected (away at their turn), the person follows the game as it
        # goes, as a sighted player would see it go on: not a frozen table whose
        # score sheet and chat answered from the moment they went away (QA).
        watched = seat in self.members
        self.core.set_human(seat, False, holder.character, watched=watched)
        self.context.changed(self)  # the listing shows the stand-in
        try:
            self.context.store.save_table(self.row())
            self._seat_changed(SeatChange.TAKEN_OVER, seat)
            self.flush()
        except sqlite3.Error as error:  # a timer's callback: nothing above it
            self.context.save_failures.failed(f"table {self.id}: the takeover: {error}")
        finally:
            self.poke.set()  # the clock saves and plays on, now or once it can

    def reattach(self, client: Client, seat: int, *, back: bool = False) -> None:
        """The player of ``seat`` is back on ``client``: the seat is theirs again.

        But for one a computer stands in for since they kept the table waiting
        at their turn (:attr:`SeatHolder.away`), reconnected (``back`` False):
        their game reconnects by itself, after a lost connection or a server
        restart, which says nothing of whether they are there. The computer
        plays on, and they follow the game as before, until their ``back``
        (QA: after a restart the seat was theirs again at once, and the table
        waited the whole away time for them at their next turn).
        """
        holder = self.seats[seat]
        self._cancel_timer(seat)
        old = self.members.get(seat)
        if old is not None and old is not client:
            old.table, old.seat = None, None
        self.members[seat] = client
        client.table, client.seat = self, seat
        holder.connected = True
        holder.name = self._name_here(client.name, seat, client)
        core = self.core
        if (
            holder.away
            and holder.stand_in
            and not back
            and client.version >= 11  # (older, it could not send ``back``)
            and core is not None
            and self.state is TableState.PLAYING
        ):
            core.watch(seat, True)
            self.context.changed(self)
            self.context.store.save_table(self.row())
            # They are told where things stand, its listing showing the
            # computer in their seat (what it did comes at ``back``); the
            # others nothing: a computer still plays for them, as they know.
            self._log_seat(SeatChange.RECONNECTED, seat)
            client.send(self.snapshot(client))
            self.flush()
            return
        change = SeatChange.RECONNECTED
        done = self._done_for(seat, holder)
        if holder.stand_in:
            holder.stand_in, holder.character = False, None
            holder.stood_in_from = None
            holder.away = False
            if self.core is not None:
                self.core.set_human(seat, True)
            change = SeatChange.RETURNED
        self.context.changed(self)
        self.context.store.save_table(self.row())
        client.send(self.snapshot(client, stood_in=done))
        self._seat_changed(change, seat, exclude=client)
        self.flush()
        self.poke.set()

    def remind(self, client: Client) -> None:
        """``client`` reminds the people the table waits for that it is their turn.

        Raises:
            ProtocolError: not seated, no game yet, no other person to remind
                (the game over too), or all of them reminded less than
                REMIND_EVERY_SECONDS ago.
        """
        if self.state is TableState.FINISHED and self._member_seat(client) is not None:
            # No one's turn is coming: no one to remind (it answered "the game
            # has not started", which a player heard as such).
            raise ProtocolError(
                ErrorCode.NO_ONE_TO_REMIND, "the game is over: no one to remind"
            )
        seat, core = self._in_the_game(client, "remind")
        awaited = [
            other
            for other in sorted(self.members)
            if other != seat
            and (core.is_turn(other) or core.question(other) is not None)
        ]
        if not awaited:
            raise ProtocolError(
                ErrorCode.NO_ONE_TO_REMIND, "the table waits for no other person"
            )
        now = asyncio.get_running_loop().time()
        due = [
            other
            for other in awaited
            if now - self._reminded.get(other, -REMIND_EVERY_SECONDS)
            >= REMIND_EVERY_SECONDS
        ]
        if not due:
            raise ProtocolError(ErrorCode.TOO_SOON, "they were reminded a moment ago")
        line = Reminder(
            sender=self.seats[seat].name or client.name,
            player=client.player_id or "",
            names=[self.seats[other].name or "" for other in due],
        )
        for other in due:
            self._reminded[other] = now
            self.members[other].send(line)
        client.send(line)

    # --- the host's tools ---
    def _verify_host(self, client: Client) -> None:
        if client.player_id != self.host:
            raise ProtocolError(ErrorCode.NOT_HOST, "only the table's host may do that")
        if self.state is TableState.PLAYING:
            raise ProtocolError(ErrorCode.GAME_STARTED, "the game has started")

    def add_bot(self, client: Client, seat: int, character: str) -> None:
        """The host seats a computer character.

        Raises:
            ProtocolError: not the host, a game under way, no such seat or
                character, or the seat is taken.
        """
        self._verify_host(client)
        found = find_character(character)
        if found is None:
            raise ProtocolError(
                ErrorCode.NO_SUCH_CHARACTER, f"no computer character {character!r}"
            )
        if seat >= len(self.seats):
            raise ProtocolError(ErrorCode.NO_SUCH_SEAT, f"no seat {seat}")
        if not self.seats[seat].is_free:
            raise ProtocolError(ErrorCode.SEAT_TAKEN, f"seat {seat} is taken")
        if found.id in self._characters_seated():
            raise ProtocolError(
                ErrorCode.CHARACTER_SEATED, f"{found.id} already sits at this table"
            )
        if name_key(found.name) in self._names_taken(seat):
            raise ProtocolError(
                ErrorCode.CHARACTER_SEATED,
                f"a player named {found.name} already sits at this table",
            )
        self.seats[seat] = SeatHolder(SeatKind.COMPUTER, None, found.name, found.id)
        self.save()
        self._seat_changed(SeatChange.BOT_ADDED, seat)

    def remove_bot(self, client: Client, seat: int) -> None:
        """The host frees a computer player's seat.

        Raises:
            ProtocolError: not the host, a game under way, no such seat, or not a
                computer seat.
        """
        self._verify_host(client)
        if seat >= len(self.seats):  # as add_bot answers it
            raise ProtocolError(ErrorCode.NO_SUCH_SEAT, f"no seat {seat}")
        if self.seats[seat].kind is not SeatKind.COMPUTER:
            raise ProtocolError(
                ErrorCode.NOT_A_COMPUTER, f"seat {seat} has no computer player"
            )
        gone, self.seats[seat] = self.seats[seat], SeatHolder()
        self.save()
        self._seat_changed(SeatChange.BOT_REMOVED, seat, who=gone)

    def start(self, client: Client) -> None:
        """The host starts a game (again, after one has finished).

        Raises:
            ProtocolError: not the host, a game under way, or empty seats.
        """
        self._verify_host(client)
        empty = [s for s, h in enumerate(self.seats) if h.kind is SeatKind.EMPTY]
        if empty:
            raise ProtocolError(
                ErrorCode.SEATS_EMPTY,
                "seats " + ", ".join(map(str, empty)) + " are empty",
            )
        for holder in self.seats:
            if holder.kind is SeatKind.COMPUTER:
                holder.stop_standing_in()  # a stand-in for someone gone now plays on
        self.seed = secrets.randbits(31)
        self.game_id = "g" + secrets.token_hex(8)
        first_dealer = random.Random(f"{self.seed}/table").randrange(len(self.seats))
        self._start_core(Game(self.rules, first_dealer=first_dealer), None)
        self.state = TableState.PLAYING
        self.save()
        log.info("table %s: game %s started", self.id, self.game_id)
        self._seat_changed(SeatChange.GAME_STARTED, None)
        for member in self.members.values():
            member.send(self.snapshot(member))
        for spectator in self.spectators:
            spectator.send(self.snapshot(spectator))
        self.flush()

    def _start_core(self, game: Game, core_state: dict[str, Any] | None) -> None:
        running.start_core(self, game, core_state)

    def wake_from_any_thread(self) -> None:
        """Wake the table's clock from any thread (a decision came in)."""
        loop = self.task.get_loop() if self.task is not None else None
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.poke.set)

    # --- playing ---
    def act(self, client: Client, action: Callable[[TableCore, int], bool]) -> bool:
        """Apply a seated person's intent to the game, then save and send.

        Raises:
            ProtocolError: not seated, or no game under way.
        """
        seat, core = self._in_the_game(client, "play")
        core.advance(self.context.now_ms())
        done = action(core, seat)
        try:
            self.flush()
        except Exception:
            self.poke.set()  # the clock saves it again, and plays on from there
            raise
        # The clock needs waking only if the core now has work of its own (a
        # computer player to move, a pause to wait out) or the game is over; a
        # person's move answered by another person's turn leaves it asleep.
        if not (
            self.clock_waits_for_person
            and core.next_wake_ms() is None
            and not core.is_over
        ):
            self.poke.set()
        return done

    def flush(self) -> None:
        """Save what changed, then send each person and spectator their notices."""
        running.flush(self)
        if self.context.away_seconds:
            self._note_awaited()

    def _note_awaited(self) -> None:
        """When the table began waiting for each person it waits for now.

        Cheap, as it runs after every move: the server's sweep (:meth:`check_away`)
        stands in for those who kept it waiting too long.
        """
        core = self.core
        awaited = core.people_awaited() if core is not None else frozenset()
        since = self._awaited_since
        if since.keys() == awaited:
            return
        for seat in [s for s in since if s not in awaited]:
            del since[seat]
        now = asyncio.get_running_loop().time()
        for seat in awaited:
            since.setdefault(seat, now)

    def check_away(self, now: float) -> None:
        """A computer plays for each person who kept the table waiting too long.

        They stay connected and seated, and are sent the game as it goes on
        (every play, the computer's for them among them, and their seat's view),
        never their turn or a question; ``back`` (any key at the table, in the
        game and on the page) gives them the seat again, as coming back does. A
        client older than version 11, which cannot send ``back``, is left be.
        """
        limit = self.context.away_seconds
        for seat, since in list(self._awaited_since.items()):
            if now - since < limit:
                continue
            del self._awaited_since[seat]
            client = self.members.get(seat)
            core = self.core
            if (
                client is None
                or client.version < 11
                or self.seats[seat].stand_in
                or core is None
                or self.state is not TableState.PLAYING
                or seat not in core.people_awaited()
            ):
                continue
            log.info("table %s: seat %d away too long, stood in for", self.id, seat + 1)
            self._stand_in(seat, away=True)

    def come_back(self, client: Client) -> None:
        """``client``, stood in for while away at their turn, plays again."""
        seat = self._member_seat(client)
        if seat is not None and self.seats[seat].stand_in:
            self.reattach(client, seat, back=True)

    # --- closing and resuming ---
    def stop(self) -> None:
        """Stop the clock, the takeover timers and any thinking (server shutdown)."""
        for seat in list(self._timers):
            self._cancel_timer(seat)
        for player in list(self._watcher_timers):
            self._cancel_watcher_timer(player)
        if self.task is not None:
            self.task.cancel()
        if self.core is not None:
            self.core.close()

    def close(self) -> None:
        """Nobody is left: stop the game and forget the table."""
        self.stop()
        dropped = self._audience()
        for client in dropped:
            client.table, client.seat, client.view_sent = None, None, None
        self.members.clear()
        self.spectators.clear()
        self._watching_as.clear()
        self._away_watchers.clear()
        self._still_watching.clear()
        self._watching_since.clear()
        try:
            self.context.store.close_table(self.id)
        finally:  # gone from the server even if the database failed
            log.info("table %s: closed", self.id)
            self.context.closed(self, dropped)

    @classmethod
    def resume(cls, context: TableContext, saved: SavedTable) -> NetTable:
        """Rebuild a table after a restart; whoever sat or watched is away until back.

        Raises:
            ValueError: the stored rules or record cannot be read (RecordError,
                RulesError, CodecError are ValueErrors).
        """
        row = saved.table
        try:
            wire = msgspec.convert(row.rules, type=WireRules)
        except msgspec.ValidationError as error:
            raise ValueError(f"stored rules: {error}") from None
        rules = codec.decode_rules(wire)
        seats = [SeatHolder.from_json(s) for s in row.seating][: rules.player_count]
        seats += [SeatHolder() for _ in range(rules.player_count - len(seats))]
        state = (
            TableState(row.state)
            if row.state in set(TableState)
            else (TableState.WAITING)
        )
        table = cls(
            context,
            row.id,
            row.name,
            rules,
            row.code,
            row.host,
            seats,
            state,
            row.seed,
            row.game_id,
            # Saved before the store kept it (None): a name of the default's
            # shape is taken for one, as every client then took it.
            default_name=(
                row.default_name
                if row.default_name is not None
                else wire_default_parts(row.name) is not None
            ),
        )
        if state is TableState.PLAYING:
            if saved.record is None:
                raise ValueError("a game in progress without its record")
            table._start_core(game_from_record(saved.record), saved.core_state)
        elif state is TableState.FINISHED and saved.record is not None:
            table._resume_finished(saved.record)
        for seat, holder in enumerate(seats):
            if holder.kind is SeatKind.HUMAN:
                holder.connected = False
                table._start_timer(seat)
        # Those who watched are away too, until back (a seated player's seat is
        # theirs: not a chair besides). (A field an older server did not write:
        # no one watched.)
        # Those watching then (with their names) are still known as watching.
        seated = {h.player for h in seats if h.player is not None}
        watched = watchers_from_json(row.seating, len(seats))
        for player, (chair, name, since) in watched.items():
            if player not in seated:
                table._away_watchers[player] = chair
                if name is not None:
                    table._still_watching[player] = name
                if since > 0:
                    table._watching_since[player] = since
                    context.watched_at(since)
                table._start_watcher_timer(player)
        table._watchers_saved = table.watched_from()
        return table

    def _resume_finished(self, record: dict[str, Any]) -> None:
        """Rebuild the game just over here from its kept ``record``.

        The table is then as it was before the restart: its people back hear
        the game is over, its results and how to play again (S, K and the score
        sheet answer from it), and its host starts another game from there.
        Before, the restarted table had no game: everyone was put in the
        waiting room, told nothing of the game (QA). A record that does not
        rebuild a finished game (damaged) leaves the table without it, as then.
        """
        try:
            game = game_from_record(record)
        except ValueError as error:
            log.warning("table %s: its finished game unreadable (%s)", self.id, error)
            return
        if not game.is_over:
            log.warning("table %s: its finished game's record is not over", self.id)
            return
        self._start_core(game, None)
        assert self.core is not None
        self.core.dirty = False  # kept as finished: no game in progress to save
        names = record.get("names")
        if isinstance(names, list) and all(isinstance(n, str) for n in names):
            # The names it was played under (see _played_by).
            self.record_writer.names = list(names)


def _describe(who: SeatHolder | Client) -> str:
    """Whom a log line names: the name quoted, and the player id or character.

    A name cannot forge a log line: names are printable text (``Hello`` checks
    it), and ``repr`` quotes them. Never a token.
    """
    if not isinstance(who, SeatHolder):
        return f"{who.name!r} (player {who.player_id})"
    if who.kind is SeatKind.HUMAN:
        standing_in = f", computer {who.character} playing" if who.stand_in else ""
        return f"{who.name!r} (player {who.player}{standing_in})"
    if who.kind is SeatKind.COMPUTER:
        instead = (
            f", in place of {who.gone_name!r} (player {who.gone_player})"
            if who.gone_player is not None
            else ""
        )
        return f"{who.name!r} (computer {who.character}{instead})"
    return "nobody"


def _in_place_of_a_person(
    character: str, person: SeatHolder, *, since: int | None
) -> SeatHolder:
    """A computer player's seat, taken from a person gone for good.

    It keeps the person's name and id: the lobby says whose seat it was, and the
    same person sitting down again is back, and told what the computer did for
    them since event ``since``.
    """
    found = find_character(character)
    return SeatHolder(
        SeatKind.COMPUTER,
        None,
        found.name if found else character,
        character,
        stand_in=True,
        gone_name=person.name,
        gone_player=person.player,
        stood_in_from=since,  # told when the person sits down again
    )
