"""A joker's face, read from the pixels drawn: a large star a low-vision player
cannot miss, and a small one in the corner that the fan never covers.

Before, a joker had "BJ" or "LJ" in its corner and nothing else: a face blank but
for two letters, easily taken for a card drawn wrong.
"""

from __future__ import annotations

import pygame
import pytest

from audiospades.app.card_art import draw_card
from audiospades.app.render import corner_rect
from audiospades.app.themes import THEMES, Color, Theme, contrast_ratio
from audiospades.rules import Card

_SIZES = ((70, 100), (140, 200), (35, 50))


def _ink(surface: pygame.Surface, face: Color) -> set[tuple[int, int]]:
    """The pixels inside the card's border that differ clearly from its face."""
    w, h = surface.get_size()
    edge = 3  # the border, 2 pixels wide
    bend = max(2, w // 10) + 3  # the border's rounded corners
    found = set()
    for x in range(edge, w - edge):
        for y in range(edge, h - edge):
            if (x < bend or x >= w - bend) and (y < bend or y >= h - bend):
                continue
            pixel = tuple(surface.get_at((x, y)))[:3]
            if sum(abs(a - b) for a, b in zip(pixel, face, strict=True)) > 120:
                found.add((x, y))
    return found


def _draw(card: str, size: tuple[int, int], theme: Theme, dim: bool) -> pygame.Surface:
    """The card drawn alone, on a ground of its own face colour."""
    pygame.font.init()
    surface = pygame.Surface(size)
    surface.fill(theme.dim_face if dim else theme.card_face)
    draw_card(surface, Card.parse(card), surface.get_rect(), theme, dim=dim)
    return surface


def _shapes(ink: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    """The separate shapes drawn in ink (touching pixels, across or down), largest
    first."""
    left = set(ink)
    shapes = []
    while left:
        todo = [left.pop()]
        shape = set(todo)
        while todo:
            x, y = todo.pop()
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if near in left:
                    left.remove(near)
                    shape.add(near)
                    todo.append(near)
        shapes.append(shape)
    return sorted(shapes, key=len, reverse=True)


def _box(shape: set[tuple[int, int]]) -> pygame.Rect:
    left = min(x for x, _ in shape)
    top = min(y for _, y in shape)
    right = max(x for x, _ in shape)
    bottom = max(y for _, y in shape)
    return pygame.Rect(left, top, right - left + 1, bottom - top + 1)


@pytest.mark.parametrize("size", _SIZES)
@pytest.mark.parametrize("dim", [False, True])
@pytest.mark.parametrize("card", ["BJ", "LJ"])
def test_a_joker_has_a_large_star_on_its_face(
    card: str, dim: bool, size: tuple[int, int]
) -> None:
    w, h = size
    for theme in THEMES.values():
        surface = _draw(card, size, theme, dim)
        face = theme.dim_face if dim else theme.card_face
        ink = _ink(surface, face)
        star = _shapes(ink)[0]
        box = _box(star)
        # Large: most of the card's width and over a third of its height.
        assert box.w >= 0.6 * w, (card, theme, box)
        assert box.h >= 0.35 * h, (card, theme, box)
        # A star, not a block or a ring: its middle is ink, and so is its upper
        # arm; straight below the middle, between the two lower arms, is the
        # face; the side arms reach out above the middle.
        middle = (box.centerx, box.top + round(box.h * 0.55))
        assert middle in star, (card, theme, box)
        assert (box.centerx, box.top + max(2, box.h // 10)) in star
        assert (box.centerx, box.bottom - 2) not in ink
        side = min(y for x, y in star if x == box.left)
        assert side < middle[1], (card, theme, box)
        share = len(star) / (box.w * box.h)
        assert 0.25 <= share <= 0.6, (card, theme, share)
        # High contrast: the ink drawn on the face, not the theme's promise.
        drawn = tuple(surface.get_at(middle))[:3]
        drawn_face = tuple(surface.get_at((box.centerx, box.bottom - 2)))[:3]
        assert contrast_ratio(drawn, drawn_face) >= 4.5, (card, theme)


@pytest.mark.parametrize("card", ["BJ", "LJ"])
def test_a_jokers_corner_carries_a_star_below_its_label(card: str) -> None:
    """The fan covers all of a card but its corner: the corner alone must say joker."""
    for theme in THEMES.values():
        surface = _draw(card, (70, 100), theme, False)
        corner = corner_rect(surface.get_rect())
        ink = _ink(surface, theme.card_face)
        boxes = [_box(shape) for shape in _shapes(ink)[1:] if len(shape) >= 6]
        inside = [box for box in boxes if corner.contains(box)]
        # The lowest shape in the corner lies wholly below the label's letters.
        small = max(inside, key=lambda box: box.top)
        label = [box for box in inside if box is not small]
        assert label and small.top > max(box.bottom for box in label), theme
        assert small.w >= 0.3 * corner.w and small.h >= 0.2 * corner.h, theme


def test_the_big_jokers_star_is_red_and_the_little_jokers_is_not() -> None:
    for theme in THEMES.values():
        for card, red in (("BJ", True), ("LJ", False)):
            surface = _draw(card, (70, 100), theme, False)
            star = _box(_shapes(_ink(surface, theme.card_face))[0])
            r, g, b = tuple(surface.get_at(star.center))[:3]
            assert (r > g + 60 and r > b + 60) == red, (card, theme)
