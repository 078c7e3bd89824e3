"""Bids, and which bids the rules allow a seat to make.

>>> Bid(4), Bid.nil(), Bid.blind_nil()
(Bid(4), Bid.nil(), Bid.blind_nil())
>>> Bid.blind_nil().is_nil, Bid(0).is_nil, Bid(3).tricks
(True, True, 3)
>>> Bid.from_record("blind_nil") == Bid.blind_nil(), Bid(2).to_record()
(True, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from audiospades.rules.errors import IllegalAction, Reason, excerpt
from audiospades.rules.options import BiddingStyle, Rules
from audiospades.rules.seats import partner_of


@dataclass(frozen=True, slots=True, order=True)
class Bid:
    """A number of tricks; zero is nil, and a blind nil is a nil made unseen."""

    tricks: int
    blind: bool = False

    @classmethod
    def nil(cls) -> Bid:
        """A bid of no tricks."""
        return cls(0)

    @classmethod
    def blind_nil(cls) -> Bid:
        """A nil declared before looking at the cards."""
        return cls(0, blind=True)

    @property
    def is_nil(self) -> bool:
        """Whether this bid is nil, blind or not."""
        return self.tricks == 0

    def to_record(self) -> int | str:
        """The record notation: an integer, or ``"blind_nil"``."""
        return "blind_nil" if self.blind else self.tricks

    @classmethod
    def from_record(cls, value: object) -> Bid:
        """Read the record notation.

        Raises:
            ValueError: for anything but a non-negative integer or ``"blind_nil"``.
        """
        if value == "blind_nil":
            return cls.blind_nil()
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"not a bid: {excerpt(value)}")
        return cls(value)

    def __repr__(self) -> str:
        """Show the bid as the call that makes it."""
        if self.blind:
            return "Bid.blind_nil()"
        return "Bid.nil()" if self.tricks == 0 else f"Bid({self.tricks})"


def refuse_bid(
    rules: Rules,
    seat: int,
    bid: Bid,
    bids: Sequence[Bid | None],
    spade_count: int,
    blind_nil_eligible: bool,
    is_last_bidder: bool,
) -> IllegalAction | None:
    """Say why a bid breaks the rules, given the bids made so far (None: it is fine).

    Args:
        rules: the rules in force.
        seat: who bids.
        bid: the bid.
        bids: each seat's bid so far (None: not yet bid).
        spade_count: how many spades (including added trumps) the seat holds.
        blind_nil_eligible: whether the seat's side is far enough behind.
        is_last_bidder: whether this bid completes the bidding (for no hell).

    Returns:
        The first reason the bid is not allowed, as the exception to raise, or None.
    """
    n = rules.player_count
    if bid.tricks < 0 or bid.tricks > rules.trick_count or (bid.blind and bid.tricks):
        return IllegalAction(Reason.BID_OUT_OF_RANGE, maximum=rules.trick_count)
    partner = partner_of(seat, n, rules.partnerships)
    partner_bid = bids[partner] if partner is not None else None
    if bid.is_nil:
        if not rules.nil_allowed:
            return IllegalAction(Reason.NIL_NOT_ALLOWED)
        if bid.blind and not rules.blind_nil_allowed:
            return IllegalAction(Reason.BLIND_NIL_NOT_ALLOWED)
        if bid.blind and not blind_nil_eligible:
            return IllegalAction(
                Reason.BLIND_NIL_NOT_BEHIND, behind=rules.blind_nil_behind
            )
        if (
            partner_bid is not None
            and partner_bid.is_nil
            and not rules.double_nil_allowed
        ):
            return IllegalAction(Reason.DOUBLE_NIL_NOT_ALLOWED)
    style = rules.bidding_style
    if style is BiddingStyle.MIRROR and not bid.blind and bid.tricks != spade_count:
        return IllegalAction(Reason.MIRROR_MUST_MATCH_SPADES, spades=spade_count)
    if style is BiddingStyle.WHIZ and not bid.is_nil and bid.tricks != spade_count:
        return IllegalAction(Reason.WHIZ_NIL_OR_SPADES, spades=spade_count)
    if style is BiddingStyle.SUICIDE:
        # When the partner bid a number, only nil is left: say that, not "4 or more".
        if partner_bid is not None and not partner_bid.is_nil and not bid.is_nil:
            return IllegalAction(Reason.SUICIDE_NEEDS_NIL)
        if not bid.is_nil and bid.tricks < 4:
            return IllegalAction(Reason.SUICIDE_NEEDS_FOUR)
    side_complete = partner is None or partner_bid is not None
    if rules.minimum_side_bid and side_complete:
        side_bids = [bid] if partner_bid is None else [bid, partner_bid]
        all_nil = all(b.is_nil for b in side_bids)
        if not all_nil and sum(b.tricks for b in side_bids) < rules.minimum_side_bid:
            return IllegalAction(
                Reason.SIDE_BID_TOO_LOW, minimum=rules.minimum_side_bid
            )
    if rules.no_hell and is_last_bidder:
        total = sum(b.tricks for b in bids if b is not None) + bid.tricks
        if total == rules.trick_count:
            return IllegalAction(Reason.NO_HELL_TOTAL, total=rules.trick_count)
    return None
