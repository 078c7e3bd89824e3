"""Polish: Tab and Shift+Tab jump between playable cards, J to the hinted card."""

from __future__ import annotations

from collections.abc import Callable

from audiospades.app.harness import Harness
from audiospades.rules import Phase


def _to_first_play(h: Harness) -> None:
    h.press("return")
    h.settle()
    h.press("3", "return")
    h.settle()
    session = h.table.session
    assert session.game.phase is Phase.PLAYING and session.is_human_turn


def test_tab_moves_through_the_playable_cards_only(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7)
    _to_first_play(h)
    view = h.table.session.view()
    playable = [c for c in view.hand if c in view.legal_plays]
    heard = []
    for _ in range(len(playable) + 1):
        h.press("tab")
        heard.append(h.last)
        assert h.table.focus in view.legal_plays
    assert all(
        t.endswith(", playable") or len(playable) == len(view.hand) for t in heard
    )
    seen = {h.table.focus}
    for _ in range(len(playable)):
        h.press("shift+tab")
        seen.add(h.table.focus)
        assert h.table.focus in view.legal_plays
    assert seen == set(playable)
    if len(playable) < len(view.hand):
        turn = next(t for t in h.transcript if t.startswith("Your turn. You may"))
        assert turn.endswith(" Tab moves to the cards you may play.")


def test_j_moves_to_the_hinted_card_and_f1_lists_the_keys(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7)
    _to_first_play(h)
    h.press("h")
    hint = h.last
    assert hint.startswith("Play the ")
    h.press("j")
    spoken = h.last.split(",")[0]
    assert spoken in hint
    assert h.table.focus is not None
    h.press("f1")
    h.press("end")
    labels = []
    for _ in range(60):
        labels.append(h.last)
        h.press("up")
    joined = " ".join(labels)
    assert "Tab: next card you may play" in joined
    assert "Shift+Tab: previous card you may play" in joined
    assert "J: move to the card the hint suggests" in joined


def test_tab_when_not_playing_says_so(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(seed=7)
    h.press("return")
    h.settle()
    h.press("tab")
    assert h.last == "You cannot play a card now."
