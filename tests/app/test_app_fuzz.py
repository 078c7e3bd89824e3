"""Thousands of seeded random keys over every screen: no exception, no ERROR log.

Also with hostile files in the data folder (issue 13): links, named pipes and
damaged files in place of each file, or a folder that refuses every write.
"""

from __future__ import annotations

import errno
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from app_helpers import assert_still_answers

from audiospades.app.harness import Harness

KEYS = [
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "return",
    "space",
    "escape",
    "backspace",
    "tab",
    "a",
    "b",
    "c",
    "d",
    "e",
    "f",
    "g",
    "h",
    "i",
    "j",
    "k",
    "l",
    "m",
    "n",
    "o",
    "p",
    "q",
    "r",
    "s",
    "t",
    "u",
    "v",
    "w",
    "x",
    "y",
    "z",
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "f1",
    "f2",
    "f5",
    "page_up",
    "page_down",
    "ctrl",
    "ctrl+z",
    "ctrl+up",
    "ctrl+down",
    "shift+tab",
    "delete",
    "f3",
    "f4",
]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_keys_never_crash(
    seed: int, make_harness: Callable[..., Harness]
) -> None:
    rng = random.Random(seed)
    h = make_harness(seed=seed)
    presses = 0
    while presses < 1200:
        if not h.app.running:
            h = make_harness(seed=rng.randrange(100))
        token = rng.choice(KEYS)
        if rng.random() < 0.05:
            token = f"wait:{rng.randrange(3000)}"
        h.press(token)
        presses += 1
    assert_still_answers(h)


def _keys(
    h: Harness, rng: random.Random, make: Callable[[], Harness]
) -> Iterator[Harness]:
    """Press random keys, starting a new run of the game whenever one quits."""
    for _ in range(600):
        if not h.app.running:
            h = make()
        token = rng.choice(KEYS)
        if rng.random() < 0.05:
            token = f"wait:{rng.randrange(3000)}"
        h.press(token)
        yield h


def _hostile_files(home: Path, outside: Path) -> None:
    """A link in place of the saved game, a pipe for the statistics, and more."""
    (home / "current_game.json").symlink_to(outside)
    if hasattr(os, "mkfifo"):
        os.mkfifo(home / "stats.json")
    (home / "stats.json.lock").symlink_to(outside)
    finished = home / "finished"
    finished.mkdir()
    (finished / "g1.json").symlink_to(outside)
    (finished / "g2.json").mkdir()
    (finished / "g3.json").write_bytes(b"\x00{")
    (home / "settings.json").write_text('{"version": 1, "language": "../../x"}')


def _read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write refused, as on a read-only mount (tests may run as root)."""
    real_open = os.open

    def open_read_only(path: str, flags: int, *args: object, **kwargs: object) -> int:
        if flags & (os.O_CREAT | os.O_WRONLY | os.O_RDWR):
            raise OSError(errno.EROFS, "Read-only file system", path)
        return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "open", open_read_only)
    for name in ("replace", "rename", "link", "unlink", "mkdir"):
        monkeypatch.setattr(os, name, refuse)


@pytest.mark.parametrize("folder", ["hostile files", "read-only"])
def test_random_keys_with_a_hostile_data_folder(
    folder: str,
    make_harness: Callable[..., Harness],
    _home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 13: nothing outside the folder is touched, nothing hangs, and a
    problem saving is said at most once a game, however many actions follow."""
    outside = tmp_path / "outside.json"
    outside.write_text("precious")
    if folder == "hostile files":
        _hostile_files(_home, outside)
    else:
        _read_only(monkeypatch)
    rng = random.Random(folder)
    spoken: list[str] = []

    def new_game() -> Harness:
        h = make_harness(seed=rng.randrange(100))
        h.press("return")  # New game: the saves are what is under test
        return h

    runs = [new_game()]
    for h in _keys(runs[0], rng, new_game):
        if h is not runs[-1]:
            runs.append(h)
    for run in runs:
        spoken += run.transcript
    assert outside.read_text() == "precious"
    games = sum(line.startswith(("New game with", "Game resumed.")) for line in spoken)
    for line in set(spoken):
        if "could not be saved" in line:
            assert spoken.count(line) <= max(games, 1), line
    if folder == "read-only":
        assert games > 0 and any("could not be saved" in line for line in spoken)
    assert_still_answers(h)
