"""Start-up tidying of the player's folders.

A write killed between creating its temporary file and renaming it over the real one
(a power cut, SIGKILL) leaves a ``.NAME.XXXXXXXX.tmp`` file behind. `clean_temp_files`
removes those, and only those: the game's own temporary files, named exactly as
`atomic.atomic_write_bytes` names them, for the files the game writes in each folder.
"""

from __future__ import annotations

import logging
from pathlib import Path

from audiospades.storage import paths
from audiospades.storage.atomic import remove_temp_files
from audiospades.storage.saves import FINISHED_FILE_NAME
from audiospades.storage.tutorial import LESSON_FILE_NAME, TUTORIAL_FILE

log = logging.getLogger(__name__)


def clean_temp_files() -> int:
    """Remove killed writes' temporary files from the game's folders; how many."""
    folders: dict[Path, set[str]] = {}
    folders.setdefault(paths.config_dir(), set()).add(paths.SETTINGS_FILE)
    folders.setdefault(paths.data_dir(), set()).update(
        (paths.STATS_FILE, paths.CURRENT_GAME_FILE, TUTORIAL_FILE)
    )
    removed = sum(
        remove_temp_files(folder, frozenset(names)) for folder, names in folders.items()
    )
    removed += remove_temp_files(paths.finished_dir(), FINISHED_FILE_NAME)
    removed += remove_temp_files(paths.data_dir(), LESSON_FILE_NAME)
    if removed:
        log.info("removed %d temporary files left by interrupted writes", removed)
    return removed
