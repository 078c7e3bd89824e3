"""Play-test: H at a bid the rules narrow (whiz, suicide, no hell, a minimum bid).

Under whiz, H said "Bid 4: that is how many tricks your hand should take" for a
hand counted at 3 tricks: the rules allowed only 4 (the spades held) or nil, so
the reason was untrue. Now H names the count and says the rules forbid it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from app_helpers import at_the_human_turn, one_hand_settings

from audiospades.app.harness import Harness
from audiospades.rules import Bid, Suit


@pytest.mark.parametrize(
    ("seed", "rules", "bid", "count"),
    [
        (2, {"bidding_style": "whiz"}, 4, 3),
        (7, {"bidding_style": "suicide"}, 4, 2),
        (39, {"no_hell": True}, 3, 4),
        (5, {"minimum_side_bid": 5}, 4, 3),
    ],
)
def test_h_says_the_rules_forbid_the_hands_count(
    seed: int,
    rules: dict[str, object],
    bid: int,
    count: int,
    make_harness: Callable[..., Harness],
) -> None:
    h = at_the_human_turn(make_harness, seed, **rules)
    view = h.table.view
    assert Bid(count) not in view.legal_bids and Bid(bid) in view.legal_bids
    h.press("h")
    assert h.last == (
        f"Bid {bid}: your hand should take about {count} tricks, "
        f"but the rules do not allow a bid of {count}."
    )


def test_under_whiz_the_hinted_bid_is_the_spades_held(
    make_harness: Callable[..., Harness],
) -> None:
    h = at_the_human_turn(make_harness, 2, bidding_style="whiz")
    spades = sum(1 for card in h.table.view.hand if card.suit is Suit.SPADES)
    h.press("h")
    assert h.last.startswith(f"Bid {spades}: ")


def test_under_quicksand_the_play_hint_never_speaks_of_bags(
    make_harness: Callable[..., Harness],
) -> None:
    """Quicksand has no bags: an overtrick costs 10 points. H, J and Enter at each
    turn; the hint to lose a trick once the side has its tricks says so."""
    h = make_harness(seed=3, settings=one_hand_settings(scoring_style="quicksand"))
    h.press("return", "1", "return")
    start = h.mark()
    for _ in range(13):
        h.press("h", "j", "return")
    hints = [line for line in h.said_since(start) if line.startswith("Play the ")]
    assert len(hints) == 13
    assert not [line for line in hints if "bag" in line]
    assert any(
        line.endswith(": your side has its tricks: each extra trick costs 10 points.")
        for line in hints
    ), hints
