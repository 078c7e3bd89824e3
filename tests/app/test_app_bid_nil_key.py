"""Issue 4: "B bid (digits then Enter, N or 0 for nil)"."""

from __future__ import annotations

from collections.abc import Callable

from audiospades.app.harness import Harness
from audiospades.rules import Bid, Phase


def _my_bid_turn(h: Harness) -> bool:
    t = h.table
    return (
        t is not None
        and t.session.is_human_turn
        and t.session.game.phase is Phase.BIDDING
    )


def test_n_bids_nil_and_the_prompt_says_so(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=5)
    h.press("return")
    for _ in range(50):
        h.settle()
        if _my_bid_turn(h):
            break
        h.press("return")
    assert _my_bid_turn(h)
    h.press("b")
    assert "or N for nil" in h.last
    h.press("n")
    assert h.last == "nil"
    h.press("return")
    h.settle()
    assert h.table is not None
    assert h.table.session.game.bids[0] == Bid.nil()
