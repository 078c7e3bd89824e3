"""The table's arrangement follows its words within a hand (low-vision QA).

Round the table or in one row, the places were arranged at the deal and kept all
hand, so that they do not move as the hand empties. But the words they were
arranged for could change in the hand: the player switched to German in the
options (six players at 800x600: the trick's cards fell from 95 to 54 pixels,
under their 60-pixel floor, until the next deal), or online a label took a line
for a new tag ("computer plays"). Now a new language (or text size) arranges the
table again, and a label that grows so far that the trick's cards would fall
below their floor sends the places to one row at once.
"""

from __future__ import annotations

import random
import secrets
import types
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from app_helpers import play_until
from online_helpers import (
    PLAYING_AWAY_SECONDS,
    connect,
    heard,
    play_until_the_turn_of,
    server_thread,
    stand_in_for_the_one_awaited,
    until,
)

from audiospades import i18n
from audiospades.app.harness import Harness
from audiospades.app.lobby import WaitingRoomScreen
from audiospades.app.online_table import OnlineTableScreen
from audiospades.app.render import drawn_texts
from audiospades.app.table_layout import TableLayout, trick_floor
from audiospades.i18n import _, pgettext
from audiospades.net import table as net_table
from audiospades.rules import Phase
from audiospades.storage import Settings

SIX_IN_PAIRS = {
    "preset": "pagat",
    "player_count": 6,
    "partnerships": True,
    "target_score": None,
    "hand_limit": 1,
}


def _picture(harness: Harness) -> TableLayout:
    """The table's picture as just drawn: every text whole in the window and
    clear of the others, every place's card at least the trick's floor."""
    harness.frame()
    surface = pygame.display.get_surface()
    assert surface is not None
    window = surface.get_rect()
    texts = drawn_texts()
    for text, rect in texts:
        assert window.contains(rect), (text, rect)
    for i, (text, rect) in enumerate(texts):
        for other, other_rect in texts[i + 1 :]:
            assert not rect.colliderect(other_rect), (text, other)
    table = harness.app.top
    layout = getattr(table, "layout", None)
    assert isinstance(layout, TableLayout) and layout.size == window.size
    cards = [place.card.h for place in layout.places]
    assert min(cards) >= trick_floor(layout.size), (cards, layout.compact)
    return layout


def test_a_new_language_mid_hand_arranges_the_table_again(
    make_harness: Callable[..., Harness],
) -> None:
    """Six players at 800x600, in the middle of a trick: round the table in
    English. The player switches to German in the options and comes back: the
    longer labels leave the trick's cards their floor (the places in one row);
    back in English, the places are round the table again."""
    settings = Settings(language="en", pace="fast", last_rules=dict(SIX_IN_PAIRS))
    h = make_harness(seed=5, settings=settings, draw=True, size=(800, 600))
    h.press("return")
    play_until(
        h,
        lambda x: (
            x.table is not None
            and x.table.session.is_human_turn
            and x.table.session.game.phase is Phase.PLAYING
            and len(x.table.view.trick) >= 2
        ),
    )
    assert not _picture(h).compact  # round the table, as dealt
    trick = list(h.table.view.trick)
    h.press("escape", "down", "return")  # the game menu's Options
    h.press("right", "right", "right")  # Language: Français, Español, Deutsch
    assert i18n.current_language() == "de"
    h.press("escape", "escape")  # back at the table
    assert list(h.table.view.trick) == trick  # the same trick, in German
    german = _picture(h)
    you = _("You")  # in German now, in your label
    assert you != "You"
    mine = german.places[h.table.view.seat].label
    assert any(text == you and mine.contains(rect) for text, rect in drawn_texts())
    h.press("escape", "down", "return", "left", "left", "left", "escape", "escape")
    assert i18n.current_language() == "en"
    assert not _picture(h).compact


def _ann_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's next table is dealt first by its first seat (the host's)."""
    seed = next(s for s in range(100) if random.Random(f"{s}/table").randrange(6) == 0)
    fixed = types.SimpleNamespace(
        randbits=lambda bits: seed, token_hex=secrets.token_hex
    )
    monkeypatch.setattr(net_table, "secrets", fixed)


def test_a_tag_that_takes_a_line_mid_hand_keeps_the_trick_cards_floor(
    make_harness: Callable[..., Harness],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ann deals at a table of six with Bob and four computer players; Bob's
    window is 1280x720, his text size 110%. At the deal the places stand round
    the table. Ann lets her turn wait and a computer plays for her: her label,
    "partner"/"side" and "dealer", takes "computer plays" on a line of its own.
    The trick's cards stay at their floor (they fell from 99 to 39 pixels), the
    places going to one row, and stay there for the rest of the hand."""
    _ann_deals(monkeypatch)
    ann_settings = Settings(language="en", pace="fast", last_rules=dict(SIX_IN_PAIRS))
    bob_settings = Settings(language="en", pace="fast", text_scale=1.1)
    with server_thread(
        tmp_path / "server.db",
        away_seconds=PLAYING_AWAY_SECONDS,
        takeover_seconds=30.0,
    ) as server:
        ann = connect(make_harness, server, "Ann", settings=ann_settings)
        bob = connect(
            make_harness,
            server,
            "Bob",
            settings=bob_settings,
            draw=True,
            size=(1280, 720),
        )
        try:
            ann.press("return", "end", "return")  # create "Ann's table"
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            until(heard(bob, "New table: Ann's table."), bob)
            bob.press("home", "return", "return")  # the first free seat
            until(heard(ann, "Bob sits in seat 2."), ann)
            ann.press("down")
            for _seat in range(4):  # a computer player in each other seat
                ann.press("down", "return", "return")
                ann.settle()
            ann.patience_seconds = bob.patience_seconds = 0.3
            ann.press("down", "return")  # Start the game
            until(lambda: isinstance(bob.app.top, OnlineTableScreen), ann, bob)
            until(lambda: isinstance(ann.app.top, OnlineTableScreen), ann, bob)
            play_until_the_turn_of(ann, bob)
            table = bob.app.top
            assert isinstance(table, OnlineTableScreen)
            ann_seat = table.remote.names.index("Ann")
            assert table.view.dealer == ann_seat
            assert not _picture(bob).compact  # round the table, as dealt
            stand_in_for_the_one_awaited(server, monkeypatch)
            until(heard(bob, "A computer player now plays for Ann."), ann, bob)
            layout = _picture(bob)
            plays = pgettext("table tag", "computer plays")
            label = layout.places[ann_seat].label
            assert any(
                text == plays and label.contains(rect) for text, rect in drawn_texts()
            )
            assert layout.compact
            until(  # the computer bids for Ann, and Bob leads
                lambda: (
                    table.remote.is_human_turn and table.view.phase is Phase.PLAYING
                ),
                ann,
                bob,
            )
            assert _picture(bob).compact
        finally:
            ann.close()
            bob.close()
