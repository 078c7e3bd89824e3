"""Play-test: a digit that makes the bid too large is refused, the bid kept."""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import my_bid_turn, play_until

from audiospades.app.harness import Harness
from audiospades.rules import Bid
from audiospades.storage import Settings


def test_five_then_zero_does_not_become_nil(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=5)
    h.press("return")
    play_until(h, my_bid_turn)
    h.press("5")
    assert h.last == "5"
    h.press("0")
    assert h.last == "50 is too many; the most is 13. Your bid is still 5."
    h.press("backspace", "1", "4")
    assert h.last == "14 is too many; the most is 13. Your bid is still 1."
    h.press("return")
    h.settle()
    assert h.table.session.game.bids[0] == Bid(1)


def test_a_digit_above_six_players_eight_tricks_is_refused(
    make_harness: Callable[..., Harness],
) -> None:
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    rules["player_count"] = 6
    h = make_harness(
        seed=5, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return")
    play_until(h, my_bid_turn)
    h.press("9")
    assert h.last == "9 is too many; the most is 8."
    h.press("return")
    assert my_bid_turn(h)


def test_n_bids_nil_and_the_prompt_says_so(
    make_harness: Callable[..., Harness],
) -> None:
    """Issue 4: "B bid (digits then Enter, N or 0 for nil)"."""
    h = make_harness(seed=5)
    h.press("return")
    play_until(h, my_bid_turn)
    h.press("b")
    assert "or N for nil" in h.last
    h.press("n")
    assert h.last == "nil"
    h.press("return")
    h.settle()
    assert h.table is not None
    assert h.table.session.game.bids[0] == Bid.nil()
