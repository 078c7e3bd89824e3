"""Crash-safe writes and a cross-process lock.

A write goes to a temporary file in the target's own folder, is flushed and
fsynced, and then replaces the target with `os.replace`, which is atomic on POSIX and
Windows: a reader, or the next start after a power cut, sees either the old file or
the new one, never half of each. The folder is fsynced too where the OS allows it, so
the rename itself is durable.

`file_lock` serialises read-modify-write sequences (statistics) between two copies of
the game started at once. It locks a ``NAME.lock`` file beside the target that is never
deleted (deleting a lock file lets a third process lock a new inode while a second still
holds the old one).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from audiospades.storage.problems import SaveProblem, SaveProblemKind

log = logging.getLogger(__name__)

DEFAULT_LOCK_TIMEOUT: Final = 10.0
"""Seconds to wait for another copy of the game; a stats update takes milliseconds."""

_POLL_SECONDS: Final = 0.01
_REPLACE_ATTEMPTS: Final = 5
"""Windows refuses to replace a file another process has open (a virus scanner, say)."""


class LockTimeoutError(TimeoutError):
    """Another process held the lock for longer than the timeout."""


def ensure_parent(path: Path) -> None:
    """Create the folders above `path` if they are missing."""
    path.parent.mkdir(parents=True, exist_ok=True)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that it is never seen half-written.

    Raises:
        OSError: the write failed; `path` still holds its previous content (or is still
            absent) and no temporary file is left behind.
    """
    if path.is_symlink():
        # Write through a link (a dotfiles repository, say) instead of replacing it.
        path = path.resolve()
    ensure_parent(path)
    fd, tmp_name = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
    )
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        _replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


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
def file_lock(path: Path, timeout: float = DEFAULT_LOCK_TIMEOUT) -> Iterator[None]:
    """Hold an exclusive cross-process lock on `path` for the ``with`` block.

    The lock is advisory: only code that also uses `file_lock` is kept out. It is not
    re-entrant, and it also excludes other threads of the same process.

    Raises:
        LockTimeoutError: the lock was still held elsewhere after `timeout` seconds.
        OSError: the lock file could not be created.
    """
    lock_file = lock_path_for(path)
    ensure_parent(lock_file)
    fd = os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + timeout
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise LockTimeoutError(f"{lock_file} is held by another process")
            time.sleep(_POLL_SECONDS)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)


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
