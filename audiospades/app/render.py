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
from audiospades.app.themes import Color, Theme, theme_of
from audiospades.i18n import _
from audiospades.presenter.scoring import goal_text
from audiospades.presenter.words import side_name, signed
from audiospades.rules import Card, Rank, Suit
from audiospades.rules.seats import relative_position

if TYPE_CHECKING:
    from audiospades.table_control import TableController

_RANK_LABELS: Final = {
    Rank.TEN: "10",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.LITTLE_JOKER: "LJ",
    Rank.BIG_JOKER: "BJ",
}


@lru_cache(maxsize=32)
def font(size: int) -> pygame.font.Font:
    """The default font at a pixel size (cached)."""
    return pygame.font.Font(None, max(8, size))


def unit_for(size: tuple[int, int], text_scale: float) -> int:
    """A base size in pixels for a window size and text scale."""
    w, h = size
    return max(10, int(min(w / 32, h / 24) * text_scale))


def _unit(surface: pygame.Surface, services: Services) -> int:
    """A base size in pixels for this window and text scale."""
    return unit_for(surface.get_size(), services.settings.text_scale)


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


STATUS_LINES: Final = 3
"""The latest spoken line shows at most this many lines."""


def _status_face(unit: int, height: int) -> pygame.font.Font:
    # Text grows with the scale, but never past a size that leaves the cards room.
    return font(min(int(unit * 1.3), height // 14))


def status_height(unit: int, height: int, lines: int = STATUS_LINES) -> int:
    """The height of the status area (the latest spoken line) at the bottom."""
    return lines * _status_face(unit, height).get_linesize() + unit // 2 + 6


def draw_status(surface: pygame.Surface, services: Services, theme: Theme) -> None:
    """The latest spoken line, wrapped, at the bottom of the window."""
    unit = _unit(surface, services)
    w, h = surface.get_size()
    face = _status_face(unit, h)
    lines = _wrap(services.last_line, face, w - 2 * unit)[-STATUS_LINES:]
    height = status_height(unit, h, len(lines)) - 6
    top = h - height
    pygame.draw.line(surface, theme.muted, (0, top - 4), (w, top - 4), 2)
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


CARD_RATIO: Final = 0.7
"""A card's width over its height."""


def corner_rect(rect: pygame.Rect) -> pygame.Rect:
    """The top-left corner of a card that carries its rank and a small suit.

    In the hand fan each card covers the right part of the one before it, never
    this corner, so every card's rank and suit stay readable.
    """
    pad = max(2, rect.w // 14)
    return pygame.Rect(rect.x + pad, rect.y + pad, rect.w // 2, int(rect.h * 0.56))


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

    A card you may not play now has a greyer face and dark grey ink (still at least
    4.5:1), so it differs from a playable card by more than a shade of ink.
    """
    radius = max(2, rect.w // 10)
    face_colour = theme.dim_face if dim else theme.card_face
    pygame.draw.rect(surface, face_colour, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.card_edge, rect, 2, border_radius=radius)
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS) or card.rank is Rank.BIG_JOKER
    color = theme.red if red else theme.black
    if dim:
        color = theme.dim
    corner = corner_rect(rect)
    label = _RANK_LABELS.get(card.rank, str(int(card.rank)))
    image = _rank_face(corner).render(label, True, color)
    surface.blit(image, (corner.x, corner.y))
    if card.is_joker:
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


@dataclass(frozen=True, slots=True)
class Place:
    """Where one player sits in the picture: their label and the card they played."""

    seat: int
    label: pygame.Rect
    card: pygame.Rect


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Every rectangle of the table picture, worked out before anything is drawn.

    ``hand`` is in drawing order (left to right): a card covers the right part of
    the one before it, never its :func:`corner_rect`. The focused card is raised,
    and its frame is drawn right after it, so the next card covers the frame too.
    """

    size: tuple[int, int]
    header_bottom: int
    status_top: int
    places: tuple[Place, ...]
    """One per seat, indexed by seat."""
    hand: tuple[pygame.Rect, ...]
    focus: int | None
    focus_frame: pygame.Rect | None
    frame_width: int
    label_size: int
    """The label font's pixel size at most (long labels shrink to fit)."""

    @property
    def corners(self) -> tuple[pygame.Rect, ...]:
        """Each hand card's rank and suit corner."""
        return tuple(corner_rect(r) for r in self.hand)


def _header_face(unit: int, height: int) -> pygame.font.Font:
    return font(min(int(unit * 1.4), height // 12))


def _flow(widths: list[int], width: int, gap: int) -> list[list[int]]:
    """Indices of items in rows no wider than ``width`` (an item alone may be)."""
    rows: list[list[int]] = []
    used = 0
    for i, item in enumerate(widths):
        if rows and used + gap + item <= width:
            rows[-1].append(i)
            used += gap + item
        else:
            rows.append([i])
            used = item
    return rows


def table_layout(
    size: tuple[int, int],
    text_scale: float,
    *,
    player_count: int,
    hand_count: int,
    focus: int | None = None,
    header_rows: int = 2,
    viewer: int = 0,
) -> TableLayout:
    """Lay out the table: scores, each player's place (label and trick card), the hand.

    Pure geometry (it measures fonts but draws nothing), for any window from 800x600
    and any text scale: the cards shrink before anything overlaps.
    """
    w, h = size
    unit = unit_for(size, text_scale)
    margin = max(6, unit // 2)
    gap = max(4, unit // 4)
    header_bottom = margin + header_rows * _header_face(unit, h).get_linesize()
    status_top = h - status_height(unit, h)
    top, bottom = header_bottom + gap, status_top - gap
    room = max(40, bottom - top)
    # Columns: the left and right players at the sides, the others across the top.
    n = player_count
    sides = [1, n - 1] if n >= 3 else []
    across = list(range(2, n - 1)) if n >= 4 else ([1] if n == 2 else [])
    columns = max(3, len(across) + 2)
    col_w = (w - 2 * margin) // columns
    # Labels: two lines at most, no more than a sixth of the room for both rows.
    label_size = int(unit * 0.95)
    while label_size > 12 and 4 * font(label_size).get_linesize() > room // 4:
        label_size -= 1
    label_h = 2 * font(label_size).get_linesize()
    # The hand: its corners must show, so the step between cards has a minimum.
    frame = max(3, unit // 6)
    avail_w = w - 2 * margin
    count = max(1, hand_count)
    # card_w * (1 + (count - 1) * 0.58) + (count - 1) * (frame + 4) <= avail_w
    by_width = (avail_w - (count - 1) * (frame + 4)) / (1 + (count - 1) * 0.58)
    # Two trick rows of labels and cards (0.85 of the hand's), the raised hand.
    by_height = (room - 2 * label_h - 4 * gap - 2 * frame) / (1 + 1 / 6 + 2 * 0.85)
    hand_h = int(max(24, min(unit * 5.5, by_width / CARD_RATIO, by_height)))
    raised = max(6, hand_h // 6)
    hand_w = int(hand_h * CARD_RATIO)
    min_step = int(hand_w * 0.58) + frame + 4
    step = hand_w + gap
    if count > 1:
        step = max(min_step, min(step, (avail_w - hand_w) // (count - 1)))
    hand_top = bottom - frame - hand_h
    x0 = (w - (step * (hand_count - 1) + hand_w)) // 2 if hand_count else margin
    hand = tuple(
        pygame.Rect(
            x0 + i * step, hand_top - (raised if i == focus else 0), hand_w, hand_h
        )
        for i in range(hand_count)
    )
    focus_frame = None
    if focus is not None and 0 <= focus < hand_count:
        focus_frame = hand[focus].inflate(frame * 2, frame * 2)
    # The trick area: everything between the scores and the raised hand.
    trick_bottom = hand_top - raised - frame - gap
    zone = max(20, trick_bottom - top)
    card_h = int((zone - 2 * label_h - 3 * gap) / 2)
    card_h = max(16, min(card_h, int(unit * 5), int((col_w - gap) / CARD_RATIO)))
    card_w = int(card_h * CARD_RATIO)
    row_h = label_h + gap + card_h

    def place(seat: int, center_x: int, row_top: int) -> Place:
        label = pygame.Rect(0, row_top, col_w - gap, label_h)
        label.centerx = center_x
        card = pygame.Rect(0, row_top + label_h + gap // 2, card_w, card_h)
        card.centerx = center_x
        return Place(seat, label, card)

    places: dict[int, Place] = {}
    for seat in range(n):
        offset = relative_position(seat, viewer, n)
        if offset == 0:
            places[seat] = place(seat, w // 2, top + zone - row_h)
        elif offset in across:
            k = across.index(offset)
            first = margin + (columns - len(across)) * col_w // 2
            places[seat] = place(seat, first + k * col_w + col_w // 2, top)
        else:
            left = offset == sides[0]
            cx = margin + col_w // 2 if left else w - margin - col_w // 2
            places[seat] = place(seat, cx, top + (zone - row_h) // 2)
    return TableLayout(
        size=size,
        header_bottom=header_bottom,
        status_top=status_top,
        places=tuple(places[s] for s in range(n)),
        hand=hand,
        focus=focus if focus_frame is not None else None,
        focus_frame=focus_frame,
        frame_width=frame,
        label_size=label_size,
    )


def _fit_label(
    chunks: list[str], badge: str | None, width: int, size: int, max_lines: int = 2
) -> tuple[pygame.font.Font, list[list[int]]]:
    """The font and rows of chunks (the badge last) that fit ``width`` in two lines."""
    while True:
        face = font(size)
        widths = [face.size(c)[0] for c in chunks]
        if badge is not None:
            widths.append(face.size(badge)[0] + face.get_height() // 2)
        rows = _flow(widths, width, face.size("  ")[0])
        fits = len(rows) <= max_lines and all(
            sum(widths[i] for i in row) <= width for row in rows
        )
        if fits or size <= 12:
            return face, rows
        size -= 1


def _draw_label(
    surface: pygame.Surface,
    rect: pygame.Rect,
    text: str,
    badge: str | None,
    size: int,
    colour: Color,
    theme: Theme,
) -> None:
    """A player's label, centred, its lines resting on the bottom of ``rect``."""
    chunks = [c.strip() for c in text.split("  ") if c.strip()]
    face, rows = _fit_label(chunks, badge, rect.w, size)
    gap = face.size("  ")[0]
    line = face.get_linesize()
    y = rect.bottom - len(rows) * line
    clip = surface.get_clip()
    surface.set_clip(rect)
    for row in rows:
        images: list[tuple[pygame.Surface, bool]] = []
        for i in row:
            if i < len(chunks):
                images.append((face.render(chunks[i], True, colour), False))
            else:
                assert badge is not None
                images.append((face.render(badge, True, theme.background), True))
        pad = face.get_height() // 4
        total = sum(img.get_width() + (2 * pad if b else 0) for img, b in images)
        total += gap * (len(images) - 1)
        x = rect.centerx - total // 2
        for image, is_badge in images:
            if is_badge:
                box = pygame.Rect(x, y, image.get_width() + 2 * pad, image.get_height())
                pygame.draw.rect(surface, theme.text, box, border_radius=pad)
                surface.blit(image, (x + pad, y))
                x += box.w + gap
            else:
                surface.blit(image, (x, y))
                x += image.get_width() + gap
        y += line
    surface.set_clip(clip)


def draw_table(
    surface: pygame.Surface, services: Services, table: TableController
) -> TableLayout:
    """The table: scores on top, each player's place and card, the hand below.

    Returns:
        The layout it drew (rectangles of the places, the hand and the focus frame).
    """
    from audiospades.presenter.table import dealer_mark_text, seat_label_text

    theme = theme_of(services)
    surface.fill(theme.background)
    unit = _unit(surface, services)
    w, h = surface.get_size()
    view = table.view
    names = table.port.names
    margin = max(6, unit // 2)
    # Scores, the goal and whose turn, always visible, flowing over as few rows.
    face = _header_face(unit, h)
    items: list[tuple[str, Color]] = []
    for side in range(view.rules.side_count):
        text = _("{side}: {total}").format(
            side=side_name(side, view, names), total=signed(view.totals[side])
        )
        items.append((text, theme.text))
    items.append((goal_text(view.rules), theme.muted))
    acting = view.to_act if view.to_act is not None and not view.is_over else None
    if acting is not None:
        who = _("You") if acting == 0 else _(names[acting])
        items.append((_("To play: {player}").format(player=who), theme.highlight))
    header_gap = unit * 2
    widths = [face.size(text)[0] for text, _colour in items]
    rows = _flow(widths, w - 2 * margin, header_gap)
    hand = list(view.hand)
    focus = hand.index(table.focus) if table.focus in hand else None
    layout = table_layout(
        (w, h),
        services.settings.text_scale,
        player_count=view.player_count,
        hand_count=len(hand),
        focus=focus,
        header_rows=len(rows),
        viewer=view.seat,
    )
    y = margin
    for row in rows:
        x = margin
        for i in row:
            text, colour = items[i]
            surface.blit(face.render(text, True, colour), (x, y))
            x += widths[i] + header_gap
        y += face.get_linesize()
    # Each player's place: the label (highlighted on their turn) and their card.
    trick = list(view.trick)
    shown = table.port.shown_trick
    if not trick and shown is not None:
        trick = list(shown.cards)
    dealer = dealer_mark_text()
    for place in layout.places:
        turn = place.seat == acting
        colour = theme.highlight if turn else theme.text
        if turn:
            pygame.draw.rect(
                surface,
                theme.highlight,
                place.label.inflate(4, 4),
                max(2, layout.frame_width),
                border_radius=6,
            )
        _draw_label(
            surface,
            place.label.inflate(-2 * layout.frame_width - 4, 0),
            seat_label_text(place.seat, view, names),
            dealer if place.seat == view.dealer else None,
            layout.label_size,
            colour,
            theme,
        )
    for seat, card in trick:
        draw_card(surface, card, layout.places[seat].card, theme)
    # The hand, left to right; the focused card is raised and framed.
    legal = view.legal_plays
    for i, (card, rect) in enumerate(zip(hand, layout.hand, strict=True)):
        dim = bool(legal) and card not in legal
        draw_card(surface, card, rect, theme, dim=dim)
        if card in table.pass_choice:
            chosen = max(2, layout.frame_width - 1)
            pygame.draw.rect(
                surface, theme.chosen, rect.inflate(chosen, chosen), chosen
            )
        if i == layout.focus and layout.focus_frame is not None:
            pygame.draw.rect(
                surface, theme.highlight, layout.focus_frame, layout.frame_width
            )
    draw_status(surface, services, theme)
    return layout
