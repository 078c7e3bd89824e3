"""Load a versioned JSON object without ever raising, blocking or losing a file.

Only a regular file is read. It is opened without following a symbolic link and
without waiting for a writer on a named pipe (``O_NOFOLLOW | O_NONBLOCK``), checked with
``fstat``, and read in chunks, at most `MAX_FILE_BYTES` and within `READ_SECONDS`. So a
link planted in place of a file is never followed, and a pipe or a device never hangs
the game.

A file that is damaged (truncated, binary, not JSON, not an object, too large), of
another format version, unreadable (permissions, an I/O error, too slow), or not a
regular file at all (a link, a folder, a pipe, a device) is moved aside as
``NAME.broken-YYYYmmdd-HHMMSS`` (``-1``, ``-2``... if that name is taken, so an earlier
backup is never overwritten), a WARNING is logged, and the caller gets a `LoadProblem`
to tell the player in one sentence, and uses its defaults. The next save then writes a
fresh file, and the player's old one is still there to rescue. A link is moved aside
as the link itself: what it points to is never touched.

A file that is only partly understood (a settings key misspelt by hand, a statistics
entry with a count in quotes) is kept the same way: `keep_copy` writes the bytes as
they were read to a fresh ``NAME.broken-...`` name, and the caller rewrites the file
with what it understood, so the player hears about it once.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import re
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

from audiospades.storage.problems import LoadProblem, ProblemKind

log = logging.getLogger(__name__)

MAX_FILE_BYTES: Final = 16 * 1024 * 1024
"""No file of ours comes near this; anything larger is not ours (or is damaged)."""
READ_SECONDS: Final = 10.0
"""A read making no headway for this long (a stalled network share) gives up."""
READ_CHUNK_BYTES: Final = 1024 * 1024

_MAX_BACKUP_SUFFIX: Final = 1000
_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
_COMMON_FLAGS: Final = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_READ_FLAGS: Final = (
    os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | _COMMON_FLAGS
)
_CREATE_FLAGS: Final = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _COMMON_FLAGS


class NotRegularFileError(OSError):
    """The path is a symbolic link, a folder, a named pipe or a device."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """A JSON object as loaded, with the bytes it was read from."""

    value: dict[str, object]
    raw: bytes


def read_json_object(
    path: Path, *, version: int, older: tuple[int, ...] = ()
) -> tuple[Loaded | None, LoadProblem | None]:
    """Read `path` as a JSON object whose ``"version"`` is `version`.

    A version in `older` is read too, for a caller that upgrades it (its
    ``"version"`` says which it is); any other is moved aside.

    Returns:
        ``(loaded, None)`` on success; ``(None, None)`` when the file does not exist
        (a first start, not a problem); ``(None, problem)`` when the file was bad and
        has been moved aside (``problem.backup`` is None if even that failed).
    """
    try:
        data = _read_limited(path)
    except FileNotFoundError:
        _LEFT_IN_PLACE.discard(path)
        return None, None
    except NotRegularFileError as exc:
        return None, reject(path, ProblemKind.NOT_A_FILE, str(exc))
    except OSError as exc:
        return None, reject(path, ProblemKind.UNREADABLE, str(exc))
    if data is None:
        return None, reject(path, ProblemKind.DAMAGED, "larger than any file of ours")
    value, kind, detail = _decode(data, version, older)
    if value is None:
        return None, reject(path, kind, detail)
    _LEFT_IN_PLACE.discard(path)
    return Loaded(value=value, raw=data), None


def peek_json_object(path: Path, *, version: int) -> dict[str, object] | None:
    """`path` as `read_json_object` reads it, but changing nothing: None if bad.

    For a command that only looks (``audiospades replay`` asks which language the
    player chose): a bad file is neither moved aside nor logged above DEBUG, and is
    left as it is for the game to deal with, and tell the player of, at its next
    start.
    """
    try:
        data = _read_limited(path)
    except OSError as exc:  # missing, not a regular file, unreadable, too slow
        log.debug("not reading %s: %s", path, exc)
        return None
    if data is None:
        log.debug("not reading %s: too large", path)
        return None
    value, kind, detail = _decode(data, version)
    if value is None:
        log.debug("not using %s (%s: %s)", path, kind, detail)
    return value


def _decode(
    data: bytes, version: int, older: tuple[int, ...] = ()
) -> tuple[dict[str, object] | None, ProblemKind, str]:
    """The JSON object in `data` if of version `version` or `older`; else None, why."""
    try:
        # utf-8-sig: Windows Notepad puts a byte-order mark before hand-edited text.
        value = json.loads(data.decode("utf-8-sig"))
    except (ValueError, RecursionError) as exc:
        # ValueError covers UnicodeDecodeError, JSONDecodeError and over-long integers;
        # RecursionError comes from pathologically nested brackets.
        return None, ProblemKind.DAMAGED, type(exc).__name__
    if not isinstance(value, dict):
        return None, ProblemKind.DAMAGED, "not a JSON object"
    if _SURROGATE_ESCAPE.search(data) and not _is_encodable(value):
        # json reads "\ud800" alone as a character no UTF-8 text can hold: kept,
        # it made the rewrite of the file (and every start after) fail.
        return None, ProblemKind.DAMAGED, "half of a UTF-16 pair"
    found = value.get("version")
    if (found != version and found not in older) or isinstance(found, bool):
        if isinstance(found, int) and not isinstance(found, bool):
            detail = f"version {found}, expected {version}"
            return None, ProblemKind.WRONG_VERSION, detail
        return None, ProblemKind.DAMAGED, "no usable version number"
    return value, ProblemKind.DAMAGED, ""


_SURROGATE_ESCAPE: Final = re.compile(rb"\\u[dD][89a-fA-F]")
"""A JSON escape of a UTF-16 surrogate: whole pairs are fine, a lone one is not."""


def _is_encodable(value: object) -> bool:
    r"""Whether every string in `value` (keys too) can be written as UTF-8.

    >>> _is_encodable({"a": ["\U0001f600", 1]}), _is_encodable({"a": ["\ud800"]})
    (True, False)
    """
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
    return True


def load_json_object(
    path: Path, *, version: int, older: tuple[int, ...] = ()
) -> tuple[dict[str, object] | None, LoadProblem | None]:
    """`read_json_object` without the bytes: the object, or None (and a problem)."""
    loaded, problem = read_json_object(path, version=version, older=older)
    return (None if loaded is None else loaded.value), problem


_LEFT_IN_PLACE: Final[set[Path]] = set()
"""Bad files that could not be moved aside: never written over (see
`is_left_in_place`) until a later read finds them gone, good, or moves them."""


def is_left_in_place(path: Path) -> bool:
    """Whether `path` holds a file this run could not read nor move aside.

    Writing a new file there would delete it: its content, which the player may
    still get back, would be lost. Writers refuse (see `atomic_write_bytes`).
    """
    return path in _LEFT_IN_PLACE


def reject(path: Path, kind: ProblemKind, detail: str) -> LoadProblem:
    """Move the bad file `path` aside, log a WARNING, and describe the problem."""
    backup = move_aside(path)
    if backup is None:
        _LEFT_IN_PLACE.add(path)
    else:
        _LEFT_IN_PLACE.discard(path)
    if backup is None:
        log.warning(
            "cannot use %s (%s: %s); could not move it aside", path, kind, detail
        )
    else:
        log.warning(
            "cannot use %s (%s: %s); moved it to %s", path, kind, detail, backup
        )
    return LoadProblem(kind=kind, path=path, backup=backup)


def partly_used(
    path: Path, raw: bytes, ignored: tuple[str, ...]
) -> tuple[LoadProblem, bool]:
    """Keep a copy of a partly understood file; describe it, naming what was left out.

    Returns:
        The problem, and whether the copy was kept: only then may the caller rewrite
        `path` with what it understood (otherwise the player's original would be lost).
    """
    backup = keep_copy(path, raw)
    names = ", ".join(ignored)
    if backup is None:
        log.warning("%s partly unusable, not used: %s (no copy kept)", path, names)
    else:
        log.warning("%s partly unusable, not used: %s; kept as %s", path, names, backup)
    problem = LoadProblem(
        kind=ProblemKind.PARTLY_USED, path=path, backup=backup, ignored=ignored
    )
    return problem, backup is not None


def move_aside(path: Path) -> Path | None:
    """Rename `path` to a fresh ``NAME.broken-YYYYmmdd-HHMMSS[-N]`` beside it.

    Never replaces an existing file, even when two copies of the game race, and
    moves a symbolic link itself, never what it points to. Returns the new path, or
    None when the file could not be moved (it has vanished, or the folder is
    read-only).
    """
    for candidate in _backup_names(path):
        try:
            if _rename_no_replace(path, candidate):
                return candidate
        except FileNotFoundError:
            return None  # Another copy of the game moved it first.
        except OSError as exc:
            log.warning("could not move %s aside: %s", path, exc)
            return None
    return None


def keep_copy(path: Path, data: bytes) -> Path | None:
    """Write `data`, `path`'s bytes as read, to a fresh ``NAME.broken-...`` beside it.

    Like `move_aside`, never replaces anything. Returns the copy's path, or None
    when it could not be written (the folder is read-only, the disk is full).
    """
    for candidate in _backup_names(path):
        try:
            fd = os.open(candidate, _CREATE_FLAGS, 0o600)
        except FileExistsError:
            continue
        except OSError as exc:
            log.warning("could not keep a copy of %s: %s", path, exc)
            return None
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as exc:
            log.warning("could not keep a copy of %s: %s", path, exc)
            with contextlib.suppress(OSError):
                os.unlink(candidate)
            return None
        return candidate
    return None


def _backup_names(path: Path) -> Iterator[Path]:
    stem = f"{path.name}.broken-{_now().strftime('%Y%m%d-%H%M%S')}"
    for n in range(_MAX_BACKUP_SUFFIX):
        yield path.with_name(stem if n == 0 else f"{stem}-{n}")


def _rename_no_replace(src: Path, dst: Path) -> bool:
    """Rename `src` to `dst` unless `dst` exists; False if it does."""
    if os.path.lexists(dst):
        return False
    try:
        # A hard link fails atomically if dst exists, where rename would clobber it;
        # follow_symlinks=False links a symbolic link itself, not its target.
        os.link(src, dst, follow_symlinks=False)
    except FileExistsError:
        return False
    except (OSError, NotImplementedError):
        # Folders, and file systems without hard links (FAT, some network shares):
        # fall back to check-then-rename, which Windows also refuses to clobber.
        try:
            os.rename(src, dst)
        except FileExistsError:
            return False
        return True
    with contextlib.suppress(FileNotFoundError):
        os.unlink(src)
    return True


def _read_limited(path: Path) -> bytes | None:
    """The bytes of the regular file `path`, or None if larger than `MAX_FILE_BYTES`.

    Raises:
        FileNotFoundError: nothing is there (a first start), nor can be (a file
            stands where a folder of the path should be).
        NotRegularFileError: a link, folder, pipe or device is there; it was not read.
        OSError: the OS refused, or the read took longer than `READ_SECONDS`.
    """
    if not _NOFOLLOW and os.path.islink(path):  # Windows: no O_NOFOLLOW
        raise NotRegularFileError(errno.ELOOP, "a symbolic link", str(path))
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise
    except NotADirectoryError as exc:
        # A file where a folder of the path should be: nothing can be there (a
        # first start; saving says what goes wrong). Not damage to move aside.
        raise FileNotFoundError(errno.ENOENT, "no folder", str(path)) from exc
    except OSError as exc:
        # ELOOP on Linux, EMLINK on FreeBSD, EFTYPE on NetBSD: ask the link itself.
        if os.path.islink(path):
            link = "a symbolic link"
            raise NotRegularFileError(errno.ELOOP, link, str(path)) from exc
        if os.path.isdir(path):  # Windows refuses to open folders
            raise NotRegularFileError(errno.EISDIR, "a folder", str(path)) from exc
        raise
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFileError(errno.EINVAL, _describe(mode), str(path))
        return _read_fd(fd, path)
    finally:
        os.close(fd)


def _read_fd(fd: int, path: Path) -> bytes | None:
    deadline = _monotonic() + READ_SECONDS
    chunks: list[bytes] = []
    size = 0
    while size <= MAX_FILE_BYTES:
        if _monotonic() > deadline:
            raise TimeoutError(errno.ETIMEDOUT, "reading took too long", str(path))
        chunk = os.read(fd, min(READ_CHUNK_BYTES, MAX_FILE_BYTES + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return None if size > MAX_FILE_BYTES else b"".join(chunks)


def _describe(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _monotonic() -> float:
    return time.monotonic()


def _now() -> datetime:
    """Local time for backup names: the player reads them, not a machine."""
    return datetime.now()
