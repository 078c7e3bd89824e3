from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from audiospades.storage import (
    ProblemKind,
    SavedGame,
    SaveProblemKind,
    clear_current,
    list_finished,
    load_current,
    load_finished,
    new_game_id,
    paths,
    save_current,
    save_finished,
    set_aside_current,
)
from audiospades.storage import saves as saves_module


def _record(hands: int = 1) -> dict[str, object]:
    deal = [
        ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S"]
    ] * 4
    actions = [{"seat": n % 4, "play": "QH"} for n in range(52)]
    return {
        "format": "audiospades-record/1",
        "rules": {"preset": "pagat"},
        "players": 4,
        "partnerships": True,
        "names": ["South", "West", "North", "East"],
        "hands": [{"dealer": 3, "deal": deal, "actions": actions}] * hands,
    }


META: dict[str, object] = {
    "game_id": "g1",
    "last_spoken": "Ada plays the queen of hearts.",
    "players": ["you", "ada", "bo", "cy"],
}


def test_no_game_in_progress() -> None:
    assert load_current() == (None, None)


def test_current_game_round_trip() -> None:
    assert save_current(_record(), META) is None
    assert load_current() == (SavedGame(record=_record(), meta=META), None)
    data = json.loads(paths.current_game_path().read_text(encoding="utf-8"))
    assert data["version"] == 1
    assert data["record"]["format"] == "audiospades-record/1"


def test_each_save_replaces_the_last() -> None:
    save_current(_record(1), META)
    save_current(_record(2), {**META, "last_spoken": "Second."})
    saved, _ = load_current()
    assert saved is not None
    assert saved.meta["last_spoken"] == "Second."
    assert len(saved.record["hands"]) == 2  # type: ignore[arg-type]


def test_clear_current() -> None:
    save_current(_record(), META)
    assert clear_current() is None
    assert load_current() == (None, None)
    assert clear_current() is None


def test_record_without_format_is_refused_before_writing() -> None:
    with pytest.raises(ValueError):
        save_current({"hands": []}, META)
    assert not paths.current_game_path().exists()


def test_unserialisable_data_is_refused_before_writing() -> None:
    save_current(_record(), META)
    with pytest.raises(TypeError):
        save_current(_record(), {"when": object()})
    with pytest.raises(ValueError):
        save_current({**_record(), "x": float("nan")}, META)
    assert load_current()[0] == SavedGame(_record(), META)


@pytest.mark.parametrize(
    ("envelope", "kind"),
    [
        ({"version": 1}, ProblemKind.DAMAGED),
        ({"version": 1, "record": [], "meta": {}}, ProblemKind.DAMAGED),
        ({"version": 1, "record": {"format": 1}, "meta": {}}, ProblemKind.DAMAGED),
        ({"version": 1, "record": {"hands": []}, "meta": {}}, ProblemKind.DAMAGED),
        ({"version": 1, "record": _record(), "meta": None}, ProblemKind.DAMAGED),
        (
            {"version": 1, "record": {"format": "audiospades-record/2"}, "meta": {}},
            ProblemKind.WRONG_VERSION,
        ),
    ],
)
def test_bad_envelope_is_moved_aside(envelope: object, kind: ProblemKind) -> None:
    path = paths.current_game_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(envelope))
    saved, problem = load_current()
    assert saved is None
    assert problem is not None
    assert problem.kind is kind
    assert problem.backup is not None
    assert json.loads(problem.backup.read_text()) == envelope
    assert not path.exists()


def test_unwritable_save_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    save_current(_record(), META)

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as patch:
        patch.setattr("os.replace", refuse)
        problem = save_current(_record(2), META)
    assert problem is not None
    assert problem.kind is SaveProblemKind.UNWRITABLE
    assert load_current()[0] == SavedGame(_record(), META)


def test_saving_after_every_action_is_fast() -> None:
    record = _record(hands=13)
    size = len(json.dumps(record))
    assert 20_000 < size < 100_000
    start = time.perf_counter()
    for n in range(20):
        save_current(record, {**META, "action_index": n})
    mean = (time.perf_counter() - start) / 20
    # A few milliseconds on any disk that fsyncs honestly; generous for slow CI.
    assert mean < 0.25


def test_finished_game_round_trip() -> None:
    assert save_finished("g1", _record(), META) is None
    assert load_finished("g1") == (SavedGame(_record(), META), None)
    [info] = list_finished()
    assert info.game_id == "g1"
    assert info.meta == META
    assert info.finished_at.endswith("+00:00")


def test_finished_games_newest_first_and_pruned_to_fifty(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ids = [f"game-{n:03d}" for n in range(57)]
    for game_id in ids:
        assert save_finished(game_id, _record(), {"game_id": game_id}) is None
    listed = [info.game_id for info in list_finished()]
    assert listed == ids[::-1][:50]
    assert len(list(paths.finished_dir().iterdir())) == 50
    assert load_finished("game-000") == (None, None)
    assert load_finished("game-056")[0] is not None


def test_an_old_finished_game_that_cannot_be_removed_is_left_and_the_save_stands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before: the PermissionError (a file another program has open on Windows, an
    immutable file) came out of save_finished, and ended the game at its end
    before it was counted in the statistics."""
    ids = [f"game-{n:03d}" for n in range(51)]
    for game_id in ids[:50]:
        assert save_finished(game_id, _record(), {"game_id": game_id}) is None
    real_unlink = Path.unlink

    def refuse(path: Path, missing_ok: bool = False) -> None:
        if path.parent == paths.finished_dir():
            raise PermissionError(13, "Permission denied", str(path))
        real_unlink(path, missing_ok=missing_ok)

    with monkeypatch.context() as patch:
        patch.setattr(Path, "unlink", refuse)
        assert save_finished(ids[50], _record(), {"game_id": ids[50]}) is None
    assert [i.game_id for i in list_finished()] == ids[::-1]  # none lost
    assert save_finished("game-051", _record(), {"game_id": "game-051"}) is None
    assert len(list_finished()) == 50  # pruned again once it can be


def test_saving_a_finished_game_again_replaces_it() -> None:
    save_finished("g1", _record(), META)
    save_finished("g2", _record(), META)
    save_finished("g1", _record(2), META)
    assert [i.game_id for i in list_finished()] == ["g1", "g2"]
    saved, _ = load_finished("g1")
    assert saved is not None
    assert len(saved.record["hands"]) == 2  # type: ignore[arg-type]


def test_damaged_finished_file_is_moved_aside_and_skipped() -> None:
    save_finished("g1", _record(), META)
    folder = paths.finished_dir()
    (folder / "g2.json").write_bytes(b"{\x00")
    (folder / "g3.json").write_text(json.dumps({"version": 1, "meta": {}}))
    assert [i.game_id for i in list_finished()] == ["g1"]
    names = sorted(p.name for p in folder.iterdir())
    assert names[0] == "g1.json"
    assert names[1].startswith("g2.json.broken-")
    assert names[2].startswith("g3.json.broken-")


def test_finished_file_renamed_by_hand_is_not_trusted() -> None:
    save_finished("g1", _record(), META)
    folder = paths.finished_dir()
    (folder / "g1.json").rename(folder / "other.json")
    assert list_finished() == []


@pytest.mark.parametrize("game_id", ["", "../escape", "a/b", ".hidden", "x" * 101])
def test_unsafe_game_ids(game_id: str) -> None:
    with pytest.raises(ValueError):
        save_finished(game_id, _record(), META)
    assert load_finished(game_id) == (None, None)


def test_new_game_ids_are_unique_and_safe() -> None:
    ids = {new_game_id() for _ in range(100)}
    assert len(ids) == 100
    assert all(saves_module.is_valid_game_id(i) for i in ids)


def test_no_finished_folder_yet(home: Path) -> None:
    assert list_finished() == []
    assert not home.exists()


# --- a saved game that cannot be used is kept, never deleted (issue 13) ---


def test_set_aside_current_keeps_the_file_and_says_where(fixed_clock: str) -> None:
    """Issue 13, item 1: a save that cannot be replayed was deleted."""
    save_current(_record(), META)
    path = paths.current_game_path()
    content = path.read_bytes()
    backup = set_aside_current("cannot be replayed")
    assert backup == path.with_name(f"current_game.json.broken-{fixed_clock}")
    assert backup.read_bytes() == content
    assert not path.exists()
    assert load_current() == (None, None)


def test_set_aside_current_without_a_save_is_none() -> None:
    assert set_aside_current("nothing there") is None


@pytest.mark.parametrize(
    "game_id",
    ["a:b", "../../etc/passwd", "", "con.json", "x" * 101, 7, None, ["g1"]],
)
def test_unsafe_game_id_is_repaired_on_load(game_id: object) -> None:
    """Issue 13, item 5: a game id 'a:b' made the game exit at game over."""
    meta = {**META, "game_id": game_id}
    save_current(_record(), meta)
    saved, problem = load_current()
    assert problem is None and saved is not None
    repaired = saved.meta["game_id"]
    assert isinstance(repaired, str)
    assert saves_module.is_valid_game_id(repaired)
    assert {k: v for k, v in saved.meta.items() if k != "game_id"} == {
        k: v for k, v in META.items() if k != "game_id"
    }
    # The same save always gets the same id, so a repeated finish counts once.
    again, _ = load_current()
    assert again is not None and again.meta["game_id"] == repaired
    assert save_finished(repaired, saved.record, saved.meta) is None


def test_game_id_missing_from_meta_is_repaired_the_same_way_each_time() -> None:
    meta = {k: v for k, v in META.items() if k != "game_id"}
    save_current(_record(), meta)
    first, _ = load_current()
    second, _ = load_current()
    assert first is not None and second is not None
    assert first.meta["game_id"] == second.meta["game_id"]
    assert saves_module.is_valid_game_id(str(first.meta["game_id"]))


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("seed", 10**400),
        ("seed", -1),
        ("seed", 1.5),
        ("undo_count", 10**30),
        ("undo_count", -3),
        ("names", ["x" * 10_000, "b", "c", "d"]),
        ("last_spoken", "x" * 100_000),
    ],
)
def test_meta_values_out_of_range_are_dropped(name: str, value: object) -> None:
    """Bound every number read from a file; the app has defaults for each."""
    save_current(_record(), {**META, name: value})
    saved, problem = load_current()
    assert problem is None and saved is not None
    assert name not in saved.meta
    assert saved.meta["game_id"] == "g1"


def test_a_linked_finished_folder_is_never_written_through(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    home = paths.data_dir()
    home.mkdir(parents=True)
    paths.finished_dir().symlink_to(elsewhere, target_is_directory=True)
    problem = save_finished("g1", _record(), META)
    assert problem is not None
    assert problem.kind is SaveProblemKind.UNWRITABLE
    assert list(elsewhere.iterdir()) == []
