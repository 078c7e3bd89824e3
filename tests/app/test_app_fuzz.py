"""Thousands of seeded random keys over every screen: no exception, no ERROR log."""

from __future__ import annotations

import random
from collections.abc import Callable

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
