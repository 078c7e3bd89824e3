"""Headless output read by a program that stops early (``... | head -3``).

A reader that closes the pipe has all it wanted: the game stops quietly, with no
BrokenPipeError traceback and exit status 0.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_headless_output_into_a_pipe_closed_early_ends_quietly(
    tmp_path: Path,
) -> None:
    # The script: a game of 2,000 key lines writes some 500 kB, far more
    # than a pipe holds, so the game is still writing when the reader leaves.
    keys = tmp_path / "keys.txt"
    keys.write_text("return\n" + "n 3 return tab return\n" * 2000, encoding="utf-8")
    environment = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    environment["AUDIOSPADES_HOME"] = str(tmp_path)
    command = [sys.executable, "-m", "audiospades", "--headless", "--seed", "7"]
    with subprocess.Popen(
        [*command, "--keys", str(keys)],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as game:
        assert game.stdout is not None and game.stderr is not None
        lines = [game.stdout.readline() for _ in range(3)]
        game.stdout.close()
        status = game.wait(timeout=120)
        errors = game.stderr.read()
    assert all(line.endswith("\n") for line in lines)
    assert "Traceback" not in errors and "BrokenPipe" not in errors, errors[-2000:]
    assert errors == ""
    assert status == 0
