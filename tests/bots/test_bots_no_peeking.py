"""Bots cannot reach a hidden card: they only ever get a SeatView, which holds none."""

from __future__ import annotations

import ast
import dataclasses
import random
from collections.abc import Callable
from pathlib import Path

from bots_helpers import quick_bot

import audiospades.bots
from audiospades.rules import Card, Game, Rules, SeatView

BOTS_DIR = Path(audiospades.bots.__file__).parent


def _cards_in(value: object) -> set[Card]:
    found: set[Card] = set()
    if isinstance(value, Card):
        found.add(value)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            found |= _cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            found |= _cards_in(getattr(value, field.name))
    return found


def test_bot_modules_never_import_the_game() -> None:
    """STYLE.md 13: bots receive a SeatView and never touch Game."""
    for path in BOTS_DIR.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = {alias.name for alias in node.names}
                assert "Game" not in names, path.name
                assert node.module != "audiospades.rules.game", path.name
                assert "seat_view" not in names, path.name


def test_views_shown_to_bots_hold_no_other_seats_cards(
    driver: Callable[..., list[SeatView]],
) -> None:
    rules = Rules.open_spades()
    game = Game(rules)
    rng = random.Random(3)
    bots = [quick_bot(5 if s % 2 else 3, random.Random(s)) for s in range(4)]
    views = driver(game, bots, rng, 2, force_blind=0.5)
    assert views
    for view in views:
        assert isinstance(view, SeatView)
        for field in dataclasses.fields(view):
            value = getattr(view, field.name)
            assert not isinstance(value, Game)
        visible = _cards_in(view)
        allowed = set(view.hand) | set(view.played_cards()) | set(view.passed_out)
        allowed |= set(view.passed_in)
        # Cards of earlier hands appear in the history only as scores, never cards.
        assert visible <= allowed | _cards_in(view.completed_tricks)
        assert _cards_in(view.completed_tricks) <= set(view.played_cards())
