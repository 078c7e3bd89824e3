"""The 18 characters (seed 001) and the match difficulty (seed 001, 2 to 14)."""

from __future__ import annotations

import random

import pytest

from audiospades.bots import (
    LEVELS,
    ROSTER,
    character,
    find_character,
    make_bot,
    make_level_bot,
    match_difficulty,
)


def test_roster_has_eighteen_characters_with_unique_ids() -> None:
    """Seed 001: "There is a list of 18 different characters to choose from"."""
    assert len(ROSTER) == 18
    assert len({c.id for c in ROSTER}) == 18
    assert all(c.id.isascii() and c.id == c.id.lower() for c in ROSTER)


def test_stars_spread_over_one_to_five_and_milly_is_weak() -> None:
    """Seed 001: "it won't be so easy to win with Milly as your partner"."""
    assert {c.stars for c in ROSTER} == {1, 2, 3, 4, 5}
    assert character("milly").stars == 1
    assert all(c.level in LEVELS for c in ROSTER)


def test_unknown_character() -> None:
    assert find_character("nobody") is None
    with pytest.raises(KeyError):
        character("nobody")


@pytest.mark.parametrize("who", [c.id for c in ROSTER])
def test_every_character_makes_a_bot(who: str) -> None:
    bot = make_bot(who, random.Random(1))
    assert hasattr(bot, "choose_play")


def test_bad_level() -> None:
    with pytest.raises(ValueError):
        make_level_bot(6, random.Random(1))


def test_hardest_match_is_fourteen() -> None:
    """Seed 001: "both opponents on 5 stars and your partner on 1 star, giving 14"."""
    assert match_difficulty(1, [5, 5]) == 14


def test_easiest_match_is_two() -> None:
    """Seed 001: "This difficulty has a range of 2 to 14 stars"."""
    assert match_difficulty(5, [1, 1]) == 2


def test_weak_partner_is_harder_and_weak_opponent_easier() -> None:
    """Seed 001: a weak partner increases it, a weak opponent reduces it."""
    assert match_difficulty(1, [3, 3]) > match_difficulty(4, [3, 3])
    assert match_difficulty(3, [1, 3]) < match_difficulty(3, [4, 3])


@pytest.mark.parametrize("partner", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("a", [1, 3, 5])
@pytest.mark.parametrize("b", [1, 2, 5])
def test_four_player_difficulty_is_seed_001_sum(partner: int, a: int, b: int) -> None:
    assert match_difficulty(partner, [a, b]) == a + b + 5 - partner


@pytest.mark.parametrize("opponents", [[1], [5, 5, 5, 5, 5], [1, 5, 3], [2, 2]])
def test_other_tables_stay_in_range(opponents: list[int]) -> None:
    for partner in (None, 1, 5):
        assert 2 <= match_difficulty(partner, opponents) <= 14
    assert match_difficulty(None, [5] * len(opponents)) == 14
    assert match_difficulty(None, [1] * len(opponents)) == 2
