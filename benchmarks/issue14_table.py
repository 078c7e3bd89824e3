"""Issue 14's selfplay reports as Markdown rows for the README's *Measured* table.

Run: .venv/bin/python benchmarks/issue14_table.py benchmarks/results/issue14/*.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def shape(report: dict[str, Any]) -> str:
    """The table shape in words."""
    n = report["players"]
    if report.get("partnerships", n in (4, 6)):
        return f"{n} players, {n // 2} partnerships"
    return f"{n} players each for themselves"


def _nil(p: dict[str, Any], key: str) -> str:
    entry = p[key]
    if not entry["attempts"]:
        return "none"
    return f"{entry['made']}/{entry['attempts']}, net {entry['net_points']:+}"


def row(name: str, report: dict[str, Any]) -> str:
    """One row: what, figures, and the command file."""
    a, b = report["players_report"]["a"], report["players_report"]["b"]
    low, high = report["margin_per_duplicate_deal_ci95"]
    rules = {k: v for k, v in report.get("rules", {}).items() if k != "preset"}
    variant = " " + ", ".join(f"{k}={v}" for k, v in rules.items()) if rules else ""
    figures = (
        f"{report['games']} games, {report['hands']} hands;"
        f" {report['margin_per_duplicate_deal']:+} a duplicate deal [{low}, {high}];"
        f" mean rank {a['mean_rank']['mean']} v {b['mean_rank']['mean']};"
        f" bid minus tricks a side {a['bid_minus_tricks_per_side']['mean']}"
        f" v {b['bid_minus_tricks_per_side']['mean']};"
        f" bag penalties per 100 side-hands {a['bag_penalties_per_100_side_hands']}"
        f" v {b['bag_penalties_per_100_side_hands']};"
        f" nil {_nil(a, 'nil')} v {_nil(b, 'nil')};"
        f" blind nil {_nil(a, 'blind_nil')} v {_nil(b, 'blind_nil')}"
    )
    what = f"{name}: level {report['a']} v {report['b']}, {shape(report)}{variant}"
    return f"| {what} | {figures} | `{name}.cmd` |"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("reports", nargs="+")
    args = parser.parse_args()
    for path in args.reports:
        report = json.loads(Path(path).read_text(encoding="utf-8"))
        sys.stdout.write(row(Path(path).stem, report) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
