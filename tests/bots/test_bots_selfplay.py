"""``audiospades selfplay`` runs a tiny match and reports what it promises."""

from __future__ import annotations

import json

import pytest

from audiospades.selfplay import duplicate_margins, main, wilson

KEYS = {
    "a_win_rate",
    "a_win_rate_ci95",
    "margin_per_deal",
    "margin_per_deal_ci95",
    "nil",
    "blind_nil",
    "contracts_set",
    "bag_penalties",
    "decision_time",
    "games",
    "hands",
}


def test_tiny_duplicate_match_emits_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "--a", "3", "--b", "milly", "--games", "2", "--duplicate",
            "--target", "100", "--hands-per-game", "2", "--seed", "3", "--json",
            "--jobs", "1",
        ]
    )  # fmt: skip
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) >= KEYS
    assert report["games"] == 2
    assert set(report["decision_time"]) == {"level_3", "level_1"}
    low, high = report["a_win_rate_ci95"]
    assert 0 <= low <= high <= 1


def test_text_report_over_two_processes(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["--a", "1", "--b", "2", "--games", "2", "--players", "3", "--individual",
         "--hands-per-game", "1", "--jobs", "2"]
    )  # fmt: skip
    assert code == 0
    assert "win rate" in capsys.readouterr().out


def test_unknown_player_is_refused() -> None:
    with pytest.raises(SystemExit):
        main(["--a", "9", "--b", "1"])


def test_wilson_interval_contains_the_rate() -> None:
    low, high = wilson(30, 40)
    assert low < 0.75 < high


def test_a_level_against_itself_breaks_even_on_every_duplicate_deal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Level 3 never blunders, so with the seats swapped the same cards are played the
    # same way: each duplicate deal's margin is exactly zero, while single hands are not.
    code = main(
        ["--a", "3", "--b", "3", "--games", "2", "--duplicate", "--target", "200",
         "--hands-per-game", "3", "--seed", "5", "--json", "--jobs", "1"]
    )  # fmt: skip
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["duplicate_deals"] == report["hands"] // 2 > 0
    assert report["margin_per_duplicate_deal_ci95"] == [0.0, 0.0]
    assert report["margin_per_deal_ci95"][0] < 0 < report["margin_per_deal_ci95"][1]


def test_duplicate_margins_pair_deals_by_number_not_by_position() -> None:
    results = [
        {"game_index": 0, "swapped": False, "deals": [1, 2, 3], "margins": [40, -20, 8]},
        # The swapped table redealt once, so its second hand is deal 3; deal 2 unpaired.
        {"game_index": 0, "swapped": True, "deals": [1, 3], "margins": [-30, 2]},
        {"game_index": 1, "swapped": False, "deals": [1], "margins": [100]},
    ]
    assert duplicate_margins(results) == [5.0, 5.0]
