"""How far the player got in "Learn to play", in the data folder.

``tutorial.json`` holds the tour's next step and the lessons finished, so the
tutorial goes on where it stopped. Read and written like every file of ours (see
`safe_load` and `atomic`): a damaged file is moved aside and the tutorial starts
from the top; a value it cannot use (a step out of range, an unknown lesson) is
left out.

``lesson-ID.json``, one per lesson left part way, holds where that lesson stands:
``{"version": 1, "lesson": ID, "record": {...}, "state": {...}}``, where ``record``
is the lesson's game record (``spec/game-record.md``) and ``state`` the tutorial's
own notes (opaque here). The lesson's id comes from the program, never from a file,
so no name read from disk becomes a path. It is written atomically, never through
a symbolic link; a file that cannot be used is moved aside, never deleted; and
finishing the lesson removes the file only when it is a regular file, as the game
writes it (a link or a folder put in its place is left alone).
"""

from __future__ import annotations

import logging
import os
import re
import stat
from dataclasses import dataclass, field
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
from audiospades.storage.safe_load import (
    load_json_object,
    partly_used,
    read_json_object,
    reject,
)
from audiospades.storage.saves import (
    check_record,
    record_problem,
    remove_file,
    set_aside,
)

log = logging.getLogger(__name__)

TUTORIAL_VERSION: Final = 1
TUTORIAL_FILE: Final = "tutorial.json"
MAX_STEP: Final = 1000
MAX_LESSONS: Final = 100
LESSON_VERSION: Final = 1
LESSON_FILE_NAME: Final = re.compile(r"lesson-(?P<id>[a-z0-9_]{1,64})\.json")
"""The name of every lesson file: a lesson id of the program's, never from data."""


@dataclass(frozen=True, slots=True)
class TutorialProgress:
    """Where the player is in the tutorial.

    Attributes:
        tour_step: The tour's next step (0: not started).
        tour_done: Whether the tour was finished.
        lessons_done: The ids of the lessons finished, in the order finished.
    """

    tour_step: int = 0
    tour_done: bool = False
    lessons_done: tuple[str, ...] = field(default_factory=tuple)


def tutorial_path() -> Path:
    """``tutorial.json`` in the data folder."""
    return paths.data_dir() / TUTORIAL_FILE


def load_progress() -> tuple[TutorialProgress, LoadProblem | None]:
    """The progress saved, or a fresh start (with the problem, if the file was bad).

    A value it cannot use is left out, and a copy of the file is kept first (a
    ``PARTLY_USED`` problem): the next save writes only what was used, and the
    player's file must not be lost to it.
    """
    path = tutorial_path()
    loaded, problem = read_json_object(path, version=TUTORIAL_VERSION)
    if loaded is None:
        return TutorialProgress(), problem
    data = loaded.value
    step = data.get("tour_step", 0)
    done = data.get("tour_done", False)
    lessons = data.get("lessons_done", [])
    ignored: list[str] = []
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= MAX_STEP:
        ignored.append("tour_step")
        step = 0
    if not isinstance(done, bool):
        ignored.append("tour_done")
        done = False
    kept = []
    if isinstance(lessons, list):
        kept = [x for x in lessons if isinstance(x, str) and 0 < len(x) <= 64]
    if not isinstance(lessons, list) or len(kept) != len(lessons):
        ignored.append("lessons_done")
    progress = TutorialProgress(
        tour_step=step, tour_done=done, lessons_done=tuple(kept[:MAX_LESSONS])
    )
    if ignored:
        problem, _copied = partly_used(path, loaded.raw, tuple(ignored))
    return progress, problem


def save_progress(progress: TutorialProgress) -> SaveProblem | None:
    """Write the progress atomically; a problem instead of raising on OS errors."""
    return try_write_json(
        tutorial_path(),
        {
            "version": TUTORIAL_VERSION,
            "tour_step": progress.tour_step,
            "tour_done": progress.tour_done,
            "lessons_done": list(progress.lessons_done),
        },
        pretty=True,
    )


@dataclass(frozen=True, slots=True)
class SavedLesson:
    """A lesson left part way: its game record and the tutorial's notes on it."""

    record: dict[str, object]
    state: dict[str, object]


def lesson_path(lesson_id: str) -> Path:
    """``lesson-ID.json`` in the data folder.

    Raises:
        ValueError: ``lesson_id`` could not name a file (a programming error:
            lesson ids are the program's own).

    >>> lesson_path("first_hand").name
    'lesson-first_hand.json'
    """
    name = f"lesson-{lesson_id}.json"
    if LESSON_FILE_NAME.fullmatch(name) is None:
        raise ValueError(f"lesson id {lesson_id!r} cannot name a file")
    return paths.data_dir() / name


def save_lesson(
    lesson_id: str, record: dict[str, object], state: dict[str, object]
) -> SaveProblem | None:
    """Replace the saved lesson ``lesson_id`` (atomically, never through a link).

    Raises:
        ValueError, TypeError: a bad lesson id, a record of another format, or
            values that are not plain JSON data (programming errors, raised before
            the disk is touched).
    """
    path = lesson_path(lesson_id)
    check_record(record)
    envelope = {
        "version": LESSON_VERSION,
        "lesson": lesson_id,
        "record": record,
        "state": state,
    }
    return try_write_json(path, envelope, pretty=False)


def load_lesson(lesson_id: str) -> tuple[SavedLesson | None, LoadProblem | None]:
    """The lesson ``lesson_id`` as it was left; None if none is saved or it is bad.

    A bad file (damaged, of another version, not a regular file, another lesson's,
    with no record or no state) is moved aside and described in the problem.
    """
    path = lesson_path(lesson_id)
    data, problem = load_json_object(path, version=LESSON_VERSION)
    if data is None:
        return None, problem
    record, state = data.get("record"), data.get("state")
    if (
        data.get("lesson") != lesson_id
        or not isinstance(record, dict)
        or not isinstance(state, dict)
    ):
        return None, reject(path, ProblemKind.DAMAGED, "not this lesson's state")
    problem = record_problem(path, record)
    if problem is not None:
        return None, problem
    return SavedLesson(record=record, state=state), None


def set_aside_lesson(lesson_id: str, reason: str) -> Path | None:
    """Move a saved lesson the tutorial cannot use aside, never deleting it.

    For a file that loads but no longer fits the lesson (written for an older
    script, say): renamed ``lesson-ID.json.broken-YYYYmmdd-HHMMSS``. Returns where
    it went, or None if it could not be moved (it is then left in place).
    """
    return set_aside(lesson_path(lesson_id), "saved lesson", reason)


def clear_lesson(lesson_id: str) -> SaveProblem | None:
    """Forget the lesson left part way (it was finished).

    Only a regular file is removed, as the game writes it; anything else in its
    place (a link, a folder) is not the game's, and is left alone.
    """
    path = lesson_path(lesson_id)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("could not look at %s: %s", path, exc)
        return SaveProblem(SaveProblemKind.UNWRITABLE, path)
    if not stat.S_ISREG(mode):
        log.warning("%s is not a file the game wrote; not removing it", path)
        return None
    return remove_file(path)
