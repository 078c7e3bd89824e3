"""A private table's code stays in sight in its waiting room (low-vision QA).

The code was said once, on arriving ("Private table: its code is T Y L G 6 Q."),
and shown only in the latest line: the first key (Down, to seat a computer
player) replaced it, and a host reading the code out to friends had it no more
on the picture. Now the room's title carries it, whole and inside the window,
in every language, window size and text size.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pygame
from online_helpers import connect, server_thread, until

from audiospades import i18n
from audiospades.app.harness import Harness
from audiospades.app.lobby import WaitingRoomScreen
from audiospades.app.render import drawn_texts
from audiospades.presenter.online import code_text

SIZES = [(800, 600), (1024, 720), (1920, 1080)]
LANGUAGES = ["en", "de", "fr"]
SCALES = [1.0, 2.5]


def test_a_private_tables_code_stays_on_the_waiting_rooms_picture(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", draw=True, size=SIZES[0])
        try:
            # Create a table: private, then create it.
            ann.press("return", "down", "down", "right", "down", "return")
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            room = ann.app.top
            assert isinstance(room, WaitingRoomScreen)
            code = room.table.code
            assert code is not None
            ann.press("down")  # to seat 2: the arrival's words are gone
            for size in SIZES:
                pygame.display.set_mode(size)
                for language in LANGUAGES:
                    i18n.set_language(language)
                    for scale in SCALES:
                        ann.services.settings = dataclasses.replace(
                            ann.services.settings, language=language, text_scale=scale
                        )
                        ann.frame()
                        texts = drawn_texts()
                        window = pygame.Rect((0, 0), size)
                        for text, rect in texts:
                            assert window.contains(rect), (text, rect, size)
                        for i, (text, rect) in enumerate(texts):
                            for other, other_rect in texts[i + 1 :]:
                                assert not rect.colliderect(other_rect), (text, other)
                        drawn = " ".join(text for text, _rect in texts)
                        said = code_text(code)
                        assert said in drawn, (said, drawn, size, scale)
                        assert room.lines()[room.index] in drawn
        finally:
            i18n.set_language("en")
            ann.close()
