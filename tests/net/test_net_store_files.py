"""The server database's file: SQLite's and the system's errors worded for the
operator (one line: what is wrong, what to do), and the copy kept before an
upgrade."""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from audiospades.net.store_files import keep_copy, os_problem, sqlite_problem


def _error(run: Callable[[], object]) -> sqlite3.Error:
    with pytest.raises(sqlite3.Error) as caught:
        run()
    return caught.value


def _database(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()


def test_a_full_disk_is_named_so(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "s.db")
    db.execute("PRAGMA max_page_count=1")  # as full as a full disk, for SQLite
    error = _error(lambda: db.execute("CREATE TABLE t (x)"))
    db.close()
    assert sqlite_problem(tmp_path / "s.db", error) == (
        "cannot be written: the disk is full; free some space, then start again"
    )


def test_a_read_only_database_is_named_so(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    _database(path)
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    error = _error(lambda: db.execute("INSERT INTO t VALUES (1)"))
    db.close()
    # SQLite opened it read-only on its own: here the file can be written.
    assert sqlite_problem(path, error).startswith("cannot be written (SQLite found")


def test_a_lock_held_by_another_program_is_named_so(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    _database(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    db = sqlite3.connect(path, timeout=0)
    error = _error(lambda: db.execute("SELECT * FROM t"))
    db.close()
    other.close()
    assert sqlite_problem(path, error).startswith(
        "is locked by another program (not an audiospades server"
    )


def test_a_file_sqlite_cannot_open_is_named_so(tmp_path: Path) -> None:
    path = tmp_path / "no such folder" / "s.db"
    error = _error(lambda: sqlite3.connect(path))
    assert sqlite_problem(path, error) == (
        "cannot be opened: SQLite cannot open it or make its -wal and -shm files "
        f"beside it; check that this user may read and write the folder "
        f"{path.parent} and the file"
    )


def test_a_damaged_file_is_named_so_on_one_line(tmp_path: Path) -> None:
    error = sqlite3.DatabaseError("database disk image is malformed\nPage 3")
    error.sqlite_errorname = "SQLITE_CORRUPT"
    assert sqlite_problem(tmp_path / "s.db", error) == (
        "is damaged (database disk image is malformed; Page 3); restore it from a "
        "backup, or give another --db"
    )


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (errno.EROFS, "the disk is mounted read-only; give a --db on a disk"),
        (errno.EACCES, "this user cannot write in the folder"),
        (errno.EPERM, "this user cannot write in the folder"),
        (errno.ENOSPC, "the disk is full; free some space, then start again"),
        (errno.ENOTDIR, "a file stands where its folder"),
    ],
)
def test_each_system_error_says_what_to_do(
    tmp_path: Path, code: int, said: str
) -> None:
    path = tmp_path / "s.db"
    line = os_problem(path, OSError(code, "words"), "cannot make its lock file X")
    assert line.startswith(f"cannot make its lock file X: {said}")
    assert "\n" not in line


def test_the_copy_holds_what_the_wal_file_holds(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("CREATE TABLE t (x)")
    writer.execute("INSERT INTO t VALUES ('in the wal only')")
    db = sqlite3.connect(path)
    copy = keep_copy(db, path, 2)
    db.close()
    writer.close()
    assert copy == tmp_path / "s.db.before-schema-2"
    read = sqlite3.connect(copy)
    assert read.execute("SELECT x FROM t").fetchall() == [("in the wal only",)]
    read.close()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith((".tmp", "-journal"))]


def test_an_io_error_on_a_full_disk_is_named_a_full_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorname = "SQLITE_IOERR_SHMSIZE"  # as a full tmpfs gives it
    path = tmp_path / "s.db"
    assert sqlite_problem(path, error).startswith("cannot be read or written")
    monkeypatch.setattr(shutil, "disk_usage", lambda _: SimpleNamespace(free=0))
    assert sqlite_problem(path, error) == (
        "cannot be written: the disk is full (SQLITE_IOERR_SHMSIZE); free some "
        "space, then start again"
    )


@pytest.mark.skipif(os.name == "nt", reason="no POSIX permissions")
@pytest.mark.parametrize(
    ("database", "kept"),
    [(0o644, 0o600), (0o640, 0o600), (0o600, 0o600), (0o400, 0o400)],
)
def test_the_copy_may_be_read_by_no_one_who_may_not_read_the_database(
    tmp_path: Path, database: int, kept: int
) -> None:
    path = tmp_path / "s.db"
    _database(path)
    path.chmod(database)
    db = sqlite3.connect(path)
    copy = keep_copy(db, path, 2)
    db.close()
    assert stat.S_IMODE(copy.stat().st_mode) == kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.db", copy.name]


@pytest.mark.skipif(os.name == "nt", reason="no POSIX permissions")
def test_the_copy_is_made_where_no_one_else_can_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tmp_path.chmod(0o755)  # a server's folder others may read, or even write
    path = tmp_path / "s.db"
    _database(path)
    written: list[int] = []
    connect = sqlite3.connect

    def watched(name: Path) -> sqlite3.Connection:
        written.append(stat.S_IMODE(name.parent.stat().st_mode))
        return connect(name)

    monkeypatch.setattr(sqlite3, "connect", watched)
    db = connect(path)
    keep_copy(db, path, 2)
    db.close()
    assert written == [0o700]
