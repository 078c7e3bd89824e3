"""What happened, as plain data: the engine returns these and never words them."""

from __future__ import annotations

from dataclasses import dataclass

from audiospades.rules.bidding import Bid
from audiospades.rules.cards import Card
from audiospades.rules.frozen import quick_init
from audiospades.rules.scoring import HandScore


@quick_init
@dataclass(frozen=True, slots=True)
class HandDealt:
    """A new hand was dealt; ``hand_index`` counts from 0, redeals included."""

    hand_index: int
    dealer: int


@quick_init
@dataclass(frozen=True, slots=True)
class RedealRequested:
    """A player with a deficient hand asked for a redeal (seed 002)."""

    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class BidMade:
    """A seat bid."""

    seat: int
    bid: Bid


@quick_init
@dataclass(frozen=True, slots=True)
class BiddingComplete:
    """Everyone has bid; ``bids`` is indexed by seat."""

    bids: tuple[Bid, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class CardsPassed:
    """Cards passed face down between partners after a blind nil.

    Only ``from_seat`` and ``to_seat`` may see ``cards``; a seat view hides them.
    """

    from_seat: int
    to_seat: int
    cards: tuple[Card, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class PlayStarted:
    """Passing (if any) is over and ``leader`` leads the first trick."""

    leader: int


@quick_init
@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A seat played a card to the trick numbered ``trick_index`` (from 0)."""

    seat: int
    card: Card
    trick_index: int


@quick_init
@dataclass(frozen=True, slots=True)
class SpadesBroken:
    """The first spade (or added trump) of the hand was played."""

    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class TrickWon:
    """A trick is complete; ``cards`` are (seat, card) in the order played."""

    seat: int
    trick_index: int
    cards: tuple[tuple[int, Card], ...]


@quick_init
@dataclass(frozen=True, slots=True)
class HandScored:
    """The hand is over and scored."""

    score: HandScore


@quick_init
@dataclass(frozen=True, slots=True)
class GameOver:
    """The game is over; ``winner`` is a side, or None for a draw."""

    winner: int | None
    totals: tuple[int, ...]


Event = (
    HandDealt
    | RedealRequested
    | BidMade
    | BiddingComplete
    | CardsPassed
    | PlayStarted
    | CardPlayed
    | SpadesBroken
    | TrickWon
    | HandScored
    | GameOver
)
