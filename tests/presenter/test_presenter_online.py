"""The words of online play: every seat is a chair to watch from, named by who
sits there, a free seat by its number alone; spectators coming and going are told;
a computer standing in says for whom, and leaves when a person takes its seat."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from audiospades import i18n
from audiospades.net.protocol import (
    SeatChange,
    SeatInfo,
    SeatKind,
    TableInfo,
    TableState,
)
from audiospades.net.remote import NewsKind, OnlineNews
from audiospades.presenter.online import (
    news_utterance,
    occupant_text,
    seat_change_text,
    seated_list,
    watch_from_seat_label,
)


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _info() -> TableInfo:
    return TableInfo(
        id="t1",
        name="Friday",
        players=4,
        partnerships=True,
        target=500,
        hand_limit=None,
        preset="pagat",
        rules={"preset": "pagat"},
        private=False,
        state=TableState.PLAYING,
        host="p1",
        seats=[
            SeatInfo(seat=0, kind=SeatKind.HUMAN, name="Ann"),
            SeatInfo(seat=1, kind=SeatKind.COMPUTER, name="Milly", character="milly"),
            SeatInfo(seat=2, kind=SeatKind.HUMAN, name="Bob", connected=False),
            SeatInfo(seat=3, kind=SeatKind.EMPTY),
        ],
        free_seats=[3],
        spectators=0,
    )


def test_each_chair_to_watch_from_is_named_by_who_sits_there() -> None:
    info = _info()
    assert [watch_from_seat_label(seat, info) for seat in range(4)] == [
        "Watch from seat 1, Ann",
        "Watch from seat 2, Milly",
        "Watch from seat 3, Bob",
        "Watch from seat 4",
    ]


def test_the_players_hear_who_sits_down_to_watch_and_who_stops() -> None:
    """The QA tester's Dan watched unannounced, then chatted "dan: hi" to players
    who did not know he was listening."""
    came = OnlineNews(NewsKind.SEAT, change=SeatChange.WATCHING, name="dan")
    went = OnlineNews(NewsKind.SEAT, change=SeatChange.STOPPED_WATCHING, name="dan")
    assert seat_change_text(came, own_seat=0) == "dan is watching."
    assert seat_change_text(went, own_seat=0) == "dan stopped watching."
    said = news_utterance(came, "ws://x", 0)
    assert said is not None and said.text == "dan is watching."


def test_a_person_taking_a_computers_seat_is_heard_to_send_it_away() -> None:
    """Cat left, Hazel played her seat, cat sat down again: the others heard only
    "cat sits in seat 2.", as if she were new and the computer still there."""
    back = OnlineNews(
        NewsKind.SEAT,
        change=SeatChange.RETURNED,
        real_seat=1,
        name="cat",
        previous="Hazel",
        previous_is_computer=True,
    )
    assert seat_change_text(back, own_seat=0) == "cat is back in seat 2; Hazel leaves."
    newcomer = replace(back, change=SeatChange.JOINED, name="dan")
    assert seat_change_text(newcomer, own_seat=0) == (
        "dan sits in seat 2; Hazel leaves."
    )
    # Back on a new connection after a takeover: the seat was still the person's.
    reconnected = replace(back, previous="cat", previous_is_computer=False)
    assert seat_change_text(reconnected, own_seat=0) == "cat is back and plays again."
    # A free seat taken before the game: no one leaves it.
    sits = replace(newcomer, previous="", previous_is_computer=False)
    assert seat_change_text(sits, own_seat=0) == "dan sits in seat 2."


def test_a_stand_in_says_whose_seat_it_plays() -> None:
    stand_in = SeatInfo(
        seat=0,
        kind=SeatKind.COMPUTER,
        name="Hazel",
        character="hazel",
        stand_in=True,
        stands_in_for="ann",
    )
    assert occupant_text(stand_in) == "Hazel, a computer standing in for ann"
    assert seated_list(["Hazel, a computer standing in for ann", "cat", "bob"]) == (
        "Hazel, a computer standing in for ann; cat; bob"
    )
    assert seated_list(["cat"]) == "cat"
    assert seated_list([]) == ""
