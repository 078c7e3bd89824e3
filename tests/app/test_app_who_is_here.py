"""W at a local table, by keys: who sits where, while bidding and in play; F1 and
F2 name the key (from the key map, as every other key)."""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import my_bid_turn, my_play_turn, play_until

from audiospades.app.harness import Harness
from audiospades.storage import Settings

_PLAYERS = ["milly", "rosa", "walter"]
_SEATS = (
    "South: you. Left opponent, West: Milly, 1 star. Partner, North: Rosa, 2 "
    "stars. Right opponent, East: Walter, 4 stars."
)


def _table(make_harness: Callable[..., Harness]) -> Harness:
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    settings = Settings(
        language="en", pace="fast", last_rules=rules, last_players=list(_PLAYERS)
    )
    h = make_harness(seed=5, settings=settings)
    play_until(h, my_bid_turn)
    return h


def test_w_names_every_seat_while_bidding_and_in_play(
    make_harness: Callable[..., Harness],
) -> None:
    h = _table(make_harness)
    h.press("w")
    assert h.last == _SEATS
    # W opens no bid entry and types nothing: the bid is still to be made.
    assert h.table.control.bid_entry == "" and not h.table.control.bid_open
    play_until(h, my_play_turn)
    h.press("w")
    assert h.last == _SEATS


def test_f1_and_f2_name_the_who_is_here_key(
    make_harness: Callable[..., Harness],
) -> None:
    h = _table(make_harness)
    h.press("f2", "w")
    assert h.last == "W: who sits in each seat, and who is watching online."
    h.press("f2", "f1")
    texts = [item.text() for item in h.app.top.items]  # type: ignore[attr-defined]
    assert "W: who sits in each seat, and who is watching online" in texts
