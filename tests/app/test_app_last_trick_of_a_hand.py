"""With "wait for a key after each trick" on, a hand's last trick is not held.

QA: on the last trick of a hand the hand's summary was spoken first and then
"Press N to gather the trick." (the scores before the trick was gathered), while
the game's last trick was not held at all. Both ends now go alike: the summary
follows the trick, and no gather prompt comes after it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from app_helpers import WAITING_SETTINGS, play_until

from audiospades.app.harness import Harness

_PROMPT = "Press N to gather the trick."


def _gathering(harness: Harness) -> bool:
    """Gather each waiting trick with N, as the player must; never done."""
    table = harness.table
    if table is not None and table.session.awaiting_trick_clear:
        harness.press("n")
    return False


@pytest.mark.parametrize("hands", [1, 2])
def test_the_hands_summary_is_not_followed_by_a_gather_prompt(
    make_harness: Callable[..., Harness], hands: int
) -> None:
    rules = {**WAITING_SETTINGS.last_rules, "hand_limit": hands}
    h = make_harness(seed=7, settings=replace(WAITING_SETTINGS, last_rules=rules))

    def hand_scored(x: Harness) -> bool:
        _gathering(x)
        return x.table is not None and len(x.table.view.history) >= 1

    play_until(h, hand_scored, limit=3000)
    h.settle()
    said = h.transcript
    summary = next(
        i for i, line in enumerate(said) if line.startswith("The hand is over.")
    )
    assert "wins the trick" in said[summary - 1]
    assert not any(_PROMPT in line for line in said[summary:])
    # Each of the other twelve tricks waited to be gathered.
    assert sum(line.count(_PROMPT) for line in said[:summary]) == 12
    assert h.table.session.awaiting_trick_clear is False
