"""The server's SQLite database: tokens kept only as hashes, records saved and read
back, finished games with results, and a damaged file reported, never deleted."""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from net_helpers import LATER_SCHEMAS, NEWER_REFUSED, CommitFails, later_database

from audiospades.net import store as store_module
from audiospades.net.store import (
    SCHEMA_VERSION,
    SeatResult,
    Store,
    StoreError,
    TableRow,
    token_hash,
)
from audiospades.record import RecordWriter, game_from_record, game_to_record
from audiospades.rules import Game, Phase, Rules, shuffled_deal


def _table(table_id: str = "t1", state: str = "waiting") -> TableRow:
    return TableRow(
        id=table_id,
        name="Friday",
        code=None,
        host="p1",
        rules={"players": 4, "partnerships": True, "options": {"preset": "pagat"}},
        seed=7,
        seating=[{"kind": "human", "player": "p1"}, {"kind": "empty"}] * 2,
        state=state,
        game_id=None,
    )


def test_a_token_is_stored_only_as_its_hash(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    store = Store(path)
    player, token = store.register_player("Ann")
    assert len(token) >= 43
    assert store.player_for_token(token) == player
    assert store.player_for_token(token + "x") is None
    store.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.is_file())
    assert token.encode() not in raw
    assert token_hash(token).encode() in raw


def test_tokens_are_unique_and_random(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    tokens = {store.register_player(f"P{i}")[1] for i in range(50)}
    assert len(tokens) == 50
    store.close()


def test_a_renamed_player_keeps_its_id(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    player, token = store.register_player("Ann")
    store.touch_player(player.id, "Annie")
    again = store.player_for_token(token)
    assert again is not None and again.id == player.id and again.name == "Annie"
    store.close()


def test_a_game_in_progress_survives_reopening(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = Store(path)
    store.save_table(_table())
    rules = Rules.pagat()
    game = Game(rules, first_dealer=1)
    game.deal(shuffled_deal(rules, random.Random(4)))
    seat = game.to_act
    assert seat is not None
    game.bid(seat, game.legal_bids(seat)[3])
    record = game_to_record(game, ["A", "B", "C", "D"])
    seating = [{"kind": "computer", "character": "milly"}] * 4
    state = {"questions": {"0": ["blind_nil", 100]}}
    store.save_progress("t1", "g1", record, game.action_count, seating, state)
    store.close()

    store = Store(path)
    [(table, saved, core_state)] = store.open_tables()
    assert table.seating == seating and table.seed == 7
    assert saved == record and core_state == state
    assert game_from_record(saved).actions == game.actions
    store.close()


def _played(rules: Rules, seed: int, hands: int) -> list[Game]:
    """A game after each of its actions (copies), for ``hands`` hands at most."""
    rng = random.Random(seed)
    game = Game(rules, first_dealer=0)
    after: list[Game] = []
    while not game.is_over and game.hands_played < hands:
        seat = game.to_act
        if seat is None or game.phase is Phase.DEALING:
            game.deal(shuffled_deal(rules, rng))
        elif game.legal_bids(seat):
            game.bid(seat, rng.choice(game.legal_bids(seat)[1:4]))
        else:
            game.play(seat, rng.choice(sorted(game.legal_plays(seat))))
        after.append(game.copy())
    return after


def test_each_action_writes_the_hand_in_progress_not_the_whole_record(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.db"
    store = Store(path)
    store.save_table(_table(state="playing"))
    reader = sqlite3.connect(path)
    heads: list[str] = []
    games = _played(Rules.pagat(), 5, hands=3)
    for index, game in enumerate(games):
        names = ["A", "B", "C", "Dee" if index > 40 else "D"]  # a stand-in at 41
        record = game_to_record(game, names)
        state = {"questions": {}, "n": index}
        store.save_progress("t1", "g1", record, game.action_count, [], state)
        assert store.record_of("t1") == record
        [(_, saved, core_state)] = store.open_tables()
        assert saved == record and core_state == state
        [(head,)] = reader.execute("SELECT record FROM records").fetchall()
        if not heads or heads[-1] != head:
            heads.append(head)
    # The head (the record less its hand in progress) was written when a hand
    # began and when a name changed, not after every action.
    assert game.hands_played == 3
    assert len(heads) == game.hands_played + 1  # three hands, one new name
    assert all('"hands":[]' in h for h in heads[:2])
    store.close()
    reader.close()
    store = Store(path)
    assert store.record_of("t1") == game_to_record(games[-1], names)
    assert game_from_record(store.record_of("t1") or {}).actions == games[-1].actions
    store.close()


def _rows(path: Path, sql: str) -> list[Any]:
    reader = sqlite3.connect(path)
    try:
        return reader.execute(sql).fetchall()
    finally:
        reader.close()


def _live_rows(path: Path, table_id: str = "t1") -> list[tuple[int, Any]]:
    """The rows of the log that count for the table's hand in progress: after
    its last mark, of its hand, beyond the actions of the hand's row."""
    return [
        (seq, json.loads(action))
        for seq, action in _rows(
            path,
            "SELECT h.seq, h.action FROM hand_actions h JOIN current_hands c "
            "ON c.table_id = h.table_id AND c.game_id = h.game_id "
            "AND c.hands_before = h.hands_before "
            f"WHERE h.table_id = '{table_id}' AND h.seq >= "
            "json_array_length(c.hand, '$.actions') AND h.rowid > (SELECT "
            "coalesce(max(rowid), 0) FROM hand_actions m WHERE m.seq = -1 AND "
            "m.table_id = h.table_id) ORDER BY h.rowid",
        )
    ]


def test_an_action_appends_its_own_row_and_the_hand_is_written_when_it_begins(
    tmp_path: Path,
) -> None:
    """Before: every action wrote its whole hand again (a server under load saves
    after every action of hundreds of tables)."""
    path = tmp_path / "s.db"
    store = Store(path)
    store.save_table(_table(state="playing"))
    writer = RecordWriter(["A", "B", "C", "D"])  # as a table's: its hands grow
    games = _played(Rules.pagat(), 5, hands=2)
    hand_rows: list[str] = []
    for index, game in enumerate(games):
        questions = {"questions": {}} if index != 30 else {"questions": {"1": 2}}
        record = writer.record(game)
        store.save_progress("t1", "g1", record, game.action_count, [], questions)
        [(hand,)] = _rows(path, "SELECT hand FROM current_hands")
        if not hand_rows or hand_rows[-1] != hand:
            hand_rows.append(hand)
        actions = record["hands"][-1]["actions"] if record["hands"] else []
        written = json.loads(hand)["actions"] if record["hands"] else []
        # The hand's row and the log's rows after it are the hand's actions.
        live = _live_rows(path)
        assert [*written, *(action for _, action in live)] == actions
        assert [seq for seq, _ in live] == list(range(len(written), len(actions)))
        assert store.record_of("t1") == game_to_record(game, ["A", "B", "C", "D"])
        [(_, _, state)] = store.open_tables()
        assert state == questions  # (changed at action 30, and back: a row each)
    # Written whole at each deal: otherwise an action added a row.
    assert len(hand_rows) == 2
    store.close()
    store = Store(path)
    [(_, saved, state)] = store.open_tables()
    assert saved == game_to_record(games[-1], ["A", "B", "C", "D"])
    assert state == {"questions": {}}
    assert game_from_record(saved or {}).actions == games[-1].actions
    # Opening again dropped the rows of the hands no longer in progress: the
    # hand's mark and the rows that count are left.
    assert _rows(path, "SELECT seq FROM hand_actions WHERE seq = -1") == [(-1,)]
    live = _rows(path, "SELECT * FROM hand_actions WHERE seq >= 0")
    assert len(live) == len(_live_rows(path))
    store.close()


def test_a_copy_of_the_hand_written_appends_too_and_another_hand_is_written_whole(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.db"
    store = Store(path)
    store.save_table(_table(state="playing"))
    games = _played(Rules.pagat(), 8, hands=1)
    for game in games[10:14]:  # a fresh record each time, the same hand
        record = game_to_record(game)
        store.save_progress("t1", "g1", record, game.action_count, [], {})
    hand_actions = len(games[10].actions) - 1  # (less its deal)
    assert [seq for seq, _ in _live_rows(path)] == [hand_actions + n for n in range(3)]
    # The same place in another game (another deal): written whole, and the
    # rows of the first no longer count.
    other = _played(Rules.pagat(), 9, hands=1)[12]
    store.save_progress("t1", "g1", game_to_record(other), other.action_count, [], {})
    assert _live_rows(path) == []
    assert store.record_of("t1") == game_to_record(other)
    store.close()
    store = Store(path)
    assert store.record_of("t1") == game_to_record(other)
    store.close()


def test_a_tables_new_actions_are_appended_as_they_are_when_nothing_else_changed(
    tmp_path: Path,
) -> None:
    """The server's way (append_actions): only the hand's new actions, and its
    open questions when they change; anything else is refused, and saved whole."""
    path = tmp_path / "s.db"
    store = Store(path)
    store.save_table(_table(state="playing"))
    rules = Rules.pagat()
    game = Game(rules, first_dealer=0)  # one game, as a table's: it grows
    game.deal(shuffled_deal(rules, random.Random(3)))

    def act() -> None:
        seat = game.to_act
        assert seat is not None
        if game.legal_bids(seat):
            game.bid(seat, game.legal_bids(seat)[2])
        else:
            game.play(seat, sorted(game.legal_plays(seat))[0])

    writer = RecordWriter()
    seating = [{"kind": "open"}]
    store.save_progress("t1", "g1", writer.record(game), 0, seating, {})
    for index in range(6):
        act()
        new = writer.appended(game)
        assert new is not None and len(new) == 1
        asked = {"questions": {"2": ["blind_nil", 100]}} if index == 2 else {}
        assert store.append_actions("t1", "g1", 0, new, seating, asked)
        [(_, saved, state)] = store.open_tables()
        assert saved == game_to_record(game) and state == asked
    before = game_to_record(game)
    # Another seating, another hand or another game: refused, nothing written.
    act()
    new = writer.appended(game)
    assert new is not None
    assert not store.append_actions("t1", "g1", 0, new, [{"kind": "empty"}], {})
    assert not store.append_actions("t1", "g1", 1, new, seating, {})
    assert not store.append_actions("t1", "g2", 0, new, seating, {})
    assert store.record_of("t1") == before
    store.save_progress("t1", "g1", writer.record(game), 0, [{"kind": "empty"}], {})
    assert store.record_of("t1") == game_to_record(game)
    store.close()


def test_the_log_keeps_only_what_counts_as_tables_play_on_and_one_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Swept every few actions: the rows before every table's first live one go,
    and a table that waits (its players away) has its rows moved to the end, so
    that it does not keep the whole log since its hand began."""
    monkeypatch.setattr(store_module, "SWEEP_EVERY", 8)
    monkeypatch.setattr(store_module, "MOVE_BEHIND", 40)
    path = tmp_path / "s.db"
    store = Store(path)
    store.group_commits(lambda: None)
    for table_id in ("t1", "t2", "t3"):
        store.save_table(_table(table_id, state="playing"))
    store.commit()
    games = {
        table_id: _played(Rules.pagat(), seed, hands=3)
        for table_id, seed in (("t1", 1), ("t2", 2), ("t3", 3))
    }
    for game in games["t3"][20:25]:  # t3's players stop mid-hand
        store.save_progress("t3", "g3", game_to_record(game), 0, [], {})
    waiting = games["t3"][24]
    store.commit()
    [(first_of_t3,)] = _rows(path, "SELECT min(rowid) FROM hand_actions")
    longest = played = 0
    for index in range(min(len(games["t1"]), len(games["t2"]))):
        for table_id in ("t1", "t2"):
            game = games[table_id][index]
            store.save_progress(
                table_id, f"g{table_id}", game_to_record(game), 0, [], {}
            )
            played += 1
        store.commit()
        longest = max(longest, len(_rows(path, "SELECT 1 FROM hand_actions")))
    # t3's rows were moved on (copied to the end, the originals deleted).
    [(t3_now,)] = _rows(path, "SELECT min(rowid) FROM hand_actions WHERE table_id='t3'")
    assert t3_now > first_of_t3
    # Bounded by the two hands in progress and the sweeps, not by the game: at
    # most about a hand of each table and what was appended since a sweep.
    assert played > 300 and longest < 2 * 56 + 40
    store.close()
    store = Store(path)
    last = min(len(games["t1"]), len(games["t2"])) - 1
    assert store.record_of("t1") == game_to_record(games["t1"][last])
    assert store.record_of("t2") == game_to_record(games["t2"][last])
    assert store.record_of("t3") == game_to_record(waiting)
    store.close()


def _one_game(seed: int, actions: int) -> list[Game]:
    """A game after each of its first ``actions`` actions (copies)."""
    rng, rules = random.Random(seed), Rules.pagat()
    game, after = Game(rules, first_dealer=0), []
    while len(after) < actions:
        seat = game.to_act
        if seat is None or game.phase is Phase.DEALING:
            game.deal(shuffled_deal(rules, rng))
        elif game.legal_bids(seat):
            game.bid(seat, game.legal_bids(seat)[2])
        else:
            game.play(seat, sorted(game.legal_plays(seat))[0])
        after.append(game.copy())
    return after


def _a_waits_while_b_plays(
    store: Store, path: Path, save: Callable[[str, Game], None], step: int = 1
) -> list[int]:
    """A saves whole and appends two actions around B's first, then waits while B
    plays on; how many actions a reader finds for A after each of B's saves."""
    for table_id in "AB":
        store.save_table(_table(table_id, state="playing"))
    a, b = _one_game(1, 30), _one_game(2, 60)
    save("A", a[5])
    save("A", a[6])
    save("B", b[5])
    save("B", b[6])
    save("A", a[7])  # after B's first live row
    found = []
    for game in b[7:40:step]:
        save("B", game)
        reader = Store(path, prepare=False)
        record = reader.record_of("A") or {}
        reader.close()
        found.append(len(record["hands"][0]["actions"]))
    return found


def test_a_waiting_tables_rows_copied_to_the_end_are_read_whatever_is_left_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: the sweep copied A's rows to the end, and a later sweep deleted
    its first rows but not the last (B's first live row lay between them); the
    reader took what was left for a gap and never reached the copies: A lost
    two actions. Found by a model-based fuzz in review."""
    monkeypatch.setattr(store_module, "SWEEP_EVERY", 4)
    monkeypatch.setattr(store_module, "MOVE_BEHIND", 6)
    path = tmp_path / "s.db"
    store = Store(path)
    store.group_commits(lambda: None)

    def save(table_id: str, game: Game) -> None:
        store.save_progress(table_id, f"g{table_id}", game_to_record(game), 0, [], {})
        store.commit()

    assert set(_a_waits_while_b_plays(store, path, save)) == {7}
    store.close()


class _DeleteFailsAfterACopy:
    """The database, but the sweep's delete right after it copied a table's
    rows fails once, alone (the transaction stays open)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db, self.copied, self.failed = db, False, False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)

    def execute(self, sql: str, *parameters: Any) -> Any:
        if sql.startswith("INSERT") and "FROM hand_actions" in sql:
            self.copied = True
        deleting = sql.startswith("DELETE FROM hand_actions")
        if deleting and self.copied and not self.failed:
            self.failed = True
            raise sqlite3.OperationalError("disk I/O error")
        return self.db.execute(sql, *parameters)


@pytest.mark.allow_error_log
def test_a_sweep_that_fails_is_undone_whole_and_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: the sweep ran inside a save's savepoint; a failure undid its
    copies of A's rows but not its note that A's rows now began there, and the
    next sweep deleted them all."""
    monkeypatch.setattr(store_module, "SWEEP_EVERY", 4)
    monkeypatch.setattr(store_module, "MOVE_BEHIND", 6)
    path = tmp_path / "s.db"
    store = Store(path)
    store.group_commits(lambda: None)
    failing = _DeleteFailsAfterACopy(store._db)
    store._db = failing  # type: ignore[assignment]

    last: dict[str, Game] = {}

    def save(table_id: str, game: Game) -> None:
        last[table_id] = game
        with contextlib.suppress(sqlite3.Error):
            record = game_to_record(game)
            store.save_progress(table_id, f"g{table_id}", record, 0, [], {})
        with contextlib.suppress(sqlite3.Error):
            store.commit()
        for lost in sorted(store.unsaved_tables):  # saved again, as the server does
            record = game_to_record(last[lost])
            store.save_progress(lost, f"g{lost}", record, 0, [], {})
            store.commit()

    # B saves two actions at a time: each save in a savepoint of its own.
    found = _a_waits_while_b_plays(store, path, save, step=2)
    assert set(found) == {7}, found
    assert failing.failed
    store.close()


def test_appended_actions_that_skip_one_are_left_out_and_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "s.db"
    store = Store(path)
    store.save_table(_table(state="playing"))
    games = _played(Rules.pagat(), 8, hands=1)
    for game in games[5:9]:
        store.save_progress("t1", "g1", game_to_record(game), game.action_count, [], {})
    store.close()
    db = sqlite3.connect(path)
    [(second,)] = db.execute(
        "SELECT min(seq) + 1 FROM hand_actions WHERE seq >= 0"
    ).fetchall()
    db.execute("DELETE FROM hand_actions WHERE seq = ?", (second,))
    db.commit()
    db.close()
    with caplog.at_level("WARNING", logger="audiospades.net.store"):
        store = Store(path)
        [(_, saved, _)] = store.open_tables()
    assert saved == game_to_record(games[6])  # up to the gap
    assert any("skip from" in r.getMessage() for r in caplog.records)
    store.close()


def test_a_version_2_database_is_read_and_brought_up_to_date(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = Store(path)
    store.save_table(_table(state="playing"))
    games = _played(Rules.pagat(), 9, hands=1)
    game = games[20]
    store.save_progress("t1", "g1", game_to_record(game), game.action_count, [], {})
    store.close()
    # As a version-2 server left it: the hand in progress whole in its row.
    db = sqlite3.connect(path)
    db.execute("DROP TABLE hand_actions")
    db.execute("PRAGMA user_version=2")
    db.commit()
    db.close()
    store = Store(path)
    assert store.record_of("t1") == game_to_record(game)
    later = games[22]
    store.save_progress("t1", "g1", game_to_record(later), later.action_count, [], {})
    store.close()
    store = Store(path)
    assert store.record_of("t1") == game_to_record(later)
    store.close()
    assert _rows(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert (tmp_path / f"s.db.before-schema-{SCHEMA_VERSION}").exists()


def test_whether_a_tables_name_is_its_default_is_kept(tmp_path: Path) -> None:
    """A table made with no name given, and one whose host typed a name of the
    same shape: each is read back as it was saved (the name alone cannot tell
    them apart)."""
    path = tmp_path / "s.db"
    store = Store(path)
    rows = {
        "t1": replace(_table("t1"), name="Ann's table", default_name=True),
        "t2": replace(_table("t2"), name="Bob's table", default_name=False),
    }
    for row in rows.values():
        store.save_table(row)
    store.close()
    store = Store(path)
    assert {saved.table.id: saved.table for saved in store.open_tables()} == rows
    assert store.table("t2") == rows["t2"]
    store.close()


def test_a_version_3_database_is_brought_up_to_date_and_its_names_read_as_before(
    tmp_path: Path,
) -> None:
    """A database of schema 3 has no ``default_name`` in ``tables``: the column
    is added (empty: not known), and its tables are read as they were. Their
    names keep the old reading when the server resumes them (see NetTable)."""
    path = tmp_path / "s.db"
    store = Store(path)
    store.save_table(replace(_table(), name="Bob's table"))
    store.close()
    # As a version-3 server left it: no such column.
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE tables DROP COLUMN default_name")
    db.execute("PRAGMA user_version=3")
    db.commit()
    db.close()
    store = Store(path)
    [saved] = store.open_tables()
    assert saved.table == replace(_table(), name="Bob's table", default_name=None)
    store.save_table(replace(saved.table, default_name=False))
    store.close()
    assert _rows(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)] == [(4,)]
    assert _rows(path, "SELECT name, default_name FROM tables") == [("Bob's table", 0)]
    assert (tmp_path / f"s.db.before-schema-{SCHEMA_VERSION}").exists()


def test_a_version_1_database_is_read_and_brought_up_to_date(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = Store(path)
    store.save_table(_table(state="playing"))
    store.close()
    game = _played(Rules.pagat(), 9, hands=2)[70]
    whole = game_to_record(game, ["A", "B", "C", "D"])
    # As a version-1 server left it: the whole record in one row, no hand row.
    db = sqlite3.connect(path)
    db.execute("DROP TABLE current_hands")
    db.execute("DROP TABLE hand_actions")
    db.execute(
        "INSERT INTO records VALUES ('t1', 'g1', ?, ?, '{\"q\": 1}', 0)",
        (json.dumps(whole), game.action_count),
    )
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()
    store = Store(path)
    [(_, saved, core_state)] = store.open_tables()
    assert saved == whole and core_state == {"q": 1}
    store.save_progress("t1", "g1", whole, game.action_count, [], {"q": 2})
    assert store.record_of("t1") == whole
    store.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_a_finished_game_keeps_its_results_and_clears_the_record(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "s.db")
    store.save_table(replace(_table(state="playing"), game_id="g1"))
    store.save_progress("t1", "g1", {"format": "x"}, 3, [], {})
    results = [
        SeatResult(
            s,
            s % 2,
            "p1" if s == 0 else None,
            None if s == 0 else "milly",
            f"N{s}",
            120 - 50 * (s % 2),
            "win" if s % 2 == 0 else "loss",
        )
        for s in range(4)
    ]
    store.finish_game("t1", "g1", 7, {"format": "y"}, results)
    assert store.results_for("g1") == results
    assert store.finished_record("g1") == {"format": "y"}
    assert store.record_of("t1") is None
    # The table comes back with the game just over (resumed as it was).
    [(table, record, core_state)] = store.open_tables()
    assert table.state == "finished" and record == {"format": "y"}
    assert core_state is None
    store.close_table("t1")
    assert store.open_tables() == []
    store.close()


def test_a_finished_games_unreadable_record_leaves_its_table_without_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A table whose finished game's record cannot be read is still read back,
    as before finished games were: without it (and the server resumes it so)."""
    path = tmp_path / "s.db"
    store = Store(path)
    store.save_table(replace(_table(state="playing"), game_id="g1"))
    store.finish_game("t1", "g1", 7, {"format": "y"}, [])
    store.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET record = '{not json' WHERE id = 'g1'")
    db.commit()
    db.close()
    store = Store(path)
    with caplog.at_level("WARNING", logger="audiospades.net.store"):
        [(table, record, _)] = store.open_tables()
    store.close()
    assert table.state == "finished" and record is None
    assert any("finished game unreadable" in r.getMessage() for r in caplog.records)


def test_the_database_uses_wal(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    Store(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


def test_a_file_that_is_not_a_database_is_reported_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    before = path.read_bytes()
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert str(path) in str(caught.value)
    assert "database" in caught.value.message
    assert path.read_bytes() == before


def test_a_damaged_database_is_reported_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = Store(path)
    for i in range(200):
        store.save_table(_table(f"t{i}"))
    store.close()
    data = bytearray(path.read_bytes())
    for offset in range(4096, len(data), 997):  # scribble over every page but the first
        data[offset : offset + 64] = os.urandom(64)
    path.write_bytes(bytes(data))
    before = path.read_bytes()
    with pytest.raises(StoreError):
        Store(path)
    assert path.read_bytes() == before


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=99")
    db.close()
    with pytest.raises(StoreError, match="newer"):
        Store(path)


@pytest.mark.parametrize("change", LATER_SCHEMAS.values(), ids=LATER_SCHEMAS.keys())
@pytest.mark.parametrize("version", [SCHEMA_VERSION + 1, SCHEMA_VERSION + 2, 99])
def test_a_database_a_later_version_made_is_refused_as_newer_and_kept(
    tmp_path: Path, change: str, version: int
) -> None:
    """Before: a later schema's column or table made it "not an audiospades
    database, or damaged"; its version is looked at first now."""
    path = tmp_path / "s.db"
    later_database(path, change, version)
    before = path.read_bytes()
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert caught.value.message == NEWER_REFUSED.format(version=version)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.db"]


def test_a_new_or_upgraded_database_is_marked_as_audiospades(tmp_path: Path) -> None:
    """The mark by which a later version's database is known, whatever its tables."""
    new, older = tmp_path / "new.db", tmp_path / "old.db"
    Store(new).close()
    _version_1(older)
    Store(older).close()
    for path in (new, older):
        db = sqlite3.connect(path)
        marked = db.execute("PRAGMA application_id").fetchone()[0]
        db.close()
        assert marked == store_module.APPLICATION_ID


def test_a_later_database_without_the_mark_is_newer_if_it_has_every_table(
    tmp_path: Path,
) -> None:
    """A database upgraded by a later server from one made before the mark: known
    by its tables (all of this schema's; another program's are not)."""
    path = tmp_path / "s.db"
    later_database(path, "CREATE TABLE tournaments (id TEXT)")
    db = sqlite3.connect(path)
    db.execute("PRAGMA application_id=0")
    db.commit()
    db.close()
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert caught.value.message == NEWER_REFUSED.format(version=SCHEMA_VERSION + 1)


def test_a_later_database_a_killed_server_left_keeps_its_wal_file(
    tmp_path: Path,
) -> None:
    """A later server killed mid-game leaves its last writes in the -wal file:
    closing the refused database folded them into it (rewriting the file) and
    removed the -wal file."""
    path = tmp_path / "s.db"
    later_database(path, "SELECT 1")
    child = (
        "import os, signal, sqlite3, sys\n"
        "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "db.execute('CREATE TABLE tournaments (id TEXT)')\n"
        "db.execute(\"UPDATE players SET name = 'Annie'\")\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    killed = subprocess.run([sys.executable, "-c", child, str(path)], timeout=60)
    assert killed.returncode == -9
    wal = tmp_path / "s.db-wal"
    before, wal_before = path.read_bytes(), wal.read_bytes()
    assert wal_before  # (the writes are there, not in the database)
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert caught.value.message == NEWER_REFUSED.format(version=SCHEMA_VERSION + 1)
    assert path.read_bytes() == before and wal.read_bytes() == wal_before
    kept = ["s.db", "s.db-shm", "s.db-wal"]
    assert sorted(p.name for p in tmp_path.iterdir()) == kept


@pytest.mark.parametrize("version", [0, 99])
def test_another_programs_database_is_refused_and_left_as_it_was(
    tmp_path: Path, version: int
) -> None:
    path = tmp_path / "foreign.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE bookmarks (url TEXT)")
    db.execute("CREATE TABLE players (id TEXT)")
    db.execute("INSERT INTO bookmarks VALUES ('https://example.org')")
    db.execute(f"PRAGMA user_version={version}")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert caught.value.message == (
        "is not an audiospades database (it has the tables bookmarks, players); "
        "give another --db"
    )
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["foreign.db"]


def test_a_symbolic_link_is_refused(tmp_path: Path) -> None:
    real = tmp_path / "real.db"
    Store(real).close()
    link = tmp_path / "link.db"
    link.symlink_to(real)
    with pytest.raises(StoreError, match="symbolic link"):
        Store(link)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="not a file"):
        Store(tmp_path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_database_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    Store(path).close()
    path.chmod(0)
    try:
        with pytest.raises(StoreError):
            Store(path)
    finally:
        path.chmod(0o600)


def test_a_commit_survives_sigkill(tmp_path: Path) -> None:
    """A child saves, then is killed with SIGKILL before closing: the save is kept."""
    path = tmp_path / "s.db"
    child = (
        "import os, signal, sys\n"
        "from pathlib import Path\n"
        "from audiospades.net.store import Store\n"
        "s = Store(Path(sys.argv[1]))\n"
        "p, t = s.register_player('Ann')\n"
        "print(t, flush=True)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run(
        [sys.executable, "-c", child, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=root,
        env=dict(os.environ, PYTHONPATH=str(root)),
    )
    assert proc.returncode == -9
    token = proc.stdout.strip()
    store = Store(path)
    assert store.player_for_token(token) is not None
    store.close()


def test_a_database_whose_folder_cannot_be_made_is_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="folder"):
        Store(blocker / "server.db")
    assert blocker.read_text() == "not a folder"


def test_grouped_writes_are_seen_by_others_only_once_committed(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = Store(path)
    opened: list[int] = []
    store.group_commits(lambda: opened.append(1))
    store.save_table(_table())
    store.save_progress("t1", "g1", {"format": "x"}, 1, [{"kind": "empty"}], {})
    store.save_progress("t1", "g1", {"format": "x"}, 1, [{"kind": "empty"}], {})
    assert opened == [1]  # one group for every write of the turn
    reader = sqlite3.connect(path)

    def seen() -> list[tuple[str, str]]:
        return reader.execute(
            "SELECT tables.seating, records.record FROM tables JOIN records "
            "ON records.table_id = tables.id"
        ).fetchall()

    assert seen() == []
    store.commit()
    assert seen() == [('[{"kind":"empty"}]', '{"format":"x"}')]
    store.save_progress("t1", "g1", {"format": "z"}, 2, [{"kind": "empty"}], {})
    store.save_progress("t1", "g1", {"format": "z"}, 3, [{"kind": "open"}], {})
    store.commit()
    assert seen() == [('[{"kind":"open"}]', '{"format":"z"}')]
    assert opened == [1, 1]
    reader.close()
    store.close()


def test_a_failed_write_in_a_group_is_undone_alone(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    store.group_commits(lambda: None)
    store.save_table(replace(_table("t1"), code="ABCDE"))
    with pytest.raises(sqlite3.IntegrityError):  # the code is taken
        store.save_table(replace(_table("t2"), code="ABCDE"))
    store.save_table(_table("t3"))
    store.commit()
    assert sorted(t.table.id for t in store.open_tables()) == ["t1", "t3"]
    store.close()


def test_a_hand_row_that_does_not_follow_its_record_is_left_out(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "s.db"
    store = Store(path)
    store.save_table(_table(state="playing"))
    game = _played(Rules.pagat(), 3, hands=2)[80]
    record = game_to_record(game)
    store.save_progress("t1", "g1", record, game.action_count, [], {"q": 1})
    store.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE current_hands SET hands_before = 5")
    db.commit()
    db.close()
    store = Store(path)
    [(_, saved, _)] = store.open_tables()
    assert saved is not None and saved["hands"] == record["hands"][:-1]
    assert "does not follow" in caplog.text
    store.close()


@pytest.mark.allow_error_log
def test_a_write_that_loses_the_turns_transaction_leaves_nothing_half_kept(
    tmp_path: Path,
) -> None:
    # A full disk makes SQLite roll back the whole open transaction, not just the
    # failing statement: what the turn wrote before is gone, and what it writes
    # after must not be kept either (a hand without the record it follows).
    path = tmp_path / "s.db"
    store = Store(path)
    store.group_commits(lambda: None)
    store.save_table(_table("t1", state="playing"))
    store.save_table(_table("t2", state="playing"))
    games = _played(Rules.pagat(), 6, hands=2)
    first = next(i for i, g in enumerate(games) if g.hands_played == 1)
    kept = games[first - 1]  # the last action of hand 1
    store.save_progress("t1", "g1", game_to_record(kept), kept.action_count, [], {})
    store.commit()
    # Hand 2 begins at t1 (its record's head is written again), then t2 fails.
    begun = games[first + 1]
    store.save_progress("t1", "g1", game_to_record(begun), begun.action_count, [], {})
    [(pages,)] = store._db.execute("PRAGMA page_count").fetchall()
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(sqlite3.Error):
        store.save_progress(
            "t2", "g2", {"format": "x", "big": "x" * 200_000}, 1, [], {}
        )
    later = games[first + 2]
    store.save_progress("t1", "g1", game_to_record(later), later.action_count, [], {})
    with pytest.raises(sqlite3.Error, match="transaction"):
        store.commit()
    assert "t1" in store.unsaved_tables
    store._db.execute("PRAGMA max_page_count = 1073741823")
    # Nothing of the lost turn was kept: t1 reads back as last committed.
    reader = Store(path)
    assert reader.record_of("t1") == game_to_record(kept)
    reader.close()
    # Saved again (as the server does after a failed commit), it is all there.
    store.save_progress("t1", "g1", game_to_record(later), later.action_count, [], {})
    store.commit()
    store.close()
    reader = Store(path)
    assert reader.record_of("t1") == game_to_record(later)
    reader.close()


def test_a_finished_game_a_failed_commit_lost_is_kept_again_even_if_its_table_closes(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "s.db")
    store.group_commits(lambda: None)
    store.save_table(_table("t1", state="playing"))
    store.commit()
    results = [
        SeatResult(s, s % 2, None, "milly", f"N{s}", 10, "win") for s in range(4)
    ]
    store.finish_game("t1", "g1", 7, {"format": "y"}, results)
    real, store._db = store._db, CommitFails(store._db)  # type: ignore[assignment]
    with pytest.raises(sqlite3.Error):
        store.commit()
    store._db = real
    assert store.finished_record("g1") is None and "t1" in store.lost_finishes
    store.close_table("t1")  # everyone left meanwhile
    with pytest.raises(sqlite3.Error, match="not saved again"):
        store.commit()  # the lost game holds everything back
    store.retry_finishes()
    store.commit()
    assert store.finished_record("g1") == {"format": "y"}
    assert store.results_for("g1") == results and not store.lost_finishes
    row = store.table("t1")
    assert row is not None and row.state == "closed"
    store.close()


def test_players_and_tables_a_failed_commit_lost_are_written_again_first(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.db"
    store = Store(path)
    store.group_commits(lambda: None)
    ann, ann_token = store.register_player("Ann")
    store.save_table(_table("t1", state="playing"))
    store.commit()
    # A turn whose commit fails: a new player, a new table, a table closed.
    bob, bob_token = store.register_player("Bob")
    store.save_table(_table("t2"))
    store.close_table("t1")
    real, store._db = store._db, CommitFails(store._db)  # type: ignore[assignment]
    with pytest.raises(sqlite3.Error):
        store.commit()
    with pytest.raises(sqlite3.Error):  # making them again fails too: still lost
        store.commit()
    store._db = real
    reader = Store(path)
    assert reader.player_for_token(bob_token) is None
    assert [t.table.id for t in reader.open_tables()] == ["t1"]
    reader.close()
    assert len(store.lost_writes) == 3  # a player, a table, a closing
    # The next turn's writes come after them: t2's progress needs its row.
    store.save_progress("t2", "g2", {"format": "x"}, 1, [], {})
    store.commit()
    assert not store.lost_writes
    store.close()
    reader = Store(path)
    assert reader.player_for_token(bob_token) == bob
    assert [t.table.id for t in reader.open_tables()] == ["t2"]
    assert reader.record_of("t2") == {"format": "x"}
    closed = reader.table("t1")
    assert closed is not None and closed.state == "closed"
    assert reader.player_for_token(ann_token) == ann
    reader.close()


def test_a_commit_with_nothing_new_makes_the_lost_writes_again(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = Store(path)
    opened: list[int] = []
    store.group_commits(lambda: opened.append(1))
    player, token = store.register_player("Ann")
    real, store._db = store._db, CommitFails(store._db)  # type: ignore[assignment]
    with pytest.raises(sqlite3.Error):
        store.commit()
    store._db = real
    store.commit()  # the retry: no write of its own, committed in itself
    assert opened == [1] and not store.lost_writes
    reader = Store(path)
    assert reader.player_for_token(token) == player
    reader.close()
    store.close()


class _FirstPlayerInsertFails:
    """A store's connection whose next INSERT INTO players fails as SQLite fails a
    statement on a full disk: the statement is undone, the transaction stays open."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.failed = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)

    def execute(self, sql: str, *args: Any) -> Any:
        if sql.startswith("INSERT INTO players") and not self.failed:
            self.failed = True
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)


@pytest.mark.allow_error_log
def test_a_lost_write_whose_replay_fails_is_kept_for_the_next_try(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.db"
    store = Store(path)
    store.group_commits(lambda: None)
    bob, bob_token = store.register_player("Bob")
    real, store._db = store._db, CommitFails(store._db)  # type: ignore[assignment]
    with pytest.raises(sqlite3.Error):
        store.commit()
    store._db = _FirstPlayerInsertFails(real)  # type: ignore[assignment]
    with pytest.raises(sqlite3.Error):  # not "all saved": Bob is not kept yet
        store.commit()
    store._db = real
    assert store.lost_writes
    store.commit()
    store.close()
    reader = Store(path)
    assert reader.player_for_token(bob_token) == bob
    reader.close()


def _contents(path: Path) -> tuple[int, list[str]]:
    """A database's schema version and every statement that would remake it."""
    db = sqlite3.connect(path)
    try:
        return db.execute("PRAGMA user_version").fetchone()[0], list(db.iterdump())
    finally:
        db.close()


def _version_1(path: Path) -> None:
    """A database as a version-1 server left it (no ``current_hands``)."""
    store = Store(path)
    store.save_table(_table(state="playing"))
    store.close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE current_hands")
    db.execute("DROP TABLE hand_actions")
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()


def test_an_older_database_is_copied_before_its_upgrade_and_the_upgrade_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "s.db"
    _version_1(path)
    before = _contents(path)
    with caplog.at_level("INFO", logger="audiospades.net.store"):
        Store(path).close()
    copy = tmp_path / f"s.db.before-schema-{SCHEMA_VERSION}"
    assert _contents(copy) == before and before[0] == 1
    upgrades = [r.getMessage() for r in caplog.records if "upgraded" in r.message]
    assert upgrades == [
        f"database {path}: schema upgraded from version 1 to {SCHEMA_VERSION}; the "
        f"old database is kept as {copy}"
    ]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.db", copy.name]


def test_the_copy_before_an_upgrade_replaces_nothing_and_follows_no_link(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.db"
    _version_1(path)
    before = _contents(path)
    taken = tmp_path / f"s.db.before-schema-{SCHEMA_VERSION}"
    taken.write_text("an older copy")
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (tmp_path / f"{taken.name}.1").symlink_to(victim)
    Store(path).close()
    assert taken.read_text() == "an older copy"
    assert victim.read_text() == "keep me"
    assert _contents(tmp_path / f"{taken.name}.2") == before


def test_a_store_not_yet_prepared_changes_nothing(tmp_path: Path) -> None:
    older, new = tmp_path / "old.db", tmp_path / "new.db"
    _version_1(older)
    before = older.read_bytes()
    Store(older, prepare=False).close()
    Store(new, prepare=False).close()
    assert older.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.db"]


def test_an_up_to_date_database_is_not_written_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    Store(path).close()
    before = path.read_bytes()
    Store(path).close()
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("schema", "said"),
    [
        (
            "CREATE TABLE players (id TEXT PRIMARY KEY, email TEXT)",
            "its table players has the columns id, email, not id, name, "
            "token_hash, created_at, last_seen",
        ),
        (
            "CREATE TABLE games (id TEXT PRIMARY KEY, table_id TEXT NOT NULL, "
            "seed TEXT NOT NULL, record TEXT NOT NULL, finished_at REAL NOT NULL)",
            "its table games has columns of other types or constraints",
        ),
        (
            "CREATE VIEW records AS SELECT 1 AS table_id",
            "its records is a view, not a table",
        ),
    ],
)
def test_tables_of_our_names_with_other_columns_are_refused_and_kept(
    tmp_path: Path, schema: str, said: str
) -> None:
    path = tmp_path / "s.db"
    db = sqlite3.connect(path)
    db.execute(schema)
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert caught.value.message == (
        f"is not an audiospades database, or is damaged: {said}; give another --db"
    )
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.db"]


def test_a_database_another_program_locks_is_named_so_and_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "BUSY_SECONDS", 0.05)
    path = tmp_path / "s.db"
    Store(path).close()
    before = path.read_bytes()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError) as caught:
            Store(path)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert caught.value.message.startswith("is locked by another program")
    assert path.read_bytes() == before


def _make_read_only(path: Path) -> Callable[[], None]:
    """Make ``path`` read-only even for root (immutable); return the undoing."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        return lambda: path.chmod(0o644)
    if shutil.which("chattr") is None:
        pytest.skip("root writes any file, and chattr is missing")
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip("root writes any file, and chattr +i is refused here")

    def undo() -> None:
        subprocess.run(["chattr", "-i", str(path)], check=True)

    return undo


def test_a_read_only_database_is_named_so_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    Store(path).close()
    before = path.read_bytes()
    undo = _make_read_only(path)
    try:
        with pytest.raises(StoreError) as caught:
            Store(path)
    finally:
        undo()
    assert caught.value.message == (
        "is read-only for this user; give this user write permission on it, or "
        "give another --db"
    )
    assert path.read_bytes() == before


def test_a_file_that_is_not_sqlite_is_named_so(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello, I am notes\n")
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert caught.value.message.startswith("is not an SQLite database")
    assert path.read_text() == "hello, I am notes\n"


def test_a_folder_is_named_so(tmp_path: Path) -> None:
    with pytest.raises(StoreError) as caught:
        Store(tmp_path)
    assert caught.value.message == (
        f"is a folder, not a file; give a file name, such as {tmp_path / 'server.db'}"
    )
