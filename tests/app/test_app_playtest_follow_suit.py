"""Play-test: refusing a card that does not follow suit names the cards that do."""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import play_until

from audiospades.app.harness import Harness
from audiospades.presenter.words import card_list
from audiospades.rules import Phase


def _must_follow(h: Harness) -> bool:
    t = h.table
    if t is None or not t.session.is_human_turn:
        return False
    view = t.session.view()
    return (
        view.phase is Phase.PLAYING
        and view.led_suit is not None
        and 0 < len(view.legal_plays) < len(view.hand)
    )


def test_must_follow_names_the_playable_cards(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=5)
    h.press("return")
    play_until(h, _must_follow)
    for _ in range(13):
        if h.last.endswith("not playable"):
            break
        h.press("right")
    assert h.last.endswith("not playable")
    view = h.table.session.view()
    actions = len(h.table.session.game.actions)
    h.press("return")
    cards = card_list(sorted(view.legal_plays, reverse=True))
    assert h.last.startswith("You must follow ")
    assert h.last.endswith(f": you hold {cards}.")
    assert len(h.table.session.game.actions) == actions
