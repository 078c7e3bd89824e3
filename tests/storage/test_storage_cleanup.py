"""Start-up clean-up of the temporary files a killed write leaves behind.

Issue 13, item 2: "Killed writes leave `.current_game.json.*.tmp` files that are never
cleaned up: clean them at start-up." Only the game's own temporary files in its own
folders, matched by their exact pattern, and never through a link.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from audiospades.storage import clean_temp_files, paths
from audiospades.storage.atomic import atomic_write_text

OURS = [
    ".current_game.json.k2_x9q0a.tmp",
    ".stats.json.abcdefgh.tmp",
    ".settings.json.0123_567.tmp",
]
NOT_OURS = [
    ".current_game.json.tmp",  # no random part
    ".current_game.json.abcdefg.tmp",  # seven characters, not eight
    ".current_game.json.ABCDEFGH.tmp",  # mkstemp uses lower case only
    ".notes.txt.abcdefgh.tmp",  # not one of our files
    "current_game.json.abcdefgh.tmp",  # no leading dot
    ".current_game.json.abcdefgh.tmp.keep",
    "stats.json.lock",
    "stats.json.broken-20260314-150926",
]


def _touch(folder: Path, names: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).write_text("x")


def _names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_own_temp_files_are_removed_and_nothing_else(home: Path) -> None:
    _touch(home, OURS + NOT_OURS)
    assert clean_temp_files() == len(OURS)
    assert _names(home) == set(NOT_OURS)


def test_finished_games_temp_files_are_removed(home: Path) -> None:
    finished = paths.finished_dir()
    ours = [".3f2a-game_1.json.abcdefgh.tmp", ".g1.json.a1b2c3d4.tmp"]
    not_ours = [".g1.txt.abcdefgh.tmp", ".a:b.json.abcdefgh.tmp", "g1.json"]
    _touch(finished, ours + not_ours)
    assert clean_temp_files() == 2
    assert _names(finished) == set(not_ours)


def test_tutorial_and_lesson_temp_files_are_removed(home: Path) -> None:
    """Learn to play's files are written atomically too: their leftovers go."""
    ours = [".tutorial.json.abcdefgh.tmp", ".lesson-first_hand.json.a1b2c3d4.tmp"]
    not_ours = [
        ".lesson-Nil.json.abcdefgh.tmp",  # no lesson id has capitals
        ".lesson-.json.abcdefgh.tmp",  # no id at all
        "lesson-nil.json",
        "lesson-nil.json.broken-20260314-150926",
    ]
    _touch(home, ours + not_ours)
    assert clean_temp_files() == len(ours)
    assert _names(home) == set(not_ours)


def test_separate_config_and_data_folders_are_both_cleaned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("AUDIOSPADES_HOME")
    config, data = tmp_path / "config", tmp_path / "data"
    monkeypatch.setattr(paths, "config_dir", lambda: config)
    monkeypatch.setattr(paths, "data_dir", lambda: data)
    _touch(config, [".settings.json.abcdefgh.tmp", ".stats.json.abcdefgh.tmp"])
    _touch(data, [".stats.json.abcdefgh.tmp", ".settings.json.abcdefgh.tmp"])
    assert clean_temp_files() == 2
    # Each folder only holds its own files' temporaries; others are not ours.
    assert _names(config) == {".stats.json.abcdefgh.tmp"}
    assert _names(data) == {".settings.json.abcdefgh.tmp"}


def test_links_and_folders_named_like_temp_files_are_left_alone(
    home: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("keep")
    home.mkdir()
    (home / ".stats.json.abcdefgh.tmp").symlink_to(outside)
    (home / ".current_game.json.abcdefgh.tmp").mkdir()
    (home / ".current_game.json.abcdefgh.tmp" / "inside").write_text("keep")
    assert clean_temp_files() == 0
    assert outside.read_text() == "keep"
    assert (home / ".stats.json.abcdefgh.tmp").is_symlink()
    assert (home / ".current_game.json.abcdefgh.tmp" / "inside").exists()


def test_a_linked_finished_folder_is_not_entered(home: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    _touch(elsewhere, [".g1.json.abcdefgh.tmp"])
    home.mkdir()
    paths.finished_dir().symlink_to(elsewhere, target_is_directory=True)
    assert clean_temp_files() == 0
    assert _names(elsewhere) == {".g1.json.abcdefgh.tmp"}


def test_missing_folders_are_a_first_start(home: Path) -> None:
    assert clean_temp_files() == 0
    assert not home.exists()


def test_a_real_killed_write_is_recognised(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pattern matches what `atomic_write_bytes` really leaves when killed."""

    def killed(src: object, dst: object) -> None:
        raise SystemExit("killed")  # stands in for SIGKILL between write and rename

    with monkeypatch.context() as patch, pytest.raises(SystemExit):
        patch.setattr(os, "replace", killed)
        patch.setattr(Path, "unlink", lambda self, missing_ok=False: None)
        atomic_write_text(paths.current_game_path(), "{}")
    left = [p.name for p in home.iterdir()]
    assert len(left) == 1 and left[0].startswith(".current_game.json.")
    assert clean_temp_files() == 1
    assert list(home.iterdir()) == []
