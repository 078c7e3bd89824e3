"""The table server: asyncio and websockets, the lobby, identities, chat and limits.

One :class:`Server` accepts websocket connections (JSON text frames, see
:mod:`audiospades.net.protocol`), greets each client (a random identity token on the
first ``hello``, the same player again when the token comes back), keeps the lobby
of tables and hands every table intent to its :class:`~audiospades.net.table.NetTable`.

Every frame is checked before it is acted on: size (64 KB), rate (a token bucket per
connection), JSON, types and ranges. A bad frame gets an ``error`` frame naming the
problem and changes nothing; the connection carries on. Frames to a client go through
its outbox, written at the end of the event-loop turn after the turn's one database
commit, straight into the connection's buffer, so a slow client never holds up a
table; a client that leaves too much unread is disconnected (and may come back).

At start-up every table that was open is rebuilt from the database, its game
resuming from its record; its players are away until they reconnect, and computer
players stand in for them after the takeover delay, as for any lost connection.

Logging: one line per connection event and per table event, with player and table
ids and players' names (quoted); seats counted from 1, as players count them; a
refused ``hello`` with its reason; never a token.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
import secrets
import sqlite3
import ssl
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.frames import Frame, Opcode
from websockets.protocol import Event, State

from audiospades.bots.characters import name_key, numbered_apart
from audiospades.net import running, web
from audiospades.net.pool import BotPool
from audiospades.net.protocol import (
    MAX_FRAME_BYTES,
    MAX_PEOPLE_LISTED,
    MAX_TABLE_NAME_LENGTH,
    OLDEST_PROTOCOL_VERSION,
    PROTOCOL_VERSION,
    RATE_BURST,
    RATE_PER_SECOND,
    REPLACED_CLOSE_CODE,
    AddBot,
    Answer,
    AnyClientMessage,
    Back,
    Chat,
    ChatLine,
    CreateTable,
    Error,
    ErrorCode,
    FindTable,
    Hello,
    JoinSeat,
    KeyPress,
    Leave,
    ListTables,
    Lobby,
    LobbyUpdate,
    Message,
    PassCards,
    PeopleOnline,
    PersonOnline,
    Ping,
    PlaceBid,
    PlayCard,
    Pong,
    ProtocolError,
    Remind,
    RemoveBot,
    SeatKind,
    Spectate,
    StartGame,
    TableFound,
    TableInfo,
    TableState,
    TokenBucket,
    Welcome,
    Whereabouts,
    WhoIsOnline,
    decode_client,
    encode_utf8,
    request_type,
    wire_default_table_name,
)
from audiospades.net.render import WebSeat
from audiospades.net.running import SaveFailures
from audiospades.net.seats import SeatHolder, new_code
from audiospades.net.store import Store, StoreError, StoreInUse
from audiospades.net.store_files import os_problem
from audiospades.net.table import NetTable, TableContext
from audiospades.net.versions import for_version
from audiospades.rules import Bid, Card, Rules, RulesError
from audiospades.storage.atomic import LockTimeoutError, file_lock, lock_path_for
from audiospades.table_core import PACES, Delays

log = logging.getLogger(__name__)

DEFAULT_PORT: Final = 8475
MAX_WIRE_BYTES: Final = 4 * MAX_FRAME_BYTES
"""Frames up to this size are read and refused with ``too_large``; longer ones make
the websocket library close the connection (code 1009, message too big)."""
WRITE_BUFFER_LIMIT: Final = 8 * 1024 * 1024
"""Bytes a client may leave unread before it is disconnected as too slow."""
COMMIT_RETRY_SECONDS: Final = 1.0
"""After a failed commit, the wait before the tables are saved again."""


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """How a server runs."""

    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    """0 picks a free port (tests)."""
    ssl: ssl.SSLContext | None = None
    tls_files: tuple[Path, Path] | None = None
    """The certificate and key files ``ssl`` was loaded from (for the log)."""
    takeover_seconds: float = 30.0
    away_seconds: float = 300.0
    """How long a connected person may keep the table waiting at their turn
    before a computer player stands in (0: for ever)."""
    delays: Delays = PACES["normal"]
    rate: float = RATE_PER_SECOND
    burst: int = RATE_BURST
    bot_workers: int | None = None
    max_tables: int = 2000
    max_spectators: int = 50
    outbox_limit: int = 2000
    """Frames waiting for a client (in one turn, or while a failed commit is
    retried) before it is disconnected as too slow."""


MessageHandler = Callable[[bytes, bool], None]
"""What a connection does with one whole message: its bytes, and whether it was
text (True) or binary."""


class Connection(ServerConnection):
    """A server connection that hands each message over as it arrives.

    websockets queues a connection's messages for a task that reads them one by one
    (``async for``): a task wake-up, a queue and a future for every bid and card.
    The server needs none of that (it never waits while handling a message), so this
    connection hands each whole message to its handler in the transport's own
    callback. Messages that come before the handler is attached wait for it, in
    order; a message in several fragments is put together first (websockets still
    enforces the size limit across fragments). Pings, pongs, the closing handshake
    and keep-alive are websockets' as before.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """As :class:`ServerConnection`."""
        super().__init__(*args, **kwargs)
        self._handler: MessageHandler | None = None
        self._waiting: list[tuple[bytes, bool]] = []
        self._parts: list[bytes] = []
        self._text = True

    def attach(self, handler: MessageHandler) -> None:
        """Hand every message, from now on and any already in, to ``handler``."""
        waiting, self._waiting = self._waiting, []
        self._handler = handler
        for data, text in waiting:
            self._deliver(data, text)

    def detach(self) -> None:
        """Drop every message from now on (the server is done with this client)."""
        self._handler = _drop
        self._waiting.clear()

    def process_event(self, event: Event) -> None:
        """Hand a message's frames over; everything else is websockets' own."""
        if (
            self.request is None
            or not isinstance(event, Frame)
            or event.opcode not in _DATA_OPCODES
        ):
            super().process_event(event)
            return
        if event.opcode is not Opcode.CONT:
            self._text = event.opcode is Opcode.TEXT
            self._parts = []
        if not event.fin:
            self._parts.append(bytes(event.data))
            return
        data = bytes(event.data)
        if self._parts:
            data = b"".join([*self._parts, data])
            self._parts = []
        if self._handler is None:
            self._waiting.append((data, self._text))
        else:
            self._deliver(data, self._text)

    def _deliver(self, data: bytes, text: bool) -> None:
        assert self._handler is not None
        try:
            self._handler(data, text)
        except Exception:  # the connection's callback must never fail
            log.exception("a message could not be handled")


_DATA_OPCODES: Final = frozenset({Opcode.TEXT, Opcode.BINARY, Opcode.CONT})


def _drop(data: bytes, text: bool) -> None:
    """A detached connection's messages go nowhere."""


def text_frame(payload: bytes) -> bytes:
    """``payload`` as one websocket text frame from a server (RFC 6455, 5.2).

    Unmasked and whole, as websockets' ``Protocol.send_text`` frames it without
    extensions, built without its objects: a server writes four of these an
    action.
    """
    size = len(payload)
    if size < 126:
        return b"\x81" + size.to_bytes(1, "big") + payload
    if size < 65536:
        return b"\x81\x7e" + size.to_bytes(2, "big") + payload
    return b"\x81\x7f" + size.to_bytes(8, "big") + payload


@dataclass(eq=False)
class Client:
    """One connection: who it is, where it sits, its limits and its outbox."""

    ws: ServerConnection
    peer: str
    bucket: TokenBucket
    outbox_limit: int
    player_id: str | None = None
    name: str = ""
    heard_as: str = ""
    """The name the lobby's chat gives this player: ``name``, numbered when
    another player connected has it ("Ann 2"), so two Anns are told apart."""
    language: str = "en"
    version: int = PROTOCOL_VERSION
    """The protocol version the client said ``hello`` with: it is sent only what
    that version can read."""
    table: NetTable | None = None
    seat: int | None = None
    warned: bool = False
    """A rate-limit error was sent; more refused frames are ignored silently."""
    leave_passed_at: float = -math.inf
    """When a leave over the rate limit was last carried out anyway (at most one
    a second: see :meth:`Server.on_frame`)."""
    closed: bool = False
    found: str | None = None
    """The table this client last found with ``find_table`` while in the lobby
    (version 8: sent again as it changes), and the code it asked with."""
    found_code: str = ""
    renderer: WebSeat | None = None
    """For a browser page (``hello`` with ``render``): words every frame for it."""
    outbox: Outbox | None = None
    """Where the frames wait for the end of the turn (None: written at once)."""
    view_sent: tuple[Mapping[str, Any], Mapping[str, Any]] | None = None
    """The parts of the last view this client was sent (public, own), from which
    a client that :attr:`keeps_views` is sent only what changed; None
    when it holds no view of a seat (then the next update carries the whole)."""
    _frames: list[bytes] = field(default_factory=list)

    def send(self, message: Message, frame: bytes | None = None) -> None:
        """Queue a message (never waits); it goes out at the end of the turn.

        ``frame``: the message already encoded (one encoding for many clients).
        """
        if self.closed or self._too_slow():
            return
        wire: Message | None = message
        if self.version != PROTOCOL_VERSION:
            wire = for_version(message, self.version)
            if wire is not message:
                frame = None  # the frame for many is not this one's
        if wire is not None:
            self._queue(encode_utf8(wire) if frame is None else frame)
        if self.renderer is not None:
            self.renderer.feed(message)  # worded by the server: all of it

    @property
    def reads_frames_as_sent(self) -> bool:
        """Whether a frame of this protocol, as it is, is all this client needs.

        Not for a client older than version 11 (it is sent another frame), nor for
        a browser page (the server words the message for it): those take
        :meth:`send`. A version 11 client reads the frames of version 12 that
        carry whole views.
        """
        return self.version >= 11 and self.renderer is None

    @property
    def keeps_views(self) -> bool:
        """Whether this client keeps its view, and is sent only what changed.

        Version 12 (see :attr:`view_sent`).
        """
        return self.version >= 12 and self.renderer is None

    def send_frame(self, frame: bytes) -> None:
        """Queue a frame already encoded (never waits).

        Only for a client that :attr:`reads_frames_as_sent`; it goes out at the end
        of the turn.
        """
        if not self.closed and not self._too_slow():
            self._queue(frame)

    def _too_slow(self) -> bool:
        """Whether the outbox is full: the client is then disconnected."""
        if len(self._frames) < self.outbox_limit:
            return False
        log.warning("connection %s: too slow, disconnected", self.peer)
        self.close(1008, "too slow")
        return True

    def _queue(self, frame: bytes) -> None:
        self._frames.append(frame)
        if len(self._frames) == 1:
            if self.outbox is None:
                self.write()
            else:
                self.outbox.add(self)

    def write(self) -> None:
        """Hand the queued frames to the connection (the outbox calls this).

        Written straight into the connection's buffer, as websockets' broadcast
        does: no task and no wait per frame. A client whose buffer holds more than
        WRITE_BUFFER_LIMIT bytes it has not read is too slow and is disconnected.
        """
        frames, self._frames = self._frames, []
        ws = self.ws
        if self.closed or not frames or ws.protocol.state is not State.OPEN:
            return
        if ws.transport.get_write_buffer_size() > WRITE_BUFFER_LIMIT:
            log.warning("connection %s: too slow, disconnected", self.peer)
            self.close(1008, "too slow")
            return
        try:
            if ws.protocol.extensions:  # (none: the server turns compression off)
                for frame in frames:
                    ws.protocol.send_text(frame)
                ws.send_data()
            else:
                if ws.protocol.writes:  # what websockets has waiting (a pong) first
                    ws.send_data()
                ws.transport.write(
                    text_frame(frames[0])
                    if len(frames) == 1
                    else b"".join([*map(text_frame, frames)])
                )
        except Exception as error:  # the connection failed under us: it is closing
            log.info("connection %s: cannot write (%s)", self.peer, error)

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close the connection (the handler then cleans up)."""
        if self.closed:
            return
        self.closed = True
        self._frames.clear()
        asyncio.get_running_loop().create_task(self.ws.close(code, reason))

    def stop(self) -> None:
        """Stop sending (the connection is gone)."""
        self.closed = True
        self._frames.clear()


class Outbox:
    """The frames of one event-loop turn, sent after the turn's database commit.

    Everything the server writes in a turn, for all its tables, goes into one
    transaction (:meth:`Store.group_commits`); at the end of the turn the outbox
    commits it, then writes every frame queued in the turn. So no frame announces
    what the database does not hold, at the cost of one commit a turn instead of
    one per action. If the commit fails, the frames wait: the tables whose
    progress was lost are saved again, the lost writes of players and tables are
    made again (``Store.lost_writes``), and the next commit lets the frames go.
    After a failure the outbox tries again once after COMMIT_RETRY_SECONDS, not
    every turn: a database that keeps failing is not hammered.
    """

    def __init__(
        self,
        store: Store,
        failed: Callable[[], None],
        failures: SaveFailures | None = None,
    ) -> None:
        """Commit to ``store``; ``failed`` is called when a commit fails.

        ``failures``: where failed commits, and the first one to succeed after
        them, are told (logged once, not at every try).
        """
        self.store = store
        self._failed = failed
        self.failures = failures if failures is not None else SaveFailures()
        self._clients: list[Client] = []
        self._due = False
        self._backing_off = False
        """A commit failed: the next one waits for the retry timer."""
        store.group_commits(self.due)

    def add(self, client: Client) -> None:
        """``client`` has frames for the end of this turn."""
        self._clients.append(client)
        self.due()

    def due(self) -> None:
        """Commit and send at the end of this turn (after a failure: at the retry)."""
        if not self._due and not self._backing_off:
            self._due = True
            asyncio.get_running_loop().call_soon(self.send)

    def _retry(self) -> None:
        self._backing_off = False
        self.due()

    def send(self) -> None:
        """Commit the turn's writes, then write the turn's frames."""
        self._due = False
        try:
            self.store.commit()
        except sqlite3.Error as error:
            self.failures.failed(error)
            self._backing_off = True
            asyncio.get_running_loop().call_later(COMMIT_RETRY_SECONDS, self._retry)
            self._failed()
            return
        self.failures.succeeded()
        clients, self._clients = self._clients, []
        for client in clients:
            client.write()


class Server:
    """The table server."""

    def __init__(self, config: ServerConfig, store: Store) -> None:
        """Serve with ``config``, keeping everything in ``store``."""
        self.config = config
        self.store = store
        self.pool = BotPool(config.bot_workers)
        self.tables: dict[str, NetTable] = {}
        self.clients: dict[str, Client] = {}
        """Greeted connections by player id."""
        self._buckets: dict[str, TokenBucket] = {}
        """Each player's rate limit, kept across reconnections (see _hello)."""
        self._names_heard: dict[str, int] = {}
        """The lobby names of the connected players (folded), and how many have
        each (one, but for a moment while a connection is replaced)."""
        self._ws: WsServer | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._lobby_due = False
        self._listings: dict[str, tuple[TableInfo, bytes]] = {}
        """Each public table's listing and its JSON, until the table changes."""
        self._relisted: dict[str, None] = {}
        """Public tables changed (or closed) since the lobby was last told, in
        order."""
        self._finders: dict[str, set[Client]] = {}
        """The clients in the lobby that found each table by its code (or id),
        told of its changes (``found_table`` with ``changed``, version 8)."""
        self._refound: dict[str, None] = {}
        """Found tables changed since their finders were last told, in order."""
        self.save_failures = SaveFailures()
        self.outbox = Outbox(store, self._commit_failed, self.save_failures)
        self._context = TableContext(
            store=store,
            pool=self.pool,
            delays=config.delays,
            takeover_seconds=config.takeover_seconds,
            away_seconds=config.away_seconds,
            now_ms=lambda: int(time.monotonic() * 1000),
            changed=self._lobby_changed,
            closed=self._forget,
            save_failures=self.save_failures,
        )

    # --- running ---
    async def start(self) -> None:
        """Listen, prepare the store, then resume the stored tables.

        The store is prepared (a new database made, an older one upgraded) only once
        the port is taken: a start that fails on its port leaves the database as it
        was. No connection is served before the tables are resumed: nothing awaits
        between listening and resuming.
        """
        self._ws = await serve(
            self._handle,
            self.config.host,
            self.config.port,
            ssl=self.config.ssl,
            max_size=MAX_WIRE_BYTES,
            # No per-message deflate: it cost the server more time than anything
            # but saving, for frames of a few kilobytes.
            compression=None,
            # The browser page (net/web.py), told the rate limit it must keep.
            process_request=functools.partial(
                web.process_request, rate=self.config.rate, burst=self.config.burst
            ),
            create_connection=Connection,
        )
        self.store.prepare()
        for saved in self.store.open_tables():
            try:
                table = NetTable.resume(self._context, saved)
            except (ValueError, KeyError, TypeError) as error:
                log.warning("table %s: cannot resume (%s)", saved.table.id, error)
                continue
            self.tables[table.id] = table
            log.info("table %s: resumed (%s)", table.id, table.state.value)
        if self.config.away_seconds:
            self._sweeper = asyncio.get_running_loop().create_task(
                self._sweep_away(), name="away"
            )
        log.info("%s", self.serving_line())

    async def _sweep_away(self) -> None:
        """Now and then, the tables stand in for people away at their turn."""
        every = min(1.0, self.config.away_seconds / 4)
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(every)
            now = loop.time()
            for table in list(self.tables.values()):
                try:
                    table.check_away(now)
                except Exception:  # one table's trouble stops no other's
                    log.exception("table %s: the away check failed", table.id)

    def serving_line(self) -> str:
        """The start-up line: the address, the database and the TLS files."""
        host = self.config.host
        if ":" in host:  # IPv6: a URL writes it in brackets
            host = f"[{host}]"
        scheme = "ws" if self.config.ssl is None else "wss"
        where = f"database {self.store.path.resolve()}"
        files = self.config.tls_files
        if files is not None:
            where += f"; TLS certificate {files[0].resolve()}, key {files[1].resolve()}"
        return f"serving on {scheme}://{host}:{self.port} ({where})"

    @property
    def port(self) -> int:
        """The port the server listens on."""
        assert self._ws is not None
        port: int = next(iter(self._ws.sockets)).getsockname()[1]
        return port

    async def close(self) -> list[str]:
        """Stop listening, close every connection, stop the tables and the pool.

        The tables and the pool are stopped even if waiting for the connections
        is cancelled (a second Ctrl+C, a caller's timeout): nothing is left running.
        Tables a failed save left unsaved are saved a last time.

        Returns:
            What the last save could not keep (empty when everything is saved):
            "table ID" for each table whose last moves are lost (it resumes from
            its last save), and "players' and tables' rows" for other writes.
        """
        try:
            if self._ws is not None:
                self._ws.close()
                await self._ws.wait_closed()
        finally:
            if self._sweeper is not None:
                self._sweeper.cancel()
            for table in list(self.tables.values()):
                table.stop()
            self.pool.shutdown()
            unsaved = self._last_save()
        return unsaved

    def _last_save(self) -> list[str]:
        """Save what a failed commit left unsaved, and commit a last time."""
        store = self.store
        if store.unsaved_tables or store.lost_finishes:
            self._commit_failed()  # the tables it lost are due to be saved again
            for table_id in sorted(store.unsaved_tables):
                table = self.tables.get(table_id)
                if table is not None:
                    try:
                        running.save_now(table)
                    except sqlite3.Error:
                        break  # the commit below fails, and says which tables
        try:
            store.commit()
        except sqlite3.Error as error:  # what was committed before resumes
            tables = sorted({*store.unsaved_tables, *store.lost_finishes})
            unsaved = [f"table {t}" for t in tables]
            if store.lost_writes or not unsaved:
                unsaved.append("players' and tables' rows")
            log.error(
                "database: the last save failed (%s); not saved: %s (the server "
                "resumes from what was saved before)",
                error,
                ", ".join(unsaved),
            )
            return unsaved
        self.save_failures.succeeded()
        return []

    # --- connections ---
    async def _handle(self, ws: ServerConnection) -> None:
        assert isinstance(ws, Connection)
        peer = "%s:%s" % (ws.remote_address[:2] if ws.remote_address else ("?", "?"))
        client = Client(
            ws,
            peer,
            TokenBucket(
                rate=self.config.rate, burst=self.config.burst, now=time.monotonic()
            ),
            self.config.outbox_limit,
            outbox=self.outbox,
        )
        log.info("connection %s: opened", peer)
        try:
            # Each message is handled as it arrives (Connection); this task only
            # waits for the end of the connection.
            ws.attach(lambda data, text: self.on_frame(client, data, text=text))
            await ws.wait_closed()
        finally:
            ws.detach()  # nothing more reaches a client that is cleaned up
            self._disconnected(client)
            if client.player_id is None:
                log.info("connection %s: closed (no hello)", peer)
            else:
                log.info(
                    "connection %s: closed (player %s, %r)",
                    peer,
                    client.player_id,
                    client.name,
                )

    def on_frame(
        self, client: Client, frame: str | bytes, *, text: bool = True
    ) -> None:
        """Check one frame and act on it; a refusal is answered with an error.

        ``frame``: the message (text as ``str`` or as its UTF-8 bytes); ``text``:
        whether it came in a text frame (JSON must).
        """
        if client.closed:  # replaced, or closing: nothing more from it counts
            return
        now = time.monotonic()
        if not client.bucket.take(now) and not _leave_let_through(client, frame, now):
            if not client.warned:
                client.warned = True
                # Named, so that a client knows which intent had no effect.
                kind = request_type(frame)
                client.send(
                    Error(
                        code=ErrorCode.RATE_LIMITED,
                        detail=f"at most {self.config.rate:g} messages a second "
                        f"(bursts of {self.config.burst})",
                        request=kind,
                    )
                )
            return
        client.warned = False
        if not text:
            client.send(
                Error(code=ErrorCode.BAD_JSON, detail="send JSON in text frames")
            )
            return
        try:
            message = decode_client(frame)
        except ProtocolError as error:
            kind = request_type(frame)
            if kind == "hello" and client.player_id is None:
                _log_refused_hello(client, error)
            client.send(Error(code=error.code, detail=error.detail, request=kind))
            return
        except Exception:  # a decoder bug must not end the connection
            log.exception("connection %s: a frame could not be decoded", client.peer)
            client.send(Error(code=ErrorCode.BAD_JSON, detail="unreadable frame"))
            return
        try:
            self.dispatch(client, message)
        except ProtocolError as error:
            if isinstance(message, Hello):
                _log_refused_hello(client, error)
            client.send(
                Error(code=error.code, detail=error.detail, request=_tag(message))
            )
        except Exception as error:
            if isinstance(error, sqlite3.Error):  # a full disk: told once, no trace
                self.save_failures.failed(
                    f"player {client.player_id}'s {_tag(message)}: {error}"
                )
            else:
                log.exception("player %s: %s failed", client.player_id, _tag(message))
            client.send(
                Error(
                    code=ErrorCode.SERVER_ERROR,
                    detail="the server failed to carry that out",
                    request=_tag(message),
                )
            )
            # Whatever it left half done (a database write failed after a table
            # changed), the lobby is listed afresh, and a player it left at no
            # table has the whole list.
            self._relist_everything()
            if client.table is None and client.player_id is not None:
                self._send_lobby_list(client)

    def _disconnected(self, client: Client) -> None:
        client.stop()
        self._unfind(client)
        self._release_name(client)
        if client.player_id is not None and self.clients.get(client.player_id) is (
            client
        ):
            del self.clients[client.player_id]
            # Once it would be full again, a new bucket is the same: forget it.
            refill = self.config.burst / self.config.rate
            asyncio.get_running_loop().call_later(
                refill, self._forget_bucket, client.player_id
            )
        if client.table is not None:
            client.table.disconnected(client)
            client.table = None

    def _hold_name(self, client: Client, name: str) -> None:
        """Name ``client`` for the lobby: ``name``, numbered if taken ("Ann 2").

        Taken: another connected player has it. The names are counted as players
        come and go, so a thousand greetings cost a thousand lookups, not a million.
        """
        client.heard_as = numbered_apart(name, self._names_heard)
        key = name_key(client.heard_as)
        self._names_heard[key] = self._names_heard.get(key, 0) + 1

    def _release_name(self, client: Client) -> None:
        """``client``'s lobby name is free again (gone, or replaced)."""
        if not client.heard_as:
            return
        key = name_key(client.heard_as)
        left = self._names_heard.get(key, 0) - 1
        if left > 0:
            self._names_heard[key] = left
        else:
            self._names_heard.pop(key, None)
        client.heard_as = ""

    def _unfind(self, client: Client) -> None:
        """``client`` is no longer told of the table it found (if any)."""
        table_id, client.found = client.found, None
        if table_id is None:
            return
        finders = self._finders.get(table_id)
        if finders is not None:
            finders.discard(client)
            if not finders:
                del self._finders[table_id]

    def _forget_bucket(self, player_id: str) -> None:
        if player_id not in self.clients:
            self._buckets.pop(player_id, None)

    # --- messages ---
    def dispatch(self, client: Client, message: AnyClientMessage) -> None:
        """Carry out one valid message.

        Raises:
            ProtocolError: when the message cannot be carried out now.
        """
        if isinstance(message, Ping):
            client.send(Pong(nonce=message.nonce))
            return
        if isinstance(message, Hello):
            self._hello(client, message)
            return
        if client.player_id is None:
            raise ProtocolError(ErrorCode.HELLO_FIRST, "say hello first")
        match message:
            case ListTables():
                if client.renderer is not None:
                    client.renderer.list_asked()
                self._send_lobby_list(client)
            case WhoIsOnline():
                client.send(self._people_online(client))
            case CreateTable():
                self._create(client, message)
                self._unfind(client)
            case JoinSeat(table=ref, seat=seat):
                here = client.table
                if here is not None and client.version >= 9 and _names(here, ref):
                    here.move(client, seat)  # another seat, or a spectator sits
                    return
                self._verify_free(client)
                self._find(ref).join(client, seat)
                self._unfind(client)
            case Spectate(table=ref, chair=chair):
                self._verify_free(client)
                table = self._find(ref)
                if len(table.spectators) >= self.config.max_spectators:
                    raise ProtocolError(ErrorCode.TABLE_FULL, "too many spectators")
                table.spectate(client, chair)
                self._unfind(client)
            case FindTable(code=ref):
                self._unfind(client)  # another table asked for: not that one
                table = self._find(ref)
                client.send(TableFound(code=ref.upper(), table=self._listing(table)[0]))
                if client.version >= 8 and client.table is None:
                    client.found, client.found_code = table.id, ref.upper()
                    self._finders.setdefault(table.id, set()).add(client)
            case Leave(before_start=before_start):
                table = self._at_table(client)
                if before_start and table.is_playing_seat(client):
                    self._keep_seat(client, table)
                    return
                table.leave(client)
                if client.renderer is not None:
                    client.renderer.left_table()
                self._send_lobby_list(client)
            case AddBot(seat=seat, character=character):
                self._at_table(client).add_bot(client, seat, character)
            case RemoveBot(seat=seat):
                self._at_table(client).remove_bot(client, seat)
            case StartGame():
                self._at_table(client).start(client)
            case PlaceBid(bid=bid):
                chosen = Bid.from_record(bid)
                self._at_table(client).act(client, lambda c, s: c.bid(s, chosen))
            case PlayCard(card=text):
                card = Card.parse(text)
                self._at_table(client).act(client, lambda c, s: c.play(s, card))
            case PassCards(cards=texts):
                cards = tuple(Card.parse(t) for t in texts)
                self._at_table(client).act(client, lambda c, s: c.pass_cards(s, cards))
            case Answer(yes=yes):
                table = self._at_table(client)
                if not table.act(client, lambda c, s: c.answer(s, yes)):
                    raise ProtocolError(ErrorCode.NO_QUESTION, "no question is open")
            case Remind():
                self._at_table(client).remind(client)
            case Back():
                self._at_table(client).come_back(client)
            case Chat(text=text, to=to) if to is not None:
                self._private_line(client, text, to)
            case Chat(text=text):
                self._chat(client, text)
            case KeyPress():
                if client.renderer is None:
                    raise ProtocolError(
                        ErrorCode.NOT_RENDERING, "keys need hello with render: true"
                    )
                client.renderer.key(message)

    def _keep_seat(self, client: Client, table: NetTable) -> None:
        """A leave meant for the waiting room came after the game's start.

        The seat is kept (leaving now would hand it to a computer player, which
        the player was never asked about): refused as ``game_started``, then the
        table as it stands, so the player hears the game and decides again.
        """
        log.info(
            "table %s: %r (player %s) asked to leave before the game, which had "
            "started: still seated",
            table.id,
            client.name,
            client.player_id,
        )
        client.send(
            Error(
                code=ErrorCode.GAME_STARTED,
                detail="the game had already started: you are still in your seat",
                request="leave",
            )
        )
        client.send(table.snapshot(client))

    def _hello(self, client: Client, hello: Hello) -> None:
        if not OLDEST_PROTOCOL_VERSION <= hello.version <= PROTOCOL_VERSION:
            raise ProtocolError(
                ErrorCode.VERSION_MISMATCH,
                f"this server speaks protocol versions {OLDEST_PROTOCOL_VERSION} "
                f"to {PROTOCOL_VERSION}",
            )
        if client.player_id is not None:
            raise ProtocolError(ErrorCode.ALREADY_GREETED, "hello was already said")
        name = hello.name.strip()
        player = self.store.player_for_token(hello.token) if hello.token else None
        if player is None:
            player, token = self.store.register_player(name)
            log.info(
                "connection %s: new player %s, %r%s",
                client.peer,
                player.id,
                name,
                " (an unknown token: a new identity)" if hello.token else "",
            )
        else:
            token = hello.token or ""
            self.store.touch_player(player.id, name)
            log.info(
                "connection %s: player %s is back, %r", client.peer, player.id, name
            )
        client.player_id, client.name, client.language = player.id, name, hello.language
        client.version = hello.version
        # One rate limit a player, not a connection: reconnecting does not refill it.
        client.bucket = self._buckets.setdefault(player.id, client.bucket)
        if hello.render:
            client.renderer = WebSeat(client, self.dispatch, self.pool.call)
        old = self.clients.get(player.id)
        if old is not None and old is not client:
            log.info(
                "player %s: an older connection (%s) is replaced", player.id, old.peer
            )
            old.close(REPLACED_CLOSE_CODE, "replaced by a new connection")
            self._release_name(old)  # its player's again, not "Ann 2"
        self.clients[player.id] = client
        self._hold_name(client, name)
        ended = self._context.given_up.pop(player.id, None)
        given_up: Literal["before_start", "game_ended"] | None = None
        if ended is not None:
            given_up = "game_ended" if ended else "before_start"
        client.send(
            Welcome(
                version=hello.version,
                player=player.id,
                token=token,
                name=name,
                seat_given_up=given_up,
            )
        )
        for table in self.tables.values():
            seat = table.seat_of(player.id)
            if seat is not None and table.seats[seat].kind is SeatKind.HUMAN:
                table.reattach(client, seat)
                return
        # A spectator whose connection dropped (or who watched before a server
        # restart) watches again, at one table: the one watched last (away from
        # several, as when a connection was replaced and the new one watched
        # elsewhere; the times never tie, see TableContext.watching_time; at
        # the first of those an older server saved, not knowing when, or
        # saved at one time). Every other table it was away from
        # lets it go now, so an old one never claims it later.
        watched = [
            table
            for table in list(self.tables.values())
            if table.away_watcher_chair(player.id) is not None
        ]
        if watched:
            table = max(watched, key=lambda t: t.away_watcher_since(player.id))
            for other in watched:
                if other is not table:
                    other.forget_watcher(player.id)
            table.spectate(client, table.take_watcher(client))
            return
        self._send_lobby_list(client)

    def _create(self, client: Client, create: CreateTable) -> None:
        self._verify_free(client)
        if len(self.tables) >= self.config.max_tables:
            raise ProtocolError(ErrorCode.TOO_MANY_TABLES, "the server is full")
        options = dict(create.rules)
        for key in ("player_count", "partnerships"):
            if key in options:
                raise ProtocolError(
                    ErrorCode.BAD_RULES, f"give {key!r} beside the rules, not in them"
                )
        try:
            rules = Rules.from_dict(
                options, players=create.players, partnerships=create.partnerships
            )
        except (RulesError, ValueError, TypeError) as error:
            raise ProtocolError(ErrorCode.BAD_RULES, str(error)) from None
        table_id = "t" + secrets.token_hex(4)
        while table_id in self.tables:  # pragma: no cover - 32 random bits
            table_id = "t" + secrets.token_hex(4)
        code = None
        if create.private:
            taken = {t.code for t in self.tables.values()}
            code = new_code()
            while code in taken:  # pragma: no cover - 30 random bits
                code = new_code()
        default = wire_default_table_name(client.name)
        given = create.name.strip() if create.name is not None else None
        # No name given, the table is named after its host, and each client says
        # that name in its own language; a name typed is said as typed, whatever
        # it looks like ("Bob's table"). A client older than version 13 sends
        # its default itself: its host's own name's default is taken as one.
        is_default = given is None or (client.version < 13 and given == default)
        # Two open tables of one name ("Ann's table", each Ann's) could not be
        # told apart in the lobby: the later one is numbered ("Ann's table 2").
        names = {name_key(t.name) for t in self.tables.values()}
        table = NetTable(
            self._context,
            table_id,
            numbered_apart(given or default, names, limit=MAX_TABLE_NAME_LENGTH),
            rules,
            code,
            client.player_id,
            [SeatHolder() for _ in range(rules.player_count)],
            default_name=is_default,
        )
        self.tables[table_id] = table
        log.info(
            "table %s: created, %r (%d players%s), by %r (player %s)",
            table_id,
            table.name,
            rules.player_count,
            ", private" if code is not None else "",
            client.name,
            client.player_id,
        )
        table.join(client, 0)

    def _chat(self, client: Client, text: str) -> None:
        table = client.table
        # At a table, a seated player is named as the table knows them ("Ann 2"
        # beside another Ann), so that the line is told apart as their plays are.
        # In the lobby, the name the server knows them by among those connected;
        # a spectator's, apart from the seats' names too.
        sender = client.heard_as or client.name
        if table is not None and client.seat is not None:
            sender = table.seats[client.seat].name or sender
        elif table is not None:
            sender = table.watcher_name(client)
        line = ChatLine(
            scope="table" if table is not None else "lobby",
            sender=sender,
            player=client.player_id or "",
            seat=client.seat,
            text=text.strip(),
        )
        if table is not None:
            table.broadcast(line)
            return
        for other in self.clients.values():
            if other.table is None:
                other.send(line)

    def _private_line(self, client: Client, text: str, to: str) -> None:
        """A chat line to one player alone (and back to its sender)."""
        other = self.clients.get(to)
        if other is None or other.closed or other is client:
            raise ProtocolError(ErrorCode.NOT_ONLINE, f"player {to!r} is not online")
        if other.version < 11:  # its game would drop the line unread
            raise ProtocolError(
                ErrorCode.NOT_ONLINE, f"player {to!r} speaks an older protocol"
            )
        line = ChatLine(
            scope="private",
            sender=client.heard_as or client.name,
            player=client.player_id or "",
            seat=None,
            text=text.strip(),
            to=to,
            to_name=other.heard_as or other.name,
        )
        other.send(line)
        client.send(line)

    def _people_online(self, client: Client) -> PeopleOnline:
        """Everyone connected but ``client``: the lobby first, then by name."""
        people = []
        for other in self.clients.values():
            if other is client or other.closed or other.player_id is None:
                continue
            table = other.table
            place = Whereabouts.LOBBY
            if table is not None and other.seat is None:
                place = Whereabouts.WATCHING
            elif table is not None:
                playing = table.state is TableState.PLAYING
                place = Whereabouts.PLAYING if playing else Whereabouts.WAITING
            private = table is not None and table.code is not None
            shown = None if private else table  # a private table is not named
            people.append(
                PersonOnline(
                    name=other.heard_as or other.name,
                    player=other.player_id,
                    place=place,
                    table=shown.name if shown is not None else None,
                    table_id=shown.id if shown is not None else None,
                    private=private,
                    default_name=shown is not None and shown.default_name,
                )
            )
        people.sort(
            key=lambda o: (o.place is not Whereabouts.LOBBY, name_key(o.name), o.name)
        )
        listed = people[:MAX_PEOPLE_LISTED]
        return PeopleOnline(people=listed, more=len(people) - len(listed))

    # --- helpers ---
    def _verify_free(self, client: Client) -> None:
        if client.table is not None:
            raise ProtocolError(
                ErrorCode.ALREADY_AT_TABLE, f"you are at table {client.table.id}"
            )

    def _at_table(self, client: Client) -> NetTable:
        if client.table is None:
            raise ProtocolError(ErrorCode.NOT_AT_TABLE, "you are at no table")
        return client.table

    def _find(self, ref: str) -> NetTable:
        table = self.tables.get(ref)
        if table is None:
            code = ref.upper()
            table = next((t for t in self.tables.values() if t.code == code), None)
        if table is None:
            raise ProtocolError(ErrorCode.NO_SUCH_TABLE, f"no table {ref!r}")
        return table

    def _listing(self, table: NetTable) -> tuple[TableInfo, bytes]:
        entry = self._listings.get(table.id)
        if entry is None:
            info = table.info()
            entry = self._listings[table.id] = (info, encode_utf8(info))
        return entry

    def _send_lobby_list(self, client: Client) -> None:
        """Send ``client`` the whole list.

        Each table's listing is built and encoded once, until it changes, so a
        list of thousands of tables costs little.
        """
        listings = [self._listing(t) for t in self.tables.values() if t.code is None]
        frame = b"".join(
            (
                _LOBBY_HEAD,
                b",".join(encoded for _, encoded in listings),
                _LOBBY_TAIL,
            )
        )
        client.send(Lobby(tables=[info for info, _ in listings]), frame)

    def _relist_everything(self) -> None:
        for table in list(self.tables.values()):
            self._lobby_changed(table)

    def _lobby_changed(self, table: NetTable) -> None:
        # A private table's listing too: find_table answers with it (it was
        # kept as it was first found, and a later finder was sent seats long
        # taken).
        self._listings.pop(table.id, None)
        if table.id in self._finders:
            self._refound[table.id] = None
        elif table.code is not None:
            return  # a private table is never listed
        if table.code is None:
            self._relisted[table.id] = None
        if self._lobby_due:
            return
        self._lobby_due = True
        asyncio.get_running_loop().call_soon(self._send_lobby)

    def _send_found(self) -> None:
        """Tell those who found a table that changed: its listing afresh."""
        refound, self._refound = self._refound, {}
        for table_id in refound:
            table = self.tables.get(table_id)
            if table is None:
                continue  # closed: told by _forget
            info = self._listing(table)[0]
            for client in list(self._finders.get(table_id, ())):
                if client.closed or client.table is not None:
                    self._unfind(client)
                    continue
                client.send(
                    TableFound(code=client.found_code, table=info, changed=True)
                )

    def _found_closed(self, table: NetTable) -> None:
        """Tell those who found ``table`` that it has closed."""
        finders = self._finders.pop(table.id, set())
        if not finders:
            return
        info = table.info()
        for client in finders:
            client.found = None
            if not client.closed and client.table is None:
                client.send(
                    TableFound(
                        code=client.found_code, table=info, changed=True, closed=True
                    )
                )

    def _send_lobby(self) -> None:
        """Tell the players in the lobby what changed: those tables only.

        And those who found a table by its code, what became of it.
        """
        self._lobby_due = False
        self._send_found()
        relisted, self._relisted = self._relisted, {}
        watchers = [c for c in self.clients.values() if c.table is None]
        if not watchers or not relisted:
            return
        changed: list[TableInfo] = []
        gone: list[str] = []
        for table_id in relisted:
            table = self.tables.get(table_id)
            if table is None:
                gone.append(table_id)
            else:
                changed.append(self._listing(table)[0])
        update = LobbyUpdate(tables=changed, gone=gone)
        frame = encode_utf8(update)
        for client in watchers:
            client.send(update, frame)

    def _commit_failed(self) -> None:
        """A commit failed: its tables save everything again, its games again.

        A table whose game the commit finished is not saved as in progress: its
        finished game is kept again instead (``Store.retry_finishes``).
        """
        lost = self.store.lost_finishes
        for table_id in list(self.store.unsaved_tables):
            table = self.tables.get(table_id)
            if table is None or table.core is None:
                self.store.forget_unsaved(table_id)  # nothing left to save
            elif table_id not in lost:
                table.core.dirty = True
                table.poke.set()
        self._retry_finishes()

    def _retry_finishes(self) -> None:
        # Each failed commit tries once (the outbox paces them); until they are
        # kept, commits fail and no frame goes out.
        if not self.store.lost_finishes:
            return
        try:
            self.store.retry_finishes()
        except sqlite3.Error as error:
            # The commit after it fails too, and is told (SaveFailures).
            log.debug("database: finished games not kept yet (%s)", error)

    def _forget(self, table: NetTable, dropped: list[Client]) -> None:
        self.tables.pop(table.id, None)
        self._found_closed(table)
        self._lobby_changed(table)
        for client in dropped:
            # Back in the lobby: its whole list (an unasked one tells a client
            # that its table is gone).
            self._send_lobby_list(client)


_LOBBY_HEAD: Final = encode_utf8(Lobby(tables=[]))[: -len(b"[]}")] + b"["
_LOBBY_TAIL: Final = b"]}"
"""A ``lobby`` frame is these around its tables' JSON, comma-separated."""


MAX_LOGGED_DETAIL: Final = 200
"""A refusal's detail is cut to this many characters in the log."""


def _log_refused_hello(client: Client, error: ProtocolError) -> None:
    """One line for a ``hello`` the server refused: the peer and the reason.

    The detail is quoted (``repr``): a refusal may echo what the client sent (an
    unknown field's name), and that must not forge log lines. Never the token.
    """
    detail = error.detail
    if len(detail) > MAX_LOGGED_DETAIL:
        detail = detail[:MAX_LOGGED_DETAIL] + "..."
    log.warning(
        "connection %s: hello refused (%s: %r)", client.peer, error.code.value, detail
    )


def _tag(message: AnyClientMessage) -> str:
    tag = type(message).__struct_config__.tag
    return str(tag)


async def serve_forever(
    config: ServerConfig, db: Path, stop: asyncio.Event
) -> list[str]:
    """Run a server until ``stop`` is set (the command line's main loop).

    The database is locked (``NAME.lock`` beside it) for as long as the server
    runs: a second server on the same database is refused before touching it. The
    lock file is removed when the server stops; one a killed server left blocks
    nothing.

    Returns:
        What the last save could not keep (see :meth:`Server.close`): empty when
        everything is saved.

    Raises:
        StoreInUse: if another server holds the database.
        StoreError: if the database cannot be used.
    """
    with contextlib.ExitStack() as held:
        try:
            held.enter_context(file_lock(db, timeout=0, remove=True))
        except LockTimeoutError:
            raise StoreInUse(db, "in use by another audiospades server") from None
        except OSError as error:
            doing = f"cannot make its lock file {lock_path_for(db)}"
            raise StoreError(db, os_problem(db, error, doing)) from error
        store = Store(db, prepare=False)
        server = Server(config, store)
        unsaved: list[str] = []
        try:
            await server.start()
            await stop.wait()
        finally:
            unsaved = await server.close()
            store.close()
            log.info("stopped")
        return unsaved


def _names(table: NetTable, ref: str) -> bool:
    """Whether ``ref`` (a table's id, or a private table's code) is ``table``."""
    return ref == table.id or (table.code is not None and ref.upper() == table.code)


def _leave_let_through(client: Client, frame: str | bytes, now: float) -> bool:
    """Whether ``frame``, over the rate limit, is a leave carried out anyway.

    A leave from a table is not lost to the rate limit: its client goes back to
    the lobby at once, and the player, refused, stayed seated there unknowing.
    One a second at most (a leave refused, the game begun, keeps them seated).
    """
    if client.table is None or now - client.leave_passed_at < 1.0:
        return False
    if request_type(frame) != "leave":
        return False
    client.leave_passed_at = now
    return True
