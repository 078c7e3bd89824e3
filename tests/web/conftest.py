"""The browser tests: marked ``browser`` (few, each bounded in time)."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Register the marker."""
    config.addinivalue_line(
        "markers", "browser: drives Debian's Chromium against a real server"
    )
