"""Levels 4 and 5: look-ahead by sampling the unseen cards (work in progress)."""

from __future__ import annotations

import random

from audiospades.bots.characters import NEUTRAL, Style
from audiospades.bots.heuristic import HeuristicBot


class SearchBot(HeuristicBot):
    """A level 4 or 5 player (for now: level 3's judgement)."""

    def __init__(self, level: int, rng: random.Random, style: Style = NEUTRAL) -> None:
        """Play at ``level`` (4 or 5) in ``style``.

        Raises:
            ValueError: if ``level`` is not 4 or 5.
        """
        if level not in (4, 5):
            raise ValueError(f"no search level {level}")
        super().__init__(3, rng, style)
        self.level = level
