"""Keys pressed with the one that opens the table: its opening lines are heard.

The window's loop takes every key waiting when a frame begins, so Enter on "New
game" or "Continue" and a key pressed with it (a second Enter) are handled in one
frame: the second key reaches a table whose opening lines (who plays, the deal,
the cards; or where the resumed game stands) were queued a moment ago and are
still unheard. A key script cannot press two keys in one frame (the harness
settles before each key): these tests post them before one frame.

QA found the refusals the game gives such a key ("It is not your turn. Poppy is
bidding.", "You must follow diamonds: ...") spoken with interrupt over the
opening lines: only the controller's own answers waited for them. And a second
Enter on "Continue" played the card under the focus: a key meant for the screen
before must not act on a table the player has not heard yet. Only a key that
asks is answered; any other says it did nothing, after the opening lines.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from audiospades.app.harness import Harness, key_event, text_event
from audiospades.app.main_menu import MainMenu
from audiospades.app.table import TableScreen
from audiospades.storage import Settings

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
STRAY_ENTER = (
    "Enter did nothing: it was pressed as the table opened. Press it again to use it."
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
    assert said[3] == STRAY_ENTER
    assert not _cut_since(h, cut)


def test_a_second_enter_with_continue_does_not_cut_where_the_game_stands(
    make_harness: Callable[..., Harness],
) -> None:
    h = _on_continue(make_harness)
    mark, cut = h.mark(), len(h.speaker.cut)
    _together(h, "return", "return")
    said = h.said_since(mark)
    assert said[:2] == [RESUMED, RESUMED_TURN]
    assert said[2] == STRAY_ENTER
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


def _actions(h: Harness) -> int:
    table = h.table
    assert isinstance(table, TableScreen)
    return table.session.action_count


def test_a_second_enter_with_continue_plays_no_card(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: "Game resumed. Hand 1. Your lead. ... You play the 4 of diamonds."

    The game saved at the player's lead, the focus on a card they may play:
    Enter on Continue and a second Enter pressed with it play nothing. The
    next Enter, pressed once the table is heard, plays the card.
    """
    settings = Settings(
        language="en",
        pace="fast",
        last_rules={"preset": "pagat", "target_score": None, "hand_limit": 2},
    )
    h = make_harness(seed=9, settings=settings)
    h.settle()
    h.press("return", "3", "return", "tab", "return", "tab", "return")
    h.press("escape", "down", "down", "down", "down", "return")  # save and leave
    h.press("home", "down")
    mark = h.mark()
    _together(h, "return", "return")
    h.settle()
    assert h.said_since(mark) == [
        "Game resumed. Hand 1.",
        "Your lead. Spades are not broken.",
        STRAY_ENTER,
    ]
    before = _actions(h)
    h.press("return")
    assert h.said_since(mark)[3] == "You play the 4 of diamonds."
    assert _actions(h) > before


def test_a_digit_with_new_game_opens_no_bid_for_the_next_enter(
    make_harness: Callable[..., Harness],
) -> None:
    """The player bids first: a 3 pressed with New game types no bid, so the
    Enter that follows opens the entry rather than bidding 3."""
    h = make_harness(seed=3)
    h.settle()
    mark = h.mark()
    _together(h, "return", "3")
    h.settle()
    said = h.said_since(mark)
    assert said[-2:] == [
        "Your turn to bid. Type a number and press Enter; 0 is nil.",
        "3 did nothing: it was pressed as the table opened. Press it again to use it.",
    ]
    before, mark = _actions(h), h.mark()
    h.press("return")
    assert h.said_since(mark) == [
        "Your bid: type a number from 0 to 13, or N for nil, and press Enter."
    ]
    assert _actions(h) == before


def test_a_second_enter_back_at_the_table_places_no_typed_bid(
    make_harness: Callable[..., Harness],
) -> None:
    """3 typed, Escape, then Enter on "Back to the table" with a second Enter:
    the 3 is not bid by a key pressed in the game menu."""
    h = make_harness(seed=3)
    h.settle()
    h.press("return", "3", "escape")
    before, mark = _actions(h), h.mark()
    _together(h, "return", "return")
    assert h.said_since(mark)[-1] == STRAY_ENTER
    table = h.table
    assert isinstance(table, TableScreen)
    assert table.session.is_human_turn
    assert table.control.bid_entry == "3"
    assert _actions(h) == before


def _saved_game(h: Harness) -> None:
    h.press("return", "3", "return")
    h.press("escape", "down", "down", "down", "down", "return")  # save and leave


@pytest.mark.parametrize(
    ("route", "opener"),
    [
        pytest.param((), "return", id="new game"),
        pytest.param(("r", "return", "end"), "return", id="rules, start"),
        pytest.param(("saved", "home", "down"), "return", id="continue"),
        pytest.param(("saved", "home", "return"), "y", id="new game over a saved one"),
        pytest.param(("end", "up", "up", "return"), "return", id="the tour"),
        pytest.param(("end", "up", "up", "return", "down"), "return", id="a lesson"),
    ],
)
def test_every_way_to_a_table_takes_no_enter_pressed_with_the_opening_key(
    make_harness: Callable[..., Harness], route: tuple[str, ...], opener: str
) -> None:
    h = make_harness(seed=7)
    h.settle()
    for key in route:
        if key == "saved":
            _saved_game(h)
        else:
            h.press(key)
    assert h.table is None
    mark, cut = h.mark(), len(h.speaker.cut)
    _together(h, opener, "return")
    assert h.table is not None
    assert STRAY_ENTER in h.said_since(mark)
    assert not _cut_since(h, cut)
