"""Play-test: choosing cards to pass says how many are left and which are chosen."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from audiospades.app.harness import Harness
from audiospades.presenter.words import the_card
from audiospades.rules import Phase
from audiospades.storage import Settings

BLIND_ANY_SCORE = {
    "preset": "pagat",
    "target_score": None,
    "hand_limit": 1,
    "blind_nil_behind": 0,
}


def test_pass_choice_counts_down_and_focus_says_chosen(
    make_harness: Callable[..., Harness],
) -> None:
    settings = Settings(language="en", pace="fast", last_rules=dict(BLIND_ANY_SCORE))
    h = make_harness(seed=11, settings=settings)
    h.press("return", "y")
    h.settle()
    session = h.table.session
    assert session.game.phase is Phase.PASSING and session.is_human_turn
    first = h.table.focus
    h.press("return")
    assert h.last.endswith(" chosen; choose 1 more.")
    h.press("right", "left")
    assert h.last.endswith(", chosen to pass")
    h.press("return")
    assert h.last.endswith(" put back; choose 2 more.")
    assert h.table.focus == first
    h.press("return", "right")
    assert not h.last.endswith("chosen to pass")
    h.press("return")
    assert any(s.startswith("You pass the ") for s in h.transcript[-4:])


def test_the_pass_hint_keeps_low_spades_and_passes_the_high_cards(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: H named the 6 and 5 of spades "the high cards", beside a king of clubs.

    A blind nil passes the cards likeliest to take a trick: the king of clubs and
    queen of hearts, not two low spades that sink under any higher one (it ranked
    every trump first then); H names one card still to choose in the singular."""
    settings = Settings(language="en", pace="fast", last_rules=dict(BLIND_ANY_SCORE))
    h = make_harness(seed=8, settings=settings)
    h.press("return", "y")
    h.settle()
    assert h.table.session.game.phase is Phase.PASSING
    h.press("h")
    assert h.last == (
        "Pass the king of clubs and the queen of hearts: "
        "give your partner the high cards."
    )
    h.press("j", "return", "h")
    assert h.last == "Pass the queen of hearts: give your partner the high cards."


@pytest.mark.parametrize(("players", "partner"), [(4, "Yuki"), (6, "Omar")])
def test_v_while_passing_says_the_pass_not_a_trick(
    players: int, partner: str, make_harness: Callable[..., Harness]
) -> None:
    """QA: V while choosing cards to pass said "Trick 1 of 8.": no trick is under
    way yet, so it says how many cards are chosen, of how many, for whom."""
    rules = {**BLIND_ANY_SCORE, "player_count": players}
    h = make_harness(
        seed=8, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return", "y")
    h.settle()
    assert h.table.session.game.phase is Phase.PASSING
    h.press("v")
    assert h.last.startswith(
        "Passing, before the first trick: you have chosen 0 of 2 cards to pass to "
        f"{partner}. You bid blind nil, taken 0 tricks. "
    ), h.last
    assert "Trick " not in h.last
    h.press("j", "return")
    (chosen,) = h.table.pass_choice
    h.press("i")
    assert h.last.startswith(
        "Passing, before the first trick: you have chosen 1 of 2 cards to pass to "
        f"{partner}. Chosen: {the_card(chosen)}. You bid blind nil"
    ), h.last
