"""The game in progress and the last finished games.

The game in progress is saved after every action as ``current_game.json``:
``{"version": 1, "record": {...}, "meta": {...}}``, where ``record`` is a game
record (``spec/game-record.md``, opaque here apart from its ``"format"``) and ``meta``
whatever the app needs to resume gracefully (game id, players, the last thing spoken,
the cards chosen so far to pass).
That is one compact atomic write of a few tens of kilobytes, a few milliseconds.

Finished games are kept one file each in ``finished/``, the newest `FINISHED_KEPT`.
After a game ends the app should, in this order, `save_finished`, then
`stats.record_game`, then `clear_current`: each step can be repeated safely after a
crash (a finished file of the same id is replaced, a counted game id is ignored).

What is loaded is checked before the app sees it: a ``meta`` game id that could not
name a file (``"a:b"``) is repaired to a safe id derived from it, the same one every
time, so the game is still counted once; numbers and texts out of range are dropped
(the app has a default for each). A saved game the app cannot replay is never
deleted: `set_aside_current` moves it aside under a name that says so.

``finished/`` is never used through a symbolic link: a link there is refused, so the
game neither writes nor prunes files somewhere else.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from audiospades.storage import paths
from audiospades.storage.atomic import try_write_json
from audiospades.storage.problems import (
    LoadProblem,
    ProblemKind,
    SaveProblem,
    SaveProblemKind,
)
from audiospades.storage.safe_load import load_json_object, move_aside, reject

log = logging.getLogger(__name__)

SAVE_VERSION: Final = 1
RECORD_FORMAT: Final = "audiospades-record/1"
FINISHED_KEPT: Final = 50
MAX_SEED: Final = 2**63 - 1
MAX_UNDO_COUNT: Final = 1_000_000
MAX_NAME_LENGTH: Final = 100
"""Of a seat name, which is spoken."""
MAX_PASS_CHOICE: Final = 13
"""Cards in a saved choice of cards to pass (a hand at most)."""
MAX_SPOKEN_LENGTH: Final = 10_000
"""Of the last line spoken, which is spoken again on resuming."""
_GAME_ID: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,99}")
"""Game ids become file names, so they are kept to characters every OS accepts."""
FINISHED_FILE_NAME: Final = re.compile(_GAME_ID.pattern + r"\.json")
"""The name of every file `save_finished` writes in ``finished/``."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game record and the app's side notes about it."""

    record: dict[str, object]
    meta: dict[str, object]


@dataclass(frozen=True, slots=True)
class FinishedGameInfo:
    """One finished game as `list_finished` shows it, without its record."""

    game_id: str
    finished_at: str
    """When it was saved, ISO 8601 in UTC."""
    meta: dict[str, object]


def new_game_id() -> str:
    """A fresh, file-name-safe game id.

    >>> is_valid_game_id(new_game_id())
    True
    """
    return uuid.uuid4().hex


def is_valid_game_id(game_id: str) -> bool:
    """Whether `game_id` can name a finished game's file.

    >>> [is_valid_game_id(i) for i in ("3f2a-game_1", "../etc", "", "con.json")]
    [True, False, False, False]
    """
    return _GAME_ID.fullmatch(game_id) is not None


def save_current(
    record: dict[str, object], meta: dict[str, object]
) -> SaveProblem | None:
    """Replace the saved game in progress.

    Raises:
        ValueError, TypeError: `record` is not a game record, or either argument is not
            plain JSON data (programming errors, raised before the disk is touched).
    """
    check_record(record)
    envelope = {"version": SAVE_VERSION, "record": record, "meta": meta}
    return try_write_json(paths.current_game_path(), envelope, pretty=False)


def load_current() -> tuple[SavedGame | None, LoadProblem | None]:
    """The saved game in progress; None if there is none or it was unusable.

    Its meta is checked (see the module docstring): the game id is always valid.
    """
    saved, problem = _load_game(paths.current_game_path())
    if saved is None:
        return None, problem
    return SavedGame(record=saved.record, meta=_checked_meta(saved)), None


def has_game_in_progress() -> bool:
    """Whether a game in progress is saved (Continue would offer it)."""
    return os.path.lexists(paths.current_game_path())


def set_aside_current(reason: str) -> Path | None:
    """Move the saved game in progress aside, as a file the app could not use.

    For a save that loads but cannot be replayed: it is renamed
    ``current_game.json.broken-YYYYmmdd-HHMMSS``, never deleted. Returns where it went,
    or None if there was none or it could not be moved (it is then left in place).
    """
    return set_aside(paths.current_game_path(), "saved game", reason)


def set_aside(path: Path, what: str, reason: str) -> Path | None:
    """Move ``path`` aside as unusable for ``reason`` and log it (``what`` it is).

    Where it went, or None if there was nothing or it could not be moved.
    """
    if not os.path.lexists(path):
        return None
    backup = move_aside(path)
    if backup is None:
        log.warning("%s unusable (%s); could not move %s aside", what, reason, path)
    else:
        log.warning("%s unusable (%s); moved %s to %s", what, reason, path, backup)
    return backup


def clear_current() -> SaveProblem | None:
    """Forget the game in progress (it ended, or the player abandoned it)."""
    return remove_file(paths.current_game_path())


def remove_file(path: Path) -> SaveProblem | None:
    """Remove a file the game saved (gone already is fine); say if it could not."""
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        log.warning("could not remove %s: %s", path, exc)
        return SaveProblem(SaveProblemKind.UNWRITABLE, path)
    return None


def save_finished(
    game_id: str, record: dict[str, object], meta: dict[str, object]
) -> SaveProblem | None:
    """Keep a finished game as ``finished/GAME_ID.json``, pruning the oldest beyond 50.

    Raises:
        ValueError, TypeError: an unsafe game id (see `is_valid_game_id`), or as for
            `save_current`.
    """
    if not is_valid_game_id(game_id):
        raise ValueError(f"game id {game_id!r} cannot name a file")
    check_record(record)
    if paths.finished_dir().is_symlink():
        log.warning("%s is a link; not writing through it", paths.finished_dir())
        return SaveProblem(SaveProblemKind.UNWRITABLE, _finished_path(game_id))
    envelope = {
        "version": SAVE_VERSION,
        "game_id": game_id,
        "finished_at": datetime.now(UTC).isoformat(timespec="microseconds"),
        "record": record,
        "meta": meta,
    }
    problem = try_write_json(_finished_path(game_id), envelope, pretty=False)
    if problem is None:
        _prune_finished()
    return problem


def list_finished() -> list[FinishedGameInfo]:
    """The finished games kept, newest first; unusable files are moved aside."""
    infos = []
    for path in _finished_files():
        obj, _ = load_json_object(path, version=SAVE_VERSION)
        info = _finished_info(path, obj) if obj is not None else None
        if info is not None:
            infos.append(info)
    infos.sort(key=lambda i: (i.finished_at, i.game_id), reverse=True)
    return infos


def load_finished(game_id: str) -> tuple[SavedGame | None, LoadProblem | None]:
    """One finished game; None if it is not kept (or the id is not a valid one)."""
    if not is_valid_game_id(game_id):
        return None, None
    return _load_game(_finished_path(game_id))


def check_record(record: dict[str, object]) -> None:
    """Refuse to save a record of another format (a programming error).

    Raises:
        ValueError: ``record`` is not in `RECORD_FORMAT`.
    """
    if record.get("format") != RECORD_FORMAT:
        raise ValueError(f"a game record must have format {RECORD_FORMAT!r}")


def record_problem(path: Path, record: dict[str, object]) -> LoadProblem | None:
    """Why the record read from ``path`` cannot be used (moved aside), or None.

    Another string is a record of another format; anything else is not a record.
    """
    fmt = record.get("format")
    if fmt == RECORD_FORMAT:
        return None
    kind = ProblemKind.WRONG_VERSION if isinstance(fmt, str) else ProblemKind.DAMAGED
    return reject(path, kind, f"record format {fmt!r}")


def _load_game(path: Path) -> tuple[SavedGame | None, LoadProblem | None]:
    obj, problem = load_json_object(path, version=SAVE_VERSION)
    if obj is None:
        return None, problem
    record, meta = obj.get("record"), obj.get("meta")
    if not isinstance(record, dict) or not isinstance(meta, dict):
        return None, reject(path, ProblemKind.DAMAGED, "no record or no meta")
    problem = record_problem(path, record)
    if problem is not None:
        return None, problem
    return SavedGame(record=record, meta=meta), None


def _finished_path(game_id: str) -> Path:
    return paths.finished_dir() / f"{game_id}.json"


def _finished_files() -> list[Path]:
    """Every entry named ``*.json`` in ``finished/``, links and folders included.

    Whatever is not a regular file is then moved aside by the loader, never read.
    """
    folder = paths.finished_dir()
    try:
        if folder.is_symlink():
            log.warning("%s is a link; not reading through it", folder)
            return []
        with os.scandir(folder) as entries:
            return [Path(e.path) for e in entries if e.name.endswith(".json")]
    except FileNotFoundError:
        return []
    except OSError as exc:
        log.warning("cannot list finished games: %s", exc)
        return []


def _finished_info(path: Path, obj: dict[str, object]) -> FinishedGameInfo | None:
    game_id, finished_at, meta = (
        obj.get("game_id"),
        obj.get("finished_at"),
        obj.get("meta"),
    )
    if (
        game_id != path.stem
        or not isinstance(finished_at, str)
        or not isinstance(meta, dict)
    ):
        reject(path, ProblemKind.DAMAGED, "not a finished game")
        return None
    return FinishedGameInfo(game_id=path.stem, finished_at=finished_at, meta=meta)


def _checked_meta(saved: SavedGame) -> dict[str, object]:
    """`saved.meta` with a valid game id and nothing out of range (see module doc)."""
    meta = dict(saved.meta)
    game_id = meta.get("game_id")
    if not isinstance(game_id, str) or not is_valid_game_id(game_id):
        # Derived from what is there, so every load gives the same id and a game
        # finished twice (a crash in between) is still counted once.
        source = game_id if isinstance(game_id, str) else _canonical(saved.record)
        meta["game_id"] = "r" + hashlib.sha256(source.encode()).hexdigest()[:31]
        log.warning("saved game id %r repaired to %s", game_id, meta["game_id"])
    checks: dict[str, Callable[[object], bool]] = {
        "seed": lambda v: _is_int(v, 0, MAX_SEED),
        "undo_count": lambda v: _is_int(v, 0, MAX_UNDO_COUNT),
        "names": lambda v: (
            isinstance(v, list)
            and all(isinstance(n, str) and len(n) <= MAX_NAME_LENGTH for n in v)
        ),
        "last_spoken": lambda v: isinstance(v, str) and len(v) <= MAX_SPOKEN_LENGTH,
        "last_spoken_language": lambda v: isinstance(v, str) and len(v) <= 16,
        "pass_choice": lambda v: (
            isinstance(v, list)
            and len(v) <= MAX_PASS_CHOICE
            and all(isinstance(c, str) and len(c) <= 3 for c in v)
        ),
    }
    for name, is_usable in checks.items():
        if name in meta and not is_usable(meta[name]):
            log.warning("saved game's %s is out of range; not used", name)
            del meta[name]
    return meta


def _is_int(value: object, low: int, high: int) -> bool:
    is_int = isinstance(value, int) and not isinstance(value, bool)
    return is_int and low <= value <= high  # type: ignore[operator]


def _canonical(value: object) -> str:
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    except (RecursionError, ValueError):  # as deep as json.loads allowed: rare
        return ""


def _prune_finished() -> None:
    """Delete all but the newest `FINISHED_KEPT` finished games.

    Two copies of the game pruning at once at worst both delete the same oldest file,
    so no lock is needed.
    """
    for info in list_finished()[FINISHED_KEPT:]:
        try:
            _finished_path(info.game_id).unlink()
        except FileNotFoundError:
            continue
        except OSError as exc:
            # Open in another program (Windows), or made immutable: it is pruned
            # at a later save. The game just saved stands.
            log.warning("could not prune finished game %s: %s", info.game_id, exc)
            continue
        log.info("pruned finished game %s", info.game_id)
