"""Text size for low vision (issue 12, item 1), measured from the rendered pixels.

At 100%, 200% and 250% in supported windows: the hand's cards and the text grow
(heights taken from the surface's pixels, not from layout constants), no text is
cut off by the window or drawn over another, titles and long lines wrap, and every
item of a long list can be reached and is in sight when focused, with a marker
when more is above or below. English and German; the score sheet too.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from app_helpers import past_new_game_question, play_until

from audiospades.app.harness import Harness
from audiospades.app.render import Mark, drawn_marks, drawn_texts
from audiospades.app.screen import MenuItem, MenuScreen
from audiospades.app.sheet_screen import ScoreSheetScreen
from audiospades.app.themes import THEMES
from audiospades.i18n import _
from audiospades.presenter.keynames import menu_keys
from audiospades.presenter.sheet import more_above_text, more_below_text
from audiospades.storage import Settings

SCALES = (1.0, 2.0, 2.5)
DARK = THEMES["dark"]


def _settings(scale: float, language: str = "en", **rules: object) -> Settings:
    last = {"preset": "pagat", "target_score": None, "hand_limit": 2, **rules}
    return Settings(language=language, pace="fast", text_scale=scale, last_rules=last)


def _keep(surface: pygame.Surface, name: str) -> None:
    """Save a screenshot to look at, when AUDIOSPADES_SHOTS names a folder."""
    folder = os.environ.get("AUDIOSPADES_SHOTS")
    if folder:
        pygame.image.save(surface, str(Path(folder) / f"{name}.png"))


def _surface() -> pygame.Surface:
    surface = pygame.display.get_surface()
    assert surface is not None
    return surface


def _card_face_heights(surface: pygame.Surface) -> list[int]:
    """The height of each card face seen in the picture (white areas, by pixels)."""
    mask = pygame.mask.from_threshold(surface, DARK.card_face, (1, 1, 1, 255))
    return [
        r.h + 4  # the 2-pixel edge above and below the face
        for r in mask.get_bounding_rects()
        if r.w >= 8 and r.h >= 20
    ]


def _ink_height(surface: pygame.Surface, rect: pygame.Rect, colour: object) -> int:
    """The height of the pixels of ``colour`` inside ``rect`` (a text's ink)."""
    area = surface.subsurface(rect.clip(surface.get_rect()))
    mask = pygame.mask.from_threshold(area, colour, (40, 40, 40, 255))
    boxes = mask.get_bounding_rects()
    if not boxes:
        return 0
    return max(b.bottom for b in boxes) - min(b.top for b in boxes)


def _check_texts(surface: pygame.Surface) -> list[tuple[str, pygame.Rect]]:
    """Every text lies wholly inside the window, and no two texts overlap."""
    window = surface.get_rect()
    texts = drawn_texts()
    assert texts
    for text, rect in texts:
        assert window.contains(rect), (text, rect, window)
    for i, (text, rect) in enumerate(texts):
        for other, other_rect in texts[i + 1 :]:
            assert not rect.colliderect(other_rect), (text, rect, other, other_rect)
    return texts


def _at_bidding(
    make_harness: Callable[..., Harness], scale: float, size: tuple[int, int]
) -> Harness:
    h = make_harness(seed=5, settings=_settings(scale), draw=True, size=size)
    h.press("return")  # New game: the hand is dealt, the human bids first here
    past_new_game_question(h)  # the run before left its game saved
    h.settle()
    h.frame()
    return h


@pytest.mark.parametrize("size", [(800, 600), (1024, 720), (1920, 1080)])
def test_cards_labels_and_scores_grow_with_the_text_size(
    size: tuple[int, int], make_harness: Callable[..., Harness]
) -> None:
    cards, labels, headers = [], [], []
    for scale in SCALES:
        h = _at_bidding(make_harness, scale, size)
        surface = _surface()
        assert len(h.table.view.hand) == 13
        texts = _check_texts(surface)
        # The hand's cards: the tallest card faces in the picture.
        cards.append(max(_card_face_heights(surface)))
        layout = h.table.layout
        # The "You" label: drawn inside its place, clear of the turn frame.
        you = layout.places[0].label
        inner = you.inflate(-2 * layout.frame_width, -2 * layout.frame_width)
        you_rect = next(r for t, r in texts if t == "You" and you.colliderect(r))
        assert inner.contains(you_rect), (you_rect, inner)
        labels.append(_ink_height(surface, you_rect, DARK.highlight))
        score = next(r for t, r in texts if t.startswith("You and "))
        headers.append(_ink_height(surface, score, DARK.text))
        _keep(surface, f"table-{size[0]}-{scale}")
    assert cards[0] < cards[1] <= cards[2], cards
    assert labels[0] < labels[1] <= labels[2], labels
    assert headers[0] < headers[1] <= headers[2], headers
    # The complaint was 250% drawing the cards at half their 100% height;
    # 13 cards in one row of an 800-pixel window are near their largest at 100%.
    assert cards[2] > cards[0], cards


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("scale", [1.0, 2.5, 4.0])
def test_mid_game_tables_keep_every_text_whole(
    players: int, scale: float, make_harness: Callable[..., Harness]
) -> None:
    settings = _settings(scale, player_count=players, partnerships=players == 6)
    h = make_harness(seed=5, settings=settings, draw=True, size=(800, 600))
    h.press("return")
    play_until(
        h,
        lambda x: (
            x.table is not None
            and x.table.session.is_human_turn
            and len(x.table.view.trick) >= 2
        ),
    )
    h.press("right")
    surface = _surface()
    _check_texts(surface)
    layout = h.table.layout
    window = surface.get_rect()
    for rect in layout.hand:
        assert window.contains(rect)
    for place in layout.places:
        assert window.contains(place.card) and window.contains(place.label)


def _is_drawn(label: str, drawn: str) -> bool:
    return " ".join(label.split()) in drawn


def _walk_menu(h: Harness, count: int) -> list[int]:
    """Down through every item: each focused item is drawn whole, framed, in sight."""
    surface = _surface()
    heights = []
    screen = h.app.top
    assert isinstance(screen, MenuScreen)
    for step in range(count):
        if step:
            h.press("down")
        h.frame()
        texts = _check_texts(surface)
        label = screen.lines()[screen.index]
        words = label.split()
        # The focused item's words are all drawn, in order, inside the window.
        drawn = " ".join(t for t, _r in texts)
        assert " ".join(words) in drawn, (label, drawn)
        whole = " ".join(words)
        # The item's first line: drawn before the status line that repeats it.
        first = next(
            r for t, r in texts if whole.startswith(t) and len(t) >= min(len(whole), 8)
        )
        frame = first.inflate(24, 24).clip(surface.get_rect())
        band = surface.subsurface(frame)
        mask = pygame.mask.from_threshold(band, DARK.highlight, (1, 1, 1, 255))
        assert mask.count() > 0, label  # the focus frame is drawn round it
        heights.append(_ink_height(surface, first, DARK.text))
        lines = screen.lines()
        if not _is_drawn(lines[0], drawn):
            assert any(t in drawn for t in map(more_above_text, range(1, count)))
        if not _is_drawn(lines[-1], drawn):
            assert any(t in drawn for t in map(more_below_text, range(1, count)))
    return heights


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 720)])
def test_main_menu_every_item_reachable_and_whole(
    language: str, size: tuple[int, int], make_harness: Callable[..., Harness]
) -> None:
    tallest = []
    for scale in SCALES:
        h = make_harness(
            seed=5, settings=_settings(scale, language), draw=True, size=size
        )
        count = len(h.app.top.items)
        heights = _walk_menu(h, count)
        tallest.append(max(heights))
        if scale == 2.5:
            _keep(_surface(), f"menu-{language}-{size[0]}")
    assert tallest[0] < tallest[1] <= tallest[2], tallest


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("scale", SCALES)
def test_long_titles_wrap_whole_words(
    language: str, scale: float, make_harness: Callable[..., Harness]
) -> None:
    h = make_harness(
        seed=5, settings=_settings(scale, language), draw=True, size=(800, 600)
    )
    h.press("down", "down", "down", "return")  # Rules: the longest title
    h.frame()
    texts = _check_texts(_surface())
    screen = h.app.top
    title = menu_keys(_(screen.title))
    assert len(title) > 40
    # The title's lines, in order, are the title's words: wrapped, never cut.
    drawn, count = "", 0
    while len(drawn) < len(title):
        drawn = f"{drawn} {texts[count][0]}".strip()
        count += 1
    assert drawn == " ".join(title.split())
    assert count >= 2 or _surface().get_width() > 2000
    # The explanation just spoken is shown whole in the status lines at the bottom.
    spoken = " ".join(h.services.last_line.split())
    assert len(spoken) > 100
    assert spoken in " ".join(t for t, _r in texts[count:])


def test_long_items_wrap_inside_the_window(
    make_harness: Callable[..., Harness],
) -> None:
    long = "Table 12 of Ann, Bert, Carla and Dieter: 4 players, partnerships, " * 3
    items = [MenuItem(lambda i=i: f"{i}. {long}") for i in range(6)]
    screen = MenuScreen("A list of very long lines", items)
    for scale in SCALES:
        h = make_harness(
            seed=5, settings=_settings(scale), draw=True, size=(800, 600), first=screen
        )
        _walk_menu(h, len(items))


def test_the_score_sheet_is_drawn_large_and_whole(
    make_harness: Callable[..., Harness],
) -> None:
    tallest = []
    for scale in SCALES:
        h = make_harness(
            seed=7, settings=_settings(scale, hand_limit=4), draw=True, size=(1024, 720)
        )
        play_until(
            h,
            lambda x: (
                x.table is not None
                and len(x.table.view.history) >= 3
                and x.table.session.is_human_turn
            ),
            limit=3000,
        )
        h.press("k")
        assert isinstance(h.app.top, ScoreSheetScreen)
        heights = _walk_menu(h, len(h.app.top.items))
        tallest.append(max(heights))
        if scale == 2.5:
            _keep(_surface(), "sheet")
    assert tallest[0] < tallest[1] <= tallest[2], tallest


@pytest.mark.parametrize(
    "size", [(800, 600), (1024, 720), (1280, 800), (1920, 1080), (800, 1000)]
)
def test_hand_cards_never_shrink_as_the_text_grows(size: tuple[int, int]) -> None:
    """Every text size from 50% to 400%, every hand size: the cards never shrink."""
    from audiospades.app.table_layout import hand_plan, table_layout

    pygame.font.init()
    for cards in (1, 8, 10, 13, 17):
        heights = []
        for step in range(2, 17):
            scale = step / 4
            layout = table_layout(size, scale, player_count=4, hand_count=cards)
            heights.append(layout.hand[0].h)
            assert layout.hand[0].h == hand_plan(size, scale, cards)[0]
        assert heights == sorted(heights), (cards, heights)
        assert heights[-1] > heights[2], (cards, heights)  # 400% beats 100%


def _just_after_the_hand(h: Harness) -> None:
    """Play frame by frame until the summary of the first hand has been said."""
    h.press("return")
    for _step in range(20000):
        if any(t.startswith("The hand is over") for t in h.transcript):
            break
        h.frame()
        if h.app.is_busy():
            h.clock.advance(100)
            continue
        session = h.table.session
        if session.question is not None:
            h.press("n")
        elif session.is_human_turn and session.game.phase.value == "bidding":
            h.press("3", "return")
        else:
            h.press("return")
    for _frame in range(3):
        h.frame()


def test_the_hand_summary_shows_whole_at_the_status_size(
    make_harness: Callable[..., Harness],
) -> None:
    """Six players in partnerships, 200%: the summary of every side shows, at the
    status lines' size, over the space the hand leaves empty between hands."""
    from audiospades.app.table_layout import font, status_font_size, unit_for

    size = (800, 600)
    settings = dataclasses.replace(
        _settings(2.0, player_count=6, partnerships=True), pace="normal"
    )
    h = make_harness(seed=5, settings=settings, draw=True, size=size)
    _just_after_the_hand(h)
    said = " ".join(h.services.last_line.split())
    assert said.startswith("The hand is over")
    assert "The Professor and Omar bid" in said
    texts = _check_texts(_surface())
    layout = h.table.layout
    # (The "led" tag by the last trick's first card is the table's, not the status.)
    led = [rect.bottom for mark, rect in drawn_marks() if mark is Mark.LED]
    lowest = max([p.label.bottom for p in layout.places] + led)
    status = [(t, r) for t, r in texts if r.top > lowest]
    assert " ".join(t for t, _r in status) == said
    # The status lines, the main reading, follow the text size in full (a cap
    # that kept the trick's cards at their 100% height once held them at 130%).
    face = font(status_font_size(unit_for(size, 2.0), size[1]))
    full = [face.render(t, True, DARK.text).get_size() for t, _r in status]
    assert [r.size for _t, r in status] == full
    _keep(_surface(), "hand-summary")
