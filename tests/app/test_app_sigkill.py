"""Kill the headless game at random moments; "continue" must resume the same game.

Issue 6: the game is saved after every action, so a SIGKILL loses at most the
action being saved. Each restart must resume exactly the saved game (its actions
are a prefix of what is then played), and statistics count every finished game
exactly once, however the kills fall.

Issue 13, item 2: a kill between writing a temporary file and renaming it leaves
``.NAME.XXXXXXXX.tmp`` behind; the next start removes those, and nothing else.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from audiospades import storage
from audiospades.storage import Settings

ROOT = Path(__file__).resolve().parents[2]
NEW_GAME = "return " + "3 return " * 80
CONTINUE = "down return " + "3 return " * 80


def _flatten(record: dict[str, object]) -> list[object]:
    out: list[object] = []
    hands = record.get("hands")
    assert isinstance(hands, list)
    for hand in hands:
        out.append(("deal", hand["dealer"], hand["deal"]))
        out.extend(hand["actions"])
    return out


def _run(home: Path, keys: Path, kill_after_lines: int | None) -> str:
    """Run the headless game; SIGKILL it once it has spoken ``kill_after_lines``.

    Counting spoken lines rather than seconds puts every kill inside the game on a
    fast machine and a slow one alike; the line counts themselves are random.
    """
    env = dict(
        os.environ,
        AUDIOSPADES_HOME=str(home),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        PYTHONUNBUFFERED="1",
    )
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "audiospades",
            "--headless",
            "--seed",
            "5",
            "--keys",
            str(keys),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    if kill_after_lines is None:
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
        return out
    assert proc.stdout is not None
    lines = []
    deadline = time.monotonic() + 120
    while len(lines) < kill_after_lines and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:  # the game ended before that many lines
            break
        lines.append(line)
    proc.send_signal(signal.SIGKILL)
    out, _ = proc.communicate(timeout=60)
    return "".join(lines) + out


KILLED_WRITES = (".current_game.json.k1ll3d_x.tmp", ".stats.json.abcd_123.tmp")
"""What a kill inside `atomic_write_bytes` leaves (a real kill lands there rarely)."""
NOT_OURS = (".current_game.json.notes.tmp", "my-notes.tmp")


def _leave_killed_writes(home: Path) -> None:
    for name in KILLED_WRITES:
        (home / name).write_text('{"version": 1, "half": ')


def _temp_files(home: Path) -> set[str]:
    return {p.name for p in home.iterdir() if p.name.endswith(".tmp")}


def _check_finished(saved: storage.SavedGame) -> None:
    finished, _ = storage.load_finished(str(saved.meta["game_id"]))
    assert finished is not None
    before = _flatten(saved.record)
    assert _flatten(finished.record)[: len(before)] == before


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_then_continue_resumes_the_same_game(tmp_path: Path) -> None:
    home = Path(os.environ["AUDIOSPADES_HOME"])
    storage.save_settings(
        Settings(
            language="en",
            pace="fast",
            last_rules={"preset": "pagat", "target_score": None, "hand_limit": 4},
            last_players=["random", "random", "random"],
            tutorial_offered=True,  # not a first start: no offer of the tutorial
        )
    )
    new_keys = tmp_path / "new.keys"
    new_keys.write_text(NEW_GAME, encoding="utf-8")
    continue_keys = tmp_path / "continue.keys"
    continue_keys.write_text(CONTINUE, encoding="utf-8")
    for name in NOT_OURS:
        (home / name).write_text("mine")
    rng = random.Random(6)
    resumed = 0
    for _ in range(4):
        _run(home, new_keys, kill_after_lines=rng.randint(20, 150))
        _leave_killed_writes(home)
        saved, problem = storage.load_current()
        assert problem is None
        # Kill the continued game too, once, before letting it finish.
        if saved is not None and rng.random() < 0.5:
            _run(home, continue_keys, kill_after_lines=rng.randint(5, 60))
            assert not _temp_files(home) & set(KILLED_WRITES)
            _leave_killed_writes(home)
            again, problem = storage.load_current()
            assert problem is None
            if again is not None:
                assert _flatten(again.record)[: len(_flatten(saved.record))] == (
                    _flatten(saved.record)
                )
                assert again.meta["game_id"] == saved.meta["game_id"]
            else:  # the continued game ended before the kill
                _check_finished(saved)
            saved = again
        out = _run(home, continue_keys, kill_after_lines=None)
        # The start-up removed every killed write's leftovers, and nothing else.
        assert _temp_files(home) == set(NOT_OURS)
        assert all((home / name).read_text() == "mine" for name in NOT_OURS)
        if saved is None:
            assert "There is no saved game to continue." in out
            continue
        resumed += 1
        assert "Game resumed." in out
        assert storage.load_current() == (None, None)
        _check_finished(saved)
    stats, _ = storage.load_stats()
    finished_ids = {info.game_id for info in storage.list_finished()}
    assert stats.totals.games == len(finished_ids)
    assert set(stats.counted_ids) == finished_ids
    assert resumed == 4  # every kill landed mid-game, and every game was resumed
