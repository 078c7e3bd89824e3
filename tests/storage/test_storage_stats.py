from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from audiospades.rules import Bid, Game, Phase, Rules, build_deck
from audiospades.seating import Seating
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
    head_to_head: tuple[Outcome, ...] | None = None,
) -> GameResult:
    """A result; each opponent's head to head is the game's `outcome` unless given
    (as it is in a game of two sides)."""
    against = head_to_head or (outcome,) * len(opponents)
    return GameResult(
        game_id=game_id,
        outcome=outcome,
        difficulty=difficulty,
        partner=partner,
        opponents=tuple(zip(opponents, against, strict=True)),
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
    assert data["version"] == 2
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
            partner="ada", opponents=(("bo", outcomes[n % 3]), ("cy", outcomes[n % 3])),
            finished_at="2026-01-01T00:00:00Z",
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


def test_each_opponent_counts_head_to_head_not_the_game() -> None:
    """QA: "Against Hazel: 1 win. 5 losses." counted the game's result against
    every opponent: a player fourth of six on 10 points, Hazel last on -99, was
    counted a loss against Hazel. Now the player's standing against each opponent
    counts; the partner's line still counts the game."""
    record_game(
        _result(
            "g1",
            Outcome.LOSS,
            partner=None,
            opponents=("milly", "hazel", "victor"),
            head_to_head=(Outcome.LOSS, Outcome.WIN, Outcome.DRAW),
        )
    )
    record_game(_result("g2", Outcome.LOSS, partner="ada", opponents=("hazel",)))
    stats, problem = load_stats()
    assert problem is None
    assert stats.totals == Record(0, 2, 0)
    assert stats.by_character["milly"].as_opponent == Record(0, 1, 0)
    assert stats.by_character["hazel"].as_opponent == Record(1, 1, 0)
    assert stats.by_character["victor"].as_opponent == Record(0, 0, 1)
    assert stats.by_character["ada"].as_partner == Record(0, 1, 0)


def _finished_individual_game(players: int, shuffle_seed: int) -> Game:
    """A real game of one hand in individual play, every seat bidding 2 and playing
    its lowest legal card, from a deck shuffled with `shuffle_seed`."""
    rules = dataclasses.replace(
        Rules.pagat(players=players, partnerships=False), hand_limit=1
    )
    game = Game(rules, first_dealer=players - 1)
    deck = list(build_deck(rules))
    random.Random(shuffle_seed).shuffle(deck)
    size = rules.hand_size
    game.deal(tuple(tuple(deck[s * size : (s + 1) * size]) for s in range(players)))
    while game.phase is Phase.BIDDING:
        assert game.to_act is not None
        game.bid(game.to_act, Bid(2))
    while game.phase is Phase.PLAYING:
        seat = game.to_act
        assert seat is not None
        game.play(seat, min(game.legal_plays(seat), key=str))
    assert game.is_over
    return game


@pytest.mark.parametrize(
    ("players", "shuffle_seed", "totals", "expected"),
    [
        # Six players: the player (seat 0) is level second; hazel alone made more.
        (6, 1, [20, 22, -20, 20, -20, -20], ["L", "W", "D", "W", "W"]),
        # Five players: the player is level second with seat 2, behind seat 3.
        (5, 10, [20, -20, 20, 22, -20], ["W", "D", "L", "W"]),
    ],
    ids=["six", "five"],
)
def test_a_lost_game_of_many_players_counts_the_opponents_beaten(
    players: int, shuffle_seed: int, totals: list[int], expected: list[str]
) -> None:
    """The QA report's games: a player who loses a game of five or six played
    individually, finishing above some opponents, is counted wins against those
    (and a draw against one level on points), a loss against the winner only."""
    game = _finished_individual_game(players, shuffle_seed)
    assert game.totals == totals
    names = ("hazel", "milly", "victor", "greta", "rex")[: players - 1]
    seating = Seating((None, *names), ("South", *names))
    result = seating.game_result("g1", game, Outcome.LOSS, "2026-03-14T15:09:26Z")
    record_game(result)
    stats, problem = load_stats()
    assert problem is None
    assert stats.totals == Record(0, 1, 0)
    words = {(1, 0, 0): "W", (0, 1, 0): "L", (0, 0, 1): "D"}
    got = [dataclasses.astuple(stats.by_character[n].as_opponent) for n in names]
    assert [words[counts] for counts in got] == expected


def test_a_file_from_before_head_to_head_keeps_its_counts_apart(home: Path) -> None:
    """Version 1 counted the game's result against each opponent: those counts
    cannot be recomputed, so they are kept, apart, and never added to; the file is
    written as version 2 with the next game, every other figure as it was."""
    good = {"wins": 2, "losses": 5, "draws": 1}
    partner = {"wins": 1, "losses": 0, "draws": 0}
    data = {
        "version": 1,
        "by_difficulty": {"7": good},
        "by_character": {"hazel": {"as_partner": partner, "as_opponent": good}},
        "counted_game_ids": ["old"],
        "online": partner,
    }
    path = paths.stats_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data))
    stats, problem = load_stats()
    assert problem is None
    hazel = stats.by_character["hazel"]
    assert hazel.as_partner == Record(1, 0, 0)
    assert hazel.as_opponent == Record()
    assert hazel.earlier_as_opponent == Record(2, 5, 1)
    assert json.loads(path.read_text()) == data  # reading alone changes nothing
    record_game(
        _result("g1", Outcome.LOSS, opponents=("hazel",), head_to_head=(Outcome.WIN,))
    )
    stats, problem = load_stats()
    assert problem is None
    hazel = stats.by_character["hazel"]
    assert hazel.as_opponent == Record(1, 0, 0)
    assert hazel.earlier_as_opponent == Record(2, 5, 1)
    assert stats.by_difficulty == {7: Record(2, 6, 1)}
    assert stats.online == Record(1, 0, 0)
    assert stats.counted_ids == ["old", "g1"]
    saved = json.loads(path.read_text())
    assert saved["version"] == 2
    assert saved["by_character"]["hazel"]["earlier_as_opponent"] == good
    assert not list(home.glob("stats.json.broken-*"))


def test_an_opponent_must_come_with_a_head_to_head_result() -> None:
    """A bare id (as version 1's results had) is refused, not split into letters."""
    with pytest.raises(ValueError):
        GameResult(
            game_id="g1",
            outcome=Outcome.WIN,
            difficulty=7,
            partner=None,
            opponents=("bo",),  # type: ignore[arg-type]
            finished_at="2026-03-14T15:09:26Z",
        )
