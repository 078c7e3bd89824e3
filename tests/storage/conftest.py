"""Each storage test gets its own empty AUDIOSPADES_HOME and a fixed backup clock."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from audiospades.storage import safe_load

FIXED_NOW = datetime(2026, 3, 14, 15, 9, 26)
FIXED_STAMP = "20260314-150926"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh data folder that does not exist yet, as on a first start."""
    folder = tmp_path / "home"
    monkeypatch.setenv("AUDIOSPADES_HOME", str(folder))
    return folder


@pytest.fixture
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> str:
    """Freeze the time used in backup names; returns the stamp they will carry."""
    monkeypatch.setattr(safe_load, "_now", lambda: FIXED_NOW)
    return FIXED_STAMP
