"""A new game's opening lines are heard in full, even with a key pressed at once.

The window's loop takes every key waiting when a frame begins: Enter on "New
game" and a key pressed with it (a second Enter, R) are handled in one frame.
Before, the table answered the second key before its first deal ("It is not your
turn to bid.", "You hold no cards.", "The next hand is being dealt."), and its
answer, spoken with interrupt, cut "New game with ..." off; dealt at once, the
answer still cut off the deal, the cards and the turn. Found by a QA pass after
a finished game, driven here by keys from that finished game.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from app_helpers import play_until

from audiospades.app.harness import Harness, key_event, text_event
from audiospades.app.main_menu import MainMenu

CARDS = (
    "Your cards, 13: Clubs: ace, king, 5, 3 and 2. Diamonds: king, 10, 9, 7 and 3. "
    "Hearts: jack and 6. Spades: queen."
)
TURN = "Your turn to bid. Type a number and press Enter; 0 is nil."
# A second Enter does nothing at a table not heard yet (test_app_table_opening).
STRAY_ENTER = (
    "Enter did nothing: it was pressed as the table opened. Press it again to use it."
)


def _on_new_game_after_a_game(make_harness: Callable[..., Harness]) -> Harness:
    """A one-hand game played to its end by keys, then the main menu on New game."""
    h = make_harness(seed=7)
    play_until(h, lambda x: x.table is not None and x.table.finished, limit=3000)
    h.press("escape", "end", "return")  # the game menu's Main menu
    assert isinstance(h.app.top, MainMenu)
    assert h.last == "New game, 1 of 12"
    return h


def _together(h: Harness, *tokens: str) -> None:
    """Keys pressed together: all waiting when one frame begins."""
    for token in tokens:
        event = key_event(token)
        pygame.event.post(event)
        typed = text_event(event)
        if typed is not None:
            pygame.event.post(typed)
    h.frame()


@pytest.mark.parametrize(
    ("key", "answer"),
    [
        ("return", STRAY_ENTER),
        ("r", CARDS),
        ("t", "Your turn to bid."),
    ],
)
def test_a_key_pressed_with_new_game_is_answered_after_the_opening(
    make_harness: Callable[..., Harness], key: str, answer: str
) -> None:
    h = _on_new_game_after_a_game(make_harness)
    mark, cut = h.mark(), len(h.speaker.cut)
    _together(h, "return", key)
    said = h.said_since(mark)
    assert said == [
        "New game with Ivy, Nadia and Walter, in playing order. Nadia is your partner.",
        "Hand 1. Walter deals.",
        CARDS,
        TURN,
        answer,
    ]
    # Nothing of it cut off: the key's answer waits its turn.
    assert not set(h.speaker.cut[cut:]) & set(said), h.speaker.cut[cut:]


def test_a_key_after_the_opening_frame_interrupts_as_ever(
    make_harness: Callable[..., Harness],
) -> None:
    h = _on_new_game_after_a_game(make_harness)
    h.press("return")
    mark = h.mark()
    h.press("t")
    assert [s.interrupt for s in h.speaker.spoken[mark:]] == [True]
    assert h.last == "Your turn to bid."
