"""Play-test: when one partner bid nil, the hand summary names the partner who
holds the contract, so the tricks said add up to what the side took.

"You and Lena bid 3 and took 4 tricks. ... You took 2 tricks." made a listener
count 4 for the side (and 2 for Lena), though V had said the side took 6. V now
says each partner's bid and tricks, as the summary does, and no side's sum.
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
    # V, after the last trick, says each bid and the tricks behind it: the same as
    # the summary's. No side's sum: under pagat's rules the nil's tricks do not
    # help the contract, so "bid 5, taken 7" would promise a contract made.
    h.press("v")
    assert re.search(rf"{partner} bid {held[1]}, taken {held[2]} tricks?\.", h.last)
    assert re.search(rf"You bid nil, taken {mine[1]} tricks?\.", h.last), h.last
    assert f"You and {partner}:" not in h.last, h.last


def test_a_failed_nil_helping_the_partners_bid_is_counted_for_the_side(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: under "a failed nil's tricks help the partner's bid" the summary said
    "Lena bid 1 and took 3 tricks" when Lena took 1 and the nil 2: the side's
    tricks given as the partner's own. The side is named, as V names it."""
    rules = {
        "preset": "pagat",
        "target_score": None,
        "hand_limit": 1,
        "nil_tricks": "partner_contract",
    }
    h = make_harness(
        seed=7, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return", "n", "return")  # bid nil (an opened entry, then Enter)
    assert "You bid nil." in h.transcript
    play_until(h, lambda x: x.table is not None and x.table.finished)
    summary = next(s for s in h.transcript if s.startswith("The hand is over."))
    session = h.table.session
    partner = session.names[2]
    won = session.game.history[-1]
    mine = re.search(r"You took (\d+) tricks?\. Your nil failed", summary)
    assert mine is not None, summary
    assert not re.search(rf"(?<!and ){partner} bid \d+ and took", summary), summary
    side = re.search(rf"You and {partner} bid (\d+) and took (\d+) tricks?\.", summary)
    assert side is not None, summary
    h.press("v")
    assert f"You and {partner}: bid {side[1]}, taken {side[2]} " in h.last, h.last
    assert won.sides[0].tricks == int(side[2])
