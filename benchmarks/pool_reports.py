"""Pool several ``audiospades selfplay --json`` reports of the same match.

Run: .venv/bin/python benchmarks/pool_reports.py REPORT.json [REPORT.json ...]

Matches split over seeds (so that each part finishes in reasonable time and a part
already run is never lost) are one match: the games won add up, and the Wilson
interval is taken over all of them. Each report's margin per duplicate deal is a mean
of independent deals with its own 95% interval, so the pooled mean weighs each by its
deals and the pooled standard error is the root of the weighted squares.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from audiospades.selfplay import wilson


def pool(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """The pooled win rate and margin per duplicate deal of ``reports``."""
    finished = sum(int(r["games_finished"]) for r in reports)
    wins = sum(float(r["a_wins"]) for r in reports)
    low, high = wilson(wins, finished)
    out: dict[str, Any] = {
        "a": reports[0]["a"],
        "b": reports[0]["b"],
        "seeds": [r["seed"] for r in reports],
        "games_finished": finished,
        "a_wins": wins,
        "a_win_rate": round(wins / finished, 4) if finished else None,
        "a_win_rate_ci95": [round(low, 4), round(high, 4)],
    }
    parts = [r for r in reports if r.get("duplicate_deals")]
    deals = sum(int(r["duplicate_deals"]) for r in parts)
    if deals:
        mean = (
            sum(r["duplicate_deals"] * r["margin_per_duplicate_deal"] for r in parts)
            / deals
        )
        var = 0.0
        for r in parts:
            lo, hi = r["margin_per_duplicate_deal_ci95"]
            se = (float(hi) - float(lo)) / (2 * 1.96)
            var += (int(r["duplicate_deals"]) * se) ** 2
        half = 1.96 * math.sqrt(var) / deals
        out["duplicate_deals"] = deals
        out["margin_per_duplicate_deal"] = round(mean, 2)
        out["margin_per_duplicate_deal_ci95"] = [
            round(mean - half, 2),
            round(mean + half, 2),
        ]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("reports", nargs="+")
    args = parser.parse_args()
    reports = []
    for path in args.reports:
        with open(path, encoding="utf-8") as handle:
            reports.append(json.load(handle))
    if len({(r["a"], r["b"], r["preset"], r["players"]) for r in reports}) != 1:
        sys.stderr.write("These reports are not of the same match.\n")
        return 2
    sys.stdout.write(json.dumps(pool(reports), indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
