"""Fixtures for driving the real loop headless."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from audiospades import i18n
from audiospades.app.harness import Harness
from audiospades.storage import Settings

SMALL_RULES = {"preset": "pagat", "target_score": None, "hand_limit": 1}


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each test gets its own settings, saves and statistics."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("AUDIOSPADES_HOME", str(home))
    yield home
    i18n.set_language("en")


@pytest.fixture
def make_harness() -> Callable[..., Harness]:
    """Build a harness with fast, English, one-hand settings unless told otherwise."""

    def build(**kwargs: object) -> Harness:
        settings = kwargs.pop("settings", None) or Settings(
            language="en", pace="fast", last_rules=dict(SMALL_RULES)
        )
        return Harness(settings=settings, **kwargs)  # type: ignore[arg-type]

    return build
