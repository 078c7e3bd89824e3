"""The record tests word in English unless a test says otherwise."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _system_speaks_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """``audiospades replay`` follows the system's language when the player chose
    none: the tests must not depend on the machine's."""
    monkeypatch.setenv("LANGUAGE", "en")
