"""What can go wrong with the player's files, as plain data the presenter can word.

Storage never raises at the game and never speaks: a loader hands back defaults plus
at most one `LoadProblem`, a writer hands back `None` or one `SaveProblem`, and the
presenter turns that into one translated sentence. Nothing that could not be read is
ever deleted: it is moved aside under a name that says so (see `safe_load`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path


class ProblemKind(StrEnum):
    """Why a file could not be loaded."""

    DAMAGED = "damaged"
    """Not valid JSON, truncated, binary, too large, or not the expected JSON object."""
    WRONG_VERSION = "wrong_version"
    """A well-formed file of another format version (say, from a newer release)."""
    UNREADABLE = "unreadable"
    """The OS would not let us read it (permissions, an I/O error, too slow)."""
    NOT_A_FILE = "not_a_file"
    """Not a regular file: a symbolic link, a folder, a named pipe or a device."""
    PARTLY_USED = "partly_used"
    """Read, but some keys or entries could not be understood; they are named in
    `LoadProblem.ignored`, and the original file is kept as `LoadProblem.backup`."""


class SaveProblemKind(StrEnum):
    """Why a file could not be written."""

    UNWRITABLE = "unwritable"
    """The operating system refused the write (disk full, read-only, permissions)."""
    BUSY = "busy"
    """Another copy of the game held the file's lock for too long."""


@dataclass(frozen=True, slots=True)
class LoadProblem:
    """A file that could not be used; it was moved aside to `backup` where possible.

    For `ProblemKind.PARTLY_USED` the file was used, less what `ignored` names, and
    `backup` is a copy of the original as it was read.
    """

    kind: ProblemKind
    path: Path
    backup: Path | None
    ignored: tuple[str, ...] = ()
    """The keys or entries left unused (``"key_overide"``, ``"by_difficulty 7"``)."""


@dataclass(frozen=True, slots=True)
class SaveProblem:
    """A file that could not be written; the previous version, if any, is untouched."""

    kind: SaveProblemKind
    path: Path
