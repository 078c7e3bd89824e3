"""The characters' ladder as a Markdown table, from their selfplay reports.

Run: .venv/bin/python benchmarks/ladder_table.py benchmarks/results/characters/*.json

Each report is one character (A) against the reference level (B); the rows are
ordered by stars, then by the margin per duplicate deal.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from audiospades.bots import character


def row(report: dict[str, Any]) -> tuple[int, float, str]:
    """One table row for a report, with its sort key."""
    who = character(report["a"])
    a = report["players_report"]["a"]
    low, high = report.get("margin_per_duplicate_deal_ci95", [None, None])
    margin = report.get("margin_per_duplicate_deal", report["margin_per_deal"])
    side = a["bid_minus_tricks_per_side"]["mean"]
    bags = a["bag_penalties_per_100_side_hands"]
    text = (
        f"| {who.id} | {who.stars} | {who.level} | {report['games']}"
        f" ({report['hands']} hands) | {report['a_win_rate']} |"
        f" {margin} [{low}, {high}] |"
        f" {a['mean_rank']['mean']} | {side} | {bags} |"
    )
    return who.stars, float(margin), text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("reports", nargs="+")
    args = parser.parse_args()
    rows = []
    for path in args.reports:
        with open(path, encoding="utf-8") as handle:
            rows.append(row(json.load(handle)))
    rows.sort(key=lambda r: (r[0], r[1]))
    lines = [
        "| character | stars | level | games | games won | margin per duplicate deal"
        " v level 3 [95%] | mean rank | bid minus tricks a side |"
        " bag penalties per 100 |",
        "|---|---|---|---|---|---|---|---|---|",
        *(r[2] for r in rows),
    ]
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
