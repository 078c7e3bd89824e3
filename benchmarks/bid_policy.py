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
import random

import bot_match

from audiospades.bots import Bot, HeuristicBot


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    bot_match.add_shape_arguments(parser, games=60, seed=12)
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

    bot_match.play(
        args,
        build,
        levels=("3", "2"),
        names=("level 3 by count", "level 3 by best score"),
        shade=args.shade,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
