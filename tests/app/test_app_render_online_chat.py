"""The last chat lines in sight on the picture of an online table (low-vision QA).

A chat line showed only as the latest spoken line at the bottom, and the next
move replaced it: a low-vision player who glanced away missed what was said.
Now the last lines stay in a framed box where the places leave room, at the
labels' size and never below the floor, clear of every label, card and tag,
in every language and window size; where there is no such room (six players
in a small window, a large text size), the last line stays above the latest
spoken one until the next chat line comes.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from pathlib import Path

import pygame
from online_helpers import (
    connect,
    heard,
    play_online_until,
    play_until_the_turn_of,
    server_thread,
    start_ann_and_bobs_game,
    type_keys,
    until,
)

from audiospades import i18n
from audiospades.app.harness import Harness
from audiospades.app.online_table import OnlineTableScreen
from audiospades.app.render import Mark, drawn_marks, drawn_texts
from audiospades.app.table_layout import TEXT_FLOOR, font, place_reach
from audiospades.presenter.online import chat_text
from audiospades.storage import Settings

SIZES = [(800, 600), (1024, 720), (1920, 1080)]
LANGUAGES = ["en", "de", "fr"]
SCALES = [1.0, 2.5]
SAID = [
    "hello everyone",
    "good luck",
    "I meant the king of spades, sorry",
    "nice one",
]


def _table(harness: Harness) -> OnlineTableScreen:
    top = harness.app.top
    assert isinstance(top, OnlineTableScreen)
    return top


def _chat(harness: Harness, *lines: str) -> None:
    for line in lines:
        harness.press("'", *type_keys(line), "return")


def _shown_chat(harness: Harness) -> list[str]:
    """The texts drawn in the chat box (the harness drawn last), after checking
    the picture: every text whole in the window, none over another, none below
    the floor; the box clear of every place, of the hand and of the "led" tag."""
    harness.frame()
    surface = pygame.display.get_surface()
    assert surface is not None
    window = surface.get_rect()
    texts = drawn_texts()
    floor = font(TEXT_FLOOR).get_height()
    for text, rect in texts:
        assert window.contains(rect), (text, rect, window)
        assert rect.h >= floor, (text, rect)
    for i, (text, rect) in enumerate(texts):
        for other, other_rect in texts[i + 1 :]:
            assert not rect.colliderect(other_rect), (text, other)
    layout = _table(harness).layout
    assert layout is not None
    boxes = [rect for mark, rect in drawn_marks() if mark is Mark.CHAT_LINES]
    if not boxes:
        return []
    (box,) = boxes
    assert window.contains(box)
    covers = [place_reach(layout, p.seat) for p in layout.places]
    covers += list(layout.hand)
    covers += [rect for mark, rect in drawn_marks() if mark is Mark.LED]
    assert box.collidelist(covers) < 0, (box, covers)
    assert box.bottom <= layout.status_top
    return [text for text, rect in texts if box.contains(rect)]


def _everywhere(
    harness: Harness,
    sizes: list[tuple[int, int]],
    check: Callable[[tuple[int, int], float, list[str], str], None],
) -> None:
    """``check(size, scale, shown_in_the_box, all_drawn_text)`` at each size,
    text size and language."""
    table = _table(harness)
    try:
        for size, scale, language in itertools.product(sizes, SCALES, LANGUAGES):
            pygame.display.set_mode(size)
            i18n.set_language(language)
            harness.services.settings = dataclasses.replace(
                harness.services.settings, language=language, text_scale=scale
            )
            table.layout = None  # arranged for this size, as at a deal
            shown = _shown_chat(harness)
            drawn = " ".join(text for text, _rect in drawn_texts())
            check(size, scale, shown, drawn)
    finally:
        i18n.set_language("en")
        harness.services.settings = dataclasses.replace(
            harness.services.settings, language="en", text_scale=1.0
        )
        pygame.display.set_mode(SIZES[0])


def test_the_last_chat_lines_stay_in_sight_after_the_next_move(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Bob says four lines at Ann and Bob's table of four; the game goes on to
    Ann's turn. Her picture still shows what he said, the newest line whole
    everywhere, and in a larger window at 100% the last lines, in order."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", draw=True, size=SIZES[0])
        bob = connect(make_harness, server, "Bob", draw=True, size=SIZES[0])
        try:
            start_ann_and_bobs_game(ann, bob)
            _chat(bob, *SAID)
            until(heard(ann, chat_text("Bob", SAID[-1])), ann, bob)
            play_until_the_turn_of(ann, bob)
            bidding = bool(_table(ann).view.legal_bids)
            ann.press(*(("3", "return") if bidding else ("tab", "return")))
            until(lambda: "Bob:" not in ann.services.last_line, ann, bob)

            def check(
                size: tuple[int, int], scale: float, shown: list[str], drawn: str
            ) -> None:
                newest = chat_text("Bob", SAID[-1])
                assert newest in drawn, (size, scale, drawn)
                if size != SIZES[0] and scale == 1.0:
                    said = " ".join(shown)
                    earlier = chat_text("Bob", SAID[-2])
                    assert f"{earlier} {newest}" in said, (size, shown)

            _everywhere(ann, SIZES, check)
        finally:
            ann.close()
            bob.close()


def test_six_players_in_a_small_window_keep_the_last_chat_line(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann with five computer players at 800x600 says two lines, then plays on:
    the last one stays in sight, in the box or above the latest spoken line."""
    rules = {
        "preset": "pagat",
        "player_count": 6,
        "partnerships": True,
        "target_score": None,
        "hand_limit": 1,
    }
    settings = dataclasses.replace(
        Settings(language="en", pace="fast"), last_rules=rules
    )
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(
            make_harness, server, "Ann", settings=settings, draw=True, size=SIZES[0]
        )
        try:
            ann.press("return", "end", "return")  # create "Ann's table"
            ann.settle()
            for _seat in range(5):  # a computer player in each other seat
                ann.press("down", "return", "return")
                ann.settle()
            ann.press("down", "return")  # Start the game
            ann.settle()
            table = _table(ann)
            _chat(ann, "good luck all", "gg")
            until(heard(ann, chat_text("Ann", "gg")), ann)
            play_online_until(
                ann,
                table,
                lambda: table.remote.is_human_turn and bool(table.view.trick),
            )
            assert "Ann:" not in ann.services.last_line

            def check(
                size: tuple[int, int], scale: float, shown: list[str], drawn: str
            ) -> None:
                assert chat_text("Ann", "gg") in drawn, (scale, drawn)

            _everywhere(ann, SIZES[:1], check)
        finally:
            ann.close()
