"""A lesson's hand at a real table: its deal, and computer players that follow it.

:func:`lesson_session` builds an ordinary local :class:`GameSession` (the same
table, controller and presenter as a normal game) with the lesson's hand dealt and
:class:`ScriptedBot` players in the other seats. A scripted bot plays the next card
of its script whenever that card is still in its hand and legal; when the player
has left the script (a mistake not yet taken back, or free play that went another
way) it plays as a real computer player would, so the hand always goes on.
Undo replays the action log, and a scripted bot decides from its view alone, so
after an undo the hand goes exactly as written again.
"""

from __future__ import annotations

import dataclasses
import random

from audiospades.bots import Bot, make_level_bot
from audiospades.controller import GameSession
from audiospades.rules import Bid, Card, Game, Rules, SeatView
from audiospades.rules.options import TieRule
from audiospades.seating import DEFAULT_NAMES, Seating
from audiospades.tutorial.model import Lesson

FALLBACK_LEVEL = 3
"""The level of the computer player that takes over once the script is left."""


class ScriptedBot:
    """A computer player that bids and plays as a lesson's script says."""

    def __init__(
        self,
        bid: Bid,
        script: tuple[Card, ...],
        fallback: Bot,
        passes: tuple[Card, ...] = (),
    ) -> None:
        """Bid ``bid``, pass ``passes``, play ``script`` in order; else ``fallback``."""
        self.bid = bid
        self.script = script
        self.passes = passes
        self.fallback = fallback
        self.rng = getattr(fallback, "rng", None)

    def choose_blind_nil(self, view: SeatView) -> bool:
        """Never: a lesson's blind nil is the player's."""
        return False

    def choose_redeal(self, view: SeatView) -> bool:
        """Never: the lesson's deal is the point."""
        return False

    def choose_bid(self, view: SeatView) -> Bid:
        """The scripted bid, when legal."""
        if self.bid in view.legal_bids:
            return self.bid
        return self.fallback.choose_bid(view)

    def choose_pass(self, view: SeatView) -> tuple[Card, ...]:
        """The scripted cards, when they are held and the right number."""
        held = set(view.hand)
        if len(self.passes) == view.rules.blind_nil_pass and held >= set(self.passes):
            return self.passes
        return self.fallback.choose_pass(view)

    def choose_play(self, view: SeatView) -> Card:
        """The first scripted card still held, if it may be played now."""
        held = set(view.hand)
        card = next((c for c in self.script if c in held), None)
        if card is not None and card in view.legal_plays:
            return card
        return self.fallback.choose_play(view)


def lesson_rules(lesson: Lesson) -> Rules:
    """The lesson's rules: one hand, and the game ends with it even on a tie."""
    return dataclasses.replace(
        lesson.rules(), target_score=None, hand_limit=1, tie_rule=TieRule.DRAW
    )


def lesson_session(
    lesson: Lesson, *, now_ms: int = 0, game: Game | None = None
) -> GameSession:
    """A local game of the lesson's hand: dealt as written, scripted players.

    ``game``: the lesson's game as it was left part way (rebuilt from its record,
    see :mod:`audiospades.tutorial.kept`), to go on with; None deals it afresh.
    Nothing is saved as a game in progress: the tutorial never replaces one, and
    counts in no statistics.
    """
    rules = lesson_rules(lesson)
    n = rules.player_count
    session = GameSession(
        game if game is not None else Game(rules, first_dealer=lesson.dealer),
        seed=0,
        seating=Seating((None,) * n, DEFAULT_NAMES[n]),
        pace="normal",
        wait_after_trick=True,
        persist=False,
        now_ms=now_ms,
    )
    session.table.deals = (lesson.hands(),)
    for seat in range(1, n):
        fallback = make_level_bot(FALLBACK_LEVEL, random.Random(seat), timed=False)
        session.table.bots[seat] = ScriptedBot(
            lesson.bid_of(seat),
            lesson.script_of(seat),
            fallback,
            lesson.passes_of(seat),
        )
    return session
