"""The online load benchmarks still run against this server: a few tables, briefly.

They are not timed here (timings belong to the benchmarks); each must finish its
games with no error frame, so a protocol change cannot leave them measuring a
server that refuses every client (a version bump once did: every hello was
answered ``version_mismatch`` and the benchmark reported nothing).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str, *args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=ROOT,
        env=os.environ | {"PYGAME_HIDE_SUPPORT_PROMPT": "1"},
        check=True,
    )
    report = json.loads(done.stdout)
    assert isinstance(report, dict)
    return report


def test_server_load_plays_its_games_to_the_end() -> None:
    report = _run("server_load.py", "--tables", "2", "--hands", "1", "--seconds", "120")
    assert report["games_finished"] == 2
    assert report["error_frames"] == 0
    latency = report["latency_ms"]
    assert isinstance(latency, dict) and latency["count"] > 100


def test_lobby_load_measures_each_change() -> None:
    report = _run("lobby_load.py", "--tables", "20", "--changes", "2", "--pages", "1")
    told = report["tell_the_lobby_ms"]
    assert isinstance(told, dict) and told["count"] == 2
    worded = report["word_a_page_ms"]
    assert isinstance(worded, dict) and worded["count"] >= 2
