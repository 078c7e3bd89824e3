"""Crash-safe writes and a cross-process lock.

A write goes to a temporary file in the target's own folder, is flushed and
fsynced, and then replaces the target with `os.replace`, which is atomic on POSIX and
Windows: a reader, or the next start after a power cut, sees either the old file or
the new one, never half of each. The folder is fsynced too where the OS allows it, so
the rename itself is durable.

A write never goes through a symbolic link: a link in the target's place is replaced
by the new file, and what it pointed to is left as it was (a link planted as
``current_game.json`` must not let the game overwrite another file).

`file_lock` serialises read-modify-write sequences (statistics) between two copies of
the game started at once. It locks a ``NAME.lock`` file beside the target; a link or
anything else that is not a regular file in its place is moved aside, never opened.
The lock file is kept, unless the holder asks for it to be removed when it lets go
(the table server, the statistics and the online tokens do, so no lock file is
left in the player's folder). Removing a lock file is safe only because every
taker checks, once it holds the lock, that the file it locked is still the one
named ``NAME.lock`` (a process that opened the old file just before it was removed
would otherwise hold a lock nobody else sees), and takes the new one if not.

A write killed between creating its temporary file and renaming it leaves a
``.NAME.XXXXXXXX.tmp`` file behind; `remove_temp_files` clears them at start-up.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from audiospades.storage.problems import SaveProblem, SaveProblemKind
from audiospades.storage.safe_load import is_left_in_place, move_aside

log = logging.getLogger(__name__)

DEFAULT_LOCK_TIMEOUT: Final = 10.0
"""Seconds to wait for another copy of the game; a stats update takes milliseconds."""

TEMP_SUFFIX: Final = ".tmp"
_TEMP_RANDOM: Final = r"[a-z0-9_]{8}"
"""`tempfile.mkstemp`'s random part: eight of ``a-z0-9_``."""
_HAS_NOFOLLOW: Final = hasattr(os, "O_NOFOLLOW")
_LOCK_FLAGS: Final = (
    os.O_RDWR
    | os.O_CREAT
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
)
_POLL_SECONDS: Final = 0.002
"""Short, so a copy of the game that is waiting is not kept out for long by another
that records one game after another (each removes its lock file as it lets go)."""
_REPLACE_ATTEMPTS: Final = 5
"""Windows refuses to replace a file another process has open (a virus scanner, say)."""


class LockTimeoutError(TimeoutError):
    """Another process held the lock for longer than the timeout."""


def ensure_parent(path: Path) -> None:
    """Create the folders above `path` if they are missing."""
    path.parent.mkdir(parents=True, exist_ok=True)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that it is never seen half-written.

    A symbolic link at `path` is replaced by the file; its target is never written.

    Raises:
        OSError: the write failed; `path` still holds its previous content (or is still
            absent) and no temporary file is left behind. Also, before anything is
            written, when `path` holds a file the game could not read nor move
            aside: it is not written over (see `safe_load.is_left_in_place`).
    """
    if is_left_in_place(path):
        raise OSError(errno.EEXIST, "holds a file that could not be read", str(path))
    ensure_parent(path)
    for attempt in range(2):
        try:
            _write_and_replace(path, data)
        except FileNotFoundError:
            # Our temporary file vanished before the rename: another copy of the game
            # starting up took it for a killed write's leftover. Write it again.
            if attempt == 1 or not path.parent.is_dir():
                raise
            log.info("temporary file for %s vanished; writing again", path)
            continue
        break
    _fsync_dir(path.parent)


def _write_and_replace(path: Path, data: bytes) -> None:
    # mkstemp creates with O_EXCL: it never opens an existing file or follows a link.
    fd, tmp_name = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX
    )
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if path.is_symlink():
            log.warning("replacing the link %s with a file; its target is kept", path)
        # rename(2) replaces the directory entry: a link is replaced, not followed.
        _replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def atomic_write_text(path: Path, text: str) -> None:
    """Replace `path` with `text` encoded as UTF-8; see `atomic_write_bytes`."""
    atomic_write_bytes(path, text.encode("utf-8"))


def dump_json(value: object, *, pretty: bool) -> str:
    """Serialise `value` strictly: no NaN or infinity, which other JSON readers reject.

    Raises:
        TypeError, ValueError: `value` is not plain JSON data (a programming error).

    >>> dump_json({"b": 1, "a": [True, None]}, pretty=False)
    '{"a":[true,null],"b":1}'
    """
    if pretty:
        return (
            json.dumps(
                value, indent=2, sort_keys=True, ensure_ascii=False, allow_nan=False
            )
            + "\n"
        )
    return json.dumps(
        value,
        sort_keys=True,
        ensure_ascii=False,
        allow_nan=False,
        separators=(",", ":"),
    )


def try_write_json(path: Path, value: object, *, pretty: bool) -> SaveProblem | None:
    """Atomically write `value` as JSON, reporting an OS failure instead of raising.

    Raises:
        TypeError, ValueError: `value` is not plain JSON data (a programming error,
            raised before the disk is touched).
    """
    text = dump_json(value, pretty=pretty)
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        log.warning("could not write %s: %s", path, exc)
        return SaveProblem(SaveProblemKind.UNWRITABLE, path)
    return None


def lock_path_for(path: Path) -> Path:
    """The lock file that guards `path`: ``NAME.lock`` beside it."""
    return path.with_name(path.name + ".lock")


@contextlib.contextmanager
def file_lock(
    path: Path, timeout: float = DEFAULT_LOCK_TIMEOUT, *, remove: bool = False
) -> Iterator[None]:
    """Hold an exclusive cross-process lock on `path` for the ``with`` block.

    The lock is advisory: only code that also uses `file_lock` is kept out. It is not
    re-entrant, and it also excludes other threads of the same process. With
    `remove`, the lock file is removed as the lock is let go (never through a link,
    and only if it is still the file this lock holds; not on Windows, which cannot
    remove an open file). A lock file left by a killed process blocks nobody: the
    system lets go of a dead process's locks.

    Raises:
        LockTimeoutError: the lock was still held elsewhere after `timeout` seconds.
        OSError: the lock file could not be created.
    """
    lock_file = lock_path_for(path)
    ensure_parent(lock_file)
    deadline = time.monotonic() + timeout
    while True:
        fd = _open_lock_file(lock_file)
        try:
            while not _try_lock(fd):
                if time.monotonic() >= deadline:
                    raise LockTimeoutError(f"{lock_file} is held by another process")
                time.sleep(_POLL_SECONDS)
            if _is_linked(fd):
                break
            # Its holder removed the file as it let go: the lock is the file there
            # now. A lock on the removed file keeps nobody out, so it is never kept.
            _unlock(fd)
            if time.monotonic() >= deadline:
                raise LockTimeoutError(f"{lock_file} is held by another process")
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
    try:
        try:
            yield
        finally:
            if remove and sys.platform != "win32" and _is_named(fd, lock_file):
                with contextlib.suppress(OSError):
                    os.unlink(lock_file)  # unlink(2) removes a link, never follows
            _unlock(fd)
    finally:
        os.close(fd)


def _is_linked(fd: int) -> bool:
    """Whether the file open as `fd` still has a name (it was not removed).

    Unlike comparing file numbers with the name's, this holds on file systems whose
    file numbers are not stable; nobody renames a lock file or links it elsewhere.
    """
    if sys.platform == "win32":  # never removed there (see file_lock)
        return True
    return os.fstat(fd).st_nlink > 0


def _is_named(fd: int, lock_file: Path) -> bool:
    """Whether `lock_file` (not followed if a link) is the file open as `fd`."""
    if sys.platform == "win32":  # never removed there (see file_lock)
        return True
    try:
        named = os.stat(lock_file, follow_symlinks=False)
    except OSError:
        return False
    held = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def _open_lock_file(lock_file: Path) -> int:
    """Open (creating) the regular file `lock_file`, never through a link.

    Something else in its place (a link, a pipe, a folder) is moved aside once, as a
    damaged file would be, and a fresh lock file made.

    Raises:
        OSError: the lock file could not be opened or made.
    """
    for attempt in range(2):
        fd = _open_regular(lock_file)
        if fd is not None:
            return fd
        if attempt == 0:
            log.warning("%s is not a regular file; moving it aside", lock_file)
            if move_aside(lock_file) is None:
                break
    raise OSError(errno.EINVAL, "not a regular file", str(lock_file))


def _open_regular(path: Path) -> int | None:
    """A read-write descriptor on the regular file `path`, made if missing.

    None if a link, folder, pipe or device is there.
    """
    if not _HAS_NOFOLLOW and os.path.islink(path):  # Windows: look before opening
        return None
    try:
        fd = os.open(path, _LOCK_FLAGS, 0o644)
    except OSError:
        if os.path.islink(path) or os.path.isdir(path):
            return None
        raise
    if stat.S_ISREG(os.fstat(fd).st_mode):
        return fd
    os.close(fd)
    return None


def remove_temp_files(folder: Path, names: frozenset[str] | re.Pattern[str]) -> int:
    """Delete the temporary files that killed writes of `names` left in `folder`.

    `names` is the set of file names written there, or a pattern they all match.
    Only regular files named exactly ``.NAME.XXXXXXXX.tmp`` (as `atomic_write_bytes`
    makes them) are deleted; links, folders and anything else are left alone, and
    `folder` itself is not entered if it is a link. Returns how many were deleted.
    """
    try:
        if folder.is_symlink() or not folder.is_dir():
            return 0
        entries = list(os.scandir(folder))
    except OSError as exc:
        log.warning("cannot look for temporary files in %s: %s", folder, exc)
        return 0
    removed = 0
    for entry in entries:
        match = _TEMP_NAME.fullmatch(entry.name)
        if match is None:
            continue
        name = match.group("name")
        is_ours = (
            name in names
            if isinstance(names, frozenset)
            else names.fullmatch(name) is not None
        )
        try:
            if not is_ours or not entry.is_file(follow_symlinks=False):
                continue
            os.unlink(entry.path)
        except FileNotFoundError:
            continue  # Another copy of the game finished with it, or removed it.
        except OSError as exc:
            log.warning("cannot remove the temporary file %s: %s", entry.path, exc)
            continue
        log.info("removed %s, left by an interrupted write", entry.path)
        removed += 1
    return removed


_TEMP_NAME: Final = re.compile(
    rf"\.(?P<name>.+)\.{_TEMP_RANDOM}{re.escape(TEMP_SUFFIX)}"
)


def _replace(src: Path, dst: Path) -> None:
    for attempt in range(_REPLACE_ATTEMPTS):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if sys.platform != "win32" or attempt == _REPLACE_ATTEMPTS - 1:
                raise
            time.sleep(0.02 * (attempt + 1))


def _fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable; Windows cannot open folders, and needs not."""
    if sys.platform == "win32":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # Some file systems (and some network mounts) refuse; the data is written.
    finally:
        os.close(fd)


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        # Lock the first byte; Windows allows locking beyond the end of the file.
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - platforms with neither (WASI, Emscripten)
        fcntl = None  # type: ignore[assignment]

    def _try_lock(fd: int) -> bool:
        if fcntl is None:  # pragma: no cover
            # Best effort: atomic writes still keep each file whole; only a lost update
            # between two simultaneous copies of the game is possible here.
            return True
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
