"""Play-test: while a yes/no question waits, the table says so (not "X is bidding")."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from app_helpers import play_until

from audiospades.app.harness import Harness, key_event, text_event
from audiospades.notices import QuestionKind
from audiospades.storage import Settings

BLIND_ANY_SCORE = {
    "preset": "pagat",
    "target_score": None,
    "hand_limit": 1,
    "blind_nil_behind": 0,
}
SIX_PARTNERS = {"preset": "pagat", "player_count": 6, "target_score": 500}


def _blind_nil_table(make_harness: Callable[..., Harness]) -> Harness:
    settings = Settings(language="en", pace="fast", last_rules=dict(BLIND_ANY_SCORE))
    h = make_harness(seed=11, settings=settings)
    h.press("return")
    h.settle()
    assert h.table is not None and h.table.session.question is not None
    return h


def test_blind_nil_offer_at_any_score_does_not_say_zero_points_behind(
    make_harness: Callable[..., Harness],
) -> None:
    h = _blind_nil_table(make_harness)
    offer = h.last
    assert offer.startswith("Bid blind nil, before looking at your cards?")
    assert "0 or more points" not in offer
    h.press("u")
    assert "Blind nil scores 200, at any score." in h.last


def test_keys_during_the_blind_nil_offer_repeat_the_question(
    make_harness: Callable[..., Harness],
) -> None:
    h = _blind_nil_table(make_harness)
    offer = h.last
    # Every key that would act, or means nothing here, as under any question over
    # the table (QA: Tab said "You cannot play a card now." and Backspace "does
    # nothing here").
    keys = ("t", "b", "3", "space", "tab", "shift+tab", "j", "backspace", "x", "g")
    for key in keys:
        mark = h.mark()
        h.press(key)
        assert h.said_since(mark) == [offer], key
    # H's hint is on the question itself; S answers as at the table.
    h.press("h")
    assert "blind nil" in h.last and h.last != offer
    h.press("s")
    assert h.last.startswith("You and ")
    # F1 and back: the table reminds the player of the question, not of a bidder.
    h.press("f1")
    mark = h.mark()
    h.press("escape")
    assert h.said_since(mark) == [offer]
    assert h.table.session.question is not None
    h.press("n")
    assert h.table.session.question is None
    assert any(s.startswith("Your cards, 13:") for s in h.transcript[-3:])


def test_keys_during_the_redeal_offer_repeat_the_question(
    make_harness: Callable[..., Harness],
) -> None:
    rules = {"preset": "open_spades", "target_score": None, "hand_limit": 1}
    h = make_harness(
        seed=1, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return")
    h.settle()
    question = h.table.session.question
    assert question is not None and question.kind is QuestionKind.REDEAL
    offer = h.last
    assert offer.startswith("You hold one spade or none.")
    for key in ("t", "b", "7", "tab", "backspace"):
        mark = h.mark()
        h.press(key)
        assert h.said_since(mark) == [offer], key
    h.press("y")
    assert any("You throw in your hand" in s for s in h.transcript[-4:])


@pytest.mark.parametrize("key", ["n", "escape"])
def test_keeping_a_hand_offered_a_redeal_says_so(
    key: str, make_harness: Callable[..., Harness]
) -> None:
    """QA: N to "Throw in the hand for a new deal?" said "N does nothing here. F1
    lists the keys." (nothing was said in its frame: the next bid comes later),
    though it had answered: the hand is kept, and now that is what N says."""
    rules = {
        "preset": "open_spades",
        "player_count": 6,
        "partnerships": False,
        "target_score": None,
        "hand_limit": 1,
    }
    h = make_harness(
        seed=2, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return")
    h.settle()
    question = h.table.session.question
    assert question is not None and question.kind is QuestionKind.REDEAL
    mark = h.mark()
    h.press(key)
    assert h.table.session.question is None
    assert h.said_since(mark) == ["You keep your hand."]
    assert h.table.session.game.deal_count == 1


def test_enter_does_not_accept_a_blind_nil(
    make_harness: Callable[..., Harness],
) -> None:
    """The offer names Y and N only; Enter asks again rather than bidding blind."""
    h = _blind_nil_table(make_harness)
    offer = h.last
    h.press("return")
    assert h.last == offer
    assert h.table is not None
    question = h.table.session.question
    assert question is not None and question.kind is QuestionKind.BLIND_NIL
    h.press("n")
    assert h.table.session.question is None
    assert not h.table.session.hand_hidden  # declined: the hand is shown


def test_the_blind_nil_question_of_three_sides_says_behind_the_leader(
    make_harness: Callable[..., Harness],
) -> None:
    """Three sides of two: "behind" alone named no one; it is the leader (as the
    M key says), not "the other side" of a two-sided game."""
    settings = Settings(language="en", pace="fast", last_rules=dict(SIX_PARTNERS))
    h = make_harness(seed=1, settings=settings)
    h.press("return")
    play_until(
        h,
        lambda x: x.table is not None and x.table.session.question is not None,
        limit=3000,
    )
    assert h.table is not None and h.table.session.question is not None
    assert h.table.session.question.kind is QuestionKind.BLIND_NIL
    assert h.last == (
        "Your side is 100 or more points behind the leader. Bid blind nil, before "
        "looking at your cards? Press Y for yes or N for no."
    )
    h.press("t")  # asked again in the same words
    assert h.last.startswith("Your side is 100 or more points behind the leader.")


def _pressed_at_once(h: Harness, token: str) -> None:
    """A key pressed at once: the table is not let run on first (its pause lasts)."""
    event = key_event(token)
    pygame.event.post(event)
    typed = text_event(event)
    if typed is not None:
        pygame.event.post(typed)
    h.frame()


def test_t_and_v_while_the_hand_thrown_in_is_dealt_again_say_so(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: T or V in the pause after a redeal (the hand thrown in, not dealt
    again yet) said "The next hand is being dealt.": now what the redeal said."""
    rules = {"preset": "open_spades", "target_score": None, "hand_limit": 1}
    h = make_harness(
        seed=1, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return")
    h.settle()
    question = h.table.session.question
    assert question is not None and question.kind is QuestionKind.REDEAL
    h.press("y")
    assert h.last == "You throw in your hand. The cards are dealt again."
    for key in ("t", "v"):
        mark = h.mark()
        _pressed_at_once(h, key)
        assert h.said_since(mark) == ["The cards are dealt again."], key
    assert h.table.session.view().is_thrown_in  # (still in the pause)
    h.settle()
    assert any(line.startswith("Hand 1. ") for line in h.transcript[-4:])
