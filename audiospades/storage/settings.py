"""The player's settings, kept in a human-readable ``settings.json``.

The file is indented JSON with sorted keys, so a player (or a sighted helper) can edit
it with any text editor. Loading forgives as much as it can: unknown keys are ignored,
and a value of the wrong type or out of range falls back to that one field's default,
with one WARNING naming every such field (a table keeps its good entries). Only a file
that is not JSON at all, or of another version, is moved aside (see `safe_load`).
"""

from __future__ import annotations

import dataclasses
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from audiospades.storage import paths
from audiospades.storage.atomic import try_write_json
from audiospades.storage.problems import LoadProblem, SaveProblem
from audiospades.storage.safe_load import load_json_object

log = logging.getLogger(__name__)

SETTINGS_VERSION: Final = 1

VERBOSITIES: Final = ("full", "brief")
PACES: Final = ("slow", "normal", "fast")
THEMES: Final = ("dark", "light")
PERCENT_RANGE: Final = (0, 100)
SPEECH_RATE_RANGE: Final = (10, 400)
TEXT_SCALE_RANGE: Final = (0.5, 4.0)


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """Everything the player chose, with the defaults of a first start.

    Change a setting with ``dataclasses.replace(settings, speech_rate=120)``.
    """

    language: str | None = None
    """A locale name such as ``"fr"`` or ``"pt_BR"``; None follows the system locale."""
    speech_mode: str = "auto"
    """Which speech back end to use; "auto" lets the speech package choose."""
    speech_rate: int = 100
    """Percent of the back end's normal rate."""
    speech_volume: int = 100
    """Percent."""
    cue_volume: int = 80
    """Percent, for the sound cues."""
    verbosity: str = "full"
    """One of `VERBOSITIES`."""
    pace: str = "normal"
    """How quickly the computer players act; one of `PACES`."""
    wait_after_trick: bool = False
    """Wait for a key press after each trick before it is gathered."""
    theme: str = "dark"
    """One of `THEMES`, for the low-vision picture."""
    text_scale: float = 1.0
    """Multiplier for on-screen text, within `TEXT_SCALE_RANGE`."""
    fullscreen: bool = False
    key_overrides: dict[str, str] = field(default_factory=dict)
    """Key name to command name, layered over the keymap's table."""
    last_rules: dict[str, object] = field(default_factory=dict)
    """The rules preset and option overrides last played; opaque to storage."""
    last_players: list[str] = field(default_factory=list)
    """Character ids last played with; opaque to storage."""
    hints_enabled: bool = True


def load_settings() -> tuple[Settings, LoadProblem | None]:
    """Read ``settings.json``; defaults (perhaps with a problem) if missing or bad."""
    obj, problem = load_json_object(paths.settings_path(), version=SETTINGS_VERSION)
    if obj is None:
        return Settings(), problem
    return settings_from_dict(obj), None


def save_settings(settings: Settings) -> SaveProblem | None:
    """Write ``settings.json`` atomically; a problem instead of raising on OS errors."""
    return try_write_json(
        paths.settings_path(), settings_to_dict(settings), pretty=True
    )


def settings_to_dict(settings: Settings) -> dict[str, object]:
    """The JSON object stored for `settings`, ``"version"`` included."""
    data: dict[str, object] = {"version": SETTINGS_VERSION}
    for f in dataclasses.fields(Settings):
        data[f.name] = _copy(getattr(settings, f.name))
    return data


def settings_from_dict(data: dict[str, object]) -> Settings:
    """Build `Settings` from a loaded object, keeping every value that is usable."""
    known = {f.name for f in dataclasses.fields(Settings)}
    unknown = sorted(k for k in data if k not in known and k != "version")
    if unknown:
        log.info("ignoring unknown settings: %s", ", ".join(unknown))
    values: dict[str, object] = {}
    damaged: list[str] = []
    for name, check in _CHECKS.items():
        if name not in data:
            continue
        value, is_whole = check(data[name])
        if value is not _UNUSABLE:
            values[name] = value
        if not is_whole:
            damaged.append(name)
    if damaged:
        # One WARNING for the whole file, however many fields a hand edit broke.
        log.warning(
            "settings partly unusable, defaults kept for: %s", ", ".join(damaged)
        )
    return Settings(**values)  # type: ignore[arg-type]


_UNUSABLE: Final = object()
_Check = Callable[[object], tuple[object, bool]]
"""Returns the value to use (or `_UNUSABLE`) and whether all of it was usable."""


def _all_or_nothing(ok: bool, value: object) -> tuple[object, bool]:
    return (value, True) if ok else (_UNUSABLE, False)


def _choice(options: tuple[str, ...]) -> _Check:
    return lambda v: _all_or_nothing(isinstance(v, str) and v in options, v)


def _integer(low: int, high: int) -> _Check:
    def check(v: object) -> tuple[object, bool]:
        # A hand edit may well say 100.0; bool is an int in Python but not here.
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        ok = isinstance(v, int) and not isinstance(v, bool) and low <= v <= high
        return _all_or_nothing(ok, v)

    return check


def _number(low: float, high: float) -> _Check:
    def check(v: object) -> tuple[object, bool]:
        if isinstance(v, bool) or not isinstance(v, int | float):
            return _UNUSABLE, False
        return _all_or_nothing(math.isfinite(v) and low <= v <= high, float(v))

    return check


def _boolean(v: object) -> tuple[object, bool]:
    return _all_or_nothing(isinstance(v, bool), v)


def _text(v: object) -> tuple[object, bool]:
    return _all_or_nothing(isinstance(v, str) and bool(v), v)


def _language(v: object) -> tuple[object, bool]:
    return _all_or_nothing(v is None or (isinstance(v, str) and 0 < len(v) <= 64), v)


def _str_dict(v: object) -> tuple[object, bool]:
    # Keep the good entries of a hand-edited table rather than losing all of it.
    if not isinstance(v, dict):
        return _UNUSABLE, False
    good = {k: c for k, c in v.items() if isinstance(k, str) and isinstance(c, str)}
    return good, len(good) == len(v)


def _object_dict(v: object) -> tuple[object, bool]:
    return _all_or_nothing(isinstance(v, dict), v)


def _str_list(v: object) -> tuple[object, bool]:
    if not isinstance(v, list):
        return _UNUSABLE, False
    good = [s for s in v if isinstance(s, str)]
    return good, len(good) == len(v)


_CHECKS: Final[dict[str, _Check]] = {
    "language": _language,
    "speech_mode": _text,
    "speech_rate": _integer(*SPEECH_RATE_RANGE),
    "speech_volume": _integer(*PERCENT_RANGE),
    "cue_volume": _integer(*PERCENT_RANGE),
    "verbosity": _choice(VERBOSITIES),
    "pace": _choice(PACES),
    "wait_after_trick": _boolean,
    "theme": _choice(THEMES),
    "text_scale": _number(*TEXT_SCALE_RANGE),
    "fullscreen": _boolean,
    "key_overrides": _str_dict,
    "last_rules": _object_dict,
    "last_players": _str_list,
    "hints_enabled": _boolean,
}


def _copy(value: object) -> object:
    """A shallow copy of dicts and lists, so saving never aliases the caller's data."""
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list):
        return list(value)
    return value
