"""``audiospades replay FILE`` where FILE is no record's file: one line, no hang.

Before, a named pipe hung the command for ever (reading waited for a writer),
``/dev/zero`` filled the memory until the system ended it, and a file of
hundreds of megabytes was read whole before JSON refused it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from record_helpers import play_random_game

from audiospades import replay
from audiospades.record import game_to_record
from audiospades.replay import main as replay_main
from audiospades.rules import Rules

ROOT = Path(__file__).resolve().parents[2]


def _replay(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = replay_main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    """As a command: were it to wait again, the timeout fails the test, not the run."""
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    done = subprocess.run(
        [sys.executable, "-m", "audiospades", "replay", str(pipe), "--language", "en"],
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"audiospades replay: {pipe} is not an ordinary file, so it was not read\n"
    )


@pytest.mark.parametrize("name", [os.devnull, "folder"])
def test_a_device_or_a_folder_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    path = tmp_path / name  # an absolute os.devnull stays as it is
    if name == "folder":
        path.mkdir()
    status, out, err = _replay(capsys, str(path), "--language", "en")
    assert (status, out) == (2, "")
    assert err == (
        f"audiospades replay: {path} is not an ordinary file, so it was not read\n"
    )


def test_a_file_larger_than_any_record_is_not_read_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(replay.MAX_RECORD_BYTES + 1)  # sparse: no disk used
    status, out, err = _replay(capsys, str(big), "--language", "en")
    assert (status, out) == (2, "")
    assert err == (
        f"audiospades replay: {big} is larger than any game record (16 megabytes "
        "at most), so it was not read\n"
    )


def test_a_record_just_within_the_limit_is_read(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = play_random_game(Rules.pagat(), seed=3, max_hands=2)
    text = json.dumps(game_to_record(game))
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(replay, "MAX_RECORD_BYTES", len(text.encode()))
    status, out, _err = _replay(capsys, str(path), "--json")
    assert status == 0 and json.loads(out)["hands"]
    monkeypatch.setattr(replay, "MAX_RECORD_BYTES", len(text.encode()) - 1)
    status, out, err = _replay(capsys, str(path), "--json", "--language", "en")
    assert (status, out) == (2, "")
    assert "is larger than any game record" in err


def test_a_link_named_on_the_command_line_is_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The player named the link: it is their file, unlike a link in the data."""
    game = play_random_game(Rules.pagat(), seed=4, max_hands=2)
    target = tmp_path / "game.json"
    target.write_text(json.dumps(game_to_record(game)), encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    status, out, _err = _replay(capsys, str(link), "--json")
    assert status == 0 and json.loads(out)["hands"]
