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


def _section(title: str) -> str:
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_play_online_says_how_to_open_the_page_with_a_picture() -> None:
    """Issue 11: the "Play online" section says how to open the page, with a picture."""
    section = _section("Play online")
    assert "Open `http://HOST:PORT/`" in section
    assert "audiospades serve" in section
    pictures = re.findall(r"!\[[^\]]+\]\(([^)\s]+)\)", section)
    assert pictures, "no screenshot of the page"
    for picture in pictures:
        assert (ROOT / picture).read_bytes().startswith(b"\x89PNG"), picture


def test_learn_to_play_is_in_the_readme() -> None:
    """Issue 15: the README mentions the tutorial and how it is offered."""
    section = _section("Learn to play")
    assert "*Learn to play* in the main menu" in section
    assert "first start" in section
