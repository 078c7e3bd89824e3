"""The server database's file: what is wrong with it, and a copy kept before an upgrade.

A database that cannot be used is refused in one line for the operator (the server's
log and console, in English): what is wrong, and what to do about it. The line is
chosen from SQLite's error code (``sqlite3.Error.sqlite_errorname``) or the system's
``errno``, never from the wording of a message, which differs between versions.

Before the schema of an older database is brought up to date, a copy of the whole
database is kept beside it (:func:`keep_copy`), made with SQLite's backup API so
that it holds what a killed server left in the ``-wal`` file too.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import stat
import sys
import tempfile
from pathlib import Path
from typing import Final

_COPY_NAMES: Final = 100
"""Names tried for the copy kept before an upgrade: ``NAME.before-schema-N``, then
``NAME.before-schema-N.1`` and on; an existing one is never replaced."""

_COPY_MODE: Final = 0o600
"""The copy kept before an upgrade may be read and written by this user only."""

_DISK_FULL: Final = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
"""No room left: the disk, or this user's quota (no EDQUOT on Windows)."""
_NO_LINKS: Final = {errno.EPERM, getattr(errno, "ENOTSUP", errno.EPERM), errno.EXDEV}
"""What ``os.link`` says on a file system without hard links."""

_FULL_BYTES: Final = 1 << 20
"""A disk with less room than this is full, for a database's files: SQLite's I/O
errors on it are said to be a full disk."""

_DETAIL_CHARACTERS: Final = 200
"""SQLite's own words quoted in a refusal are cut to this (a damaged database's
report runs to many lines)."""


def one_line(text: str) -> str:
    r"""``text`` on one line, cut short if long (for SQLite's own reports).

    >>> one_line("*** in database main ***\nPage 3: bad")
    '*** in database main ***; Page 3: bad'
    """
    flat = "; ".join(part.strip() for part in text.splitlines() if part.strip())
    if len(flat) > _DETAIL_CHARACTERS:
        flat = flat[: _DETAIL_CHARACTERS - 3] + "..."
    return flat


def sqlite_problem(path: Path, error: sqlite3.Error) -> str:
    """What is wrong with the database at ``path``, and what to do, for ``error``.

    The words follow ``path`` in a line such as "cannot use the database PATH: ...".
    """
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return (
            "is locked by another program (not an audiospades server: an SQLite "
            "browser, a backup, a script?); close that program, then start again"
        )
    if name.startswith("SQLITE_READONLY") or name == "SQLITE_PERM":
        return _read_only(path)
    if name.startswith("SQLITE_NOTADB"):
        return (
            "is not an SQLite database (another kind of file); give another "
            "--db (a name that does not exist yet makes a new database)"
        )
    if name.startswith("SQLITE_CORRUPT"):
        return (
            f"is damaged ({one_line(str(error))}); restore it from a backup, "
            "or give another --db"
        )
    if name == "SQLITE_FULL":
        return "cannot be written: the disk is full; free some space, then start again"
    if name.startswith("SQLITE_IOERR") and _is_full(path.parent):
        # SQLite reports a full disk as an I/O error when it cannot grow its -shm
        # file (SQLITE_IOERR_SHMSIZE) or write its -wal file.
        return (
            f"cannot be written: the disk is full ({name}); free some space, then "
            "start again"
        )
    if name.startswith("SQLITE_CANTOPEN"):
        return (
            "cannot be opened: SQLite cannot open it or make its -wal and -shm files "
            f"beside it; check that this user may read and write the folder "
            f"{path.parent} and the file"
        )
    if name.startswith("SQLITE_IOERR"):
        return (
            f"cannot be read or written: the disk failed ({name}); check the disk, "
            "then start again"
        )
    return (
        f"was refused by SQLite ({one_line(str(error))}, "
        f"{name or type(error).__name__}); check the file, or give another --db"
    )


def _is_full(folder: Path) -> bool:
    """Whether the disk holding ``folder`` has next to no room left."""
    try:
        return shutil.disk_usage(folder).free < _FULL_BYTES
    except OSError:
        return False


def _read_only(path: Path) -> str:
    """The words for a database SQLite cannot write: the file, or its folder."""
    if path.exists() and not os.access(path, os.W_OK):
        return (
            "is read-only for this user; give this user write permission on it, "
            "or give another --db"
        )
    if not os.access(path.parent, os.W_OK):
        return (
            f"is in a folder this user cannot write, {path.parent} (SQLite makes "
            "its -wal and -shm files there); give this user write permission on "
            "the folder, or give another --db"
        )
    return (
        "cannot be written (SQLite found it read-only); check the permissions of "
        "the file and its folder, or give another --db"
    )


def os_problem(path: Path, error: OSError, doing: str) -> str:
    """What is wrong, and what to do, when ``doing`` failed with ``error``.

    ``doing`` says what the server was doing, such as "cannot make its lock file
    X"; the words follow ``path`` as those of :func:`sqlite_problem` do.
    """
    code = error.errno
    if code == errno.EROFS:
        return (
            f"{doing}: the disk is mounted read-only; give a --db on a disk the "
            "server may write"
        )
    if code in (errno.EACCES, errno.EPERM):
        return (
            f"{doing}: this user cannot write in the folder {path.parent}; give "
            "this user write permission on it, or give another --db"
        )
    if code in _DISK_FULL:
        return f"{doing}: the disk is full; free some space, then start again"
    if code in (errno.ENOTDIR, errno.EEXIST):
        return (
            f"{doing}: a file stands where its folder {path.parent} should be; "
            "give another --db"
        )
    return f"{doing}: {error.strerror or error}; check the folder {path.parent}"


def keep_copy(db: sqlite3.Connection, path: Path, version: int) -> Path:
    """Copy the database open as ``db`` (the file ``path``) beside it; return where.

    The copy is made in a new folder of this user's only, beside the database (so
    that no one else can put a link or another file where SQLite writes it, nor
    read it half made), then given its name with a hard link, which never replaces
    an existing file and never follows a link: ``NAME.before-schema-VERSION``, or
    that with ``.1``, ``.2``... if taken. It holds what the database holds
    (players' tokens too), so no one may read it who may not read the database:
    its mode is :data:`_COPY_MODE`, or the database's own where that allows less.

    Raises:
        sqlite3.Error, OSError: the copy could not be made (nothing is left of it).
    """
    base = path.with_name(f"{path.name}.before-schema-{version}")
    mode = _COPY_MODE & stat.S_IMODE(os.stat(path).st_mode)
    folder = Path(
        tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    )
    temporary = folder / "copy"
    try:
        fd = os.open(temporary, os.O_RDWR | os.O_CREAT | os.O_EXCL, _COPY_MODE)
        try:
            _set_mode(fd, _COPY_MODE)  # whatever the umask left, for SQLite to write
            copy = sqlite3.connect(temporary)
            try:
                db.backup(copy)
            finally:
                copy.close()
            os.fsync(fd)
            _set_mode(fd, mode)  # a read-only database's copy is read-only too
        finally:
            os.close(fd)
        for n in range(_COPY_NAMES):
            target = base if n == 0 else base.with_name(f"{base.name}.{n}")
            if _give_name(temporary, target):
                return target
        raise FileExistsError(errno.EEXIST, "every name for the copy is taken", base)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _set_mode(fd: int, mode: int) -> None:
    """Give the file open as ``fd`` the permissions ``mode``.

    Not on Windows, where the folder's access lists decide (and there is no
    ``fchmod``).
    """
    if sys.platform != "win32":
        os.fchmod(fd, mode)


def _give_name(temporary: Path, target: Path) -> bool:
    """Name the file ``temporary`` also ``target``; False if ``target`` is taken."""
    try:
        os.link(temporary, target)  # link(2) never follows a link at target
    except FileExistsError:
        return False
    except OSError as error:
        if error.errno not in _NO_LINKS:
            raise
        # A file system without hard links: look, then rename (which would replace).
        if os.path.lexists(target):
            return False
        os.rename(temporary, target)
    return True
