"""Play-test: choosing cards to pass says how many are left and which are chosen."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from app_helpers import play_until

from audiospades.app.harness import Harness
from audiospades.presenter.words import the_card
from audiospades.rules import Card, Phase
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


def _hand_by_arrows(h: Harness) -> list[str]:
    """What the cursor says on each card, from the first to the last."""
    h.press("home")
    said = [h.last]
    for _ in range(len(h.table.view.hand) - 1):
        h.press("right")
        said.append(h.last)
    return said


@pytest.mark.parametrize("verbosity", ["full", "brief"])
def test_the_cards_your_partner_passed_you_are_said_as_such(
    verbosity: str,
    make_harness: Callable[..., Harness],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """QA: Lena bid blind nil and passed two cards; "Lena passes you ..." was said
    once, and then the arrows and R named them as any other: the player passed
    one straight back. While the picture tags them (until the first trick is
    complete), the cursor says "from Lena" (brief speech: "new") and R names
    them after the hand; the other cards are said as before."""
    from audiospades.bots.heuristic import HeuristicBot
    from audiospades.presenter.words import card_list, card_name

    # A partner who bids blind nil (the computer players' own judgement does so
    # only when far behind).
    monkeypatch.setattr(HeuristicBot, "choose_blind_nil", lambda _, v: v.seat == 2)
    rules = {**BLIND_ANY_SCORE}
    settings = Settings(
        language="en", pace="fast", verbosity=verbosity, last_rules=rules
    )
    h = make_harness(seed=11, settings=settings)
    h.press("return", "n")
    h.settle()
    h.press("3", "return")
    h.settle()
    view = h.table.view
    assert view.phase is Phase.PASSING and h.table.session.is_human_turn
    received = view.passed_in
    assert len(received) == 2
    assert f"Lena passes you {card_list(received)}." in h.transcript
    mark = ", from Lena" if verbosity == "full" else ", new"
    expected = [card_name(c) + (mark if c in received else "") for c in view.hand]
    assert _hand_by_arrows(h) == expected
    h.press("r")
    assert h.last.startswith("Your cards, 15: ")
    # After the hand, in its order (hearts before spades).
    assert set(received) == {Card.parse("TS"), Card.parse("AH")}
    assert h.last.endswith(
        ". Spades: king, 10, 9, 4, 3 and 2. "
        "From Lena: the ace of hearts and the 10 of spades."
    ), h.last

    # Two of your own cards passed back; the first trick, the same.
    h.press("home", "return", "right", "return")
    h.settle()
    play_until(h, lambda x: x.table.session.is_human_turn)
    view = h.table.view
    assert view.phase is Phase.PLAYING and not view.completed_tricks
    said = _hand_by_arrows(h)
    for card, line in zip(view.hand, said, strict=True):
        assert line.startswith(card_name(card) + (mark if card in received else ""))
        assert (mark in line) is (card in received), line

    # Once the first trick is complete, the tag is gone, and so are the words.
    h.press("tab", "return")
    play_until(h, lambda x: bool(x.table.view.completed_tricks))
    play_until(h, lambda x: x.table.session.is_human_turn)
    assert not any(mark in line for line in _hand_by_arrows(h))
    h.press("r")
    assert "From Lena" not in h.last
