from __future__ import annotations

import dataclasses
import json
import logging
import os
from pathlib import Path

import pytest

from audiospades.storage import (
    ProblemKind,
    Settings,
    load_settings,
    paths,
    save_settings,
)
from audiospades.storage.settings import (
    SPEECH_VOLUME_MIN,
    parse_settings,
    saved_language,
    settings_from_dict,
    settings_to_dict,
)

CUSTOM = Settings(
    language="pt_BR",
    speech_mode="tts",
    speech_rate=175,
    speech_volume=60,
    cue_volume=0,
    verbosity="brief",
    pace="fast",
    wait_after_trick=True,
    theme="light",
    text_scale=2.5,
    fullscreen=True,
    key_overrides={"F5": "repeat_last", "ctrl+r": "read_scores"},
    last_rules={"preset": "pagat", "nil": True, "winning_score": 300},
    last_players=["ada", "bo", "cy"],
    hints_enabled=False,
    server_address="wss://cards.example.org:9000",
    player_name="Zoë",
    chat_speech=False,
)


def _write(data: object) -> Path:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_first_start_gives_defaults() -> None:
    assert load_settings() == (Settings(), None)


def test_defaults_are_the_documented_ones() -> None:
    s = Settings()
    assert (s.language, s.speech_mode, s.speech_rate, s.speech_volume) == (
        None,
        "auto",
        100,
        100,
    )
    assert (s.cue_volume, s.verbosity, s.pace, s.wait_after_trick) == (
        80,
        "full",
        "normal",
        False,
    )
    assert (s.theme, s.text_scale, s.fullscreen, s.hints_enabled) == (
        "dark",
        1.0,
        False,
        True,
    )
    assert (s.key_overrides, s.last_rules, s.last_players) == ({}, {}, [])
    assert (s.server_address, s.player_name, s.chat_speech) == (
        "ws://127.0.0.1:8475",
        "",
        True,
    )


@pytest.mark.parametrize("settings", [Settings(), CUSTOM], ids=["defaults", "custom"])
def test_round_trip(settings: Settings) -> None:
    assert save_settings(settings) is None
    assert load_settings() == (settings, None)


def test_file_is_human_readable() -> None:
    save_settings(CUSTOM)
    text = paths.settings_path().read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["version"] == 1
    assert list(data) == sorted(data)
    assert '\n  "cue_volume": 0,\n' in text
    assert text.endswith("}\n")


def test_non_ascii_is_written_as_is() -> None:
    save_settings(Settings(key_overrides={"é": "commande"}))
    assert '"é": "commande"' in paths.settings_path().read_text(encoding="utf-8")


def test_saving_does_not_alias_caller_data() -> None:
    overrides = {"F1": "help"}
    settings = Settings(key_overrides=overrides)
    data = settings_to_dict(settings)
    overrides["F2"] = "quit"
    assert data["key_overrides"] == {"F1": "help"}


def test_unknown_key_is_kept_aside_and_named_once(fixed_clock: str) -> None:
    """Issue 13, item 4: a hand-edited ``key_overide`` typo is not silently lost."""
    path = _write(
        {"version": 1, "speech_rate": 120, "key_overide": {"F5": "repeat_last"}}
    )
    original = path.read_bytes()
    settings, problem = load_settings()
    assert settings == Settings(speech_rate=120)
    assert problem is not None
    assert problem.kind is ProblemKind.PARTLY_USED
    assert problem.ignored == ("key_overide",)
    assert problem.backup == path.with_name(f"settings.json.broken-{fixed_clock}")
    assert problem.backup.read_bytes() == original
    # The file now holds what was understood, so the next start is quiet.
    assert load_settings() == (Settings(speech_rate=120), None)
    assert problem.backup.read_bytes() == original


def test_wrong_values_fall_back_field_by_field(
    caplog: pytest.LogCaptureFixture,
) -> None:
    path = _write(
        {
            "version": 1,
            "language": 7,
            "speech_rate": "fast",
            "speech_volume": 101,
            "cue_volume": True,
            "verbosity": "chatty",
            "pace": "slow",
            "wait_after_trick": "yes",
            "theme": "light",
            "text_scale": None,
            "fullscreen": 1,
            "key_overrides": ["F1"],
            "last_rules": "pagat",
            "last_players": ["ada", 3, None, "bo"],
            "hints_enabled": False,
        }
    )
    original = path.read_bytes()
    settings, problem = load_settings()
    assert settings == Settings(
        pace="slow", theme="light", last_players=["ada", "bo"], hints_enabled=False
    )
    assert problem is not None
    assert problem.kind is ProblemKind.PARTLY_USED
    assert problem.ignored == (
        "cue_volume",
        "fullscreen",
        "key_overrides",
        "language",
        "last_players",
        "last_rules",
        "speech_rate",
        "speech_volume",
        "text_scale",
        "verbosity",
        "wait_after_trick",
    )
    assert problem.backup is not None
    assert problem.backup.read_bytes() == original
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    for name in ("language", "speech_rate", "verbosity", "last_players"):
        assert name in warnings[0].getMessage()
    assert paths.settings_path().exists()


def test_bad_table_entries_are_named_one_by_one() -> None:
    _write({"version": 1, "key_overrides": {"F1": "help", "F2": 2, "F3": None}})
    settings, problem = load_settings()
    assert settings.key_overrides == {"F1": "help"}
    assert problem is not None
    assert problem.ignored == ("key_overrides F2", "key_overrides F3")


def test_when_the_original_cannot_be_kept_the_file_is_not_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = _write({"version": 1, "key_overide": {}})
    original = path.read_bytes()

    real_open = os.open

    def open_read_only(file: str, flags: int, *args: object, **kwargs: object) -> int:
        if flags & os.O_CREAT:
            raise OSError(30, "Read-only file system")
        return real_open(file, flags, *args, **kwargs)  # type: ignore[arg-type]

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(30, "Read-only file system")

    with monkeypatch.context() as patch:
        patch.setattr(os, "open", open_read_only)
        for name in ("replace", "link", "rename"):
            patch.setattr(os, name, refuse)
        for _ in range(2):
            settings, problem = load_settings()
            assert settings == Settings()
            assert problem is not None
            assert problem.kind is ProblemKind.PARTLY_USED
            assert problem.backup is None
            assert problem.ignored == ("key_overide",)
    assert path.read_bytes() == original


@pytest.mark.parametrize(
    "language",
    ["../../x", "/etc", "fr/../../x", "zz", "fr_FR.UTF-8", "en\\..", "x" * 64, ""],
)
def test_only_known_language_codes_are_accepted(language: str) -> None:
    """Issue 13, item 12: the language setting was used as a path."""
    _write({"version": 1, "language": language})
    settings, problem = load_settings()
    assert settings.language is None
    assert problem is not None
    assert problem.ignored == ("language",)


@pytest.mark.parametrize("language", ["fr", "pt", "pt_BR", "en", "de_CH"])
def test_shipped_languages_and_their_regions_are_kept(language: str) -> None:
    _write({"version": 1, "language": language})
    assert load_settings() == (Settings(language=language), None)


@pytest.mark.parametrize(
    "rules",
    [
        {"preset": "pagat", "target_score": 10**30},
        {"preset": "pagat", "mercy_score": -(10**400)},
        {"preset": "pagat", "hand_limit": 1e308},
        {"preset": "pagat", "nil_value": float("inf")},
        {"preset": "x" * 1000},
        {"preset": "pagat", "names": {"deep": [1, 2]}},
    ],
)
def test_absurd_last_rules_fall_back_with_a_message(rules: dict[str, object]) -> None:
    """Issue 13, item 6: "a target_score of 10^30 is accepted and gives an endless
    game". Every number read from the file is bounded."""
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"version": 1, "last_rules": rules, "speech_rate": 90})
    path.write_text(text.replace("Infinity", "1e999"))
    settings, problem = load_settings()
    assert settings == Settings(speech_rate=90)
    assert problem is not None
    assert problem.ignored == ("last_rules",)


def test_sensible_last_rules_are_kept() -> None:
    rules = {
        "preset": "seed_004",
        "player_count": 6,
        "partnerships": False,
        "target_score": 2000,
        "mercy_score": -500,
        "hand_limit": None,
        "trump_mode": "jokers",
    }
    _write({"version": 1, "last_rules": rules})
    assert load_settings() == (Settings(last_rules=rules), None)


def test_key_overrides_keep_their_good_entries() -> None:
    settings = settings_from_dict(
        {"version": 1, "key_overrides": {"F1": "help", "F2": 2, "F3": None}}
    )
    assert settings.key_overrides == {"F1": "help"}


@pytest.mark.parametrize(
    ("field", "raw", "expected"),
    [
        ("speech_rate", 120.0, 120),
        ("speech_rate", 120.5, 100),
        ("speech_rate", False, 100),
        ("speech_rate", 5, 100),
        ("text_scale", 2, 2.0),
        ("text_scale", 0.1, 1.0),
        ("text_scale", float("nan"), 1.0),
        ("text_scale", float("inf"), 1.0),
        ("language", None, None),
        ("language", "", None),
        ("speech_mode", "", "auto"),
    ],
)
def test_numbers_and_text_are_checked(
    field: str, raw: object, expected: object
) -> None:
    settings = settings_from_dict({"version": 1, field: raw})
    assert getattr(settings, field) == expected
    assert type(getattr(settings, field)) is type(expected)


def test_nan_in_file_falls_back() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"version": 1, "text_scale": NaN, "speech_rate": 90}')
    settings, problem = load_settings()
    assert problem is not None
    assert problem.ignored == ("text_scale",)
    assert settings == Settings(speech_rate=90)


@pytest.mark.parametrize("saved", [0, 5, 0.0])
def test_a_saved_silent_speech_volume_loads_at_the_floor(saved: object) -> None:
    """Options once allowed 0, which silenced the game's voice at every start."""
    _write({"version": 1, "speech_volume": saved, "cue_volume": 0})
    settings, problem = load_settings()
    assert problem is None  # the game wrote it: not a broken file
    assert settings.speech_volume == SPEECH_VOLUME_MIN == 10
    assert settings.cue_volume == 0  # no cues is a choice the game allows


def test_speech_volumes_above_the_floor_load_as_saved() -> None:
    _write({"version": 1, "speech_volume": 10})
    assert load_settings() == (Settings(speech_volume=10), None)
    _write({"version": 1, "speech_volume": 30})
    assert load_settings() == (Settings(speech_volume=30), None)


def test_settings_are_changed_with_replace() -> None:
    changed = dataclasses.replace(Settings(), theme="light")
    assert changed.theme == "light"
    with pytest.raises(dataclasses.FrozenInstanceError):
        changed.theme = "dark"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("field", "raw", "expected"),
    [
        ("server_address", "ws://10.0.0.2:8475", "ws://10.0.0.2:8475"),
        ("server_address", "wss://cards.example.org", "wss://cards.example.org"),
        ("server_address", "http://cards.example.org", "ws://127.0.0.1:8475"),
        ("server_address", "ws://", "ws://127.0.0.1:8475"),
        ("server_address", "ws://a b", "ws://127.0.0.1:8475"),
        ("server_address", "ws://" + "x" * 300, "ws://127.0.0.1:8475"),
        ("server_address", 8475, "ws://127.0.0.1:8475"),
        ("player_name", "Ann", "Ann"),
        ("player_name", "", ""),
        ("player_name", "   ", ""),
        ("player_name", "a\nb", ""),
        ("player_name", "x" * 25, ""),
        ("player_name", None, ""),
        ("chat_speech", False, False),
        ("chat_speech", "no", True),
        ("chat_speech", 0, True),
    ],
)
def test_online_settings_are_checked(field: str, raw: object, expected: object) -> None:
    settings, ignored = parse_settings({"version": 1, field: raw})
    assert getattr(settings, field) == expected
    assert ignored == (() if raw == expected else (field,))


# --- the saved language, looked at by a command that changes nothing ----------------
def test_saved_language_reads_the_player_s_choice() -> None:
    save_settings(dataclasses.replace(Settings(), language="de"))
    assert saved_language() == "de"
    save_settings(Settings())
    assert saved_language() is None  # follows the system


def test_saved_language_of_a_partly_understood_file_leaves_it_as_it_is() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = '{"version": 1, "language": "fr", "key_overide": {}}'
    path.write_text(text)
    assert saved_language() == "fr"
    assert path.read_text() == text
    assert [p.name for p in path.parent.iterdir()] == [path.name]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{not json",
        "[]",
        '{"version": 2, "language": "fr"}',
        '{"language": "fr"}',
        '{"version": 1, "language": "../../fr"}',
        '{"version": 1, "language": ["fr"]}',
    ],
)
def test_saved_language_of_a_bad_file_is_none_and_the_file_is_left_alone(
    text: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Unlike `load_settings`: not moved aside, nothing logged to warn of it; the
    game does that, and tells the player, at its next start."""
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    assert saved_language() is None
    assert path.read_text() == text
    assert [p.name for p in path.parent.iterdir()] == [path.name]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_saved_language_without_a_file_is_none() -> None:
    assert saved_language() is None
    assert not paths.settings_path().exists()


def test_a_character_escaped_as_a_whole_utf16_pair_is_read() -> None:
    """Only half a pair is damage: an escaped emoji (another program's JSON) is a
    name like any other."""
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"version": 1, "player_name": "Ann \\ud83d\\ude00"}')
    settings, problem = load_settings()
    assert problem is None
    assert settings.player_name == "Ann \U0001f600"
