"""Match difficulty from the characters' stars (seed 001, "Player Selection").

Seed 001: "This difficulty has a range of 2 to 14 stars ... having a weak partner (few
stars) increases the match difficulty, whereas a weak opponent reduces the match
difficulty. The hardest difficulty is to have both opponents on 5 stars and your
partner on 1 star, giving a 14 stars maximum difficulty level."

For four players in partnerships that is ``opponent1 + opponent2 + (5 - partner)``.
Other tables generalise it so the same range and the same ends hold:

- any table with a partner (4 or 6 players in partnerships):
  ``2 * mean(opponent stars) + (5 - partner stars)``, rounded half up; with two
  opponents this is exactly seed 001's sum;
- individual play (3 to 6 players, no partner): the opponents' mean stars scaled from
  1..5 onto 2..14, ``2 + 3 * (mean - 1)``, rounded half up.

>>> match_difficulty(1, [5, 5]), match_difficulty(5, [1, 1])
(14, 2)
>>> match_difficulty(3, [3, 3]), match_difficulty(1, [1, 1])
(8, 6)
>>> match_difficulty(None, [5, 5, 5]), match_difficulty(None, [1, 1])
(14, 2)
>>> match_difficulty(1, [5, 5, 5, 5])
14
"""

from __future__ import annotations

import math
from collections.abc import Sequence

MIN_DIFFICULTY = 2
MAX_DIFFICULTY = 14


def _stars(value: int) -> int:
    return min(5, max(1, int(value)))


def match_difficulty(partner_stars: int | None, opponent_stars: Sequence[int]) -> int:
    """The match difficulty, 2 (easiest) to 14 (hardest).

    Args:
        partner_stars: the partner's stars, or None in individual play.
        opponent_stars: each opponent's stars (1 to 5; values outside are clamped).

    Raises:
        ValueError: if there are no opponents.
    """
    if not opponent_stars:
        raise ValueError("a match needs at least one opponent")
    mean = sum(_stars(s) for s in opponent_stars) / len(opponent_stars)
    if partner_stars is None:
        raw = 2 + 3 * (mean - 1)
    else:
        raw = 2 * mean + (5 - _stars(partner_stars))
    value = math.floor(raw + 0.5)
    return min(MAX_DIFFICULTY, max(MIN_DIFFICULTY, value))
