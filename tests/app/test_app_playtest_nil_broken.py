"""Play-test: the moment a nil fails is said, with its own cue (issue 12, item 6).

After 'Omar bids nil' the first trick Omar won only said 'Omar wins the trick…'.
"""

from __future__ import annotations

from collections.abc import Callable

from audiospades.app.harness import Harness
from audiospades.sound import Cue
from audiospades.storage import Settings


def _settings(**rules: object) -> Settings:
    return Settings(
        language="en",
        pace="fast",
        last_rules={"preset": "pagat", "target_score": None, "hand_limit": 1, **rules},
        last_players=["random", "random", "random"],
    )


def test_a_computer_players_nil_fails_the_moment_it_wins_a_trick(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7, settings=_settings())
    h.press("return", *["3", "return"] * 20)
    said = h.transcript
    assert "East bids nil." in said
    first = said.index(next(line for line in said if line.startswith("East wins")))
    assert said[first + 1] == "Nil failed for East."
    assert said.count("Nil failed for East.") == 1  # once, not at every trick


def test_your_blind_nil_fails_the_moment_you_win_a_trick(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=3, settings=_settings(blind_nil_behind=0))
    h.press("return", "y", "return", "right", "return", *["tab", "return"] * 20)
    said = h.transcript
    assert "You bid blind nil." in said
    first = said.index(next(line for line in said if line.startswith("You win")))
    assert said[first + 1] == "Your blind nil has failed."
    assert said.count("Your blind nil has failed.") == 1
    assert Cue.NIL_FAILED in h.sound.cues


def test_the_hand_summary_says_the_tricks_the_nil_bidder_took(
    make_harness: Callable[..., Harness],
) -> None:
    """Issue 12, item 5: 'Hazel took 0 tricks. Hazel's nil failed' contradicted the
    trick Hazel had just won: the side's count leaves the nil bidder out."""
    h = make_harness(seed=7, settings=_settings())
    h.press("return", *["3", "return"] * 20)
    summary = next(line for line in h.transcript if line.startswith("The hand is"))
    east_won = sum(1 for line in h.transcript if line.startswith("East wins"))
    assert f"East took {east_won} tricks. East's nil failed: minus 100 points." in (
        summary
    )


def test_a_side_of_one_nil_bidder_is_not_said_to_take_0_tricks() -> None:
    """In individual play a failed nil is its side's only bid."""
    import dataclasses

    from audiospades.presenter.scoring import hand_summary_lines
    from audiospades.rules import Bid, Rules, score_hand, seat_view
    from audiospades.rules.game import Game

    rules = dataclasses.replace(Rules.pagat(players=3), partnerships=False)
    score = score_hand(rules, [Bid(0), Bid(8), Bid(6)], [2, 8, 7], [0, 0, 0], [0, 0, 0])
    view = seat_view(Game(rules, first_dealer=0), 0)
    names = ("South", "Hazel", "Omar")
    lines = hand_summary_lines(score, view, names)
    assert lines[0].startswith("You took 2 tricks. Your nil failed: minus 100 points.")
    assert "took 0 tricks" not in " ".join(lines)
