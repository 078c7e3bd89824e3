"""A key pressed with the one that brings the online table back takes no card.

The online table is the local one with a connection (``OnlineTableScreen`` is a
``TableScreen``): a second Enter pressed with Enter on the game menu's "Back to
the table" (both handled in one frame) was meant for the menu. It sends no
card; it says it did nothing, after the turn is said again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from online_helpers import (
    PLAYING_AWAY_SECONDS,
    HeldFrames,
    connect,
    heard,
    host_a_game,
    play_online_until,
    play_until_the_turn_of,
    server_thread,
    stand_in_for_the_one_awaited,
    start_ann_and_bobs_game,
    until,
)

from audiospades.app.harness import Harness, key_event
from audiospades.app.online_table import OnlineGameMenu, OnlineTableScreen
from audiospades.net import protocol as p
from audiospades.rules import Phase

TAKEN_OVER = (
    "The table waited too long for you: a computer player now plays for you. "
    "Press any key at the table to play again."
)
STRAY_ENTER = (
    "Enter did nothing: it was pressed as the table opened. Press it again to use it."
)


def test_a_second_enter_back_at_the_online_table_sends_no_card(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    with server_thread(tmp_path / "server.db", takeover_seconds=30.0) as server:
        ann = connect(make_harness, server, "Ann")
        try:
            table = host_a_game(ann)
            ann.patience_seconds = 0.3

            def my_card() -> bool:
                remote = table.remote
                return remote.is_human_turn and remote.view().phase is Phase.PLAYING

            play_online_until(ann, table, my_card)
            ann.settle()
            cards = len(table.remote.view().hand)
            ann.press("escape")
            assert isinstance(ann.app.top, OnlineGameMenu)
            mark = ann.mark()
            pygame.event.post(key_event("return"))  # Back to the table
            pygame.event.post(key_event("return"))
            ann.frame()
            assert isinstance(ann.app.top, OnlineTableScreen)
            said = ann.said_since(mark)
            assert said[-1] == STRAY_ENTER, said
            assert not table.remote.awaiting_reply
            ann.settle()
            assert len(table.remote.view().hand) == cards
            assert table.remote.is_human_turn
            # Pressed again, once the table is heard, it plays the card.
            ann.press("return")
            until(lambda: len(table.remote.view().hand) == cards - 1, ann)
        finally:
            ann.close()


def test_a_key_that_only_asks_back_at_the_table_while_away_keeps_the_computer(
    make_harness: Callable[..., Harness],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Away at her turn, a computer took Ann's seat: any key at the table takes
    it back, R too. R pressed with Enter on the game menu's "Back to the table"
    was meant for the menu: the computer keeps the seat."""
    with server_thread(
        tmp_path / "server.db",
        away_seconds=PLAYING_AWAY_SECONDS,
        takeover_seconds=30.0,
    ) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            start_ann_and_bobs_game(ann, bob)
            play_until_the_turn_of(ann, bob)
            table = ann.app.top
            assert isinstance(table, OnlineTableScreen)
            # The computer's bid for her waits: the seat stays stood in for.
            held = HeldFrames(
                table.online.client.connection,
                let_through=lambda item: not isinstance(item, p.TableUpdate),
            )
            stand_in_for_the_one_awaited(server, monkeypatch)
            until(heard(ann, TAKEN_OVER), ann)
            assert table.remote.is_stood_in
            ann.press("escape")
            assert isinstance(ann.app.top, OnlineGameMenu)
            mark = ann.mark()
            pygame.event.post(key_event("return"))  # Back to the table
            pygame.event.post(key_event("r"))
            ann.frame()
            assert ann.app.top is table
            said = ann.said_since(mark)
            assert said[-1] == (
                "R did nothing: it was pressed as the table opened. "
                "Press it again to use it."
            ), said
            assert table.remote.is_stood_in
            held.release()
        finally:
            ann.close()
            bob.close()
