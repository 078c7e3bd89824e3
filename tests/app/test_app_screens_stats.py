"""Statistics and finished-game review screens, and random keys over all four."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from app_helpers import assert_still_answers, play_until

from audiospades import storage
from audiospades.app.harness import Harness
from audiospades.app.players_screen import PlayerSelectionScreen
from audiospades.app.review_screen import ReviewListScreen
from audiospades.app.rules_screen import RuleSettingsScreen
from audiospades.app.screen import Push, Screen
from audiospades.app.stats_screen import StatsScreen
from audiospades.storage import GameResult, Outcome


def _result(game_id: str, outcome: Outcome, difficulty: int, partner: str) -> None:
    storage.record_game(
        GameResult(
            game_id=game_id,
            outcome=outcome,
            difficulty=difficulty,
            partner=partner,
            # Greta, whoever won, always finished below the player.
            opponents=(("victor", outcome), ("greta", Outcome.WIN)),
            finished_at="2025-01-01T10:00:00+00:00",
        )
    )


def _walk(h: Harness, count: int) -> list[str]:
    out = []
    for _ in range(count):
        h.press("down")
        out.append(h.last)
    return out


def test_statistics_speak_the_recorded_results(
    make_harness: Callable[..., Harness],
) -> None:
    """Seed 001 "Statistics": wins, losses and draws per difficulty, a cumulative
    rating, "Win percentage counts 1 point for win and 0.5 points for draw", and the
    record with and against every other player."""
    _result("g1", Outcome.WIN, 14, "milly")
    _result("g2", Outcome.DRAW, 14, "milly")
    _result("g3", Outcome.LOSS, 9, "hazel")
    h = make_harness()
    h.press("s")
    assert h.last == "Statistics, 6 of 12"
    h.press("return")
    assert h.last == ("Statistics. 3 games played. 1 win. 1 loss. 1 draw, 1 of 10")
    lines = _walk(h, 9)
    assert lines == [
        "Win percentage: 50 percent, a draw counting half, 2 of 10",
        "Rating: 50 of 100, 3 of 10",
        "Match difficulty 9: 0 wins. 1 loss. 0 draws. Win percentage: 0 percent, "
        "4 of 10",
        "Match difficulty 14: 1 win. 0 losses. 1 draw. Win percentage: 75 percent, "
        "5 of 10",
        "With Milly as partner: 1 win. 0 losses. 1 draw, 6 of 10",
        "With Hazel as partner: 0 wins. 1 loss. 0 draws, 7 of 10",
        "Against Victor, head to head: 1 win. 1 loss. 1 draw, 8 of 10",
        "Against Greta, head to head: 3 wins. 0 losses. 0 draws, 9 of 10",
        "Review finished games, 10 of 10",
    ]


def test_online_games_have_their_own_line(
    make_harness: Callable[..., Harness],
) -> None:
    """Games played at a table server are counted apart (they have no match
    difficulty), after the difficulties."""
    _result("g1", Outcome.WIN, 9, "milly")
    for game, outcome in (("a", Outcome.WIN), ("b", Outcome.DRAW), ("c", Outcome.LOSS)):
        storage.record_online_game(storage.online_game_id("ws://x", game), outcome)
    h = make_harness()
    h.press("s", "return")
    assert h.last.startswith("Statistics. 1 game played. 1 win. 0 losses.")
    lines = _walk(h, 4)
    assert lines[3] == (
        "Online games: 1 win. 1 loss. 1 draw. Win percentage: 50 percent, 5 of 9"
    )


def test_counts_from_before_head_to_head_have_their_own_line(
    make_harness: Callable[..., Harness],
) -> None:
    """A stats file of version 1 counted the game's result against each opponent;
    those counts are said apart, after the head-to-head ones."""
    record = {"wins": 1, "losses": 5, "draws": 0}
    path = storage.paths.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "by_difficulty": {"9": {"wins": 1, "losses": 5, "draws": 0}},
                "by_character": {"hazel": {"as_partner": _NONE, "as_opponent": record}},
            }
        )
    )
    storage.record_game(
        GameResult(
            game_id="g1",
            outcome=Outcome.LOSS,
            difficulty=9,
            partner=None,
            opponents=(("hazel", Outcome.WIN),),
            finished_at="2025-01-01T10:00:00+00:00",
        )
    )
    h = make_harness()
    h.press("s", "return")
    lines = _walk(h, 5)
    assert lines[3:] == [
        "Against Hazel, head to head: 1 win. 0 losses. 0 draws, 5 of 7",
        "Against Hazel, earlier games, by the game's result: 1 win. 5 losses. "
        "0 draws, 6 of 7",
    ]


_NONE = {"wins": 0, "losses": 0, "draws": 0}


def test_no_statistics_and_no_finished_games(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    h.press("s", "return")
    assert "0 games played. 0 wins. 0 losses. 0 draws" in h.last
    h.press("down")
    assert h.last == "Win percentage: no games yet, 2 of 4"
    h.press("end", "return")
    assert h.last == "Finished games, newest first. Enter reviews a game. " + (
        "No finished games yet."
    )
    h.press("down", "return", "escape")
    assert h.last == "Review finished games, 4 of 4"


def test_review_walks_a_finished_game_hand_by_hand(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=4)
    h.press("return")
    play_until(h, lambda x: x.table is not None and x.table.finished)
    session = h.table.session
    names = session.names
    h.press("escape")
    h.press("end", "return")  # the game menu's "Main menu"
    h.press("s", "return", "end", "return")
    listed = h.last
    assert listed.startswith("Finished games, newest first. Enter reviews a game. ")
    assert listed.endswith(", 1 of 1")
    assert "; " in listed and (" won;" in listed or " lost;" in listed)
    # Mid-line, the player's side is "you and ...", not "You and ..." (QA: a
    # braille reader saw the capital as the start of a sentence).
    assert f"; you and {names[2]} " in listed, listed
    h.press("return")
    assert h.last.startswith("Game of ")
    assert "Game over" in h.last or "The game is over" in h.last
    h.press("down")
    hand = h.last
    assert hand.startswith("Hand 1. Bids: you 3, ")
    assert "Tricks taken: you " in hand
    assert "Score: " in hand and " points" in hand
    h.press("return")
    assert h.last.startswith("Hand 1. ") and " dealt, 1 of 18" in h.last
    walked = _walk(h, 2 + 13 + 2)
    assert walked[0].startswith("Bids: you 3, ")
    assert walked[1].startswith("Tricks taken: ")
    tricks = walked[2:15]
    assert tricks[0].startswith("Trick 1: ")
    assert all(f"Trick {i + 1}: " in t for i, t in enumerate(tricks))
    assert all(" won it, " in t for t in tricks)
    assert any(f"{names[1]} " in t for t in tricks)
    assert walked[15].startswith("You and ")
    assert walked[16].startswith(f"{names[1]} and {names[3]} ")


_KEYS = [
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "return",
    "space",
    "escape",
    "a",
    "b",
    "e",
    "m",
    "n",
    "p",
    "s",
    "t",
    "1",
    "f1",
    "tab",
]

_SCREENS: dict[str, Callable[[], Screen]] = {
    "rules": RuleSettingsScreen,
    "players": PlayerSelectionScreen,
    "stats": StatsScreen,
    "review": ReviewListScreen,
}


@pytest.mark.parametrize("which", sorted(_SCREENS))
def test_random_keys_over_the_screens(
    which: str, make_harness: Callable[..., Harness]
) -> None:
    _result("g1", Outcome.WIN, 8, "milly")
    rng = random.Random(which)
    h = make_harness(seed=3)
    mine = tuple(type(f()) for f in _SCREENS.values())
    presses = 0
    while presses < 1500:
        if not h.app.running:
            h = make_harness(seed=rng.randrange(100))
        top = h.app.stack.top
        if not isinstance(top, mine) or rng.random() < 0.01:
            if h.table is not None:
                # Keep the fuzz on these screens, not a whole game.
                h = make_harness(seed=rng.randrange(100))
            h.app.stack.apply(Push(_SCREENS[which]()))
        h.press(rng.choice(_KEYS))
        presses += 1
    assert_still_answers(h)


def test_enter_on_the_rating_says_how_it_is_reckoned(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: "Rating: 57.1 of 100" after one win at 8 stars said nothing of where it
    came from; Enter on it now says how each game counts (8 of 14 stars, 57.1).
    Enter on another line says that line again."""
    _result("g1", Outcome.WIN, 8, "milly")
    h = make_harness()
    h.press("s", "return", "down")
    assert h.last == "Win percentage: 100 percent, a draw counting half, 2 of 8"
    h.press("return")
    assert h.last == "Win percentage: 100 percent, a draw counting half, 2 of 8"
    h.press("down")
    assert h.last == "Rating: 57.1 of 100, 3 of 8"
    h.press("return")
    assert h.last == (
        "Each game against computer players counts its match difficulty: a win at "
        "14 stars 100, a win at 7 stars 50, a draw half a win, a loss nothing. "
        "The rating is the average over all those games."
    )
    h.press("down")  # the list goes on from the rating
    assert h.last.startswith("Match difficulty 8: 1 win."), h.last
