"""``audiospades replay`` words its text and its error line in the player's language.

Blind players check their own saved games with it: the words are the game's, in
``--language``, or the language of the player's settings, or the one the game would
choose at its start. The JSON stays the spec's, in no language.
"""

from __future__ import annotations

import dataclasses
import gettext
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from record_helpers import play_random_game, suits_deal_record

from audiospades import i18n
from audiospades.record import game_to_record
from audiospades.replay import main as replay_main
from audiospades.rules import Rules
from audiospades.storage import paths

NAMES = ["South", "West", "North", "East"]
ROOT = Path(__file__).resolve().parents[2]


class Marked(gettext.NullTranslations):
    """A catalogue that marks every message it is asked for: «...»."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"


@pytest.fixture
def marked_german(monkeypatch: pytest.MonkeyPatch) -> None:
    """German is the marking catalogue, for as long as the test runs."""
    monkeypatch.setitem(i18n._catalogues, "de", Marked())


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("AUDIOSPADES_HOME", str(folder))
    return folder


def _write(tmp_path: Path, record: Any, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def _replay(
    capsys: pytest.CaptureFixture[str], path: Path, *args: str
) -> tuple[int, str, str]:
    status = replay_main([str(path), *args])
    out, err = capsys.readouterr()
    return status, out, err


def _finished_record() -> dict[str, Any]:
    rules = dataclasses.replace(Rules.pagat(), target_score=100)
    game = play_random_game(rules, 11, max_hands=60)
    assert game.is_over and not game.is_draw
    return game_to_record(game, NAMES)


def _unfinished_record() -> dict[str, Any]:
    record = suits_deal_record()
    record["hands"][0]["actions"] = record["hands"][0]["actions"][:6]
    return record


def _thrown_in_record() -> dict[str, Any]:
    record = suits_deal_record()
    record["rules"] = {"preset": "open_spades"}
    record["hands"][0]["actions"] = [{"seat": 1, "redeal": True}]
    return record


def _bad_deal_record() -> dict[str, Any]:
    record = suits_deal_record()
    deal = record["hands"][0]["deal"]
    deal[0][0] = deal[0][1]  # a card twice, another not at all
    return record


def _illegal_record() -> dict[str, Any]:
    record = suits_deal_record()
    # West holds only hearts and plays a diamond it does not hold.
    record["hands"][0]["actions"][5] = {"seat": 1, "play": "KD"}
    return record


def _out_of_turn_record() -> dict[str, Any]:
    record = suits_deal_record()
    # Seat 1 is to bid second; seat 2 bids instead.
    record["hands"][0]["actions"][1] = {"seat": 2, "bid": 3}
    return record


def _bad_rules_record() -> dict[str, Any]:
    record = suits_deal_record()
    record["rules"] = {"preset": "pagat", "bogus": 1, "target_score": -5}
    return record


# --- every word through the catalogue --------------------------------------------
@pytest.mark.usefixtures("marked_german")
@pytest.mark.parametrize(
    "record", [_finished_record(), _unfinished_record(), _thrown_in_record()]
)
def test_every_line_of_the_text_is_worded_in_the_language_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: dict[str, Any]
) -> None:
    status, out, err = _replay(capsys, _write(tmp_path, record), "--language", "de")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) >= 3
    for line in lines:
        assert line.startswith("«") and line.endswith("»"), line


@pytest.mark.usefixtures("marked_german")
@pytest.mark.parametrize(
    ("data", "words"),
    [
        (_illegal_record(), "«hand 0, action 5: ««card not held» («card KD»)»»»"),
        # The engine's data about a refusal is worded, not named ("to_act 1").
        (
            _out_of_turn_record(),
            "«hand 0, action 1: ««not your turn» («it was seat 1's turn»)»»»",
        ),
        (_bad_rules_record(), "«rules: «unknown rule option 'bogus'»»»"),
        (
            _bad_deal_record(),
            "«hand 0: «bad deal: each seat must get 13 cards, and each card of "
            "the deck must be dealt exactly once»»»",
        ),
        ("{not json", ": malformed JSON: Expecting property name"),
        ("[" * 100_000, ": malformed JSON: nested too deeply»"),
        ('{"players": ' + "9" * 5000 + "}", "more than 4300 digits»"),
        ({"format": "x/1"}, "«not an audiospades-record/1 record (format is 'x/1')»»"),
    ],
)
def test_the_error_line_is_worded_in_the_language_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: Any, words: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    status, out, err = _replay(capsys, path, "--language", "de")
    assert (status, out) == (2, "")
    assert err.startswith("audiospades replay: «") and err.endswith("»\n"), err
    assert err.count("\n") == 1
    assert words in err


@pytest.mark.usefixtures("marked_german")
def test_a_missing_file_is_said_in_the_language_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _replay(capsys, tmp_path / "nope.json", "--language", "de")
    assert (status, out) == (2, "")
    assert err.startswith("audiospades replay: «cannot read ")
    assert err.endswith("»\n")


@pytest.mark.usefixtures("marked_german")
@pytest.mark.parametrize("record", [_finished_record(), _unfinished_record()])
def test_the_json_has_no_words_in_any_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: dict[str, Any]
) -> None:
    path = _write(tmp_path, record)
    english = _replay(capsys, path, "--json")
    german = _replay(capsys, path, "--json", "--language", "de")
    assert german == english
    assert "«" not in german[1]


# --- the shipped German catalogue ---------------------------------------------------
def test_german_gives_the_game_s_own_german_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Words the German catalogue already has: names, "and", nil ("Null")."""
    finished = _write(tmp_path, _finished_record(), "finished.json")
    unfinished = _write(tmp_path, _unfinished_record(), "unfinished.json")
    _, english, _ = _replay(capsys, finished)
    _, german, _ = _replay(capsys, finished, "--language", "de")
    winners = ["South and North", "West and East"]
    assert any(w in english.splitlines()[-1] for w in winners)
    assert any(w in german.splitlines()[-1] for w in ("Süd und Nord", "West und Ost"))
    assert not any(w in german for w in winners)
    _, english, _ = _replay(capsys, unfinished)
    _, german, _ = _replay(capsys, unfinished, "--language", "de")
    assert "bids 10, nil, 2, nil" in english
    assert "10, Null, 2, Null" in german


def test_the_command_takes_the_language_option(tmp_path: Path) -> None:
    """Through the console entry point, as a player runs it."""
    path = _write(tmp_path, _unfinished_record())
    done = subprocess.run(
        [sys.executable, "-m", "audiospades", "replay", str(path), "--language", "de"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert "10, Null, 2, Null" in done.stdout


@pytest.mark.parametrize("code", ["xx", "DE", "../de", ""])
def test_an_unknown_language_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], code: str
) -> None:
    path = _write(tmp_path, _unfinished_record())
    with pytest.raises(SystemExit) as stopped:
        replay_main([str(path), "--language", code])
    out, err = capsys.readouterr()
    assert stopped.value.code == 2
    assert out == ""
    assert "--language" in err and "invalid choice" in err


# --- the player's language by default -----------------------------------------------
def _save_settings(home: Path, data: Any) -> Path:
    path = home / paths.SETTINGS_FILE
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


@pytest.mark.usefixtures("marked_german")
def test_the_language_of_the_player_s_settings_is_the_default(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _save_settings(home, {"version": 1, "language": "de"})
    status, out, _ = _replay(capsys, _write(tmp_path, _unfinished_record()))
    assert status == 0
    assert all(line.startswith("«") for line in out.splitlines()), out


@pytest.mark.usefixtures("marked_german")
def test_the_option_wins_over_the_settings(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _save_settings(home, {"version": 1, "language": "de"})
    path = _write(tmp_path, _unfinished_record())
    _, out, _ = _replay(capsys, path, "--language", "en")
    assert "«" not in out and out.startswith("Hand 1: unfinished")


@pytest.mark.usefixtures("marked_german")
@pytest.mark.parametrize(
    "settings", [{"version": 1, "language": None}, {"version": 1}, None]
)
def test_without_a_chosen_language_the_system_s_is_used(
    tmp_path: Path,
    home: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    settings: Any,
) -> None:
    """As the game chooses at its start: the settings' language, else the system's."""
    if settings is not None:
        _save_settings(home, settings)
    monkeypatch.setenv("LANGUAGE", "de")
    _, out, _ = _replay(capsys, _write(tmp_path, _unfinished_record()))
    assert out.startswith("«Hand 1: unfinished")


@pytest.mark.usefixtures("marked_german")
@pytest.mark.parametrize(
    "damaged",
    [
        "{not json",
        "\x00\x01\x02",
        '{"version": 99, "language": "fr"}',
        '{"version": 1, "language": "../../fr"}',
        '{"version": 1, "language": 7}',
        "[]",
        "",
        None,  # a folder where the file should be
    ],
)
def test_damaged_settings_fall_back_to_the_system_s_language_and_are_left_alone(
    tmp_path: Path,
    home: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    damaged: str | None,
) -> None:
    """As the game does at its start, which also moves the file aside and tells the
    player: the replay only looks, and says nothing of it."""
    if damaged is None:
        (home / paths.SETTINGS_FILE).mkdir()
    else:
        _save_settings(home, damaged)
    monkeypatch.setenv("LANGUAGE", "de")
    status, out, err = _replay(capsys, _write(tmp_path, _unfinished_record()))
    assert (status, err) == (0, "")
    assert out.startswith("«Hand 1: unfinished; bids 10, «nil», 2, «nil»")
    # Left for the game to deal with (and tell of) at its next start.
    settings = home / paths.SETTINGS_FILE
    if damaged is None:
        assert settings.is_dir()
    else:
        assert settings.read_text() == damaged
    assert sorted(p.name for p in home.iterdir()) == [paths.SETTINGS_FILE]


# --- the English words are the record module's own, for every broken record --------
def test_in_english_every_problem_reads_as_the_record_module_says_it() -> None:
    """Moving the words into the presenter changed no English line, but a bad
    deal's: the record module's "bad deal (bad_deal)" names the engine's reason,
    the player's line says what a deal must be; and the engine's data about a
    refusal and its rules problems, worded for the player ("it was seat 1's
    turn", not "to_act 1")."""
    from test_replay_fuzz import CASES

    from audiospades.presenter.replay import record_problem_text
    from audiospades.record import RecordError, RecordProblem, game_from_record
    from audiospades.replay import record_in

    compared = worded = 0
    with i18n.speaking("en"):
        for _case_id, build, _words in CASES:
            try:
                data = json.loads(build())
            except (ValueError, RecursionError):
                continue  # not JSON: no record to check
            try:
                game_from_record(record_in(data))
            except RecordError as error:
                if error.problem is RecordProblem.BAD_DEAL:
                    assert "bad_deal" not in record_problem_text(error)
                    continue
                if error.problem is RecordProblem.BAD_RULES or error.detail.get(
                    "engine"
                ):
                    # The engine's account (its English, its data's names, as
                    # "to_act 1") is the record module's, for logs; the player's
                    # line words it, in any language.
                    assert "to_act" not in record_problem_text(error)
                    worded += 1
                    continue
                assert record_problem_text(error) == error.describe()
                compared += 1
    assert compared > 100
    assert worded > 300
