"""Fuzz ``audiospades replay`` with broken records: one short line, never a traceback.

The spec (shared/spec/game-record.md, "Replay output"): "An illegal action, a card
not in the seat's hand, a malformed file or an unknown rule option is reported on
stderr ... and the exit status is 2; nothing is written to stdout in that case."

Every case here is a record that must be refused: a wrong type at every rule
option, truncated JSON, integers too long to read or too big to use, huge strings,
deep nesting, a top level that is not an object, and wrong values at each key of
a hand and an action. They run in-process through ``audiospades.cli.main`` for
speed; a few run as a real command too. A last group mutates random places of a
good record with random values, where a record may also be accepted: then the
output must be a summary.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from record_helpers import play_random_game, suits_deal_record

from audiospades.cli import main as cli_main
from audiospades.rules import Rules

ROOT = Path(__file__).resolve().parents[2]
MAX_LINE = 300
"""What "one short line" allows, the record's path included."""

HUGE_DIGITS = "9" * 5000  # more digits than Python reads (4,300)
BIG_INT = 7**4700  # about 3,970 digits: readable, but no option or seat
MEGA = "Q" * 1_000_000


def good_text() -> str:
    return json.dumps(suits_deal_record())


def with_value(path: tuple[Any, ...], raw: str) -> str:
    """The good record with the value at ``path`` replaced by the JSON text ``raw``.

    The text is spliced in (rather than a Python value dumped) so that values
    json cannot write, or Python cannot read, reach the reader as a file would.
    """
    marker = "@@FUZZ@@"
    record = suits_deal_record()
    place: Any = record
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = marker
    return json.dumps(record).replace(json.dumps(marker), raw)


# --- the cases: (id, JSON text builder, words the error line must contain) ---
Case = tuple[str, Callable[[], str], str]

COMMON_WRONG = ["1.5", "[]", "{}", "[4]", '{"a": 1}', "1e400", "Infinity", "NaN"]
WRONG_FOR_BOOL = ["1", "0", '"true"', '"no"', "null"]
WRONG_FOR_INT = ["true", "false", '"4"', "4.0", "4.9", "1" + "0" * 30, "-1" + "0" * 30]
WRONG_FOR_ENUM = ["3", "true", "null", '"NOPE"', '"Normal"', '""']
WRONG_FOR_PRESET = ["1", "null", '"bridge"', "true", '""']
OPTIONAL_INTS = ("target_score", "hand_limit", "mercy_score")


def rules_field_cases() -> Iterator[Case]:
    """A wrong value at every rule option; the line names the option."""
    defaults = Rules()
    for field in dataclasses.fields(Rules):
        name = field.name
        default = getattr(defaults, name)
        if name == "preset":
            wrong = WRONG_FOR_PRESET
        elif isinstance(default, bool):
            wrong = WRONG_FOR_BOOL
        elif isinstance(default, str):  # the enums are StrEnums
            wrong = WRONG_FOR_ENUM
        else:
            nullable = name in OPTIONAL_INTS
            wrong = WRONG_FOR_INT + ([] if nullable else ["null"])
        for raw in [*COMMON_WRONG, *wrong]:
            yield (
                f"rules.{name}={raw[:12]}",
                lambda name=name, raw=raw: with_value(("rules", name), raw),
                name,
            )


def truncated_cases() -> Iterator[Case]:
    text = good_text()
    rng = random.Random(13)
    cuts = sorted({1, 2, len(text) - 1, *rng.sample(range(1, len(text)), 40)})
    for cut in cuts:
        yield (f"truncated@{cut}", lambda cut=cut: good_text()[:cut], "JSON")


PLACES: list[tuple[Any, ...]] = [
    ("players",),
    ("partnerships",),
    ("first_dealer",),
    ("format",),
    ("rules", "target_score"),
    ("rules", "trump_mode"),
    ("rules", "preset"),
    ("hands", 0),
    ("hands", 0, "dealer"),
    ("hands", 0, "deal"),
    ("hands", 0, "deal", 0),
    ("hands", 0, "deal", 0, 5),
    ("hands", 0, "actions"),
    ("hands", 0, "actions", 0),
    ("hands", 0, "actions", 0, "seat"),
    ("hands", 0, "actions", 0, "bid"),
    ("hands", 0, "actions", 4, "play"),
    ("hands", 0, "kitty"),
]
"""Places a bad value must be refused at (``first_dealer`` and ``kitty`` are added
to the good record; ``names`` is left out: any names are fine)."""


def huge_cases() -> Iterator[Case]:
    """Integers too long to read, too big to use, strings of a megabyte."""
    for place in PLACES:
        label = ".".join(map(str, place))
        yield (f"{label}=5000digits", lambda p=place: with_value(p, HUGE_DIGITS), "")
        yield (f"{label}=7**4700", lambda p=place: with_value(p, str(BIG_INT)), "")
        yield (f"{label}=1MB", lambda p=place: with_value(p, json.dumps(MEGA)), "")
        yield (
            f"{label}=[1MB]",
            lambda p=place: with_value(p, json.dumps([MEGA, MEGA])),
            "",
        )
    yield ("rules.<1MB name>", lambda: with_value(("rules", MEGA), "1"), "")
    yield (
        "card=10MB",
        lambda: with_value(("hands", 0, "deal", 0, 0), json.dumps("Z" * 10_000_000)),
        "not a card",
    )


def nesting_cases() -> Iterator[Case]:
    for depth in (200, 100_000):
        nested = "[" * depth + "]" * depth
        yield (f"top=nested{depth}", lambda n=nested: n, "")
        yield (f"top=open{depth}", lambda d=depth: "[" * d, "JSON")
        yield (f"top=objects{depth}", lambda d=depth: '{"a":' * d + "1" + "}" * d, "")
        for place in PLACES[::3]:
            label = ".".join(map(str, place))
            yield (
                f"{label}=nested{depth}",
                lambda p=place, n=nested: with_value(p, n),
                "",
            )


def top_level_cases() -> Iterator[Case]:
    for raw in ["[]", "1", '"x"', "null", "true", "1.5", "[{}]", '""', "{}", "[1, 2]"]:
        yield (f"top={raw}", lambda raw=raw: raw, "")
    for raw in ["", " ", "\ufeff{}", "{not json", "\x00\x01", "{}{}", "{} x"]:
        yield (f"text={raw!r}", lambda raw=raw: raw, "")


def record_key_cases() -> Iterator[Case]:
    """Wrong values at each key of the record, a hand and an action."""
    table: dict[tuple[Any, ...], list[str]] = {
        ("players",): ['"4"', "4.0", "true", "5", "2", "-4"],
        ("partnerships",): ['"yes"', "1", '"true"'],
        ("first_dealer",): ['"0"', "0.0", "true", "-1", "4", "[0]", "0", "1"],
        ("format",): ["null", "1", '"audiospades-record/2"', '"AUDIOSPADES-RECORD/1"'],
        ("rules",): ['"pagat"', "[]", "1", "null"],
        ("rules", "player_count"): ["6", "5", "3"],
        ("rules", "partnerships"): ["false"],
        ("rules", "sandbag_madness"): ["true"],
        ("hands",): ["{}", '"x"', "null", "1", "[1]", "[[]]", "[null]"],
        ("hands", 0, "dealer"): ['"3"', "3.0", "true", "null", "0", "-1", "4"],
        ("hands", 0, "deal"): ['"AS"', '[["AS"]]', "[[1]]", "null", "{}", "[]"],
        ("hands", 0, "deal", 0, 0): ['"AH"', '"10S"', '"BJ"', '"S2"', '"A S"'],
        ("hands", 0, "actions"): ['"x"', "{}", "null", "1"],
        ("hands", 0, "kitty"): ['["AS"]', '"AS"', "1"],
        ("hands", 0, "actions", 0): [
            '{"seat": 0}',
            '{"seat": 0, "bid": 1, "play": "AS"}',
            '{"seat": 0, "bid": "nil"}',
            '{"seat": 0, "bid": -1}',
            '{"seat": 0, "bid": 1.0}',
            '{"seat": 0, "bid": true}',
            '{"seat": 0, "bid": null}',
            '{"seat": 0, "bid": 14}',
            '{"seat": 0, "pass": "AS"}',
            '{"seat": 0, "pass": ["AS", "KS"]}',
            '{"seat": 0, "redeal": 1}',
            '{"seat": 0, "redeal": true}',
            '{"seat": 0, "play": "AS"}',
            '{"seat": 1, "bid": 3}',
            '{"bid": 3}',
            '["seat", 0]',
            "null",
        ],
        ("hands", 0, "actions", 0, "seat"): [
            '"0"',
            "0.0",
            "true",
            "null",
            "[0]",
            "-1",
            "4",
            "99",
        ],
        ("hands", 0, "actions", 4, "play"): ['"KD"', '"2S"', "1", "null", '["AS"]'],
    }
    for place, values in table.items():
        label = ".".join(map(str, place))
        for raw in values:
            yield (f"{label}={raw[:40]}", lambda p=place, r=raw: with_value(p, r), "")
    # A second hand after the unfinished first, and a hand dealt after game over.
    yield ("hands=two_unfinished", _two_unfinished_hands, "unfinished")


def _two_unfinished_hands() -> str:
    record = suits_deal_record()
    first = record["hands"][0]
    first["actions"] = first["actions"][:8]
    record["hands"].append(dict(first, dealer=0))
    return json.dumps(record)


CASES: list[Case] = [
    *rules_field_cases(),
    *truncated_cases(),
    *huge_cases(),
    *nesting_cases(),
    *top_level_cases(),
    *record_key_cases(),
]


def test_there_are_a_few_hundred_cases() -> None:
    assert len(CASES) >= 500
    assert len({case_id for case_id, _, _ in CASES}) == len(CASES)


def replay_in_process(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    capsys.readouterr()
    status = cli_main(["replay", str(path), "--json"])
    out, err = capsys.readouterr()
    return status, out, err


def assert_refused(status: int, out: str, err: str, words: str) -> None:
    shown = err[:MAX_LINE]
    assert status == 2, (status, out[:200], shown)
    assert out == ""
    assert err.startswith("audiospades replay: "), shown
    assert err.endswith("\n") and err.count("\n") == 1, shown
    assert len(err) < MAX_LINE, shown
    assert words in err, shown


@pytest.mark.parametrize(
    ("build", "words"),
    [pytest.param(build, words, id=case_id) for case_id, build, words in CASES],
)
def test_broken_record_is_one_short_line_and_status_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    build: Callable[[], str],
    words: str,
) -> None:
    path = tmp_path / "r.json"
    path.write_text(build(), encoding="utf-8")
    assert_refused(*replay_in_process(path, capsys), words)


SUBPROCESS_CASES = [
    'rules.player_count="4"',
    "players=5000digits",
    "card=10MB",
    "top=nested100000",
    "truncated@1",
    "hands.0.actions.0.seat=99",
]


@pytest.mark.parametrize("case_id", SUBPROCESS_CASES)
def test_broken_record_as_a_command(tmp_path: Path, case_id: str) -> None:
    """The same through the console entry point, as another program runs it."""
    build, words = next((b, w) for i, b, w in CASES if i == case_id)
    path = tmp_path / "r.json"
    path.write_text(build(), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "audiospades", "replay", str(path), "--json"],
        cwd=ROOT,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert_refused(done.returncode, done.stdout, done.stderr, words)


# --- random mutations of good records: accepted with a summary, or one line ---
WEIRD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    3,
    13,
    2**64,
    BIG_INT,
    0.5,
    "",
    "AS",
    "BJ",
    "blind_nil",
    "pagat",
    "x" * 1000,
    [],
    [0],
    ["AS"],
    {},
    {"seat": 0},
    [[[[[]]]]],
]


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, (*path, index))


def _mutated_records(count: int, seed: int) -> Iterator[Any]:
    rng = random.Random(seed)
    game = play_random_game(Rules.open_spades(), seed, max_hands=3)
    from audiospades.record import game_to_record

    bases = [suits_deal_record(), game_to_record(game)]
    for _ in range(count):
        record = json.loads(json.dumps(rng.choice(bases)))
        for _ in range(rng.randint(1, 3)):
            path = rng.choice(list(_places(record))[1:])
            place = record
            for key in path[:-1]:
                place = place[key]
            action = rng.random()
            if action < 0.7:
                place[path[-1]] = rng.choice(WEIRD_VALUES)
            elif isinstance(place, dict):
                del place[path[-1]]
            else:
                place.insert(path[-1], rng.choice(WEIRD_VALUES))
        yield record


@pytest.mark.parametrize("seed", range(4))
def test_randomly_mutated_records_give_a_summary_or_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    path = tmp_path / "r.json"
    refused = 0
    for record in _mutated_records(60, seed):
        path.write_text(json.dumps(record), encoding="utf-8")
        status, out, err = replay_in_process(path, capsys)
        if status == 0:
            assert err == ""
            assert set(json.loads(out)) >= {"hands", "totals", "bags", "winner"}
        else:
            refused += 1
            assert_refused(status, out, err, "")
    assert refused > 0
