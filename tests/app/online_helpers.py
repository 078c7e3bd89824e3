"""A real table server on loopback, and harnesses that play online against it.

The server runs on its own thread and event loop, on 127.0.0.1 with a free port and
no pauses; every wait here is bounded.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from audiospades.app.connect import ConnectingScreen
from audiospades.app.harness import Harness
from audiospades.net.client import Connection, Incoming
from audiospades.net.server import Server, ServerConfig
from audiospades.net.store import Store
from audiospades.net.table import NetTable
from audiospades.table_core import Delays

DEADLINE = 60.0
"""Seconds any awaited moment may take (a bound, never reached when all is well)."""

PLAYING_AWAY_SECONDS = 600.0
"""The away time of a server whose players are not to be stood in for while they
play, however slow the machine (see :func:`stand_in_for_the_one_awaited`)."""


@contextmanager
def server_thread(db: Path, **changes: Any) -> Iterator[Server]:
    """A started server on 127.0.0.1 (a free port), on an event loop of its own."""
    options: dict[str, Any] = {
        "host": "127.0.0.1",
        "port": 0,
        "delays": Delays(bot=0, trick=0, hand=0),
        "takeover_seconds": 0.5,
        "bot_workers": 1,
        "rate": 1000.0,
        "burst": 1000,
    }
    options.update(changes)
    ready = threading.Event()
    holder: dict[str, Any] = {}

    def run() -> None:
        async def main() -> None:
            store = Store(db)
            server = Server(ServerConfig(**options), store)
            await server.start()
            stop = asyncio.Event()
            holder.update(server=server, loop=asyncio.get_running_loop(), stop=stop)
            ready.set()
            await stop.wait()
            await server.close()
            store.close()

        asyncio.run(main())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(20), "the server did not start"
    try:
        yield holder["server"]
    finally:
        holder["loop"].call_soon_threadsafe(holder["stop"].set)
        thread.join(20)


def stand_in_for_the_one_awaited(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The person the table waits for now (at their turn, the server started
    with ``away_seconds=PLAYING_AWAY_SECONDS``) is stood in for as away, at the
    server's next look (within a second); no one after them.

    The away time is made short now, and long again on the server's loop as the
    computer takes their seat: the others, whose turns come after (a person the
    test does not play for, or plays for slowly), are waited for, not stood in
    for too, whatever the time the test takes (``monkeypatch``: pytest's).
    """
    stand_in = NetTable._stand_in

    def the_first_only(table: NetTable, seat: int, *, away: bool = False) -> None:
        if away:
            table.context.away_seconds = PLAYING_AWAY_SECONDS
        stand_in(table, seat, away=away)

    monkeypatch.setattr(NetTable, "_stand_in", the_first_only)
    for table in list(server.tables.values()):  # (one context, shared)
        table.context.away_seconds = 0.5


def drop_link(table: Any) -> None:
    """Close the client's socket from under it, as a network failure would
    (``table``: an OnlineTableScreen)."""
    connection = table.online.client.connection
    socket, loop = connection._socket, connection._loop
    assert socket is not None and loop is not None
    asyncio.run_coroutine_threadsafe(socket.close(), loop).result(10)


def url_of(server: Server) -> str:
    """The server's address."""
    return f"ws://127.0.0.1:{server.port}"


def connect(
    make_harness: Callable[..., Harness], server: Server, name: str, **kwargs: Any
) -> Harness:
    """A harness that starts by connecting to ``server`` as ``name``, settled."""
    kwargs.setdefault("patience_seconds", 20.0)
    harness = make_harness(first=ConnectingScreen(url_of(server), name), **kwargs)
    harness.settle()
    return harness


def until(condition: Callable[[], bool], *harnesses: Harness) -> None:
    """Run the harnesses' frames until ``condition`` holds (bounded)."""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        for harness in harnesses:
            harness.frame()
        if condition():
            return
        time.sleep(0.005)
    raise AssertionError("timed out")


def heard(harness: Harness, text: str) -> Callable[[], bool]:
    """Whether ``harness`` has said ``text`` (a whole line)."""
    return lambda: text in harness.transcript


def type_keys(text: str) -> list[str]:
    """The script tokens that type ``text`` (letters, digits, a few signs)."""
    names = {" ": "space", ".": ".", ":": ":", "/": "/", "'": "'"}
    out = []
    for char in text:
        if char.isupper():
            out.append("shift+" + char.lower())
        else:
            out.append(names.get(char, char))
    return out


HOST_WITH_BOTS = [
    "return",  # Create a table
    "end",
    "return",  # Create the table
    "down", "return", "return",  # seat 2: Milly
    "down", "return", "return",  # seat 3: Bert (Milly is no longer offered)
    "down", "return", "return",  # seat 4: Poppy
    "down", "return",  # Start the game
]  # fmt: skip
"""The host's keys: a table with three computer players, started."""


def play_online_until(player: Harness, table: Any, done: Callable[[], bool]) -> None:
    """Play ``table`` (an online table screen) by keys until ``done`` holds:
    no blind nil, bid 3, the first card offered; keys only on the player's turn
    (at the game's end Enter would ask the host whether to play again). Bounded."""
    end = time.monotonic() + 10 * DEADLINE
    while not done():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        if table.remote.question is not None:
            player.press("n")
        elif not table.remote.is_human_turn:
            player.frame()
            time.sleep(0.005)
        elif table.view.legal_bids:
            player.press("3", "return")
        else:
            player.press("tab", "return")


def start_ann_and_bobs_game(ann: Harness, bob: Harness) -> None:
    """From the lobby: Ann's table with Bob, Milly and Bert, started; both at
    their table screens (their keys wait briefly for the server)."""
    from audiospades.app.online_table import OnlineTableScreen

    ann_and_bob_with_milly_and_bert(ann, bob)
    ann.patience_seconds = bob.patience_seconds = 0.3
    ann.press("down", "return")  # Start the game
    until(lambda: isinstance(bob.app.top, OnlineTableScreen), ann, bob)
    until(lambda: isinstance(ann.app.top, OnlineTableScreen), ann, bob)


def play_until_the_turn_of(ann: Harness, bob: Harness) -> None:
    """At an online table, both play on (no blind nil, bid 3, the focused card)
    until it is ``ann``'s turn (bounded)."""
    from audiospades.app.online_table import OnlineTableScreen
    from audiospades.rules import Phase

    end = time.monotonic() + 3 * DEADLINE
    while time.monotonic() < end:
        ann.frame()
        bob.frame()
        mine, his = ann.app.top, bob.app.top
        assert isinstance(mine, OnlineTableScreen)
        assert isinstance(his, OnlineTableScreen)
        if mine.remote.question is not None:
            ann.press("n")
        elif mine.remote.is_human_turn:
            # And the other has been told so too: what came before it (a
            # computer player's bid) is no longer on its way to be said.
            hers = his.remote.seat_seen(mine.remote.seat)
            if his.remote.has_started and his.remote.view().to_act == hers:
                bob.frame()
                return
        if his.remote.question is not None:
            bob.press("n")
        elif his.remote.is_human_turn:
            bidding = his.remote.view().phase is Phase.BIDDING
            bob.press(*(("3", "return") if bidding else ("return",)))
        time.sleep(0.005)
    raise AssertionError(f"{ann}'s turn did not come")


def host_a_game(player: Harness) -> Any:
    """From the lobby, open a table with three computer players and start it (the
    host's keys); the online table screen it lands on."""
    from audiospades.app.online_table import OnlineTableScreen

    player.press(*HOST_WITH_BOTS)
    player.settle()
    table = player.app.top
    assert isinstance(table, OnlineTableScreen)
    return table


def bob_at_the_code_of_anns_table(ann: Harness, bob: Harness) -> Any:
    """From the lobby: Ann opens a private table; Bob types its code and hears
    its choices. The table choice screen Bob is on."""
    from audiospades.app.lobby import TableChoiceScreen, WaitingRoomScreen

    ann.press("return", "down", "down", "right", "down", "return")
    until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
    code = ann.app.top.table.code  # type: ignore[attr-defined]
    assert code is not None
    bob.press("down", "return", *type_keys(code.lower()), "return")
    bob.settle()
    choice = bob.app.top
    assert isinstance(choice, TableChoiceScreen)
    return choice


def ann_and_bob_with_milly_and_bert(ann: Harness, bob: Harness) -> None:
    """From the lobby: Ann creates "Ann's table", Bob takes its first free seat
    (seat 2), and Ann seats Milly and Bert in seats 3 and 4; not started (Ann's
    waiting room has "Start the game" next)."""
    from audiospades.app.lobby import WaitingRoomScreen

    ann.press("return", "end", "return")  # create "Ann's table"
    until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
    until(heard(bob, "New table: Ann's table."), bob)
    bob.press("home", "return", "return")  # join: the first free seat
    until(heard(ann, "Bob sits in seat 2."), ann)
    ann.press("down", "down", "return", "return")  # seat 3: Milly
    until(heard(ann, "Milly, a computer player, sits in seat 3."), ann)
    ann.press("down", "return", "return")  # seat 4: Bert
    until(heard(ann, "Bert, a computer player, sits in seat 4."), ann)


class HeldFrames:
    """Holds back what a harness's connection receives, until released.

    The server's frames reach the game only when let go, in the order they came:
    a test can have the server act on something the game has not heard yet.
    """

    def __init__(
        self,
        connection: Connection,
        let_through: Callable[[Incoming], bool] = lambda _item: False,
    ) -> None:
        """Hold what ``connection`` receives; ``let_through``: what goes on at
        once, until the first item held (the order is kept)."""
        self.items: list[Incoming] = []
        self._lock = threading.Lock()
        self._holding = True
        self._let_through = let_through
        self._deliver = connection._deliver
        connection._deliver = self._take  # type: ignore[method-assign]

    def _take(self, item: Incoming) -> None:
        with self._lock:
            if self._holding and (self.items or not self._let_through(item)):
                self.items.append(item)
                return
        self._deliver(item)

    def holds(self, wanted: Callable[[Incoming], bool]) -> Callable[[], bool]:
        def check() -> bool:
            with self._lock:
                return any(wanted(item) for item in self.items)

        return check

    def release(self) -> None:
        with self._lock:
            for item in self.items:
                self._deliver(item)
            self.items.clear()
            self._holding = False
