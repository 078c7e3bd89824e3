"""Level 3 of this checkout against level 3 of an earlier commit, duplicate deals.

Run (from the repository root)::

    mkdir -p /tmp/old
    git show COMMIT:audiospades/bots/bidding.py >/tmp/old/old_bidding.py
    git show COMMIT:audiospades/bots/heuristic.py \\
        | sed 's/from audiospades.bots.bidding import/from old_bidding import/' \\
        >/tmp/old/old_heuristic.py
    PYTHONPATH=. .venv/bin/python benchmarks/versus_old_level3.py /tmp/old \\
        --players 4 --games 100 --seed 12 >report.json

The earlier bidding and blind nil judgement (its ``bidding.py`` and ``heuristic.py``)
play as B on the selfplay harness, with this checkout's card play; A is this
checkout's level 3. Issue 14's before/after comparison of level 3 itself.
"""

from __future__ import annotations

import argparse
import random
import sys

import bot_match

from audiospades.bots import Bot, make_level_bot


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("old_dir")
    bot_match.add_shape_arguments(parser, games=100, seed=12)
    args = parser.parse_args()
    sys.path.insert(0, args.old_dir)
    import old_heuristic  # type: ignore[import-not-found]

    def build(spec: str, rng: random.Random) -> Bot:
        if spec == "2":  # the old level 3 plays as "2"
            bot: Bot = old_heuristic.HeuristicBot(3, rng)
            return bot
        return make_level_bot(int(spec), rng)

    bot_match.play(args, build, levels=("3", "2"), names=("3", "old level 3"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
