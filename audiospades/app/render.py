"""Drawing for low-vision players: large, high-contrast, scalable, two themes.

The focused card is raised and framed in the theme's highlight colour; the scores and
the latest spoken line are always on screen. Sizes follow the window and the
player's text size setting, so the picture works resized and full screen: a larger
text size draws everything larger and the picture reflows (titles and long lines
wrap, lists scroll with a marker of what is above and below, the hand takes more
rows). Every text drawn is noted with its rectangle (:func:`drawn_texts`) so tests
can check that none is cut off.
"""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from audiospades import i18n
from audiospades.app.card_art import draw_card
from audiospades.app.services import Services
from audiospades.app.table_layout import (
    CARD_RATIO,
    HEADER_MAX_ROWS,
    MOST_SCALE,
    TEXT_FLOOR,
    Place,
    TableLayout,
    badge_pieces,
    chat_room,
    corner_rect,
    cut_word,
    flow,
    font,
    label_pad,
    label_rows,
    lead_tag,
    line_height,
    status_font_size,
    status_height,
    status_pad,
    table_arrangement,
    table_layout,
    table_sizes,
    table_text_scale,
    tag_pad,
    trick_floor,
    unit_for,
    words,
)
from audiospades.app.themes import Color, Theme, theme_of
from audiospades.presenter.scoring import goal_text
from audiospades.presenter.sheet import more_above_text, more_below_text

if TYPE_CHECKING:
    from collections.abc import Sequence

    from audiospades.table_control import TableController

__all__ = [
    "CARD_RATIO",
    "Mark",
    "Place",
    "TableLayout",
    "corner_rect",
    "draw_card",
    "draw_lines",
    "draw_status",
    "draw_table",
    "drawn_marks",
    "drawn_texts",
    "font",
    "status_height",
    "table_layout",
    "unit_for",
]

_drawn: list[tuple[str, pygame.Rect]] = []


class Mark(StrEnum):
    """A marker of the table picture, beside its cards and texts."""

    TURN = "turn"
    """A player's place framed: theirs is the turn (or the question)."""
    CHOSEN = "chosen"
    """A card of the hand chosen to pass."""
    ENTRY = "entry"
    """The field that shows the bid being typed."""
    RECEIVED = "received"
    """The tag of a card passed to you (until the first trick is complete)."""
    LED = "led"
    """The tag beside the trick's first card: who led it."""
    CHAT = "chat"
    """The field of a chat line being typed (in place of the status lines)."""
    CHAT_LINES = "chat lines"
    """The box of the last chat lines at an online table."""


_marks: list[tuple[Mark, pygame.Rect]] = []


def drawn_texts() -> list[tuple[str, pygame.Rect]]:
    """Each text of the last picture and the rectangle it was drawn in, in order.

    The rectangle is where the whole rendered text goes, before any clipping, so
    a text cut off by the window's edge shows as a rectangle outside it.
    """
    return list(_drawn)


def drawn_marks() -> list[tuple[Mark, pygame.Rect]]:
    """Each marker of the last picture and the rectangle it was drawn in, in order."""
    return list(_marks)


def _begin(surface: pygame.Surface, theme: Theme) -> None:
    _drawn.clear()
    _marks.clear()
    surface.fill(theme.background)


def blit_text(
    surface: pygame.Surface,
    face: pygame.font.Font,
    text: str,
    colour: Color,
    at: tuple[int, int],
) -> pygame.Rect:
    """Draw one line of text with its top left at ``at``; note and return its rect."""
    image = face.render(text, True, colour)
    rect = image.get_rect(topleft=at)
    surface.blit(image, rect)
    _drawn.append((text, rect))
    return rect


def _unit(surface: pygame.Surface, services: Services) -> int:
    """A base size in pixels for this window and text scale."""
    return unit_for(surface.get_size(), services.settings.text_scale)


def wrap(text: str, face: pygame.font.Font, width: int) -> list[str]:
    """Lines of ``text`` no wider than ``width``; a word too long is broken."""
    lines: list[str] = []
    line = ""
    for word in words(text):
        trial = f"{line} {word}".strip()
        if face.size(trial)[0] <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        # A word wider than the line is cut where it must be.
        *whole, line = cut_word(face, word, width)
        lines += whole
    if line:
        lines.append(line)
    return lines


def _status_lines(
    surface: pygame.Surface, services: Services, texts: Sequence[str] | None = None
) -> int:
    """The lines the latest spoken line takes at its full size (see draw_status)."""
    unit = _unit(surface, services)
    w, h = surface.get_size()
    face = font(status_font_size(unit, h))
    width = w - 2 * min(unit, max(4, w // 40))
    texts = [services.last_line] if texts is None else texts
    return sum(len(wrap(text, face, width)) for text in texts)


def draw_status(
    surface: pygame.Surface,
    services: Services,
    theme: Theme,
    free_top: int | None = None,
    texts: Sequence[str] | None = None,
) -> None:
    """The latest spoken line, wrapped, at the bottom of the window.

    It takes the status lines at its size; a longer line (the summary of a hand)
    grows upwards over the free space that ends at ``free_top`` (the lowest thing
    drawn above it, when the caller knows), and only past that is drawn smaller,
    down to a readable limit; past that limit its start shows, ending in an
    ellipsis. ``texts``: what to show instead, each from a new line (None: the
    latest spoken line).
    """
    texts = [services.last_line] if texts is None else texts
    unit = _unit(surface, services)
    w, h = surface.get_size()
    x = min(unit, max(4, w // 40))
    size = status_font_size(unit, h)
    pad = status_pad(unit, h)
    reserved = h - status_height(unit, h)
    area_top = reserved if free_top is None else min(reserved, free_top)
    least = min(size, max(14, round(size * 0.75)))
    while True:
        face = font(size)
        step = line_height(face)
        most = max(1, (h - pad - area_top - 6) // step)
        lines = [line for text in texts for line in wrap(text, face, w - 2 * x)]
        if len(lines) <= most or size <= least:
            break
        size -= 1
    if len(lines) > most:
        # The latest line is kept whole where it can be: what is cut is before it.
        latest = wrap(texts[-1], face, w - 2 * x) if len(texts) > 1 else []
        if len(latest) >= most:
            latest = []
        lines = lines[: most - len(latest)]
        last = lines[-1]
        while last and face.size(f"{last} …")[0] > w - 2 * x:
            last = last[:-1]
        lines[-1] = f"{last.rstrip()} …"
        lines += latest
    top = h - len(lines) * step - pad
    pygame.draw.line(surface, theme.muted, (0, top - 4), (w, top - 4), 2)
    for i, line in enumerate(lines):
        blit_text(surface, face, line, theme.text, (x, top + i * step))


def draw_field(
    surface: pygame.Surface,
    services: Services,
    theme: Theme,
    field: tuple[str, str],
    free_top: int | None = None,
) -> None:
    """A line being typed (a chat line), in the status lines' place.

    ``field`` is its label ("Chat to the table") and its text (the cursor
    included). The label takes the first line and the text, in a box, the others,
    at the status lines' size; the box grows upwards over the free space that
    ends at ``free_top`` as :func:`draw_status` does, and a line too long for it
    shows its end (where the typing is), its start cut off with an ellipsis.
    While it is open the latest spoken line is the typing's echo, which the field
    shows whole.
    """
    label, text = field
    unit = _unit(surface, services)
    w, h = surface.get_size()
    x = min(unit, max(4, w // 40))
    face = font(status_font_size(unit, h))
    step = line_height(face)
    pad = status_pad(unit, h)
    reserved = h - status_height(unit, h)
    area_top = reserved if free_top is None else min(reserved, free_top)
    most = max(2, (h - pad - area_top - 6) // step)
    inset = tag_pad(face)
    width = w - 2 * x - 2 * inset
    heads = wrap(label, face, w - 2 * x) or [""]
    heads = heads[: max(1, most - 1)]
    lines = wrap(text, face, width) or [""]
    room = most - len(heads)
    if len(lines) > room:
        lines = lines[-room:]
        first = lines[0]
        while first and face.size(f"… {first}")[0] > width:
            first = first[1:]
        if first != lines[0] and " " in first.rstrip():
            first = first.split(" ", 1)[1]  # whole words after the ellipsis
        lines[0] = f"… {first.lstrip()}"
    top = h - (len(heads) + len(lines)) * step - pad
    pygame.draw.line(surface, theme.muted, (0, top - 4), (w, top - 4), 2)
    for i, line in enumerate(heads):
        blit_text(surface, face, line, theme.text, (x, top + i * step))
    box_top = top + len(heads) * step
    box = pygame.Rect(x, box_top, w - 2 * x, len(lines) * step)
    _marks.append((Mark.CHAT, box))
    pygame.draw.rect(surface, theme.highlight, box, border_radius=inset)
    for i, line in enumerate(lines):
        at = (x + inset, box_top + i * step)
        blit_text(surface, face, line, theme.background, at)


def _marker(
    surface: pygame.Surface,
    face: pygame.font.Font,
    text: str,
    at: tuple[int, int],
    up: bool,
    theme: Theme,
) -> None:
    """An arrow (drawn, as fonts may lack one) and "3 more above" or "below"."""
    x, y = at
    size = face.get_height()
    half = size // 2
    if up:
        points = [(x + half, y), (x, y + size - 2), (x + size, y + size - 2)]
    else:
        points = [(x, y + 2), (x + size, y + 2), (x + half, y + size)]
    pygame.draw.polygon(surface, theme.highlight, points)
    blit_text(surface, face, text, theme.highlight, (x + size + size // 2, y))


def draw_lines(
    surface: pygame.Surface,
    services: Services,
    title: str,
    lines: list[str],
    focus: int | None,
) -> None:
    """A title and a list, the focused line framed: every menu's picture.

    The title and long lines wrap; a list that does not fit scrolls to keep the
    focused line in sight, with "more above" and "more below" markers.
    """
    theme = theme_of(services)
    _begin(surface, theme)
    unit = _unit(surface, services)
    w, h = surface.get_size()
    margin = max(8, min(unit, w // 24))
    frame = max(3, min(unit // 6, 10))
    pad = frame + 2
    bottom = h - status_height(unit, h) - frame
    width = w - 2 * margin
    # The items as large as the text size asks, while three fit with their
    # markers under the title; the largest that fits is found at the largest text
    # scale, so a larger setting never draws the items smaller.
    top_gap = max(frame, min(unit // 2, h // 40))
    most = unit_for((w, h), MOST_SCALE)
    size = min(round(unit * 1.5), _item_cap(title, tuple(lines), (w, h), most))
    face = font(size)
    step = line_height(face)
    blocks = [wrap(line, face, width - 2 * pad) or [""] for line in lines]
    marker_face = font(max(12, min(round(unit * 1.1), size)))
    marker_h = line_height(marker_face) + frame
    least = 3 * (step + 2 * pad) + 2 * marker_h
    # The title: larger than the items, while they keep their room.
    # (At most the largest item size, as that is what the items' room allows for.)
    cap = _item_cap(title, tuple(lines), (w, h), most)
    title_size = max(size, min(round(unit * 2), round(size * 1.35), cap))
    while True:
        title_face = font(title_size)
        title_lines = wrap(title, title_face, width)
        title_h = len(title_lines) * line_height(title_face)
        if title_size <= size or margin + title_h + top_gap + least <= bottom:
            break
        title_size -= 1
    top = margin + title_h + top_gap
    room = bottom - top
    avail = room - 2 * marker_h
    y = margin
    for line in title_lines:
        blit_text(surface, title_face, line, theme.text, (margin, y))
        y += line_height(title_face)
    heights = [len(b) * step + 2 * pad for b in blocks]
    first, last = 0, len(blocks)
    if sum(heights) > room:
        # Scroll: the focused item and, when there is one, the item after it.
        want = min(len(blocks) - 1, (focus or 0) + 1)
        while first < (focus or 0) and sum(heights[first : want + 1]) > avail:
            first += 1
        last, used = first, 0
        while last < len(blocks) and used + heights[last] <= avail:
            used += heights[last]
            last += 1
        y = top + marker_h
    else:
        y = top
    if first > 0:
        _marker(
            surface, marker_face, more_above_text(first), (margin, top), True, theme
        )
    for i in range(first, last):
        if i == focus:
            box = pygame.Rect(margin - pad // 2, y, width + pad, heights[i])
            pygame.draw.rect(surface, theme.highlight, box, frame)
        for k, line in enumerate(blocks[i]):
            blit_text(
                surface, face, line, theme.text, (margin + pad, y + pad + k * step)
            )
        y += heights[i]
    if last < len(blocks):
        _marker(
            surface,
            marker_face,
            more_below_text(len(blocks) - last),
            (margin, bottom - marker_h + frame),
            False,
            theme,
        )
    draw_status(surface, services, theme)


@lru_cache(maxsize=64)
def _item_cap(
    title: str, lines: tuple[str, ...], size: tuple[int, int], unit: int
) -> int:
    """The largest item font that fits a list's title, three items and two markers.

    The title is taken at the items' size and the status lines as large as
    ``unit`` makes them.
    """
    w, h = size
    margin = max(8, min(unit, w // 24))
    frame = max(3, min(unit // 6, 10))
    pad = frame + 2
    width = w - 2 * margin
    bottom = h - status_height(unit, h) - frame
    top_gap = max(frame, min(unit // 2, h // 40))
    item = round(unit * 1.5)
    while item > 12:
        face = font(item)
        title_h = len(wrap(title, face, width)) * line_height(face)
        marker_h = line_height(font(max(12, min(round(unit * 1.1), item)))) + frame
        step = line_height(face)
        room = bottom - margin - title_h - top_gap - 2 * marker_h
        tallest = max((len(wrap(x, face, width - 2 * pad)) for x in lines), default=1)
        if 3 * (step + 2 * pad) <= room and tallest * step + 2 * pad <= room:
            break
        item -= 1
    return item


def _draw_label(
    surface: pygame.Surface,
    rect: pygame.Rect,
    text: str,
    badge: tuple[str, ...],
    size: int,
    lines: int,
    colour: Color,
    theme: Theme,
    *,
    level: bool = False,
) -> None:
    """A player's label, centred, its lines resting on the bottom of ``rect``.

    ``level``: the label stands beside its card, not above it, and its lines are
    centred top to bottom, level with the card. The layout picked ``size`` and
    ``lines`` to fit; only were it wrong would the text be drawn smaller, so that
    it never spills out of its place.
    """
    while True:
        face, pieces, rows = label_rows(text, badge, rect.w, size)
        if len(rows) <= lines or size <= TEXT_FLOOR:
            break
        size -= 1
    gap = face.size("  ")[0]
    line = line_height(face)
    y = rect.bottom - len(rows) * line
    if level:
        y = rect.centery - len(rows) * line // 2
    for row in rows:
        images: list[tuple[str, bool]] = []
        for i in row:
            if i < len(pieces):
                images.append((pieces[i], False))
            else:
                images.append((badge_pieces(badge)[i - len(pieces)], True))
        pad = face.get_height() // 4
        total = sum(face.size(t)[0] + (2 * pad if b else 0) for t, b in images)
        total += gap * (len(images) - 1)
        x = rect.centerx - total // 2
        for text_piece, is_badge in images:
            tw, th = face.size(text_piece)
            if is_badge:
                box = pygame.Rect(x, y, tw + 2 * pad, th)
                pygame.draw.rect(surface, theme.text, box, border_radius=pad)
                blit_text(surface, face, text_piece, theme.background, (x + pad, y))
                x += box.w + gap
            else:
                blit_text(surface, face, text_piece, colour, (x, y))
                x += tw + gap
        y += line


_Item = tuple[str, Color, bool]
"""A header item: its text, its colour, and whether it is boxed (an entry field:
the colour fills a box and the text is drawn in the background's colour)."""


def _item_width(face: pygame.font.Font, text: str, boxed: bool) -> int:
    pad = face.get_height() // 4 if boxed else 0
    return face.size(text)[0] + 2 * pad


def _header(
    surface: pygame.Surface, size: int, items: list[_Item], margin: int
) -> tuple[int, list[list[int]], list[int], int]:
    """The scores' font size and rows: three rows at most, the text shrinking to fit."""
    w = surface.get_width()
    while True:
        face = font(size)
        gap = face.size("    ")[0]
        widths = [_item_width(face, text, boxed) for text, _colour, boxed in items]
        rows = flow(widths, w - 2 * margin, gap)
        fits = all(widths[row[0]] <= w - 2 * margin for row in rows)
        if size <= TEXT_FLOOR or (len(rows) <= HEADER_MAX_ROWS and fits):
            return size, rows, widths, gap
        size -= 1


def _tag_room(layout: TableLayout, index: int) -> pygame.Rect:
    """The part of a hand card's face below its rank corner that stays in sight.

    Cards drawn after it (the next in its row, the row below, the focus frame)
    cover the rest: one to its right narrows the room, one below shortens it.
    """
    rect = layout.hand[index]
    corner = layout.corners[index]
    pad = corner.x - rect.x
    left, top = corner.x, corner.bottom + 1
    right, bottom = rect.right - pad, rect.bottom - pad
    covers = list(layout.hand[index + 1 :])
    frame = layout.focus_frame
    if frame is not None and layout.focus is not None and index < layout.focus:
        covers.append(frame)
    for other in covers:
        if other.right <= left or other.x >= right:
            continue
        if other.bottom <= top or other.y >= bottom:
            continue
        if other.y > top:
            bottom = min(bottom, other.y - 1)  # the row below
        else:
            right = min(right, other.x - 1)  # the next card in the row
    return pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))


def _draw_tag(
    surface: pygame.Surface,
    text: str,
    room: pygame.Rect,
    layout: TableLayout,
    theme: Theme,
) -> None:
    """A word on a card ("new"), light on a dark box, as large as ``room`` holds.

    Never below :data:`TEXT_FLOOR`: where the word does not fit at that size (a
    long word on a narrow strip of a crowded hand: "nouvelle" fell to 10 pixels),
    a dark disc with a light ring marks the card instead, as large as the room
    holds (the cards were named when passed: "Lena passes you ...").
    """
    size = min(layout.label_size, room.h)
    while size >= TEXT_FLOOR:
        face = font(size)
        pad = max(1, face.get_height() // 6)
        width = face.size(text)[0] + 2 * pad
        if width <= room.w and line_height(face) <= room.h:
            box = pygame.Rect(room.x, room.y, width, line_height(face))
            _marks.append((Mark.RECEIVED, box))
            pygame.draw.rect(surface, theme.black, box, border_radius=pad)
            blit_text(surface, face, text, theme.card_face, (box.x + pad, box.y))
            return
        size -= 1
    across = min(room.w, room.h, layout.label_size)
    if across < 8:
        return  # (no room at all: the card is all but covered)
    disc = pygame.Rect(room.x, room.y, across, across)
    _marks.append((Mark.RECEIVED, disc))
    radius = across // 2
    pygame.draw.circle(surface, theme.black, disc.center, radius)
    pygame.draw.circle(
        surface, theme.card_face, disc.center, radius, max(2, radius // 4)
    )


def draw_table(
    surface: pygame.Surface,
    services: Services,
    table: TableController,
    previous: TableLayout | None = None,
    *,
    summary: str = "",
    field: tuple[str, str] | None = None,
    hand_shown: bool = True,
    chat: Sequence[str] = (),
) -> TableLayout:
    """The table: scores on top, each player's place and card, the hand below.

    The places stand round the table or in one row as decided at the deal (with
    the whole hand and the scores as they were then: see
    :func:`~audiospades.app.table_layout.table_arrangement`), kept from the
    ``previous`` picture until the next deal or a change of window, text size or
    language, so that they do not move within a hand; but round the table they
    go to one row at once where a label or the scores grew in the hand so far
    that the trick's cards would fall below their floor (and stay so all hand).
    ``field``: a line being typed (its label and text: a chat line), shown in
    the status lines' place (:func:`draw_field`), so that it hides nothing of
    the table. ``hand_shown``: False while the last hand's summary stays over
    the next deal, in the hand's room (the new hand is drawn once the player
    moves on). ``chat``: the last
    chat lines, oldest first (online), shown in the room the places leave
    (:func:`_draw_chat`); where there is none, the last of them stays in the
    status lines above the latest spoken line, until the next one comes.

    Returns:
        The layout it drew (rectangles of the places, the hand and the focus frame).
    """
    from audiospades.presenter.table import (
        bid_field_text,
        cards_received,
        dealer_shown,
        led_mark_text,
        received_mark_text,
        seat_holders,
        seat_label_text,
        seat_marks,
        seats_to_act,
        side_score_text,
        turn_header_text,
    )
    from audiospades.presenter.who import watchers_header_text

    theme = theme_of(services)
    _begin(surface, theme)
    w, h = surface.get_size()
    scale = services.settings.text_scale
    view = table.view
    names = table.port.names
    dealer_seat = dealer_shown(view)
    company = table.port.company()
    holders = seat_holders(company, view.player_count)
    labels = tuple(
        (
            seat_label_text(seat, view, names),
            seat_marks(seat, view, dealer_seat, holders[seat]),
        )
        for seat in range(view.player_count)
    )
    dealt = view.rules.hand_size
    # The scores and labels grow with the text size while the trick's cards keep
    # their floor (the status lines follow it in full).
    words = table_text_scale(
        (w, h), scale, player_count=view.player_count, dealt_count=dealt, labels=labels
    )
    sizes = table_sizes((w, h), words)
    margin = sizes.margin
    # Scores, the goal and whose turn, always visible, flowing over as few rows.
    items: list[_Item] = []
    for side in range(view.rules.side_count):
        items.append((side_score_text(side, view, names), theme.text, False))
    items.append((goal_text(view.rules), theme.muted, False))
    watchers = watchers_header_text(company)
    if watchers is not None:
        # Online, who watches (a spectator too, who has no hand to show it).
        items.append((watchers, theme.muted, False))
    trick_waits = table.port.awaiting_trick_clear
    acting = seats_to_act(view, trick_waits)
    waits = turn_header_text(
        view, names, trick_waits, stand_in=table.port.playing_for_me
    )
    if table.is_bid_entry_open:
        # The bid being typed, in its field where "To bid: You" stood: it stays
        # while the entry is open, whatever else is said.
        bid_field = bid_field_text(table.bid_entry, view) + "_"
        items.append((bid_field, theme.highlight, True))
    elif waits is not None:
        items.append((waits, theme.highlight, False))
    header_size, rows, widths, header_gap = _header(
        surface, sizes.header_size, items, margin
    )
    face = font(header_size)
    hand = list(view.hand) if hand_shown else []
    focus = hand.index(table.focus) if table.focus in hand else None
    # The last hand's summary stays readable above what was said since ("Press N
    # to gather the trick"), while no hand is drawn, until the next deal.
    said = [services.last_line]
    if summary and not hand and summary != services.last_line:
        said = [summary, services.last_line]
    # Decided again at a new deal and when the words change wholesale (language,
    # text size: the player comes back from the options to a new picture anyway).
    deal = (view.deal_count, scale, i18n.current_language())
    kept = (
        previous is not None
        and previous.arranged_for == deal
        and previous.size == (w, h)
    )

    def arrangement() -> bool:
        return table_arrangement(
            (w, h),
            scale,
            player_count=view.player_count,
            dealt_count=dealt,
            header_rows=len(rows),
            header_size=header_size,
            labels=labels,
        )

    def lay_out(compact: bool) -> TableLayout:
        return table_layout(
            (w, h),
            scale,
            player_count=view.player_count,
            hand_count=len(hand),
            dealt_count=dealt,
            focus=focus,
            header_rows=len(rows),
            header_size=header_size,
            viewer=view.seat,
            labels=labels,
            lifted=[i for i, card in enumerate(hand) if card in table.pass_choice],
            compact=compact,
            status_lines=0 if hand else _status_lines(surface, services, said),
        )

    layout = lay_out(previous.compact if kept and previous else arrangement())
    if (
        kept
        and layout.places
        and not layout.compact
        and min(p.card.h for p in layout.places) < trick_floor((w, h))
        and arrangement()
    ):
        # Round the table the kept places no longer leave the trick's cards their
        # floor: a label took a line in the hand ("computer plays"), or the scores
        # a row. They go to one row at once, rather than after the trick, whose
        # cards are the ones to read; and only that way within a hand, so they
        # move at most once before the next deal.
        layout = lay_out(True)
    layout = dataclasses.replace(layout, arranged_for=deal)
    y = margin
    for row in rows:
        x = margin
        for i in row:
            text, colour, boxed = items[i]
            if boxed:
                box = pygame.Rect(x, y, widths[i], line_height(face))
                _marks.append((Mark.ENTRY, box))
                pygame.draw.rect(surface, colour, box, border_radius=box.h // 5)
                pad = face.get_height() // 4
                blit_text(surface, face, text, theme.background, (x + pad, y))
            else:
                blit_text(surface, face, text, colour, (x, y))
            x += widths[i] + header_gap
        y += line_height(face)
    # Each player's place: the label (framed on their turn) and their card.
    trick = list(view.trick)
    shown = table.port.shown_trick
    if not trick and shown is not None:
        trick = list(shown.cards)
    inset = label_pad(layout.frame_width)
    for place in layout.places:
        turn = place.seat in acting
        colour = theme.highlight if turn else theme.text
        if turn:
            _marks.append((Mark.TURN, place.label))
            pygame.draw.rect(
                surface,
                theme.highlight,
                place.label,
                layout.frame_width,
                border_radius=6,
            )
        text, badge = labels[place.seat]
        _draw_label(
            surface,
            place.label.inflate(-2 * inset, -2 * inset),
            text,
            badge,
            layout.label_size,
            layout.label_lines,
            colour,
            theme,
            level=place.label.bottom > place.card.top,
        )
    for seat, card in trick:
        draw_card(surface, card, layout.places[seat].card, theme)
    if shown is not None and not view.trick:
        # The finished trick still shown: the card that won it is framed, round
        # its edge (the layout keeps room for it), so that it hides no rank.
        width = layout.frame_width
        won = layout.places[shown.seat].card.inflate(2 * width, 2 * width)
        pygame.draw.rect(surface, theme.highlight, won, width, border_radius=4)
    led = None
    if trick:
        # Who led: a tag by the trick's first card, clear of its rank.
        led = _draw_lead_tag(surface, layout, trick[0][0], led_mark_text(), theme)
    # The hand, row by row; the focused card is raised and framed, a card chosen to
    # pass raised and ringed inside its edge (so the focus frame never hides it).
    # The cards passed to you are tagged (until the first trick is complete).
    legal = view.legal_plays
    received = cards_received(view)
    for i, (card, rect) in enumerate(zip(hand, layout.hand, strict=True)):
        dim = bool(legal) and card not in legal
        draw_card(surface, card, rect, theme, dim=dim)
        if card in table.pass_choice:
            # Narrower than the space before the rank corner: the rank stays clear.
            chosen = max(2, min(layout.frame_width, layout.corners[i].x - rect.x - 2))
            _marks.append((Mark.CHOSEN, rect))
            radius = max(2, rect.w // 10)
            pygame.draw.rect(surface, theme.chosen, rect, chosen, border_radius=radius)
        if card in received:
            _draw_tag(
                surface, received_mark_text(), _tag_room(layout, i), layout, theme
            )
        if i == layout.focus and layout.focus_frame is not None:
            pygame.draw.rect(
                surface, theme.highlight, layout.focus_frame, layout.frame_width
            )
    # The status lines may grow upwards over what is empty (between hands, no
    # hand is drawn), up to the lowest thing drawn above them.
    drawn = [place.label for place in layout.places]
    drawn += [layout.places[seat].card for seat, _card in trick]
    drawn += list(layout.hand)
    if led is not None:
        drawn.append(led)
    if layout.focus_frame is not None:
        drawn.append(layout.focus_frame)
    if chat:
        chat_box = _draw_chat(surface, layout, chat, theme, margin, led)
        if chat_box is not None:
            drawn.append(chat_box)
        elif chat[-1] not in said:
            said = [*said[:-1], chat[-1], said[-1]]
    lowest = max([layout.header_bottom, *(r.bottom for r in drawn)])
    if field is not None:
        draw_field(surface, services, theme, field, lowest + sizes.gap)
    else:
        draw_status(surface, services, theme, lowest + sizes.gap, said)
    return layout


def _draw_chat(
    surface: pygame.Surface,
    layout: TableLayout,
    chat: Sequence[str],
    theme: Theme,
    margin: int,
    led: pygame.Rect | None,
) -> pygame.Rect | None:
    """The last chat lines, in a framed box where the places leave room.

    A low-vision player who looked away saw only the latest spoken line, which
    the next move replaced. At the labels' size (never below
    :data:`TEXT_FLOOR`), as many of the last lines as fit whole, the newest
    last, in the largest room the table leaves (:func:`chat_room`); smaller,
    down to the floor, where the newest would not fit whole. Returns the box
    (None: no room for the newest line).
    """
    pad = layout.frame_width + 2
    least = font(TEXT_FLOOR)
    least_w = least.size("M" * 9)[0] + 2 * pad
    least_h = line_height(least) + 2 * pad
    others = () if led is None else (led,)
    room = chat_room(layout, margin, least_w, least_h, others)
    if room is None:
        return None
    inner = room.inflate(-2 * pad, -2 * pad)
    rows: list[str] = []
    face = least
    for size in range(max(TEXT_FLOOR, layout.label_size), TEXT_FLOOR - 1, -1):
        face = font(size)
        most = inner.h // line_height(face)
        rows = []
        for text in reversed(chat):
            lines = wrap(text, face, inner.w)
            if len(rows) + len(lines) > most:
                break
            rows = lines + rows
        if rows:
            break
    if not rows:
        return None
    step = line_height(face)
    width = max(face.size(row)[0] for row in rows)
    box = pygame.Rect(room.x, room.y, width + 2 * pad, len(rows) * step + 2 * pad)
    _marks.append((Mark.CHAT_LINES, box))
    pygame.draw.rect(surface, theme.muted, box, 2, border_radius=pad)
    for i, row in enumerate(rows):
        blit_text(surface, face, row, theme.text, (box.x + pad, box.y + pad + i * step))
    return box


def _draw_lead_tag(
    surface: pygame.Surface, layout: TableLayout, seat: int, text: str, theme: Theme
) -> pygame.Rect | None:
    """The tag by the card that began the trick (:func:`lead_tag` places it).

    Drawn as the labels' badges are: the window's colour on a text-coloured box;
    on or across the card, as the tag of a card passed to you (the card's colour
    on black). Returns its box (None: no room for it).
    """
    placed = lead_tag(layout, seat, text)
    if placed is None:
        return None
    box, size = placed
    face = font(size)
    pad = tag_pad(face)
    _marks.append((Mark.LED, box))
    # On the card's face (no room beside it) as the tag of a card passed to you.
    card = layout.places[seat].card
    on_card = card.colliderect(box)
    fill, ink = (
        (theme.black, theme.card_face) if on_card else (theme.text, theme.background)
    )
    pygame.draw.rect(surface, fill, box, border_radius=pad)
    if on_card and not card.contains(box):
        # Across the card and past its edge: ringed in the text's colour, so that
        # the box stands out from the window as well as from the card.
        pygame.draw.rect(surface, theme.text, box, 1, border_radius=pad)
    blit_text(surface, face, text, ink, (box.x + pad, box.y))
    return box
