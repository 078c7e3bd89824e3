"""The statistics screen: every figure a line, walked with Up and Down.

Seed 001 ("Statistics"): wins, losses and draws against each difficulty level, a
cumulative rating, a win percentage counting a draw as half a win, and the record in
partnership with and against every other player. The lines are: the totals, the
win percentage, the rating, each match difficulty played (easiest first), the games
played online (apart: they have no difficulty), then each character in roster
order, as partner and as opponent (head to head) where games were played, and the
games against them counted by an older version by the game's result. The
last item opens the finished-game review. Enter on the rating says how it is
reckoned; on the other lines it says the line again.
"""

from __future__ import annotations

from functools import partial

from audiospades import storage
from audiospades.app.screen import MenuItem, MenuScreen, Push, Transition
from audiospades.app.services import Services
from audiospades.bots.characters import ROSTER
from audiospades.i18n import _
from audiospades.notices import FileKind
from audiospades.presenter import Utterance
from audiospades.presenter.menus import (
    STATS_TITLE,
    character_line,
    difficulty_line,
    earlier_opponent_line,
    item_label,
    online_line,
    rating_explained_text,
    rating_line,
    review_games_label,
    totals_line,
    win_percentage_line,
)
from audiospades.presenter.system import storage_text

RATING_LINE = 2
"""The rating's place among :func:`stats_lines` (Enter there explains it)."""


def stats_lines(stats: storage.Stats) -> list[str]:
    """Every line of the statistics screen, translated."""
    totals = stats.totals
    lines = [
        totals_line(totals),
        win_percentage_line(storage.win_percentage(totals)),
        rating_line(stats.rating),
    ]
    for stars in sorted(stats.by_difficulty):
        record = stats.by_difficulty[stars]
        if record.games:
            lines.append(difficulty_line(stars, record, storage.win_percentage(record)))
    if stats.online.games:
        lines.append(online_line(stats.online, storage.win_percentage(stats.online)))
    for character in ROSTER:
        found = stats.by_character.get(character.id)
        if found is None:
            continue
        if found.as_partner.games:
            lines.append(character_line(_(character.name), True, found.as_partner))
        if found.as_opponent.games:
            lines.append(character_line(_(character.name), False, found.as_opponent))
        if found.earlier_as_opponent.games:
            lines.append(
                earlier_opponent_line(_(character.name), found.earlier_as_opponent)
            )
    return lines


class StatsScreen(MenuScreen):
    """The player's statistics (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(STATS_TITLE, [])

    def on_enter(self, services: Services) -> None:
        stats, problem = storage.load_stats()
        if problem is not None:
            services.say_text(storage_text(FileKind.STATISTICS, problem))
        self.items = [
            MenuItem(
                partial(item_label, line),
                action=self._explain_rating if index == RATING_LINE else None,
            )
            for index, line in enumerate(stats_lines(stats))
        ]
        self.items.append(MenuItem(review_games_label, action=self._review))
        super().on_enter(services)

    def _explain_rating(self, services: Services) -> None:
        # QA: "Rating: 57.1 of 100" after one win said nothing of where it came from.
        services.say(Utterance(rating_explained_text(), interrupt=True))

    def _review(self, services: Services) -> Transition:
        from audiospades.app.review_screen import ReviewListScreen

        return Push(ReviewListScreen())
