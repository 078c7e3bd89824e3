"""H in the blind nil lesson agrees with the lesson (QA).

The lesson asks for the blind nil ("... so press Y."), and H used to answer
"Do not bid blind nil: the gamble is not worth it.": two instructions that
contradict each other. At the lesson's question H and J now say the lesson's
choice and why a real table differs; the hints after it are the game's own.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from audiospades import i18n
from audiospades.app.harness import Harness
from audiospades.app.tutorial import LessonScreen, TutorialMenu, offer_on_first_start
from audiospades.presenter import tutorial as words
from audiospades.storage import Settings
from audiospades.tutorial.lessons import BLIND_NIL, LESSONS
from audiospades.tutorial.model import Point

LESSON_HINT = (
    "In this lesson, bid blind nil: press Y, to learn how it is played. At a real "
    "table a strong player bids it only when far behind, for the gamble seldom pays."
)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each test gets its own settings, progress and kept lessons."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("AUDIOSPADES_HOME", str(home))
    yield home
    i18n.set_language("en")


def _at_the_question() -> Harness:
    h = Harness(seed=7, settings=Settings(language="en"))
    offer_on_first_start(h.app.stack)
    h.press("y")
    assert isinstance(h.app.stack.top, TutorialMenu)
    index = [lesson.id for lesson in LESSONS].index(BLIND_NIL.id)
    h.press("home", *["down"] * (index + 1), "return")
    assert isinstance(h.app.stack.top, LessonScreen)
    h.settle()
    assert h.last == words.before_text(Point.BLIND_QUESTION)
    return h


def test_the_hint_at_the_lessons_blind_nil_question_says_press_y() -> None:
    h = _at_the_question()
    h.press("h")
    assert h.last == LESSON_HINT
    assert "Do not bid blind nil" not in h.last
    h.press("j")
    assert h.last == f"The hint is not about a card. {LESSON_HINT}"


def test_the_hint_after_the_blind_nil_is_the_games_own() -> None:
    h = _at_the_question()
    h.press("y")
    h.settle()
    assert h.last == words.before_text(Point.BLIND_PASS)
    h.press("h")
    assert h.last == (
        "Pass the king of spades and the jack of spades: give your partner your "
        "highest trumps."
    )
