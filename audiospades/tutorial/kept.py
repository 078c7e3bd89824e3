"""A lesson left part way, kept from one run to the next: what is saved, and how.

What is saved (``lesson-ID.json``, see :mod:`audiospades.storage.tutorial`) is
plain data, never pickled objects:

* the lesson's game record (``spec/game-record.md``): its one hand, dealt as the
  script deals it, and every action taken so far (undone ones are gone from it);
* the table's open questions and hidden hands (``TableCore.question_state``: the
  blind nil question, a finished trick waiting to be gathered);
* the teacher's notes (:class:`LessonPlace`): how many of the player's decisions
  were commented on, the point made at each, whether a mistake waits to be taken
  back, whether the free play was announced.

:func:`resume_lesson` rebuilds the game by replaying the record with the engine,
which checks every action, at a table with the lesson's scripted players. A
lesson is a fixed script, so a saved lesson that no longer fits it (saved by
another version of the game: other rules, another deal, an action the deal does
not allow, a point the lesson no longer makes at that decision, a count out of
range) is refused as a whole with :class:`StaleLesson`: the lesson then starts
from its deal.

The one thing not saved is the hint quoted after a decision whose trick was still
being played when the lesson was left: :func:`hint_at_decision` works it out again
from the position before that decision, seeded by the position as it was then.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeGuard

from audiospades import bots
from audiospades.controller import GameSession
from audiospades.notices import HUMAN
from audiospades.record import RecordError, game_from_record
from audiospades.rules import (
    Action,
    BidAction,
    DealAction,
    Game,
    PassAction,
    PlayAction,
    RulesError,
    seat_view,
)
from audiospades.tutorial.model import Lesson, Point, Teach
from audiospades.tutorial.script import lesson_rules, lesson_session


class StaleLessonError(ValueError):
    """A saved lesson that does not fit the lesson as the program has it now."""


@dataclass(frozen=True, slots=True)
class LessonPlace:
    """The teacher's notes on a lesson under way (the game itself is the record).

    Attributes:
        judged: How many of the player's decisions were commented on: all of
            them, or all but the last while its trick is still being played.
        taught: The point made at each decision commented on (or about to be).
        needs_undo: Whether a choice the lesson is not about waits to be taken
            back.
        free_said: Whether the free play of the rest of the hand was announced.
    """

    judged: int = 0
    taught: Mapping[int, Teach] = field(default_factory=dict)
    needs_undo: bool = False
    free_said: bool = False


def is_decision(action: Action) -> TypeGuard[BidAction | PassAction | PlayAction]:
    """Whether ``action`` is one of the player's decisions: a bid, pass or card."""
    return (
        isinstance(action, BidAction | PassAction | PlayAction) and action.seat == HUMAN
    )


def decisions_of(game: Game) -> list[int]:
    """Where in ``game.actions`` each of the player's decisions is, in order."""
    return [index for index, action in enumerate(game.actions) if is_decision(action)]


def lesson_state(
    session: GameSession, place: LessonPlace
) -> tuple[dict[str, object], dict[str, object]]:
    """The record and the notes to save for a lesson under way (plain JSON data)."""
    made = len(decisions_of(session.game))
    state: dict[str, object] = {
        "judged": place.judged,
        "taught": [
            [decision, str(teach.point)]
            for decision, teach in sorted(place.taught.items())
            if decision < made
        ],
        "needs_undo": place.needs_undo,
        "free_said": place.free_said,
        "table": session.table.question_state(),
    }
    return session.record(), state


def resume_lesson(
    lesson: Lesson,
    record: Mapping[str, object],
    state: Mapping[str, object],
    *,
    now_ms: int = 0,
) -> tuple[GameSession, LessonPlace]:
    """The lesson's table as it was saved, and the teacher's notes.

    Raises:
        StaleLessonError: the record or the notes do not fit the lesson as written
            now (see the module doc); nothing is rebuilt from them.
    """
    try:
        game = game_from_record(record)
    except (RecordError, RulesError) as error:
        raise StaleLessonError(f"the record cannot be replayed: {error}") from None
    _check_game(lesson, game)
    place = _place(lesson, game, state)
    session = lesson_session(lesson, now_ms=now_ms, game=game)
    table = state.get("table")
    session.table.restore_questions(table if isinstance(table, Mapping) else None)
    return session, place


def _check_game(lesson: Lesson, game: Game) -> None:
    if game.rules != lesson_rules(lesson):
        raise StaleLessonError("the lesson is played under other rules now")
    if game.first_dealer != lesson.dealer:
        raise StaleLessonError("the lesson has another dealer now")
    deals = [a.hands for a in game.actions if isinstance(a, DealAction)]
    if len(deals) > 1 or (deals and tuple(map(tuple, deals[0])) != lesson.hands()):
        raise StaleLessonError("the lesson deals other cards now")


def _whole(value: object) -> int | None:
    """A JSON whole number, else None (``true`` is not one)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _place(lesson: Lesson, game: Game, state: Mapping[str, object]) -> LessonPlace:
    made = len(decisions_of(game))
    judged = _whole(state.get("judged"))
    # Every decision is commented on once it has played out; only the last one
    # may still wait for its trick.
    if judged is None or not max(0, made - 1) <= judged <= made:
        raise StaleLessonError(f"{judged!r} decisions judged of {made}")
    needs_undo, free_said = state.get("needs_undo"), state.get("free_said")
    if not isinstance(needs_undo, bool) or not isinstance(free_said, bool):
        raise StaleLessonError("no mistake or free-play mark")
    if needs_undo and (judged != made or not made):
        raise StaleLessonError("a mistake to take back, but no decision judged")
    raw = state.get("taught")
    if not isinstance(raw, list):
        raise StaleLessonError("no points taught")
    taught: dict[int, Teach] = {}
    for entry in raw:
        decision, teach = _taught(lesson, entry)
        if decision >= made or decision in taught:
            raise StaleLessonError(f"a point at decision {decision} of {made}")
        taught[decision] = teach
    return LessonPlace(judged, taught, needs_undo, free_said)


def _taught(lesson: Lesson, entry: object) -> tuple[int, Teach]:
    """One ``[decision, point]`` pair, as the lesson makes that point there."""
    if not isinstance(entry, list) or len(entry) != 2:
        raise StaleLessonError(f"not a point taught: {entry!r}"[:200])
    decision, name = _whole(entry[0]), entry[1]
    if decision is None or decision < 0 or not isinstance(name, str):
        raise StaleLessonError(f"not a point taught: {entry!r}"[:200])
    try:
        point = Point(name)
    except ValueError:
        raise StaleLessonError(f"no point {name!r}"[:200]) from None
    teach = lesson.teach_at(decision)
    if teach is not None and teach.point is point:
        return decision, teach
    for reason in lesson.reason_points:
        if reason.point is point and lesson.is_free(decision):
            return decision, reason
    raise StaleLessonError(f"the lesson makes no point {name} at decision {decision}")


def hint_at_decision(game: Game, decision: int, *, timed: bool) -> bots.Hint | None:
    """The hint the player had at their ``decision``-th decision of ``game``.

    Worked out again from the position just before it, with the randomness the
    table's hint draws there (seeded by the action count), so it is the hint
    given then (in real time, where the search stops at a time budget, the same
    advice within that budget).
    """
    index = decisions_of(game)[decision]
    before = Game.replay(
        game.rules, game.actions[:index], first_dealer=game.first_dealer
    )
    try:
        return bots.hint(seat_view(before, HUMAN), random.Random(index), timed=timed)
    except ValueError:
        return None
