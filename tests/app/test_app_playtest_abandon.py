"""Play-test: abandoning a game asks first (issue 12, item 3).

'return 3 return escape up return' abandoned the game outright: Up from the first
item of the game menu wraps to Abandon. Now it asks; N or Escape keeps the game.
"""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import help_items

from audiospades import storage
from audiospades.app.harness import Harness
from audiospades.presenter.scoring import rules_text, scores_text
from audiospades.presenter.table import your_hand_text


def test_abandon_asks_and_n_or_escape_keeps_the_game(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7)
    h.press("return", "3", "return")
    h.settle()
    assert storage.load_current()[0] is not None
    h.press("escape", "up", "return")
    assert h.last == (
        "Abandon the game? It will not count and cannot be continued. "
        "Y abandons it, N keeps playing."
    )
    h.press("return")  # any other key repeats the question
    assert h.last.startswith("Abandon the game?")
    h.press("n")
    assert h.last.startswith("Abandon the game, ")  # back on the menu item
    h.press("return", "escape")
    assert h.last.startswith("Abandon the game, ")
    h.press("escape")  # back to the table: the game goes on
    assert h.table is not None and not h.table.finished
    assert storage.load_current()[0] is not None


def test_y_abandons_the_game(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(seed=7)
    h.press("return", "3", "return")
    h.press("escape", "up", "return", "y")
    assert h.transcript[-2:] == [
        "Game abandoned; it does not count.",
        "New game, 1 of 12",
    ]
    assert h.table is None
    assert storage.load_current() == (None, None)


def test_the_question_is_asked_again_after_help(
    make_harness: Callable[..., Harness],
) -> None:
    """F1 then Escape on the question: it is in front of the player again, said."""
    h = make_harness(seed=7)
    h.press("return", "3", "return")
    h.settle()
    h.press("escape", "up", "return")
    question = h.last
    h.press("f1")
    assert h.last != question  # the help is being read
    mark = h.mark()
    h.press("escape")
    assert h.said_since(mark)[-1] == question
    h.press("n")  # and it still takes its answer
    assert h.last.startswith("Abandon the game, ")


def test_the_tables_questions_are_answered_while_abandon_is_asked(
    make_harness: Callable[..., Harness],
) -> None:
    """S, P, R, C, W... answer under "Abandon the game?", which stays open.

    Whether to abandon may hang on the scores; before, every key but Y, N and
    Escape asked the question again. Keys that would act (Enter, T, B, a digit)
    still ask it again, and F1 lists the table's questions with Y and N.
    """
    h = make_harness(seed=7)
    h.press("return", "3", "return")
    h.settle()
    table = h.table
    assert table is not None
    view, names = table.view, table.session.names
    h.press("escape", "up", "return")
    question = h.last
    assert question.startswith("Abandon the game?")
    confirm = h.app.top
    for key, words in (
        ("s", scores_text(view, names)),
        ("r", your_hand_text(view, names)),
        ("u", rules_text(view.rules)),
    ):
        mark = h.mark()
        h.press(key)
        assert h.said_since(mark) == [words], key
        assert h.app.top is confirm, key
    mark = h.mark()
    h.press("w")
    assert h.said_since(mark)[-1].startswith("South: you. ")
    h.press("k")  # the score sheet, and back to the question
    # Its title says where Escape goes (before: "returns to the table").
    assert h.last.startswith("Score sheet. Escape returns to the question. ")
    mark = h.mark()
    h.press("escape")
    assert h.said_since(mark) == [question]
    for key in ("return", "t", "b", "5", "tab"):
        mark = h.mark()
        h.press(key)
        assert h.said_since(mark) == [question], key
        assert h.app.top is confirm, key
    help_lines = help_items(h)
    assert any(s.startswith("Y: yes, ") for s in help_lines), help_lines
    assert any(s.startswith("S: the scores, ") for s in help_lines), help_lines
    assert any(s.startswith("Enter: hear the question again, ") for s in help_lines)
    assert not [s for s in help_lines if s.startswith("Enter: play")], help_lines
    assert h.last == question  # help closed: the question again
    h.press("y")  # and Y still abandons
    assert h.transcript[-2:] == [
        "Game abandoned; it does not count.",
        "New game, 1 of 12",
    ]
    assert storage.load_current() == (None, None)
