"""Record validation: wrong types, huge values and missing optional keys (issue 13).

The spec (shared/spec/game-record.md, "Replay output"): "An illegal action, a card
not in the seat's hand, a malformed file or an unknown rule option is reported on
stderr with the hand and action index where it happened, and the exit status is 2;
nothing is written to stdout in that case."
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from audiospades.record import FORMAT, RecordError, game_from_record
from audiospades.replay import main as replay_main
from audiospades.rules import Rules, RulesError, RulesProblemKind

MAX_LINE = 300
"""The longest error line that is still "one short line" for a person or a log."""


def empty_record(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": {"preset": "pagat"},
        "players": 4,
        "partnerships": True,
        "first_dealer": 0,
        "hands": [],
    }
    record.update(changes)
    return record


def replay_text(
    tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    status = replay_main([str(path), "--json"])
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_short_line(status: int, out: str, err: str) -> None:
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err[:MAX_LINE]
    assert len(err) < MAX_LINE, err[:MAX_LINE]
    assert err.startswith("audiospades replay:")


# --- item 13: a player count that is not a number, and JSON integers too long ---
@pytest.mark.parametrize("raw", ['"x"', "null", "[4]", "1e400", "{}", "true"])
def test_rules_player_count_that_is_not_an_integer_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], raw: str
) -> None:
    text = json.dumps(empty_record()).replace(
        '"preset": "pagat"}', f'"preset": "pagat", "player_count": {raw}}}'
    )
    assert '"player_count"' in text
    status, out, err = replay_text(tmp_path, text, capsys)
    assert_one_short_line(status, out, err)
    assert "player_count" in err


@pytest.mark.parametrize(
    "where",
    ['"players": {n}', '"first_dealer": {n}', '"rules": {{"target_score": {n}}}'],
)
def test_json_integer_over_4300_digits_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    """Python refuses to read an integer of more than 4,300 digits (a ValueError
    from json.loads, not a JSONDecodeError)."""
    record = empty_record()
    record.pop("players")
    record.pop("first_dealer")
    record.pop("rules")
    text = json.dumps(record)[:-1] + ", " + where.format(n="9" * 5000) + "}"
    status, out, err = replay_text(tmp_path, text, capsys)
    assert_one_short_line(status, out, err)
    assert "digits" in err


def test_json_integer_in_an_action_over_4300_digits_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        '{"format": "audiospades-record/1", "hands": [{"dealer": 0, "deal": [],'
        ' "actions": [{"seat": 0, "bid": ' + "1" * 4301 + "}]}]}"
    )
    status, out, err = replay_text(tmp_path, text, capsys)
    assert_one_short_line(status, out, err)


# --- item 14: values in the error line are cut to a short excerpt ---
HUGE = "Q" * 10_000_000


def _with_huge_value(where: str) -> dict[str, Any]:
    record = empty_record()
    deal = [[rank + suit for rank in "23456789TJQKA"] for suit in "SHDC"]
    if where == "card":
        record["hands"] = [{"dealer": 0, "deal": [[HUGE]], "actions": []}]
    elif where == "played_card":
        record["hands"] = [
            {"dealer": 0, "deal": deal, "actions": [{"seat": 0, "play": HUGE}]}
        ]
    elif where == "bid":
        record["hands"] = [
            {"dealer": 0, "deal": deal, "actions": [{"seat": 0, "bid": HUGE}]}
        ]
    elif where == "option_name":
        record["rules"] = {HUGE: 1}
    elif where == "option_value":
        record["rules"] = {"trump_mode": HUGE}
    elif where == "preset":
        record["rules"] = {"preset": HUGE}
    elif where == "format":
        record["format"] = HUGE
    elif where == "dealer":
        record["hands"] = [{"dealer": HUGE, "deal": deal, "actions": []}]
    elif where == "huge_int_dealer":
        record["hands"] = [{"dealer": 7**5000, "deal": deal, "actions": []}]
    return record


@pytest.mark.parametrize(
    "where",
    [
        "card",
        "played_card",
        "bid",
        "option_name",
        "option_value",
        "preset",
        "format",
        "dealer",
        "huge_int_dealer",
    ],
)
def test_error_line_cuts_a_huge_value_to_an_excerpt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    status, out, err = replay_text(
        tmp_path, json.dumps(_with_huge_value(where)), capsys
    )
    assert_one_short_line(status, out, err)


def test_excerpt_keeps_the_start_of_the_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = empty_record()
    record["hands"] = [{"dealer": 0, "deal": [["ZZ-not-a-card" + HUGE]], "actions": []}]
    _, _, err = replay_text(tmp_path, json.dumps(record), capsys)
    assert "not a card: 'ZZ-not-a-card" in err


# --- item 15: wrong types inside rules are refused, naming the field ---
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("player_count", "4"),
        ("player_count", 4.9),
        ("player_count", 4.0),
        ("player_count", True),
        ("partnerships", "no"),
        ("partnerships", 1),
        ("partnerships", None),
        ("no_hell", "yes"),
        ("no_hell", 0),
        ("target_score", 500.0),
        ("target_score", "500"),
        ("target_score", True),
        ("hand_limit", [8]),
        ("trump_mode", 3),
        ("trump_mode", ["normal"]),
        ("trump_mode", "NORMAL"),
        ("trump_mode", None),
        ("bid_order", {"dealers_left": True}),
        ("preset", 1),
        ("preset", None),
        ("preset", ["pagat"]),
        ("nil_value", 10**12),
    ],
)
def test_wrong_type_in_rules_is_refused_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, value: object
) -> None:
    record = empty_record(rules={"preset": "pagat", field: value})
    with pytest.raises(RecordError) as caught:
        game_from_record(record)
    assert field in str(caught.value)
    status, out, err = replay_text(tmp_path, json.dumps(record), capsys)
    assert_one_short_line(status, out, err)
    assert field in err


@pytest.mark.parametrize(
    ("field", "value", "kind"),
    [
        ("player_count", "4", RulesProblemKind.WRONG_TYPE),
        ("partnerships", "no", RulesProblemKind.WRONG_TYPE),
        ("trump_mode", "pinochle", RulesProblemKind.UNKNOWN_READING),
        ("preset", "bridge", RulesProblemKind.UNKNOWN_PRESET),
        ("preset", 3, RulesProblemKind.WRONG_TYPE),
        ("sandbag_madness", True, RulesProblemKind.UNKNOWN_OPTION),
        ("target_score", 10**12, RulesProblemKind.OUT_OF_RANGE),
    ],
)
def test_rules_error_names_the_field_and_reason_as_data(
    field: str, value: object, kind: RulesProblemKind
) -> None:
    """Callers read the option and the reason from fields, not from the English."""
    with pytest.raises(RulesError) as caught:
        Rules.from_dict({field: value})
    (problem,) = caught.value.details
    assert problem.kind is kind
    assert problem.options == (field,)
    assert caught.value.options == (field,)


def test_conflicting_options_are_named_as_data() -> None:
    with pytest.raises(RulesError) as caught:
        Rules(player_count=5, partnerships=True)
    assert caught.value.details[0].kind is RulesProblemKind.CONFLICT
    assert set(caught.value.options) == {"partnerships", "player_count"}


def test_correct_types_in_rules_are_still_accepted() -> None:
    record = empty_record(
        rules={
            "preset": "seed_001",
            "player_count": 4,
            "partnerships": True,
            "target_score": None,
            "hand_limit": 8,
            "trump_mode": "jokers",
            "no_hell": True,
        }
    )
    rules = game_from_record(record).rules
    assert rules.player_count == 4 and rules.hand_limit == 8
    assert rules.trump_mode.value == "jokers" and rules.no_hell is True


@pytest.mark.parametrize(
    ("top", "inner", "names"),
    [
        ({"players": 4}, {"player_count": 6}, ("'players'", "rules.player_count")),
        ({"players": 6}, {"player_count": 5}, ("'players'", "rules.player_count")),
        (
            {"partnerships": True},
            {"partnerships": False},
            ("'partnerships'", "rules.partnerships"),
        ),
    ],
)
def test_top_level_and_rules_disagreeing_are_refused_naming_both(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    top: dict[str, Any],
    inner: dict[str, Any],
    names: tuple[str, str],
) -> None:
    record = empty_record(**top)
    record["rules"].update(inner)
    status, out, err = replay_text(tmp_path, json.dumps(record), capsys)
    assert_one_short_line(status, out, err)
    for name in names:
        assert name in err


def test_rules_player_count_alone_sets_the_table() -> None:
    record = empty_record(rules={"preset": "pagat", "player_count": 6})
    del record["players"]
    assert game_from_record(record).rules.player_count == 6
    record["players"] = 6
    assert game_from_record(record).rules.player_count == 6


# --- item 16: an empty record needs no first dealer ---
def test_record_with_no_hands_and_no_first_dealer_is_accepted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Readers may ignore ``first_dealer``; with no hands nobody has dealt yet."""
    record = empty_record()
    del record["first_dealer"]
    game = game_from_record(record)
    assert game.deal_count == 0
    status, out, err = replay_text(tmp_path, json.dumps(record), capsys)
    assert status == 0 and err == ""
    summary = json.loads(out)
    assert summary["hands"] == [] and summary["totals"] == [0, 0]


def test_a_pass_that_is_not_a_list_names_its_place_once() -> None:
    record = empty_record()
    deal = [[rank + suit for rank in "23456789TJQKA"] for suit in "SHDC"]
    record["hands"] = [
        {"dealer": 0, "deal": deal, "actions": [{"seat": 1, "pass": "AS"}]}
    ]
    with pytest.raises(RecordError) as caught:
        game_from_record(record)
    assert str(caught.value) == "hand 0, action 0: 'pass' must be a list of cards"
