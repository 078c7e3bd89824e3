"""Which cards a blind nil should pass: paired runs of the pass order.

Run: .venv/bin/python benchmarks/nil_pass_order.py [--hands N] [--seed S]
     [--dangers 100,3,4] [--shapes 4p,6p]

In each shape with an exchange (pagat rules, blind nil at any score), seat 0 bids
blind nil every hand and every seat is a level-3 player: the loop of
``benchmarks/blind_nil_odds.py``. The same deals and the same bots' seeds are
played once per value of :data:`audiospades.bots.bidding.NIL_PASS_TRUMP_DANGER`
(how many ranks a trump counts above a plain card when the nil chooses what to
pass; 100 is the old order, every trump before every plain card). Printed per
shape and value: the blind nils that survived (95% Wilson interval), and the
side's points that hand minus the mean of the other sides', with the paired
difference from the first value and its 95% interval.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys

from blind_nil_odds import blind_nil_hands

from audiospades.bots import bidding
from audiospades.rules import (
    Rules,
)
from audiospades.selfplay import wilson

SHAPES = {"4p": 4, "6p": 6}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--dangers", default="100,3,4")
    parser.add_argument("--shapes", default=",".join(SHAPES))
    args = parser.parse_args()
    report: dict[str, dict[str, object]] = {}
    kept = bidding.NIL_PASS_TRUMP_DANGER
    try:
        for name in args.shapes.split(","):
            players = SHAPES[name]
            rules = dataclasses.replace(
                Rules.pagat(players=players, partnerships=True), blind_nil_behind=0
            )
            first: list[float] | None = None
            report[name] = {}
            for danger in (int(d) for d in args.dangers.split(",")):
                bidding.NIL_PASS_TRUMP_DANGER = danger
                results = blind_nil_hands(rules, args.hands, args.seed)
                made = sum(1 for survived, _ in results if survived)
                points = [p for _, p in results]
                low, high = wilson(made, len(results))
                row: dict[str, object] = {
                    "hands": len(results),
                    "survived": round(made / len(results), 3),
                    "ci95": [round(low, 3), round(high, 3)],
                    "side_points": round(statistics.mean(points), 2),
                }
                if first is None:
                    first = points
                else:
                    pair = [a - b for a, b in zip(points, first, strict=True)]
                    mean = statistics.mean(pair)
                    half = 1.96 * statistics.stdev(pair) / len(pair) ** 0.5
                    row["points_v_first"] = [
                        round(mean, 2),
                        [round(mean - half, 2), round(mean + half, 2)],
                    ]
                report[name][str(danger)] = row
                sys.stderr.write(f"{name} {danger} {row}\n")
    finally:
        bidding.NIL_PASS_TRUMP_DANGER = kept
    sys.stdout.write(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
