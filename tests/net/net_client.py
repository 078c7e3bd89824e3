"""A scripted websocket client and a test server, for the online play tests.

Everything runs on loopback: the server listens on 127.0.0.1 with a free port, and
every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect

from audiospades.net import codec
from audiospades.net import protocol as p
from audiospades.net.server import Server, ServerConfig
from audiospades.net.store import Store
from audiospades.net.wire import WireView
from audiospades.notices import GameFinished, Notice, Question, YourTurn
from audiospades.rules import Bid, Phase, SeatView
from audiospades.table_core import Delays

FAST: Delays = Delays(bot=0, trick=0, hand=0)
WAIT = 30.0
"""Seconds any one frame may take to come (a bound, never reached when all is well)."""

T = TypeVar("T")


CLEANUP_SECONDS = 15.0
"""How long the tasks left when a test ends may take to finish once cancelled."""


def run(coro: Awaitable[T], timeout: float = 240.0) -> T:
    """Run a test coroutine to its end, within ``timeout`` seconds.

    Unlike ``asyncio.run``, the clean-up is bounded too: a task that ignores its
    cancellation makes the test fail after CLEANUP_SECONDS, never hang the run.
    """
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(asyncio.wait_for(coro, timeout))
    finally:
        left = asyncio.all_tasks(loop)
        for task in left:
            task.cancel()
        if left:
            _, stuck = loop.run_until_complete(
                asyncio.wait(left, timeout=CLEANUP_SECONDS)
            )
            if stuck:
                raise AssertionError(f"tasks did not stop when cancelled: {stuck}")
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.run_until_complete(
            asyncio.wait_for(loop.shutdown_default_executor(), CLEANUP_SECONDS)
        )
        loop.close()


def fast_config(**changes: Any) -> ServerConfig:
    """A server on loopback, a free port, no pacing, a short takeover."""
    options: dict[str, Any] = {
        "host": "127.0.0.1",
        "port": 0,
        "delays": FAST,
        "takeover_seconds": 0.5,
        "bot_workers": 1,
        "rate": 1000.0,
        "burst": 1000,
    }
    options.update(changes)
    return ServerConfig(**options)


@asynccontextmanager
async def running_server(db: Path, **changes: Any) -> AsyncIterator[Server]:
    """A started server on ``db``; closed (with its database) on the way out."""
    store = Store(db)
    server = Server(fast_config(**changes), store)
    await server.start()
    try:
        yield server
    finally:
        await server.close()
        store.close()


def choose_bid(view: SeatView) -> Bid:
    """A plain, deterministic bid: the legal bid nearest 3 (no blind nil)."""
    bids = [b for b in view.legal_bids if not b.blind] or list(view.legal_bids)
    return min(bids, key=lambda b: (abs(b.tricks - 3), b.tricks))


@dataclass
class NetPlayer:
    """A scripted player: connects, says hello, and plays what its view allows."""

    url: str
    name: str
    token: str | None = None
    ws: ClientConnection | None = None
    player_id: str | None = None
    seat: int | None = None
    table_id: str | None = None
    view: SeatView | None = None
    wire: WireView | None = None
    """The last view as sent: version 12's changes are made to it."""
    frames: list[str] = field(default_factory=list)
    messages: list[p.AnyServerMessage] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    errors: list[p.Error] = field(default_factory=list)
    outcome: GameFinished | None = None
    acted: int = 0
    turn: SeatView | None = None
    """The view of the last turn announced and not yet acted on."""
    questions: list[Question] = field(default_factory=list)
    """Questions put and not yet answered."""
    render: bool = False
    """Say hello as a browser page does: the server words everything (``said``)."""
    version: int = p.PROTOCOL_VERSION
    """The protocol version said in ``hello`` (an older client's, say)."""

    async def connect(self) -> p.Welcome:
        """Open the connection and say hello (with the token, if any)."""
        self.ws = await connect(self.url, max_size=2**22)
        await self.send(
            {"type": "hello", "version": self.version, "name": self.name}
            | ({"token": self.token} if self.token else {})
            | ({"render": True} if self.render else {})
        )
        welcome = await self.expect(p.Welcome)
        self.token, self.player_id = welcome.token, welcome.player
        return welcome

    async def send(self, message: dict[str, Any] | p.Message) -> None:
        """Send one frame."""
        assert self.ws is not None
        text = (
            p.encode(message) if isinstance(message, p.Message) else json.dumps(message)
        )
        await self.ws.send(text)

    async def recv(self, timeout: float = WAIT) -> p.AnyServerMessage:
        """The next server message (kept, and its game payload decoded)."""
        assert self.ws is not None
        frame = await asyncio.wait_for(self.ws.recv(), timeout)
        assert isinstance(frame, str)
        self.frames.append(frame)
        message = p.decode_server(frame)
        self.messages.append(message)
        self._absorb(message)
        return message

    async def expect(self, kind: type[T], timeout: float = WAIT) -> T:
        """Read messages until one of ``kind`` comes (an error fails the test)."""
        while True:
            message = await self.recv(timeout)
            if isinstance(message, kind):
                return message
            if isinstance(message, p.Error):
                raise AssertionError(f"{self.name} got {message}")

    async def seat_change(self, change: p.SeatChange) -> p.SeatChanged:
        """Read messages until a seat change of ``change`` comes."""
        while True:
            message = await self.expect(p.SeatChanged)
            if message.change is change:
                return message

    async def create(self, **fields: object) -> p.TableSnapshot:
        """Open a table ("Table", pagat's rules, unless ``fields`` say otherwise)."""
        frame = {"type": "create_table", "name": "Table", "rules": {"preset": "pagat"}}
        frame.update(fields)
        await self.send(frame)
        return await self.expect(p.TableSnapshot)

    def _absorb(self, message: p.AnyServerMessage) -> None:
        if isinstance(message, p.Error):
            self.errors.append(message)
        elif isinstance(message, p.TableSnapshot | p.TableUpdate):
            if isinstance(message, p.TableSnapshot):
                self.seat, self.table_id = message.seat, message.table.id
                self.turn, self.questions = None, []
            whole = message.view
            if isinstance(message, p.TableUpdate) and message.changes is not None:
                # Version 12: what changed since the last view sent.
                assert self.wire is not None, "a view's changes, and no view before"
                whole = codec.apply_changes(self.wire, message.changes)
            self.wire = whole
            self.view = None if whole is None else codec.decode_view(whole)
            for wire in message.notices:
                notice = codec.decode_notice(wire)
                self.notices.append(notice)
                if isinstance(notice, GameFinished):
                    self.outcome = notice
                elif isinstance(notice, YourTurn):
                    # From version 12 the frame's view is the turn's.
                    self.turn = notice.view if notice.view is not None else self.view
                elif isinstance(notice, Question):
                    self.questions.append(notice)

    async def react(self) -> None:
        """Answer the questions put; act on the turn announced: bid, pass or play."""
        questions, self.questions = self.questions, []
        for question in questions:
            await self.send({"type": "answer", "yes": self.answer(question)})
        turn, self.turn = self.turn, None
        if turn is not None:
            await self.act(turn)

    def answer(self, question: Question) -> bool:
        """The answer to a question: no."""
        return False

    async def act(self, view: SeatView) -> None:
        """Bid, pass or play, plainly and deterministically, from ``view``."""
        self.acted += 1
        if view.phase is Phase.BIDDING:
            bid = choose_bid(view)
            await self.send({"type": "bid", "bid": bid.to_record()})
        elif view.phase is Phase.PASSING:
            cards = [str(c) for c in view.hand[: view.rules.blind_nil_pass]]
            await self.send({"type": "pass", "cards": cards})
        elif view.phase is Phase.PLAYING:
            await self.send({"type": "play", "card": str(min(view.legal_plays))})

    async def play_to_the_end(self, timeout: float = WAIT) -> GameFinished:
        """React to every message until the game is over for this seat."""
        await self.react()
        while self.outcome is None:
            await self.recv(timeout)
            await self.react()
        return self.outcome

    async def close(self) -> None:
        """Close the connection."""
        if self.ws is not None:
            await self.ws.close()


async def connected(url: str, *names: str) -> list[NetPlayer]:
    """A player for each of ``names``, connected in that order."""
    players = [NetPlayer(url, name) for name in names]
    for player in players:
        await player.connect()
    return players


def url_of(server: Server) -> str:
    """The server's websocket address."""
    return f"ws://127.0.0.1:{server.port}"
