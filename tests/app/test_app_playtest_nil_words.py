"""Play-test: a nil is said as nil (or blind nil) wherever bids are summed up, never
as a 0 in a side's count (issue 12, item 7)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from audiospades.app.harness import Harness
from audiospades.storage import Settings


def _settings(**rules: object) -> Settings:
    return Settings(
        language="en",
        pace="fast",
        last_rules={"preset": "pagat", "target_score": None, "hand_limit": 1, **rules},
        last_players=["random", "random", "random"],
    )


def test_a_side_with_a_nil_names_each_bid(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(seed=7, settings=_settings())
    h.press("return", "3", "return")
    h.settle()
    said = h.transcript
    assert "East bids nil." in said
    summary = next(line for line in said if line.startswith("Bidding is over."))
    assert summary == "Bidding is over. You and North bid 8. West: 6. East: nil."


def test_your_blind_nil_is_named_in_the_summary(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=3, settings=_settings(blind_nil_behind=0))
    h.press("return", "y")
    h.settle()
    summary = next(line for line in h.transcript if line.startswith("Bidding is over."))
    assert summary.startswith("Bidding is over. You: blind nil. North: ")
    assert " 0" not in summary


def test_alone_on_a_side_a_nil_is_said_like_any_bid(
    make_harness: Callable[..., Harness],
) -> None:
    """Each for themselves, "You: nil." beside "Bert bid 7." read as two kinds of
    sentence; one player's nil is said as a bid: "You bid nil."."""
    settings = dataclasses.replace(
        _settings(player_count=3), last_players=["random", "random"]
    )
    h = make_harness(seed=7, settings=settings)
    h.press("return", "n", "return")  # open the bid entry on nil, Enter places it
    h.settle()
    summary = next(line for line in h.transcript if line.startswith("Bidding is over."))
    assert summary.startswith("Bidding is over. You bid nil. "), summary
    assert ": " not in summary.removeprefix("Bidding is over."), summary
