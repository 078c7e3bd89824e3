"""The tutorial's words name the seats of each lesson's own table.

Before, the five-player lesson said "Southwest led the 3 of hearts, and East's 9
is winning": there is no East at five players (the 9 is Southeast's). The seats a
point's trick names are now worked out from the lesson's script.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from audiospades import i18n
from audiospades.presenter import tutorial as words
from audiospades.seating import DEFAULT_NAMES
from audiospades.tutorial.lessons import LESSONS
from audiospades.tutorial.model import Lesson, Point

_COMPASS = re.compile(
    r"\b(Northwest|Northeast|Southwest|Southeast|North|South|East|West)\b"
)


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_five_player_lesson_names_the_seat_that_is_winning() -> None:
    said = words.before_text(Point.FIVE_WIN)
    assert said.startswith(
        "Southwest led the 3 of hearts, and Southeast's 9 is winning."
    )


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_names_only_seats_at_its_table(lesson: Lesson) -> None:
    seats = set(DEFAULT_NAMES[lesson.rules().player_count])
    said = (
        " ".join(
            words.before_text(t.point) + " " + words.after_text(t.point, None)
            for t in lesson.teach
        )
        + " "
        + words.lesson_intro_text(lesson.id)
    )
    named = set(_COMPASS.findall(said))
    assert named <= seats, (lesson.id, named - seats)


def test_the_trick_seats_come_from_the_script() -> None:
    """First hand, trick 1: "1:7H 2:3H 3:KH 0:AH": West led, East's king wins."""
    assert words.seat_words(Point.FIRST_FOLLOW) == {
        "leader": "West",
        "winning": "East",
        "winner": "South",
    }
    assert words.seat_words(Point.FIRST_BID) == {}
