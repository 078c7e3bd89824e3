"""The actions that make up a game: a deal, a bid, a pass, a play, a redeal request.

A game is its rules, its first dealer and the list of these (``Game.actions``);
:meth:`audiospades.rules.game.Game.apply` carries one out, and the game record
(``audiospades.record``) writes them in the spec's notation.
"""

from __future__ import annotations

from dataclasses import dataclass

from audiospades.rules.bidding import Bid
from audiospades.rules.cards import Card
from audiospades.rules.frozen import quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class DealAction:
    """The cards dealt to each seat, before any passing."""

    hands: tuple[tuple[Card, ...], ...]


@quick_init
@dataclass(frozen=True, slots=True)
class BidAction:
    """A seat's bid."""

    seat: int
    bid: Bid


@quick_init
@dataclass(frozen=True, slots=True)
class PassAction:
    """Cards a seat passes to its partner after a blind nil."""

    seat: int
    cards: tuple[Card, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class PlayAction:
    """A card played."""

    seat: int
    card: Card


@quick_init
@dataclass(frozen=True, slots=True)
class RedealAction:
    """A deficient hand's request for a redeal (seed 002)."""

    seat: int


Action = DealAction | BidAction | PassAction | PlayAction | RedealAction
