"""``audiospades serve``: run a table server.

Defaults: 127.0.0.1, port 8475, the database ``server.db`` in the user data folder
(``AUDIOSPADES_HOME`` overrides it, as for the game's own files). ``--certfile`` and
``--keyfile`` serve over TLS (``wss://``). SIGINT and SIGTERM stop the server
cleanly; SIGKILL loses nothing either: every table resumes at the next start.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import signal
import ssl
import sys
from collections.abc import Sequence
from pathlib import Path

from audiospades.net.protocol import RATE_BURST, RATE_PER_SECOND
from audiospades.net.server import DEFAULT_PORT, ServerConfig, serve_forever
from audiospades.net.store import StoreError
from audiospades.storage.paths import data_dir
from audiospades.table_core import PACES, Delays

log = logging.getLogger("audiospades.net")

SERVER_PACES: dict[str, Delays] = {**PACES, "instant": Delays(bot=0, trick=0, hand=0)}
"""The table paces a server offers: the game's three, and ``instant`` (no pauses at
all, for tests and load measurements)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="audiospades serve", description="Run an audiospades table server."
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="TCP port")
    parser.add_argument(
        "--db", type=Path, default=None, help="SQLite database (default: data dir)"
    )
    parser.add_argument("--certfile", type=Path, help="TLS certificate (PEM)")
    parser.add_argument("--keyfile", type=Path, help="TLS private key (PEM)")
    parser.add_argument(
        "--takeover-seconds",
        type=float,
        default=30.0,
        help="how long a dropped player's seat waits before a computer takes it",
    )
    parser.add_argument(
        "--pace", choices=sorted(SERVER_PACES), default="normal", help="table pacing"
    )
    parser.add_argument(
        "--bot-workers", type=int, default=None, help="computer player processes"
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=RATE_PER_SECOND,
        help="messages a second each client may send, on average",
    )
    parser.add_argument(
        "--burst", type=int, default=RATE_BURST, help="messages a client may burst"
    )
    return parser


def main(argv: Sequence[str]) -> int:
    """Parse the arguments and serve until stopped; return the exit status."""
    args = _parser().parse_args(list(argv))
    logging.basicConfig(
        level=logging.INFO,
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if args.takeover_seconds < 0 or not 0 <= args.port <= 65535:
        log.error("--takeover-seconds must be positive and --port 0 to 65535")
        return 2
    if args.rate <= 0 or args.burst < 1:
        log.error("--rate must be positive and --burst at least 1")
        return 2
    context = None
    if args.certfile or args.keyfile:
        if not (args.certfile and args.keyfile):
            log.error("TLS needs both --certfile and --keyfile")
            return 2
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            context.load_cert_chain(args.certfile, args.keyfile)
        except (OSError, ssl.SSLError) as error:
            log.error("cannot load the TLS certificate or key: %s", error)
            return 2
    config = ServerConfig(
        host=args.host,
        port=args.port,
        ssl=context,
        takeover_seconds=args.takeover_seconds,
        delays=SERVER_PACES[args.pace],
        bot_workers=args.bot_workers,
        rate=args.rate,
        burst=args.burst,
    )
    db = args.db if args.db is not None else data_dir() / "server.db"
    try:
        asyncio.run(_run(config, db))
    except StoreError as error:
        log.error("cannot use the database %s: %s", error.path, error.message)
        return 1
    except OSError as error:
        log.error("cannot listen on %s port %d: %s", args.host, args.port, error)
        return 1
    return 0


async def _run(config: ServerConfig, db: Path) -> None:
    # The objects made at start-up (modules, tables of the engine) stay: moved out
    # of the collector's sight, and its full passes, which walk every object the
    # server holds, come ten times less often; under load they paused every table.
    gc.freeze()
    gen0, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(gen0 * 10, gen1, gen2)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, stop.set)
        except (NotImplementedError, RuntimeError):  # pragma: no cover - Windows
            signal.signal(signum, lambda *_: loop.call_soon_threadsafe(stop.set))
    await serve_forever(config, db, stop)
