"""Play-test: with "wait for a key after each trick" on, the key that gathers the
trick is answered as doing so, never with "N does nothing here"."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from app_helpers import WAITING_SETTINGS, trick_waiting, waiting_game

from audiospades.app.harness import Harness


def _trick_waiting(make_harness: Callable[..., Harness]) -> Harness:
    h = trick_waiting(make_harness)
    assert h.last == "Press N to gather the trick."
    return h


@pytest.mark.parametrize("key", ["n", "return"])
def test_gathering_the_trick_is_answered(
    make_harness: Callable[..., Harness], key: str
) -> None:
    h = _trick_waiting(make_harness)
    mark = h.mark()
    h.press(key)
    said = h.said_since(mark)
    assert h.table.session.awaiting_trick_clear is False
    assert said[:1] == ["Trick gathered."]
    assert not any("does nothing here" in line for line in said)
    # The second time too: no "nothing here" knock after a real gather.
    h.press("tab", "return")
    for _ in range(6):
        h.settle()
        if h.table.session.awaiting_trick_clear:
            break
        h.press("tab", "return")
    sounds = len(h.sound.played)
    h.press(key)
    assert h.said_since(mark)[-1:] != [""]
    assert "nothing_here" not in [str(c[0].value) for c in h.sound.played[sounds:]]


def test_the_trick_that_ends_the_game_is_not_waited_on(
    make_harness: Callable[..., Harness],
) -> None:
    """ "Game over" is the last word, not "Press N to gather the trick" after it."""
    h = waiting_game(make_harness)
    for _ in range(60):
        h.settle()
        if h.table.finished:
            break
        h.press("tab", "return")
    assert h.table.finished
    over = max(i for i, line in enumerate(h.transcript) if line.startswith("Game over"))
    after = h.transcript[over + 1 :]
    assert "Press N to gather the trick." not in after, after
    assert h.table.session.awaiting_trick_clear is False


def test_a_trick_waiting_at_a_quit_is_shown_and_waits_after_continue(
    make_harness: Callable[..., Harness],
) -> None:
    h = _trick_waiting(make_harness)
    h.press("c")
    on_table = h.last
    assert "won it" in on_table
    again = make_harness(seed=1, settings=WAITING_SETTINGS)
    again.press("down")
    mark = again.mark()
    again.press("return")
    again.settle()
    said = again.said_since(mark)
    assert said[:2] == [
        f"Game resumed. Hand 1. {on_table}",
        "Press N to gather the trick.",
    ], said
    assert again.table.session.awaiting_trick_clear
    again.press("n")
    assert again.said_since(mark)[-1] == "Trick gathered."


def test_tab_while_a_trick_waits_says_to_gather_it(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: Tab answered "You cannot play a card now." without saying why, even
    with the next lead the player's: the trick waits to be gathered first."""
    h = _trick_waiting(make_harness)
    for key in ("tab", "shift+tab"):
        h.press(key)
        assert h.last == "The trick is complete: press N to gather it."
        assert h.table.session.awaiting_trick_clear  # nothing was gathered
    # A trick the player won: the next lead is theirs, and the trick still waits.
    for _ in range(40):
        h.settle()
        session = h.table.session
        if session.awaiting_trick_clear and session.view().to_act == 0:
            break
        h.press("n" if session.awaiting_trick_clear else "tab", "return")
    assert session.awaiting_trick_clear and session.view().to_act == 0
    h.press("tab")
    assert h.last == "The trick is complete: press N to gather it."
    h.press("n", "tab")
    assert not h.table.session.awaiting_trick_clear
    assert h.last.endswith(", playable")


@pytest.mark.parametrize("key", ["v", "i"])
def test_v_while_a_trick_waits_names_that_trick(
    make_harness: Callable[..., Harness], key: str
) -> None:
    """QA: V said "Trick 2 of 13" while trick 1 was still on the table, waiting
    for N. It names the trick waiting, complete, and the key that gathers it;
    once gathered, the next trick's number."""
    h = _trick_waiting(make_harness)
    session = h.table.session
    first = session.shown_trick
    assert first is not None and first.trick_index == 0
    h.press(key)
    assert h.last.startswith("Trick 1 of 13, complete: press N to gather it. You bid ")
    assert session.awaiting_trick_clear  # nothing was gathered
    h.press("n", key)
    assert h.last.startswith("Trick 2 of 13. You bid ")
