"""The score sheet: every hand played so far, read a line at a time.

Sighted players keep a score pad; this is the game's. The first line gives the
standing; then each hand has a line per side (per player in individual play): the
bids, the tricks taken, the points, the bags this hand and in all (none under
quicksand scoring, which has no bags), and the running total. Up and Down read it,
Home and End jump to its ends, and Escape returns to the table exactly as it was
(the game waits while the sheet is open). It is drawn as a large list that reflows
with the text size, like every menu.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Final, Literal

from audiospades.app.screen import MenuItem, MenuScreen
from audiospades.presenter.menus import item_label
from audiospades.presenter.sheet import (
    SCORE_SHEET_OVER_MENU_TITLE,
    SCORE_SHEET_OVER_QUESTION_TITLE,
    SCORE_SHEET_TITLE,
    score_sheet_lines,
)
from audiospades.rules import SeatView

SheetOver = Literal["table", "question", "menu"]
"""What the score sheet is opened over, to which its Escape goes back."""

_TITLES: Final[dict[SheetOver, str]] = {
    "table": SCORE_SHEET_TITLE,
    "question": SCORE_SHEET_OVER_QUESTION_TITLE,
    "menu": SCORE_SHEET_OVER_MENU_TITLE,
}


class ScoreSheetScreen(MenuScreen):
    """Every hand's result, a line each, opened from the table or its game menu."""

    def __init__(
        self, view: SeatView, names: Sequence[str], *, over: SheetOver = "table"
    ) -> None:
        """The sheet of the game seen by ``view``, its players named ``names``.

        ``over``: what it is opened over, to which Escape goes back: the table,
        a question over the table, or a local game's menu (its title says which,
        not always "returns to the table").
        """
        lines = score_sheet_lines(view, names)
        items = [MenuItem(partial(item_label, line)) for line in lines]
        super().__init__(_TITLES[over], items)
