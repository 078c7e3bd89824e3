"""``audiospades replay FILE --json | head -1``: a reader that stops early.

The reader has what it wanted: no BrokenPipeError traceback, exit status 0.
"""

from __future__ import annotations

import dataclasses
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from record_helpers import play_random_game

from audiospades.cli import main as cli_main
from audiospades.record import game_to_record
from audiospades.rules import Rules

ROOT = Path(__file__).resolve().parents[2]


def long_record(tmp_path: Path) -> Path:
    """A game of 150 hands: its JSON summary is far bigger than a pipe holds."""
    rules = dataclasses.replace(Rules.pagat(), target_score=None, hand_limit=150)
    game = play_random_game(rules, 3, max_hands=150)
    path = tmp_path / "long.json"
    path.write_text(json.dumps(game_to_record(game)), encoding="utf-8")
    return path


@pytest.mark.parametrize("lines_read", [0, 1])
def test_replay_json_into_a_pipe_closed_early_ends_quietly(
    tmp_path: Path, lines_read: int
) -> None:
    """As ``| head -1``, and as ``| true``, which reads nothing: the pipe is closed
    before the replay writes a byte."""
    path = long_record(tmp_path)
    with subprocess.Popen(
        [sys.executable, "-m", "audiospades", "replay", str(path), "--json"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as replay:
        assert replay.stdout is not None and replay.stderr is not None
        read = [replay.stdout.readline() for _ in range(lines_read)]
        replay.stdout.close()
        status = replay.wait(timeout=120)
        errors = replay.stderr.read()
    assert read == ["{\n"][:lines_read]
    assert errors == "", errors[-2000:]
    assert status == 0


class ClosedPipe(io.StringIO):
    """Standard output whose reader has gone."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_replay_into_a_closed_pipe_returns_0_in_process(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = long_record(tmp_path)
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert cli_main(["replay", str(path), "--json"]) == 0
    assert capsys.readouterr().err == ""
