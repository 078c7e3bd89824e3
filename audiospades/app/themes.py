"""The two themes of the low-vision picture, and the contrast they must keep.

Colours are chosen for contrast, not looks: tests check every text colour against
its background at 4.5:1 or more and card symbols at 3:1 or more (WCAG AA).

>>> round(contrast_ratio((0, 0, 0), (255, 255, 255)))
21
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from audiospades.app.services import Services

Color = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    """Colours of one theme."""

    background: Color
    text: Color
    highlight: Color
    card_face: Color
    card_edge: Color
    red: Color
    black: Color
    dim: Color
    """The ink of a card you may not play now (on ``dim_face``)."""
    dim_face: Color
    """The face of a card you may not play now: greyer than ``card_face``."""
    dim_red: Color
    """The ink of a red card you may not play now: hearts and diamonds keep their
    colour, darker, so they differ from clubs and spades by more than shape."""
    chosen: Color
    muted: Color
    """Secondary text (the goal, whose turn): still at least 4.5:1 on the background."""


THEMES: Final = {
    "dark": Theme(
        background=(0, 0, 0),
        text=(255, 255, 255),
        highlight=(255, 215, 0),
        card_face=(255, 255, 255),
        card_edge=(160, 160, 160),
        red=(200, 0, 0),
        black=(0, 0, 0),
        dim=(70, 70, 70),
        dim_face=(185, 185, 185),
        dim_red=(140, 0, 0),
        chosen=(0, 130, 255),
        muted=(180, 180, 180),
    ),
    "light": Theme(
        background=(255, 255, 255),
        text=(0, 0, 0),
        highlight=(0, 70, 255),
        card_face=(255, 255, 240),
        card_edge=(0, 0, 0),
        red=(190, 0, 0),
        black=(0, 0, 0),
        dim=(70, 70, 70),
        dim_face=(200, 200, 200),
        dim_red=(140, 0, 0),
        chosen=(0, 150, 0),
        muted=(85, 85, 85),
    ),
}


def theme_of(services: Services) -> Theme:
    """The theme the player chose."""
    return THEMES.get(services.settings.theme, THEMES["dark"])


def _luminance(color: Color) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = color
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_ratio(first: Color, second: Color) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    a, b = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (a + 0.05) / (b + 0.05)
