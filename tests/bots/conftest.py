"""Fixtures for the bot tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from bots_helpers import drive

from audiospades.rules import SeatView


@pytest.fixture
def driver() -> Callable[..., list[SeatView]]:
    """The protocol-order driver of bots_helpers."""
    return drive
