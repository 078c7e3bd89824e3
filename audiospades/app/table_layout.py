"""Where everything goes on the table picture, worked out before anything is drawn.

Sizes follow the window and the player's text size. Text grows with the text size
until it would crowd the window, then keeps growing ever more slowly (:func:`ease`),
so a larger setting is always larger. The hand comes first: its cards grow with
the text size up to the largest that the window holds in one, two or three rows
(each card's rank corner always showing); the trick takes the rest, drawn round the
table while there is room and in one row of places when there is not (decided once
a deal, with the whole hand and the scores as they are then, so that it does not
change as the hand empties: :func:`table_arrangement`; again with a new language or
text size, and in one row at once where a label grows in the hand so far that the
trick's cards would fall below their floor; an empty hand leaves its
room to the trick, but for the lines the latest spoken line takes). The status
lines follow the text size in full; the scores and seat labels follow it as far
as the trick's cards keep their floor (:func:`trick_floor`, see
:func:`table_text_scale`); no text is drawn below :data:`TEXT_FLOOR`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import pygame

from audiospades.rules.seats import relative_position
from audiospades.storage.settings import TEXT_SCALE_RANGE

CARD_RATIO: Final = 0.7
"""A card's width over its height."""

CORNER_HEIGHT: Final = 0.56
"""The part of a card's height (below its padding) that its rank corner takes."""

OVERLAP_STEP: Final = 0.58
"""The least part of a card's width shown before the next card covers it."""

HEADER_MAX_ROWS: Final = 3
"""The scores at the top take at most this many rows (their text shrinks to fit)."""

TEXT_FLOOR: Final = 18
"""No text on the table is drawn at a font size below this (pixels), whatever the
text size: at 50% in a small window the labels were some 7 pixels tall."""

STATUS_LINES: Final = 3
"""The latest spoken line shows at most this many lines."""

LABEL_LINES: Final = 2
"""A player's label (name, bid, tricks, dealer) is given this many lines round
the table, more where its words need them (:data:`ROUND_LABEL_LINES`)."""

ROUND_LABEL_LINES: Final = 5
"""Round the table a label takes as many lines as it needs, up to this many,
rather than smaller text: online, a computer player's label holds its name, bid
and tricks, its side or "partner", "computer" and perhaps "dealer" (QA: with
three lines at most the "computer" tags shrank six players' names from a 24- to
a 20-pixel font at 800x600)."""

ROW_LABEL_LINES: Final = 5
"""In one row of places (narrow columns) a label may take up to this many lines:
its name, bid, tricks and dealer badge each on a line of their own, rather than
smaller text."""


@lru_cache(maxsize=64)
def font(size: int) -> pygame.font.Font:
    """The default font at a pixel size (cached)."""
    return pygame.font.Font(None, max(8, size))


def line_height(face: pygame.font.Font) -> int:
    """The step between lines of a font: rendered lines never overlap."""
    return max(face.get_linesize(), face.size("Ág")[1])


def ease(value: float, cap: float, knee: float = 0.75) -> float:
    """``value`` up to ``knee * cap``, then ever closer to ``cap``: always rising.

    A text size that would not fit the window still grows, ever more slowly, so a
    larger setting never draws smaller.

    >>> ease(10, 100)
    10
    >>> ease(75, 100), round(ease(150, 100), 1), round(ease(1000, 100), 1)
    (75, 93.8, 99.3)
    """
    turn = knee * cap
    if value <= turn:
        return value
    return cap - ((1 - knee) * cap) ** 2 / (value - (2 * knee - 1) * cap)


def unit_for(size: tuple[int, int], text_scale: float) -> int:
    """A base size in pixels for a window size and text scale."""
    w, h = size
    return max(10, int(min(w / 32, h / 24) * text_scale))


@dataclass(frozen=True, slots=True)
class TableSizes:
    """The sizes of the table picture for one window and text scale (pixels)."""

    unit: int
    margin: int
    gap: int
    frame: int
    header_size: int
    """The scores' font size (before shrinking to fit three rows)."""
    status_size: int
    label_size: int


def table_sizes(size: tuple[int, int], text_scale: float) -> TableSizes:
    """Every size of the table picture; each grows with the text scale."""
    h = size[1]
    unit = unit_for(size, text_scale)
    return TableSizes(
        unit=unit,
        margin=max(6, round(ease(unit / 2, h / 40))),
        gap=max(4, round(ease(unit / 4, h / 70))),
        frame=max(3, round(ease(unit / 6, h / 90))),
        header_size=max(TEXT_FLOOR, round(ease(unit * 1.4, h / 12))),
        status_size=status_font_size(unit, h),
        label_size=max(TEXT_FLOOR, round(ease(unit * 0.95, h / 17))),
    )


def status_font_size(unit: int, height: int) -> int:
    """The font size of the latest spoken line (at the bottom of every screen)."""
    return max(TEXT_FLOOR, round(ease(unit * 1.3, height / 13)))


def status_height(unit: int, height: int, lines: int = STATUS_LINES) -> int:
    """The height of the status area (the latest spoken line) at the bottom."""
    face = font(status_font_size(unit, height))
    return lines * line_height(face) + status_pad(unit, height) + 6


def status_pad(unit: int, height: int) -> int:
    """Space under the status lines."""
    return round(ease(unit / 2, height / 60))


def _status_reserve(height: int) -> int:
    """The status area's height at the largest text scale (its upper bound)."""
    face = font(math.ceil(height / 13))
    return STATUS_LINES * line_height(face) + math.ceil(height / 60) + 6


def label_height(label_size: int, frame: int, lines: int = LABEL_LINES) -> int:
    """A label's rectangle: its lines and room for the turn frame round them."""
    return lines * line_height(font(label_size)) + 2 * label_pad(frame)


Label = tuple[str, tuple[str, ...]]
"""A player's label: its text (two spaces part name, bid and tricks) and its
badges, one each ("partner", "dealer"; none: empty)."""


def badge_pieces(badge: tuple[str, ...]) -> list[str]:
    """A label's badges, each drawn in its own box ("partner", "dealer").

    Each is kept whole (a translated tag may hold spaces); a blank one is left out.
    """
    return [b.strip() for b in badge if b.strip()]


#: Where a line may break: at a space, never at a no-break one (French puts one
#: before its "?" and ":" so that the mark does not start a line alone).
_BREAK: Final = re.compile(r"[^\S\u00a0\u202f]+")


def words(text: str) -> list[str]:
    """``text``'s words, as a line may break between them (no-break spaces kept)."""
    return [word for word in _BREAK.split(text) if word]


def cut_word(face: pygame.font.Font, word: str, width: int) -> list[str]:
    """``word`` in pieces no wider than ``width`` (cut where it must be)."""
    pieces: list[str] = []
    while face.size(word)[0] > width and len(word) > 1:
        cut = len(word) - 1
        while cut > 1 and face.size(word[:cut])[0] > width:
            cut -= 1
        pieces.append(word[:cut])
        word = word[cut:]
    pieces.append(word)
    return pieces


def label_rows(
    text: str, badge: tuple[str, ...], width: int, size: int
) -> tuple[pygame.font.Font, list[str], list[list[int]]]:
    """A label's font at ``size``, its pieces and rows (the badge last).

    The label breaks where two spaces part its name, bid and tricks; a piece
    wider than ``width`` (a long name) breaks at its spaces too, and a word wider
    still where it must.
    """
    face = font(size)
    pieces: list[str] = []
    for chunk in (c.strip() for c in text.split("  ")):
        if not chunk:
            continue
        if face.size(chunk)[0] <= width:
            pieces.append(chunk)
            continue
        for word in words(chunk):
            pieces += cut_word(face, word, width)
    widths = [face.size(c)[0] for c in pieces]
    widths += [badge_width(face, b) for b in badge_pieces(badge)]
    return face, pieces, flow(widths, width, face.size("  ")[0])


def badge_width(face: pygame.font.Font, badge: str) -> int:
    """The dealer badge's box: its text with a little room either side."""
    return face.size(badge)[0] + face.get_height() // 2


def _widest_word(labels: tuple[Label, ...], size: int) -> int:
    face = font(size)
    pieces = [word for text, _badge in labels for word in words(text)]
    widths = [face.size(word)[0] for word in pieces]
    widths += [badge_width(face, b) for _text, x in labels for b in badge_pieces(x)]
    return max(widths, default=0)


def _label_lines_at(labels: tuple[Label, ...], width: int, size: int) -> int:
    """The most lines any of ``labels`` takes at ``size`` in ``width``."""
    return max((len(label_rows(t, b, width, size)[2]) for t, b in labels), default=1)


def _label_fit(
    labels: tuple[Label, ...], width: int, lines: int, top: int, least: int
) -> int:
    """The largest size from ``top`` down to ``least`` that fits every label.

    Each takes at most ``lines`` lines of ``width``, no word broken; ``least`` when
    no size does.
    """
    size = top
    while size > least:
        if _widest_word(labels, size) <= width and (
            _label_lines_at(labels, width, size) <= lines
        ):
            break
        size -= 1
    return size


def label_floor(
    size: tuple[int, int], player_count: int, labels: tuple[Label, ...]
) -> int:
    """The largest label size whose every word fits any column in this window.

    The narrowest column a label gets is in one row of places at the largest text
    size. This bound does not depend on the text size, so capping the labels at it
    (rather than shrinking them for want of room) keeps a larger setting from
    drawing them smaller.
    """
    w, h = size
    column = (w - 2 * math.ceil(h / 40)) // max(1, player_count)
    width = column - math.ceil(h / 70) - 2 * label_pad(math.ceil(h / 90))
    top = math.ceil(h / 17)
    while top > TEXT_FLOOR and _widest_word(labels, top) > width:
        top -= 1
    return top


def label_pad(frame: int) -> int:
    """Space between a label's text and its rectangle (the turn frame goes there)."""
    return frame + 2


def corner_rect(rect: pygame.Rect) -> pygame.Rect:
    """The top-left corner of a card that carries its rank and a small suit.

    In the hand fan each card covers the right part of the one before it, and a
    row covers the lower part of the row above, never this corner, so every card's
    rank and suit stay readable.
    """
    pad = max(2, rect.w // 14)
    return pygame.Rect(
        rect.x + pad, rect.y + pad, rect.w // 2, int(rect.h * CORNER_HEIGHT)
    )


@dataclass(frozen=True, slots=True)
class Place:
    """Where one player sits in the picture: their label and the card they played."""

    seat: int
    label: pygame.Rect
    card: pygame.Rect

    @property
    def column(self) -> pygame.Rect:
        """The place's own room: its label and its card, side by side or not.

        The label mostly stands above the card; your own may stand beside yours
        (six round the table, see :func:`_layout`).
        """
        return self.label.union(self.card)


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Every rectangle of the table picture, worked out before anything is drawn.

    ``hand`` is in drawing order (row by row, left to right): a card covers the
    right part of the one before it and a row the lower part of the row above,
    never a :func:`corner_rect`. The focused card is raised, and its frame is drawn
    right after it, so the next card covers the frame too.
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
    """The labels' font size, one for all (given their texts, they fit at it)."""
    hand_rows: int = 1
    compact: bool = False
    """The places stand in one row (no room to draw them round the table)."""
    label_lines: int = LABEL_LINES
    """The lines a label may take (its rectangle's height holds them)."""
    text_scale: float = 1.0
    """The text scale the scores and labels are drawn at (:func:`table_text_scale`)."""
    trick_bottom: int | None = None
    """The bottom of the trick's room (the hand, raised, starts below it)."""
    arranged_for: tuple[int, float, str] | None = None
    """The deal (its count), the text size and the language for which the
    arrangement was decided, when a picture keeps it all hand
    (:func:`table_arrangement`)."""

    @property
    def corners(self) -> tuple[pygame.Rect, ...]:
        """Each hand card's rank and suit corner."""
        return tuple(corner_rect(r) for r in self.hand)


def lead_tag(
    layout: TableLayout, seat: int, text: str
) -> tuple[pygame.Rect, int] | None:
    """Where the tag on the trick's first card (``text``: "led") goes, and its size.

    Next to the card: to its right, level with its rank, else to its left, else
    under it; always in its place's own column (its label's width), clear of the
    frame of a card that won the trick, of every label and card and of the hand.
    Where there is no room next to it, on the card's face below its rank corner
    (as the tag on a card passed to you), and where the word is wider than the
    card (six players in a small window, a long word: "Ausspiel", "entame"),
    across the card's lower part, reaching past its sides and if need be below
    it, still in its column and clear of all the rest (:func:`_across`). As large
    as the card's rank (or the labels, if they are larger), or as near it as the
    room allows: never below the labels' size where some place has room for it,
    and never below :data:`TEXT_FLOOR` (QA: the word fell to 10 pixels on the
    card's face, over its suit). None only where not even that fits.
    """
    card = layout.places[seat].card
    rank = int(corner_rect(card).h * 0.62)  # as card_art draws the rank
    least = max(TEXT_FLOOR, layout.label_size)
    top = max(least, rank)
    for size in range(top, least - 1, -1):
        spot = _beside(layout, seat, text, size)
        if spot is not None:
            return spot, size
    for size in range(top, least - 1, -1):
        spot = _on_card(card, text, size) or _across(layout, seat, text, size)
        if spot is not None:
            return spot, size
    for size in range(least - 1, TEXT_FLOOR - 1, -1):
        spot = _beside(layout, seat, text, size) or _on_card(card, text, size)
        spot = spot or _across(layout, seat, text, size)
        if spot is not None:
            return spot, size
    return None


def _tag_box(text: str, size: int) -> pygame.Rect:
    face = font(size)
    return pygame.Rect(0, 0, face.size(text)[0] + 2 * tag_pad(face), line_height(face))


def _beside(layout: TableLayout, seat: int, text: str, size: int) -> pygame.Rect | None:
    """The tag next to the card (right, left, under), where it hides nothing."""
    card = layout.places[seat].card
    clear = 2 * layout.frame_width + 2
    right = _tag_box(text, size)
    right.topleft = (card.right + clear, card.y)
    left = right.copy()
    left.topright = (card.x - clear, card.y)
    below = right.copy()
    below.midtop = (card.centerx, card.bottom + clear)
    for spot in (right, left, below):
        if _is_clear(layout, seat, spot):
            return spot
    return None


def _on_card(card: pygame.Rect, text: str, size: int) -> pygame.Rect | None:
    """The tag on the card's face below its rank corner, if it fits there."""
    corner = corner_rect(card)
    pad = corner.x - card.x
    room = pygame.Rect(
        corner.x, corner.bottom + 1, card.w - 2 * pad, card.bottom - pad - corner.bottom
    )
    box = _tag_box(text, size)
    box.topleft = room.topleft
    return box if room.contains(box) else None


def _across(layout: TableLayout, seat: int, text: str, size: int) -> pygame.Rect | None:
    """The tag across the card's lower part, wider than the card or lower than it.

    Centred on the card just below its rank corner (which it never hides), it
    covers only the lower part of the face and reaches past the card's sides (and
    its bottom, where the face is too short): still in the place's column, and
    clear of every other card and label, of the hand and of the status lines.
    """
    card = layout.places[seat].card
    column = layout.places[seat].column
    box = _tag_box(text, size)
    if box.w > column.w:
        return None
    box.midtop = (card.centerx, corner_rect(card).bottom + 1)
    box.x = max(column.x, min(box.x, column.right - box.w))
    return box if _is_clear(layout, seat, box, own_card=False) else None


def _is_clear(
    layout: TableLayout, seat: int, spot: pygame.Rect, *, own_card: bool = True
) -> bool:
    """Whether a tag at ``spot`` by ``seat``'s card hides nothing and is in sight.

    ``own_card``: it must be clear of that card (and of the frame round it when it
    won the trick) too; if not, only of the card's rank corner.
    """
    column = layout.places[seat].column
    bottom = layout.status_top
    if layout.trick_bottom is not None:
        bottom = min(bottom, layout.trick_bottom)
    if spot.x < column.x or spot.right > column.right:
        return False
    if spot.y < layout.header_bottom or spot.bottom > bottom:
        return False
    won = 2 * layout.frame_width
    covers = [
        p.card.inflate(won, won) for p in layout.places if own_card or p.seat != seat
    ]
    if not own_card:
        covers.append(corner_rect(layout.places[seat].card))
    covers += [p.label for p in layout.places]
    covers += list(layout.hand)
    if layout.focus_frame is not None:
        covers.append(layout.focus_frame)
    return spot.collidelist(covers) < 0


def tag_pad(face: pygame.font.Font) -> int:
    """Room either side of a tag's word inside its box."""
    return max(1, face.get_height() // 4)


def flow(widths: list[int], width: int, gap: int) -> list[list[int]]:
    """Indices of items in rows no wider than ``width`` (an item alone may be).

    >>> flow([30, 30, 30], 70, 5)
    [[0, 1], [2]]
    """
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


def _row_pitch(card_h: int, frame: int) -> int:
    """From one hand row's top to the next: the row above keeps its corners."""
    card_w = int(card_h * CARD_RATIO)
    pad = max(2, card_w // 14)
    return pad + int(card_h * CORNER_HEIGHT) + max(6, card_h // 6) + frame + 3


def _width_cap(count: int, avail_w: int, frame: int) -> float:
    """The tallest card that fits ``count`` to a row, overlapping to the minimum."""
    # card_w * (1 + (count - 1) * OVERLAP_STEP) + (count - 1) * (frame + 4) <= avail_w
    card_w = (avail_w - (count - 1) * (frame + 4)) / (1 + (count - 1) * OVERLAP_STEP)
    return card_w / CARD_RATIO


def _height_cap(rows: int, room: int, frame: int) -> float:
    """The tallest card whose ``rows`` rows (one raised) fit ``room``."""
    card_h = float(room)
    while card_h > 16:
        need = card_h + max(6, card_h // 6) + 2 * frame
        need += (rows - 1) * _row_pitch(int(card_h), frame)
        if need <= room:
            break
        card_h -= 2
    return card_h


def _hand_room(size: tuple[int, int], frame: int) -> int:
    """The height the hand may take at any text scale (so its cards never shrink).

    What is left once the scores, the status lines and the smallest trick row
    are given the most they take at the largest text scale.
    """
    h = size[1]
    header = math.ceil(h / 40) + HEADER_MAX_ROWS * line_height(font(math.ceil(h / 12)))
    trick = label_height(math.ceil(h / 17), frame) + max(40, h // 10)
    gaps = 4 * math.ceil(h / 70)
    return max(60, h - header - _status_reserve(h) - trick - gaps)


@lru_cache(maxsize=256)
def hand_plan(
    size: tuple[int, int], text_scale: float, hand_count: int
) -> tuple[int, int]:
    """The hand's card height and its number of rows.

    The height grows with the text scale towards the largest that fits the window
    (in one, two or three rows, whichever gives the largest cards).
    """
    sizes = table_sizes(size, text_scale)
    w = size[0]
    frame = math.ceil(size[1] / 90)
    avail_w = w - 2 * math.ceil(size[1] / 40)
    room = _hand_room(size, frame)
    count = max(1, hand_count)
    best_cap, best_rows = 0.0, 1
    for rows in (1, 2, 3):
        if rows > 1 and rows > count:
            break
        per_row = math.ceil(count / rows)
        cap = min(_width_cap(per_row, avail_w, frame), _height_cap(rows, room, frame))
        if cap > best_cap * 1.05:
            best_cap, best_rows = cap, rows
    card_h = int(max(24, ease(sizes.unit * 4.5, best_cap, knee=0.9)))
    rows = next(
        (
            r
            for r in range(1, best_rows + 1)
            if _width_cap(math.ceil(count / r), avail_w, frame) >= card_h
        ),
        best_rows,
    )
    return card_h, rows


MOST_SCALE: Final = TEXT_SCALE_RANGE[1]
"""The largest text size a player can choose."""


@lru_cache(maxsize=64)
def _label_choice(
    size: tuple[int, int],
    text_scale: float,
    n: int,
    labels: tuple[Label, ...],
    col_w: int,
    row_col_w: int,
    inset: int,
) -> tuple[int, int, int, int]:
    """The labels' size and lines: around the trick, then in a row.

    One size for all, as large as the text size asks while every word fits the
    narrowest column this window gives a label (a bound that does not depend on
    the text size), never below :data:`TEXT_FLOOR`; long labels take more lines,
    not less size. The size rises with the text size, so a larger setting never
    draws them smaller. (The trick's cards keep their room through
    :func:`table_text_scale`, not by taking lines from the labels.)

    Cached: every frame's layout asks again with the same labels until a bid or a
    trick changes them, and the fitting measures every word at several sizes.
    """
    label_size = table_sizes(size, text_scale).label_size
    if not labels:
        return label_size, LABEL_LINES, label_size, LABEL_LINES
    label_size = max(TEXT_FLOOR, min(label_size, label_floor(size, n, labels)))
    need = _label_lines_at(labels, col_w - inset, label_size)
    round_lines = max(LABEL_LINES, min(need, ROUND_LABEL_LINES))
    round_size = _label_fit(labels, col_w - inset, round_lines, label_size, TEXT_FLOOR)
    need = _label_lines_at(labels, row_col_w - inset, label_size)
    row_lines = max(LABEL_LINES, min(need, ROW_LABEL_LINES))
    row_size = _label_fit(labels, row_col_w - inset, row_lines, label_size, TEXT_FLOOR)
    return round_size, round_lines, row_size, row_lines


TRICK_CARD_LEAST: Final = 60
"""The trick's cards are never made smaller than this (pixels) for the words'
sake: their rank is then drawn at a 21-pixel font, above :data:`TEXT_FLOOR`."""


def trick_floor(size: tuple[int, int]) -> int:
    """The least height the trick's cards keep as the table's words grow (pixels).

    A tenth of the window's height, and never below :data:`TRICK_CARD_LEAST`: some
    60% of their height at 100% (1920x1080, six players: 108 of 171 pixels;
    800x600, four: 60 of 96), and the room :func:`_hand_room` keeps for them at
    the largest text size, so that the hand never gives up its size for them.

    >>> trick_floor((800, 600)), trick_floor((1920, 1080))
    (60, 108)
    """
    return max(TRICK_CARD_LEAST, size[1] // 10)


def _trick_card_h(
    size: tuple[int, int],
    text_scale: float,
    words: float,
    *,
    player_count: int,
    hand_count: int,
    header_rows: int,
    labels: tuple[Label, ...],
    compact: bool,
    header_size: int | None = None,
) -> int:
    """How tall the trick's cards are drawn in such a layout (0 with no places)."""
    layout = _layout(
        size,
        text_scale,
        words,
        player_count=player_count,
        hand_count=hand_count,
        header_rows=header_rows,
        header_size=header_size,
        labels=labels,
        compact=compact,
    )
    return layout.places[0].card.h if layout.places else 0


@lru_cache(maxsize=64)
def _most_words_scale(
    size: tuple[int, int],
    player_count: int,
    dealt_count: int,
    labels: tuple[Label, ...],
) -> float:
    """The largest scale for the scores and labels that keeps the trick's cards.

    The status lines and the hand follow the text size in full; the scores and the
    labels grow with it too, and the trick's cards get what they leave (at 400% in
    a small window they fell to a third of their height at 100%). So the scores and
    labels grow only while the trick's cards stay at least :func:`trick_floor` tall
    (or as tall as with the words at 100%, if that is less), at the largest text
    size, with a full hand and three rows of scores: wherever the player sets the
    text size, the cards keep the floor, and a larger setting never draws the
    words smaller.
    """

    def card_h(words: float) -> int:
        return _trick_card_h(
            size,
            MOST_SCALE,
            words,
            player_count=player_count,
            hand_count=dealt_count,
            header_rows=HEADER_MAX_ROWS,
            labels=labels,
            compact=True,
        )

    least = min(trick_floor(size), card_h(1.0))
    if card_h(MOST_SCALE) >= least:
        return MOST_SCALE
    low, high = 1.0, MOST_SCALE
    while high - low > 0.05:
        middle = (low + high) / 2
        if card_h(middle) >= least:
            low = middle
        else:
            high = middle
    return low


def table_text_scale(
    size: tuple[int, int],
    text_scale: float,
    *,
    player_count: int,
    dealt_count: int,
    labels: tuple[Label, ...] = (),
) -> float:
    """The text scale of the table's scores and seat labels.

    The player's text size, as far as the window allows: up to the largest that
    keeps the trick's cards at their floor (:func:`_most_words_scale`), and never
    less than 100% for a larger setting. (The status lines, the main reading, and
    the hand follow the text size in full.)
    """
    if text_scale <= 1.0:
        return text_scale
    most = _most_words_scale(size, player_count, max(1, dealt_count), labels)
    return max(1.0, min(text_scale, most))


@lru_cache(maxsize=64)  # (asked again each frame while a kept one is checked)
def table_arrangement(
    size: tuple[int, int],
    text_scale: float,
    *,
    player_count: int,
    dealt_count: int,
    header_rows: int = 2,
    header_size: int | None = None,
    labels: tuple[Label, ...] = (),
) -> bool:
    """Whether the places stand in one row (True) or round the table (False).

    Decided once a deal (see :func:`~audiospades.app.render.draw_table`), with the
    whole hand and the scores as they are then, and kept all hand, so that the
    places do not move as the hand empties. Round the table while its cards are
    at least three quarters as tall as in one row, and keep :func:`trick_floor`
    (or their height in one row, if that is less).
    """
    words = table_text_scale(
        size,
        text_scale,
        player_count=player_count,
        dealt_count=dealt_count,
        labels=labels,
    )

    def card_h(compact: bool) -> int:
        return _trick_card_h(
            size,
            text_scale,
            words,
            player_count=player_count,
            hand_count=dealt_count,
            header_rows=header_rows,
            header_size=header_size,
            labels=labels,
            compact=compact,
        )

    row_h, round_h = card_h(True), card_h(False)
    return round_h < 0.75 * row_h or round_h < min(trick_floor(size), row_h)


def table_layout(
    size: tuple[int, int],
    text_scale: float,
    *,
    player_count: int,
    hand_count: int,
    dealt_count: int = 0,
    focus: int | None = None,
    header_rows: int = 2,
    header_size: int | None = None,
    viewer: int = 0,
    labels: tuple[Label, ...] = (),
    lifted: Collection[int] = (),
    compact: bool | None = None,
    status_lines: int = STATUS_LINES,
) -> TableLayout:
    """Lay out the table: scores, each player's place (label and trick card), the hand.

    Pure geometry (it measures fonts but draws nothing), for any window from 800x600
    and any text scale: nothing overlaps, and every card's corner shows. Given the
    players' ``labels`` (one per seat), it picks one size and a number of lines
    for them all; without, two lines at the text size's label size. The focused
    card and the ``lifted`` ones (by index: the cards chosen to pass) are raised.

    ``dealt_count`` is the cards each player was dealt. The places stand in one row
    if ``compact``, round the table if not; None: as :func:`table_arrangement`
    decides with the whole hand and these scores (the caller keeps that decision
    all hand). The room an empty hand leaves goes to the trick's cards, but for
    the ``status_lines`` the latest spoken line takes at its full size.
    """
    full = max(hand_count, dealt_count)
    words = table_text_scale(
        size, text_scale, player_count=player_count, dealt_count=full, labels=labels
    )
    if compact is None:
        compact = table_arrangement(
            size,
            text_scale,
            player_count=player_count,
            dealt_count=full,
            header_rows=header_rows,
            header_size=header_size,
            labels=labels,
        )
    return _layout(
        size,
        text_scale,
        words,
        player_count=player_count,
        hand_count=hand_count,
        focus=focus,
        header_rows=header_rows,
        header_size=header_size,
        viewer=viewer,
        labels=labels,
        compact=compact,
        dealt_count=full,
        status_lines=status_lines,
        lifted=lifted,
    )


def _beside_place(
    seat: int,
    center_x: int,
    bottom: int,
    label_w: int,
    label_h: int,
    card_h: int,
    frame: int,
    gap: int,
) -> Place:
    """Your place with its label to the left of your card, both level, at ``bottom``.

    The card keeps a frame's width all round (for the frame of a card that won the
    trick) and a gap from the label.
    """
    card_h = max(16, card_h)
    block_h = max(label_h, card_h + 2 * frame)
    card = pygame.Rect(0, 0, int(card_h * CARD_RATIO), card_h)
    card.center = (center_x, bottom - block_h // 2)
    label = pygame.Rect(0, 0, label_w, label_h)
    label.right = card.x - frame - gap
    label.centery = card.centery
    return Place(seat, label, card)


def _layout(
    size: tuple[int, int],
    text_scale: float,
    words: float,
    *,
    player_count: int,
    hand_count: int,
    focus: int | None = None,
    header_rows: int = 2,
    header_size: int | None = None,
    viewer: int = 0,
    labels: tuple[Label, ...] = (),
    compact: bool,
    dealt_count: int = 0,
    status_lines: int = STATUS_LINES,
    lifted: Collection[int] = (),
) -> TableLayout:
    """:func:`table_layout`, the scores and labels at the scale ``words``.

    The hand and the status lines follow ``text_scale``; the places stand in one
    row if ``compact``.
    """
    w, h = size
    sizes = table_sizes(size, words)
    margin, gap, frame = sizes.margin, sizes.gap, sizes.frame
    header_face = font(header_size or sizes.header_size)
    header_bottom = margin + header_rows * line_height(header_face)
    # The status lines, the main reading, at the player's text size in full.
    status_top = h - status_height(unit_for(size, text_scale), h)
    top, bottom = header_bottom + gap, status_top - gap
    # The hand, at the bottom: rows of cards, each overlapping the one before.
    hand_h, rows = hand_plan(size, text_scale, hand_count)
    hand_w = int(hand_h * CARD_RATIO)
    raised = max(6, hand_h // 6)
    pitch = _row_pitch(hand_h, frame)
    per_row = math.ceil(hand_count / rows) if hand_count else 0
    avail_w = w - 2 * margin
    step = hand_w + gap
    if per_row > 1:
        min_step = int(hand_w * OVERLAP_STEP) + frame + 4
        step = max(min_step, min(step, (avail_w - hand_w) // (per_row - 1)))
    last_top = bottom - frame - hand_h
    first_top = last_top - (rows - 1) * pitch
    hand: list[pygame.Rect] = []
    for i in range(hand_count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, hand_count - row * per_row)
        x0 = (w - (step * (in_row - 1) + hand_w)) // 2
        y = first_top + row * pitch - (raised if i == focus or i in lifted else 0)
        hand.append(pygame.Rect(x0 + col * step, y, hand_w, hand_h))
    focus_frame = None
    if focus is not None and 0 <= focus < hand_count:
        focus_frame = hand[focus].inflate(frame * 2, frame * 2)
    # The trick: everything between the scores and the raised hand; with no hand
    # (the last trick, the game over), down to the status lines, as many as the
    # latest line takes (the summary of a hand is long), but never less than with
    # the whole hand.
    if hand_count:
        trick_bottom = first_top - raised - frame - gap
    else:
        full_h, full_rows = hand_plan(size, text_scale, max(1, dealt_count))
        full_top = bottom - frame - full_h - (full_rows - 1) * _row_pitch(full_h, frame)
        full_bottom = full_top - max(6, full_h // 6) - frame - gap
        status_unit = unit_for(size, text_scale)
        said_top = h - status_height(status_unit, h, max(STATUS_LINES, status_lines))
        trick_bottom = max(full_bottom, min(bottom, said_top - gap))
    zone = max(20, trick_bottom - top)
    n = player_count
    sides = [1, n - 1] if n >= 3 else []
    across = list(range(2, n - 1)) if n >= 4 else ([1] if n == 2 else [])
    columns = max(3, len(across) + 2)
    col_w = (w - 2 * margin) // columns
    row_col_w = (w - 2 * margin) // max(1, n)
    inset = 2 * label_pad(frame) + gap
    round_size, round_lines, row_size, row_lines = _label_choice(
        size, words, n, labels, col_w, row_col_w, inset
    )
    round_label_h = label_height(round_size, frame, round_lines)
    row_label_h = label_height(row_size, frame, row_lines)
    # Each card keeps a frame's width all round for the frame of the card that
    # won the trick (drawn outside the card, so that it covers no rank).
    most_card = int(hand_h * 0.85) if hand_count else zone
    round_h = int((zone - 2 * round_label_h - 3 * gap - 4 * frame) / 2)
    # Six round the table: the seat across stands above yours in the middle
    # column, and two labels and two cards were stacked there (at 1024x720, with
    # three rows of scores, that left the trick's cards 70 pixels tall). Beside
    # your card, in the top row's columns, the bottom row is empty (the players to
    # your left and right sit in the outer columns): your label goes there, level
    # with your card, and the middle column stacks one label and two cards.
    beside_room = (w - 2 * margin - (columns - len(across)) * col_w) // 2
    beside_h = min(
        int((zone - round_label_h - 2 * gap - 4 * frame) / 2),
        zone - 2 * round_label_h - 2 * gap - 2 * frame,
    )
    beside_h = min(beside_h, most_card, int((col_w - gap - 2 * frame) / CARD_RATIO))
    beside_w = int(beside_h * CARD_RATIO)
    is_beside = (
        len(across) >= 3
        and beside_h > round_h
        and beside_room - beside_w // 2 - frame - gap >= col_w - gap
    )
    if is_beside:
        round_h = beside_h
    round_h = min(round_h, most_card, int((col_w - gap - 2 * frame) / CARD_RATIO))
    row_h = int(zone - row_label_h - 2 * gap - 2 * frame)
    row_h = min(row_h, most_card, int((row_col_w - gap - 2 * frame) / CARD_RATIO))
    if compact:
        label_size, label_lines, label_h = row_size, row_lines, row_label_h
    else:
        label_size, label_lines, label_h = round_size, round_lines, round_label_h

    def place(seat: int, center_x: int, row_top: int, width: int, card_h: int) -> Place:
        label = pygame.Rect(0, row_top, width - gap, label_h)
        label.centerx = center_x
        card_h = max(16, card_h)
        card_top = row_top + label_h + gap // 2 + frame
        card = pygame.Rect(0, card_top, int(card_h * CARD_RATIO), card_h)
        card.centerx = center_x
        return Place(seat, label, card)

    places: dict[int, Place] = {}
    if compact:
        # One row: the players from your left round to your right, then you.
        for seat in range(n):
            offset = relative_position(seat, viewer, n)
            k = (offset - 1) % n
            cx = margin + k * row_col_w + row_col_w // 2
            places[seat] = place(seat, cx, top, row_col_w, row_h)
    else:
        block = label_h + gap + 2 * frame + max(16, round_h)
        for seat in range(n):
            offset = relative_position(seat, viewer, n)
            if offset == 0 and is_beside:
                places[seat] = _beside_place(
                    seat, w // 2, top + zone, col_w - gap, label_h, round_h, frame, gap
                )
            elif offset == 0:
                places[seat] = place(seat, w // 2, top + zone - block, col_w, round_h)
            elif offset in across:
                k = across.index(offset)
                first = margin + (columns - len(across)) * col_w // 2
                cx = first + k * col_w + col_w // 2
                places[seat] = place(seat, cx, top, col_w, round_h)
            else:
                left = offset == sides[0]
                cx = margin + col_w // 2 if left else w - margin - col_w // 2
                middle = top + (zone - block) // 2
                places[seat] = place(seat, cx, middle, col_w, round_h)
    return TableLayout(
        size=size,
        header_bottom=header_bottom,
        status_top=status_top,
        places=tuple(places[s] for s in range(n)),
        hand=tuple(hand),
        focus=focus if focus_frame is not None else None,
        focus_frame=focus_frame,
        frame_width=frame,
        label_size=label_size,
        hand_rows=rows,
        compact=compact,
        label_lines=label_lines,
        text_scale=words,
        trick_bottom=trick_bottom,
    )


def place_reach(layout: TableLayout, seat: int) -> pygame.Rect:
    """All a place may draw, whatever the trick.

    Its label, its card with the frame of a card that won the trick, and the
    "led" tag, which :func:`lead_tag` puts in the place's column, at most a
    tag's line under its card (at the tag's largest size).
    """
    place = layout.places[seat]
    won = 2 * layout.frame_width
    rank = int(corner_rect(place.card).h * 0.62)
    tag = line_height(font(max(TEXT_FLOOR, layout.label_size, rank)))
    reach = place.column.union(place.card.inflate(won, won))
    reach.h += tag + won + 2
    return reach


@lru_cache(maxsize=64)
def _free_room(  # (cached: asked again each frame with the same rectangles)
    bounds: tuple[int, int, int, int],
    taken: tuple[tuple[int, int, int, int], ...],
    least_w: int,
    least_h: int,
) -> tuple[int, int, int, int] | None:
    area = pygame.Rect(bounds)
    boxes = [pygame.Rect(r) for r in taken]
    edges = {area.top, area.bottom}
    for box in boxes:
        edges |= {box.top, box.bottom}
    ys = sorted(y for y in edges if area.top <= y <= area.bottom)
    best: pygame.Rect | None = None
    for i, top in enumerate(ys):
        for bottom in ys[i + 1 :]:
            if bottom - top < least_h:
                continue
            band = [b for b in boxes if b.top < bottom and b.bottom > top]
            x = area.left
            spans = sorted((b.left, b.right) for b in band)
            for left, right in [*spans, (area.right, area.right)]:
                if left - x >= least_w:
                    room = pygame.Rect(x, top, left - x, bottom - top)
                    # The largest; of two as large, the lower (nearer the
                    # status lines and the hand, where the eye goes).
                    if best is None or (room.w * room.h, room.bottom) > (
                        best.w * best.h,
                        best.bottom,
                    ):
                        best = room
                x = max(x, right)
    return None if best is None else (best.x, best.y, best.w, best.h)


def chat_room(
    layout: TableLayout,
    margin: int,
    least_w: int,
    least_h: int,
    others: tuple[pygame.Rect, ...] = (),
) -> pygame.Rect | None:
    """The largest empty room in the trick's room for the chat lines, if any.

    Between the scores and the hand (or the status lines, where the hand is
    empty), ``margin`` from the window's sides: clear of every place's reach
    (:func:`place_reach`: wherever a card or the "led" tag comes in the hand,
    so the room stays put as the tricks go) and of ``others`` (the "led" tag as
    drawn), at least ``least_w`` wide and ``least_h`` tall; None where there is
    no such room. A gap's width is kept round what it avoids.
    """
    w, _h = layout.size
    gap = max(4, layout.frame_width)
    bottom = layout.status_top - gap
    if layout.trick_bottom is not None:
        bottom = min(bottom, layout.trick_bottom)
    top = layout.header_bottom + gap
    bounds = (margin, top, w - 2 * margin, bottom - top)
    taken = [place_reach(layout, p.seat) for p in layout.places]
    taken += list(others) + list(layout.hand)
    if layout.focus_frame is not None:
        taken.append(layout.focus_frame)
    boxes = tuple(tuple(r.inflate(2 * gap, 2 * gap)) for r in taken)
    found = _free_room(bounds, boxes, least_w, least_h)
    return None if found is None else pygame.Rect(found)
