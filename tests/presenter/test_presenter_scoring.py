"""The score's words at every table shape: who leads (M), what ends the game (U),
and a tie at the top that makes the game go on."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from audiospades import i18n
from audiospades.presenter.events import describe
from audiospades.presenter.scoring import goal_text, match_standing_text, rules_text
from audiospades.presenter.words import signed
from audiospades.rules import (
    Game,
    HandScored,
    Phase,
    Rules,
    TieRule,
    seat_view,
    shuffled_deal,
)

THREE = ("You", "Milly", "Bert")
SIX = ("You", "Lee", "Omar", "Zoe", "Ann", "Bob")


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _rules(**options: object) -> Rules:
    return Rules.from_dict({"preset": "pagat", **options})


def _standing(rules: Rules, totals: tuple[int, ...], names: tuple[str, ...]) -> str:
    view = seat_view(Game(rules), 0)
    return match_standing_text(
        dataclasses.replace(view, totals=totals, hands_played=2), names
    )


def test_m_says_who_shares_the_lead_when_only_some_players_are_level() -> None:
    three = _rules(player_count=3, target_score=500)
    assert _standing(three, (10, 50, 50), THREE) == (
        "2 hands played. Milly and Bert share the lead at 50. You have 10. "
        "Playing to 500 points."
    )
    assert _standing(three, (42, 41, 42), THREE).startswith(
        "2 hands played. You and Bert share the lead at 42. Playing"
    )
    assert _standing(three, (50, 50, 50), THREE).startswith(
        "2 hands played. The scores are level at 50."
    )
    assert _standing(three, (60, 50, 50), THREE).startswith(
        "2 hands played. You lead by 10, 60 to 50."
    )


def test_m_names_the_two_partnerships_level_at_the_top_of_three() -> None:
    six = _rules(player_count=6, partnerships=True, target_score=500)
    # Sides: you and Zoe, Lee and Ann, Omar and Bob.
    assert _standing(six, (100, 120, 120), SIX) == (
        "2 hands played. Lee and Ann, and Omar and Bob share the lead at 120. "
        "Your side has 100. Playing to 500 points."
    )
    assert _standing(six, (120, 100, 120), SIX).startswith(
        "2 hands played. You and Zoe, and Omar and Bob share the lead at 120. "
    )


def test_the_goal_counts_one_hand_in_the_singular() -> None:
    assert goal_text(_rules(target_score=500, hand_limit=1)) == (
        "Playing to 500 points or 1 hand."
    )
    assert goal_text(_rules(target_score=500, hand_limit=3)) == (
        "Playing to 500 points or 3 hands."
    )


def test_u_says_how_a_tie_at_the_end_is_settled() -> None:
    assert "A tie for first place is played off with more hands." in rules_text(
        _rules()
    )
    drawn = rules_text(_rules(tie_rule=TieRule.DRAW.value))
    assert "A tie is a draw." in drawn
    assert "played off" not in drawn


def _first_hand(rules: Rules, seed: int) -> tuple[Game, HandScored]:
    """One hand of random legal bids and plays."""
    rng = random.Random(seed)
    game = Game(rules, first_dealer=0)
    game.deal(shuffled_deal(rules, rng))
    while True:
        seat = game.to_act
        assert seat is not None
        if game.phase is Phase.BIDDING:
            bids = [b for b in game.legal_bids(seat) if not b.blind]
            events = game.bid(seat, rng.choice(bids))
        else:
            events = game.play(seat, rng.choice(sorted(game.legal_plays(seat))))
        scored = [e for e in events if isinstance(e, HandScored)]
        if scored:
            return game, scored[0]


def test_a_tie_at_the_top_that_plays_on_is_said_with_the_hand_and_only_then() -> None:
    rules = _rules(player_count=3, target_score=None, hand_limit=1)
    said_tie = said_plain = 0
    for seed in range(400):
        game, event = _first_hand(rules, seed)
        totals = event.score.totals
        tied = totals.count(max(totals)) > 1
        text = " ".join(u.text for u in describe(event, seat_view(game, 0), THREE))
        if tied:
            assert not game.is_over
            assert text.endswith(
                f"The lead is tied at {signed(max(totals))}: another hand is played."
            ), text
            said_tie += 1
        else:
            assert game.is_over
            assert "tied" not in text
            said_plain += 1
        if said_tie >= 2 and said_plain >= 2:
            break
    assert said_tie >= 2 and said_plain >= 2


def test_a_tie_that_ends_in_a_draw_or_before_the_end_says_nothing_more() -> None:
    for rules in (
        _rules(player_count=3, target_score=None, hand_limit=1, tie_rule="draw"),
        _rules(player_count=3, target_score=None, hand_limit=2),
    ):
        for seed in range(400):
            game, event = _first_hand(rules, seed)
            totals = event.score.totals
            if totals.count(max(totals)) > 1:
                break
        else:
            raise AssertionError("no tie at the top in 400 hands")
        text = " ".join(u.text for u in describe(event, seat_view(game, 0), THREE))
        assert "another hand" not in text
