"""How far the player got in "Learn to play": ``tutorial.json`` in the data folder.

It holds the tour's next step and the lessons finished, so the tutorial goes on
where it stopped. Read and written like every file of ours (see `safe_load` and
`atomic`): a damaged file is moved aside and the tutorial starts from the top; a
value it cannot use (a step out of range, an unknown lesson) is left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from audiospades.storage import paths
from audiospades.storage.atomic import try_write_json
from audiospades.storage.problems import LoadProblem, SaveProblem
from audiospades.storage.safe_load import load_json_object

TUTORIAL_VERSION: Final = 1
TUTORIAL_FILE: Final = "tutorial.json"
MAX_STEP: Final = 1000
MAX_LESSONS: Final = 100


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
    """The progress saved, or a fresh start (with the problem, if the file was bad)."""
    data, problem = load_json_object(tutorial_path(), version=TUTORIAL_VERSION)
    if data is None:
        return TutorialProgress(), problem
    step = data.get("tour_step")
    done = data.get("tour_done")
    lessons = data.get("lessons_done")
    return (
        TutorialProgress(
            tour_step=step
            if isinstance(step, int)
            and not isinstance(step, bool)
            and 0 <= step <= MAX_STEP
            else 0,
            tour_done=done if isinstance(done, bool) else False,
            lessons_done=tuple(
                x
                for x in (lessons if isinstance(lessons, list) else [])[:MAX_LESSONS]
                if isinstance(x, str) and 0 < len(x) <= 64
            ),
        ),
        problem,
    )


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
