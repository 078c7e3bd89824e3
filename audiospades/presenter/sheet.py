"""Words for the score sheet, and for the markers of a list that scrolls."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from audiospades.i18n import _, ngettext
from audiospades.presenter.scoring import points_words, scores_text
from audiospades.presenter.words import (
    bags_words,
    bid_words,
    join_list,
    side_name,
    signed,
)
from audiospades.rules import HandScore, Rules, ScoringStyle, SeatView, SideScore
from audiospades.rules.seats import side_seats
from audiospades.textmark import N_


def more_above_text(count: int) -> str:
    """The marker over a list scrolled down: "3 more above"."""
    return ngettext("{count} more above", "{count} more above", count).format(
        count=count
    )


def more_below_text(count: int) -> str:
    """The marker under a list that goes on below: "3 more below"."""
    return ngettext("{count} more below", "{count} more below", count).format(
        count=count
    )


SCORE_SHEET_TITLE: Final = N_("Score sheet. {back} returns to the table.")
"""The score sheet's title (a message id), with its key."""

SCORE_SHEET_OVER_QUESTION_TITLE: Final = N_(
    "Score sheet. {back} returns to the question."
)
"""The title of the score sheet opened (K) under a question over the table
("Start another game?", "Leave the table?"): Escape goes back to the question."""

SCORE_SHEET_OVER_MENU_TITLE: Final = N_("Score sheet. {back} returns to the menu.")
"""The title of the score sheet opened from a local game's menu, over it: Escape
goes back to the menu (the online game menu's item takes the menu's place)."""

SCORE_SHEET_ITEM: Final = N_("Score sheet")
"""The game menu's item that opens the score sheet."""


def _bags_this_hand(score: SideScore, rules: Rules) -> int:
    """Bags a side gained in a hand (before any bag penalty took ten away)."""
    return (
        score.bags_after
        - score.bags_before
        + score.bag_penalty_count * rules.bags_per_penalty
    )


def sheet_line(
    number: int, hand: HandScore, side: int, view: SeatView, names: Sequence[str]
) -> str:
    """One side's row of one hand: bids, tricks, points, bags and running totals.

    "Hand 2, you and Rosa: bid 4 and nil, took 5 and 0; 41 points; 1 bag this
    hand, 3 in all; total 112." Quicksand scoring has no bags at all, so its lines
    say none: "Hand 2, you and Rosa: bid 4 and nil, took 5 and 0; 20 points; total
    112."
    """
    rules = view.rules
    score = hand.sides[side]
    seats = side_seats(side, rules.player_count, rules.partnerships)
    bids = join_list([bid_words(hand.bids[s]) for s in seats])
    if len(seats) > 1 and any(hand.bids[s].is_nil for s in seats):
        # Beside a nil, each partner's own tricks, in the order of the bids: a
        # sum ("bid 3 and nil, took 5") reads as a contract made that was set.
        tricks = join_list([str(hand.tricks[s]) for s in seats])
    else:
        tricks = str(sum(hand.tricks[s] for s in seats))
    if rules.scoring_style is ScoringStyle.QUICKSAND:  # no bags at all
        line = _(
            "Hand {number}, {side}: bid {bids}, took {tricks}; {points}; total {total}."
        )
    else:
        line = _(
            "Hand {number}, {side}: bid {bids}, took {tricks}; {points}; "
            "{bags} this hand, {bag_total} in all; total {total}."
        )
    return line.format(
        number=number,
        side=side_name(side, view, names, opens=False),
        bids=bids,
        tricks=tricks,
        points=points_words(score.points),
        bags=bags_words(_bags_this_hand(score, rules)),
        bag_total=score.bags_after,
        total=signed(score.total_after),
    )


def score_sheet_lines(view: SeatView, names: Sequence[str]) -> list[str]:
    """The score sheet, a line each: the standing, then every hand side by side."""
    count = len(view.history)
    if count:
        played = ngettext(
            "{count} hand played.", "{count} hands played.", count
        ).format(count=count)
    else:
        played = _("No hand has been scored yet.")
    lines = [f"{played} {scores_text(view, names)}"]
    for number, hand in enumerate(view.history, start=1):
        lines += [
            sheet_line(number, hand, side, view, names)
            for side in range(len(hand.sides))
        ]
    return lines
