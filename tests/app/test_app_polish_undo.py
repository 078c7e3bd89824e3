"""Polish: undo stops at a blind nil once the cards were seen, and says where."""

from __future__ import annotations

from collections.abc import Callable

from audiospades.app.harness import Harness
from audiospades.rules import Phase
from audiospades.storage import Settings

BLIND_ANY_SCORE = {
    "preset": "pagat",
    "target_score": None,
    "hand_limit": 1,
    "blind_nil_behind": 0,
}


def test_undo_cannot_take_back_a_blind_nil_after_the_cards_were_shown(
    make_harness: Callable[..., Harness],
) -> None:
    settings = Settings(language="en", pace="fast", last_rules=dict(BLIND_ANY_SCORE))
    h = make_harness(seed=11, settings=settings)
    h.press("return", "y")
    h.settle()
    session = h.table.session
    assert session.game.phase is Phase.PASSING and session.is_human_turn
    assert any(s.startswith("Your cards, 13:") for s in h.transcript)
    h.press("ctrl+z")
    assert h.last == "You cannot take back a blind nil after seeing your cards."
    assert session.game.phase is Phase.PASSING
    assert session.game.bids[0] is not None and session.game.bids[0].blind
    # The pass, once made, may still be taken back: back to choosing the cards.
    h.press("return", "right", "return", "right", "return")
    h.settle()
    assert session.game.phase is Phase.PLAYING
    if session.is_human_turn:
        h.press("ctrl+z")
        assert session.game.phase is Phase.PASSING
        assert session.game.bids[0] is not None and session.game.bids[0].blind
