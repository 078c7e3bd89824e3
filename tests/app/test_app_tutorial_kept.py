"""A lesson left part way is kept from one run of the game to the next.

Before, a lesson left part way was kept only for the rest of the run: after
quitting, it started again from its deal. Now it is saved in the data folder
(``lesson-ID.json``) after every change, as a game in progress is, and the next
run's lessons menu shows it under way and goes on where it stopped, with the same
words as within a run. Each test drives the real loop by keys, then starts a
second app on the same data folder.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from tutorial_walk import card_keys, play_lesson, top

from audiospades.app.harness import Harness, key_event, text_event
from audiospades.app.tutorial import LessonScreen, TutorialMenu
from audiospades.presenter import tutorial as words
from audiospades.rules import Card, PlayAction
from audiospades.storage import Settings
from audiospades.storage.tutorial import load_progress
from audiospades.tutorial.lessons import BLIND_NIL, FIRST_HAND, LESSONS
from audiospades.tutorial.model import Lesson, Point

MENU_ITEMS = len(LESSONS) + 1
SETTINGS = Settings(language="en", tutorial_offered=True)


def lesson_path(lesson_id: str) -> Path:
    """Where a lesson left part way is kept: in the data folder, named by its id."""
    return Path(os.environ["AUDIOSPADES_HOME"]) / f"lesson-{lesson_id}.json"


def _app() -> Harness:
    """A run of the game at the main menu (the data folder is the test's)."""
    return Harness(seed=7, settings=SETTINGS)


def _open_menu(h: Harness) -> TutorialMenu:
    h.press("up", "up", "up", "return")  # Learn to play, from the main menu
    menu = top(h)
    assert isinstance(menu, TutorialMenu)
    return menu


def _open_lesson(h: Harness, lesson: Lesson) -> LessonScreen:
    _open_menu(h)
    h.press("home", *["down"] * (LESSONS.index(lesson) + 1), "return")
    screen = top(h)
    assert isinstance(screen, LessonScreen)
    return screen


def _now(h: Harness, token: str) -> None:
    """Press a key without first letting the computer players finish their moves."""
    import pygame

    event = key_event(token)
    pygame.event.post(event)
    typed = text_event(event)
    if typed is not None:
        pygame.event.post(typed)
    h.frame()


def _card(card: str) -> Callable[[Harness], None]:
    def play(h: Harness) -> None:
        h.press(*card_keys(h, Card.parse(card)))

    return play


def _card_now(card: str) -> Callable[[Harness], None]:
    """The card's keys, the last (Enter) pressed while the others have not played."""

    def play(h: Harness) -> None:
        keys = card_keys(h, Card.parse(card))
        h.press(*keys[:-1])
        _now(h, keys[-1])

    return play


def _keys(*tokens: str) -> Callable[[Harness], None]:
    return lambda h: h.press(*tokens)


SITUATIONS: dict[str, tuple[Lesson, list[Callable[[Harness], None]]]] = {
    "at_a_card": (FIRST_HAND, [_keys("3", "return")]),
    "trick_waiting": (FIRST_HAND, [_keys("3", "return"), _card("AH")]),
    "mistake_to_undo": (FIRST_HAND, [_keys("3", "return"), _card("2H")]),
    "trick_being_played": (
        FIRST_HAND,
        [_keys("3", "return"), _card("AH"), _keys("n"), _card_now("9D")],
    ),
    "blind_nil_question": (BLIND_NIL, []),
    "passing": (BLIND_NIL, [_keys("y")]),
}
"""Where a lesson may be left: the lesson, and the keys that lead there."""


@pytest.mark.parametrize("situation", SITUATIONS)
def test_a_lesson_goes_on_in_the_next_run_as_it_would_within_the_run(
    situation: str,
) -> None:
    """The window closed in the middle of a lesson: the next run goes on with it.

    Same cards, same place in the script, same words as choosing it again within
    the run; then finished, its file is gone.
    """
    lesson, steps = SITUATIONS[situation]
    first = _app()
    left = _open_lesson(first, lesson)
    for step in steps:
        step(first)
    if situation == "trick_being_played":
        assert left.judged < len(left.decisions())  # its comment is still due
    actions = list(left.session.game.actions)
    assert lesson_path(lesson.id).is_file()
    # The window is closed: no key, no Escape. A new run on the same data folder.
    second = _app()
    menu = _open_menu(second)
    assert second.last == (
        f"Learn to play. {words.lesson_title(lesson.id)}, under way, "
        f"{LESSONS.index(lesson) + 2} of {MENU_ITEMS}"
    )
    mark = second.mark()
    second.press("return")
    second.settle()
    taken_up = top(second)
    assert isinstance(taken_up, LessonScreen)
    assert taken_up.session.game.actions[: len(actions)] == actions
    said_next_run = second.said_since(mark)
    # The same lesson, chosen again within the first run (left as it stood).
    _now(first, "escape")
    mark = first.mark()
    first.press("return")
    first.settle()
    assert top(first) is left
    assert said_next_run == first.said_since(mark)
    assert said_next_run[0] == words.lesson_resumed_text(lesson.id)
    assert taken_up.session.game.actions == left.session.game.actions
    assert taken_up.session.view() == left.session.view()  # the same cards
    # To its end: the lesson is finished and its file removed.
    if taken_up.needs_undo:
        second.press("ctrl+z")
    play_lesson(second, lesson)
    assert second.last == words.lesson_done_text()
    assert not os.path.lexists(lesson_path(lesson.id))
    assert lesson.id in load_progress()[0].lessons_done
    assert menu.under_way[lesson.id] is taken_up


def test_the_comment_due_when_the_window_closed_quotes_the_hint_as_it_was() -> None:
    """Left while the others still played to the card: its comment comes after."""
    lesson, steps = SITUATIONS["trick_being_played"]
    whole = _app()
    _open_lesson(whole, lesson)
    for step in steps:
        step(whole)
    mark = whole.mark()
    whole.settle()
    comment = words.after_text(Point.FIRST_NO_SPADE_LEAD, None)
    expected = [line for line in whole.said_since(mark) if line.startswith(comment)]
    assert len(expected) == 1 and "A strong player: " in expected[0]
    # The same keys, and the window closed before the others played.
    lesson_path(lesson.id).unlink()  # else the next run would go on with it
    first = _app()
    _open_lesson(first, lesson)
    for step in steps:
        step(first)
    second = _app()
    _open_menu(second)
    mark = second.mark()
    second.press("return")
    second.settle()
    assert [
        line for line in second.said_since(mark) if line.startswith(comment)
    ] == expected


@pytest.mark.parametrize("leave", ["escape", "alt+f4"])
def test_a_lesson_left_or_quit_is_under_way_in_the_next_run(leave: str) -> None:
    first = _app()
    screen = _open_lesson(first, FIRST_HAND)
    first.press("3", "return")
    first.settle()
    first.press(*card_keys(first, Card.parse("AH")), "n")
    first.settle()
    played = [a for a in screen.session.game.actions if isinstance(a, PlayAction)]
    first.press(leave)
    if leave == "escape":
        assert first.said_since(0)[-2] == (
            "You left the lesson. Choose it again to go on where you stopped."
        )
    else:
        assert not first.app.running
    second = _app()
    _open_menu(second)
    assert second.last == f"Learn to play. A first hand, under way, 2 of {MENU_ITEMS}"
    second.press("return")
    second.settle()
    taken_up = top(second)
    assert isinstance(taken_up, LessonScreen)
    again = [a for a in taken_up.session.game.actions if isinstance(a, PlayAction)]
    assert again == played
    assert second.last == words.before_text(Point.FIRST_NO_SPADE_LEAD)
    assert words.lesson_intro_text(FIRST_HAND.id) not in second.transcript


def _leave_the_nil_lesson() -> Path:
    """A first run that leaves the nil lesson after its bid; its file."""
    first = _app()
    _open_lesson(first, LESSONS[1])
    first.press("n", "return")
    first.press("escape")
    return lesson_path("nil")


def _next_run_opens_nil(problem: Callable[[str], str], path: Path) -> None:
    """A second run: the problem is said naming the file kept, and the nil lesson
    starts from its deal."""
    kept = path.read_bytes() if not path.is_symlink() else None
    second = _app()
    _open_menu(second)
    backups = sorted(path.parent.glob(path.name + ".broken-*"))
    assert len(backups) == 1
    if kept is not None:
        assert backups[0].read_bytes() == kept  # kept as it was, not deleted
    assert second.last == problem(backups[0].name)
    second.press("home", "down", "down")
    assert second.last == f"Nil, 3 of {MENU_ITEMS}"  # not under way
    mark = second.mark()
    second.press("return")
    screen = top(second)
    assert isinstance(screen, LessonScreen)
    assert not screen.decisions()
    assert words.lesson_intro_text("nil") in second.said_since(mark)


@pytest.mark.parametrize(
    "damage",
    [
        b'{"version": 1, "lesson": "nil", "rec',
        b"",
        b"\x00\xff\xfe",
        b"[]",
        b'{"version": 1, "lesson": "bags", "record": {}, "state": {}}',
        b'{"version": 1, "lesson": "nil", "state": {}}',
        b'{"version": 2, "lesson": "nil", "record": {}, "state": {}}',
    ],
)
def test_a_damaged_lesson_file_is_said_kept_and_the_lesson_starts_afresh(
    damage: bytes,
) -> None:
    path = _leave_the_nil_lesson()
    path.write_bytes(damage)
    _next_run_opens_nil(
        lambda backup: (
            f"Your place in the lesson Nil could not be read. The file was kept "
            f"as {backup}, and the lesson starts from the beginning."
        ),
        path,
    )


def _hand_actions(data: dict[str, object]) -> list[dict[str, object]]:
    record = data["record"]
    assert isinstance(record, dict)
    actions = record["hands"][0]["actions"]
    assert isinstance(actions, list)
    return actions


def _play_a_card_not_held(data: dict[str, object]) -> None:
    plays = [a for a in _hand_actions(data) if "play" in a]
    plays[0]["play"] = "2C" if plays[0]["play"] != "2C" else "3C"


def _swap_two_dealt_cards(data: dict[str, object]) -> None:
    deal = data["record"]["hands"][0]["deal"]  # type: ignore[index]
    deal[0][0], deal[1][0] = deal[1][0], deal[0][0]


def _other_rules(data: dict[str, object]) -> None:
    data["record"]["rules"]["hand_limit"] = 2  # type: ignore[index]


def _state(**changes: object) -> Callable[[dict[str, object]], None]:
    def change(data: dict[str, object]) -> None:
        data["state"].update(changes)  # type: ignore[attr-defined]

    return change


OUTDATED: dict[str, Callable[[dict[str, object]], None]] = {
    "a_card_not_held": _play_a_card_not_held,
    "another_deal": _swap_two_dealt_cards,
    "other_rules": _other_rules,
    "judged_out_of_range": _state(judged=40),
    "judged_negative": _state(judged=-1),
    "no_such_point": _state(taught=[[0, "nil_lead_high"]]),
    "a_point_at_another_decision": _state(taught=[[0, "nil_duck"]]),
    "a_point_past_the_decisions": _state(taught=[[30, "nil_bid"]]),
    "a_mistake_mark_not_true_or_false": _state(needs_undo="yes"),
    "a_mistake_before_any_decision": _state(needs_undo=True, judged=0),
    "no_points": _state(taught=None),
}
"""A lesson saved by another version of the game: its script has changed since."""


@pytest.mark.parametrize("change", OUTDATED)
def test_a_lesson_saved_by_another_version_is_said_kept_and_starts_afresh(
    change: str,
) -> None:
    path = _leave_the_nil_lesson()
    data = json.loads(path.read_text(encoding="utf-8"))
    OUTDATED[change](data)
    path.write_text(json.dumps(data), encoding="utf-8")
    _next_run_opens_nil(
        lambda backup: (
            "Your place in the lesson Nil was saved by another version of the "
            "game and no longer fits the lesson. The file was kept as "
            f"{backup}, and the lesson starts from the beginning."
        ),
        path,
    )


def test_a_link_in_place_of_the_lesson_file_is_never_written_through(
    tmp_path: Path,
) -> None:
    target = tmp_path / "not-the-games.txt"
    target.write_text("keep me", encoding="utf-8")
    first = _app()
    _open_lesson(first, LESSONS[1])
    path = lesson_path("nil")
    path.unlink()
    path.symlink_to(target)
    first.press("n", "return")  # the bid: the lesson is saved
    first.press("escape")
    assert target.read_text(encoding="utf-8") == "keep me"
    assert path.is_file() and not path.is_symlink()
    assert json.loads(path.read_text(encoding="utf-8"))["lesson"] == "nil"


def test_a_link_in_place_of_the_lesson_file_is_never_read_through(
    tmp_path: Path,
) -> None:
    path = _leave_the_nil_lesson()
    saved = path.read_bytes()
    target = tmp_path / "elsewhere.json"
    target.write_bytes(saved)  # a lesson the game could use, but not its file
    path.unlink()
    path.symlink_to(target)
    _next_run_opens_nil(
        lambda backup: (
            f"Your place in the lesson Nil could not be read. The file was kept "
            f"as {backup}, and the lesson starts from the beginning."
        ),
        path,
    )
    assert target.read_bytes() == saved
