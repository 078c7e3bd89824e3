"""Every level makes only legal choices, under every variant and table shape."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from bots_helpers import drive, quick_bot, random_rules

from audiospades.bots import RandomBot, make_level_bot
from audiospades.rules import Game, Rules, SeatView

SEEDS = range(6)


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", SEEDS)
def test_every_level_chooses_legally_under_random_rules(
    level: int, seed: int, driver: Callable[..., list[SeatView]]
) -> None:
    rng = random.Random(seed * 100 + level)
    rules = random_rules(rng)
    game = Game(rules, first_dealer=seed % rules.player_count)
    bots = [
        quick_bot(level, random.Random(seed + s)) for s in range(rules.player_count)
    ]
    hands = 2 if level <= 3 else 1
    driver(game, bots, rng, hands)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("preset", Rules.preset_names())
def test_mixed_levels_finish_hands_under_each_preset(
    players: int, preset: str, driver: Callable[..., list[SeatView]]
) -> None:
    rules = Rules.from_preset(preset, players=players)
    rng = random.Random(players)
    game = Game(rules)
    bots = [quick_bot(1 + (s % 5), random.Random(s)) for s in range(players)]
    driver(game, bots, rng, 1)
    assert game.hands_played >= 1 or game.is_over


def test_heuristic_levels_play_whole_games_with_redeals_and_blind_nil(
    driver: Callable[..., list[SeatView]],
) -> None:
    """Open Spades (seed 002) allows redeals, blind nil and two-card passing."""
    rules = Rules.open_spades()
    game = Game(rules)
    rng = random.Random(7)
    bots = [make_level_bot(3 - s % 2, random.Random(s)) for s in range(4)]
    driver(game, bots, rng, 40, force_blind=0.5)
    assert game.hands_played > 0


def test_random_bot_is_kept_as_the_floor() -> None:
    rules = Rules.pagat()
    game = Game(rules)
    rng = random.Random(1)
    drive(game, [RandomBot(random.Random(s)) for s in range(4)], rng, 1)
