"""Keys pressed with the one that opens the table: its opening lines are heard.

The window's loop takes every key waiting when a frame begins, so Enter on "New
game" or "Continue" and a key pressed with it (a second Enter) are handled in one
frame: the second key reaches a table whose opening lines (who plays, the deal,
the cards; or where the resumed game stands) were queued a moment ago and are
still unheard. A key script cannot press two keys in one frame (the harness
settles before each key): these tests post them before one frame.

QA found the refusals the game gives such a key ("It is not your turn. Poppy is
bidding.", "You must follow diamonds: ...") spoken with interrupt over the
opening lines: only the controller's own answers waited for them.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from audiospades.app.harness import Harness, key_event, text_event
from audiospades.app.main_menu import MainMenu

WHO_PLAYS = (
    "New game with Milly, Lena and Poppy, in playing order. Lena is your partner."
)
DEALT = "Hand 1. Lena deals."
CARDS = (
    "Your cards, 13: Clubs: king, queen, jack and 4. Diamonds: queen and 7. "
    "Hearts: jack, 10, 8 and 7. Spades: 7, 4 and 3."
)
RESUMED = "Game resumed. Hand 1. On the table: Poppy, ace of diamonds."
RESUMED_TURN = (
    "Your turn. You may play any diamond. Tab moves to the cards you may play."
)


def _together(h: Harness, *tokens: str) -> None:
    """Keys pressed together: all waiting when one frame begins."""
    for token in tokens:
        event = key_event(token)
        pygame.event.post(event)
        typed = text_event(event)
        if typed is not None:
            pygame.event.post(typed)
    h.frame()


def _on_new_game(make_harness: Callable[..., Harness]) -> Harness:
    """The main menu on New game; Poppy, on the player's right, bids first."""
    h = make_harness(seed=7)
    h.settle()
    assert isinstance(h.app.top, MainMenu)
    assert h.last.endswith("New game, 1 of 12")
    return h


def _on_continue(make_harness: Callable[..., Harness]) -> Harness:
    """The main menu on Continue; the saved game waits for the player's card."""
    h = make_harness(seed=7)
    h.settle()
    h.press("return", "3", "return")  # a new game, the player's bid
    h.press("escape", "down", "down", "down", "down", "return")  # save and leave
    assert isinstance(h.app.top, MainMenu)
    h.press("home", "down")
    assert h.last.startswith("Continue, 2 of ")
    return h


def _cut_since(h: Harness, cut: int) -> list[str]:
    return h.speaker.cut[cut:]


def test_a_second_enter_with_new_game_does_not_cut_the_opening_lines(
    make_harness: Callable[..., Harness],
) -> None:
    h = _on_new_game(make_harness)
    mark, cut = h.mark(), len(h.speaker.cut)
    _together(h, "return", "return")
    said = h.said_since(mark)
    assert said[:3] == [WHO_PLAYS, DEALT, CARDS]
    assert said[3] == "It is not your turn. Poppy is bidding."
    assert not _cut_since(h, cut)


def test_a_second_enter_with_continue_does_not_cut_where_the_game_stands(
    make_harness: Callable[..., Harness],
) -> None:
    h = _on_continue(make_harness)
    mark, cut = h.mark(), len(h.speaker.cut)
    _together(h, "return", "return")
    said = h.said_since(mark)
    assert said[:2] == [RESUMED, RESUMED_TURN]
    assert said[2].startswith("You must follow diamonds")
    assert not _cut_since(h, cut)


def test_a_key_nothing_answers_with_new_game_waits_for_the_opening_lines(
    make_harness: Callable[..., Harness],
) -> None:
    """F3 with New game: "F3 does nothing here." (said at the end of the frame)
    comes after the new game's lines, not over them."""
    h = _on_new_game(make_harness)
    mark, cut = h.mark(), len(h.speaker.cut)
    _together(h, "return", "f3")
    said = h.said_since(mark)
    assert said[:3] == [WHO_PLAYS, DEALT, CARDS]
    assert said[3] == "F3 does nothing here. F1 lists the keys."
    assert not _cut_since(h, cut)


def test_a_key_in_the_next_frame_interrupts_as_ever(
    make_harness: Callable[..., Harness],
) -> None:
    h = _on_new_game(make_harness)
    h.press("return")
    h.settle()
    mark = h.mark()
    h.press("r")
    assert [s.interrupt for s in h.speaker.spoken[mark:]] == [True]
    assert h.last == CARDS
