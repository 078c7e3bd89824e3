"""The engine against OpenSpiel's C++ Spades, in one run, by the same loop.

Run: .venv/bin/python benchmarks/compare_openspiel.py [--hands N] [--rounds R]
     [--json FILE] [--root CHECKOUT]

``--root`` measures the engine of another checkout (say, an older commit unpacked
with ``git archive``) by this same loop; by default, this checkout's.

OpenSpiel is an optional benchmark dependency (``pip install -e '.[bench]'``, the
``open_spiel`` wheel from the package index). Without it the engine alone is measured
and set against the anchor recorded in issue 14 (3,750 hands/s).

The loop, for both: play whole hands of 4-player partnership Spades, each action
drawn uniformly from the legal ones as ``options[int(rng.random() * len(options))]``.

- The engine: ``engine_throughput.play_hands``, the engine's own benchmark, through
  the public API (a shuffled deal, bids from ``legal_bids``, cards from
  ``legal_plays``, every event and the score of each hand; a new game when one ends
  or after 16 hands).
- OpenSpiel: game ``spades``, one hand a state (its games are one hand long): the
  deal is 52 chance actions, then four bids and 52 cards, drawn from
  ``state.legal_actions()``. Chance actions are drawn from
  ``state.chance_outcomes()`` (uniform here, and the documented way to sample a
  chance node), and again, as a second anchor, from ``state.legal_actions()``,
  which is faster.

Rounds alternate between the contestants so that a busy machine slows them alike;
each contestant's figure is its best round, by the wall clock and by the process's
CPU time (steadier when other work shares the cores).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

ISSUE_ANCHOR = 3750
"""OpenSpiel's hands/s on this machine as issue 14 recorded it (no wheel: use it)."""


def openspiel_hands(
    game: Any, hand_count: int, seed: int, chance_outcomes: bool
) -> int:
    """Play ``hand_count`` OpenSpiel hands with random legal actions; return the cards
    played (bids and chance actions not counted)."""
    rng = random.Random(seed)
    random_ = rng.random
    plays = 0
    for _ in range(hand_count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if chance_outcomes and state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(random_() * len(outcomes))][0])
                continue
            actions = state.legal_actions()
            state.apply_action(actions[int(random_() * len(actions))])
        plays += 52
    return plays


def timed(run: Callable[[], int], hand_count: int) -> dict[str, float]:
    """One round: hands per second by the wall clock and by CPU time."""
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "hands": hand_count,
        "wall_s": round(wall, 4),
        "cpu_s": round(cpu, 4),
        "hands_per_s_wall": round(hand_count / wall, 1),
        "hands_per_s_cpu": round(hand_count / cpu, 1),
    }


def summary(rounds: list[dict[str, float]]) -> dict[str, Any]:
    """Best and median of a contestant's rounds."""
    wall = [r["hands_per_s_wall"] for r in rounds]
    cpu = [r["hands_per_s_cpu"] for r in rounds]
    return {
        "best_hands_per_s_wall": max(wall),
        "best_hands_per_s_cpu": max(cpu),
        "median_hands_per_s_wall": round(statistics.median(wall), 1),
        "median_hands_per_s_cpu": round(statistics.median(cpu), 1),
        "rounds": rounds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3000, help="hands a round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the report here")
    parser.add_argument("--root", type=Path, default=HERE.parent)
    args = parser.parse_args()
    # The engine of the checkout measured, whatever is installed in the venv.
    sys.path.insert(0, str(args.root.resolve()))
    from engine_throughput import play_hands

    from audiospades.rules import Rules

    rules = Rules.pagat()
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    contestants: dict[str, Callable[[int], Callable[[], int]]] = {
        "engine": lambda seed: lambda: play_hands(rules, args.hands, seed),
    }
    versions: dict[str, str] = {"python": platform.python_version()}
    if pyspiel is not None:
        from importlib.metadata import version

        versions["open_spiel"] = version("open_spiel")
        game = pyspiel.load_game("spades")
        contestants["openspiel_chance_outcomes"] = lambda seed: (
            lambda: openspiel_hands(game, args.hands, seed, True)
        )
        contestants["openspiel_legal_actions"] = lambda seed: (
            lambda: openspiel_hands(game, args.hands, seed, False)
        )
    # A short warm-up each (caches, first imports), not counted.
    for make in contestants.values():
        make(0)()
    load_before = os.getloadavg()
    rounds: dict[str, list[dict[str, float]]] = {name: [] for name in contestants}
    for index in range(args.rounds):
        for name, make in contestants.items():
            rounds[name].append(timed(make(args.seed + index), args.hands))
    load_after = os.getloadavg()
    report: dict[str, Any] = {
        "command": " ".join(["benchmarks/compare_openspiel.py", *sys.argv[1:]]),
        "engine_checkout": str(args.root.resolve()),
        "versions": versions,
        "machine": {
            "cpus": os.cpu_count(),
            "load_average_before": [round(x, 2) for x in load_before],
            "load_average_after": [round(x, 2) for x in load_after],
        },
        "contestants": {name: summary(r) for name, r in rounds.items()},
    }
    engine = report["contestants"]["engine"]
    ratios: dict[str, float] = {}
    for name in contestants:
        if name == "engine":
            continue
        other = report["contestants"][name]
        for clock in ("wall", "cpu"):
            key = f"best_hands_per_s_{clock}"
            ratios[f"engine_over_{name}_{clock}"] = round(engine[key] / other[key], 3)
    if pyspiel is None:
        ratios["engine_over_issue_anchor_wall"] = round(
            engine["best_hands_per_s_wall"] / ISSUE_ANCHOR, 3
        )
        report["note"] = "open_spiel is not installed: compared with the issue anchor"
    report["ratios"] = ratios
    text = json.dumps(report, indent=2)
    if args.json:
        args.json.write_text(text + "\n")
    sys.stdout.write(text + "\n")


if __name__ == "__main__":
    main()
