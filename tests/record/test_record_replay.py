"""Game records (shared/spec/game-record.md) and the ``audiospades replay`` command."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from record_helpers import play_random_game, suits_deal_record

from audiospades.record import RecordError, game_from_record, game_to_record
from audiospades.replay import main as replay_main
from audiospades.rules import Phase, Rules


def test_record_from_another_program_scores_as_pagat() -> None:
    game = game_from_record(suits_deal_record())
    assert game.totals == [121, 200]
    assert game.bags == [1, 0]
    assert game.hands_played == 1
    assert game.phase is Phase.DEALING


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [("pagat", 4, 1), ("open_spades", 4, 2), ("seed_004", 3, 3), ("pagat", 6, 4)],
)
def test_record_round_trip_reproduces_the_game(
    preset: str, players: int, seed: int
) -> None:
    rules = Rules.from_preset(preset, players=players)
    game = play_random_game(rules, seed, max_hands=6)
    record = json.loads(json.dumps(game_to_record(game)))
    again = game_from_record(record)
    assert again.actions == game.actions
    assert again.totals == game.totals
    assert again.bags == game.bags
    assert again.phase is game.phase
    assert again.events == game.events


def test_record_uses_the_spec_notation() -> None:
    game = play_random_game(Rules.pagat(), 5, max_hands=1)
    record = game_to_record(game, names=["South", "West", "North", "East"])
    assert record["format"] == "audiospades-record/1"
    assert record["players"] == 4 and record["partnerships"] is True
    hand = record["hands"][0]
    assert all(len(card) == 2 for cards in hand["deal"] for card in cards)
    kinds = {next(k for k in a if k != "seat") for a in hand["actions"]}
    assert kinds <= {"bid", "pass", "play", "redeal"}


def test_unfinished_last_hand_is_allowed() -> None:
    record = suits_deal_record()
    record["hands"][0]["actions"] = record["hands"][0]["actions"][:10]
    game = game_from_record(record)
    assert game.phase is Phase.PLAYING
    assert game.to_act == 2


def run_replay(
    tmp_path: Path, data: Any, *args: str, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    status = replay_main([str(path), *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_json_output_has_the_spec_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_replay(
        tmp_path, suits_deal_record(), "--json", capsys=capsys
    )
    assert status == 0 and err == ""
    summary = json.loads(out)
    assert summary["totals"] == [121, 200]
    assert summary["bags"] == [1, 0]
    assert summary["finished"] is False and summary["winner"] is None
    hand = summary["hands"][0]
    assert hand["bids"] == [10, 0, 2, 0]
    assert hand["tricks"] == [13, 0, 0, 0]
    assert hand["side_points"] == [121, 200]
    assert hand["side_bags"] == [1, 0]
    assert hand["breakdown"][0]["contract_points"] == 120


def test_replay_text_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_replay(tmp_path, suits_deal_record(), capsys=capsys)
    assert status == 0
    assert "Totals 121, 200; bags 1, 0" in out
    assert "Game not finished" in out


def test_replay_text_under_quicksand_names_no_bags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seed 004, quicksand: "exact = 10 points for each trick bid; overtricks cost
    10 points each; no bags". North/South bid 12 and took 13: 120 - 10 = 110."""
    record = suits_deal_record()
    record["rules"]["scoring_style"] = "quicksand"
    status, out, err = run_replay(tmp_path, record, capsys=capsys)
    assert status == 0 and err == ""
    assert "Totals 110, 200\n" in out
    assert "bag" not in out.lower()


def _corrupt(change: str) -> Any:
    record = suits_deal_record()
    actions = record["hands"][0]["actions"]
    if change == "illegal_card":
        # West holds only hearts and plays a diamond it does not hold.
        actions[5] = {"seat": 1, "play": "KD"}
    elif change == "not_following":
        # South gets West's 2H and West South's 2S: South must lead the heart, and
        # West, holding hearts, may not answer with the spade.
        record["hands"][0]["deal"][1][0] = "2S"
        record["hands"][0]["deal"][0][0] = "2H"
        actions[4] = {"seat": 0, "play": "2H"}
        actions[5] = {"seat": 1, "play": "2S"}
    elif change == "wrong_turn":
        actions[4] = {"seat": 2, "play": "AD"}
    elif change == "unknown_option":
        record["rules"]["sandbag_madness"] = True
    elif change == "bad_bid":
        actions[0] = {"seat": 0, "bid": 14}
    elif change == "bad_card_text":
        actions[4] = {"seat": 0, "play": "ZZ"}
    elif change == "wrong_format":
        record["format"] = "something-else/2"
    elif change == "bad_deal":
        deal = record["hands"][0]["deal"]
        deal[0][0] = deal[0][1]  # a card twice, another not at all
    elif change == "short_hand":
        del record["hands"][0]["deal"][2][0]
    return record


_BAD_DEAL = (
    "bad deal: each seat must get 13 cards, and each card of the deck must be "
    "dealt exactly once"
)
"""A refused deal in words (before: "bad deal (bad_deal)", the engine's name)."""


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        ("illegal_card", "hand 0, action 5", "card not held"),
        ("not_following", "hand 0, action 5", "must follow suit"),
        ("wrong_turn", "hand 0, action 4", "not your turn"),
        ("bad_bid", "hand 0, action 0", "bid out of range"),
        ("bad_card_text", "hand 0, action 4", "not a card"),
        ("unknown_option", "", "unknown rule option 'sandbag_madness'"),
        ("wrong_format", "", "not an audiospades-record/1 record"),
        ("bad_deal", "hand 0", _BAD_DEAL),
        ("short_hand", "hand 0", _BAD_DEAL),
    ],
)
def test_bad_record_is_reported_with_its_place_and_status_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    change: str,
    where: str,
    words: str,
) -> None:
    status, out, err = run_replay(tmp_path, _corrupt(change), capsys=capsys)
    assert status == 2
    assert out == ""
    assert where in err
    assert words in err
    assert "bad_deal" not in err  # the engine's name is not the player's


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "\x00\x01binary", ""])
def test_malformed_file_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    status, out, err = run_replay(tmp_path, text, capsys=capsys)
    assert status == 2 and out == "" and err.startswith("audiospades replay:")


def test_missing_file_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert replay_main([str(tmp_path / "nope.json")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "cannot read" in err


def test_finished_game_reports_its_winner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dataclasses import replace

    rules = replace(Rules.pagat(), target_score=100)
    game = play_random_game(rules, 11, max_hands=60)
    assert game.is_over
    status, out, _ = run_replay(tmp_path, game_to_record(game), "--json", capsys=capsys)
    summary = json.loads(out)
    assert status == 0
    assert summary["finished"] is True
    assert summary["winner"] == game.winner
    assert summary["totals"] == game.totals


def test_record_error_names_the_place() -> None:
    record = _corrupt("wrong_turn")
    with pytest.raises(RecordError) as caught:
        game_from_record(record)
    assert caught.value.hand_index == 0 and caught.value.action_index == 4


def test_replay_command_runs_as_a_console_script(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(suits_deal_record()))
    result = subprocess.run(
        [sys.executable, "-m", "audiospades", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["totals"] == [121, 200]


def test_the_record_writer_gives_the_same_record_after_every_action() -> None:
    """A server writes the record after each action, adding only what is new."""
    import dataclasses

    from audiospades.record import RecordWriter, game_to_record
    from audiospades.rules import Game, Phase, Rules, shuffled_deal

    rules = dataclasses.replace(Rules.pagat(), target_score=None, hand_limit=3)
    rng = random.Random(5)
    game = Game(rules, first_dealer=1)
    writer = RecordWriter(["A", "B", "C", "D"])
    checked = 0
    while not game.is_over:
        if game.phase is Phase.DEALING:
            game.deal(shuffled_deal(rules, rng))
        elif game.phase is Phase.BIDDING:
            game.bid(game.to_act, rng.choice(game.legal_bids(game.to_act)))  # type: ignore[arg-type]
        elif game.phase is Phase.PASSING:
            seat = game.to_act
            game.pass_cards(seat, game.hand(seat)[: rules.blind_nil_pass])  # type: ignore[arg-type]
        else:
            game.play(game.to_act, min(game.legal_plays(game.to_act)))  # type: ignore[arg-type]
        if rng.random() < 0.5:
            assert writer.record(game) == game_to_record(game, ["A", "B", "C", "D"])
            checked += 1
    assert checked > 50
    other = Game.replay(rules, game.actions[:30], first_dealer=1)
    assert writer.record(other) == game_to_record(other, ["A", "B", "C", "D"])
