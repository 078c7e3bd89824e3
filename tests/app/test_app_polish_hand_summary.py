"""Polish: the hand summary gives every reason in whole sentences, with units."""

from __future__ import annotations

import re
from collections.abc import Callable

from app_helpers import play_until

from audiospades.app.harness import Harness


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!])\s+", text) if s]


def test_hand_summary_and_p_key_read_as_sentences(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7)
    play_until(h, lambda h: h.table is not None and h.table.finished)
    summary = next(s for s in h.transcript if s.startswith("The hand is over."))
    assert "Contract made: " in summary or "Contract set: " in summary
    assert "Score: " in summary
    for sentence in _sentences(summary):
        assert sentence[0].isupper() or sentence[0].isdigit(), sentence
    # Every number of points has its unit; nothing is said twice.
    assert not re.search(r": (minus )?\d+[.,]", summary)
    assert not re.search(r"bags?, \d", summary)
    assert "this hand" not in summary
    h.press("p")
    assert h.last.startswith("Hand 1. ")
    assert h.last.removeprefix("Hand 1. ") == summary.removeprefix("The hand is over. ")
