"""``audiospades serve``: run a table server.

Defaults: 127.0.0.1, port 8475, the database ``server.db`` in the user data folder
(``AUDIOSPADES_HOME`` overrides it, as for the game's own files). ``--certfile`` and
``--keyfile`` serve over TLS (``wss://``). A path may begin with ``~`` (the
user's home folder) even where the shell leaves it as it is, in quotes. SIGINT,
SIGTERM and SIGHUP (the terminal closed) stop the server cleanly, saving everything;
SIGKILL loses nothing either: every table resumes at the next start. If the last
save fails, the exit status is 1 and the log names the tables not saved.

The log goes to stderr, one line an event: the server's own at INFO, the websockets
library's from WARNING, each on one line (a handshake that fails is no traceback).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import math
import os
import signal
import ssl
import stat
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from audiospades.net.protocol import RATE_BURST, RATE_PER_SECOND
from audiospades.net.server import DEFAULT_PORT, ServerConfig, serve_forever
from audiospades.net.store import StoreError, StoreInUse
from audiospades.storage.paths import HOME_ENV, data_dir, unusable_home
from audiospades.table_core import PACES, Delays

log = logging.getLogger("audiospades.net")

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
STOP_SIGNALS = tuple(
    getattr(signal, name)
    for name in ("SIGINT", "SIGTERM", "SIGHUP")
    if hasattr(signal, name)  # no SIGHUP on Windows
)
"""The signals that stop the server cleanly: Ctrl+C, a service manager's stop, and
the terminal closing (SIGHUP's default would end the server without saving)."""

SERVER_PACES: dict[str, Delays] = {**PACES, "instant": Delays(bot=0, trick=0, hand=0)}
"""The table paces a server offers: the game's three, and ``instant`` (no pauses at
all, for tests and load measurements)."""


def _path(text: str) -> Path:
    """A path given on the command line, ``~`` and ``~user`` at its start expanded.

    The shell leaves a quoted ``'~/x.db'`` as it is; taken literally it would make a
    folder named ``~``. A ``~`` that cannot be expanded stays, and is refused.
    """
    return Path(os.path.expanduser(text))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="audiospades serve",
        description="Run an audiospades table server.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help="TCP port, 0 to 65535"
    )
    parser.add_argument(
        "--db",
        type=_path,
        default=argparse.SUPPRESS,
        help="SQLite database (default: server.db in the data folder)",
    )
    parser.add_argument(
        "--certfile",
        type=_path,
        default=argparse.SUPPRESS,
        help="TLS certificate (PEM) (default: none, no TLS)",
    )
    parser.add_argument(
        "--keyfile",
        type=_path,
        default=argparse.SUPPRESS,
        help="TLS private key (PEM) (default: none, no TLS)",
    )
    parser.add_argument(
        "--takeover-seconds",
        type=float,
        default=30.0,
        help="how long a dropped player's seat waits before a computer takes it, "
        "0 or more",
    )
    parser.add_argument(
        "--away-seconds",
        type=float,
        default=300.0,
        help="how long a connected player may keep the table waiting at their turn "
        "before a computer plays for them until they press a key, 0 for ever",
    )
    parser.add_argument(
        "--pace", choices=sorted(SERVER_PACES), default="normal", help="table pacing"
    )
    parser.add_argument(
        "--bot-workers",
        type=int,
        default=argparse.SUPPRESS,
        help="computer player processes, 1 or more (default: one a CPU)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=RATE_PER_SECOND,
        help="messages a second each client may send, on average, more than 0",
    )
    parser.add_argument(
        "--burst",
        type=int,
        default=RATE_BURST,
        help="messages a client may burst, 1 or more",
    )
    return parser


def _bad_options(args: argparse.Namespace) -> list[str]:
    """One line for each option out of its range (none when all are good)."""
    bad = []
    if not 0 <= args.port <= 65535:
        bad.append(f"--port must be 0 to 65535, not {args.port}")
    if not (math.isfinite(args.takeover_seconds) and args.takeover_seconds >= 0):
        bad.append(
            "--takeover-seconds must be a number of seconds, 0 or more, "
            f"not {args.takeover_seconds}"
        )
    if not (math.isfinite(args.away_seconds) and args.away_seconds >= 0):
        bad.append(
            "--away-seconds must be a number of seconds, 0 or more, "
            f"not {args.away_seconds}"
        )
    if not (math.isfinite(args.rate) and args.rate > 0):
        bad.append(f"--rate must be a number more than 0, not {args.rate}")
    if args.burst < 1:
        bad.append(f"--burst must be 1 or more, not {args.burst}")
    if args.bot_workers is not None and args.bot_workers < 1:
        bad.append(f"--bot-workers must be 1 or more, not {args.bot_workers}")
    for name in ("db", "certfile", "keyfile"):
        path = getattr(args, name)
        if path is not None and str(path).startswith("~"):
            bad.append(
                f"--{name} {path}: no home folder is known for {path.parts[0]}; "
                "give the whole path"
            )
    home = unusable_home()
    if args.db is None and home is not None:  # the default database is in it
        bad.append(
            f"{HOME_ENV} is {home!r}, but no home folder is known for "
            f"{Path(home).parts[0]}; give the whole path, or --db"
        )
    return bad


def main(argv: Sequence[str]) -> int:
    """Parse the arguments and serve until stopped; return the exit status."""
    args = _parser().parse_args(list(argv))
    for name in ("db", "bot_workers", "certfile", "keyfile"):  # no shown default
        setattr(args, name, getattr(args, name, None))
    configure_logging(sys.stderr)
    bad = _bad_options(args)
    for line in bad:
        log.error("%s", line)
    if bad:
        return 2
    context = None
    if args.certfile or args.keyfile:
        if not (args.certfile and args.keyfile):
            log.error("TLS needs both --certfile and --keyfile")
            return 2
        try:
            context = tls_context(args.certfile, args.keyfile)
        except TlsError as error:
            log.error("%s", error)
            return 1
    config = ServerConfig(
        host=args.host,
        port=args.port,
        ssl=context,
        tls_files=(args.certfile, args.keyfile) if context is not None else None,
        takeover_seconds=args.takeover_seconds,
        away_seconds=args.away_seconds,
        delays=SERVER_PACES[args.pace],
        bot_workers=args.bot_workers,
        rate=args.rate,
        burst=args.burst,
    )
    # Named once, in the start line (or in the line saying why it cannot be used).
    db = (args.db if args.db is not None else data_dir() / "server.db").absolute()
    try:
        unsaved = asyncio.run(_run(config, db))
    except StoreInUse as error:
        log.error(
            "the database %s is in use by another audiospades server; stop it first",
            error.path,
        )
        return 1
    except StoreError as error:
        log.error("cannot use the database %s: %s", error.path, error.message)
        return 1
    except OSError as error:
        log.error("cannot listen on %s port %d: %s", args.host, args.port, error)
        return 1
    return 1 if unsaved else 0  # the log has named what was not saved


async def _run(config: ServerConfig, db: Path) -> list[str]:
    # The objects made at start-up (modules, tables of the engine) stay: moved out
    # of the collector's sight, and its full passes, which walk every object the
    # server holds, come ten times less often; under load they paused every table.
    gc.freeze()
    gen0, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(gen0 * 10, gen1, gen2)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()

    def stopping(signum: int) -> None:
        if not stop.is_set():
            log.info("stopping (%s)", signal.Signals(signum).name)
        stop.set()

    for signum in STOP_SIGNALS:
        try:
            loop.add_signal_handler(signum, stopping, signum)
        except (NotImplementedError, RuntimeError):  # pragma: no cover - Windows
            signal.signal(signum, lambda n, _: loop.call_soon_threadsafe(stopping, n))
    return await serve_forever(config, db, stop)


class TlsError(Exception):
    """The TLS certificate or key cannot be used: the message names the file."""


class _PassphraseNeeded(Exception):
    """The key is encrypted: the server never prompts for its passphrase."""


def _no_passphrase() -> str:
    raise _PassphraseNeeded


def tls_context(certfile: Path, keyfile: Path) -> ssl.SSLContext:
    """A server TLS context from ``certfile`` and ``keyfile`` (PEM).

    Raises:
        TlsError: a file cannot be read, holds no certificate or key, the key
            does not match the certificate, or the key needs a passphrase (ssl
            would ask for it on the terminal and wait; the server never does).
    """
    for what, path in (("certificate", certfile), ("key", keyfile)):
        _check_tls_file(what, path)
    try:
        ssl.create_default_context(cafile=str(certfile))
    except (ssl.SSLError, ValueError):
        raise TlsError(
            f"the TLS certificate file {certfile} holds no PEM certificate"
        ) from None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(certfile, keyfile, password=_no_passphrase)
    except _PassphraseNeeded:
        raise TlsError(
            f"the TLS key file {keyfile} is protected by a passphrase, which the "
            "server cannot ask for; give it a key without one"
        ) from None
    except ssl.SSLError as error:
        if error.reason == "KEY_VALUES_MISMATCH":
            raise TlsError(
                f"the TLS key file {keyfile} does not match the certificate file "
                f"{certfile}"
            ) from None
        raise TlsError(f"the TLS key file {keyfile} holds no PEM private key") from None
    except OSError as error:
        raise TlsError(
            f"cannot load the TLS certificate {certfile} and key {keyfile}: {error}"
        ) from None
    return context


TLS_FILE_BYTES = 1024 * 1024
"""A PEM certificate chain or key is a few kilobytes; a larger file is not one."""


def _check_tls_file(what: str, path: Path) -> None:
    """Refuse a TLS file that cannot be read, or that ssl would read for ever.

    ssl reads the whole file, and a named pipe with no writer, or a device such
    as ``/dev/zero``, would hang the server at its start or fill its memory.

    Raises:
        TlsError: the file is missing, unreadable, not a regular file, or too large.
    """
    try:
        # A link is followed: the operator named it on purpose. O_NONBLOCK: opening a
        # named pipe must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise TlsError(
            f"cannot read the TLS {what} file {path}: {error.strerror or error}"
        ) from None
    try:
        info = os.fstat(fd)
    finally:
        os.close(fd)
    if stat.S_ISDIR(info.st_mode):
        raise TlsError(f"cannot read the TLS {what} file {path}: Is a directory")
    if not stat.S_ISREG(info.st_mode):
        raise TlsError(
            f"the TLS {what} file {path} is not a regular file (a pipe or a "
            "device?); give a PEM file"
        )
    if info.st_size > TLS_FILE_BYTES:
        raise TlsError(
            f"the TLS {what} file {path} is too large to be a PEM {what} "
            f"({info.st_size} bytes)"
        )


class _OneLine(logging.Filter):
    """Another library's record with a traceback becomes one line.

    websockets logs a failed opening handshake (a port scanner, a plain HTTP
    client) with its traceback: the exception's type and message are put on the
    record's line instead, with the peer's address when the record has one.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and not record.name.startswith("audiospades"):
            error = record.exc_info[1]
            connection = getattr(record, "websocket", None)
            peer = getattr(connection, "remote_address", None)
            where = f" (from {peer[0]}:{peer[1]})" if peer else ""
            summary = (
                f"{type(error).__name__}: {error}" if error is not None else "error"
            )
            record.msg = f"{record.getMessage()}{where}: {summary}"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


def configure_logging(stream: TextIO) -> logging.Handler:
    """Log to ``stream`` as the server does; return the handler added.

    The server's own lines at INFO; the websockets library's from WARNING (its
    INFO lines repeat the server's own, or say nothing an operator needs: each
    connection opened and closed, each page served), and each on one line.
    """
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.addFilter(_OneLine())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    logging.getLogger("websockets").setLevel(logging.WARNING)
    return handler
