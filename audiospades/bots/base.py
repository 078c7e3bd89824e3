"""The protocol every computer player follows.

A bot sees the game only through a :class:`~audiospades.rules.SeatView` of its own
seat, so it cannot see another player's cards; its randomness is injected.
The controller asks, in this order, whenever the bot's seat must act:

1. ``choose_blind_nil(view)`` when the cards are dealt, before the seat looks at
   them, when ``view.is_blind_nil_eligible`` (``view.hand`` is empty then:
   ``view.hand_hidden``); a yes keeps the hand unseen, and the question is asked
   again, still unseen, at the seat's turn to bid, with the bids made and the blind
   nils said at the deal (``view.blind_nil_declared``) in view: the second yes bids it;
2. ``choose_redeal(view)`` before the first bid, when ``view.can_request_redeal``
   (not asked of a seat keeping its hand unseen);
3. ``choose_bid(view)`` on its turn to bid (unless it bids blind nil);
4. ``choose_pass(view)`` when it must pass cards after a blind nil;
5. ``choose_play(view)`` on its turn to play.
"""

from __future__ import annotations

import random
from typing import Protocol

from audiospades.rules import Bid, Card, SeatView


class Bot(Protocol):
    """A computer player."""

    def choose_blind_nil(self, view: SeatView) -> bool:
        """Whether to bid blind nil, before looking at the cards."""
        ...

    def choose_redeal(self, view: SeatView) -> bool:
        """Whether to throw in a deficient hand (seed 002)."""
        ...

    def choose_bid(self, view: SeatView) -> Bid:
        """A bid from ``view.legal_bids``."""
        ...

    def choose_pass(self, view: SeatView) -> tuple[Card, ...]:
        """``view.rules.blind_nil_pass`` cards from ``view.hand`` to pass."""
        ...

    def choose_play(self, view: SeatView) -> Card:
        """A card from ``view.legal_plays``."""
        ...


class RandomBot:
    """Picks uniformly among legal choices: a floor to measure real bots against."""

    def __init__(self, rng: random.Random) -> None:
        """Use ``rng`` for every choice."""
        self.rng = rng

    def choose_blind_nil(self, view: SeatView) -> bool:
        """Never bids blind nil."""
        return False

    def choose_redeal(self, view: SeatView) -> bool:
        """Never asks for a redeal."""
        return False

    def choose_bid(self, view: SeatView) -> Bid:
        """Any legal bid other than a blind nil."""
        bids = [b for b in view.legal_bids if not b.blind] or list(view.legal_bids)
        return self.rng.choice(bids)

    def choose_pass(self, view: SeatView) -> tuple[Card, ...]:
        """Any cards."""
        return tuple(self.rng.sample(view.hand, view.rules.blind_nil_pass))

    def choose_play(self, view: SeatView) -> Card:
        """Any legal card."""
        return self.rng.choice(sorted(view.legal_plays))
