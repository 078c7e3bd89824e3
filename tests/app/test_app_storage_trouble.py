"""Damaged, hostile and unwritable files, as the player meets them (issue 13).

Each test starts from what the issue reports and checks what the player hears and
what is left on the disk: nothing the game could not read is ever deleted, and a
storage problem is said once, not at every action.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from app_helpers import my_play_turn, play_until

from audiospades import storage
from audiospades.app.harness import Harness
from audiospades.storage import SaveProblem, SaveProblemKind, paths, safe_load

REFUSED = "Your saved game could not be saved: the disk refused it."


def _save_mid_game(make_harness: Callable[..., Harness]) -> dict[str, object]:
    h = make_harness(seed=9)
    h.press("return")
    play_until(h, my_play_turn)
    data = json.loads(paths.current_game_path().read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _continue(make_harness: Callable[..., Harness]) -> Harness:
    h = make_harness(seed=1)
    h.press("down")
    assert h.last == "Continue, 2 of 12"
    h.press("return")
    return h


def test_a_save_that_cannot_be_replayed_is_kept_and_its_new_name_spoken(
    make_harness: Callable[..., Harness], _home: Path
) -> None:
    """Issue 13, item 1: "Change one card in the save to `KX`, then Continue: the
    folder is empty afterwards"."""
    data = _save_mid_game(make_harness)
    data["record"]["hands"][0]["deal"][0][0] = "KX"  # type: ignore[index]
    path = paths.current_game_path()
    path.write_text(json.dumps(data), encoding="utf-8")
    original = path.read_bytes()
    h = _continue(make_harness)
    assert h.table is None
    kept = [p for p in _home.iterdir() if p.name.startswith("current_game.json.")]
    assert len(kept) == 1
    assert kept[0].name.startswith("current_game.json.broken-")
    assert kept[0].read_bytes() == original
    assert not path.exists()
    assert h.last == (
        f"The saved game could not be replayed; it was kept as {kept[0].name}."
    )
    # A second Continue finds nothing rather than the same complaint.
    h.press("return")
    assert h.last == "There is no saved game to continue."


def test_a_save_that_can_be_neither_replayed_nor_moved_is_left_in_place(
    make_harness: Callable[..., Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _save_mid_game(make_harness)
    data["record"]["hands"][0]["deal"][0][0] = "KX"  # type: ignore[index]
    path = paths.current_game_path()
    path.write_text(json.dumps(data), encoding="utf-8")
    original = path.read_bytes()
    monkeypatch.setattr(storage, "set_aside_current", lambda reason: None)
    h = _continue(make_harness)
    assert path.read_bytes() == original
    assert h.last == (
        f"The saved game could not be replayed or moved aside; it is still at {path}."
    )


def test_a_game_id_that_cannot_name_a_file_is_repaired_and_the_game_counted(
    make_harness: Callable[..., Harness],
) -> None:
    """Issue 13, item 5: "A non-file-safe `game_id` in a save makes the game exit at
    game over ... so the game is never counted"."""
    data = _save_mid_game(make_harness)
    data["meta"]["game_id"] = "a:b"  # type: ignore[index]
    paths.current_game_path().write_text(json.dumps(data), encoding="utf-8")
    h = _continue(make_harness)
    assert h.table is not None
    play_until(h, lambda x: x.table is not None and x.table.finished)
    game_id = h.table.session.game_id
    assert storage.saves.is_valid_game_id(game_id)
    finished, problem = storage.load_finished(game_id)
    assert problem is None and finished is not None
    stats, _ = storage.load_stats()
    assert stats.totals.games == 1
    assert stats.counted_ids == [game_id]
    assert storage.load_current() == (None, None)


def test_huge_statistics_counts_do_not_break_the_statistics_screen(
    make_harness: Callable[..., Harness],
) -> None:
    """Issue 13, item 6: "statistics counts of 10^400 crash the statistics screen
    (OverflowError in win_percentage)"."""
    path = paths.stats_path()
    huge = {"wins": 10**400, "losses": 0, "draws": 0}
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "by_difficulty": {
                    "7": huge,
                    "8": {"wins": 1, "losses": 1, "draws": 0},
                },
            }
        ),
        encoding="utf-8",
    )
    h = make_harness()
    for _ in range(5):
        h.press("down")
    assert h.last == "Statistics, 6 of 12"
    h.press("return")
    kept = [p for p in path.parent.iterdir() if p.name.startswith("stats.json.broken")]
    assert len(kept) == 1
    said = h.transcript
    assert (
        "Some entries in your statistics could not be used and are left out: "
        f"by_difficulty 7. Your file was kept as {kept[0].name}."
    ) in said
    assert said[-1].startswith("Statistics. 2 games played. 1 win. 1 loss.")


def test_an_unwritable_folder_is_mentioned_once_per_game(
    make_harness: Callable[..., Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13, item 7: "'Your saved game could not be saved: the disk refused it.'
    was spoken 557 times in one game. Say it once"."""
    attempts: list[int] = []

    def refuse(record: object, meta: object) -> SaveProblem:
        attempts.append(1)
        return SaveProblem(SaveProblemKind.UNWRITABLE, paths.current_game_path())

    monkeypatch.setattr(storage, "save_current", refuse)
    h = make_harness(seed=4)
    h.press("return")
    play_until(h, lambda x: x.table is not None and x.table.finished)
    assert len(attempts) > 20  # it kept trying, quietly
    assert h.transcript.count(REFUSED) == 1
    # The game was played to its end and counted all the same.
    assert storage.load_stats()[0].totals.games == 1


def test_a_save_problem_is_said_again_only_when_it_changes(
    make_harness: Callable[..., Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    problems: list[SaveProblem | None] = []
    real_save = storage.save_current

    def save(record: dict[str, object], meta: dict[str, object]) -> object:
        if problems and problems[-1] is not None:
            return problems[-1]
        return real_save(record, meta)

    monkeypatch.setattr(storage, "save_current", save)
    h = make_harness(seed=9)
    h.press("return")
    play_until(h, my_play_turn)
    path = paths.current_game_path()
    busy = "Your saved game could not be saved: another copy of the game is using it."

    def step(problem: SaveProblem | None) -> None:
        problems.append(problem)
        h.press("return")  # play a card: the session saves after every action
        play_until(h, my_play_turn)

    mark = h.mark()
    step(SaveProblem(SaveProblemKind.UNWRITABLE, path))
    step(SaveProblem(SaveProblemKind.UNWRITABLE, path))
    step(SaveProblem(SaveProblemKind.BUSY, path))
    step(None)  # written again: the next failure is news
    step(SaveProblem(SaveProblemKind.BUSY, path))
    said = [s for s in h.said_since(mark) if "could not be saved" in s]
    assert said == [REFUSED, busy, busy]


def test_a_home_folder_that_cannot_exist_is_a_first_start_not_damage(
    make_harness: Callable[..., Harness],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A file stands where the game's folder should be (a mistyped
    AUDIOSPADES_HOME, a file named like the folder): nothing can be read there,
    which is a first start, not a damaged file. QA heard "Your settings file
    could not be read; defaults are used." and then "Your saved game file could
    not be read; defaults are used." before "There is no saved game to
    continue.", about files that never existed. Saving then says it failed."""
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("AUDIOSPADES_HOME", str(blocker / "home"))
    h = _continue(make_harness)
    assert h.last == "There is no saved game to continue."
    assert not [line for line in h.transcript if "could not be read" in line]
    h.press("up", "return")  # New game
    play_until(h, my_play_turn)
    assert REFUSED in h.transcript
    assert blocker.read_text(encoding="utf-8") == "not a folder"


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ('{"version": 1, "record": ', "Your saved game file was damaged"),
        ('{"version": 99}', "Your saved game file is from another version"),
    ],
)
def test_a_saved_game_that_cannot_be_read_is_said_to_be_lost_to_play_not_defaulted(
    make_harness: Callable[..., Harness], _home: Path, text: str, sentence: str
) -> None:
    """Continue with a damaged save (or one from another version): QA heard
    "...; it was kept as X and defaults are used.", which means nothing for a
    game. The player hears that the game cannot be continued, where the file
    went, and the menu's usual answer; the file is kept as it was."""
    path = paths.current_game_path()
    path.write_text(text, encoding="utf-8")
    h = _continue(make_harness)
    kept = [p for p in _home.iterdir() if p.name.startswith("current_game.json.")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == text
    said = [line for line in h.transcript if line.startswith(sentence)]
    assert said == [
        f"{sentence}, so the game cannot be continued"
        + (" here" if "version" in sentence else "")
        + f"; the file was kept as {kept[0].name}."
    ]
    assert h.last == "There is no saved game to continue."
    assert h.table is None


def test_damaged_statistics_are_said_to_start_again_from_zero(
    make_harness: Callable[..., Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Statistics opened over a damaged file: QA heard "...; it was kept as X
    and defaults are used." The player hears where the file went and that the
    statistics start again from zero; where it could not be moved aside, that
    it is left as it is and games are not counted meanwhile."""
    path = paths.stats_path()
    path.write_text('{"version": 1, "by_difficulty": ', encoding="utf-8")
    with monkeypatch.context() as patch:
        patch.setattr(safe_load, "move_aside", lambda path: None)
        h = make_harness()
        h.press(*["down"] * 5, "return")
    assert (
        "Your statistics file was damaged; it is left as it is, and games are "
        "not counted meanwhile." in h.transcript
    )
    assert h.last.startswith("Statistics. 0 games played.")
    h = make_harness()
    h.press(*["down"] * 5, "return")
    kept = [p for p in path.parent.iterdir() if p.name.startswith("stats.json.broken")]
    assert len(kept) == 1
    assert (
        f"Your statistics file was damaged; it was kept as {kept[0].name}, and your "
        "statistics start again from zero." in h.transcript
    )
