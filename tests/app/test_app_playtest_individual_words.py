"""Play-test: with each player for themselves there are no sides, so the blind nil
question and the rules speak of the player, not of "your side"."""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import play_until

from audiospades.app.harness import Harness
from audiospades.storage import Settings

THREE = {"preset": "pagat", "player_count": 3, "target_score": 500}


def _three_player_table(make_harness: Callable[..., Harness], seed: int) -> Harness:
    h = make_harness(
        seed=seed,
        settings=Settings(language="en", pace="fast", last_rules=dict(THREE)),
    )
    h.press("return")
    return h


def test_the_blind_nil_question_of_a_lone_player_names_no_side(
    make_harness: Callable[..., Harness],
) -> None:
    h = _three_player_table(make_harness, 3)
    play_until(
        h,
        lambda x: x.table is not None and x.table.session.question is not None,
        limit=2000,
    )
    assert h.last == (
        "You are 100 or more points behind the leader. Bid blind nil, before "
        "looking at your cards? Press Y for yes or N for no."
    )
    h.press("t")  # asked again in the same words
    assert h.last.startswith("You are 100 or more points behind the leader.")


def test_the_rules_of_a_lone_player_game_name_no_side(
    make_harness: Callable[..., Harness],
) -> None:
    h = _three_player_table(make_harness, 3)
    h.press("u")
    assert "Blind nil scores 200, for a player 100 points behind." in h.last
    assert "side" not in h.last


def test_partnership_rules_still_speak_of_the_side(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=3, settings=Settings(language="en", pace="fast"))
    h.press("return", "u")
    assert "Blind nil scores 200, for a side 100 points behind." in h.last


def test_m_with_a_shared_lead_says_where_a_lone_player_stands(
    make_harness: Callable[..., Harness],
) -> None:
    """QA, five players: with two level at the top, M said only "You have minus
    20." A sighted player sees the place and the gap, as M says them when one
    player leads ("you are third with 30, 41 behind")."""
    rules = {"preset": "pagat", "player_count": 5, "partnerships": False}
    h = make_harness(
        seed=8,
        settings=Settings(
            language="en", pace="fast", last_rules={**rules, "hand_limit": 2}
        ),
    )
    h.press("return", "2", "return")
    play_until(
        h,
        lambda x: x.table is not None and x.table.session.view().hands_played == 1,
    )
    totals = h.table.session.view().totals
    assert totals == (-20, 21, 21, 10, 20)  # Hazel and Yuki level at the top
    h.press("m")
    assert h.last == (
        "1 hand played. Hazel and Yuki share the lead at 21. You are fifth with "
        "minus 20, 41 behind. Playing to 500 points or 2 hands."
    )
