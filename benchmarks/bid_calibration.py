"""Fit the tricks a level-3 seat takes against its hand count, per table shape.

Run: .venv/bin/python benchmarks/bid_calibration.py [--hands N] [--seed S]

Four level-3 players (or 3, 5, 6) play ``N`` single hands (pagat rules, each shape);
for every seat that bids a number, the hand's count
(:func:`audiospades.bots.bidding.estimate_tricks`) and the tricks it took are noted,
and a least-squares line ``tricks = intercept + slope * count`` is fitted. The
intercepts and slopes in :data:`audiospades.bots.bidding.SHAPE_FIT` came from this
script; it also prints the mean bid minus tricks as the bots bid now.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys

from audiospades.bots import make_level_bot
from audiospades.bots.bidding import estimate_tricks, expected_tricks
from audiospades.rules import Game, HandScored, Phase, Rules, seat_view, shuffled_deal
from audiospades.rules.seats import partner_of

SHAPES = {
    "3i": (3, False),
    "4p": (4, True),
    "4i": (4, False),
    "5i": (5, False),
    "6i": (6, False),
    "6p": (6, True),
}


def collect(
    players: int, partnerships: bool, hands: int, seed: int, level: int
) -> list[tuple[float, float, int, int, bool]]:
    """(count, expected, bid, tricks, covering a nil) of every number bid."""
    rules = Rules.pagat(players=players, partnerships=partnerships)
    rng = random.Random(seed)
    rows: list[tuple[float, float, int, int, bool]] = []
    for index in range(hands):
        game = Game(rules, first_dealer=index % players)
        bots = [
            make_level_bot(level, random.Random(seed * 100 + s)) for s in range(players)
        ]
        game.deal(shuffled_deal(rules, rng))
        dealt = [tuple(game.hand(s)) for s in range(players)]
        while game.phase is not Phase.DEALING and not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            if game.phase is Phase.BIDDING:
                game.bid(seat, bots[seat].choose_bid(view))
            elif game.phase is Phase.PASSING:
                game.pass_cards(seat, bots[seat].choose_pass(view))
            else:
                for event in game.play(seat, bots[seat].choose_play(view)):
                    if not isinstance(event, HandScored):
                        continue
                    bids = event.score.bids
                    for s, bid in enumerate(bids):
                        if bid.is_nil:
                            continue
                        partner = partner_of(s, players, partnerships)
                        covers = partner is not None and bids[partner].is_nil
                        rows.append(
                            (
                                estimate_tricks(dealt[s], rules),
                                expected_tricks(dealt[s], rules),
                                bid.tricks,
                                event.score.tricks[s],
                                covers,
                            )
                        )
    return rows


def fit(rows: list[tuple[float, float, int, int, bool]]) -> dict[str, float]:
    """The least-squares line of tricks on count, and the bids' bias."""
    xs = [r[0] for r in rows]
    ys = [float(r[3]) for r in rows]
    slope, intercept = statistics.linear_regression(xs, ys)
    residual = [y - (intercept + slope * x) for x, y in zip(xs, ys, strict=True)]
    out: dict[str, float] = {
        "seats": len(rows),
        "intercept": round(intercept, 3),
        "slope": round(slope, 3),
        "residual_sd": round(statistics.stdev(residual), 3),
        "mean_count": round(statistics.fmean(xs), 3),
        "mean_tricks": round(statistics.fmean(ys), 3),
        "expected_minus_tricks": round(statistics.fmean(r[1] - r[3] for r in rows), 3),
        "bid_minus_tricks": round(statistics.fmean(r[2] - r[3] for r in rows), 3),
    }
    covering = [r[3] - r[1] for r in rows if r[4]]
    if covering:
        out["covering_seats"] = len(covering)
        out["covering_tricks_minus_expected"] = round(statistics.fmean(covering), 3)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--shapes", default=",".join(SHAPES))
    args = parser.parse_args()
    out = {}
    for name in args.shapes.split(","):
        players, partnerships = SHAPES[name]
        rows = collect(players, partnerships, args.hands, args.seed, args.level)
        out[name] = fit(rows)
    sys.stdout.write(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
