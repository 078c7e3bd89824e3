"""A hand's summary held over the next deal at an online table, and the keys that
move on from it.

The summary of a hand stays drawn over the next hand until the player presses a
key (see ``TableScreen.hold_summary``). At an online table the chat key (the
apostrophe) and Escape were not counted: the summary stayed drawn over the chat
line being typed and over the game menu and its questions, the new hand hidden
under it, until some other key. Now they move on from it as every key does.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from online_helpers import connect, host_a_game, play_online_until, server_thread

from audiospades.app.harness import Harness, key_event
from audiospades.app.online_table import OnlineGameMenu, OnlineTableScreen
from audiospades.app.render import drawn_texts
from audiospades.app.text_entry import TextEntryScreen
from audiospades.storage import Settings

TWO_HANDS = {
    "preset": "pagat",
    "target_score": None,
    "hand_limit": 2,
    # No blind nil question before the second hand's cards are seen: the hand
    # is there to be drawn once the summary gives way.
    "blind_nil_allowed": False,
}


def _on_screen() -> str:
    return " ".join(text for text, _rect in drawn_texts())


def _press_now(player: Harness, token: str) -> None:
    """Press a key without letting the game run on first (as Harness.press does)."""
    import pygame

    pygame.event.post(key_event(token))
    player.frame()


def _summary_held_over_the_next_deal(player: Harness) -> OnlineTableScreen:
    """Ann's game with three computer players, played by keys until the first
    hand is scored and the second dealt, its summary still drawn over it."""
    table = host_a_game(player)
    play_online_until(
        player, table, lambda: table.view.deal_count >= 2 and bool(table.summary)
    )
    player.frame()
    assert table.summary.startswith("The hand is over."), table.summary
    assert table.summary in _on_screen()
    assert table.layout is not None and not table.layout.hand  # the hand waits
    return table


@pytest.mark.parametrize(
    ("key", "opened"),
    [("'", TextEntryScreen), ("escape", OnlineGameMenu)],
)
def test_the_chat_key_and_escape_move_on_from_the_summary(
    make_harness: Callable[..., Harness],
    tmp_path: Path,
    key: str,
    opened: type,
) -> None:
    """The apostrophe opens the chat line, Escape the game menu: the held summary
    gives way as for any other key, and back at the table the new hand is drawn."""
    settings = Settings(language="en", pace="fast", last_rules=dict(TWO_HANDS))
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", settings=settings, draw=True)
        try:
            table = _summary_held_over_the_next_deal(ann)
            summary = table.summary
            _press_now(ann, key)
            assert isinstance(ann.app.top, opened)
            assert table.summary == ""
            assert summary not in _on_screen()
            _press_now(ann, "escape")  # back to the table
            assert ann.app.top is table
            ann.frame()
            assert summary not in _on_screen()
            assert table.layout is not None
            assert len(table.layout.hand) == len(table.view.hand) > 0
        finally:
            ann.close()


def test_online_no_trick_waits_so_n_after_the_hand_is_the_players_own(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """At a local table that waits after each trick, N pressed by habit after a
    hand's last trick (which is not held) is not taken for a nil bid. The server
    paces every trick, whatever that setting says: no N gathers one online, so
    there is no habit to mistake, and N at the next bid is the nil it says."""
    settings = Settings(
        language="en", pace="fast", wait_after_trick=True, last_rules=dict(TWO_HANDS)
    )
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", settings=settings)
        try:
            table = host_a_game(ann)
            mark = ann.mark()
            play_online_until(
                ann,
                table,
                lambda: table.view.deal_count >= 2 and table.remote.is_human_turn,
            )
            assert not any("to gather" in line for line in ann.said_since(mark))
            assert not table.control.after_last_trick
            _press_now(ann, "n")
            assert ann.last == "nil"
            assert table.control.is_bid_entry_open
        finally:
            ann.close()
