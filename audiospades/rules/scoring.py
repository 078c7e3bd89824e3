"""Scoring a hand: pure arithmetic, broken down so every point can be explained.

Pagat's example (seed 000): a side on 337 with 7 bags bids 5 and wins 8 tricks; it
scores 53 but reaches 10 bags and loses 100, ending on 290.

>>> from audiospades.rules.options import Rules
>>> from audiospades.rules.bidding import Bid
>>> s = score_hand(Rules.pagat(), [Bid(2), Bid(0), Bid(3), Bid(4)],
...                [3, 0, 5, 5], totals=[337, 0], bags=[7, 0])
>>> s.sides[0].points, s.sides[0].total_after, s.sides[0].bags_after
(-47, 290, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from audiospades.rules.bidding import Bid
from audiospades.rules.frozen import quick_init
from audiospades.rules.options import MoonRule, NilTricks, Rules, ScoringStyle
from audiospades.rules.seats import side_seats


@quick_init
@dataclass(frozen=True, slots=True)
class NilResult:
    """One nil or blind nil bid and what it scored."""

    seat: int
    blind: bool
    tricks: int
    points: int

    @property
    def is_made(self) -> bool:
        """Whether the nil bidder took no trick."""
        return self.tricks == 0


@quick_init
@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's result for a hand, with the reason for every point."""

    side: int
    contract: int
    """The side's combined bid, nil bids counting zero."""
    tricks: int
    """Tricks that count towards the contract."""
    is_made: bool | None
    """Whether the contract was made; None when the side bid only nils."""
    contract_points: int
    """10 a trick bid if made, minus 10 a trick bid if set (or the variant's figure)."""
    overtricks: int
    """Tricks beyond the contract (bags)."""
    overtrick_points: int
    """The immediate credit for those overtricks."""
    nils: tuple[NilResult, ...]
    nil_bags: int
    """Tricks of failed nil bidders that count as the side's bags."""
    nil_bag_points: int
    """Their immediate credit."""
    exact_bonus: int
    big_bid_bonus: int
    bag_penalty_count: int
    """How many times the bag penalty was taken this hand."""
    bag_penalty_points: int
    """The points lost to it (zero or negative)."""
    bags_before: int
    bags_after: int
    total_before: int
    points: int
    """Everything the side scored this hand."""
    shot_moon: bool
    """The side bid every trick and took them all."""

    @property
    def total_after(self) -> int:
        """The side's running score after this hand."""
        return self.total_before + self.points

    @property
    def nil_points(self) -> int:
        """Points won or lost on nil bids."""
        return sum(n.points for n in self.nils)


@quick_init
@dataclass(frozen=True, slots=True)
class HandScore:
    """The whole table's result for one hand."""

    bids: tuple[Bid, ...]
    tricks: tuple[int, ...]
    sides: tuple[SideScore, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Running scores after the hand, by side."""
        return tuple(s.total_after for s in self.sides)

    @property
    def bags(self) -> tuple[int, ...]:
        """Bags carried after the hand, by side."""
        return tuple(s.bags_after for s in self.sides)

    @property
    def points(self) -> tuple[int, ...]:
        """Points scored this hand, by side."""
        return tuple(s.points for s in self.sides)


def score_hand(
    rules: Rules,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    totals: Sequence[int],
    bags: Sequence[int],
) -> HandScore:
    """Score one hand.

    Args:
        rules: the rules in force.
        bids: each seat's bid.
        tricks: each seat's tricks taken.
        totals: each side's score before the hand.
        bags: each side's bags carried before the hand.

    Returns:
        The scores of every side, explained.
    """
    sides = tuple(
        _score_side(rules, side, bids, tricks, totals[side], bags[side])
        for side in range(rules.side_count)
    )
    return HandScore(tuple(bids), tuple(tricks), sides)


def _score_side(
    rules: Rules,
    side: int,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    total_before: int,
    bags_before: int,
) -> SideScore:
    seats = side_seats(side, rules.player_count, rules.partnerships)
    quicksand = rules.scoring_style is ScoringStyle.QUICKSAND
    contract = sum(bids[s].tricks for s in seats)
    counted = sum(tricks[s] for s in seats if not bids[s].is_nil)

    nils: list[NilResult] = []
    nil_trick_count = 0
    for seat in seats:
        bid = bids[seat]
        if not bid.is_nil:
            continue
        value = rules.blind_nil_value if bid.blind else rules.nil_value
        taken = tricks[seat]
        nils.append(NilResult(seat, bid.blind, taken, value if taken == 0 else -value))
        nil_trick_count += taken
    nil_bags = 0
    nil_bag_points = 0
    if rules.nil_tricks is NilTricks.PARTNER_CONTRACT:
        counted += nil_trick_count
    elif not quicksand and rules.nil_tricks is not NilTricks.IGNORED:
        # Seed 000: a failed nil's tricks "do count as bags for the team".
        nil_bags = nil_trick_count
        if rules.nil_tricks is NilTricks.BAGS:
            nil_bag_points = nil_trick_count * rules.overtrick_points

    is_made: bool | None = None
    contract_points = overtricks = overtrick_points = 0
    exact_bonus = big_bid_bonus = 0
    shot_moon = False
    if contract > 0:
        is_made = counted >= contract
        excess = counted - contract
        if quicksand:
            # Seed 004 "Quicksand": 9 made out of 7 gives 70 - 20; 4 out of 6 loses 20.
            contract_points = 10 * contract - 10 * excess if is_made else 10 * excess
        elif is_made:
            per_trick = 20 if rules.ten_for_two_hundred and contract >= 10 else 10
            contract_points = per_trick * contract
            overtricks = excess
            overtrick_points = excess * rules.overtrick_points
        else:
            contract_points = -10 * contract
        if is_made:
            if excess == 0 and contract <= rules.exact_bid_bonus_max:
                exact_bonus = rules.exact_bid_bonus
            if contract >= rules.big_bid_from:
                big_bid_bonus = rules.big_bid_bonus * (
                    contract - rules.big_bid_from + 1
                )
            if contract >= rules.trick_count and counted >= rules.trick_count:
                shot_moon = True
                if rules.moon is MoonRule.SCORES_500:
                    contract_points = 500

    bags_after = bags_before + overtricks + nil_bags
    penalty_count = 0
    if not quicksand:
        while bags_after >= rules.bags_per_penalty:
            bags_after -= rules.bags_per_penalty
            penalty_count += 1
    penalty_points = -rules.bag_penalty * penalty_count
    points = (
        contract_points
        + overtrick_points
        + nil_bag_points
        + sum(n.points for n in nils)
        + exact_bonus
        + big_bid_bonus
        + penalty_points
    )
    return SideScore(
        side=side,
        contract=contract,
        tricks=counted,
        is_made=is_made,
        contract_points=contract_points,
        overtricks=overtricks,
        overtrick_points=overtrick_points,
        nils=tuple(nils),
        nil_bags=nil_bags,
        nil_bag_points=nil_bag_points,
        exact_bonus=exact_bonus,
        big_bid_bonus=big_bid_bonus,
        bag_penalty_count=penalty_count,
        bag_penalty_points=penalty_points,
        bags_before=bags_before,
        bags_after=bags_after,
        total_before=total_before,
        points=points,
        shot_moon=shot_moon,
    )
