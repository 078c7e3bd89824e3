"""Play-test: under deuces the 2 of diamonds is a trump, and the hand keys treat it
as one: it sits above the spades, as R reads it and as it is followed."""

from __future__ import annotations

from collections.abc import Callable

from audiospades.app.harness import Harness
from audiospades.storage import Settings

DEUCES = {
    "preset": "pagat",
    "target_score": None,
    "hand_limit": 1,
    "player_count": 5,
    "partnerships": False,
    "trump_mode": "deuces",
}


def test_the_arrows_put_an_added_trump_with_the_spades(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(
        seed=73,
        settings=Settings(language="en", pace="fast", last_rules=dict(DEUCES)),
    )
    h.press("return")
    assert h.last.endswith("Spades: 2 of diamonds and king.")
    h.press("2", "return", "home")
    steps = {}
    for key in ("right", "right", "right", "right", "right"):
        h.press(key)
    steps["diamonds"] = h.last
    for key in ("down", "down"):
        h.press(key)
    steps["spades"] = h.last
    h.press("end")
    steps["end"] = h.last
    h.press("left")
    steps["below"] = h.last
    assert steps["diamonds"].startswith("king of diamonds")  # no 2 among them
    assert steps["spades"].startswith("king of spades")
    assert steps["end"].startswith("2 of diamonds")  # the highest trump, last
    assert steps["below"].startswith("king of spades")
