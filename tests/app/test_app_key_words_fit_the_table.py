"""F1 and the information keys say only what fits this table and this moment.

F1 spoke of passing cards at a table of individual play, where no card is ever
passed (passing is a blind nil's exchange between partners); S and K after the
game's end still said "Playing 2 hands." as if the game went on.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from app_helpers import help_items, play_until

from audiospades.app.harness import Harness
from audiospades.storage import Settings


def _settings(players: int, partners: bool, hands: int = 1) -> Settings:
    return Settings(
        language="en",
        pace="fast",
        last_rules={
            "preset": "pagat",
            "target_score": None,
            "hand_limit": hands,
            "player_count": players,
            "partnerships": partners,
        },
    )


@pytest.mark.parametrize(
    ("players", "partners", "passing"), [(3, False, False), (4, True, True)]
)
def test_f1_speaks_of_passing_only_where_cards_are_passed(
    make_harness: Callable[..., Harness], players: int, partners: bool, passing: bool
) -> None:
    h = make_harness(seed=7, settings=_settings(players, partners))
    play_until(
        h,
        lambda x: (
            x.table is not None
            and x.table.session.is_human_turn
            and x.table.session.game.phase.value == "playing"
        ),
        limit=3000,
    )
    items = help_items(h)
    tab = next(item for item in items if item.startswith("Tab: "))
    space = next(item for item in items if item.startswith("Space: "))
    assert tab.startswith("Tab: next card you may play")
    assert space.startswith("Space: play the card")
    assert ("pass" in tab) is passing
    assert ("pass" in space) is passing


def test_s_and_k_after_the_game_say_it_is_over_not_how_long_it_runs(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7, settings=_settings(4, True, hands=2))
    play_until(h, lambda x: x.table is not None and x.table.view.is_over, limit=6000)
    h.press("s")
    assert "Playing 2 hands." not in h.last
    assert h.last.endswith("The game is over.")
    h.press("k")  # the score sheet: its first line says where the game stands
    assert h.last.startswith("Score sheet.")
    assert "Playing 2 hands" not in h.last
    assert "The game is over" in h.last
