"""``audiospades replay`` reads the game's own files, and words hands and sides as
the game does.

The README: "Every game is kept as a record in the ``audiospades-record/1`` format",
and the game keeps them in ``current_game.json`` and ``finished/GAME_ID.json``
inside ``{"version": 1, "record": {...}, "meta": {...}}``: replay reads the record
inside, and nothing else of the wrapper.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from record_helpers import play_random_game, suits_deal_record

from audiospades import storage
from audiospades.record import FORMAT, game_to_record
from audiospades.replay import main as replay_main
from audiospades.replay import record_in
from audiospades.rules import Rules
from audiospades.storage import paths

NAMES = ["South", "West", "North", "East"]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("AUDIOSPADES_HOME", str(folder))
    return folder


def _replay(path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    status = replay_main([str(path), *args])
    out, err = capsys.readouterr()
    return status, out, err


def _finished_game() -> Any:
    rules = dataclasses.replace(Rules.pagat(), target_score=100)
    game = play_random_game(rules, 11, max_hands=60)
    assert game.is_over and not game.is_draw
    return game


def test_replay_reads_the_saved_game_in_progress(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    storage.save_current(suits_deal_record(), {"game_id": "abc", "names": NAMES})
    status, out, err = _replay(paths.current_game_path(), capsys, "--json")
    assert (status, err) == (0, "")
    assert json.loads(out)["totals"] == [121, 200]


def test_replay_reads_a_finished_game_file(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _finished_game()
    storage.save_finished("g1", game_to_record(game, NAMES), {"names": NAMES})
    status, out, err = _replay(paths.finished_dir() / "g1.json", capsys, "--json")
    assert (status, err) == (0, "")
    summary = json.loads(out)
    assert summary["finished"] is True
    assert summary["totals"] == game.totals


@pytest.mark.parametrize(
    "data",
    [
        # The wrapper's record is not a record.
        {"version": 1, "record": {"format": "something-else/2"}},
        {"version": 1, "record": "current_game.json"},
        {"version": 1, "record": None},
        # A record that names its format wrongly is not rescued by an inner one.
        {"format": "x/1", "record": suits_deal_record()},
        {"version": 1},
    ],
)
def test_anything_else_keeps_the_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: Any
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    status, out, err = _replay(path, capsys)
    assert status == 2 and out == ""
    assert f"not an {FORMAT} record" in err
    assert len(err.splitlines()) == 1


def test_a_path_in_the_data_is_not_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A wrapper naming a file is refused, never opened: only FILE is read."""
    other = tmp_path / "other.json"
    other.write_text(json.dumps(suits_deal_record()))
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"version": 1, "record": str(other)}))
    status, out, _ = _replay(path, capsys)
    assert status == 2 and out == ""


def test_record_in_leaves_a_plain_record_alone() -> None:
    record = suits_deal_record()
    assert record_in(record) is record
    assert record_in({"version": 1, "record": record}) is record
    assert record_in([1, 2]) == [1, 2]


def test_replay_counts_hands_from_1_as_the_game_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The game says "Hand 1." of the first hand (the hand summary, the review)."""
    record = game_to_record(play_random_game(Rules.pagat(), 3, max_hands=2), NAMES)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    status, out, _ = _replay(path, capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Hand 1: ")
    assert lines[1].startswith("Hand 2: ")
    assert "Hand 0" not in out


def test_replay_names_the_winning_side_by_its_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _finished_game()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_to_record(game, NAMES)))
    _, out, _ = _replay(path, capsys)
    winners = ["South and North", "West and East"][game.winner or 0]
    assert out.splitlines()[-1] == f"Game over: {winners} win"


def test_replay_names_a_lone_winner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = dataclasses.replace(Rules.from_preset("pagat", players=3), target_score=100)
    game = play_random_game(rules, 4, max_hands=80)
    assert game.is_over and game.winner is not None
    names = ["Ann", "Bert", "Cleo"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_to_record(game, names)))
    _, out, _ = _replay(path, capsys)
    assert out.splitlines()[-1] == f"Game over: {names[game.winner]} wins"


@pytest.mark.parametrize(
    "names",
    [None, ["South", "West"], ["South", 1, "North", "East"], ["a\nb", "W", "N", "E"]],
)
def test_without_usable_names_the_side_is_numbered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], names: Any
) -> None:
    """A record need not carry names (the spec: "names is optional")."""
    game = _finished_game()
    record = game_to_record(game)
    if names is not None:
        record["names"] = names
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    status, out, _ = _replay(path, capsys)
    assert status == 0
    assert out.splitlines()[-1] == f"Game over: side {game.winner} wins"


def test_a_hand_thrown_in_names_who_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Open Spades (seed 002): a seat with one spade or none may ask for a redeal."""
    record = suits_deal_record()
    record["rules"] = {"preset": "open_spades"}
    record["hands"][0]["actions"] = [{"seat": 1, "redeal": True}]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    status, out, err = _replay(path, capsys)
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == "Hand 1: thrown in, West asked"
