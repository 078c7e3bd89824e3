from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from audiospades.storage import (
    GameResult,
    Outcome,
    ProblemKind,
    Record,
    RecordStatus,
    SaveProblemKind,
    Stats,
    load_stats,
    online_game_id,
    paths,
    record_game,
    record_online_game,
    safe_load,
    win_percentage,
)
from audiospades.storage import stats as stats_module
from audiospades.storage.atomic import file_lock


def _result(
    game_id: str,
    outcome: Outcome = Outcome.WIN,
    difficulty: int = 7,
    partner: str | None = "ada",
    opponents: tuple[str, ...] = ("bo", "cy"),
) -> GameResult:
    return GameResult(
        game_id=game_id,
        outcome=outcome,
        difficulty=difficulty,
        partner=partner,
        opponents=opponents,
        finished_at="2026-03-14T15:09:26+00:00",
    )


def test_first_start_has_no_games() -> None:
    stats, problem = load_stats()
    assert problem is None
    assert stats.totals.games == 0
    assert stats.rating == 0.0
    assert win_percentage(stats.totals) is None


def test_records_by_difficulty_character_and_total() -> None:
    record_game(_result("g1", Outcome.WIN, 7))
    record_game(_result("g2", Outcome.LOSS, 7, partner="bo", opponents=("ada", "cy")))
    record_game(_result("g3", Outcome.DRAW, 14, partner=None, opponents=("cy",)))
    stats, problem = load_stats()
    assert problem is None
    assert stats.by_difficulty == {7: Record(1, 1, 0), 14: Record(0, 0, 1)}
    assert stats.by_character["ada"].as_partner == Record(1, 0, 0)
    assert stats.by_character["ada"].as_opponent == Record(0, 1, 0)
    assert stats.by_character["bo"].as_partner == Record(0, 1, 0)
    assert stats.by_character["bo"].as_opponent == Record(1, 0, 0)
    assert stats.by_character["cy"].as_partner == Record()
    assert stats.by_character["cy"].as_opponent == Record(1, 1, 1)
    assert stats.totals == Record(1, 1, 1)
    assert stats.counted_ids == ["g1", "g2", "g3"]


def test_recording_returns_the_new_figures() -> None:
    report = record_game(_result("g1"))
    assert report.status is RecordStatus.COUNTED
    assert report.stats.totals == Record(1, 0, 0)
    assert report.load_problem is None
    assert report.save_problem is None
    assert load_stats()[0] == report.stats


def test_recording_leaves_no_lock_file_behind(home: Path) -> None:
    """Before: ``stats.json.lock`` stayed in the player's folder after every game."""
    record_game(_result("g1"))
    record_online_game("online-1", Outcome.LOSS)
    assert (home / "stats.json").exists()
    assert not (home / "stats.json.lock").exists()


def test_same_game_counts_once() -> None:
    first = record_game(_result("same"))
    second = record_game(_result("same", Outcome.LOSS))
    assert first.status is RecordStatus.COUNTED
    assert second.status is RecordStatus.ALREADY_COUNTED
    assert load_stats()[0].totals == Record(1, 0, 0)


def test_counted_ids_are_bounded() -> None:
    stats = Stats()
    for n in range(stats_module.COUNTED_IDS_KEPT + 5):
        stats_module.apply_result(stats, _result(f"g{n}"))
    assert len(stats.counted_ids) == stats_module.COUNTED_IDS_KEPT
    assert stats.counted_ids[0] == "g5"
    assert stats.counted_ids[-1] == f"g{stats_module.COUNTED_IDS_KEPT + 4}"
    again = stats_module.stats_from_dict(stats_module.stats_to_dict(stats))
    assert again == stats


@pytest.mark.parametrize(
    ("record", "percent"),
    [
        (Record(1, 0, 0), 100.0),
        (Record(0, 1, 0), 0.0),
        (Record(0, 0, 1), 50.0),
        (Record(3, 1, 0), 75.0),
        (Record(1, 2, 1), 37.5),
    ],
)
def test_win_percentage_counts_a_draw_as_half(record: Record, percent: float) -> None:
    assert win_percentage(record) == percent


@pytest.mark.parametrize(
    ("games", "rating"),
    [
        ([(Outcome.WIN, 14)], 100.0),
        ([(Outcome.WIN, 7)], 50.0),
        ([(Outcome.DRAW, 14)], 50.0),
        ([(Outcome.LOSS, 14)], 0.0),
        ([(Outcome.WIN, 14), (Outcome.LOSS, 2)], 50.0),
        ([(Outcome.WIN, 2), (Outcome.DRAW, 2)], 100.0 * 3 / 28),
    ],
)
def test_rating_weighs_results_by_difficulty(
    games: list[tuple[Outcome, int]], rating: float
) -> None:
    for n, (outcome, difficulty) in enumerate(games):
        record_game(_result(f"g{n}", outcome, difficulty))
    assert load_stats()[0].rating == pytest.approx(rating)


@pytest.mark.parametrize("difficulty", [1, 15, 0, -3])
def test_difficulty_out_of_range_is_a_programming_error(difficulty: int) -> None:
    with pytest.raises(ValueError):
        _result("g", difficulty=difficulty)


def test_empty_game_id_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        _result("")


def test_file_is_readable_json() -> None:
    record_game(_result("g1"))
    data = json.loads(paths.stats_path().read_text())
    assert data["version"] == 1
    assert data["by_difficulty"] == {"7": {"wins": 1, "losses": 0, "draws": 0}}
    assert data["counted_game_ids"] == ["g1"]


def test_bad_entries_are_skipped_and_good_ones_kept(
    caplog: pytest.LogCaptureFixture,
) -> None:
    path = paths.stats_path()
    path.parent.mkdir(parents=True)
    good = {"wins": 2, "losses": 1, "draws": 0}
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "by_difficulty": {
                    "3": good,
                    "99": good,
                    "x": good,
                    "4": {"wins": -1, "losses": 0, "draws": 0},
                    "5": {"wins": True, "losses": 0, "draws": 0},
                },
                "by_character": {
                    "ada": {"as_partner": good, "as_opponent": good},
                    "bo": {"as_partner": good},
                    "cy": [],
                },
                "counted_game_ids": ["a", 2, "b"],
            }
        )
    )
    original = path.read_bytes()
    stats, problem = load_stats()
    assert problem is not None
    assert problem.kind is ProblemKind.PARTLY_USED
    assert problem.ignored == (
        "by_difficulty 4",
        "by_difficulty 5",
        "by_difficulty 99",
        "by_difficulty x",
        "by_character bo",
        "by_character cy",
        "counted_game_ids",
    )
    assert problem.backup is not None
    assert problem.backup.read_bytes() == original
    assert stats.by_difficulty == {3: Record(2, 1, 0)}
    assert list(stats.by_character) == ["ada"]
    assert stats.counted_ids == ["a", "b"]
    assert len([r for r in caplog.records if r.levelname == "WARNING"]) == 1
    # Said once: the file now holds what was understood.
    assert load_stats() == (stats, None)


def test_a_damaged_entry_survives_the_next_game_in_a_backup() -> None:
    """Issue 13, item 4: "a record with "wins": "3" vanishes after the next game,
    with no backup"."""
    path = paths.stats_path()
    path.parent.mkdir(parents=True)
    data = {
        "version": 1,
        "by_difficulty": {
            "7": {"wins": "3", "losses": 0, "draws": 0},
            "9": {"wins": 1, "losses": 0, "draws": 0},
        },
        "counted_game_ids": ["old"],
    }
    path.write_text(json.dumps(data))
    report = record_game(_result("g1", difficulty=9))
    assert report.status is RecordStatus.COUNTED
    problem = report.load_problem
    assert problem is not None
    assert problem.kind is ProblemKind.PARTLY_USED
    assert problem.ignored == ("by_difficulty 7",)
    assert problem.backup is not None
    assert json.loads(problem.backup.read_text()) == data
    assert load_stats() == (report.stats, None)
    assert report.stats.by_difficulty == {9: Record(2, 0, 0)}


@pytest.mark.parametrize(
    "count",
    [10**400, 10**12, -1, 2.5, 1e308],
    ids=["10^400", "10^12", "negative", "fraction", "1e308"],
)
def test_counts_are_bounded(count: object) -> None:
    """Issue 13, item 6: "statistics counts of 10^400 crash the statistics screen"."""
    path = paths.stats_path()
    path.parent.mkdir(parents=True)
    counts = {"wins": count, "losses": 0, "draws": 0}
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "by_difficulty": {
                    "7": counts,
                    "8": {"wins": 1, "losses": 1, "draws": 0},
                },
                "by_character": {"ada": {"as_partner": counts, "as_opponent": counts}},
            }
        )
    )
    stats, problem = load_stats()
    assert problem is not None
    assert problem.ignored == ("by_difficulty 7", "by_character ada")
    assert stats.by_difficulty == {8: Record(1, 1, 0)}
    assert win_percentage(stats.totals) == 50.0


def test_the_largest_counts_still_give_percentages() -> None:
    most = stats_module.MAX_COUNT
    record = Record(most, most, most)
    stats = Stats(by_difficulty=dict.fromkeys(range(2, 15), record))
    assert win_percentage(stats.totals) == 50.0
    assert 0.0 <= stats.rating <= 100.0


@pytest.mark.parametrize(
    "entry",
    [{"x" * 200: {}}, {"": {}}],
    ids=["long name", "empty name"],
)
def test_character_names_are_bounded(entry: dict[str, object]) -> None:
    good = {"wins": 1, "losses": 0, "draws": 0}
    name = next(iter(entry))
    path = paths.stats_path()
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "by_character": {name: {"as_partner": good, "as_opponent": good}},
            }
        )
    )
    stats, problem = load_stats()
    assert stats.by_character == {}
    assert problem is not None
    assert len(problem.ignored) == 1


def test_damaged_file_is_replaced_and_reported_on_record() -> None:
    path = paths.stats_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00garbage")
    report = record_game(_result("g1"))
    assert report.status is RecordStatus.COUNTED
    assert report.load_problem is not None
    assert report.load_problem.backup is not None
    assert report.load_problem.backup.read_bytes() == b"\x00garbage"
    assert load_stats()[0].totals == Record(1, 0, 0)


def test_a_damaged_file_that_cannot_be_moved_aside_is_never_written_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A file the game could not read, nor keep a copy of, stays as it is: the
    game is not counted into a fresh file written over it (the file's games
    would be lost), and the player is told it was not saved."""
    path = paths.stats_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00garbage")
    with monkeypatch.context() as patch:
        patch.setattr(safe_load, "move_aside", lambda path: None)
        report = record_game(_result("g1"))
    assert report.status is RecordStatus.NOT_SAVED
    assert report.load_problem is not None and report.load_problem.backup is None
    assert report.save_problem is not None
    assert report.save_problem.kind is SaveProblemKind.UNWRITABLE
    assert path.read_bytes() == b"\x00garbage"
    # Once it can be kept aside, the next game is counted in a new file.
    assert record_game(_result("g2")).status is RecordStatus.COUNTED
    assert load_stats()[0].counted_ids == ["g2"]


def test_busy_lock_is_reported_not_raised() -> None:
    record_game(_result("g1"))
    with file_lock(paths.stats_path()):
        report = record_game(_result("g2"), lock_timeout=0.05)
    assert report.status is RecordStatus.NOT_SAVED
    assert report.save_problem is not None
    assert report.save_problem.kind is SaveProblemKind.BUSY
    assert report.stats.totals == Record(1, 0, 0)
    # Recorded again later, it counts.
    assert record_game(_result("g2")).status is RecordStatus.COUNTED


def test_unwritable_stats_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    record_game(_result("g0"))
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", refuse)
        report = record_game(_result("g1"))
    assert report.status is RecordStatus.NOT_SAVED
    assert report.save_problem is not None
    assert report.save_problem.kind is SaveProblemKind.UNWRITABLE
    assert load_stats()[0].counted_ids == ["g0"]


_WORKER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from audiospades.storage import GameResult, Outcome, RecordStatus, record_game

    tag, go = sys.argv[1], Path(sys.argv[2])
    while not go.exists():
        time.sleep(0.001)
    outcomes = [Outcome.WIN, Outcome.LOSS, Outcome.DRAW]
    for n in range(50):
        report = record_game(GameResult(
            game_id=f"{tag}-{n}", outcome=outcomes[n % 3], difficulty=2 + n % 13,
            partner="ada", opponents=("bo", "cy"), finished_at="2026-01-01T00:00:00Z",
        ))
        assert report.status is RecordStatus.COUNTED, report
    """
)


def test_two_processes_recording_at_once_lose_nothing(
    home: Path, tmp_path: Path
) -> None:
    go = tmp_path / "go"
    env = {**os.environ, "AUDIOSPADES_HOME": str(home)}
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", _WORKER, tag, str(go)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for tag in ("first", "second")
    ]
    go.touch()
    for worker in workers:
        _, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err.decode()
    stats, problem = load_stats()
    assert problem is None
    assert stats.totals.games == 100
    assert stats.by_character["ada"].as_partner.games == 100
    assert stats.by_character["cy"].as_opponent.games == 100
    assert sorted(stats.counted_ids) == sorted(
        f"{tag}-{n}" for tag in ("first", "second") for n in range(50)
    )
    assert not list(home.glob("*.tmp")) and not list(home.glob(".*.tmp"))


def test_online_games_count_once_apart_from_the_difficulty_record() -> None:
    """A game played at a table server counts once by the server's game id (its
    end is told again after a reconnection), and not in the totals or the rating,
    which measure play against the computer players' difficulty."""
    counted = online_game_id("ws://example.org:8765", "g0123456789abcdef")
    assert counted.startswith("online-") and len(counted) <= 100
    # Another server's game of the same id is another game.
    assert online_game_id("ws://127.0.0.1:8765", "g0123456789abcdef") != counted
    first = record_online_game(counted, Outcome.WIN)
    assert first.status is RecordStatus.COUNTED
    again = record_online_game(counted, Outcome.WIN)
    assert again.status is RecordStatus.ALREADY_COUNTED
    record_online_game(online_game_id("ws://example.org:8765", "g2"), Outcome.LOSS)
    record_game(_result("g1", Outcome.LOSS, 7))
    stats, problem = load_stats()
    assert problem is None
    assert stats.online == Record(1, 1, 0)
    assert stats.totals == Record(0, 1, 0) and stats.rating == 0.0
    data = json.loads(paths.stats_path().read_text())
    assert data["online"] == {"wins": 1, "losses": 1, "draws": 0}
    with pytest.raises(ValueError):
        record_online_game("", Outcome.WIN)


def test_a_file_from_before_online_games_reads_whole_and_a_bad_count_is_kept(
    caplog: pytest.LogCaptureFixture,
) -> None:
    record_game(_result("g1"))
    path = paths.stats_path()
    data = json.loads(path.read_text())
    del data["online"]
    path.write_text(json.dumps(data))
    stats, problem = load_stats()
    assert problem is None and stats.online == Record()
    data["online"] = {"wins": "3", "losses": 0, "draws": 0}
    path.write_text(json.dumps(data))
    original = path.read_bytes()
    stats, problem = load_stats()
    assert problem is not None and problem.ignored == ("online",)
    assert problem.backup is not None and problem.backup.read_bytes() == original
    assert stats.online == Record() and stats.totals.games == 1
