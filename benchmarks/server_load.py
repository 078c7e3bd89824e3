"""Load on one table server: many tables of scripted clients playing instantly.

    .venv/bin/python benchmarks/server_load.py --tables 250 --hands 2
    .venv/bin/python benchmarks/server_load.py --tables 60 --bots 3 --hands 2

Starts ``audiospades serve --pace instant`` as a subprocess on 127.0.0.1 (a free
port, a database in a temporary folder), then runs the clients in ``--procs``
processes (each table's clients in one process, so an action's send time and its
arrival at the other clients are read on one clock). With ``--bots 0`` four clients
sit at each table; with ``--bots 3`` one client plays against three level-3
computer players, who think in the server's process pool. ``--think MS`` makes
each client wait half to one and a half times MS before each action, as people do
(the latency is still counted from the action's sending).

It reports completed hands a second, server frames a second (received by the
clients) and their mean size (their JSON), and the latency from a client's action
(bid or card) to each other client at the table receiving the update that carries
it (p50, p95, p99, in ms); with
bots, from the client's action to the client receiving the next computer player's
move is not counted, only the echo of its own action. The tables of a client
process start their games together once all are seated (so the latency is that of
so many concurrent games, not of the connection storm before them). It also reports
the server's CPU time (Linux) over the run, per bid or card the clients sent: under
load, the latency is a queue behind that cost, and the CPU time stays readable on a
machine others share. Everything is bounded: the run stops after ``--seconds`` at
the latest, and it only talks to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from audiospades.net.protocol import PROTOCOL_VERSION

ROOT = Path(__file__).resolve().parents[1]


class _View(msgspec.Struct):
    phase: str
    deal_count: int
    hands_played: int
    to_act: int | None
    seat: int
    hand: list[str]
    legal_plays: list[str]
    legal_bids: list[int | str]


class _Changes(msgspec.Struct):
    """Version 12: the fields of the view that changed (the others as they were)."""

    phase: str | UnsetType = UNSET
    deal_count: int | UnsetType = UNSET
    hands_played: int | UnsetType = UNSET
    to_act: int | UnsetType | None = UNSET
    seat: int | UnsetType = UNSET
    hand: list[str] | UnsetType = UNSET
    legal_plays: list[str] | UnsetType = UNSET
    legal_bids: list[int | str] | UnsetType = UNSET


def _changed(view: _View, changes: _Changes) -> _View:
    fields = {
        name: value
        for name in changes.__struct_fields__
        if (value := getattr(changes, name)) is not UNSET
    }
    return msgspec.structs.replace(view, **fields) if fields else view


class _Notice(msgspec.Struct):
    kind: str
    seat: int | None = None
    card: str | None = None


class _Table(msgspec.Struct):
    id: str


class _Frame(msgspec.Struct):
    type: str
    table: _Table | str | None = None
    seat: int | None = None
    view: _View | None = None
    changes: _Changes | None = None
    notices: list[_Notice] = []
    change: str | None = None


DECODE = msgspec.json.Decoder(_Frame)
ENCODE = msgspec.json.Encoder().encode


@dataclass
class Stats:
    """What one client process measured."""

    latencies_ms: list[float] = field(default_factory=list)
    frames: int = 0
    frame_bytes: int = 0
    hands: int = 0
    games: int = 0
    errors: int = 0
    actions: int = 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_arguments(port: int, db: Path) -> list[str]:
    """``audiospades`` arguments for a server under load on 127.0.0.1: no pauses,
    no rate limit in the way, no takeover during a run."""
    return [
        "serve",
        "--port",
        str(port),
        "--db",
        str(db),
        "--pace",
        "instant",
        "--rate",
        "1000",
        "--burst",
        "1000",
        "--takeover-seconds",
        "600",
    ]


def wait_for_port(port: int, seconds: float = 20.0) -> None:
    """Wait until something listens on 127.0.0.1 ``port`` (at most ``seconds``)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.1)


class _Socket(asyncio.Protocol):
    """A minimal websocket client for the load, lighter than the library's.

    The clients must cost far less than the server they measure and share the
    machine with, so this one does only what the load needs, in the transport's
    callbacks, with no task or future per frame: the opening handshake, reading
    the server's (unmasked, unfragmented) frames, and sending text frames. Its
    frames carry an all-zero masking key, which leaves the payload as it is (the
    key is meant to be unpredictable, which matters to proxies, not here).
    """

    def __init__(self, on_frame: Any) -> None:
        self.on_frame = on_frame
        self.transport: asyncio.Transport | None = None
        self.open: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closed = False
        self._buffer = bytearray()
        self._handshaken = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        key = base64.b64encode(os.urandom(16)).decode()
        transport.write(
            (
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )

    def data_received(self, data: bytes) -> None:
        buffer = self._buffer
        buffer += data
        if not self._handshaken:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            if b" 101 " not in buffer[: buffer.find(b"\r\n")]:
                self.open.set_exception(OSError(bytes(buffer[:end]).decode()))
                self.close()
                return
            del buffer[: end + 4]
            self._handshaken = True
            self.open.set_result(None)
        while len(buffer) >= 2:
            opcode, length, start = buffer[0] & 0x0F, buffer[1] & 0x7F, 2
            if length == 126:
                length, start = int.from_bytes(buffer[2:4], "big"), 4
            elif length == 127:
                length, start = int.from_bytes(buffer[2:10], "big"), 10
            if len(buffer) < start + length:
                return
            payload = bytes(buffer[start : start + length])
            del buffer[: start + length]
            if opcode == 1:
                self.on_frame(payload)
            elif opcode == 9:  # ping: pong
                self._send(0x8A, payload)
            elif opcode == 8:  # the server closes
                self.close()
                return

    def _send(self, first: int, payload: bytes) -> None:
        if self.closed or self.transport is None:
            return
        n = len(payload)
        if n < 126:
            head = bytes((first, 0x80 | n))
        elif n < 65536:
            head = bytes((first, 0x80 | 126)) + n.to_bytes(2, "big")
        else:
            head = bytes((first, 0x80 | 127)) + n.to_bytes(8, "big")
        self.transport.write(head + b"\0\0\0\0" + payload)

    def send(self, message: dict[str, Any]) -> None:
        """Send one JSON text frame."""
        self._send(0x81, ENCODE(message))

    def close(self) -> None:
        """Say goodbye (close code 1000) and drop the connection."""
        if not self.closed and self.transport is not None:
            self._send(0x88, (1000).to_bytes(2, "big"))
            self.closed = True
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if not self.open.done():
            self.open.set_exception(exc or OSError("closed"))


@dataclass
class _Seat:
    name: str
    socket: _Socket | None = None
    seat: int | None = None
    table: str | None = None
    done: bool = False
    view: _View | None = None
    """The last view sent, its changes made (version 12)."""


@dataclass
class _Start:
    """Every table of a process starts its game together, once all are seated."""

    tables: int
    seated: int = 0
    go: asyncio.Event = field(default_factory=asyncio.Event)

    def one_seated(self) -> None:
        self.seated += 1
        if self.seated >= self.tables:
            self.go.set()


async def _client_table(
    port: int,
    index: int,
    hands: int,
    bots: int,
    stats: Stats,
    deadline: float,
    start: _Start,
    think_ms: float = 0.0,
) -> None:
    people = 4 - bots
    pauses = random.Random(index)
    sent: dict[tuple[int, int, str], float] = {}
    loop = asyncio.get_running_loop()
    table_ready = loop.create_future()
    joined = loop.create_future()
    finished = loop.create_future()
    joined_count = 0
    done_count = 0

    def act(me: _Seat, view: _View) -> None:
        if view.to_act != view.seat:
            return
        if think_ms > 0:  # a person's pause: half to one and a half times think_ms
            pause = think_ms * (0.5 + pauses.random()) / 1000
            loop.call_later(pause, act_now, me, view)
        else:
            act_now(me, view)

    def act_now(me: _Seat, view: _View) -> None:
        if me.done or me.socket is None or me.socket.closed:
            return
        if view.phase == "bidding":
            bids = [b for b in view.legal_bids if b != "blind_nil"]
            bid = min(bids, key=lambda b: abs(int(b) - 3)) if bids else "blind_nil"
            sent[(view.deal_count, view.seat, "bid")] = time.monotonic()
            me.socket.send({"type": "bid", "bid": bid})
            stats.actions += 1
        elif view.phase == "passing":
            me.socket.send({"type": "pass", "cards": view.hand[:2]})
        elif view.phase == "playing" and view.legal_plays:
            card = view.legal_plays[0]
            sent[(view.deal_count, view.seat, card)] = time.monotonic()
            me.socket.send({"type": "play", "card": card})
            stats.actions += 1

    def on_frame(me: _Seat, raw: bytes) -> None:
        nonlocal joined_count, done_count
        now = time.monotonic()
        stats.frames += 1
        stats.frame_bytes += len(raw)
        if me.done:
            return
        frame = DECODE.decode(raw)
        if frame.type == "error":
            stats.errors += 1
            return
        assert me.socket is not None
        if frame.type == "table":
            me.seat = frame.seat
            if isinstance(frame.table, _Table):
                me.table = frame.table.id
            if me is host and not table_ready.done():
                table_ready.set_result(None)
        if frame.type == "seat" and frame.change == "joined" and me is host:
            joined_count += 1
            if joined_count >= people - 1 and not joined.done():
                joined.set_result(None)
        view = frame.view
        if frame.changes is not None and me.view is not None:
            view = _changed(me.view, frame.changes)
        if view is not None or frame.type == "table":
            me.view = view
        for notice in frame.notices:
            if notice.kind == "question":
                me.socket.send({"type": "answer", "yes": False})
            elif notice.kind == "hand_scored" and me is host:
                stats.hands += 1
            elif notice.kind in ("game_over", "game_finished") and not me.done:
                me.done = True
                stats.games += 1 if me is host else 0
                done_count += 1
                if done_count == people and not finished.done():
                    finished.set_result(None)
            elif notice.kind in ("bid_made", "card_played") and view is not None:
                what = "bid" if notice.kind == "bid_made" else notice.card or ""
                key = (view.deal_count, notice.seat or 0, what)
                counted = notice.seat != me.seat or people == 1
                if key in sent and counted:
                    stats.latencies_ms.append((now - sent[key]) * 1000)
        if me.done:
            return
        if view is not None and frame.type in ("update", "table"):
            act(me, view)

    seats = [_Seat(f"t{index}p{i}") for i in range(people)]
    host = seats[0]
    counted = False
    try:
        for me in seats:
            _, me.socket = await loop.create_connection(
                lambda me=me: _Socket(lambda raw: on_frame(me, raw)),  # type: ignore[misc]
                "127.0.0.1",
                port,
            )
            await asyncio.wait_for(me.socket.open, 30)
            hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": me.name}
            me.socket.send(hello)
        assert host.socket is not None
        host.socket.send(
            {
                "type": "create_table",
                "name": f"load {index}",
                "rules": {"preset": "pagat", "hand_limit": hands},
            }
        )
        await asyncio.wait_for(table_ready, 60)
        assert host.table is not None
        for other in seats[1:]:
            assert other.socket is not None
            other.socket.send({"type": "join_seat", "table": host.table})
        if people > 1:
            await asyncio.wait_for(joined, 60)
        # Three level-3 characters (a table seats each character once).
        for seat, who in zip(range(people, 4), ("hazel", "omar", "lena"), strict=False):
            host.socket.send({"type": "add_bot", "seat": seat, "character": who})
        counted = True
        start.one_seated()
        await asyncio.wait_for(start.go.wait(), max(1.0, deadline - time.monotonic()))
        host.socket.send({"type": "start_game"})
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(finished, max(1.0, deadline - time.monotonic()))
    finally:
        if not counted:  # a table that failed does not hold the others back
            start.one_seated()
        for me in seats:
            if me.socket is not None:
                me.socket.close()


def _client_process(
    port: int,
    first: int,
    count: int,
    hands: int,
    bots: int,
    seconds: float,
    out: Any,
    think_ms: float = 0.0,
) -> None:
    stats = Stats()

    async def main() -> None:
        deadline = time.monotonic() + seconds
        start = _Start(count)
        await asyncio.gather(
            *(
                _client_table(
                    port, first + i, hands, bots, stats, deadline, start, think_ms
                )
                for i in range(count)
            ),
            return_exceptions=True,
        )

    asyncio.run(main())
    out.put(
        (
            stats.latencies_ms,
            stats.frames,
            stats.hands,
            stats.games,
            stats.errors,
            stats.actions,
            stats.frame_bytes,
        )
    )


def _cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system) process ``pid`` has used, where Linux says."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def latency_summary(latencies: list[float]) -> dict[str, Any]:
    """The count, p50, p95, p99 and mean of ``latencies`` (ms), as reported."""
    return {
        "count": len(latencies),
        "p50": round(_percentile(latencies, 0.50), 2),
        "p95": round(_percentile(latencies, 0.95), 2),
        "p99": round(_percentile(latencies, 0.99), 2),
        "mean": round(statistics.fmean(latencies), 2) if latencies else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--hands", type=int, default=2, help="hands per game")
    parser.add_argument("--bots", type=int, choices=(0, 3), default=0)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="ms a client waits before each action, as a person would (0: none)",
    )
    parser.add_argument("--procs", type=int, default=1, help="client processes")
    parser.add_argument("--seconds", type=float, default=240.0, help="bound")
    parser.add_argument(
        "--port", type=int, default=0, help="use a server already on this port"
    )
    args = parser.parse_args()
    port = args.port or _free_port()
    server_cpu: float | None = None
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, AUDIOSPADES_HOME=folder)
        server = (
            None
            if args.port
            else subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "audiospades",
                    *serve_arguments(port, Path(folder) / "load.db"),
                ],
                cwd=ROOT,
                env=env,
                stderr=subprocess.DEVNULL,
            )
        )
        try:
            wait_for_port(port)
            cpu_before = None if server is None else _cpu_seconds(server.pid)
            queue: Any = multiprocessing.Queue()
            per = -(-args.tables // args.procs)
            start = time.monotonic()
            procs = []
            for i in range(args.procs):
                count = min(per, args.tables - i * per)
                if count <= 0:
                    break
                proc = multiprocessing.Process(
                    target=_client_process,
                    args=(
                        port,
                        i * per,
                        count,
                        args.hands,
                        args.bots,
                        args.seconds,
                        queue,
                        args.think,
                    ),
                )
                proc.start()
                procs.append(proc)
            results = [queue.get(timeout=args.seconds + 60) for _ in procs]
            elapsed = time.monotonic() - start
            for proc in procs:
                proc.join(10)
        finally:
            if server is not None:
                cpu_after = _cpu_seconds(server.pid)
                if cpu_before is not None and cpu_after is not None:
                    server_cpu = cpu_after - cpu_before  # from listening to the end
                server.terminate()
                server.wait(10)
    latencies = [x for r in results for x in r[0]]
    frames = sum(r[1] for r in results)
    hands = sum(r[2] for r in results)
    games = sum(r[3] for r in results)
    errors = sum(r[4] for r in results)
    actions = sum(r[5] for r in results)
    frame_bytes = sum(r[6] for r in results)
    report = {
        "tables": args.tables,
        "clients": args.tables * (4 - args.bots),
        "bots_per_table": args.bots,
        "think_ms": args.think,
        "games_finished": games,
        "hands": hands,
        "seconds": round(elapsed, 1),
        "hands_per_second": round(hands / elapsed, 1),
        "frames_per_second": round(frames / elapsed, 1),
        "bytes_per_frame": round(frame_bytes / frames) if frames else None,
        "latency_ms": latency_summary(latencies),
        "error_frames": errors,
        "bids_and_cards_sent": actions,
        "server_cpu_seconds": None if server_cpu is None else round(server_cpu, 1),
        "server_cpu_ms_per_bid_or_card": None
        if server_cpu is None or not actions
        else round(server_cpu * 1000 / actions, 3),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
