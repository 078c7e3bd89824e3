"""Play-test: the moment a nil fails is said, with its own cue (issue 12, item 6).

After 'Omar bids nil' the first trick Omar won only said 'Omar wins the trick…'.
"""

from __future__ import annotations

from collections.abc import Callable

from audiospades.app.harness import Harness
from audiospades.sound import Cue
from audiospades.storage import Settings


def _settings(**rules: object) -> Settings:
    return Settings(
        language="en",
        pace="fast",
        last_rules={"preset": "pagat", "target_score": None, "hand_limit": 1, **rules},
        last_players=["random", "random", "random"],
    )


def test_a_computer_players_nil_fails_the_moment_it_wins_a_trick(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7, settings=_settings())
    h.press("return", *["3", "return"] * 20)
    said = h.transcript
    assert "East bids nil." in said
    first = said.index(next(line for line in said if line.startswith("East wins")))
    assert said[first + 1] == "Nil failed for East."
    assert said.count("Nil failed for East.") == 1  # once, not at every trick


def test_your_blind_nil_fails_the_moment_you_win_a_trick(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=3, settings=_settings(blind_nil_behind=0))
    h.press("return", "y", "return", "right", "return", *["tab", "return"] * 20)
    said = h.transcript
    assert "You bid blind nil." in said
    first = said.index(next(line for line in said if line.startswith("You win")))
    assert said[first + 1] == "Your blind nil has failed."
    assert said.count("Your blind nil has failed.") == 1
    assert Cue.NIL_FAILED in h.sound.cues
