"""A listed table's choices (Enter on it in the lobby), kept current while shown.

Before, the seats Bob heard when he pressed Enter on Ann's table stayed as they
were: a seat Ann then gave to a computer player was still offered (and refused
only when chosen), and a table that closed was still there to join. The lobby
takes in the list's changes all the while; the choices now follow them in
place, as a private table's found by its code do.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from online_helpers import connect, heard, server_thread, until

from audiospades.app.harness import Harness
from audiospades.app.lobby import (
    LobbyScreen,
    TableChoiceScreen,
    WaitingRoomScreen,
    WatchChoiceScreen,
)


def _bob_at_the_choices_of_anns_table(ann: Harness, bob: Harness) -> TableChoiceScreen:
    """Ann opens a public table; Bob, in the lobby, presses Enter on it."""
    ann.press("return", "end", "return")
    until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
    until(heard(bob, "New table: Ann's table."), bob)
    bob.press("home", "return")
    choice = bob.app.top
    assert isinstance(choice, TableChoiceScreen)
    return choice


def _labels(choice: TableChoiceScreen) -> list[str]:
    return [item.text() for item in choice.items]


def test_seats_taken_and_the_start_are_followed_in_place(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob is on "Sit in seat 3" when Ann seats Milly there: he hears that two
    seats are free now and the choice the focus moved to, once (the lobby under
    the choices does not say it again). Ann fills the table: "full", and only
    watching is offered. Ann starts: that is said too, and the
    choices stay open."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            choice = _bob_at_the_choices_of_anns_table(ann, bob)
            bob.press("down", "down")
            assert bob.last == "Sit in seat 3, partner of Ann, 3 of 5"
            mark = bob.mark()
            ann.press("down", "down", "return", "return")  # seat 3: Milly
            until(heard(ann, "Milly, a computer player, sits in seat 3."), ann)
            told = "Ann's table now has 2 seats free. Sit in seat 4, 3 of 4"
            until(heard(bob, told), bob)
            assert bob.app.top is choice
            assert _labels(choice) == [
                "Sit at the first free seat",
                "Sit in seat 2",
                "Sit in seat 4",
                "Watch the game",
            ]
            bob.press("up")
            assert bob.last == "Sit in seat 2, 2 of 4"
            ann.press("up", "return", "return")  # seat 2: Bert
            until(heard(ann, "Bert, a computer player, sits in seat 2."), ann)
            freed = "Ann's table now has 1 seat free. Watch the game, 2 of 2"
            until(heard(bob, freed), bob)
            # One free seat: "the first free seat" is the only way to it.
            assert _labels(choice) == ["Sit at the first free seat", "Watch the game"]
            ann.press("down", "down", "return", "return")  # seat 4: Poppy
            until(heard(ann, "Poppy, a computer player, sits in seat 4."), ann)
            until(heard(bob, "Ann's table is full."), bob)
            assert _labels(choice) == ["Watch the game"]
            ann.press("down", "return")  # Start the game
            until(heard(bob, "Ann's table has started playing."), bob)
            assert bob.app.top is choice
            said = bob.said_since(mark)
            assert said == [
                told,
                "Sit in seat 2, 2 of 4",
                freed,
                "Ann's table is full.",  # the focus was on watching already
                "Ann's table has started playing.",
            ], said
        finally:
            ann.close()
            bob.close()


def test_a_seat_freed_comes_back_to_the_choices(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Cat sits at Ann's table and then leaves it while Bob has its choices
    open: the seat is offered again, and he hears how many are free."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        cat = connect(make_harness, server, "Cat")
        try:
            choice = _bob_at_the_choices_of_anns_table(ann, bob)
            until(heard(cat, "New table: Ann's table."), cat)
            cat.press("home", "return", "down", "return")  # seat 2
            until(heard(bob, "Ann's table now has 2 seats free."), bob)
            assert "Sit in seat 2" not in _labels(choice)
            cat.press("escape", "y")
            until(heard(bob, "Ann's table now has 3 seats free."), bob)
            assert _labels(choice)[1] == "Sit in seat 2"
        finally:
            ann.close()
            bob.close()
            cat.close()


def test_the_chairs_close_with_a_word_when_the_table_closes(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob is choosing a chair to watch from when Ann, alone at her table,
    leaves it: he hears it closed, once, and is back in the lobby on the line
    that took its place."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            _bob_at_the_choices_of_anns_table(ann, bob)
            bob.press("end", "return")
            assert isinstance(bob.app.top, WatchChoiceScreen)
            mark = bob.mark()
            ann.press("escape", "y")  # alone at it: the table closes
            until(lambda: isinstance(bob.app.top, LobbyScreen), bob)
            bob.settle()
            assert bob.said_since(mark) == [
                "Ann's table has closed.",
                "Create a table, 1 of 6",
            ]
        finally:
            ann.close()
            bob.close()
