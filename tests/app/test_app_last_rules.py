"""The player's last rules come back from the settings through ``Rules.from_dict``."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest

from audiospades.app.games import rules_from_settings
from audiospades.app.harness import Harness
from audiospades.rules import Rules
from audiospades.storage import Settings


def test_saved_rules_of_the_right_types_come_back(
    make_harness: Callable[..., Harness],
) -> None:
    rules = Rules.from_dict(
        {"preset": "seed_001", "target_score": 300}, players=5, partnerships=False
    )
    data = rules.to_dict()
    data["player_count"] = rules.player_count
    data["partnerships"] = rules.partnerships
    harness = make_harness(settings=Settings(language="en", last_rules=data))
    assert rules_from_settings(harness.services) == rules


@pytest.mark.parametrize(
    "last_rules",
    [
        {"preset": "seed_001", "partnerships": "no"},
        {"preset": "seed_001", "no_hell": 1},
        {"preset": "seed_001", "target_score": 300.0},
    ],
)
def test_saved_rules_of_the_wrong_types_fall_back_to_pagat_with_a_warning(
    make_harness: Callable[..., Harness],
    caplog: pytest.LogCaptureFixture,
    last_rules: dict[str, object],
) -> None:
    """A hand-edited settings file is not read loosely ("no" is not true)."""
    harness = make_harness(settings=Settings(language="en", last_rules=last_rules))
    with caplog.at_level(logging.WARNING):
        assert rules_from_settings(harness.services) == Rules.pagat()
    assert "last rules unusable" in caplog.text
