"""Who watches an online table, in its picture's header (low-vision QA).

W says who is watching, and a spectator hears from whose chair they watch as
they arrive; but the picture showed neither: the players could not see that
someone watched, and a spectator saw a table like a player's with its hand
missing, nothing saying they only watched. Now the header says it as W does
("Watching: Bob." to the players, "Only you are watching." to the spectator),
whole and inside the window, in every language and window size.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pygame
from online_helpers import connect, host_a_game, server_thread, until

from audiospades import i18n
from audiospades.app.harness import Harness
from audiospades.app.online_table import OnlineTableScreen
from audiospades.app.render import drawn_texts
from audiospades.app.table_layout import TEXT_FLOOR, font
from audiospades.i18n import _

SIZES = [(800, 600), (1024, 720), (1920, 1080)]
LANGUAGES = ["en", "de", "fr"]


def _header_texts(harness: Harness) -> list[str]:
    """The texts drawn above the places (the harness drawn last); every text
    whole in the window, none over another, none below the floor."""
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
    top = harness.app.top
    assert isinstance(top, OnlineTableScreen) and top.layout is not None
    return [text for text, rect in texts if rect.bottom <= top.layout.header_bottom]


def _everywhere(harness: Harness, wanted: Callable[[], str | None]) -> None:
    """The header holds ``wanted()`` (None: no "Watching" item) at each size,
    in each language."""
    try:
        for size in SIZES:
            pygame.display.set_mode(size)
            for language in LANGUAGES:
                i18n.set_language(language)
                settings = harness.services.settings
                harness.services.settings = dataclasses.replace(
                    settings, language=language
                )
                header = _header_texts(harness)
                text = wanted()
                if text is None:
                    nobody = (_("Watching: {names}.").split(":")[0], "Only you")
                    assert not [t for t in header if t.startswith(nobody)], header
                else:
                    # (A long item may wrap: its words are all there, in order.)
                    assert text in " ".join(header), (text, header, size, language)
    finally:
        i18n.set_language("en")
        settings = harness.services.settings
        harness.services.settings = dataclasses.replace(settings, language="en")
        pygame.display.set_mode(SIZES[0])


def test_the_header_says_who_watches_to_players_and_to_the_spectator(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann plays with three computer players; Bob comes to watch from her
    chair. Her header says "Watching: Bob." (nothing before he came), his
    "Only you are watching."."""
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", draw=True, size=SIZES[0])
        bob = connect(make_harness, server, "Bob", draw=True, size=SIZES[0])
        try:
            table = host_a_game(ann)
            _everywhere(ann, lambda: None)
            # The lobby's first table, Watch (it is full), the first chair.
            bob.press("home", "return", "end", "return", "return")
            until(lambda: isinstance(bob.app.top, OnlineTableScreen), ann, bob)
            until(lambda: table.remote.company().watchers == ("Bob",), ann, bob)
            _everywhere(ann, lambda: _("Watching: {names}.").format(names="Bob"))
            _everywhere(bob, lambda: _("Only you are watching."))
        finally:
            ann.close()
            bob.close()
