"""A spectator takes a seat freed during the game, by keys (the game's menu).

Bob leaves Ann's game under way; a computer plays his seat. Cid, who watches, is
told how to take it, takes it from the game menu (Escape, "Sit in seat 2,
partner of Bert") and plays it to the end, hearing where he sits, his own turns
and his hand. Before, only the lobby offered the seat: the game menu had no such
item, and the server refused a spectator ("The game has started").
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from online_helpers import (
    DEADLINE,
    connect,
    heard,
    server_thread,
    start_ann_and_bobs_game,
    until,
)

from audiospades.app.harness import Harness
from audiospades.app.online_table import OnlineTableScreen

LEFT = (
    "Bob left the table; {name}, a computer player, plays in their place. "
    "To take the seat: Escape, then Sit in seat 2."
)


def _cid_watches_from_bobs_chair(cid: Harness) -> OnlineTableScreen:
    """Cid, in the lobby, watches the game under way from Bob's chair (seat 2)."""

    def listed_under_way() -> bool:
        cid.press("home")
        return "game under way" in cid.last

    until(listed_under_way, cid)
    cid.patience_seconds = 0.3  # a spectator's table is never idle
    cid.press("return", "return", "down", "return")  # Watch, from seat 2
    until(lambda: isinstance(cid.app.top, OnlineTableScreen), cid)
    watching = cid.app.top
    assert isinstance(watching, OnlineTableScreen)
    assert not watching.remote.is_seated
    return watching


def _bob_leaves(bob: Harness) -> None:
    """Bob leaves the game under way from its menu (Y to "Leave the table?")."""
    assert isinstance(bob.app.top, OnlineTableScreen)
    bob.press("escape", "end", "return", "y")


def _stand_in(watching: OnlineTableScreen) -> str:
    """The name of who sits in seat 2 now (the computer player, once Bob left)."""
    seat = next(s for s in watching.remote.info.seats if s.seat == 1)
    return seat.name or ""


def _top(harness: Harness) -> OnlineTableScreen:
    table = harness.app.top
    assert isinstance(table, OnlineTableScreen)
    return table


def _play_to_the_end(
    players: list[tuple[Harness, Callable[[], OnlineTableScreen]]],
) -> None:
    """Each plays on their turn (no blind nil, bid 3, the focused card) until
    every table has told the end (bounded)."""
    end = time.monotonic() + 10 * DEADLINE
    while True:
        tables = [(h, top()) for h, top in players]
        if all(t.finished for _, t in tables):
            return
        assert time.monotonic() < end, "the game did not end"
        for harness, table in tables:
            if table.finished:
                harness.frame()
            elif table.remote.question is not None:
                harness.press("n")
            elif not table.remote.is_human_turn:
                harness.frame()
            elif table.view.legal_bids:
                harness.press("3", "return")
            else:
                harness.press("tab", "return")
        time.sleep(0.005)


def test_a_spectator_takes_the_seat_someone_left_from_the_game_menu_and_plays_it(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        cid = connect(make_harness, server, "Cid")
        try:
            start_ann_and_bobs_game(ann, bob)
            watching = _cid_watches_from_bobs_chair(cid)
            _bob_leaves(bob)
            until(lambda: 1 in watching.remote.info.free_seats, cid)
            stand_in = _stand_in(watching)
            told = LEFT.format(name=stand_in)
            until(heard(cid, told), cid)
            # The game's menu offers the seat, after "Back to the table".
            cid.press("escape", "down")
            assert cid.last == "Sit in seat 2, partner of Bert, 2 of 6"
            cid.press("return")
            until(lambda: cid.app.top is not watching, cid)
            seated = cid.app.top
            assert isinstance(seated, OnlineTableScreen)
            assert seated.remote.is_seated and seated.remote.seat == 1
            cid.settle()
            # The computer bid for the seat if its turn came first (the first
            # dealer is drawn at random): then Cid is asked from the next hand.
            sat = seated.remote.view()
            bid_for_him = sat.bids[sat.seat] is not None
            said = "You sit in seat 2 at Ann's table. Your partner is Bert."
            assert said in cid.transcript
            after = cid.transcript[cid.transcript.index(said) + 1 :]
            # Where things stand, with his own hand, then his turn if it is.
            assert after[0].startswith("Hand 1. Your cards, 13: ")
            assert "You and Bert: 0, 0 bags." in after[0]
            # Ann hears Cid take the seat from the computer player.
            until(
                heard(
                    ann, f"Cid stops watching and sits in seat 2; {stand_in} leaves."
                ),
                ann,
            )
            _play_to_the_end([(ann, lambda: _top(ann)), (cid, lambda: _top(cid))])
            # Cid was asked for his bid and played his own cards, to the end.
            after = cid.transcript[cid.transcript.index(said) + 1 :]
            hands = seated.remote.view().hands_played
            if not bid_for_him or hands > 1:
                assert any(s.startswith("Your turn to bid") for s in after)
            plays = [s for s in after if s.startswith("You play the ")]
            assert len(plays) == 13 * hands
            assert seated.remote.view().is_over
            assert not seated.remote.is_stood_in
            assert "Cid" in seated.remote.names
        finally:
            cid.close()
            bob.close()
            ann.close()


def test_a_seat_taken_from_the_lobby_first_is_refused_and_the_spectator_watches_on(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Cid has the seat Bob left under the focus in the game menu; Bob, back in
    the lobby, finds the table listed with the seat free and the game under way,
    and takes it ("Sit in seat 2, partner of Bert", as Cid is offered it; before,
    "Sit at the first free seat"). Cid's Enter is refused: he hears why and
    watches on."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        cid = connect(make_harness, server, "Cid")
        try:
            start_ann_and_bobs_game(ann, bob)
            watching = _cid_watches_from_bobs_chair(cid)
            _bob_leaves(bob)
            until(lambda: 1 in watching.remote.info.free_seats, cid)
            until(heard(cid, LEFT.format(name=_stand_in(watching))), cid)
            cid.press("escape", "down")
            assert cid.last == "Sit in seat 2, partner of Bert, 2 of 6"

            def listed_with_the_seat() -> bool:
                bob.press("home")
                return "1 seat free" in bob.last

            until(listed_with_the_seat, bob)
            assert "game under way, 1 seat free, seated: Ann; " in bob.last
            bob.press("return")
            assert bob.last.endswith("Sit in seat 2, partner of Bert, 1 of 2")
            bob.press("down")
            assert bob.last == "Watch the game, 2 of 2"
            bob.press("up", "return")
            until(lambda: isinstance(bob.app.top, OnlineTableScreen), bob)
            until(lambda: 1 not in watching.remote.info.free_seats, cid)
            cid.press("return")
            until(heard(cid, "That seat is taken."), cid)
            assert cid.app.top is watching and not watching.remote.is_seated
            # The menu offers no seat now.
            cid.press("escape", "down")
            assert cid.last == "Options, 2 of 5"
        finally:
            cid.close()
            bob.close()
            ann.close()
