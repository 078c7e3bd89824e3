"""Load a versioned JSON object without ever raising or silently losing a file.

A file that is damaged (truncated, binary, not JSON, not an object, too large), of
another format version, or unreadable (permissions, a folder in its place, an I/O error)
is moved aside as ``NAME.broken-YYYYmmdd-HHMMSS`` (``-1``, ``-2``... if that name is
taken, so an earlier backup is never overwritten), a WARNING is logged, and the caller
gets a `LoadProblem` to tell the player in one sentence, and uses its defaults. The
next save then writes a fresh file, and the player's old one is still there to rescue.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from datetime import datetime
from pathlib import Path
from typing import Final

from audiospades.storage.problems import LoadProblem, ProblemKind

log = logging.getLogger(__name__)

MAX_FILE_BYTES: Final = 16 * 1024 * 1024
"""No file of ours comes near this; anything larger is not ours (or is damaged)."""

_MAX_BACKUP_SUFFIX: Final = 1000


def load_json_object(
    path: Path, *, version: int
) -> tuple[dict[str, object] | None, LoadProblem | None]:
    """Read `path` as a JSON object whose ``"version"`` is `version`.

    Returns:
        ``(obj, None)`` on success; ``(None, None)`` when the file does not exist (a
        first start, not a problem); ``(None, problem)`` when the file was bad and has
        been moved aside (``problem.backup`` is None if even that failed).
    """
    try:
        data = _read_limited(path)
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, reject(path, ProblemKind.UNREADABLE, str(exc))
    if data is None:
        return None, reject(path, ProblemKind.DAMAGED, "larger than any file of ours")
    try:
        # utf-8-sig: Windows Notepad puts a byte-order mark before hand-edited text.
        value = json.loads(data.decode("utf-8-sig"))
    except (ValueError, RecursionError) as exc:
        # ValueError covers UnicodeDecodeError, JSONDecodeError and over-long integers;
        # RecursionError comes from pathologically nested brackets.
        return None, reject(path, ProblemKind.DAMAGED, type(exc).__name__)
    if not isinstance(value, dict):
        return None, reject(path, ProblemKind.DAMAGED, "not a JSON object")
    found = value.get("version")
    if found != version or isinstance(found, bool):
        if isinstance(found, int) and not isinstance(found, bool):
            detail = f"version {found}, expected {version}"
            return None, reject(path, ProblemKind.WRONG_VERSION, detail)
        return None, reject(path, ProblemKind.DAMAGED, "no usable version number")
    return value, None


def reject(path: Path, kind: ProblemKind, detail: str) -> LoadProblem:
    """Move the bad file `path` aside, log a WARNING, and describe the problem."""
    backup = move_aside(path)
    if backup is None:
        log.warning(
            "cannot use %s (%s: %s); could not move it aside", path, kind, detail
        )
    else:
        log.warning(
            "cannot use %s (%s: %s); moved it to %s", path, kind, detail, backup
        )
    return LoadProblem(kind=kind, path=path, backup=backup)


def move_aside(path: Path) -> Path | None:
    """Rename `path` to a fresh ``NAME.broken-YYYYmmdd-HHMMSS[-N]`` beside it.

    Never replaces an existing file, even when two copies of the game race. Returns the
    new path, or None when the file could not be moved (it has vanished, say).
    """
    stem = f"{path.name}.broken-{_now().strftime('%Y%m%d-%H%M%S')}"
    for n in range(_MAX_BACKUP_SUFFIX):
        candidate = path.with_name(stem if n == 0 else f"{stem}-{n}")
        try:
            if _rename_no_replace(path, candidate):
                return candidate
        except FileNotFoundError:
            return None  # Another copy of the game moved it first.
        except OSError as exc:
            log.warning("could not move %s aside: %s", path, exc)
            return None
    return None


def _rename_no_replace(src: Path, dst: Path) -> bool:
    """Rename `src` to `dst` unless `dst` exists; False if it does."""
    if os.path.lexists(dst):
        return False
    try:
        # A hard link fails atomically if dst exists, where rename would clobber it.
        os.link(src, dst)
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
    """The file's bytes, or None if it is larger than `MAX_FILE_BYTES`."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
    return None if len(data) > MAX_FILE_BYTES else data


def _now() -> datetime:
    """Local time for backup names: the player reads them, not a machine."""
    return datetime.now()
