"""Level 3's card choice: CPU time a decision, current code against the old copy.

Run: .venv/bin/python benchmarks/level3_choice_speed.py [--games N] [--rounds R]
     [--json FILE]

The positions are those of ``tests/bots/test_bots_policy_speed.py`` (random games of
every table shape and trump mode, each seat to act seen from its own view and with
every hand known), keeping those with more than one legal card. Each round times
``choose_card`` (level 3's play) over all of them, first with the verbatim copy of
the old ``policy.py`` (``tests/bots/policy_reference.py``), then with the current
one; the report keeps each code's fastest round (CPU time: the machine is shared)
and checks that both chose the same cards.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--json", type=Path, help="also write the report here")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parent / "tests" / "bots"))
    sys.path.insert(0, str(HERE.parent))
    import policy_reference as ref  # type: ignore[import-not-found]
    from test_bots_policy_speed import _positions  # type: ignore[import-not-found]

    from audiospades.bots import policy as new

    positions = []
    for seed in range(args.games):
        for sim, seat in _positions(seed):
            legal = sim.legal(seat)
            if len(legal) > 1:
                positions.append((sim, seat, legal))
    params = new.LEVEL_PLAY[3]

    def run(choose: Any) -> tuple[float, list[Any]]:
        start = time.process_time()
        chosen = [choose(sim, seat, legal, params) for sim, seat, legal in positions]
        return time.process_time() - start, chosen

    best = {"reference": float("inf"), "current": float("inf")}
    same = True
    for _ in range(args.rounds):
        old_s, old = run(ref.choose_card)
        new_s, now = run(new.choose_card)
        same = same and old == now
        best["reference"] = min(best["reference"], old_s)
        best["current"] = min(best["current"], new_s)
    count = len(positions)
    report = {
        "command": " ".join(["benchmarks/level3_choice_speed.py", *sys.argv[1:]]),
        "positions": count,
        "rounds": args.rounds,
        "same_choices": same,
        "reference_us_per_decision": round(best["reference"] / count * 1e6, 2),
        "current_us_per_decision": round(best["current"] / count * 1e6, 2),
        "speedup": round(best["reference"] / best["current"], 2),
    }
    text = json.dumps(report, indent=1)
    if args.json:
        args.json.write_text(text + "\n")
    sys.stdout.write(text + "\n")


if __name__ == "__main__":
    main()
