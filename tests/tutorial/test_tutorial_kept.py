"""A lesson kept between runs: saved as plain data, rebuilt by replaying its record.

See :mod:`audiospades.tutorial.kept`; the app's side (the menu, the words, the
file) is tested in ``tests/app/test_app_tutorial_kept.py``.
"""

from __future__ import annotations

import json

import pytest

from audiospades.app.hint_ahead import HintAhead
from audiospades.controller import GameSession
from audiospades.rules import Bid, Card, PlayAction
from audiospades.tutorial.kept import (
    LessonPlace,
    StaleLessonError,
    hint_at_decision,
    lesson_state,
    resume_lesson,
)
from audiospades.tutorial.lessons import BLIND_NIL, FIRST_HAND, NIL
from audiospades.tutorial.script import lesson_session


def _first_hand_at_the_lead() -> GameSession:
    """A first hand: bid 3, the ace of hearts, the trick gathered; the player leads."""
    session = lesson_session(FIRST_HAND)
    session.run_until_idle()
    assert session.human_bid(Bid(3))
    session.run_until_idle()
    assert session.human_play(Card.parse("AH"))
    session.run_until_idle()
    assert session.clear_trick()
    session.run_until_idle()
    assert session.is_human_turn
    return session


def _saved(
    session: GameSession, place: LessonPlace
) -> tuple[dict[str, object], dict[str, object]]:
    """What is saved, through JSON as on disk."""
    record, state = lesson_state(session, place)
    return json.loads(json.dumps(record)), json.loads(json.dumps(state))


def _place() -> LessonPlace:
    teach = {t.decision: t for t in FIRST_HAND.teach}
    return LessonPlace(judged=2, taught={0: teach[0], 1: teach[1], 2: teach[2]})


def test_a_lesson_saved_and_rebuilt_is_the_same_game_and_place() -> None:
    session = _first_hand_at_the_lead()
    again, place = resume_lesson(FIRST_HAND, *_saved(session, _place()))
    assert again.game.actions == session.game.actions
    assert again.view() == session.view()
    # The point about the decision not yet made is taught afresh, not saved.
    teach = {t.decision: t for t in FIRST_HAND.teach}
    assert place == LessonPlace(judged=2, taught={0: teach[0], 1: teach[1]})


def test_the_rebuilt_lesson_plays_on_as_its_script() -> None:
    again, _ = resume_lesson(FIRST_HAND, *_saved(_first_hand_at_the_lead(), _place()))
    assert again.human_play(Card.parse("9D"))
    again.run_until_idle()
    played = [(a.seat, a.card) for a in again.game.actions if isinstance(a, PlayAction)]
    assert played == [pair for trick in FIRST_HAND.plays[:2] for pair in trick]


def test_a_record_of_another_lesson_does_not_fit() -> None:
    record, state = _saved(_first_hand_at_the_lead(), _place())
    with pytest.raises(StaleLessonError, match="other cards"):
        resume_lesson(NIL, record, state)


def test_the_hint_worked_out_again_is_the_one_given_then() -> None:
    """The comment on a card whose trick was still being played quotes this hint."""
    session = _first_hand_at_the_lead()
    given = HintAhead(background=False).get(session)
    assert session.human_play(Card.parse("9D"))
    assert hint_at_decision(session.game, 2, timed=False) == given


def test_the_blind_nil_question_is_open_again_with_the_hand_hidden() -> None:
    session = lesson_session(BLIND_NIL)
    session.run_until_idle()
    assert session.question is not None and session.hand_hidden
    again, place = resume_lesson(BLIND_NIL, *_saved(session, LessonPlace()))
    again.run_until_idle()
    assert again.question == session.question
    assert again.hand_hidden
    assert again.view() == session.view()
    assert place == LessonPlace()


@pytest.mark.parametrize(
    "table",
    [
        "junk",
        None,
        {"asked_blind_for": 1, "questions": {"²": ["blind_nil", 0]}},
        {"asked_blind_for": 1, "questions": {"1" * 5000: ["blind_nil", 0]}},
        {"asked_blind_for": 1, "questions": {"0": "x"}, "hidden": ["a", 99]},
        {"asked_blind_for": 1, "trick_waiting": "yes", "blind_intent": {}},
    ],
)
def test_a_table_state_it_cannot_use_is_left_out_piece_by_piece(
    table: object,
) -> None:
    """The game is what matters: the table's notes are used where they make sense."""
    session = _first_hand_at_the_lead()
    record, state = _saved(session, _place())
    state["table"] = table
    again, _ = resume_lesson(FIRST_HAND, record, state)
    again.run_until_idle()
    assert again.question is None
    assert again.view() == session.view()
