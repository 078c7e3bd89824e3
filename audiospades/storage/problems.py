"""What can go wrong with the player's files, as plain data the presenter can word.

Storage never raises at the game and never speaks: a loader hands back defaults plus
at most one `LoadProblem`, a writer hands back `None` or one `SaveProblem`, and the
presenter turns that into one translated sentence.
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


class SaveProblemKind(StrEnum):
    """Why a file could not be written."""

    UNWRITABLE = "unwritable"
    """The operating system refused the write (disk full, read-only, permissions)."""
    BUSY = "busy"
    """Another copy of the game held the file's lock for too long."""


@dataclass(frozen=True, slots=True)
class LoadProblem:
    """A file that could not be used; it was moved aside to `backup` where possible."""

    kind: ProblemKind
    path: Path
    backup: Path | None


@dataclass(frozen=True, slots=True)
class SaveProblem:
    """A file that could not be written; the previous version, if any, is untouched."""

    kind: SaveProblemKind
    path: Path
