"""The bookkeeping behind ``audiospades selfplay``: seatings, per-hand notes, reports.

A match puts two players, A and B, at a table of any shape. Which sides each holds
follows an *arrangement*: A holds sides 0, 2, ... and B sides 1, 3, ..., rotated
round the table and swapped, every distinct way (:func:`arrangements`), so that over
a set of games each player sits in every position equally often. With three or five
sides one player holds one side more than the other in a given arrangement; swapping
balances that too. Four players in partnerships have two arrangements: the original
and the swapped one.

Per hand and per player it notes the bid accuracy (bid minus tricks taken, for each
seat that bid a number and for each side's contract), bag penalties, the nils and
blind nils (attempts, made, and the points they scored), and per game each side's
final rank.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from audiospades.rules import HandScored

ROLES = ("a", "b")


def arrangements(side_count: int) -> list[tuple[str, ...]]:
    """Every distinct seating of A and B over ``side_count`` sides.

    A holds the even sides, B the odd ones; then each rotation round the table, and
    each of those with A and B swapped, without repeats. The first two are the
    original seating and its swap.

    >>> arrangements(2)
    [('a', 'b'), ('b', 'a')]
    >>> arrangements(3)
    [('a', 'b', 'a'), ('b', 'a', 'b'), ('b', 'a', 'a'), ('a', 'b', 'b'), ('a', 'a', 'b'), ('b', 'b', 'a')]
    >>> len(arrangements(4)), len(arrangements(5)), len(arrangements(6))
    (2, 10, 2)
    """  # noqa: E501
    base = tuple("a" if k % 2 == 0 else "b" for k in range(side_count))
    seen: list[tuple[str, ...]] = []
    for shift in range(side_count):
        turned = base[shift:] + base[:shift]
        swapped = tuple("b" if r == "a" else "a" for r in turned)
        for seating in (turned, swapped):
            if seating not in seen:
                seen.append(seating)
    return seen


def new_stats(game_index: int, arrangement: int) -> dict[str, Any]:
    """The empty statistics of one game."""

    def pair() -> dict[str, Any]:
        return {"a": [], "b": []}

    return {
        "game_index": game_index,
        "arrangement": arrangement,
        "swapped": arrangement % 2 == 1,
        "margins": [],
        "deals": [],
        "points": pair(),
        "times": {"a": {"bid": [], "play": []}, "b": {"bid": [], "play": []}},
        "nil": {"a": [0, 0, 0], "b": [0, 0, 0]},
        "blind_nil": {"a": [0, 0, 0], "b": [0, 0, 0]},
        "seat_bid_error": pair(),
        "side_bid_error": pair(),
        "side_contract": pair(),
        "side_hands": {"a": 0, "b": 0},
        "set": {"a": 0, "b": 0},
        "bag_penalties": {"a": 0, "b": 0},
        "ranks": pair(),
        "result": None,
        "hands": 0,
    }


def note_hand(
    stats: dict[str, Any],
    event: HandScored,
    seat_roles: Sequence[str],
    side_roles: Sequence[str],
    deal: int,
) -> None:
    """Add one scored hand to a game's statistics (roles by seat and by side)."""
    score = event.score
    by_role: dict[str, list[int]] = {"a": [], "b": []}
    for side in score.sides:
        role = side_roles[side.side]
        by_role[role].append(side.points)
        stats["side_hands"][role] += 1
        if side.is_made is False:
            stats["set"][role] += 1
        if side.is_made is not None:
            stats["side_bid_error"][role].append(side.contract - side.tricks)
            stats["side_contract"][role].append(side.contract)
        stats["bag_penalties"][role] += side.bag_penalty_count
        for nil in side.nils:
            key = "blind_nil" if nil.blind else "nil"
            entry = stats[key][role]
            entry[0] += 1
            entry[1] += int(nil.is_made)
            entry[2] += nil.points
    for seat, bid in enumerate(score.bids):
        if bid.is_nil:
            continue
        role = seat_roles[seat]
        stats["seat_bid_error"][role].append(bid.tricks - score.tricks[seat])
    a, b = by_role["a"], by_role["b"]
    for role, values in by_role.items():
        if values:
            stats["points"][role].append(sum(values) / len(values))
    if a and b:
        stats["margins"].append(sum(a) / len(a) - sum(b) / len(b))
        stats["deals"].append(deal)


def note_ranks(
    stats: dict[str, Any], totals: Sequence[int], side_roles: Sequence[str]
) -> None:
    """Each side's final rank (1 best; tied sides share the mean of their places)."""
    for side, total in enumerate(totals):
        above = sum(1 for t in totals if t > total)
        level = sum(1 for t in totals if t == total)
        stats["ranks"][side_roles[side]].append(above + (level + 1) / 2)


def mean_interval(
    values: Sequence[float], z: float = 1.96
) -> tuple[float, float, float]:
    """The mean and its normal 95% interval.

    >>> mean_interval([1.0, 3.0])
    (2.0, 0.04, 3.96)
    """
    if not values:
        return (0.0, 0.0, 0.0)
    m = statistics.fmean(values)
    if len(values) < 2:
        return (round(m, 2), round(m, 2), round(m, 2))
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (round(m, 2), round(m - half, 2), round(m + half, 2))


def _spread(values: Sequence[float]) -> dict[str, Any]:
    if not values:
        return {"count": 0, "mean": None, "sd": None, "ci95": None}
    m, lo, hi = mean_interval(values)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return {"count": len(values), "mean": m, "sd": round(sd, 2), "ci95": [lo, hi]}


def player_report(results: Sequence[dict[str, Any]], role: str) -> dict[str, Any]:
    """One player's bidding, bags, nils, ranks and points over a match."""
    side_hands = sum(r["side_hands"][role] for r in results)
    penalties = sum(r["bag_penalties"][role] for r in results)
    out: dict[str, Any] = {
        "side_hands": side_hands,
        "bid_minus_tricks_per_seat": _spread(
            [v for r in results for v in r["seat_bid_error"][role]]
        ),
        "bid_minus_tricks_per_side": _spread(
            [v for r in results for v in r["side_bid_error"][role]]
        ),
        "contract_per_side": _spread(
            [v for r in results for v in r["side_contract"][role]]
        ),
        "bag_penalties": penalties,
        "bag_penalties_per_100_side_hands": (
            round(100 * penalties / side_hands, 2) if side_hands else None
        ),
        "sets": sum(r["set"][role] for r in results),
    }
    for key in ("nil", "blind_nil"):
        attempts = sum(r[key][role][0] for r in results)
        made = sum(r[key][role][1] for r in results)
        net = sum(r[key][role][2] for r in results)
        out[key] = {
            "attempts": attempts,
            "made": made,
            "success_rate": round(made / attempts, 3) if attempts else None,
            "net_points": net,
            "net_points_per_attempt": round(net / attempts, 1) if attempts else None,
        }
    ranks = [v for r in results if r["result"] is not None for v in r["ranks"][role]]
    out["mean_rank"] = _spread(ranks)
    out["points_per_deal"] = _spread([v for r in results for v in r["points"][role]])
    return out
