"""Play-test: with each player for themselves, one winner "wins", not "win"."""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import play_until

from audiospades.app.harness import Harness
from audiospades.storage import Settings


def test_three_player_game_over_speaks_of_one_winner(
    make_harness: Callable[..., Harness],
) -> None:
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    rules["player_count"] = 3
    h = make_harness(
        seed=5, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return")
    play_until(h, lambda x: x.table is not None and x.table.finished)
    game = h.table.session.game
    assert game.winner is not None
    over = next(s for s in h.transcript if s.startswith("Game over."))
    if game.winner == 0:
        assert over.startswith("Game over. You win!")
    else:
        winner = h.table.session.names[game.winner]
        assert over.startswith(f"Game over. {winner} wins. ")
    # M after the end gives the result, not who "leads".
    h.press("m")
    assert h.last == f"1 hand played. {over}"
