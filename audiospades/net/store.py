"""The server's database: players, tables, games in progress, finished games.

It keeps the players, the tables, the record of every game in progress, and every
finished game with each player's result.

SQLite from the standard library, in WAL mode with ``synchronous=NORMAL``: a commit
survives the server process being killed (SIGKILL) at any moment; only a power cut
may lose the last few. The server saves a table's game record after every action,
before it sends the frames announcing it, so a restarted server resumes every table
where its players last saw it.

A game in progress is kept in ``records``, its record without the hand being played
(rewritten only when a hand begins, or a seat's name changes); in ``current_hands``,
that hand (its deal and actions so far) with the table's open questions; and in
``hand_actions``, a log of every table's actions since its hand's row was written,
one row each, in the order they were made. An action appends its own row (the open
questions too, when they change): the hand's row is rewritten only when a hand
begins, who sits where changes, or the hand is not the one last written. Appending
at the log's end writes to the same few pages whatever the table, where rewriting a
row of each of hundreds of tables (a server under load saves after every action)
wrote a page of each. A hand's row written whole appends a mark to the log (number
-1): a table's rows count only after its last mark, for its hand in progress (its
game, its place, its next action). The rows before every table's first live one are
deleted now and then, and a table that has appended nothing for long (its players
slow, or away) has its live rows copied to the end, so that it does not keep the
whole log.

A server groups its writes (:meth:`Store.group_commits`): every write of one
event-loop turn, for all its tables, goes into one transaction, each write in its
own savepoint (a failed write is undone alone), and the server commits once at the
end of the turn, before it sends that turn's frames. A commit is most of the cost
of a small write, and hundreds of tables act in the same turn under load.

Identity tokens are stored only as their SHA-256 hash: a token is 256 random bits,
so a plain hash cannot be reversed, and a copy of the database lets no one act as a
player. Neither the token nor its hash is ever logged.

A database that cannot be used (unreadable, read-only, locked by another program,
damaged, not a database, another program's database, tables with other columns,
made by a newer version, a symbolic link, a folder) raises :class:`StoreError`,
which says which file, why, and what the operator can do (see
:mod:`audiospades.net.store_files`); the file is left as it was.

Opening a database only reads it. What opening may change (WAL mode, the schema of
a new or older database) waits for :meth:`Store.prepare`, which the server calls
once it listens, so a start that fails on its port leaves the file untouched. An
older database is copied beside itself before its schema is brought up to date.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, NamedTuple

import msgspec

from audiospades.net.store_files import keep_copy, one_line, os_problem, sqlite_problem

log = logging.getLogger(__name__)

_Statement = tuple[str, tuple[Any, ...]]
"""One SQL statement and its parameters."""
_Write = tuple[_Statement, ...]
"""The statements of one write, kept or lost together."""

SCHEMA_VERSION: Final = 4
"""``PRAGMA user_version`` of a database this module made.

2 added ``current_hands``: a version-1 database is brought up to it when opened (its
records are whole, and read as they are); a version-1 server refuses a version-2
database, whose records it would read without their hand in progress.

3 added ``hand_actions``: a version-2 database has none (its hands in progress are
whole in ``current_hands``); a version-2 server refuses a version-3 database, whose
hands in progress it would read without their last actions.

4 added the ``tables`` column ``default_name``: 1 for a table made with no name
given (its name is the default, said in each player's language), 0 for a name its
host typed; an older database's tables get it empty (NULL: not known, and a name
of the default's shape is taken for one, as before).

A later version raises this number and keeps :data:`APPLICATION_ID`. A database of
a higher number with that mark (or with every table of this schema) was made by a
newer audiospades: it is refused as such, the server to be updated, before its
tables and columns are looked at, which a later schema may change. (Servers before
the mark called it damaged, or another program's, for a column or table added.)"""

APPLICATION_ID: Final = 0x41537064
"""``PRAGMA application_id`` set on every database this module makes or upgrades
("ASpd"): by it a later version's database is known for audiospades' whatever
tables it has. (One made before the mark has 0 until its next upgrade.)"""

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at REAL NOT NULL,
    last_seen REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    code TEXT UNIQUE,
    host TEXT,
    rules TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seating TEXT NOT NULL,
    state TEXT NOT NULL,
    game_id TEXT,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    default_name INTEGER
);
CREATE TABLE IF NOT EXISTS records (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    game_id TEXT NOT NULL,
    record TEXT NOT NULL,
    action_count INTEGER NOT NULL,
    core_state TEXT NOT NULL,
    updated_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS current_hands (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    game_id TEXT NOT NULL,
    hands_before INTEGER NOT NULL,
    hand TEXT NOT NULL,
    action_count INTEGER NOT NULL,
    core_state TEXT NOT NULL,
    updated_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS hand_actions (
    table_id TEXT NOT NULL,
    game_id TEXT NOT NULL,
    hands_before INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    table_id TEXT NOT NULL,
    seed INTEGER NOT NULL,
    record TEXT NOT NULL,
    finished_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    side INTEGER NOT NULL,
    player_id TEXT,
    character TEXT,
    name TEXT NOT NULL,
    score INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS results_by_player ON results(player_id);
"""

_TABLES: Final = frozenset(re.findall(r"CREATE TABLE IF NOT EXISTS (\w+)", _SCHEMA))
"""The tables of the schema. A database with any other table is another program's:
it is refused, never changed."""

SWEEP_EVERY: Final = 4096
"""Actions appended between two sweeps of the log (see the module docstring)."""

MOVE_BEHIND: Final = 65536
"""A table that has appended nothing in this many rows of the log (about 20 s of a
server under load) has its live rows copied to the end at a sweep: the log then
holds about this many rows at most, beyond the hands in progress."""

BUSY_SECONDS: Final = 5.0
"""How long to wait for another program's lock on the database before giving up."""

_Column = tuple[str, str, int, int]
"""A column as ``PRAGMA table_info`` gives it: name, type, NOT NULL, place in the
primary key."""


def _columns(db: sqlite3.Connection, table: str) -> tuple[_Column, ...]:
    return tuple(
        (name, kind.upper(), notnull, pk)
        for name, kind, notnull, pk in db.execute(
            'SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid',
            (table,),
        )
    )


def _schema_columns() -> dict[str, tuple[_Column, ...]]:
    """Each table's columns as the schema makes them (read from the schema itself)."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(_SCHEMA)
        return {table: _columns(db, table) for table in _TABLES}
    finally:
        db.close()


_COLUMNS: Final = _schema_columns()
"""Every table of the schema, with its columns. (Version 1 had the same columns in
every table it had, but ``default_name``, as versions 2 and 3.)"""

_ADDED_IN_4: Final = ("tables", "default_name")
"""The column version 4 added (last in its table), and its table."""


class StoreError(Exception):
    """The database cannot be used; ``path`` and the message say which and why."""

    def __init__(self, path: Path, message: str) -> None:
        """Keep the file and the reason."""
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}")


class StoreInUse(StoreError):
    """Another server holds the database (its lock file is locked)."""


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """A player: a public id and a name (the token is kept only as a hash)."""

    id: str
    name: str


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as stored: everything needed to rebuild it after a restart.

    ``rules`` is the rule options with ``players`` and ``partnerships``; ``seating``
    is one JSON-ready object a seat (who sits there, and under ``watchers`` the
    players watching from that chair, if any, with their names and when each sat
    down to watch: see :func:`~audiospades.net.seats.seating_json`); ``state`` is
    a :class:`~audiospades.net.protocol.TableState` value.
    """

    id: str
    name: str
    code: str | None
    host: str | None
    rules: dict[str, Any]
    seed: int
    seating: list[dict[str, Any]]
    state: str
    game_id: str | None
    default_name: bool | None = None
    """Made with no name given (the name is the default); None: saved by a
    server of before schema 4, which did not keep it."""


class SavedTable(NamedTuple):
    """A table read back at start-up: its row, and its game's record if any.

    ``record``: the game in progress, or the game just over at a table whose
    state is ``finished`` (``core_state`` None then).
    """

    table: TableRow
    record: dict[str, Any] | None
    core_state: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's result in a finished game."""

    seat: int
    side: int
    player_id: str | None
    character: str | None
    name: str
    score: int
    outcome: str


class FinishedGame(NamedTuple):
    """What :meth:`Store.finish_game` keeps, to keep it again if a commit fails."""

    table_id: str
    game_id: str
    seed: int
    record: dict[str, Any]
    results: tuple[SeatResult, ...]


def token_hash(token: str) -> str:
    """The stored form of an identity token.

    >>> len(token_hash("abc")), token_hash("abc") == token_hash("abc")
    (64, True)
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A fresh identity token: 256 random bits, URL-safe (43 characters)."""
    return secrets.token_urlsafe(32)


class Store:
    """The server's SQLite database."""

    def __init__(self, path: Path, *, prepare: bool = True) -> None:
        """Open (or create) the database at ``path``; with ``prepare``, prepare it.

        Without ``prepare``, the database is only checked (it is not changed, nor
        made if new) until :meth:`prepare`.

        Raises:
            StoreError: if the file cannot be used; it is never deleted or moved
                (a new one this store made is removed).
        """
        self.path = path
        self._opened: Callable[[], None] | None = None
        """Called when a grouped transaction begins (see group_commits)."""
        self._open = False
        """A grouped transaction is open."""
        self._seating: dict[str, list[dict[str, Any]]] = {}
        """Each table's seating as last written by save_progress (not rewritten
        while it stays the same)."""
        self._lost = False
        """SQLite rolled the open group back after a failed write (see commit)."""
        self._finishing: dict[str, FinishedGame] = {}
        """The finished games the open group holds."""
        self.lost_finishes: dict[str, FinishedGame] = {}
        """Finished games a failed commit lost, by table: :meth:`retry_finishes`."""
        self._heads: dict[str, tuple[str, int, dict[str, Any]]] = {}
        """Each table's record without its hand in progress, as last written by
        save_progress: its game, finished hands and other fields (see there)."""
        self._hands: dict[str, _HandWritten] = {}
        """Each table's hand in progress as written by save_progress (its row and
        the actions appended since)."""
        self._live: dict[str, int] = {}
        """Each table's first row of the log that counts (its hand's row was
        written before it), as committed; or earlier: never later."""
        self._live_changes: dict[str, int | None] = {}
        """The open group's changes to ``_live``, made at its commit: a hand
        written whole (None), then the first row appended after it."""
        self._appended = 0
        """Rows appended since the last sweep of the log."""
        self._last_row: dict[str, int] = {}
        """Each table's last row appended to the log (see MOVE_BEHIND)."""
        self.unsaved_tables: set[str] = set()
        """Tables whose progress the open group holds, or a failed commit lost and
        no commit has held since (their next save writes it all again). While a
        lost one is left, :meth:`commit` fails: nothing after it may be announced."""
        self._saved: set[str] = set()
        """Tables the open group saved (progress or a finished game)."""
        self._journal: list[_Write] = []
        """The open group's writes of players and tables, to be made again if its
        commit fails (a table's progress and finished games are saved again by
        their own means: ``unsaved_tables``, ``lost_finishes``)."""
        self.lost_writes: list[_Write] = []
        """Writes of players and tables a failed commit lost, in their order: the
        next group makes them again before anything else, and :meth:`commit`
        fails until one has (a player's token must not go out unkept)."""
        self._prepared = False
        """:meth:`prepare` has run: the database is in WAL mode, with the schema."""
        if path.is_symlink():
            raise StoreError(
                path,
                "is a symbolic link; give the file it leads to instead "
                f"({path.resolve()})",
            )
        if path.is_dir():
            raise StoreError(
                path,
                "is a folder, not a file; give a file name, such as "
                f"{path / 'server.db'}",
            )
        if path.exists() and not path.is_file():
            raise StoreError(path, "is not a file; give a database file instead")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(path, f"cannot create its folder ({error})") from None
        self._made = (
            set()
            if os.path.lexists(path)
            else {made for made in self._files() if not os.path.lexists(made)}
        )
        """The files of a new database this store made: removed if it fails to
        start (never those of an existing database: another program may use them)."""
        self._found_beside = {
            found for found in self._files()[1:] if os.path.lexists(found)
        }
        """The -wal and -shm files found beside the database (see _abandon)."""
        try:
            self._db = sqlite3.connect(path, isolation_level=None, timeout=BUSY_SECONDS)
        except sqlite3.Error as error:
            self._remove_made()
            raise StoreError(path, sqlite_problem(path, error)) from None
        try:
            self._version, self._found = self._check()
            if prepare:
                self.prepare()
        except sqlite3.Error as error:
            self._abandon()
            raise StoreError(path, sqlite_problem(path, error)) from None
        except BaseException:
            self._abandon()
            raise

    def _files(self) -> tuple[Path, ...]:
        """The database's file, and the two SQLite keeps beside it in WAL mode."""
        return (self.path, *(Path(f"{self.path}{end}") for end in ("-wal", "-shm")))

    def _abandon(self) -> None:
        """Close the database after a failed start, removing the files it made.

        A database refused (made by a newer version, damaged...) is left as it was,
        its -wal file too, which a server stopped without closing leaves.
        """
        with contextlib.suppress(sqlite3.Error):
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
        with self._wal_kept():
            self._db.close()
        self._remove_made()

    @contextmanager
    def _wal_kept(self) -> Iterator[None]:
        """Keep a -wal file found beside the database through its closing.

        The last connection to close folds the -wal file into the database and
        removes it: a reader is kept open meanwhile (a closing connection folds it
        in only when no other reads), and it reads only, so its own closing folds
        nothing in.
        """
        wal, shm = self._files()[1:]
        if wal not in self._found_beside:
            yield
            return
        reader: sqlite3.Connection | None = None
        with contextlib.suppress(sqlite3.Error):
            reader = sqlite3.connect(
                f"{self.path.absolute().as_uri()}?mode=ro",
                uri=True,
                isolation_level=None,
            )
            reader.execute("BEGIN")
            reader.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
        try:
            yield
        finally:
            if reader is not None:
                reader.close()
            if shm not in self._found_beside and shm.is_file() and not shm.is_symlink():
                with contextlib.suppress(OSError):
                    shm.unlink()  # (made for the reader: not there before)

    def _remove_made(self) -> None:
        """Remove the files of a new database this store made, never through a link."""
        for made in self._made:
            if made.is_file() and not made.is_symlink():
                with contextlib.suppress(OSError):
                    made.unlink()

    def _check(self) -> tuple[int, frozenset[str]]:
        """Check the database without changing it; return its version and tables.

        Raises:
            StoreError: for another program's database, tables with other columns,
                a newer schema, a damaged file.
            sqlite3.Error: SQLite could not read it, or could not take its write
                lock (another program holds it; the file is read-only).
        """
        db = self._db
        kinds = dict(
            db.execute(
                "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view')"
                " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
            ).fetchall()
        )
        found = sorted(kinds)
        version: int = db.execute("PRAGMA user_version").fetchone()[0]
        marked = db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        if version > SCHEMA_VERSION and (marked or kinds.keys() >= _TABLES):
            # First: a newer schema may have other tables and columns, which are
            # not damage (see SCHEMA_VERSION).
            raise self._newer(version)
        foreign = [name for name in found if name not in _TABLES]
        if foreign:
            raise StoreError(
                self.path,
                "is not an audiospades database (it has the tables "
                f"{', '.join(found)}); give another --db",
            )
        for table in found:
            self._check_columns(table, kinds[table], version)
        if version > SCHEMA_VERSION:
            raise self._newer(version)
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise StoreError(
                self.path,
                f"is damaged ({one_line(check)}); restore it from a backup, or "
                "give another --db",
            )
        # Take the write lock and write a page in memory, then undo it: a read-only
        # file, or another program's lock, is found now, before the server listens,
        # and nothing reaches the file.
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute(f"PRAGMA user_version={version}")
        finally:
            db.execute("ROLLBACK")
        return version, frozenset(found)

    def _newer(self, version: int) -> StoreError:
        """The refusal of a database of schema ``version``, newer than this one's."""
        return StoreError(
            self.path,
            f"was made by a newer version of audiospades (database schema {version}; "
            f"this server knows schemas up to {SCHEMA_VERSION}); update audiospades "
            "on this server to use it (it is left as it is), or give another --db",
        )

    def _check_columns(self, table: str, kind: str, version: int) -> None:
        """Refuse a table of the schema's name with other columns (or a view).

        A database older than version 4 may lack the column it added.
        """
        wanted = _COLUMNS[table]
        if kind != "table":
            raise StoreError(
                self.path,
                f"is not an audiospades database, or is damaged: its {table} is a "
                f"{kind}, not a table; give another --db",
            )
        columns = _columns(self._db, table)
        if columns == wanted:
            return
        if version < 4 and table == _ADDED_IN_4[0] and columns == wanted[:-1]:
            return  # (prepare adds it)
        names, wanted_names = [c[0] for c in columns], [c[0] for c in wanted]
        if names != wanted_names:
            detail = (
                f"has the columns {', '.join(names)}, not {', '.join(wanted_names)}"
            )
        else:
            detail = "has columns of other types or constraints"
        raise StoreError(
            self.path,
            f"is not an audiospades database, or is damaged: its table {table} "
            f"{detail}; give another --db",
        )

    def prepare(self) -> None:
        """Make the database ready to write: WAL mode, the schema brought up to date.

        An older database is first copied beside itself (see
        :func:`~audiospades.net.store_files.keep_copy`), and its upgrade is logged.
        Nothing is changed for a database already up to date. Done once; a store
        made with ``prepare=True`` (the default) has done it.

        Raises:
            StoreError: it failed (the database is closed, and as it was).
        """
        if self._prepared:
            return
        db, version = self._db, self._version
        upgrade = bool(self._found) and version < SCHEMA_VERSION
        copy = None
        try:
            if upgrade:
                copy = keep_copy(db, self.path, SCHEMA_VERSION)
            mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if mode != "wal":
                log.warning("database %s: journal mode %s, not WAL", self.path, mode)
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA foreign_keys=ON")
            if version != SCHEMA_VERSION or self._found != _TABLES:
                # Every statement of the schema is "IF NOT EXISTS": on a database
                # that has a table, its statement changes nothing; a column added
                # since is added. One transaction: an upgrade is made whole or not
                # at all.
                table, column = _ADDED_IN_4
                had = [c[0] for c in _columns(db, table)]
                add = (
                    f"ALTER TABLE {table} ADD COLUMN {column} INTEGER;"
                    if had and column not in had
                    else ""
                )
                db.executescript(
                    f"BEGIN IMMEDIATE; {_SCHEMA} {add} "
                    f"PRAGMA user_version={SCHEMA_VERSION}; "
                    f"PRAGMA application_id={APPLICATION_ID}; COMMIT;"
                )
            self._read_log()
        except sqlite3.Error as error:
            self._abandon()
            raise StoreError(self.path, sqlite_problem(self.path, error)) from None
        except OSError as error:
            self._abandon()
            raise StoreError(
                self.path,
                os_problem(self.path, error, "cannot keep a copy of it to upgrade"),
            ) from None
        self._prepared = True
        self._made.clear()
        if copy is not None:
            log.info(
                "database %s: schema upgraded from version %d to %d; the old "
                "database is kept as %s",
                self.path,
                version,
                SCHEMA_VERSION,
                copy,
            )

    def close(self) -> None:
        """Close the database (its WAL file is folded in), committing what is open.

        Raises:
            sqlite3.Error: the open group could not be committed (the database is
                closed all the same; what was committed before stays).
        """
        try:
            self._commit_group()
        finally:
            self._db.close()
            if not self._prepared:  # never used: a new database is not left behind
                self._remove_made()

    def group_commits(self, opened: Callable[[], None]) -> None:
        """From now on, group writes in one transaction until :meth:`commit`.

        ``opened`` is called when a write begins a new group; the caller must then
        call :meth:`commit` soon (the server does at the end of the event-loop
        turn), and must not announce anything written before that commit returns.
        """
        self._opened = opened

    def commit(self) -> None:
        """Commit the open group of writes, if any, and say whether all is saved.

        Writes of players and tables that a failed commit lost (``lost_writes``)
        are made again here if no write of this group has made them already.

        Raises:
            sqlite3.Error: the commit failed, or a write of the group failed in a
                way that made SQLite roll the whole group back (a full disk, an I/O
                error): the whole group is lost and ``unsaved_tables`` names the
                tables whose progress it held; or tables a failed commit lost are
                not saved again yet (``unsaved_tables``), so nothing done after
                them may be announced.
        """
        if self.lost_writes and not self._open and self._opened is not None:
            self._begin_group(announce=False)  # committed right here
        self._commit_group()
        if self.unsaved_tables or self.lost_finishes or self.lost_writes:
            raise sqlite3.OperationalError(
                f"{len(self.unsaved_tables)} tables, "
                f"{len(self.lost_finishes)} finished games and "
                f"{len(self.lost_writes)} other writes not saved again yet"
            )

    def _commit_group(self) -> None:
        """Commit the open group of writes, if any (raises as :meth:`commit`)."""
        if not self._open:
            return
        self._open = False
        lost, self._lost = self._lost, False
        try:
            if not lost:
                self._sweep_if_due(grouped=True)
                lost, self._lost = self._lost, False
            if lost:
                raise sqlite3.OperationalError(
                    "a write failed and took the turn's transaction with it"
                )
            self._db.execute("COMMIT")
        except sqlite3.Error:
            self._forget_written()
            self._live_changes.clear()  # (the log's rows it wrote are gone too)
            self._saved.clear()
            self.lost_finishes.update(self._finishing)
            self._finishing.clear()
            self.lost_writes = self._journal + self.lost_writes
            self._journal = []
            if self._db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
            raise
        self.unsaved_tables -= self._saved
        self._saved.clear()
        self._finishing.clear()
        self._journal.clear()
        self._live_committed()

    def forget_unsaved(self, table_id: str) -> None:
        """No progress of ``table_id`` is to be saved again: the table is gone.

        A finished game it lost is still kept again (``lost_finishes``).
        """
        self.unsaved_tables.discard(table_id)

    def retry_finishes(self) -> None:
        """Keep again the finished games a failed commit lost (in a new group).

        Raises:
            sqlite3.Error: the database still fails; the games not yet written
                stay in ``lost_finishes``.
        """
        for table_id, finished in list(self.lost_finishes.items()):
            self.finish_game(*finished)
            del self.lost_finishes[table_id]

    def _forget_written(self) -> None:
        """What the caches say is written may not be: write everything again."""
        self._seating.clear()
        self._heads.clear()
        self._hands.clear()

    def _forget_written_of(self, table_id: str) -> None:
        """:meth:`_forget_written` for one table: its next save writes it all."""
        self._seating.pop(table_id, None)
        self._heads.pop(table_id, None)
        self._hands.pop(table_id, None)

    @contextmanager
    def _transaction(self, statements: int = 2) -> Iterator[sqlite3.Connection]:
        """A transaction for one write of ``statements`` statements.

        In a group, each write gets a savepoint, unless it is a single statement,
        which SQLite undoes alone when it fails. Some failures (a full disk, an I/O
        error) make SQLite roll back the whole transaction instead: the group is
        then lost, and its next writes go into a new transaction that
        :meth:`commit` rolls back too, reporting the loss, so that nothing of the
        turn is half kept (a hand without the record it follows).
        """
        db = self._db
        if self._opened is None:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return
        if self._open and not db.in_transaction:
            self._lose_group()  # rolled back by SQLite since the last write
            db.execute("BEGIN IMMEDIATE")
        if not self._open:
            self._begin_group()
        if statements == 1:
            try:
                yield db
            except BaseException:
                if not db.in_transaction:
                    self._lose_group()
                raise
            return
        db.execute("SAVEPOINT write")
        try:
            yield db
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK TO write")
                db.execute("RELEASE write")
            else:
                self._lose_group()
            raise
        db.execute("RELEASE write")

    def _begin_group(self, *, announce: bool = True) -> None:
        """Begin a group of writes (``announce``: tell whoever commits them).

        The writes a failed commit lost (``lost_writes``) are made again first, so
        they come before anything newer.
        """
        assert self._opened is not None
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        self._open = True
        if announce:
            self._opened()
        lost, self.lost_writes = self.lost_writes, []
        for write in lost:
            if self._lost:  # the group is lost: the rest waits for the next one
                self._journal.append(write)
                continue
            db.execute("SAVEPOINT again")
            try:
                for sql, parameters in write:
                    db.execute(sql, parameters)
            except sqlite3.IntegrityError as error:  # refused, and always will be
                db.execute("ROLLBACK TO again")
                db.execute("RELEASE again")
                log.error("database: a lost write is refused (%s); dropped", error)
                continue
            except sqlite3.Error:
                # Kept for later, and the group with it: nothing newer may be
                # kept before it (a table's progress before the table's row).
                if db.in_transaction:
                    db.execute("ROLLBACK TO again")
                    db.execute("RELEASE again")
                self._lose_group()
            else:
                db.execute("RELEASE again")
            self._journal.append(write)
        if not db.in_transaction:
            db.execute("BEGIN IMMEDIATE")  # the group's later writes are lost too

    def _write(self, *statements: _Statement) -> None:
        """Make ``statements`` in one transaction.

        In a group, they are noted in case its commit fails (``lost_writes``).
        """
        with self._transaction(len(statements)) as db:
            for sql, parameters in statements:
                db.execute(sql, parameters)
        if self._open:
            self._journal.append(statements)

    def _lose_group(self) -> None:
        """SQLite rolled the open group back: :meth:`commit` reports it."""
        if not self._lost:
            log.error("database: a write failed and the turn's transaction is lost")
        self._lost = True
        self._forget_written()

    # --- players ---
    def register_player(self, name: str) -> tuple[PlayerRow, str]:
        """A new player and its token (returned once, stored only as a hash)."""
        token = new_token()
        player = PlayerRow(id="p" + secrets.token_hex(6), name=name)
        now = time.time()
        self._write(
            (
                "INSERT INTO players (id, name, token_hash, created_at, last_seen) "
                "VALUES (?, ?, ?, ?, ?)",
                (player.id, name, token_hash(token), now, now),
            )
        )
        return player, token

    def player_for_token(self, token: str) -> PlayerRow | None:
        """The player holding ``token``, or None for an unknown token."""
        row = self._db.execute(
            "SELECT id, name FROM players WHERE token_hash = ?", (token_hash(token),)
        ).fetchone()
        return None if row is None else PlayerRow(row[0], row[1])

    def touch_player(self, player_id: str, name: str) -> None:
        """Note a player's current name and the time it was last seen."""
        self._write(
            (
                "UPDATE players SET name = ?, last_seen = ? WHERE id = ?",
                (name, time.time(), player_id),
            )
        )

    # --- tables ---
    def save_table(self, table: TableRow) -> None:
        """Insert or update a table's row (not its record)."""
        self._seating.pop(table.id, None)
        now = time.time()
        self._write(
            (
                "INSERT INTO tables (id, name, code, host, rules, seed, seating, "
                "state, game_id, created_at, updated_at, default_name) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET name = excluded.name, "
                "default_name = excluded.default_name, "
                "code = excluded.code, host = excluded.host, rules = excluded.rules, "
                "seed = excluded.seed, seating = excluded.seating, "
                "state = excluded.state, game_id = excluded.game_id, "
                "updated_at = excluded.updated_at",
                (
                    table.id,
                    table.name,
                    table.code,
                    table.host,
                    _dumps(table.rules),
                    table.seed,
                    _dumps(table.seating),
                    table.state,
                    table.game_id,
                    now,
                    now,
                    table.default_name,
                ),
            )
        )

    def save_progress(
        self,
        table_id: str,
        game_id: str,
        record: dict[str, Any],
        action_count: int,
        seating: Sequence[dict[str, Any]],
        core_state: dict[str, Any],
    ) -> None:
        """Save a game in progress in one commit.

        The commit holds its record, who sits where, and the table's open questions
        (``TableCore.question_state``). The record's finished hands are written
        again only when they change (a hand begins, a name changes); the hand being
        played is written whole when it begins or who sits where changes, and
        otherwise only its new actions (and its open questions, when they change)
        are appended, a row each (:meth:`append_actions`).
        """
        now = time.time()
        # Compared as data, encoded only to be written: most actions change
        # neither who sits where nor the record's head.
        seats = list(seating)
        same_seating = self._seating.get(table_id) == seats
        hands = record.get("hands")
        if isinstance(hands, list) and hands:
            head, current = {**record, "hands": hands[:-1]}, hands[-1]
            before = len(hands) - 1
        else:  # no hand dealt yet: the record is all head
            head, current, before = record, None, -1
        header = {k: v for k, v in head.items() if k != "hands"}
        head_key = (game_id, before, header)
        same_head = self._heads.get(table_id) == head_key
        written = self._hands.get(table_id)
        if same_head and same_seating and written is not None:
            new_actions = written.new_actions(game_id, before, current)
            if new_actions is not None and self.append_actions(
                table_id, game_id, before, new_actions, seats, core_state
            ):
                return
        try:
            self._write_hand(
                table_id,
                game_id,
                (head, before, current),
                action_count,
                (seats, same_seating),
                (core_state, same_head),
                now,
            )
        except BaseException:
            self._forget_written_of(table_id)
            raise
        self._seating[table_id] = seats
        self._heads[table_id] = head_key
        self._progress_saved(table_id)

    def append_actions(
        self,
        table_id: str,
        game_id: str,
        hands_before: int,
        actions: Sequence[Any],
        seating: Sequence[dict[str, Any]],
        core_state: dict[str, Any],
    ) -> bool:
        """Append ``actions`` to the hand in progress, if that is all it adds.

        That is: the hand last saved is this game's hand after ``hands_before``
        hands, with the same seating (the open questions may have changed: they
        are appended too). Otherwise nothing is written and False returned:
        :meth:`save_progress` saves it all (its record then holds these actions
        too).
        """
        written = self._hands.get(table_id)
        if (
            written is None
            or written.actions is None
            or written.game_id != game_id
            or written.before != hands_before
            or self._seating.get(table_id) != seating
        ):
            return False
        statements = len(actions) + (core_state != written.core_state)
        if statements:  # (a turn announced again adds nothing)
            try:
                with self._transaction(statements) as db:
                    self._append(db, table_id, written, actions, core_state)
            except BaseException:
                self._forget_written_of(table_id)
                raise
        self._progress_saved(table_id)
        return True

    def _progress_saved(self, table_id: str) -> None:
        """``table_id``'s progress is written: held by the open group, or swept."""
        if self._open:
            self.unsaved_tables.add(table_id)
            self._saved.add(table_id)
        else:
            self._sweep_if_due(grouped=False)

    def _write_hand(
        self,
        table_id: str,
        game_id: str,
        hand: tuple[dict[str, Any], int, Any],
        action_count: int,
        seating: tuple[list[dict[str, Any]], bool],
        state: tuple[dict[str, Any], bool],
        now: float,
    ) -> None:
        """Write the hand in progress whole (and the head, the seating if changed)."""
        (head, before, current), (seats, same_seating) = hand, seating
        core_state, same_head = state
        encoded_state = _dumps(core_state)
        statements = 2 + (not same_head) + (not same_seating)
        with self._transaction(statements) as db:
            if not same_head:
                db.execute(
                    "INSERT INTO records (table_id, game_id, record, "
                    "action_count, core_state, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT(table_id) DO UPDATE "
                    "SET game_id = excluded.game_id, record = excluded.record, "
                    "action_count = excluded.action_count, "
                    "core_state = excluded.core_state, "
                    "updated_at = excluded.updated_at",
                    (table_id, game_id, _dumps(head), action_count, encoded_state, now),
                )
            db.execute(
                "INSERT INTO current_hands (table_id, game_id, hands_before, "
                "hand, action_count, core_state, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(table_id) DO UPDATE "
                "SET game_id = excluded.game_id, "
                "hands_before = excluded.hands_before, hand = excluded.hand, "
                "action_count = excluded.action_count, "
                "core_state = excluded.core_state, "
                "updated_at = excluded.updated_at",
                (
                    table_id,
                    game_id,
                    before,
                    _dumps(current),
                    action_count,
                    encoded_state,
                    now,
                ),
            )
            db.execute(  # the log's earlier rows of this table no longer count
                "INSERT INTO hand_actions (table_id, game_id, hands_before, seq, "
                "action) VALUES (?, ?, ?, ?, '')",
                (table_id, game_id, before, _MARK),
            )
            if not same_seating:
                db.execute(
                    "UPDATE tables SET seating = ?, updated_at = ? WHERE id = ?",
                    (_dumps(seats), now, table_id),
                )
        self._live_reset(table_id)
        actions = current.get("actions") if isinstance(current, dict) else None
        self._hands[table_id] = _HandWritten(
            game_id,
            before,
            current,
            list(actions) if isinstance(actions, list) else None,
            core_state,
        )

    def finish_game(
        self,
        table_id: str,
        game_id: str,
        seed: int,
        record: dict[str, Any],
        results: Sequence[SeatResult],
    ) -> None:
        """Keep a finished game and its results; the table's record is cleared.

        In a group, the game is kept until the commit: if the commit fails, it is
        in ``lost_finishes`` for :meth:`retry_finishes`.
        """
        self._heads.pop(table_id, None)
        self._hands.pop(table_id, None)
        now = time.time()
        finished = FinishedGame(table_id, game_id, seed, record, tuple(results))
        with self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO games (id, table_id, seed, record, "
                "finished_at) VALUES (?, ?, ?, ?, ?)",
                (game_id, table_id, seed, _dumps(record), now),
            )
            db.executemany(
                "INSERT OR REPLACE INTO results (game_id, seat, side, player_id, "
                "character, name, score, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id,
                        r.seat,
                        r.side,
                        r.player_id,
                        r.character,
                        r.name,
                        r.score,
                        r.outcome,
                    )
                    for r in results
                ],
            )
            db.execute("DELETE FROM records WHERE table_id = ?", (table_id,))
            db.execute("DELETE FROM current_hands WHERE table_id = ?", (table_id,))
            db.execute(  # a table closed since (a finish kept again) stays closed
                "UPDATE tables SET state = 'finished', updated_at = ? "
                "WHERE id = ? AND state != 'closed'",
                (now, table_id),
            )
        self._live_reset(table_id)
        if self._open:
            self._finishing[table_id] = finished
            self._saved.add(table_id)

    def close_table(self, table_id: str) -> None:
        """Mark a table closed (nobody left at it); its finished games are kept."""
        self._forget_written_of(table_id)
        self._write(
            ("DELETE FROM records WHERE table_id = ?", (table_id,)),
            ("DELETE FROM current_hands WHERE table_id = ?", (table_id,)),
            (
                "UPDATE tables SET state = 'closed', code = NULL, updated_at = ? "
                "WHERE id = ?",
                (time.time(), table_id),
            ),
        )
        # Its rows count no more, even if this is lost with a failed commit and
        # made again (lost_writes) at the start of a later group, before any
        # sweep of that group: the table is closed when its rows go.
        self._live.pop(table_id, None)
        self._live_reset(table_id)
        self.forget_unsaved(table_id)

    # --- the log of actions ---
    def _append(
        self,
        db: sqlite3.Connection,
        table_id: str,
        written: _HandWritten,
        actions: Sequence[Any],
        core_state: dict[str, Any],
    ) -> None:
        """Append ``actions`` to the log (in the caller's transaction).

        The open questions follow them, in a row of their own, if they changed.
        """
        kept = written.actions
        assert kept is not None
        rows = [
            (table_id, written.game_id, written.before, seq, _dumps(action))
            for seq, action in enumerate(actions, start=len(kept))
        ]
        if core_state != written.core_state:
            rows.append(
                (
                    table_id,
                    written.game_id,
                    written.before,
                    _QUESTIONS,
                    _dumps(core_state),
                )
            )
        first: int | None = None
        for row in rows:
            cursor = db.execute(
                "INSERT INTO hand_actions (table_id, game_id, hands_before, seq, "
                "action) VALUES (?, ?, ?, ?, ?)",
                row,
            )
            if first is None:
                first = cursor.lastrowid
        kept.extend(actions)
        written.core_state = core_state
        if first is not None:
            newest = first + len(rows) - 1
            self._live_from(table_id, first)
            self._last_row[table_id] = newest
            self._appended += len(rows)

    def _live_from(self, table_id: str, row: int) -> None:
        """Rows from ``row`` on were appended for ``table_id``'s hand."""
        changes = self._live_changes
        if table_id not in changes:
            self._live.setdefault(table_id, row)  # (earlier is never wrong)
        elif changes[table_id] is None:  # written whole in this group: from here
            changes[table_id] = row

    def _live_reset(self, table_id: str) -> None:
        """``table_id``'s hand was written whole, or is gone: no row counts."""
        if self._open:
            self._live_changes[table_id] = None
        else:  # (already committed)
            self._live.pop(table_id, None)

    def _live_committed(self) -> None:
        """The open group is committed: its changes to the live rows hold."""
        for table_id, row in self._live_changes.items():
            if row is None:
                self._live.pop(table_id, None)
            else:
                self._live[table_id] = row
        self._live_changes.clear()

    def _sweep_if_due(self, *, grouped: bool) -> None:
        """Sweep the log if SWEEP_EVERY rows came since the last sweep.

        In a group, just before its commit, in a savepoint of its own; else in
        a transaction of its own. A sweep that fails is undone and logged, and
        tried again later: nothing else is lost with it (unless SQLite rolled the
        whole group back: then :meth:`commit` fails, as for any write).
        """
        if self._appended < SWEEP_EVERY:
            return
        self._appended = 0
        db = self._db
        kept = (dict(self._live_changes), dict(self._last_row))
        try:
            db.execute("SAVEPOINT sweep" if grouped else "BEGIN IMMEDIATE")
            try:
                self._sweep(db)
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK TO sweep" if grouped else "ROLLBACK")
                    if grouped:
                        db.execute("RELEASE sweep")
                elif grouped:
                    self._lose_group()
                raise
            db.execute("RELEASE sweep" if grouped else "COMMIT")
        except sqlite3.Error as error:
            self._live_changes, self._last_row = kept
            log.warning("database: the log of actions was not swept (%s)", error)
            return
        if not grouped:
            self._live_committed()

    def _sweep(self, db: sqlite3.Connection) -> None:
        """Delete the log's rows before every table's first live one.

        A table that appended nothing in the last MOVE_BEHIND rows (its players
        slow, or away) has its live rows copied to the end first, after a mark
        of its own: the originals go at later sweeps, once the copies are
        committed, and until then the loader, which reads a table's rows after
        its last mark, never meets what is left of them. The newest row is
        always kept, so that a row's number is never used again.
        """
        newest = db.execute("SELECT max(rowid) FROM hand_actions").fetchone()[0] or 0
        for table_id, row in list(self._live.items()):
            last = self._last_row.get(table_id, row)
            if newest - last <= MOVE_BEHIND or table_id in self._live_changes:
                continue
            mark = db.execute(  # of the hand of its newest row
                "INSERT INTO hand_actions (table_id, game_id, hands_before, seq, "
                "action) SELECT table_id, game_id, hands_before, ?, '' "
                "FROM hand_actions WHERE rowid >= ? AND table_id = ? "
                "ORDER BY rowid DESC LIMIT 1",
                (_MARK, row, table_id),
            )
            if mark.rowcount <= 0:  # nothing of it is left: no row counts
                self._live_changes[table_id] = None
                continue
            assert mark.lastrowid is not None
            copied = db.execute(  # what counts: the rows after its last mark
                "INSERT INTO hand_actions (table_id, game_id, hands_before, seq, "
                "action) SELECT table_id, game_id, hands_before, seq, action "
                "FROM hand_actions WHERE table_id = :table AND rowid < :mark AND "
                "rowid > (SELECT coalesce(max(rowid), :row - 1) FROM hand_actions "
                "WHERE table_id = :table AND seq = :marked AND rowid >= :row "
                "AND rowid < :mark) ORDER BY rowid",
                {
                    "table": table_id,
                    "mark": mark.lastrowid,
                    "row": row,
                    "marked": _MARK,
                },
            )
            self._live_changes[table_id] = mark.lastrowid
            newest = mark.lastrowid + max(copied.rowcount, 0)
            self._last_row[table_id] = newest
        rows = [
            *self._live.values(),
            *(r for r in self._live_changes.values() if r is not None),
        ]
        db.execute(
            "DELETE FROM hand_actions WHERE rowid < ?", (min(rows, default=newest),)
        )

    def _read_log(self) -> None:
        """At the start: the log's rows that count, each table's first one.

        Rows of hands no longer in progress (a server stopped between a hand's
        row and the next sweep) are deleted.
        """
        db = self._db
        if db.execute("SELECT 1 FROM hand_actions LIMIT 1").fetchone() is None:
            return
        db.execute(  # (one statement: all or nothing)
            "DELETE FROM hand_actions WHERE NOT EXISTS (SELECT 1 FROM "
            "current_hands c WHERE c.table_id = hand_actions.table_id AND "
            "c.game_id = hand_actions.game_id AND "
            "c.hands_before = hand_actions.hands_before)"
        )
        self._live = dict(
            db.execute(
                "SELECT table_id, min(rowid) FROM hand_actions GROUP BY table_id"
            ).fetchall()
        )

    def open_tables(self) -> list[SavedTable]:
        """Every table not closed, with its game record if a game is in progress.

        A table whose game is over comes with that game's record (as
        :meth:`finish_game` kept it), so that it is resumed as it was, its
        results told and its host able to start another game (QA: a restart
        sent everyone to the waiting room, the results gone). A row whose stored
        JSON cannot be read is logged and left out (and left in the database as
        it is); a finished game's record that cannot be read, or is not kept,
        leaves the table without it.
        """
        out: list[SavedTable] = []
        rows = self._db.execute(
            "SELECT t.id, t.name, t.code, t.host, t.rules, t.seed, t.seating, "
            "t.state, t.game_id, r.record, r.core_state, r.game_id, c.game_id, "
            "c.hands_before, c.hand, c.core_state, t.default_name, g.record "
            "FROM tables t "
            "LEFT JOIN records r ON r.table_id = t.id "
            "LEFT JOIN current_hands c ON c.table_id = t.id "
            "LEFT JOIN games g ON g.id = t.game_id AND t.state = 'finished' "
            "WHERE t.state != 'closed' ORDER BY t.created_at"
        ).fetchall()
        appended: dict[str, list[tuple[str, int, int, str]]] = {}
        for table_id, *logged in self._db.execute(
            "SELECT table_id, game_id, hands_before, seq, action FROM hand_actions "
            "ORDER BY rowid"
        ):
            appended.setdefault(table_id, []).append(tuple(logged))
        for row in rows:
            try:
                rules, seating = json.loads(row[4]), json.loads(row[6])
                record, core_state = _in_progress(
                    row[0], row[9:16], appended.get(row[0], ())
                )
            except (TypeError, ValueError) as error:
                log.warning("table %s: stored data unreadable (%s)", row[0], error)
                continue
            if not isinstance(rules, dict) or not isinstance(seating, list):
                log.warning("table %s: stored data has the wrong shape", row[0])
                continue
            if row[17] is not None:  # the game is over: its record, kept
                record, core_state = _finished(row[0], row[17]), None
            table = TableRow(
                id=row[0],
                name=row[1],
                code=row[2],
                host=row[3],
                rules=rules,
                seed=row[5],
                seating=seating,
                state=row[7],
                game_id=row[8],
                default_name=_flag(row[16]),
            )
            out.append(
                SavedTable(
                    table,
                    record if isinstance(record, dict) else None,
                    core_state if isinstance(core_state, dict) else None,
                )
            )
        return out

    def table(self, table_id: str) -> TableRow | None:
        """A table's row, open or closed (None if unknown or unreadable)."""
        row = self._db.execute(
            "SELECT id, name, code, host, rules, seed, seating, state, game_id, "
            "default_name FROM tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        if row is None:
            return None
        try:
            rules, seating = json.loads(row[4]), json.loads(row[6])
        except (TypeError, ValueError):
            return None
        return TableRow(
            *(row[0], row[1], row[2], row[3], rules, row[5], seating, row[7], row[8]),
            default_name=_flag(row[9]),
        )

    def results_for(self, game_id: str) -> list[SeatResult]:
        """The per-seat results of a finished game, by seat."""
        rows = self._db.execute(
            "SELECT seat, side, player_id, character, name, score, outcome "
            "FROM results WHERE game_id = ? ORDER BY seat",
            (game_id,),
        ).fetchall()
        return [SeatResult(*row) for row in rows]

    def finished_record(self, game_id: str) -> dict[str, Any] | None:
        """The record of a finished game, or None."""
        row = self._db.execute(
            "SELECT record FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            return None
        record = json.loads(row[0])
        return record if isinstance(record, dict) else None

    def record_of(self, table_id: str) -> dict[str, Any] | None:
        """The saved record of a table's game in progress, or None."""
        row = self._db.execute(
            "SELECT r.record, r.core_state, r.game_id, c.game_id, c.hands_before, "
            "c.hand, c.core_state FROM records r "
            "LEFT JOIN current_hands c ON c.table_id = r.table_id "
            "WHERE r.table_id = ?",
            (table_id,),
        ).fetchone()
        if row is None:
            return None
        appended = self._db.execute(
            "SELECT game_id, hands_before, seq, action FROM hand_actions "
            "WHERE table_id = ? ORDER BY rowid",
            (table_id,),
        ).fetchall()
        record = _in_progress(table_id, row, appended)[0]
        return record if isinstance(record, dict) else None


def _finished(table_id: str, record_json: str) -> dict[str, Any] | None:
    """A table's finished game's record as :meth:`Store.finish_game` kept it.

    None (the table resumed without it, as before it was read back) if it
    cannot be read.
    """
    try:
        record = json.loads(record_json)
    except (TypeError, ValueError) as error:
        log.warning("table %s: its finished game unreadable (%s)", table_id, error)
        return None
    return record if isinstance(record, dict) else None


def _flag(value: object) -> bool | None:
    """A stored 0 or 1 as a bool; None (not kept) as None."""
    return None if value is None else bool(value)


def _in_progress(
    table_id: str,
    row: Sequence[Any],
    appended: Sequence[tuple[str, int, int, str]] = (),
) -> tuple[Any, Any]:
    """A game in progress read back: its whole record and the open questions.

    ``row``: the ``records`` row's record, core state and game, then the
    ``current_hands`` row's game, hands before, hand and core state (None where
    there is no row: a table with no game, or a database of version 1, whose
    records are whole). ``appended``: the table's rows of the log (game, hands
    before, number in the hand, action), in their order: those after the last
    mark (number -1, the hand's row written) add its actions since (a number
    already there is a copy), and a row of number -2 gives the open questions
    from there on. A hand in progress that does not follow its record, or
    actions that skip one (which one commit never leaves), are logged and left
    out.

    Raises:
        ValueError: for JSON that cannot be read.
    """
    record_json, state_json, game_id, hand_game, before, hand_json, hand_state = row
    record = None if record_json is None else json.loads(record_json)
    core_state = None if state_json is None else json.loads(state_json)
    if hand_json is None or not isinstance(record, dict):
        return record, core_state
    hand = json.loads(hand_json)
    hands = record.get("hands")
    done = len(hands) if isinstance(hands, list) else -1
    if hand_game != game_id or (hand is not None and done != before):
        log.warning(
            "table %s: the hand in progress does not follow the record; "
            "resumed from the record alone",
            table_id,
        )
        return record, core_state
    actions = hand.get("actions") if isinstance(hand, dict) else None
    state = json.loads(hand_state)
    if appended and isinstance(actions, list):
        marks = [i for i, logged in enumerate(appended) if logged[2] == _MARK]
        for logged_game, logged_before, seq, action in appended[
            marks[-1] + 1 if marks else 0 :
        ]:
            if logged_game != hand_game or logged_before != before:
                continue  # an earlier hand's
            if seq == _QUESTIONS:
                state = json.loads(action)
                continue
            if seq < len(actions):
                continue  # already there (a copy, or in the hand's row)
            if seq != len(actions):
                log.warning(
                    "table %s: the actions of the hand in progress skip from "
                    "%d to %d; resumed from action %d",
                    table_id,
                    len(actions),
                    seq,
                    len(actions),
                )
                break
            actions.append(json.loads(action))
    if hand is not None and isinstance(hands, list):
        record["hands"] = [*hands, hand]
    return record, state


_MARK: Final = -1
"""The number of the log's row that marks a hand's row written whole."""
_QUESTIONS: Final = -2
"""The number of the log's row that holds the hand's open questions from there."""


@dataclass(slots=True)
class _HandWritten:
    """A table's hand in progress as the database holds it (see save_progress)."""

    game_id: str
    before: int
    hand: Any
    """The hand's dict as last given (a record writer keeps it, and only ever
    appends to its actions)."""
    actions: list[Any] | None
    """Its actions written so far (its row's, then those appended); None: a hand
    of another shape, always written whole."""
    core_state: dict[str, Any]

    def new_actions(self, game_id: str, before: int, hand: Any) -> list[Any] | None:
        """The actions ``hand`` adds to this one, to append; None: write it whole.

        The same hand (its game and place, its deal, the actions written as its
        first) only adds actions.
        """
        written = self.actions
        if (
            written is None
            or game_id != self.game_id
            or before != self.before
            or not isinstance(hand, dict)
        ):
            return None
        actions = hand.get("actions")
        if not isinstance(actions, list) or len(actions) < len(written):
            return None
        if hand is not self.hand:  # another copy of it: the same deal and start?
            old = self.hand
            if (
                not isinstance(old, dict)
                or hand.keys() != old.keys()
                or any(hand[k] != old[k] for k in hand if k != "actions")
                or actions[: len(written)] != written
            ):
                return None
            self.hand = hand
        return actions[len(written) :]


def _dumps(value: object) -> str:
    # msgspec writes the same compact JSON as json.dumps, several times faster: the
    # server saves a record after every action.
    return msgspec.json.encode(value).decode("utf-8")
