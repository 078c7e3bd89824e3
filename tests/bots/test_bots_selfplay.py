"""``audiospades selfplay`` runs a tiny match and reports what it promises."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

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


@pytest.mark.parametrize("games", ["0", "-5"])
def test_a_match_of_no_games_is_refused(
    games: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--a", "1", "--b", "1", "--games", games])
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith(f"error: --games must be 1 or more, not {games}\n")


def test_wilson_interval_contains_the_rate() -> None:
    low, high = wilson(30, 40)
    assert low < 0.75 < high


def test_a_level_against_itself_breaks_even_on_every_duplicate_deal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Level 3 never blunders, so with the seats swapped the same cards are played
    # the same way: each duplicate deal's margin is exactly zero; single hands' are not.
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
        {
            "game_index": 0,
            "swapped": False,
            "deals": [1, 2, 3],
            "margins": [40, -20, 8],
        },
        # The swapped table redealt once, so its second hand is deal 3; deal 2 unpaired.
        {"game_index": 0, "swapped": True, "deals": [1, 3], "margins": [-30, 2]},
        {"game_index": 1, "swapped": False, "deals": [1], "margins": [100]},
    ]
    assert duplicate_margins(results) == [5.0, 5.0]


def test_pooling_reports_adds_games_and_weighs_margins_by_deals() -> None:
    path = Path(__file__).parents[2] / "benchmarks" / "pool_reports.py"
    spec = importlib.util.spec_from_file_location("pool_reports", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    common = {"a": "5", "b": "3", "preset": "pagat", "players": 4}
    reports = [
        {**common, "seed": 1, "games_finished": 10, "a_wins": 8.0,
         "duplicate_deals": 30, "margin_per_duplicate_deal": 10.0,
         "margin_per_duplicate_deal_ci95": [0.0, 20.0]},
        {**common, "seed": 2, "games_finished": 30, "a_wins": 20.5,
         "duplicate_deals": 90, "margin_per_duplicate_deal": 2.0,
         "margin_per_duplicate_deal_ci95": [-3.0, 7.0]},
    ]  # fmt: skip
    pooled = module.pool(reports)
    assert pooled["a_wins"] == 28.5 and pooled["games_finished"] == 40
    assert pooled["a_win_rate_ci95"] == [round(x, 4) for x in wilson(28.5, 40)]
    assert pooled["margin_per_duplicate_deal"] == 4.0  # (30*10 + 90*2) / 120
    low, high = pooled["margin_per_duplicate_deal_ci95"]
    # Narrower than either part's interval: more deals.
    assert 0 < high - low < 10.0


def test_individual_duplicate_sets_rotate_every_seating(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 14: each level sits in each position equally; ranks and points per deal."""
    code = main(
        ["--a", "3", "--b", "2", "--players", "3", "--individual", "--games", "4",
         "--duplicate", "--hands-per-game", "2", "--seed", "2", "--json",
         "--jobs", "1"]
    )  # fmt: skip
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    # Three sides: A on two, B on one, rotated three ways and swapped: 6 games.
    assert report["arrangements"] == 6 and report["games"] == 6
    a, b = report["players_report"]["a"], report["players_report"]["b"]
    # Over a whole set each level holds 9 side-games of the 18 (3 sides x 6 games).
    assert a["mean_rank"]["count"] == b["mean_rank"]["count"] == 9
    assert a["side_hands"] == b["side_hands"] == 9 * 2
    for player in (a, b):
        assert 1 <= player["mean_rank"]["mean"] <= 3
        assert player["bid_minus_tricks_per_seat"]["count"] > 0
        assert set(player["nil"]) >= {"attempts", "made", "net_points"}
        assert player["bag_penalties_per_100_side_hands"] is not None


def test_a_rule_option_plays_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["--a", "3", "--b", "2", "--games", "2", "--hands-per-game", "1",
         "--rule", "bidding_style=mirror", "--rule", "no_hell=true", "--json",
         "--jobs", "1"]
    )  # fmt: skip
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rules"]["bidding_style"] == "mirror"
    assert report["rules"]["no_hell"] is True


def test_an_unknown_rule_option_is_refused() -> None:
    with pytest.raises(SystemExit):
        main(["--a", "3", "--b", "2", "--rule", "no_such_option=1"])


def test_bid_accuracy_is_bid_minus_tricks_of_number_bids() -> None:
    from audiospades.rules import Bid, Rules, score_hand
    from audiospades.rules.events import HandScored
    from audiospades.selfplay_stats import new_stats, note_hand

    rules = Rules.pagat()
    bids = [Bid(4), Bid(3), Bid.nil(), Bid(2)]
    tricks = [6, 3, 1, 3]
    score = score_hand(rules, bids, tricks, [0, 0], [0, 0])
    stats = new_stats(0, 0)
    note_hand(stats, HandScored(score), ["a", "b", "a", "b"], ["a", "b"], 1)
    # Seat 0 bid 4 took 6; seat 2's nil is no bid of tricks. Side A: 4 bid, 6 counted.
    assert stats["seat_bid_error"] == {"a": [-2], "b": [0, -1]}
    assert stats["side_bid_error"] == {"a": [-2], "b": [-1]}
    assert stats["nil"]["a"] == [1, 0, -100]
