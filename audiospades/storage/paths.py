r"""Where the player's files live.

``AUDIOSPADES_HOME`` overrides everything (tests, portable installs on a USB stick):
then settings, statistics and saves all live directly in that folder. Otherwise
settings go to the platform's per-user configuration folder and statistics and saves
to its per-user data folder, as platformdirs defines them (``~/.config/audiospades``
and ``~/.local/share/audiospades`` on Linux, ``%LOCALAPPDATA%\audiospades`` on
Windows, ``~/Library/Application Support/audiospades`` on macOS).

These functions only compute paths, reading the environment on every call so a test
can change it; the writers create folders on demand (see `atomic.ensure_parent`), and
nothing is created just by loading.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

import platformdirs

APP_NAME: Final = "audiospades"
HOME_ENV: Final = "AUDIOSPADES_HOME"

SETTINGS_FILE: Final = "settings.json"
STATS_FILE: Final = "stats.json"
CURRENT_GAME_FILE: Final = "current_game.json"
FINISHED_DIR: Final = "finished"


def home_override() -> Path | None:
    """The folder named by ``AUDIOSPADES_HOME``, or None when it is unset or empty.

    None too when it begins with a ``~`` that names no known home folder
    (``~nobody/x``, or ``~`` with no home at all): taken literally, it would make a
    folder named ``~nobody`` wherever the game was started. The commands refuse
    to start with such a value (see `unusable_home`); anything else that asks
    gets the platform's folders, and never an exception.
    """
    value = os.environ.get(HOME_ENV, "").strip()
    if not value or unusable_home() is not None:
        return None
    return Path(os.path.expanduser(value))


def unusable_home() -> str | None:
    """``AUDIOSPADES_HOME`` if it begins with a ``~`` that cannot be expanded."""
    value = os.environ.get(HOME_ENV, "").strip()
    # os.path.expanduser leaves what it cannot expand as it was (Path.expanduser
    # raises RuntimeError instead).
    if value.startswith("~") and os.path.expanduser(value).startswith("~"):
        return value
    return None


def config_dir() -> Path:
    """The folder for settings."""
    override = home_override()
    if override is not None:
        return override
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The folder for statistics and saved games."""
    override = home_override()
    if override is not None:
        return override
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    """``settings.json`` in the configuration folder."""
    return config_dir() / SETTINGS_FILE


def stats_path() -> Path:
    """``stats.json`` in the data folder."""
    return data_dir() / STATS_FILE


def current_game_path() -> Path:
    """``current_game.json``: the game in progress, saved after every action."""
    return data_dir() / CURRENT_GAME_FILE


def finished_dir() -> Path:
    """``finished/``: one file per finished game, the newest 50 kept."""
    return data_dir() / FINISHED_DIR
