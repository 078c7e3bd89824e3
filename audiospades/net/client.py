"""The client's connection to a table server, kept alive on a background thread.

The game's loop is synchronous (pygame, or the headless loop), so the websocket lives
on a thread of its own running an asyncio loop. The loop hands it messages with
:meth:`Connection.send` and takes what arrived with :meth:`Connection.poll`, both
thread-safe and never blocking. When the connection drops, the thread says so
(:class:`Link` ``LOST``), tries again with growing pauses, greets the server again
with the same token, and says ``RECONNECTED``; the server then sends a fresh snapshot
of the table. A frame that is not a valid server message is logged and skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import math
import queue
import random
import socket
import ssl
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidHandshake, WebSocketException

from audiospades.net.protocol import (
    MAX_FRAME_BYTES,
    PROTOCOL_VERSION,
    RATE_BURST,
    RATE_PER_SECOND,
    REPLACED_CLOSE_CODE,
    AnyServerMessage,
    ClientMessage,
    Error,
    ErrorCode,
    Hello,
    TokenBucket,
    Welcome,
    decode_server,
    encode,
    frame_type,
)

log = logging.getLogger(__name__)

BACKOFF_SECONDS: Final = (0.5, 1.0, 2.0, 4.0, 5.0)
"""Pauses between reconnection attempts. They stop growing at 5 seconds: a server
hands an absent player's seat to a computer stand-in after 30 seconds by default,
and a player whose server restarted should be back well before that (at 15
seconds between tries, one could lose hands to the stand-in)."""
JITTER: Final = 0.2
"""Each pause is shortened by up to this share, at random, so that the players
of a restarted server do not all knock at the same moment."""
MAX_SERVER_FRAME: Final = 4 * 1024 * 1024
"""A server frame may carry a whole table: more room than a client's 64 KB."""
PACE_SHARE: Final = 0.9
"""The client sends at most this share of the server's rate limit (and of its
bursts): a message the server refuses for coming too fast has no effect, so the
client holds a message back rather than have it dropped. The margin is for the
network, which can bunch up messages sent apart."""
SLOWEST_PACE: Final = 0.5
"""Messages a second the client slows down to at the slowest, halving its pace at
each ``rate_limited`` from a server that counts more strictly (``--rate``)."""


class LinkState(StrEnum):
    """What happened to the connection."""

    CONNECTED = "connected"
    """The first connection is up and greeted."""
    LOST = "lost"
    """It dropped; reconnecting."""
    RECONNECTED = "reconnected"
    FAILED = "failed"
    """The first connection could not be made (``detail`` says why)."""
    REPLACED = "replaced"
    """The same player connected from elsewhere and the server closed this
    connection for it: no reconnecting (the two would take turns for ever)."""
    CLOSED = "closed"
    """Closed on purpose."""


class FailReason(StrEnum):
    """A reason for a failed connection that the presenter words itself.

    A :class:`Link` ``detail`` is one of these, or the system's own short text.
    """

    UNTRUSTED_CERTIFICATE = "untrusted-certificate"
    """``wss://``: the server's certificate was not trusted (self-signed, expired,
    for another name, or signed by no authority this machine knows)."""
    SECURE_FAILED = "secure-failed"
    """``wss://``: the secure connection could not be set up (for instance, the
    server does not speak TLS)."""
    REFUSED = "refused"
    """Nothing listens at that address and port (the server is not running, or
    runs on another port)."""
    UNKNOWN_HOST = "unknown-host"
    """The server's name could not be looked up (mistyped, or no network)."""
    UNREACHABLE = "unreachable"
    """No route to that address from this machine."""
    TIMED_OUT = "timed-out"
    """Nothing answered in time."""
    NOT_A_SERVER = "not-a-server"
    """Something answered, but not with a websocket handshake: a web server, or
    another program, at that address and port."""


@dataclass(frozen=True, slots=True)
class Link:
    """A change of the connection's state, in order with the messages."""

    state: LinkState
    detail: str = ""


Incoming = AnyServerMessage | Link


def reconnect_delay(
    failures: int,
    backoff: Sequence[float] = BACKOFF_SECONDS,
    draw: Callable[[], float] = random.random,
) -> float:
    """The pause before the next attempt, after ``failures`` failed ones.

    The pauses follow ``backoff`` and stay at its last; each is shortened by up to
    :data:`JITTER` of itself (``draw`` gives a number from 0 to 1), never lengthened.
    """
    base = backoff[min(max(failures, 0), len(backoff) - 1)]
    return base * (1.0 - JITTER * draw())


class Connection:
    """One client connection, with its own thread, reconnecting by itself."""

    def __init__(
        self,
        url: str,
        name: str,
        *,
        language: str = "en",
        token: str | None = None,
        on_token: Callable[[str], None] | None = None,
        backoff: Sequence[float] = BACKOFF_SECONDS,
        first_attempts: int = 3,
        ssl_context: ssl.SSLContext | None = None,
        wake: Callable[[], None] | None = None,
    ) -> None:
        """Set up; nothing is sent until :meth:`start`.

        Args:
            url: ``ws://HOST:PORT`` or ``wss://...``.
            name: the player's name, sent in every ``hello``.
            language: the player's language, sent in ``hello``.
            token: the identity this server gave before, if any.
            on_token: called (on the connection's thread) with a newly issued token.
            backoff: pauses between reconnection attempts, in seconds.
            first_attempts: attempts at the very first connection before FAILED.
            ssl_context: for ``wss://``: how to check the server's certificate.
                Without one, ``wss://`` checks it against the system's trusted
                authorities (``SSL_CERT_FILE`` names another bundle); ``ws://``
                uses none.
            wake: called (on the connection's thread) when something arrives.
        """
        self.url = url
        self.name = name
        self.language = language
        self.token = token
        self._on_token = on_token
        self._backoff = tuple(backoff) or BACKOFF_SECONDS
        self._first_attempts = max(1, first_attempts)
        self._ssl = ssl_context
        if ssl_context is None and url.lower().startswith("wss://"):
            self._ssl = ssl.create_default_context()
        self._wake = wake
        self._inbox: queue.SimpleQueue[Incoming] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[str] | None = None
        self._ready = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._socket: ClientConnection | None = None
        self._closing: asyncio.Future[None] | None = None
        self._resynced_at = -math.inf
        """When the connection was last dropped to have the table sent afresh."""
        self.player_id: str | None = None
        # Its own draws for the pauses' jitter: the process's shared random
        # numbers (a game's, a test's) are not disturbed by a connection trying
        # again in the background.
        self._jitter = random.Random()
        # The server's count of this player's messages, kept on the connection's
        # thread (it lasts across reconnections, as the server's does).
        self._pace = TokenBucket(
            rate=RATE_PER_SECOND * PACE_SHARE,
            burst=max(1, int(RATE_BURST * PACE_SHARE)),
            now=time.monotonic(),
        )

    # --- the game's side ---
    def start(self) -> None:
        """Connect in the background."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(
            target=self._run, name="audiospades-net", daemon=True
        )
        self._thread.start()
        self._ready.wait(5)

    def send(self, message: ClientMessage) -> None:
        """Queue a message; it goes as soon as the connection is up."""
        loop, outbox = self._loop, self._outbox
        if loop is None or outbox is None or self._stopping.is_set():
            return
        text = encode(message)
        with contextlib.suppress(RuntimeError):  # the loop has ended
            loop.call_soon_threadsafe(outbox.put_nowait, text)

    def poll(self) -> list[Incoming]:
        """Everything that arrived since the last call, oldest first."""
        out: list[Incoming] = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self, timeout: float = 3.0) -> None:
        """Close the connection and end its thread."""
        self._stopping.set()
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._wake_loop)
        if self._thread is not None:
            self._thread.join(timeout)

    def resync(self) -> None:
        """Connect again, so the server sends the table afresh (from any thread).

        For a game that no longer holds the view the server thinks it does (a
        view's changes came with no view to make them to). At most once every
        RESYNC_SECONDS: a server that keeps sending what cannot be followed is
        not reconnected to in a loop.
        """
        loop = self._loop
        if loop is not None and not self._stopping.is_set():
            with contextlib.suppress(RuntimeError):  # the loop has ended
                loop.call_soon_threadsafe(self._drop_to_resync)

    def _drop_to_resync(self) -> None:
        now = time.monotonic()
        if self._socket is None or now - self._resynced_at < RESYNC_SECONDS:
            return
        self._resynced_at = now
        log.warning("the game's view no longer follows the server's: connecting again")
        self._closing = asyncio.ensure_future(self._socket.close())

    @property
    def is_alive(self) -> bool:
        """Whether the thread still runs (it ends after FAILED or CLOSED)."""
        return self._thread is not None and self._thread.is_alive()

    # --- the connection's thread ---
    def _deliver(self, item: Incoming) -> None:
        self._inbox.put(item)
        if self._wake is not None:
            self._wake()

    def _wake_loop(self) -> None:
        if self._outbox is not None:
            self._outbox.put_nowait("")  # an empty text only wakes the sender
        if self._socket is not None:
            self._closing = asyncio.ensure_future(self._socket.close())

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception:  # never let the thread die silently
            log.exception("the online connection failed")
            self._deliver(Link(LinkState.FAILED, "internal error"))

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._outbox = asyncio.Queue()
        self._ready.set()
        failures = 0
        greeted_once = False
        while not self._stopping.is_set():
            was_up = replaced = False
            try:
                async with connect(
                    self.url,
                    max_size=MAX_SERVER_FRAME,
                    open_timeout=5,
                    ssl=self._ssl,
                ) as socket:
                    self._socket = socket
                    await self._greet(socket)
                    was_up, failures = True, 0
                    state = (
                        LinkState.RECONNECTED if greeted_once else LinkState.CONNECTED
                    )
                    greeted_once = True
                    self._deliver(Link(state))
                    await self._pump(socket)
            except (OSError, WebSocketException, TimeoutError) as error:
                log.info("connection to %s: %s", self.url, type(error).__name__)
                if not was_up:
                    failures += 1
                if not greeted_once and failures >= self._first_attempts:
                    self._deliver(Link(LinkState.FAILED, _why(error)))
                    return
            finally:
                socket_ = self._socket
                replaced = socket_ is not None and (
                    socket_.close_code == REPLACED_CLOSE_CODE
                )
                self._socket = None
            if replaced:
                self._deliver(Link(LinkState.REPLACED))
                return
            if self._stopping.is_set():
                break
            if was_up:
                self._deliver(Link(LinkState.LOST))
            await self._sleep(
                reconnect_delay(failures, self._backoff, self._jitter.random)
            )
        self._deliver(Link(LinkState.CLOSED))

    async def _sleep(self, seconds: float) -> None:
        end = asyncio.get_running_loop().time() + seconds
        while not self._stopping.is_set():
            left = end - asyncio.get_running_loop().time()
            if left <= 0:
                return
            await asyncio.sleep(min(left, 0.05))

    async def _greet(self, socket: ClientConnection) -> None:
        hello = Hello(
            version=PROTOCOL_VERSION,
            name=self.name,
            language=self.language,
            token=self.token,
        )
        await self._send_paced(socket, encode(hello))

    async def _pump(self, socket: ClientConnection) -> None:
        """Send what the game queued and deliver what the server sent."""
        outbox = self._outbox
        assert outbox is not None
        sender = asyncio.create_task(self._send_all(socket, outbox))
        try:
            async for frame in socket:
                self._receive(frame)
                if self._stopping.is_set():
                    break
        finally:
            sender.cancel()

    async def _send_all(
        self, socket: ClientConnection, outbox: asyncio.Queue[str]
    ) -> None:
        while True:
            # The pace is waited for before a message is taken: one taken and
            # then held back would be lost with a link that drops meanwhile,
            # where the queue keeps it for the next connection.
            await self._paced()
            text = await outbox.get()
            if not text:
                if self._stopping.is_set():
                    await socket.close()
                    return
                continue
            if len(text.encode("utf-8")) > MAX_FRAME_BYTES:
                log.warning("a message too large for the server was not sent")
                continue
            await self._send_paced(socket, text)

    async def _paced(self) -> None:
        """Until the server's rate limit lets a message through (or stopping).

        Messages are held back, never dropped: keys pressed faster than the limit
        (a chat line after a card, a reminder after a bid) all arrive, a moment
        later.
        """
        pace = self._pace
        while (wait := pace.wait(time.monotonic())) > 0:
            if self._stopping.is_set():
                return
            await asyncio.sleep(min(wait, 0.05))

    async def _send_paced(self, socket: ClientConnection, text: str) -> None:
        """Send ``text`` as soon as the server's rate limit lets it through."""
        await self._paced()
        self._pace.take(time.monotonic())
        await socket.send(text)

    def _receive(self, frame: str | bytes) -> None:
        try:
            message = decode_server(frame)
        except (msgspec.DecodeError, UnicodeError, RecursionError) as error:
            log.warning("a frame from the server was not understood: %s", error)
            if frame_type(frame) in ("update", "table"):
                # Version 12: the next updates are changes to the view this one
                # carried; without it the game's picture would drift.
                self._drop_to_resync()
            return
        if isinstance(message, Error) and message.code is ErrorCode.RATE_LIMITED:
            # The server counts more strictly than this client did (its --rate):
            # slower from now on. What it refused comes back to the game named
            # (``request``), said as a refusal.
            self._pace.slow_down(time.monotonic(), floor=SLOWEST_PACE)
        if isinstance(message, Welcome):
            self.player_id = message.player
            if message.token != self.token:
                self.token = message.token
                if self._on_token is not None:
                    self._on_token(message.token)
        self._deliver(message)


RESYNC_SECONDS: Final = 10.0
"""The least time between two reconnections for the table to be sent afresh."""


_UNREACHABLE: Final = frozenset({errno.ENETUNREACH, errno.EHOSTUNREACH})
"""The system's errors for an address no route leads to."""


def _why(error: BaseException) -> str:
    """A short, token-free reason for a failed connection."""
    if isinstance(error, ssl.SSLCertVerificationError):
        return FailReason.UNTRUSTED_CERTIFICATE
    if isinstance(error, ssl.SSLError):
        return FailReason.SECURE_FAILED
    if isinstance(error, ConnectionRefusedError):
        return FailReason.REFUSED
    if isinstance(error, socket.gaierror):
        return FailReason.UNKNOWN_HOST
    if isinstance(error, TimeoutError):
        return FailReason.TIMED_OUT
    if isinstance(error, OSError) and error.errno in _UNREACHABLE:
        return FailReason.UNREACHABLE
    if isinstance(error, InvalidHandshake):
        return FailReason.NOT_A_SERVER
    text = str(error) or type(error).__name__
    return text[:120]
