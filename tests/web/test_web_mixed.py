"""A browser and the pygame game at one table: both play the same game to the end.

Robin hosts a one-hand table in the browser; Ann sits down with the game itself
(``audiospades --headless --connect URL --name Ann --keys FILE``); Robin seats two
computer players and starts. Each hears the other's every play, in the words of a
local game, and both reach the end; chat goes both ways (the page's chat line to
the game, the game's chat key to the page).
"""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from test_web_browser import host_short_table, open_page, play_to_the_end
from web_helpers import (
    FRAMES,
    RECORDER,
    ROOT,
    chromium,
    frames,
    heard,
    running_server,
    skip_without_browser,
    wait_for,
)

pytestmark = pytest.mark.browser

ANN_KEYS = "return return\n3 return\n" + "return " * 13 + "\n' g g return\n"
"""The lobby's first table, its first free seat; bid 3; play at each turn; chat."""


class HeadlessGame:
    """The pygame game, headless, in a subprocess; its lines read as they come."""

    def __init__(self, name: str, url: str, keys: str, home: Path) -> None:
        home.mkdir()
        settings = {"version": 1, "language": "en"}
        (home / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
        script = home / "keys.txt"
        script.write_text(keys, encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=str(ROOT), AUDIOSPADES_HOME=str(home))
        self.lines: list[str] = []
        self.errors = home / "stderr.txt"
        self.process = subprocess.Popen(
            [
                *(sys.executable, "-m", "audiospades", "--headless"),
                *("--connect", url, "--name", name, "--keys", str(script)),
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=self.errors.open("w", encoding="utf-8"),
            text=True,
            encoding="utf-8",
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, prefix: str, timeout: float = 60.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if any(line.startswith(prefix) for line in self.lines):
                return
            time.sleep(0.05)
        raise AssertionError(f"never said {prefix!r}: {self.lines}")

    def finish(self) -> None:
        try:
            self.process.wait(timeout=90)
        finally:
            self.process.kill()
        self._reader.join(10)
        errors = self.errors.read_text(encoding="utf-8")
        assert self.process.returncode == 0, errors


def test_a_browser_and_the_game_play_one_table_to_the_end(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    skip_without_browser()
    # The server's connections, greetings and tables, in a failure's log: Ann's
    # plays were once heard twice, and whether a connection was replaced or came
    # back was not known.
    caplog.set_level(logging.INFO, logger="audiospades.net")
    with running_server(tmp_path / "server.db") as url, chromium() as driver:
        open_page(driver, url, "Robin", RECORDER + FRAMES)
        ws_url = "ws://" + url.removeprefix("http://").rstrip("/")
        ann = None

        def ann_sits() -> None:
            nonlocal ann
            ann = HeadlessGame("Ann", ws_url, ANN_KEYS, tmp_path / "ann")
            ann.wait_for("Waiting for the game: ")
            # Robin greets Ann from the page's chat line.
            chat = driver.find_element("id", "chat")
            chat.send_keys("hello Ann")
            chat.submit()
            ann.wait_for("Robin: hello Ann")

        try:
            host_short_table(driver, "Mixed table", before_start=ann_sits, bots=2)
            play_to_the_end(driver)
            assert ann is not None
            ann.finish()
            wait_for(lambda: "Ann: gg" in [t for _k, t in heard(driver)], what="chat")
            robin_heard = [text for _kind, text in heard(driver)]
            robin_frames = frames(driver)
        finally:
            if ann is not None:
                ann.process.kill()
    assert ann is not None
    # Everything each heard, in any failure's message: a count that is off once
    # in many runs is diagnosed from it (which lines came twice, and when; in the
    # server's frames or only on the page).
    told = "\n".join(
        [
            f"Robin heard {robin_heard}",
            "Robin's page received:",
            *robin_frames,
            f"Ann said {ann.lines}",
            "Ann's log: " + ann.errors.read_text(encoding="utf-8"),
        ]
    )
    assert "Ann: gg" in robin_heard, told
    # Each hears the other's 13 plays a hand, in the same words as a local game
    # (one hand, and one more for each tie: a tied game plays on).
    n = 13 * sum(1 for t in robin_heard if "The hand is over." in t)
    assert n and n == 13 * sum(1 for t in ann.lines if "The hand is over." in t), told
    assert sum(1 for t in robin_heard if t.startswith("Ann plays the ")) == n, told
    assert sum(1 for t in ann.lines if t.startswith("Robin plays the ")) == n, told
    assert sum(1 for t in robin_heard if t.startswith("You play the ")) == n, told
    assert sum(1 for t in ann.lines if t.startswith("You play the ")) == n, told
    plays = re.compile(r"^(You play|[A-Z][a-z]+ plays) ")
    assert len([t for t in ann.lines if plays.match(t)]) == 4 * n, told
