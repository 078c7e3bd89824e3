"""Who sits where: computer characters, seat names and the match difficulty."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from audiospades import bots
from audiospades.bots import ROSTER, Bot, RandomBot, find_character
from audiospades.notices import HUMAN
from audiospades.rules import Game, Rules
from audiospades.rules.seats import partner_of
from audiospades.storage import GameResult, Outcome
from audiospades.textmark import N_

DEFAULT_NAMES: Final[dict[int, tuple[str, ...]]] = {
    3: (N_("South"), N_("West"), N_("East")),
    4: (N_("South"), N_("West"), N_("North"), N_("East")),
    5: (
        N_("South"),
        N_("Southwest"),
        N_("Northwest"),
        N_("Northeast"),
        N_("Southeast"),
    ),
    6: (
        N_("South"),
        N_("Southwest"),
        N_("Northwest"),
        N_("North"),
        N_("Northeast"),
        N_("Southeast"),
    ),
}
"""Seat names (compass points) when no character plays a seat."""


def roster_ids() -> tuple[str, ...]:
    """Every character id, weakest first."""
    return tuple(c.id for c in ROSTER)


def character_name(character_id: str) -> str | None:
    """The English name of a character (marked for translation), or None."""
    found = find_character(character_id)
    return found.name if found is not None else None


def character_stars(character_id: str) -> int | None:
    """A character's stars (1 to 5), or None for an unknown id."""
    found = find_character(character_id)
    return found.stars if found is not None else None


def make_bot(
    character_id: str | None, rng: random.Random, *, timed: bool = True
) -> Bot:
    """The character's bot, or a :class:`RandomBot` for an empty or unknown seat."""
    if character_id and find_character(character_id) is not None:
        return bots.make_bot(character_id, rng, timed=timed)
    return RandomBot(rng)


def seat_role(seat: int, rules: Rules) -> str:
    """``"partner"``, ``"left"``, ``"right"`` or ``"opponent"`` for a computer seat.

    As seen from the human's seat 0 (the player selection's and W's words).

    >>> rules = Rules.pagat()
    >>> [seat_role(seat, rules) for seat in (1, 2, 3)]
    ['left', 'partner', 'right']
    """
    n = rules.player_count
    if partner_of(0, n, rules.partnerships) == seat:
        return "partner"
    if seat == 1:
        return "left"
    if seat == n - 1:
        return "right"
    return "opponent"


def match_difficulty(partner: str | None, opponents: Sequence[str]) -> int:
    """The match difficulty (2 to 14 stars) of playing with these characters.

    Seats without a known character count as 3 stars.
    """
    partner_stars = (character_stars(partner) or 3) if partner else None
    return bots.match_difficulty(
        partner_stars, [character_stars(o) or 3 for o in opponents] or [3]
    )


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where: a character id and a name per seat (seat 0 is the human)."""

    characters: tuple[str | None, ...]
    names: tuple[str, ...]

    @classmethod
    def chosen(cls, rules: Rules, ids: Sequence[str]) -> Seating | None:
        """The seating of ``ids`` (seats 1 onwards); None if the count is wrong.

        An id that names no character seats a :class:`RandomBot` under the seat's
        compass name (the golden playthroughs use ``"random"``).
        """
        n = rules.player_count
        if len(ids) != n - 1:
            return None
        chars: list[str | None] = [None]
        names = [DEFAULT_NAMES[n][0]]
        for seat, cid in enumerate(ids, start=1):
            name = character_name(cid)
            chars.append(cid if name else None)
            names.append(name or DEFAULT_NAMES[n][seat])
        return cls(tuple(chars), tuple(names))

    @classmethod
    def default(cls, rules: Rules, rng: random.Random) -> Seating:
        """Characters drawn from the roster (compass names without it)."""
        n = rules.player_count
        ids = list(roster_ids())
        rng.shuffle(ids)
        chosen: list[str | None] = [None, *ids[: n - 1]]
        chosen += [None] * (n - len(chosen))
        names = [DEFAULT_NAMES[n][0]]
        for seat in range(1, n):
            cid = chosen[seat]
            name = character_name(cid) if cid else None
            names.append(name or DEFAULT_NAMES[n][seat])
        return cls(tuple(chosen), tuple(names))

    def game_result(
        self, game_id: str, game: Game, outcome: Outcome, finished_at: str
    ) -> GameResult:
        """The statistics' entry for a finished game at this table (seat 0's view).

        Seats without a character are counted as ``seatN``; the match difficulty is
        that of the partner and opponents who played. Each opponent's result is
        `head_to_head`.
        """
        rules = game.rules
        partner = partner_of(HUMAN, rules.player_count, rules.partnerships)
        chars = self.characters
        opponents = tuple(
            (c or f"seat{s}", head_to_head(game, HUMAN, s))
            for s, c in enumerate(chars)
            if s not in (HUMAN, partner)
        )
        partner_id = chars[partner] if partner is not None else None
        return GameResult(
            game_id=game_id,
            outcome=outcome,
            difficulty=match_difficulty(partner_id, [pair[0] for pair in opponents]),
            partner=(partner_id or f"seat{partner}") if partner is not None else None,
            opponents=opponents,
            finished_at=finished_at,
        )


def head_to_head(game: Game, seat: int, other: int) -> Outcome:
    """How `seat`'s side finished against `other`'s in the finished `game`.

    The game's winner finished above every other side, whatever the points (a side
    that shot the moon where that wins the game may have fewer); the other sides are
    ranked by their points, level points being a draw, as level leaders are where
    a tie is a draw. With two sides this is the game's result for `seat`; in
    individual play a player who lost the game may still have beaten some opponents.
    Partners share a side, so they are level.
    """
    mine, theirs = game.side_of(seat), game.side_of(other)
    if mine == theirs:
        return Outcome.DRAW
    if game.winner == mine:
        return Outcome.WIN
    if game.winner == theirs:
        return Outcome.LOSS
    ours, their = game.totals[mine], game.totals[theirs]
    if ours == their:
        return Outcome.DRAW
    return Outcome.WIN if ours > their else Outcome.LOSS
