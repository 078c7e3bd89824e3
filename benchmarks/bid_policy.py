"""Level 3 bidding its count against level 3 bidding for the best expected score.

Run: PYTHONPATH=. .venv/bin/python benchmarks/bid_policy.py --players 4 --games 60

A (``"3"``) bids the tricks its hand should take (``HeuristicBot.by_count``); B
(``"2"`` in the report) is level 3 as it plays by default: the first of two
partners bids its count and the second, or a seat alone, the bid with the best
expected score. Same card play, duplicate deals. Issue 14 asked for bids within half
a trick of the tricks taken; this measures what bidding so costs.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

import audiospades.selfplay as selfplay
from audiospades.bots import Bot, HeuristicBot


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--individual", action="store_true")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument(
        "--shade", type=float, default=0.0, help="tricks A bids under its count"
    )
    args = parser.parse_args()

    def build(spec: str, rng: random.Random) -> Bot:
        bot = HeuristicBot(3, rng)
        bot.by_count = spec == "3"
        if bot.by_count:
            bot.shade = args.shade
        return bot

    selfplay.build_bot = build
    config = selfplay.MatchConfig(
        a="3",
        b="2",
        preset="pagat",
        players=args.players,
        partnerships=False if args.individual else None,
        target=None,
        hands_per_game=None,
        seed=args.seed,
    )
    results = selfplay.run_match(config, args.games, True, 1)
    report = selfplay.summarise(config, results, True)
    report["a"], report["b"] = "level 3 by count", "level 3 by best score"
    report["shade"] = args.shade
    sys.stdout.write(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
