"""The lobby's words for watching a table: every seat is a chair to watch from,
named by who sits there, a free seat by its number alone."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from audiospades import i18n
from audiospades.net.protocol import SeatInfo, SeatKind, TableInfo, TableState
from audiospades.presenter.online import watch_from_seat_label


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
