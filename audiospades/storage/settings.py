"""The player's settings, kept in a human-readable ``settings.json``.

The file is indented JSON with sorted keys, so a player (or a sighted helper) can edit
it with any text editor. Loading forgives as much as it can: a value of the wrong type
or out of range falls back to that one field's default (a table keeps its good
entries), and an unknown key (a misspelt ``key_overide``) is not used. Nothing is
silently dropped, though: the file as read is kept as ``settings.json.broken-...``,
the problem names every key or entry left unused, and the file is rewritten with what
was understood, so the player hears of it once. A file that is not JSON at all, or
of another version, is moved aside whole (see `safe_load`).

Every value is bounded: a language is one of the shipped languages' codes (it names
a catalogue folder), and the opaque ``last_rules`` may hold only short names, flags
and whole numbers within `RULE_NUMBER_LIMIT` (a target score of 10^30 would make a
game that never ends).
"""

from __future__ import annotations

import dataclasses
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from audiospades.languages import is_known_language
from audiospades.storage import paths
from audiospades.storage.atomic import try_write_json
from audiospades.storage.problems import LoadProblem, SaveProblem
from audiospades.storage.safe_load import (
    partly_used,
    peek_json_object,
    read_json_object,
)

log = logging.getLogger(__name__)

SETTINGS_VERSION: Final = 1

VERBOSITIES: Final = ("full", "brief")
PACES: Final = ("slow", "normal", "fast")
THEMES: Final = ("dark", "light")
VOICES: Final = ("", "m1", "m2", "m3", "m4", "m7", "f1", "f2", "f3", "f4")
"""The built-in voice's variants: espeak-ng's standard male and female voices."""
PERCENT_RANGE: Final = (0, 100)
SPEECH_VOLUME_MIN: Final = 10
"""The quietest the game's own voice can be set or loaded: never silent, since a
blind player who silenced it by a stray arrow could not hear the way back (no
speech at all is ``speech_mode`` "silent", chosen on purpose). A saved volume
below it, as older versions allowed, loads as this floor."""
SPEECH_RATE_RANGE: Final = (10, 400)
TEXT_SCALE_RANGE: Final = (0.5, 4.0)
RULE_NUMBER_LIMIT: Final = 10_000
"""No rule option is sensibly beyond this either way (the largest target is 2000)."""
MAX_NAME_LENGTH: Final = 64
"""Of any key, name or word in the file: a key name, a command, a character id."""
MAX_TABLE_ENTRIES: Final = 500
DEFAULT_SERVER: Final = "ws://127.0.0.1:8475"
"""The table server ``audiospades serve`` runs by default (its port is 8475)."""
MAX_ADDRESS_LENGTH: Final = 200
MAX_PLAYER_NAME_LENGTH: Final = 24
"""As long as a server accepts (``net.protocol.MAX_NAME_LENGTH``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """Everything the player chose, with the defaults of a first start.

    Change a setting with ``dataclasses.replace(settings, speech_rate=120)``.
    """

    language: str | None = None
    """A shipped language's code such as ``"fr"``, perhaps with a region (``"pt_BR"``);
    None follows the system locale."""
    speech_mode: str = "auto"
    """Which speech back end to use; "auto" lets the speech package choose."""
    speech_rate: int = 100
    """Percent of the back end's normal rate."""
    speech_volume: int = 100
    """Percent, `SPEECH_VOLUME_MIN` to 100."""
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
    server_address: str = DEFAULT_SERVER
    """The table server last joined: ``ws://`` or ``wss://``, a host and a port."""
    player_name: str = ""
    """The name last given for online play (empty: not asked yet)."""
    chat_speech: bool = True
    """Whether other players' chat is spoken (its cue and the message history stay;
    one's own line, sent back by the server, is always said)."""
    voice: str = ""
    """The built-in voice's variant (one of `VOICES`); empty: the language's own."""
    braille: bool = True
    """Whether announcements also go to a braille display (BrlAPI, or the screen
    reader's braille on Windows)."""
    tutorial_offered: bool = False
    """Whether "Learn to play" was offered at start-up (it is, once)."""


def load_settings() -> tuple[Settings, LoadProblem | None]:
    """Read ``settings.json``; defaults (perhaps with a problem) if missing or bad.

    A file only partly understood gives the settings understood and a
    `ProblemKind.PARTLY_USED` problem (see the module docstring).
    """
    path = paths.settings_path()
    loaded, problem = read_json_object(path, version=SETTINGS_VERSION)
    if loaded is None:
        return Settings(), problem
    settings, ignored = parse_settings(loaded.value)
    if not ignored:
        return settings, None
    problem, kept = partly_used(path, loaded.raw, ignored)
    if kept:
        # The original is safe beside it: now hold only what is used, so the next
        # start is quiet. A failed write is logged, and simply said again next time.
        try_write_json(path, settings_to_dict(settings), pretty=True)
    return settings, problem


def saved_language() -> str | None:
    """The language saved in ``settings.json``, read without changing anything.

    None when the file is missing, cannot be read or used, or follows the system.
    For a command that only looks (``audiospades replay``): unlike `load_settings`,
    a bad file is not moved aside, rewritten or reported; the game does that, and
    tells the player, at its next start.
    """
    data = peek_json_object(paths.settings_path(), version=SETTINGS_VERSION)
    if data is None:
        return None
    settings, _ignored = parse_settings(data)
    return settings.language


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
    settings, ignored = parse_settings(data)
    if ignored:
        log.warning("settings partly unusable, not used: %s", ", ".join(ignored))
    return settings


def parse_settings(data: dict[str, object]) -> tuple[Settings, tuple[str, ...]]:
    """`Settings` from a loaded object, and the keys or entries not used, sorted."""
    ignored = [entry_name(k) for k in data if k not in _CHECKS and k != "version"]
    values: dict[str, object] = {}
    for name, check in _CHECKS.items():
        if name not in data:
            continue
        value, bad = check(data[name])
        if value is not _UNUSABLE:
            values[name] = value
        ignored += [name] if bad is None else [f"{name} {entry_name(b)}" for b in bad]
    return Settings(**values), tuple(sorted(ignored))  # type: ignore[arg-type]


def entry_name(key: object) -> str:
    r"""A key from the file, fit to be spoken: printable and at most 40 characters.

    >>> entry_name("key_overide"), entry_name("a\nb"), len(entry_name("x" * 99))
    ('key_overide', 'a?b', 40)
    """
    text = "".join(c if c.isprintable() else "?" for c in str(key))
    return text if len(text) <= 40 else text[:39] + "…"


_UNUSABLE: Final = object()
_Check = Callable[[object], tuple[object, list[str] | None]]
"""Returns the value to use (or `_UNUSABLE`), and what was not used: None for the
whole field, else the keys of the entries left out (empty when all was used)."""


def _all_or_nothing(ok: bool, value: object) -> tuple[object, list[str] | None]:
    return (value, []) if ok else (_UNUSABLE, None)


def _choice(options: tuple[str, ...]) -> _Check:
    return lambda v: _all_or_nothing(isinstance(v, str) and v in options, v)


def _integer(low: int, high: int, *, floor: int | None = None) -> _Check:
    """Whole numbers from `low` to `high`; those below `floor` are raised to it."""

    def check(v: object) -> tuple[object, list[str] | None]:
        # A hand edit may well say 100.0; bool is an int in Python but not here.
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
            return _UNUSABLE, None
        return (v if floor is None else max(floor, v)), []

    return check


def _number(low: float, high: float) -> _Check:
    def check(v: object) -> tuple[object, list[str] | None]:
        if isinstance(v, bool) or not isinstance(v, int | float):
            return _UNUSABLE, None
        try:
            ok = math.isfinite(v) and low <= v <= high
        except OverflowError:  # an integer too large for a float
            ok = False
        return _all_or_nothing(ok, float(v) if ok else v)

    return check


def _boolean(v: object) -> tuple[object, list[str] | None]:
    return _all_or_nothing(isinstance(v, bool), v)


def _is_name(v: object) -> bool:
    return isinstance(v, str) and 0 < len(v) <= MAX_NAME_LENGTH


def _text(v: object) -> tuple[object, list[str] | None]:
    return _all_or_nothing(_is_name(v), v)


def is_server_address(v: object) -> bool:
    """Whether ``v`` is a ``ws://`` or ``wss://`` address of sane length.

    >>> is_server_address("ws://127.0.0.1:8475"), is_server_address("http://x")
    (True, False)
    """
    return (
        isinstance(v, str)
        and len(v) <= MAX_ADDRESS_LENGTH
        and v.isprintable()
        and not any(c.isspace() for c in v)
        and (v.startswith("ws://") or v.startswith("wss://"))
        and len(v.split("://", 1)[1]) > 0
    )


def is_player_name(v: object) -> bool:
    r"""Whether ``v`` can be a player's name: printable, at most 24 characters.

    The empty name means none was given yet.

    >>> is_player_name("Ann"), is_player_name("a\nb"), is_player_name("x" * 25)
    (True, False, False)
    """
    return (
        isinstance(v, str)
        and len(v) <= MAX_PLAYER_NAME_LENGTH
        and (v == "" or (v.isprintable() and bool(v.strip())))
    )


def _address(v: object) -> tuple[object, list[str] | None]:
    return _all_or_nothing(is_server_address(v), v)


def _player_name(v: object) -> tuple[object, list[str] | None]:
    return _all_or_nothing(is_player_name(v), v)


def _language(v: object) -> tuple[object, list[str] | None]:
    # Only a shipped language's code: the value names a folder under locale/.
    return _all_or_nothing(v is None or is_known_language(v), v)


def _str_dict(v: object) -> tuple[object, list[str] | None]:
    # Keep the good entries of a hand-edited table rather than losing all of it.
    if not isinstance(v, dict) or len(v) > MAX_TABLE_ENTRIES:
        return _UNUSABLE, None
    good = {k: c for k, c in v.items() if _is_name(k) and _is_name(c)}
    return good, sorted(str(k) for k in v if k not in good)


def _rules_dict(v: object) -> tuple[object, list[str] | None]:
    # Opaque to storage, but bounded: names, flags and sensible whole numbers only.
    # A rules table is all or nothing: half of one would be a different game.
    if not isinstance(v, dict) or len(v) > MAX_TABLE_ENTRIES:
        return _UNUSABLE, None
    return _all_or_nothing(
        all(_is_name(k) and _is_rule_value(x) for k, x in v.items()), v
    )


def _is_rule_value(x: object) -> bool:
    if x is None or isinstance(x, bool):
        return True
    if isinstance(x, int):
        return -RULE_NUMBER_LIMIT <= x <= RULE_NUMBER_LIMIT
    return _is_name(x)


def _str_list(v: object) -> tuple[object, list[str] | None]:
    if not isinstance(v, list) or len(v) > MAX_TABLE_ENTRIES:
        return _UNUSABLE, None
    good = [s for s in v if _is_name(s)]
    return good, ([] if len(good) == len(v) else None)


_CHECKS: Final[dict[str, _Check]] = {
    "language": _language,
    "speech_mode": _text,
    "speech_rate": _integer(*SPEECH_RATE_RANGE),
    "speech_volume": _integer(*PERCENT_RANGE, floor=SPEECH_VOLUME_MIN),
    "cue_volume": _integer(*PERCENT_RANGE),
    "verbosity": _choice(VERBOSITIES),
    "pace": _choice(PACES),
    "wait_after_trick": _boolean,
    "theme": _choice(THEMES),
    "text_scale": _number(*TEXT_SCALE_RANGE),
    "fullscreen": _boolean,
    "key_overrides": _str_dict,
    "last_rules": _rules_dict,
    "last_players": _str_list,
    "hints_enabled": _boolean,
    "server_address": _address,
    "player_name": _player_name,
    "chat_speech": _boolean,
    "voice": _choice(VOICES),
    "braille": _boolean,
    "tutorial_offered": _boolean,
}


def _copy(value: object) -> object:
    """A shallow copy of dicts and lists, so saving never aliases the caller's data."""
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list):
        return list(value)
    return value
