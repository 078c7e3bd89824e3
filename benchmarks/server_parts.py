"""Where a table server's time goes under load: each part's time an action.

    .venv/bin/python benchmarks/server_parts.py --tables 250 --hands 2

Starts ``audiospades serve --pace instant`` in a subprocess with timers wrapped
around its main parts (reading a message, the table's action, building the views,
encoding them, saving, the end-of-turn commit and writes), runs
``benchmarks/server_load.py --port`` against it (four scripted clients a table,
instantly, over 127.0.0.1), stops the server, and prints each part's wall time an
action (a bid or card), with the server's CPU time an action. Parts nest (the
action holds the views, the encoding and the save; the message holds the action);
each wrapper adds about a microsecond a call. Bounded like server_load.py: it stops
by itself after ``--seconds``.

``--without views`` (or ``save``, or ``views,save``) measures the same server with
that part taken out, as a bound on what a redesign could reach: ``views`` sends
each person, instead of its seat's whole view after every action, only the few
facts the load's clients read (the phase, the deal, whose turn, the seat's hand
and its legal bids or cards: about what a protocol of changes would send), and
announces turns without building a view; ``save`` saves nothing during a game
(the finished game is still written). Not a server to run: with ``save`` out, a
restart loses the tables.
"""

from __future__ import annotations

import argparse
import atexit
import collections
import functools
import json
import os
import runpy
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import server_load  # noqa: E402  (this folder's load generator)

PARTS = (
    # (module, owner attribute or "", function, label)
    ("audiospades.net.server", "Connection", "data_received", "message in"),
    ("audiospades.net.server", "Server", "on_frame", "  checked, dispatched"),
    ("audiospades.net.table", "NetTable", "act", "    table action"),
    ("audiospades.net.running", "", "flush", "      flush"),
    ("audiospades.net.running", "", "_save_progress", "        save"),
    ("audiospades.net.store", "Store", "append_actions", "          append"),
    ("audiospades.net.store", "Store", "save_progress", "          whole"),
    ("audiospades.table_core", "TableCore", "views", "        views"),
    ("audiospades.table_core", "TableCore", "view_parts", "        view parts"),
    ("audiospades.net.codec", "ViewJoiner", "join", "        encode views"),
    ("audiospades.net.codec", "ViewJoiner", "changes", "        view changes"),
    ("audiospades.net.codec", "", "encode_notices", "        encode notices"),
    ("audiospades.net.server", "Outbox", "send", "end of turn: commit, write"),
    ("audiospades.net.store", "Store", "commit", "  commit"),
)


def _take_out(parts: set[str]) -> None:
    """Replace the server's views, or its saves, by the least that still plays."""
    from audiospades.net import running

    if "save" in parts:
        running._save_progress = lambda table, core: None  # type: ignore[assignment]
    if "views" in parts:
        running.flush = _flush_without_views  # type: ignore[assignment]
        from audiospades.notices import YourTurn
        from audiospades.table_core import TableCore

        def announce_turns(core: Any) -> None:  # TableCore._announce_turns, no view
            count = core.game.action_count
            for seat in core.humans:
                if core.is_turn(seat) and core._announced_at.get(seat) != count:
                    core._announced_at[seat] = count
                    core._emit(seat, YourTurn(None))
                    core.dirty = True

        TableCore._announce_turns = announce_turns  # type: ignore[method-assign]


def _flush_without_views(table: Any) -> None:
    """:func:`audiospades.net.running.flush` sending the facts a client acts on."""
    import msgspec

    from audiospades.net import codec, running
    from audiospades.net.protocol import TableState, TableUpdate
    from audiospades.net.seats import outcome_of
    from audiospades.notices import GameFinished, YourTurn
    from audiospades.table_core import PUBLIC

    core = table.core
    if core is None:
        return
    over = core.is_over and table.state is TableState.PLAYING
    if core.dirty:
        running._save_progress(table, core)
        core.dirty = False
    if over:
        running._finish(table, core)
    refresh, core.views_changed = core.views_changed, False
    game = core.game
    for seat in sorted(core.humans):
        notices = [n for n in core.drain(seat) if not isinstance(n, YourTurn)]
        if over:
            notices.append(GameFinished(outcome_of(game, seat), None, table.game_id))
        client = table.members.get(seat)
        if not (notices or refresh) or client is None:
            continue
        mine = game.to_act == seat
        view = {
            "phase": game.phase.value,
            "deal_count": game.deal_count,
            "hands_played": game.hands_played,
            "to_act": game.to_act,
            "seat": seat,
            "hand": [str(c) for c in game.hand(seat)],
            "legal_plays": (
                [str(c) for c in sorted(game.legal_plays(seat))] if mine else []
            ),
            "legal_bids": (
                [codec._bid_out(b) for b in game.legal_bids(seat)] if mine else []
            ),
        }
        wire = {
            "type": "update",
            "table": table.id,
            "notices": codec.encode_notices(notices),
            "view": view,
        }
        placeholder = TableUpdate(table=table.id, notices=[], view=None)
        client.send(placeholder, msgspec.json.encode(wire))
    core.drain(PUBLIC)
    if over:
        table.release_the_absent()


def _serve(argv: list[str]) -> None:
    """Run the server in this process with the timers in place."""
    import importlib

    if argv and argv[0] == "--without":
        _take_out(set(argv[1].split(",")))
        argv = argv[2:]

    spent: dict[str, float] = collections.defaultdict(float)
    calls: collections.Counter[str] = collections.Counter()
    for module_name, owner_name, name, label in PARTS:
        module = importlib.import_module(module_name)
        owner: Any = getattr(module, owner_name) if owner_name else module
        original = getattr(owner, name, None)
        if original is None:
            continue

        def timed(*args: Any, _f: Any = original, _l: str = label, **kw: Any) -> Any:
            start = time.perf_counter()
            try:
                return _f(*args, **kw)
            finally:
                spent[_l] += time.perf_counter() - start
                calls[_l] += 1

        setattr(owner, name, functools.wraps(original)(timed))
    cpu_start = time.process_time()

    def report() -> None:
        actions = calls["    table action"] or 1
        print(
            json.dumps(
                {
                    "actions": calls["    table action"],
                    "cpu_us_per_action": round(
                        (time.process_time() - cpu_start) / actions * 1e6, 1
                    ),
                    "wall_us_per_action": {
                        label.strip(): round(spent[label] / actions * 1e6, 1)
                        for _, _, _, label in PARTS
                    },
                    "calls": {label.strip(): calls[label] for _, _, _, label in PARTS},
                },
                indent=2,
            ),
            flush=True,
        )

    atexit.register(report)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    sys.argv = ["audiospades", *argv]
    runpy.run_module("audiospades", run_name="__main__")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=240.0, help="bound")
    parser.add_argument(
        "--without",
        default="",
        help="take out views, save or views,save (a bound, not a server to run)",
    )
    parser.add_argument("--serve", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        _serve(args.serve)
        return
    port = server_load._free_port()
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, AUDIOSPADES_HOME=folder)
        server = subprocess.Popen(
            [
                sys.executable,
                str(Path(__file__).resolve()),
                "--serve",
                *(("--without", args.without) if args.without else ()),
                *server_load.serve_arguments(port, Path(folder) / "parts.db"),
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            server_load.wait_for_port(port)
            load = subprocess.run(
                [
                    sys.executable,
                    str(HERE / "server_load.py"),
                    "--port",
                    str(port),
                    "--tables",
                    str(args.tables),
                    "--hands",
                    str(args.hands),
                    "--seconds",
                    str(args.seconds),
                ],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=args.seconds + 60,
                check=False,
            )
        finally:
            server.send_signal(signal.SIGINT)
            try:
                out, _ = server.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                out, _ = server.communicate()
    try:
        latency = json.loads(load.stdout).get("latency_ms")
    except ValueError:
        latency = None
    start = out.find("{")
    parts = json.loads(out[start:]) if start >= 0 else None
    print(
        json.dumps(
            {
                "tables": args.tables,
                "without": args.without or None,
                "latency_ms": latency,
                "parts": parts,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
