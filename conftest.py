"""Test-wide set-up: headless SDL, an isolated home, and no ERROR log left unnoticed."""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Iterator

import pytest

# Headless everywhere: no window, no sound card, no screen reader, no user files.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["AUDIOSPADES_HOME"] = tempfile.mkdtemp(prefix="audiospades-test-home-")


def pytest_configure(config: pytest.Config) -> None:
    """Register the markers this suite uses."""
    config.addinivalue_line(
        "markers", "allow_error_log: the test expects ERROR log records"
    )


@pytest.fixture(autouse=True)
def _fail_on_error_log(
    request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture
) -> Iterator[None]:
    """Fail any test that logged at ERROR or above, as python-chess's suite does."""
    caplog.set_level(logging.WARNING)
    yield
    if request.node.get_closest_marker("allow_error_log"):
        return
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    if errors:
        pytest.fail("ERROR log records: " + "; ".join(r.getMessage() for r in errors))
