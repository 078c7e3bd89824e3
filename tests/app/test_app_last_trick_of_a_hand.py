"""With "wait for a key after each trick" on, a hand's last trick is not held.

QA: on the last trick of a hand the hand's summary was spoken first and then
"Press N to gather the trick." (the scores before the trick was gathered), while
the game's last trick was not held at all. Both ends now go alike: the summary
follows the trick, and no gather prompt comes after it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from app_helpers import WAITING_SETTINGS, play_until

from audiospades.app.harness import Harness
from audiospades.rules import Bid, Phase

_PROMPT = "Press N to gather the trick."


def _gathering(harness: Harness) -> bool:
    """Gather each waiting trick with N, as the player must; never done."""
    table = harness.table
    if table is not None and table.session.awaiting_trick_clear:
        harness.press("n")
    return False


@pytest.mark.parametrize("hands", [1, 2])
def test_the_hands_summary_is_not_followed_by_a_gather_prompt(
    make_harness: Callable[..., Harness], hands: int
) -> None:
    rules = {**WAITING_SETTINGS.last_rules, "hand_limit": hands}
    h = make_harness(seed=7, settings=replace(WAITING_SETTINGS, last_rules=rules))

    def hand_scored(x: Harness) -> bool:
        _gathering(x)
        return x.table is not None and len(x.table.view.history) >= 1

    play_until(h, hand_scored, limit=3000)
    h.settle()
    said = h.transcript
    summary = next(
        i for i, line in enumerate(said) if line.startswith("The hand is over.")
    )
    assert "wins the trick" in said[summary - 1]
    assert not any(_PROMPT in line for line in said[summary:])
    # Each of the other twelve tricks waited to be gathered.
    assert sum(line.count(_PROMPT) for line in said[:summary]) == 12
    assert h.table.session.awaiting_trick_clear is False


# --- N pressed by habit after the hand's last trick (QA) ---
def _press_now(harness: Harness, token: str) -> None:
    """Press a key at this very moment, without letting the game run first."""
    import pygame

    from audiospades.app.harness import key_event, text_event

    event = key_event(token)
    pygame.event.post(event)
    typed = text_event(event)
    if typed is not None:
        pygame.event.post(typed)
    harness.frame()


def _until(harness: Harness, done: Callable[[], bool]) -> None:
    """Let the table's clock run, frame by frame, until ``done``."""
    for _ in range(2000):
        if done():
            return
        harness.clock.advance(50)
        harness.frame()
    raise AssertionError("the table did not get there")


def _last_card_played(hands: int) -> Harness:
    """A game waiting after each trick (seed 7), its first hand played by keys,
    each trick gathered with N, up to the hand's last card, just played."""
    rules = {**WAITING_SETTINGS.last_rules, "hand_limit": hands}
    settings = replace(WAITING_SETTINGS, pace="normal", last_rules=rules)
    h = Harness(settings=settings, seed=7)
    h.press("return", "3", "return")
    for trick in range(13):
        h.press("tab", "return")
        if trick < 12:
            h.press("n")
    return h


def _summary_told(h: Harness, mark: int) -> bool:
    return any(line.startswith("The hand is over.") for line in h.said_since(mark))


def _interruptions(h: Harness, mark: int) -> list[str]:
    return [s.text for s in h.speaker.spoken[mark:] if s.interrupt]


def test_n_by_habit_while_the_summary_is_told_does_not_cut_it() -> None:
    """QA: N about 1.5 s after the last card said "The next hand is being dealt."
    over the hand's summary (some ten seconds of it)."""
    h = _last_card_played(hands=2)
    mark = h.mark()
    _until(h, lambda: _summary_told(h, mark))
    assert h.table.view.phase is Phase.DEALING
    _press_now(h, "n")
    h.settle()
    assert _interruptions(h, mark) == []
    said = h.said_since(mark)
    summary = next(i for i, s in enumerate(said) if s.startswith("The hand is over."))
    assert said[summary + 1] == "The next hand is being dealt."
    assert said[summary + 2] == "Hand 2. Poppy deals."
    assert said[-1].startswith("Your turn to bid.")
    # The hand's summary stays on the table: the habit was no move on.
    assert h.table.summary.startswith("The hand is over.")


def test_n_by_habit_come_at_the_next_bid_opens_no_nil_entry() -> None:
    """QA: N about 3 s after the last card, the next deal and the player's turn to
    bid come meanwhile, cut the summary, the deal, the cards and the bid prompt
    with "nil", and opened a nil entry (N, A, P then said "nil nil nil")."""
    h = _last_card_played(hands=2)
    mark = h.mark()
    session = h.table.session
    _until(h, lambda: session.is_human_turn)
    assert h.table.view.phase is Phase.BIDDING
    _press_now(h, "n")
    assert _interruptions(h, mark) == []
    said = h.said_since(mark)
    assert "nil" not in said
    assert said[-2].startswith("Your turn to bid. Type a number")
    assert said[-1] == "Your turn to bid."
    assert not h.table.control.is_bid_entry_open
    # The next N is the player's own: the nil it says it is.
    h.press("n")
    assert h.last == "nil"
    h.press("3", "return")
    assert h.table.view.bids[0] == Bid(3)


def test_n_by_habit_after_the_games_last_trick_does_not_cut_the_result() -> None:
    """The game's last trick is not held either: "Game over" and the result are
    heard whole, and N says after them that the game is over."""
    h = _last_card_played(hands=1)
    mark = h.mark()
    _until(h, lambda: _summary_told(h, mark))
    _press_now(h, "n")
    h.settle()
    assert _interruptions(h, mark) == []
    said = h.said_since(mark)
    assert any(line.startswith("Game over.") for line in said)
    assert said[-1] == "The game is over."
