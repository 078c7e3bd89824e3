"""Version 12 sends a view's changes, made to the last view the client holds: a
client that lost one (an update it could not read) connects again, and the server
sends the table afresh. Against a stand-in server on 127.0.0.1 that sends such a
frame at every connection."""

from __future__ import annotations

import asyncio
import time

from websockets.asyncio.server import ServerConnection, serve

from audiospades.net import client as net_client
from audiospades.net.client import Connection, Link, LinkState
from audiospades.net.protocol import PROTOCOL_VERSION, Welcome, encode

_UNREADABLE_UPDATE = (
    '{"type":"update","table":"t1","notices":[],"view":null,"changes":{"hand":[7]}}'
)


def _links_until(connection: Connection, wanted: LinkState, seconds: float) -> list:
    seen: list[object] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        items = connection.poll()
        seen.extend(items)
        if any(isinstance(i, Link) and i.state is wanted for i in items):
            return seen
        time.sleep(0.01)
    return seen


def test_an_update_that_cannot_be_read_brings_the_table_afresh_once() -> None:
    greeted: list[int] = []

    async def handler(ws: ServerConnection) -> None:
        await ws.recv()  # hello
        greeted.append(1)
        welcome = Welcome(version=PROTOCOL_VERSION, player="p1", token="k", name="Ann")
        await ws.send(encode(welcome))
        await ws.send(_UNREADABLE_UPDATE)
        await ws.wait_closed()

    async def scenario() -> tuple[list[object], list[object]]:
        async with serve(handler, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            connection = Connection(f"ws://127.0.0.1:{port}", "Ann", backoff=(0.05,))
            connection.start()
            try:
                loop = asyncio.get_running_loop()
                first = await loop.run_in_executor(
                    None, _links_until, connection, LinkState.RECONNECTED, 10.0
                )
                # The second connection's unreadable update, within
                # RESYNC_SECONDS of the first: no reconnecting in a loop.
                later = await loop.run_in_executor(
                    None, _links_until, connection, LinkState.LOST, 1.0
                )
            finally:
                connection.close()
            return first, later

    first, later = asyncio.run(scenario())
    states = [i.state for i in first if isinstance(i, Link)]
    assert states == [LinkState.CONNECTED, LinkState.LOST, LinkState.RECONNECTED]
    assert len(greeted) == 2
    assert not [i for i in later if isinstance(i, Link)]
    assert net_client.RESYNC_SECONDS > 1.0
