"""Play-test: abandoning a game asks first (issue 12, item 3).

'return 3 return escape up return' abandoned the game outright: Up from the first
item of the game menu wraps to Abandon. Now it asks; N or Escape keeps the game.
"""

from __future__ import annotations

from collections.abc import Callable

from audiospades import storage
from audiospades.app.harness import Harness


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
