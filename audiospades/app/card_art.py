"""Card faces for the low-vision picture: rank and suit large, in high contrast.

Fonts rarely carry the suit glyphs, so suits are drawn as filled shapes.
"""

from __future__ import annotations

import math
from typing import Final

import pygame

from audiospades.app.table_layout import corner_rect, font
from audiospades.app.themes import Color, Theme
from audiospades.rules import Card, Rank, Suit

_RANK_LABELS: Final = {
    Rank.TEN: "10",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.LITTLE_JOKER: "LJ",
    Rank.BIG_JOKER: "BJ",
}


def _suit_symbol(
    surface: pygame.Surface,
    suit: Suit,
    center: tuple[int, int],
    size: int,
    color: Color,
) -> None:
    """Draw a suit as a filled shape (fonts rarely carry the suit glyphs)."""
    x, y = center
    r = max(2, size // 4)
    if suit is Suit.DIAMONDS:
        pygame.draw.polygon(
            surface,
            color,
            [
                (x, y - size // 2),
                (x + size // 3, y),
                (x, y + size // 2),
                (x - size // 3, y),
            ],
        )
    elif suit is Suit.HEARTS:
        pygame.draw.circle(surface, color, (x - r, y - r // 2), r)
        pygame.draw.circle(surface, color, (x + r, y - r // 2), r)
        pygame.draw.polygon(
            surface,
            color,
            [(x - 2 * r, y - r // 3), (x + 2 * r, y - r // 3), (x, y + size // 2)],
        )
    elif suit is Suit.SPADES:
        pygame.draw.circle(surface, color, (x - r, y + r // 3), r)
        pygame.draw.circle(surface, color, (x + r, y + r // 3), r)
        pygame.draw.polygon(
            surface,
            color,
            [(x - 2 * r, y + r // 3), (x + 2 * r, y + r // 3), (x, y - size // 2)],
        )
        pygame.draw.polygon(
            surface, color, [(x, y), (x - r, y + size // 2), (x + r, y + size // 2)]
        )
    elif suit is Suit.CLUBS:
        pygame.draw.circle(surface, color, (x, y - r), r)
        pygame.draw.circle(surface, color, (x - r, y + r // 2), r)
        pygame.draw.circle(surface, color, (x + r, y + r // 2), r)
        pygame.draw.polygon(
            surface, color, [(x, y), (x - r, y + size // 2), (x + r, y + size // 2)]
        )


def star_points(
    center: tuple[float, float], outer: float, points: int = 5
) -> list[tuple[float, float]]:
    """The corners of a star with ``points`` arms, the first pointing straight up.

    The inner corners sit at 0.45 of ``outer``: arms broad enough to read as a
    star from across a large screen, not thin spikes.
    """
    x, y = center
    inner = outer * 0.45
    corners = []
    for index in range(points * 2):
        angle = math.pi * index / points - math.pi / 2
        radius = outer if index % 2 == 0 else inner
        corners.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    return corners


def _joker_marks(
    surface: pygame.Surface,
    rect: pygame.Rect,
    corner: pygame.Rect,
    label_size: tuple[int, int],
    color: Color,
) -> None:
    """A joker's stars: a small one under the corner's label, a large one on the face.

    A joker has no suit to draw, and "BJ" or "LJ" alone is easy to miss in a fan;
    the corner's star shows even where the next card or row covers the rest, and
    the large star fills the face below the corner, as far as the corner allows.
    """
    label_w, label_h = label_size
    small = min(max(6, corner.h - label_h - 2), corner.w)
    small_center = (corner.x + max(label_w, small) / 2, corner.y + label_h + small / 2)
    pygame.draw.polygon(surface, color, star_points(small_center, small / 2))
    center = (rect.x + rect.w * 0.60, rect.y + rect.h * 0.72)
    outer = min(rect.w * 0.38, rect.h * 0.27)
    pygame.draw.polygon(surface, color, star_points(center, outer))


def _rank_face(corner: pygame.Rect) -> pygame.font.Font:
    """The largest font whose widest rank ("10") fits the corner, cached per size."""
    size = int(corner.h * 0.62)
    while size > 8 and font(size).size("10")[0] > corner.w:
        size -= 1
    return font(size)


def draw_card(
    surface: pygame.Surface,
    card: Card,
    rect: pygame.Rect,
    theme: Theme,
    *,
    dim: bool = False,
) -> None:
    """One card face: rank and small suit in the corner, a large suit in the middle.

    A joker, which has no suit, has a star in each place instead (the big joker's
    red, the little joker's black), so it cannot be taken for an empty face.

    A card you may not play now has a greyer face and darker ink (still at least
    4.5:1), so it differs from a playable card by more than a shade of ink; a red
    card's ink stays red, so hearts and diamonds differ from clubs and spades by
    more than their shape.
    """
    radius = max(2, rect.w // 10)
    face_colour = theme.dim_face if dim else theme.card_face
    pygame.draw.rect(surface, face_colour, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.card_edge, rect, 2, border_radius=radius)
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS) or card.rank is Rank.BIG_JOKER
    if dim:
        color = theme.dim_red if red else theme.dim
    else:
        color = theme.red if red else theme.black
    corner = corner_rect(rect)
    label = _RANK_LABELS.get(card.rank, str(int(card.rank)))
    image = _rank_face(corner).render(label, True, color)
    surface.blit(image, (corner.x, corner.y))
    if card.is_joker:
        _joker_marks(surface, rect, corner, image.get_size(), color)
        return
    small = max(6, int(corner.h - image.get_height()) - 2)
    small = min(small, corner.w)
    _suit_symbol(
        surface,
        card.suit,
        (
            corner.x + max(image.get_width(), small) // 2,
            corner.y + image.get_height() + small // 2,
        ),
        small,
        color,
    )
    big = int(rect.w * 0.42)
    _suit_symbol(
        surface,
        card.suit,
        (rect.x + int(rect.w * 0.66), rect.y + int(rect.h * 0.74)),
        big,
        color,
    )
