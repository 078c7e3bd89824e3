"""The README keeps its promises: the two commands, CI, and the rules table."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from audiospades.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_rule_option_is_in_the_readme_table() -> None:
    listed = set(re.findall(r"^\| `([a-z_0-9]+)` \|", README, flags=re.MULTILINE))
    fields = {f.name for f in dataclasses.fields(Rules)} - {"preset"}
    assert fields - listed == set(), "options missing from the README table"
    assert listed - fields == set(), "README lists options the engine lacks"


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = [
        line.strip()
        for line in ci.splitlines()
        if line.strip() and not line.startswith(("#", "set ", "cd "))
    ][-1]
    assert command == "bash tools/dev.sh test"
    assert f"{command}      # set everything up" in README
