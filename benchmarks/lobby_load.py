"""What a busy lobby costs a table server: many tables, players waiting in the lobby.

    .venv/bin/python benchmarks/lobby_load.py --tables 2000 --watchers 10 --pages 3

Starts a server in this process on 127.0.0.1 (a free port, a database in a
temporary folder), opens ``--tables`` public tables (one host each, seated and
waiting), then puts ``--watchers`` game clients and ``--pages`` browser-page
clients (``render``: the server words their lobby) in the lobby, and opens
``--changes`` more tables half a second apart. It reports, in milliseconds, how
long telling the lobby took each time (the server's ``_send_lobby``), how long
each page's wording took (``WebSeat.render``), and the event loop's longest stall
meanwhile (a 1 ms timer's lateness; the clients run in this process too, reading
their frames without decoding them). Bounded: at most ``--seconds``, then it stops.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

# The server's modules load pygame (for the cues' names): its greeting would come
# before the report on standard output.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from audiospades.net import protocol as p
from audiospades.net import render
from audiospades.net.server import Server, ServerConfig
from audiospades.net.store import Store
from audiospades.table_core import Delays


async def _client(url: str, hello: dict[str, Any]) -> ClientConnection:
    ws = await connect(url, max_size=2**26)
    await ws.send(json.dumps({"type": "hello", "version": p.PROTOCOL_VERSION} | hello))
    return ws


async def _drain(ws: ClientConnection) -> None:
    try:
        async for _ in ws:
            pass
    except Exception:  # the run is over: its connections close under it
        return


async def _host(url: str, index: int) -> ClientConnection:
    ws = await _client(url, {"name": f"Host {index}"})
    create = {"type": "create_table", "name": f"Table {index}", "rules": {}}
    await ws.send(json.dumps(create | {"rules": {"preset": "pagat"}}))
    while json.loads(await ws.recv())["type"] != "table":
        pass  # seated at its new table
    return ws


async def measure(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    config = ServerConfig(
        host="127.0.0.1",
        port=0,
        delays=Delays(bot=0, trick=0, hand=0),
        bot_workers=1,
        rate=1000.0,
        burst=1000,
        max_tables=args.tables + args.changes,
    )
    store = Store(folder / "lobby.db")
    server = Server(config, store)
    await server.start()
    connections: list[ClientConnection] = []
    drains: list[asyncio.Task[None]] = []
    lobby_ms: list[float] = []
    page_ms: list[float] = []
    send_lobby = server._send_lobby
    page_render = render.WebSeat.render
    try:
        url = f"ws://127.0.0.1:{server.port}"
        for start in range(0, args.tables, 50):
            batch = range(start, min(args.tables, start + 50))
            connections += await asyncio.gather(*(_host(url, i) for i in batch))
        drains += [asyncio.create_task(_drain(ws)) for ws in connections]
        lobby = [
            await _client(url, {"name": f"Watcher {i}"}) for i in range(args.watchers)
        ]
        lobby += [
            await _client(url, {"name": f"Page {i}", "render": True})
            for i in range(args.pages)
        ]
        connections += lobby
        drains += [asyncio.create_task(_drain(ws)) for ws in lobby]
        await asyncio.sleep(1.0)

        def timed_lobby() -> None:
            start = time.perf_counter()
            send_lobby()
            lobby_ms.append((time.perf_counter() - start) * 1000)

        def timed_page(seat: render.WebSeat, *more: Any) -> None:
            start = time.perf_counter()
            page_render(seat, *more)
            page_ms.append((time.perf_counter() - start) * 1000)

        server._send_lobby = timed_lobby  # type: ignore[method-assign]
        render.WebSeat.render = timed_page  # type: ignore[method-assign]
        stalls: list[float] = []

        async def watch_the_loop() -> None:
            while True:
                start = time.perf_counter()
                await asyncio.sleep(0.001)
                stalls.append((time.perf_counter() - start - 0.001) * 1000)

        watcher = asyncio.create_task(watch_the_loop())
        for k in range(args.changes):
            ws = await _host(url, args.tables + k)
            connections.append(ws)
            drains.append(asyncio.create_task(_drain(ws)))
            await asyncio.sleep(0.5)
        watcher.cancel()
        server._send_lobby = send_lobby  # type: ignore[method-assign]
        render.WebSeat.render = page_render  # type: ignore[method-assign]
    finally:
        render.WebSeat.render = page_render  # type: ignore[method-assign]
        for ws in connections:
            await ws.close()
        for task in drains:
            task.cancel()
        await server.close()
        store.close()

    def spread(values: list[float]) -> dict[str, float | int]:
        if not values:
            return {"count": 0}
        return {
            "count": len(values),
            "median": round(statistics.median(values), 2),
            "max": round(max(values), 2),
        }

    return {
        "tables": args.tables,
        "watchers": args.watchers,
        "pages": args.pages,
        "changes": args.changes,
        "tell_the_lobby_ms": spread(lobby_ms),
        "word_a_page_ms": spread(page_ms),
        "longest_loop_stall_ms": round(max(stalls), 1) if stalls else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--watchers", type=int, default=10)
    parser.add_argument("--pages", type=int, default=3)
    parser.add_argument("--changes", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=600.0, help="bound")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        report = asyncio.run(
            asyncio.wait_for(measure(args, Path(folder)), args.seconds)
        )
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
