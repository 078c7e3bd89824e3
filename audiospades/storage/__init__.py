"""The player's files: settings, statistics, the game in progress, finished games.

Plain back ends with no pygame, speech or gettext. Loaders never raise: they return
defaults plus at most one `LoadProblem`; writers are atomic and return a `SaveProblem`
instead of raising on OS errors. The presenter words both.
"""

from audiospades.storage.cleanup import clean_temp_files
from audiospades.storage.problems import (
    LoadProblem,
    ProblemKind,
    SaveProblem,
    SaveProblemKind,
)
from audiospades.storage.saves import (
    FinishedGameInfo,
    SavedGame,
    clear_current,
    has_game_in_progress,
    list_finished,
    load_current,
    load_finished,
    new_game_id,
    save_current,
    save_finished,
    set_aside_current,
)
from audiospades.storage.settings import Settings, load_settings, save_settings
from audiospades.storage.stats import (
    CharacterRecord,
    GameResult,
    Outcome,
    Record,
    RecordReport,
    RecordStatus,
    Stats,
    load_stats,
    online_game_id,
    record_game,
    record_online_game,
    win_percentage,
)

__all__ = [
    "CharacterRecord",
    "FinishedGameInfo",
    "GameResult",
    "LoadProblem",
    "Outcome",
    "ProblemKind",
    "Record",
    "RecordReport",
    "RecordStatus",
    "SaveProblem",
    "SaveProblemKind",
    "SavedGame",
    "Settings",
    "Stats",
    "clean_temp_files",
    "clear_current",
    "has_game_in_progress",
    "list_finished",
    "load_current",
    "load_finished",
    "load_settings",
    "load_stats",
    "new_game_id",
    "online_game_id",
    "record_game",
    "record_online_game",
    "save_current",
    "save_finished",
    "save_settings",
    "set_aside_current",
    "win_percentage",
]
