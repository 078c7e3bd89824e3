"""Play-test: when one partner bid nil, the hand summary names the partner who
holds the contract, so the tricks said add up to what the side took.

"You and Lena bid 3 and took 4 tricks. ... You took 2 tricks." made a listener
count 4 for the side (and 2 for Lena), though V had said the side took 6.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from app_helpers import play_until

from audiospades.app.harness import Harness
from audiospades.storage import Settings


def test_a_failed_nil_beside_a_contract_names_the_contract_holder(
    make_harness: Callable[..., Harness],
) -> None:
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    h = make_harness(
        seed=7, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return", "n", "return")  # bid nil (an opened entry, then Enter)
    assert "You bid nil." in h.transcript
    play_until(h, lambda x: x.table is not None and x.table.finished)
    summary = next(s for s in h.transcript if s.startswith("The hand is over."))
    partner = h.table.session.names[2]
    assert f"You and {partner} bid" not in summary
    held = re.search(rf"{partner} bid (\d+) and took (\d+) tricks?\.", summary)
    mine = re.search(r"You took (\d+) tricks?\. Your nil failed", summary)
    assert held is not None and mine is not None, summary
    # V, after the last trick, says what the side took: the summary adds up to it.
    h.press("v")
    side = re.search(rf"You and {partner}: bid (\d+), taken (\d+) tricks", h.last)
    assert side is not None, h.last
    assert held[1] == side[1]  # the contract is the partner's bid alone
    assert int(held[2]) + int(mine[1]) == int(side[2])
