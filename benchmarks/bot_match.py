"""One duplicate match between two made-up bots, for the bid experiments.

``bid_policy.py``, ``versus_old_level3.py`` and ``level5_bid_edge.py`` each pit a
variant of a bot against another under pagat's rules; this plays their match with
``audiospades.selfplay`` (its duplicate deals, seatings and report) and writes the
report. The variants are not selfplay's labels, so ``build`` stands in for
``selfplay.build_bot``: it is given A's or B's label (a level, which the report's
decision times are filed under) and each seat's random source. Workers are forked,
so ``build`` may be a closure.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from typing import Any

import audiospades.selfplay as selfplay
from audiospades.bots import Bot


def add_shape_arguments(parser: argparse.ArgumentParser, games: int, seed: int) -> None:
    """The table shape and match size every such match takes."""
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--individual", action="store_true")
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=seed)


def play(
    args: argparse.Namespace,
    build: Callable[[str, random.Random], Bot],
    *,
    levels: tuple[str, str],
    names: tuple[str, str],
    hands: int | None = None,
    jobs: int = 1,
    **extra: Any,
) -> None:
    """Play A against B and print the report.

    ``levels`` are their labels (different levels, as ``build`` tells them apart by
    them), ``names`` what the report calls them.

    ``extra`` goes into the report as it is (the experiment's settings).
    """
    selfplay.build_bot = build
    config = selfplay.MatchConfig(
        a=levels[0],
        b=levels[1],
        preset="pagat",
        players=args.players,
        partnerships=False if args.individual else None,
        target=None,
        hands_per_game=hands,
        seed=args.seed,
    )
    results = selfplay.run_match(config, args.games, True, jobs)
    report: dict[str, Any] = selfplay.summarise(config, results, True)
    report["a"], report["b"] = names
    report.update(extra)
    sys.stdout.write(json.dumps(report, indent=2) + "\n")
