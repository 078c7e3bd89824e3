"""Play-test: under the C.UTF-8 locale the options say "English", not "C"."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from audiospades.app.harness import Harness
from audiospades.storage import Settings


def test_c_utf8_locale_speaks_english(
    make_harness: Callable[..., Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    h = make_harness(settings=Settings(language=None, pace="fast"))
    h.press("o", "return")
    assert h.last.endswith("Language, English, 1 of 15")
