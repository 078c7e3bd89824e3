"""The README's table of keys at the table and the key map agree, both ways.

Issue 12 ("Done means"): the README's key table and the F1 help (made from the key
map) must match the behaviour. Every key the table lists is bound, and every key
bound at the table, while bidding, for a question, online or everywhere is listed.
"""

from __future__ import annotations

import re
from pathlib import Path

from audiospades.commands import DIGITS, Command
from audiospades.keymap import DEFAULT_KEYMAP, Chord, Context

README = (Path(__file__).resolve().parent.parent / "README.md").read_text("utf-8")
_CONTEXTS = (
    Context.TABLE,
    Context.BIDDING,
    Context.QUESTION,
    Context.ONLINE,
    Context.GLOBAL,
)
_NAMES = {
    "enter": "return",
    "ctrl (alone)": "ctrl",
    "' (apostrophe)": "'",
    "(or escape)": "escape",
}


def _table_rows() -> dict[str, str]:
    """The key column and the text of each row of the table after "At the table"."""
    start = README.index("At the table")
    rows: dict[str, str] = {}
    for line in README[start:].splitlines()[2:]:
        if not line.startswith("|"):
            if rows:
                break
            continue
        key, text = (cell.strip() for cell in line.strip("|").split("|", 1))
        if key not in ("key", "---"):
            rows[key] = text
    return rows


def _chords(key_cell: str) -> set[Chord]:
    """'Tab / Shift+Tab' -> {tab, shift+tab}; 'A or F5' -> {a, f5}."""
    out = set()
    for part in re.split(r" / | or |/", key_cell.lower()):
        part = part.strip()
        for name in re.split(r" (?=\(or )", part):
            name = _NAMES.get(name.strip(), name.strip())
            out.add(Chord.parse(name))
    return out


def _bound() -> dict[Chord, set[Command]]:
    bound: dict[Chord, set[Command]] = {}
    for context in _CONTEXTS:
        for chord, command in DEFAULT_KEYMAP.bindings(context):
            bound.setdefault(chord, set()).add(command)
    return bound


def test_every_key_in_the_readme_table_is_bound() -> None:
    bound = _bound()
    listed = set().union(*(_chords(key) for key in _table_rows()))
    assert listed - bound.keys() == set()


def test_every_key_bound_at_the_table_is_in_the_readme_table() -> None:
    rows = _table_rows()
    listed = set().union(*(_chords(key) for key in rows))
    # The bid entry's digits and Backspace are told in B's row.
    bid_row = rows["B"]
    assert "type the number" in bid_row and "Backspace erases" in bid_row
    told_in_b = {Chord(str(d)) for d in range(10)} | {Chord("backspace")}
    assert all(_bound()[c] <= {*DIGITS, Command.ERASE} for c in told_in_b)
    assert _bound().keys() - listed - told_in_b == set()


def test_the_readme_table_parses_its_own_key_names() -> None:
    """The parser can fail: a key the map lacks is caught."""
    assert _chords("Tab / Shift+Tab") == {
        Chord("tab"),
        Chord("tab", frozenset({"shift"})),
    }
    assert _chords("Y / N (or Escape)") == {Chord("y"), Chord("n"), Chord("escape")}
    assert Chord("q") not in _bound()
