"""The picture: the focused card is framed in the highlight colour, text is shown."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from audiospades.app.harness import Harness
from audiospades.app.render import THEMES
from audiospades.rules import Phase
from audiospades.storage import Settings
from conftest import play_until


def _at_play(h: Harness) -> None:
    h.press("return")
    play_until(
        h,
        lambda x: (
            x.table is not None
            and x.table.session.is_human_turn
            and x.table.session.game.phase is Phase.PLAYING
        ),
    )


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_table_picture(theme: str, make_harness: Callable[..., Harness]) -> None:
    settings = Settings(
        language="en",
        pace="fast",
        theme=theme,
        last_rules={"target_score": None, "hand_limit": 1},
    )
    h = make_harness(seed=5, settings=settings, draw=True)
    _at_play(h)
    h.press("right")
    surface = pygame.display.get_surface()
    rect = h.table.focus_rect
    assert rect is not None
    x, y, w, _height = rect
    colours = THEMES[theme]
    # The frame's top edge, a little in from the corner, is the highlight colour.
    assert tuple(surface.get_at((x + w // 2, y + 1)))[:3] == colours.highlight
    # The status line (the last thing said) is drawn at the bottom.
    width, height = surface.get_size()
    bottom = surface.subsurface(pygame.Rect(0, height - 60, width, 60))
    counted = pygame.mask.from_threshold(bottom, colours.background, (1, 1, 1, 255))
    assert counted.count() < width * 60  # something other than background


def test_menu_picture_highlights_focus(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(seed=5, draw=True)
    h.press("down")
    surface = pygame.display.get_surface()
    assert surface.get_at((10, 10))[:3] == THEMES["dark"].background


SCRIPT = textwrap.dedent(
    """
    import os, sys
    import pygame
    from audiospades.app.harness import Harness
    from audiospades.storage import Settings
    h = Harness(seed=5, draw=True, settings=Settings(language="en", pace="fast"))
    h.press("return")
    h.settle()
    for _ in range(5):
        h.frame()
    surface = pygame.display.get_surface()
    pygame.image.save(surface, sys.argv[1])
    print(pygame.display.get_driver())
    """
)


def test_real_window_under_xvfb(tmp_path: Path) -> None:
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.skip("Xvfb is not installed")
    display = ":99"
    server = subprocess.Popen(
        [xvfb, display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(1.0)
        if server.poll() is not None:
            pytest.skip("Xvfb could not start on :99")
        env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11")
        env["AUDIOSPADES_HOME"] = str(tmp_path / "home")
        shot = tmp_path / "shot.png"
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, str(shot)],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "x11"
        image = pygame.image.load(str(shot))
        assert image.get_size() == (1024, 720)
        # A dark theme table with white card faces on it.
        colours = {
            tuple(image.get_at((x, y)))[:3]
            for x in range(0, 1024, 16)
            for y in range(0, 720, 16)
        }
        assert THEMES["dark"].background in colours
        assert THEMES["dark"].card_face in colours
    finally:
        server.terminate()
        server.wait(timeout=10)
