"""The floor under the online load: the table server doing nothing but relay.

    .venv/bin/python benchmarks/server_floor.py --tables 250

Issue 10 asks for a p95 under 50 ms at 250 tables of four clients playing
instantly (``benchmarks/server_load.py``). With instant clients every table always
has an action in flight, so an action waits behind about one action of every other
table: the latency is the tables times the server's cost of one action. This
measures the part of that cost no game logic can remove: the real server's own
connections (websockets, the message handed over in the connection's callback,
checked and decoded as every message is, the outbox and its end-of-turn commit
and socket writes) with the game taken out. Each "table" is four clients taking
turns; an action is a chat frame from the client whose turn it is, and the server
answers it with one frame of ``--frame-bytes`` (one encoding, the same for the
four; a real action builds and encodes four seats' views and saves the game) sent
to all four, naming whose turn is next. The clients, their latency (an action's
sending to each other client's receiving it) and the server's CPU time an action
are measured as ``server_load.py`` measures them, with the same minimal client.

Everything is bounded: it stops after ``--seconds`` at the latest, and talks only
to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import server_load  # noqa: E402  (this folder's load generator and its client)

GROUP = 4


def _serve(port: int, db: Path, frame_bytes: int) -> None:
    """Run the real server with its dispatch replaced by a relay."""
    from audiospades.net import protocol as p
    from audiospades.net import server as server_module

    groups: dict[str, list[Any]] = {}
    padding = "x" * max(0, frame_bytes - 120)

    class RelayServer(server_module.Server):
        def dispatch(self, client: Any, message: Any) -> None:
            if not isinstance(message, p.Chat):
                super().dispatch(client, message)  # hello, ping
                return
            kind, group, count = message.text.split(":")
            members = groups.setdefault(group, [])
            if kind == "join":
                members.append(client)
                if len(members) < GROUP:
                    return
            turn = int(count) % GROUP
            line = p.ChatLine(
                scope="table",
                sender="relay",
                player="",
                seat=turn,
                text=f"{count}:{padding}",
            )
            frame = p.encode_utf8(line)
            for member in members:
                member.send(line, frame)

    server_module.Server = RelayServer  # type: ignore[misc]
    config = server_module.ServerConfig(
        port=port, rate=1000.0, burst=1000, takeover_seconds=600.0
    )
    stop = asyncio.Event()

    async def run() -> None:
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(15, stop.set)
        await server_module.serve_forever(config, db, stop)

    asyncio.run(run())


async def _table(
    port: int, index: int, actions: int, latencies: list[float], deadline: float
) -> int:
    """One table's four clients taking ``actions`` turns; the actions done."""
    loop = asyncio.get_running_loop()
    sent: dict[int, float] = {}
    done = loop.create_future()
    acted = 0
    sockets: list[Any] = []

    def on_frame(me: int, raw: bytes) -> None:
        nonlocal acted
        now = time.monotonic()
        # Read with find, not a JSON decoder: the clients must cost far less than
        # the server they measure (they share the machine's two cores).
        at = raw.find(b'"seat":')
        if not raw.startswith(b'{"type":"chat"') or at < 0:
            return
        seat = raw[at + 7] - 48
        start = raw.find(b'"text":"', at) + 8
        count = int(raw[start : raw.find(b":", start)])
        if count in sent and (count - 1) % GROUP != me:  # not the sender's echo
            latencies.append((now - sent[count]) * 1000)
        if seat != me:
            return
        if count >= actions or time.monotonic() > deadline:
            if not done.done():
                done.set_result(None)
            return
        acted += 1
        sent[count + 1] = time.monotonic()
        sockets[me].send({"type": "chat", "text": f"act:{index}:{count + 1}"})

    for me in range(GROUP):
        _, sock = await loop.create_connection(
            lambda me=me: server_load._Socket(lambda raw: on_frame(me, raw)),  # type: ignore[misc]
            "127.0.0.1",
            port,
        )
        await asyncio.wait_for(sock.open, 30)
        sockets.append(sock)
        sock.send({"type": "hello", "version": 11, "name": f"t{index}p{me}"})
    for sock in sockets:
        sock.send({"type": "chat", "text": f"join:{index}:0"})
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(done, max(1.0, deadline - time.monotonic()))
    for sock in sockets:
        sock.close()
    return acted


def _clients(port: int, tables: int, actions: int, seconds: float, out: Any) -> None:
    latencies: list[float] = []

    async def main() -> int:
        deadline = time.monotonic() + seconds
        counts = await asyncio.gather(
            *(_table(port, i, actions, latencies, deadline) for i in range(tables))
        )
        return sum(counts)

    acted = asyncio.run(main())
    out.put((latencies, acted, time.process_time()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument(
        "--actions", type=int, default=112, help="turns a table (two hands: 112)"
    )
    parser.add_argument("--frame-bytes", type=int, default=800)
    parser.add_argument("--seconds", type=float, default=120.0, help="bound")
    parser.add_argument("--serve", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        _serve(int(args.serve[0]), Path(args.serve[1]), int(args.serve[2]))
        return
    port = server_load._free_port()
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, AUDIOSPADES_HOME=folder)
        server = subprocess.Popen(
            [
                sys.executable,
                str(Path(__file__).resolve()),
                "--serve",
                str(port),
                str(Path(folder) / "floor.db"),
                str(args.frame_bytes),
            ],
            cwd=ROOT,
            env=env,
            stderr=subprocess.DEVNULL,
        )
        try:
            server_load.wait_for_port(port)
            cpu_before = server_load._cpu_seconds(server.pid)
            queue: Any = multiprocessing.Queue()
            start = time.monotonic()
            proc = multiprocessing.Process(
                target=_clients,
                args=(port, args.tables, args.actions, args.seconds, queue),
            )
            proc.start()
            latencies, acted, clients_cpu = queue.get(timeout=args.seconds + 60)
            elapsed = time.monotonic() - start
            proc.join(10)
            cpu_after = server_load._cpu_seconds(server.pid)
        finally:
            server.terminate()
            server.wait(10)
    server_cpu = None
    if cpu_before is not None and cpu_after is not None:
        server_cpu = round(cpu_after - cpu_before, 1)
    cpu = None
    if cpu_before is not None and cpu_after is not None and acted:
        cpu = round((cpu_after - cpu_before) * 1000 / acted, 3)
    print(
        json.dumps(
            {
                "tables": args.tables,
                "clients": args.tables * GROUP,
                "frame_bytes": args.frame_bytes,
                "actions": acted,
                "seconds": round(elapsed, 1),
                "actions_per_second": round(acted / elapsed, 1),
                "latency_ms": server_load.latency_summary(latencies),
                "server_cpu_seconds": server_cpu,
                "server_cpu_ms_per_action": cpu,
                "clients_cpu_seconds": round(clients_cpu, 1),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
