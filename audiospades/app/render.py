"""Drawing for low-vision players: large, high-contrast, scalable, two themes.

The focused card is raised and framed in the theme's highlight colour; the scores and
the latest spoken line are always on screen. Sizes follow the window and the
player's text size setting, so the picture works resized and full screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Final

import pygame

from audiospades.app.services import Services
from audiospades.i18n import _
from audiospades.presenter.scoring import goal_text
from audiospades.presenter.words import side_name, signed
from audiospades.rules import Card, Rank, Suit
from audiospades.rules.seats import relative_position

if TYPE_CHECKING:
    from audiospades.app.table import TableScreen

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
    chosen: Color


THEMES: Final = {
    "dark": Theme(
        background=(0, 0, 0),
        text=(255, 255, 255),
        highlight=(255, 215, 0),
        card_face=(255, 255, 255),
        card_edge=(160, 160, 160),
        red=(200, 0, 0),
        black=(0, 0, 0),
        dim=(110, 110, 110),
        chosen=(0, 200, 255),
    ),
    "light": Theme(
        background=(255, 255, 255),
        text=(0, 0, 0),
        highlight=(0, 70, 255),
        card_face=(255, 255, 240),
        card_edge=(0, 0, 0),
        red=(190, 0, 0),
        black=(0, 0, 0),
        dim=(150, 150, 150),
        chosen=(0, 150, 0),
    ),
}

_RANK_LABELS: Final = {
    Rank.TEN: "10",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.LITTLE_JOKER: "LJ",
    Rank.BIG_JOKER: "BJ",
}


def theme_of(services: Services) -> Theme:
    """The theme the player chose."""
    return THEMES.get(services.settings.theme, THEMES["dark"])


@lru_cache(maxsize=32)
def font(size: int) -> pygame.font.Font:
    """The default font at a pixel size (cached)."""
    return pygame.font.Font(None, max(8, size))


def _unit(surface: pygame.Surface, services: Services) -> int:
    """A base size in pixels for this window and text scale."""
    w, h = surface.get_size()
    return max(10, int(min(w / 32, h / 24) * services.settings.text_scale))


def _wrap(text: str, face: pygame.font.Font, width: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if face.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def draw_status(surface: pygame.Surface, services: Services, theme: Theme) -> None:
    """The latest spoken line, wrapped, at the bottom of the window."""
    unit = _unit(surface, services)
    face = font(int(unit * 1.3))
    w, h = surface.get_size()
    lines = _wrap(services.last_line, face, w - 2 * unit)[-3:]
    height = len(lines) * face.get_linesize() + unit // 2
    top = h - height
    pygame.draw.line(surface, theme.dim, (0, top - 4), (w, top - 4), 2)
    for i, line in enumerate(lines):
        image = face.render(line, True, theme.text)
        surface.blit(image, (unit, top + i * face.get_linesize()))


def draw_lines(
    surface: pygame.Surface,
    services: Services,
    title: str,
    lines: list[str],
    focus: int | None,
) -> None:
    """A title and a list, the focused line framed: every menu's picture."""
    theme = theme_of(services)
    surface.fill(theme.background)
    unit = _unit(surface, services)
    w, _h = surface.get_size()
    title_face, face = font(unit * 2), font(int(unit * 1.5))
    surface.blit(title_face.render(title, True, theme.text), (unit, unit))
    y = unit * 4
    step = face.get_linesize() + unit // 2
    first = 0
    if focus is not None:
        visible = max(1, (surface.get_height() - y - unit * 6) // step)
        first = max(0, focus - visible + 1)
    for i, line in enumerate(lines[first:], start=first):
        image = face.render(line, True, theme.text)
        if i == focus:
            rect = pygame.Rect(unit // 2, y - unit // 4, w - unit, step)
            pygame.draw.rect(surface, theme.highlight, rect, max(3, unit // 4))
        surface.blit(image, (unit, y))
        y += step
        if y > surface.get_height() - unit * 6:
            break
    draw_status(surface, services, theme)


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


def draw_card(
    surface: pygame.Surface,
    card: Card,
    rect: pygame.Rect,
    theme: Theme,
    *,
    dim: bool = False,
) -> None:
    """One card face: the rank large in the corner, the suit shape below."""
    pygame.draw.rect(surface, theme.card_face, rect, border_radius=rect.w // 10)
    pygame.draw.rect(surface, theme.card_edge, rect, 2, border_radius=rect.w // 10)
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS) or card.rank is Rank.BIG_JOKER
    color = theme.red if red else theme.black
    if dim:
        color = theme.dim
    label = _RANK_LABELS.get(card.rank, str(int(card.rank)))
    face = font(int(rect.h * 0.42))
    surface.blit(face.render(label, True, color), (rect.x + rect.w // 12, rect.y + 4))
    if not card.is_joker:
        _suit_symbol(
            surface,
            card.suit,
            (rect.x + rect.w // 2, rect.y + int(rect.h * 0.68)),
            int(rect.w * 0.5),
            color,
        )


def draw_table(
    surface: pygame.Surface, services: Services, table: TableScreen
) -> tuple[int, int, int, int] | None:
    """The table: scores on top, the trick in the middle, the hand below.

    Returns:
        The focused card's rectangle, or None.
    """
    theme = theme_of(services)
    surface.fill(theme.background)
    unit = _unit(surface, services)
    w, h = surface.get_size()
    view = table.view
    names = table.session.names
    face = font(int(unit * 1.4))
    # Scores, always visible.
    y = unit // 2
    for side in range(view.rules.side_count):
        text = _("{side}: {total}").format(
            side=side_name(side, view, names), total=signed(view.totals[side])
        )
        surface.blit(face.render(text, True, theme.text), (unit, y))
        y += face.get_linesize()
    surface.blit(face.render(goal_text(view.rules), True, theme.dim), (unit, y))
    # The trick (or the one just won, while it is still shown).
    trick = list(view.trick)
    if not trick and table.session.shown_trick is not None:
        trick = list(table.session.shown_trick.cards)
    card_h = int(unit * 5)
    card_w = int(card_h * 0.7)
    cx, cy = w // 2, int(h * 0.42)
    n = view.player_count
    for seat, card in trick:
        offset = relative_position(seat, 0, n)
        spots = {0: (0, 1), 1: (-1, 0), 2: (0, -1), 3: (1, 0)}
        dx, dy = (
            spots.get(offset, (offset - n / 2, -1))
            if n == 4
            else ((offset - (n - 1) / 2) * 1.1 if offset else 0, -1 if offset else 1)
        )
        rect = pygame.Rect(0, 0, card_w, card_h)
        rect.center = (int(cx + dx * card_w * 1.2), int(cy + dy * card_h * 0.6))
        draw_card(surface, card, rect, theme)
    # Whose turn, by name, under the trick.
    if view.to_act is not None and not view.is_over:
        who = _("You") if view.to_act == 0 else _(names[view.to_act])
        label = face.render(_("To play: {player}").format(player=who), True, theme.dim)
        surface.blit(label, (w - label.get_width() - unit, unit // 2))
    # The hand.
    hand = list(view.hand)
    focus_rect = None
    if hand:
        hand_h = int(unit * 6)
        hand_w = int(hand_h * 0.7)
        avail = w - 2 * unit
        step = min(hand_w + unit // 3, (avail - hand_w) // max(1, len(hand) - 1))
        x0 = (w - (step * (len(hand) - 1) + hand_w)) // 2
        base_y = h - hand_h - unit * 6
        legal = view.legal_plays
        for i, card in enumerate(hand):
            focused = card == table.focus
            rect = pygame.Rect(
                x0 + i * step, base_y - (unit if focused else 0), hand_w, hand_h
            )
            dim = bool(legal) and card not in legal
            draw_card(surface, card, rect, theme, dim=dim)
            if card in table.pass_choice:
                pygame.draw.rect(surface, theme.chosen, rect.inflate(6, 6), 4)
        if table.focus in hand:
            i = hand.index(table.focus)
            rect = pygame.Rect(x0 + i * step, base_y - unit, hand_w, hand_h)
            draw_card(surface, hand[i], rect, theme)
            border = max(4, unit // 3)
            frame = rect.inflate(border * 2, border * 2)
            pygame.draw.rect(surface, theme.highlight, frame, border)
            focus_rect = (frame.x, frame.y, frame.w, frame.h)
    draw_status(surface, services, theme)
    return focus_rect
