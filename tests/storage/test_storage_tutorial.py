"""tutorial.json and lesson-ID.json: how far the player got in Learn to play."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from audiospades.storage import ProblemKind
from audiospades.storage.tutorial import (
    SavedLesson,
    TutorialProgress,
    clear_lesson,
    lesson_path,
    load_lesson,
    load_progress,
    save_lesson,
    save_progress,
    set_aside_lesson,
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
def test_a_value_it_cannot_use_is_left_out_and_the_file_kept_first(
    data: dict[str, object], expected: TutorialProgress
) -> None:
    """Left out, and named; before, silently, and the next save wrote over the
    player's file with no copy kept."""
    path = tutorial_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"version": 1, **data})
    path.write_text(text, encoding="utf-8")
    progress, problem = load_progress()
    assert progress == expected
    assert problem is not None and problem.kind is ProblemKind.PARTLY_USED
    assert problem.ignored == tuple(data)
    assert problem.backup is not None
    assert problem.backup.read_text(encoding="utf-8") == text
    assert path.read_text(encoding="utf-8") == text  # still there, as it was


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


# --- a lesson left part way: lesson-ID.json ---
RECORD = {"format": "audiospades-record/1", "rules": {"preset": "pagat"}, "hands": []}


def test_a_lesson_saved_is_the_lesson_loaded() -> None:
    state = {"judged": 2, "taught": [[0, "nil_bid"]]}
    assert save_lesson("nil", RECORD, state) is None
    assert load_lesson("nil") == (SavedLesson(record=RECORD, state=state), None)
    path = lesson_path("nil")
    assert path.name == "lesson-nil.json"
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 1
    assert load_lesson("bags") == (None, None)


@pytest.mark.parametrize("lesson_id", ["", "../nil", "Nil", "a/b", "x" * 65, "nil."])
def test_a_lesson_id_that_could_not_name_a_file_is_refused(lesson_id: str) -> None:
    with pytest.raises(ValueError, match="cannot name a file"):
        save_lesson(lesson_id, RECORD, {})
    assert not os.path.lexists(tutorial_path().parent)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ('{"version": 1, "lesson": "nil", "rec', ProblemKind.DAMAGED),
        ('{"version": 1, "lesson": "bags", "record": {}, "state": {}}', "damaged"),
        ('{"version": 1, "lesson": "nil", "record": [], "state": {}}', "damaged"),
        ('{"version": 1, "lesson": "nil", "record": {}, "state": {}}', "damaged"),
        (
            '{"version": 1, "lesson": "nil", "record": {"format": "x/2"}, "state": {}}',
            ProblemKind.WRONG_VERSION,
        ),
        ('{"version": 9, "lesson": "nil"}', ProblemKind.WRONG_VERSION),
    ],
)
def test_a_lesson_file_it_cannot_use_is_moved_aside(text: str, kind: str) -> None:
    path = lesson_path("nil")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    saved, problem = load_lesson("nil")
    assert saved is None
    assert problem is not None and problem.kind == kind
    assert problem.backup is not None
    assert problem.backup.read_text(encoding="utf-8") == text
    assert not os.path.lexists(path)


def test_a_lesson_is_never_written_through_a_link(tmp_path: Path) -> None:
    target = tmp_path / "theirs.txt"
    target.write_text("keep me", encoding="utf-8")
    path = lesson_path("nil")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)
    assert save_lesson("nil", RECORD, {}) is None
    assert target.read_text(encoding="utf-8") == "keep me"
    assert path.is_file() and not path.is_symlink()


def test_a_lesson_is_never_read_through_a_link(tmp_path: Path) -> None:
    target = tmp_path / "theirs.json"
    target.write_text(
        json.dumps({"version": 1, "lesson": "nil", "record": RECORD, "state": {}}),
        encoding="utf-8",
    )
    path = lesson_path("nil")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)
    saved, problem = load_lesson("nil")
    assert saved is None
    assert problem is not None and problem.kind is ProblemKind.NOT_A_FILE
    assert problem.backup is not None and problem.backup.is_symlink()
    assert target.exists()


def test_a_finished_lesson_removes_only_the_file_the_game_wrote(
    tmp_path: Path,
) -> None:
    assert save_lesson("nil", RECORD, {}) is None
    path = lesson_path("nil")
    backup = path.with_name(path.name + ".broken-20260314-150926")
    backup.write_text("{", encoding="utf-8")
    assert clear_lesson("nil") is None
    assert not os.path.lexists(path)
    assert backup.exists()  # a file set aside is the player's to rescue
    assert clear_lesson("nil") is None  # nothing there: nothing to do
    target = tmp_path / "theirs.json"
    target.write_text("keep me", encoding="utf-8")
    path.symlink_to(target)
    assert clear_lesson("nil") is None
    assert path.is_symlink()  # a link put there is not the game's file
    assert target.read_text(encoding="utf-8") == "keep me"
    path.unlink()
    path.mkdir()
    assert clear_lesson("nil") is None
    assert path.is_dir()


def test_a_lesson_that_no_longer_fits_is_set_aside_not_deleted() -> None:
    assert set_aside_lesson("nil", "no file") is None
    assert save_lesson("nil", RECORD, {"judged": 99}) is None
    moved = set_aside_lesson("nil", "judged out of range")
    assert moved is not None and moved.name.startswith("lesson-nil.json.broken-")
    assert json.loads(moved.read_text(encoding="utf-8"))["state"] == {"judged": 99}
    assert load_lesson("nil") == (None, None)


@pytest.mark.parametrize("seed", range(20))
def test_random_bytes_in_a_lesson_file_never_raise(seed: int) -> None:
    rng = random.Random(seed)
    path = lesson_path("nil")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(64))))
    saved, problem = load_lesson("nil")
    assert saved is None and problem is not None
