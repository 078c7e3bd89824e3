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


def test_v_never_sums_a_double_nil_as_a_bid_of_0(
    make_harness: Callable[..., Harness],
) -> None:
    """V said "You and North: bid 0, taken 0 tricks." when both bid nil (seen at
    six players: "Milly and Greta: bid 0"); each nil is said on its own."""
    h = make_harness(seed=16, settings=_settings())
    h.press("return", "n", "return")
    h.settle()
    summary = next(line for line in h.transcript if line.startswith("Bidding is over."))
    assert summary.startswith("Bidding is over. You: nil. North: nil. ")
    h.press("v")
    assert "You bid nil, taken " in h.last and "North bid nil, taken " in h.last
    assert "bid 0" not in h.last, h.last
    assert "You and North" not in h.last, h.last


def test_v_does_not_add_a_nil_s_tricks_to_the_partner_s_contract(
    make_harness: Callable[..., Harness],
) -> None:
    """West bid 6 beside East's nil: a side line "West and East: bid 6, taken N"
    counted East's tricks, which do not help West's contract (pagat: they are
    bags); the hand's summary says West's own tricks."""
    h = make_harness(seed=7, settings=_settings())
    h.press("return", "3", "return")
    h.settle()
    assert "East bids nil." in h.transcript
    h.press("v")
    assert "West bid 6, taken " in h.last and "East bid nil, taken " in h.last
    assert "West and East" not in h.last, h.last
    assert "You and North: bid 8, taken " in h.last, h.last


def test_v_adds_a_nil_s_tricks_where_they_help_the_partner(
    make_harness: Callable[..., Harness],
) -> None:
    """Under the house rule that a nil's tricks help the partner's contract, the
    side's line is what is scored: West's 6, both players' tricks."""
    h = make_harness(seed=7, settings=_settings(nil_tricks="partner_contract"))
    h.press("return", "3", "return")
    h.settle()
    assert "East bids nil." in h.transcript
    h.press("v")
    assert "West and East: bid 6, taken " in h.last, h.last
