"""Computer players: levels 1 to 5, the 18 characters, match difficulty and hints.

The protocol is in :mod:`audiospades.bots.base`. The public API::

    from audiospades.bots import make_bot, make_level_bot, match_difficulty, hint

- :func:`make_bot` builds a character's bot (see :data:`ROSTER`);
- :func:`make_level_bot` builds a bare level 1 to 5 bot, in an optional :class:`Style`;
- :func:`match_difficulty` rates a table of characters 2 to 14 (seed 001);
- :func:`hint` suggests the human's action with a :class:`HintReason`.
"""

from __future__ import annotations

import random

from audiospades.bots.base import Bot, RandomBot
from audiospades.bots.characters import (
    ROSTER,
    Character,
    Style,
    character,
    find_character,
)
from audiospades.bots.difficulty import match_difficulty
from audiospades.bots.heuristic import HeuristicBot
from audiospades.bots.hints import Hint, hint
from audiospades.bots.reasons import HintKind, HintReason

LEVELS = (1, 2, 3, 4, 5)
"""The playing levels, weakest first."""


def make_level_bot(
    level: int, rng: random.Random, style: Style | None = None, *, timed: bool = True
) -> Bot:
    """A bot of ``level`` (1 to 5) in ``style`` (neutral if None).

    ``timed=False`` makes levels 4 and 5 ignore their time budget and stop at their
    sample limits only, so that they decide the same way however busy the machine
    is (tests and the headless mode; a few decisions then take longer).

    Raises:
        ValueError: for a level outside 1 to 5.
    """
    chosen = style if style is not None else Style()
    if level in (1, 2, 3):
        return HeuristicBot(level, rng, chosen)
    if level in (4, 5):
        from audiospades.bots.search import SearchBot

        return SearchBot(level, rng, chosen, timed=timed)
    raise ValueError(f"no bot level {level}")


def make_bot(character_id: str, rng: random.Random, *, timed: bool = True) -> Bot:
    """The bot of the character ``character_id`` (``timed``: see make_level_bot).

    Raises:
        KeyError: for an unknown character.
    """
    who = character(character_id)
    return make_level_bot(who.level, rng, who.style, timed=timed)


__all__ = [
    "LEVELS",
    "ROSTER",
    "Bot",
    "Character",
    "HeuristicBot",
    "Hint",
    "HintKind",
    "HintReason",
    "RandomBot",
    "Style",
    "character",
    "find_character",
    "hint",
    "make_bot",
    "make_level_bot",
    "match_difficulty",
]
