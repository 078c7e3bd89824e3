"""tutorial.json: how far the player got in Learn to play, kept safely."""

from __future__ import annotations

import json
import random

import pytest

from audiospades.storage import ProblemKind
from audiospades.storage.tutorial import (
    TutorialProgress,
    load_progress,
    save_progress,
    tutorial_path,
)


def test_a_first_start_has_no_progress_and_no_problem() -> None:
    assert load_progress() == (TutorialProgress(), None)


def test_progress_saved_is_progress_loaded() -> None:
    kept = TutorialProgress(tour_step=7, tour_done=True, lessons_done=("nil", "bags"))
    assert save_progress(kept) is None
    assert load_progress() == (kept, None)
    on_disk = json.loads(tutorial_path().read_text(encoding="utf-8"))
    assert on_disk["version"] == 1


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"tour_step": "3"}, TutorialProgress()),
        ({"tour_step": -1}, TutorialProgress()),
        ({"tour_step": 10**9}, TutorialProgress()),
        ({"tour_step": True}, TutorialProgress()),
        ({"tour_done": "yes"}, TutorialProgress()),
        ({"lessons_done": "nil"}, TutorialProgress()),
        (
            {"lessons_done": ["nil", 3, "", "x" * 65, "bags"]},
            TutorialProgress(lessons_done=("nil", "bags")),
        ),
    ],
)
def test_a_value_it_cannot_use_is_left_out(
    data: dict[str, object], expected: TutorialProgress
) -> None:
    path = tutorial_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, **data}), encoding="utf-8")
    assert load_progress() == (expected, None)


def test_a_damaged_file_is_set_aside_and_the_tutorial_starts_afresh() -> None:
    path = tutorial_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"version": 1, "tour_st')
    progress, problem = load_progress()
    assert progress == TutorialProgress()
    assert problem is not None and problem.kind is ProblemKind.DAMAGED
    assert problem.backup is not None and problem.backup.exists()
    assert not path.exists()


@pytest.mark.parametrize("seed", range(20))
def test_random_bytes_never_raise(seed: int) -> None:
    rng = random.Random(seed)
    path = tutorial_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(64))))
    progress, _problem = load_progress()
    assert isinstance(progress, TutorialProgress)
