"""Play-test: Continue says where the game stands, and the last line only once."""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import play_until

from audiospades.app.harness import Harness
from audiospades.rules import Phase


def _mid_trick(h: Harness) -> bool:
    t = h.table
    return (
        t is not None
        and t.session.is_human_turn
        and t.session.game.phase is Phase.PLAYING
        and bool(t.session.view().trick)
    )


def test_continue_names_the_hand_and_the_cards_on_the_table(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=3)
    h.press("return")
    play_until(h, _mid_trick)
    heard = h.last
    assert heard.startswith("Your turn.")
    h.press("c")
    on_table = h.last
    h2 = make_harness(seed=1)
    h2.press("down")
    mark = h2.mark()
    h2.press("return")
    h2.settle()
    said = h2.said_since(mark)
    assert said[0] == f"Game resumed. Hand 1. {on_table}"
    assert said.count(heard) == 1, said
    h2.press("t")
    assert h2.last == "Your turn to play."
