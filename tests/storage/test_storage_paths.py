from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from audiospades.storage import load_current, load_settings, load_stats, paths


def test_home_override_holds_every_file(home: Path) -> None:
    assert paths.config_dir() == home
    assert paths.data_dir() == home
    assert paths.settings_path() == home / "settings.json"
    assert paths.stats_path() == home / "stats.json"
    assert paths.current_game_path() == home / "current_game.json"
    assert paths.finished_dir() == home / "finished"


def test_without_override_platformdirs_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AUDIOSPADES_HOME")
    config = Path(platformdirs.user_config_dir("audiospades", appauthor=False))
    data = Path(platformdirs.user_data_dir("audiospades", appauthor=False))
    assert paths.settings_path() == config / "settings.json"
    assert paths.stats_path() == data / "stats.json"


def test_empty_override_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUDIOSPADES_HOME", "  ")
    assert paths.home_override() is None


def test_override_expands_user(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUDIOSPADES_HOME", "~/portable")
    assert paths.data_dir() == Path.home() / "portable"


def test_loading_creates_nothing(home: Path) -> None:
    load_settings()
    load_stats()
    load_current()
    assert not home.exists()


def test_an_override_naming_no_known_home_is_not_used_and_never_raises(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``~nobody/x`` cannot be expanded: Path.expanduser raised RuntimeError from
    every path function (the commands refuse such a value at their start)."""
    monkeypatch.setenv("AUDIOSPADES_HOME", "~no-such-user-here/games")
    assert paths.unusable_home() == "~no-such-user-here/games"
    assert paths.home_override() is None
    data = Path(platformdirs.user_data_dir("audiospades", appauthor=False))
    assert paths.stats_path() == data / "stats.json"


def test_an_override_that_expands_is_usable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUDIOSPADES_HOME", "~/portable")
    assert paths.unusable_home() is None
    monkeypatch.setenv("AUDIOSPADES_HOME", "/media/stick/spades")
    assert paths.unusable_home() is None
