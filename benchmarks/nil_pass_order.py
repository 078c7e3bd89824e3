"""Which cards a blind nil should pass: paired runs of the pass order.

Run: .venv/bin/python benchmarks/nil_pass_order.py [--hands N] [--seed S]
     [--dangers 100,3,4] [--shapes 4p,6p]

In each shape with an exchange (pagat rules, blind nil at any score), seat 0 bids
blind nil every hand and every seat is a level-3 player, as in
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
import random
import statistics
import sys

from audiospades.bots import bidding, make_level_bot
from audiospades.rules import (
    Bid,
    Game,
    HandScored,
    Phase,
    Rules,
    seat_view,
    shuffled_deal,
)
from audiospades.selfplay import wilson

SHAPES = {"4p": 4, "6p": 6}


def play(rules: Rules, hands: int, seed: int) -> list[tuple[bool, float]]:
    """(survived, the side's points less the others' mean) for each hand."""
    n = rules.player_count
    rng = random.Random(seed)
    out: list[tuple[bool, float]] = []
    for index in range(hands):
        game = Game(rules, first_dealer=n - 1)  # seat 0 bids first
        bots = [
            make_level_bot(3, random.Random(seed * 1000 + index * 10 + s))
            for s in range(n)
        ]
        game.deal(shuffled_deal(rules, rng))
        while game.phase is not Phase.DEALING and not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            if game.phase is Phase.BIDDING:
                bid = Bid.blind_nil() if seat == 0 else bots[seat].choose_bid(view)
                game.bid(seat, bid)
            elif game.phase is Phase.PASSING:
                game.pass_cards(seat, bots[seat].choose_pass(view))
            else:
                for event in game.play(seat, bots[seat].choose_play(view)):
                    if isinstance(event, HandScored):
                        points = event.score.points
                        others = sum(points[1:]) / (len(points) - 1)
                        out.append((event.score.tricks[0] == 0, points[0] - others))
    return out


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
                results = play(rules, args.hands, args.seed)
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
