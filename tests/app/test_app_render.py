"""The picture: the focused card is framed in the highlight colour, text is shown."""

from __future__ import annotations

import itertools
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
from app_helpers import play_until, trick_waiting

from audiospades.app.harness import Harness
from audiospades.app.render import TableLayout, table_layout
from audiospades.app.themes import THEMES, contrast_ratio
from audiospades.rules import Phase
from audiospades.storage import Settings


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


def _check_layout(layout: TableLayout) -> None:
    """Nothing important is hidden: trick cards, corners, labels."""
    width, height = layout.size
    screen = pygame.Rect(0, 0, width, height)
    hand = list(layout.hand)
    frame = layout.focus_frame
    covers = [*hand, *([frame] if frame is not None else [])]
    for place in layout.places:
        # (a) the trick stays above the hand, and inside the window.
        assert screen.contains(place.card), (place, layout.size)
        assert place.card.bottom <= layout.hand[0].top if hand else True
        for rect in covers:
            assert not place.card.colliderect(rect), (place, rect, layout.size)
            assert not place.label.colliderect(rect), (place, rect, layout.size)
        # (c) each player has a label of a readable size, clear of the cards.
        assert place.label.w >= 60 and place.label.h >= 20
        assert screen.contains(place.label)
        assert place.card.top >= layout.header_bottom
        for other in layout.places:
            if other is not place:
                assert not place.card.colliderect(other.card)
                assert not place.label.colliderect(other.label)
                assert not place.label.colliderect(other.card)
    # (b) every hand card's corner shows: later cards (and the focus frame, drawn
    # right after the focused card) never cover it.
    for i, corner in enumerate(layout.corners):
        assert screen.contains(hand[i])
        assert hand[i].bottom <= layout.status_top
        for later in hand[i + 1 :]:
            assert not corner.colliderect(later), (i, layout.size)
        if frame is not None and layout.focus is not None and i < layout.focus:
            assert not corner.colliderect(frame), (i, layout.size)
    if frame is not None:
        assert screen.contains(frame)


def _mid_trick(h: Harness) -> None:
    h.press("return")
    play_until(
        h,
        lambda x: (
            x.table is not None
            and x.table.session.is_human_turn
            and x.table.session.game.phase is Phase.PLAYING
            and len(x.table.view.trick) >= 2
        ),
    )


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_table_layout_mid_trick(
    size: tuple[int, int], scale: float, make_harness: Callable[..., Harness]
) -> None:
    settings = Settings(
        language="en",
        pace="fast",
        text_scale=scale,
        last_rules={"target_score": None, "hand_limit": 1},
    )
    h = make_harness(seed=5, settings=settings, draw=True, size=size)
    _mid_trick(h)
    h.press("right")
    layout = h.table.layout
    assert layout is not None and layout.size == size
    assert len(layout.places) == 4 and layout.focus is not None
    _check_layout(layout)
    # The left and right players' cards sit beside the one across, above the hand.
    view = h.table.view
    left, across, right = (layout.places[s].card for s in (1, 2, 3))
    assert left.right < across.left and across.right < right.left
    assert len(view.trick) >= 2
    # (c) the labels are drawn: each label area holds text-coloured pixels.
    surface = pygame.display.get_surface()
    for place in layout.places:
        area = surface.subsurface(place.label)
        background = THEMES["dark"].background
        other = pygame.mask.from_threshold(area, background, (1, 1, 1, 255))
        assert other.count() < place.label.w * place.label.h, place


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize(
    "size", [(800, 600), (1024, 720), (1280, 800), (1920, 1080), (800, 1000)]
)
def test_table_layout_any_window(players: int, size: tuple[int, int]) -> None:
    pygame.font.init()
    for scale in (1.0, 1.5, 2.0, 2.5, 4.0):
        for cards in (1, 5, 11, 13, 17):
            for focus in (None, 0, cards // 2, cards - 1):
                for rows in (1, 2, 3):
                    layout = table_layout(
                        size,
                        scale,
                        player_count=players,
                        hand_count=cards,
                        focus=focus,
                        header_rows=rows,
                    )
                    _check_layout(layout)


def test_six_in_three_partnerships_sit_round_the_table_at_1024x720(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: six players in three partnerships at 1024x720 and 100% stood in one row.
    Three rows of scores left the trick's two stacked rows of places (the seat
    across above yours) 70-pixel cards, under the floor. Your label now stands
    beside your card, and the places go round the table, the cards at least the
    floor, nothing overlapping, in the middle of the hand (bids in every label)."""
    from audiospades.app.table_layout import trick_floor

    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    rules |= {"player_count": 6, "partnerships": True}
    settings = Settings(language="en", pace="fast", last_rules=rules)
    h = make_harness(seed=5, settings=settings, draw=True, size=(1024, 720))
    _mid_trick(h)
    layout = h.table.layout
    assert layout is not None and layout.size == (1024, 720)
    assert not layout.compact
    _check_layout(layout)
    assert min(p.card.h for p in layout.places) >= trick_floor(layout.size)
    you = layout.places[h.table.view.seat]
    others = [p.column for p in layout.places if p is not you]
    assert you.label.right < you.card.left
    assert you.card.collidelist(others) < 0


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("size", [(800, 600), (1024, 720), (1920, 1080), (800, 1000)])
def test_the_led_tag_has_room_by_any_leaders_card(
    players: int, size: tuple[int, int]
) -> None:
    """Who led the trick is drawn as a sighted player sees it: a "led" tag by the
    first card, whoever led, at every text size. It hides no other card or label,
    nor the hand, nor the frame of a card that won the trick, nor the rank corner
    of its own card; it stays in the leader's column (beside, under, on or across
    the card), and is never drawn below the floor (it fell to 10 pixels on the
    card's face)."""
    from audiospades.app.table_layout import TEXT_FLOOR, corner_rect, lead_tag

    pygame.font.init()
    window = pygame.Rect((0, 0), size)
    for scale in (0.5, 1.0, 2.0, 3.0, 4.0):
        for cards in (0, 8, 13):
            layout = table_layout(
                size,
                scale,
                player_count=players,
                hand_count=cards,
                dealt_count=13,
                focus=0 if cards else None,
                header_rows=3,
                labels=LONG_LABELS[:players],
            )
            won = 2 * layout.frame_width
            covers = [*layout.hand]
            if layout.focus_frame is not None:
                covers.append(layout.focus_frame)
            for place in layout.places:
                placed = lead_tag(layout, place.seat, "led")
                assert placed is not None, (scale, cards, place)
                tag, tag_size = placed
                assert window.contains(tag)
                assert tag.bottom <= layout.status_top
                assert place.column.x <= tag.x and tag.right <= place.column.right
                assert not tag.colliderect(corner_rect(place.card))
                assert not tag.colliderect(place.label)
                assert tag.collidelist(covers) < 0
                assert tag_size >= TEXT_FLOOR, (scale, cards, place, tag_size)
                if not tag.colliderect(place.card):  # beside it: clear of its frame
                    assert not tag.colliderect(place.card.inflate(won, won))
                for other in layout.places:
                    if other is not place:
                        assert not tag.colliderect(other.label)
                        assert not tag.colliderect(other.card.inflate(won, won))


def _labels_in_language(players: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Seat labels as the table words them in the language set: long ones."""
    from audiospades.i18n import _, pgettext
    from audiospades.presenter.table import dealer_mark_text

    names = ("Hazel", "The Professor", "Lena", "Frank", "Dennis", "Omar")
    labels = []
    for seat in range(players):
        text = _("{player}  bid {bid}  took {tricks}").format(
            player=names[seat], bid=3, tricks=0
        )
        badges = (pgettext("table tag", "side {letter}").format(letter="B"),)
        if seat == 1:
            badges += (dealer_mark_text(),)
        labels.append((text, badges))
    return tuple(labels)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("language", ["en", "de", "es", "fr", "it", "pt"])
def test_the_led_tag_keeps_the_floor_in_every_language(
    language: str, players: int
) -> None:
    """QA (low vision): six players at 200-250% in a small window, the German
    "Ausspiel", French "entame" and Italian "uscita" were drawn on the card's face
    at about 10 pixels, over its suit pip (English "led" stayed large). Whoever
    leads, in every language, at every text size up to the largest, in the
    smallest window (and the QA's 1024x720), the tag is at least the 18-pixel
    floor, clear of the card's rank and suit corner, in the window and the
    leader's column, and hides no other card, label or the hand."""
    from audiospades import i18n
    from audiospades.app.table_layout import TEXT_FLOOR, corner_rect, lead_tag
    from audiospades.presenter.table import led_mark_text

    pygame.font.init()
    assert i18n.set_language(language) == language
    word = led_mark_text()
    labels = _labels_in_language(players)
    for size, scale, cards in itertools.product(
        [(800, 600), (1024, 720)], [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0], [0, 8, 13]
    ):
        window = pygame.Rect((0, 0), size)
        layout = table_layout(
            size,
            scale,
            player_count=players,
            hand_count=cards,
            dealt_count=13,
            focus=0 if cards else None,
            header_rows=3,
            labels=labels,
        )
        won = 2 * layout.frame_width
        covers = [*layout.hand]
        if layout.focus_frame is not None:
            covers.append(layout.focus_frame)
        for place in layout.places:
            where = (word, scale, cards, place)
            placed = lead_tag(layout, place.seat, word)
            assert placed is not None, where
            tag, tag_size = placed
            assert tag_size >= TEXT_FLOOR, (*where, tag_size)
            assert not tag.colliderect(corner_rect(place.card)), where
            assert window.contains(tag), where
            assert place.column.x <= tag.x and tag.right <= place.column.right
            assert tag.collidelist(covers) < 0, where
            for other in layout.places:
                assert not tag.colliderect(other.label), where
                if other is not place:
                    assert not tag.colliderect(other.card.inflate(won, won))


def test_seat_labels_name_bid_and_tricks() -> None:
    from audiospades.presenter.table import seat_label_text
    from audiospades.rules import Bid

    class View:
        bids = (Bid(3), Bid.nil(), Bid.blind_nil(), None)
        tricks_won = (1, 0, 2, 0)

    names = ["You", "Rosa", "Greta", "Frank"]
    view = View()
    texts = [seat_label_text(s, view, names) for s in range(4)]  # type: ignore[arg-type]
    assert texts == [
        "You  bid 3  took 1",
        "Rosa  nil  took 0",
        "Greta  blind nil  took 2",
        "Frank",
    ]


@pytest.mark.parametrize("name", sorted(THEMES))
def test_theme_contrast(name: str) -> None:
    theme = THEMES[name]
    # Text against the window (WCAG AA, normal text).
    for colour in (theme.text, theme.muted, theme.highlight):
        assert contrast_ratio(colour, theme.background) >= 4.5, colour
    # The dealer badge: background-coloured text on a text-coloured box.
    assert contrast_ratio(theme.background, theme.text) >= 4.5
    # Card ranks and suit shapes on their faces (large text and symbols).
    for ink in (theme.black, theme.red):
        assert contrast_ratio(ink, theme.card_face) >= 3, ink
    assert contrast_ratio(theme.dim, theme.dim_face) >= 3
    assert contrast_ratio(theme.dim, theme.dim_face) >= 4.5
    # A card you may not play is told apart by its face as well as its ink.
    assert theme.dim_face != theme.card_face
    # Cards and frames stand out from the window.
    assert contrast_ratio(theme.highlight, theme.background) >= 3
    assert contrast_ratio(theme.card_edge, theme.background) >= 3 or (
        contrast_ratio(theme.card_face, theme.background) >= 3
    )


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


def test_the_header_says_a_finished_trick_waits_not_who_plays_next(
    make_harness: Callable[..., Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With "wait for a key after each trick", the picture does not name the
    next player (nor frame their place) while the trick waits to be gathered."""
    from audiospades.presenter import table as table_words

    drawn: list[str | None] = []
    real = table_words.turn_header_text

    def spy(*args: object, **kwargs: object) -> str | None:
        text = real(*args, **kwargs)  # type: ignore[arg-type]
        drawn.append(text)
        return text

    monkeypatch.setattr(table_words, "turn_header_text", spy)
    h = trick_waiting(make_harness, draw=True)
    h.frame()
    assert drawn[-1] == "Trick complete"
    h.press("n")
    h.settle()
    assert drawn[-1] is not None and drawn[-1].startswith("To play: ")


LONG_LABELS = (
    ("You  bid 3  took 0", ()),
    ("Rosa  bid 4  took 0", ("dealer",)),
    ("The Professor  bid 1  took 0", ()),
    ("Greta  nil  took 0", ()),
    ("Frank  bid 2  took 0", ()),
    ("Omar  bid 2  took 0", ()),
)


@pytest.mark.parametrize("size", [(800, 600), (960, 1080), (1024, 720), (1920, 1080)])
def test_long_labels_take_lines_not_smaller_text(size: tuple[int, int]) -> None:
    """Six players' labels, a long name and the dealer badge among them: one size
    for all, never smaller at a larger text size, every word whole in its place."""
    from audiospades.app.table_layout import label_pad, label_rows, line_height

    pygame.font.init()
    sizes = []
    for scale in (1.0, 1.5, 2.0, 2.5, 3.0, 4.0):
        layout = table_layout(
            size,
            scale,
            player_count=6,
            hand_count=13,
            focus=0,
            header_rows=3,
            labels=LONG_LABELS,
        )
        _check_layout(layout)
        pad = label_pad(layout.frame_width)
        for place in layout.places:
            inner = place.label.inflate(-2 * pad, -2 * pad)
            text, badge = LONG_LABELS[place.seat]
            face, pieces, rows = label_rows(text, badge, inner.w, layout.label_size)
            assert len(rows) <= layout.label_lines, (scale, text, rows)
            assert len(rows) * line_height(face) <= inner.h
            assert set(pieces) <= set(text.split("  ")) | set(text.split())
        sizes.append(layout.label_size)
    assert sizes == sorted(sizes), sizes
    # The long name is not what sets the size at 100%, and at 400% the labels
    # are at least as large as at 100% (they were once drawn at 10 to 16 px).
    assert sizes[0] == table_layout(size, 1.0, player_count=6, hand_count=13).label_size


def test_the_card_that_won_the_finished_trick_is_framed(
    make_harness: Callable[..., Harness],
) -> None:
    h = trick_waiting(make_harness, draw=True)
    shown = h.table.session.shown_trick
    assert shown is not None
    h.frame()
    surface = pygame.display.get_surface()
    highlight = THEMES["dark"].highlight
    layout = h.table.layout
    for place in layout.places:
        rect = place.card
        # The frame is drawn round the card, outside it: it once covered the top
        # of the card's rank ("10" read as "IU").
        outside = tuple(surface.get_at((rect.centerx, rect.top - 1)))[:3]
        assert (outside == highlight) == (place.seat == shown.seat), place.seat
        inside = tuple(surface.get_at((rect.x + 1, rect.y + rect.h // 3)))[:3]
        assert inside != highlight, place.seat
        # Room is kept for it: it meets no label, no other card and no hand card.
        won = rect.inflate(2 * layout.frame_width, 2 * layout.frame_width)
        assert surface.get_rect().contains(won)
        for other in layout.places:
            assert not won.colliderect(other.label), (place.seat, other.seat)
            if other is not place:
                assert not won.colliderect(other.card), (place.seat, other.seat)
        for card in layout.hand:
            assert not won.colliderect(card), place.seat


GERMAN_LABELS = (
    ("Du  Ansage 3  Stiche 0", ()),
    ("Rosa  Ansage 4  Stiche 0", ("Geber",)),
    ("Professor  Ansage 1  Stiche 0", ()),
    ("Greta  Null  Stiche 0", ()),
    ("Frank  Ansage 2  Stiche 0", ()),
    ("Omar  Ansage 2  Stiche 0", ()),
)
"""Six labels as German draws them (QA found them at 18 px from 100% to 400%)."""

GROWING_SCALES = (1.0, 1.5, 2.0, 2.5, 3.0, 4.0)


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("size", [(800, 600), (1024, 720), (1920, 1080)])
def test_larger_text_keeps_the_trick_cards_at_a_readable_floor(
    players: int, size: tuple[int, int]
) -> None:
    """QA: six players at 1920x1080, the trick's cards fell from 171 px at 100% to
    62 at 400%, as the labels' lines, the scores and the status lines grew into
    their room. The text size comes first, but the cards keep a floor: a tenth of
    the window's height and at least 60 px (some 60% of their height at 100%), or
    their height at 100% if that is less. The labels still grow."""
    pygame.font.init()
    dealt = {4: 13, 6: 8}[players]
    floor = max(60, size[1] // 10)
    cards, labels = [], []
    for scale in GROWING_SCALES:
        layout = table_layout(
            size,
            scale,
            player_count=players,
            hand_count=dealt,
            focus=0,
            header_rows=3,
            labels=LONG_LABELS[:players],
        )
        _check_layout(layout)
        cards.append(layout.places[0].card.h)
        labels.append(layout.label_size)
    assert min(cards) >= min(floor, cards[0]), (floor, cards)
    assert labels == sorted(labels), labels


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize(("size", "scale"), [((800, 600), 4.0), ((1920, 1080), 4.0)])
def test_the_status_lines_follow_the_text_size_in_full(
    players: int, size: tuple[int, int], scale: float
) -> None:
    """The status lines are the main reading (what was just said): at 400% they
    are drawn at 400%'s size, whatever room the trick's cards would like (a cap
    once held them, and the labels and scores, at 120% to 200%)."""
    from audiospades.app.table_layout import status_height, unit_for

    pygame.font.init()
    dealt = {4: 13, 6: 8}[players]
    layout = table_layout(
        size,
        scale,
        player_count=players,
        hand_count=dealt,
        dealt_count=dealt,
        header_rows=3,
        labels=LONG_LABELS[:players],
    )
    _check_layout(layout)
    unit = unit_for(size, scale)
    assert layout.status_top == size[1] - status_height(unit, size[1])


def test_the_table_is_a_ring_at_100_percent_in_a_common_window(
    make_harness: Callable[..., Harness],
) -> None:
    """1024x720, 100%, four players: the places stand round the table (deciding
    the arrangement as if the scores took three rows drew them in one row)."""
    settings = Settings(
        language="en", pace="fast", last_rules={"target_score": None, "hand_limit": 1}
    )
    h = make_harness(seed=5, settings=settings, draw=True, size=(1024, 720))
    _mid_trick(h)
    layout = h.table.layout
    assert layout is not None and len(layout.places) == 4
    assert not layout.compact
    _check_layout(layout)


@pytest.mark.parametrize("size", [(800, 600), (1024, 720), (1920, 1080)])
def test_seat_labels_grow_with_the_text_size_in_german_too(
    size: tuple[int, int],
) -> None:
    """QA: German labels stayed at 18 px from 100% to 400% at 800x600 (they were
    held to their size at 400%, where the trick has the least room). They grow
    with the text size as far as the window allows, in more lines where needed,
    never below their size at 100%."""
    from audiospades.app.table_layout import label_pad, label_rows, line_height

    pygame.font.init()
    sizes = []
    for scale in GROWING_SCALES:
        layout = table_layout(
            size,
            scale,
            player_count=6,
            hand_count=8,
            dealt_count=8,
            header_rows=3,
            labels=GERMAN_LABELS,
        )
        _check_layout(layout)
        pad = label_pad(layout.frame_width)
        for place in layout.places:
            inner = place.label.inflate(-2 * pad, -2 * pad)
            text, badge = GERMAN_LABELS[place.seat]
            face, _pieces, rows = label_rows(text, badge, inner.w, layout.label_size)
            assert len(rows) <= layout.label_lines, (scale, text, rows)
            assert len(rows) * line_height(face) <= inner.h
        sizes.append(layout.label_size)
    assert sizes == sorted(sizes), sizes
    assert sizes[-1] > sizes[0], sizes
    english = table_layout(
        size, 1.0, player_count=6, hand_count=8, header_rows=3, labels=LONG_LABELS
    )
    assert sizes[0] >= english.label_size - 2, (sizes, english.label_size)


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_no_table_text_is_drawn_below_a_readable_size(
    players: int, size: tuple[int, int]
) -> None:
    """QA: at 50% the labels were some 7 px tall (an 11 px font at 800x600). The
    labels, the scores and the status lines keep a floor."""
    from audiospades.app.table_layout import table_sizes

    pygame.font.init()
    floor = 18  # a font of 18 px draws capitals some 12 px tall
    for scale in (0.5, 0.75, 1.0):
        layout = table_layout(
            size,
            scale,
            player_count=players,
            hand_count=5,
            header_rows=3,
            labels=GERMAN_LABELS[:players],
        )
        _check_layout(layout)
        assert layout.label_size >= floor, (scale, layout.label_size)
        sizes = table_sizes(size, scale)
        assert min(sizes.label_size, sizes.header_size, sizes.status_size) >= floor


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize(("size", "scale"), [((800, 600), 2.5), ((1920, 1080), 4.0)])
def test_an_empty_hand_gives_its_room_to_the_trick(
    players: int, size: tuple[int, int], scale: float
) -> None:
    """QA: the last trick of a hand and the game over were drawn as small as with
    a hand to hold (35x51 px at 800x600, 250%), half the window empty below them:
    the hand's room was kept with no card in it."""
    pygame.font.init()
    dealt = {4: 13, 6: 8}[players]

    def layout(cards: int) -> TableLayout:
        return table_layout(
            size,
            scale,
            player_count=players,
            hand_count=cards,
            dealt_count=dealt,
            header_rows=3,
            labels=LONG_LABELS[:players],
        )

    full, empty = layout(dealt), layout(0)
    _check_layout(empty)
    assert empty.compact == full.compact
    assert empty.places[0].card.h >= 1.5 * full.places[0].card.h
    # The lowest card reaches down into what was the hand's room.
    lowest = max(p.card.bottom for p in empty.places)
    assert lowest > full.places[0].card.bottom + full.places[0].card.h // 2
    assert lowest < empty.status_top


def test_the_places_stay_put_as_the_hand_empties(
    make_harness: Callable[..., Harness],
) -> None:
    """QA (1024x720, six players, 100%): the places stood round the table all hand
    and jumped into one row when the last card left the hand. The arrangement is
    the same all hand; the last trick's cards take the hand's room."""
    settings = Settings(
        language="en",
        pace="fast",
        wait_after_trick=True,
        last_rules={
            "preset": "pagat",
            "target_score": None,
            "hand_limit": 1,
            "player_count": 6,
            "partnerships": False,
        },
    )
    h = make_harness(seed=5, settings=settings, draw=True, size=(1024, 720))
    arrangements: dict[int, bool] = {}
    first_trick: list[int] = []

    def last_trick(x: Harness) -> bool:
        table = x.table
        if table is None or table.layout is None:
            return False
        waits = table.session.awaiting_trick_clear
        if table.session.game.phase is Phase.BIDDING:
            return False
        x.frame()
        layout = table.layout
        arrangements[len(table.view.hand)] = layout.compact
        if waits and not first_trick:
            first_trick.append(layout.places[0].card.h)
        return not table.view.hand  # the last trick, shown over the game's end

    h.press("return")
    for _step in range(400):
        h.settle()
        if last_trick(h):
            break
        session = h.table.session
        if session.question is not None:
            h.press("n")
        elif session.is_human_turn and session.game.phase is Phase.BIDDING:
            h.press("3", "return")
        elif session.is_human_turn:
            h.press("tab", "return")  # the next card you may play
        else:
            h.press("n")  # gather the trick
    else:
        raise AssertionError("the hand did not reach its last trick")
    assert set(arrangements) == set(range(9)), arrangements
    assert len(set(arrangements.values())) == 1, arrangements
    assert h.table.layout.places[0].card.h >= 1.5 * first_trick[0]


def test_a_wrapped_line_keeps_a_no_break_space_whole() -> None:
    """French "Quitter la table ?" holds a no-break space before its "?".

    The screen's lines broke at any space, that one too, so a narrow window
    could show "Quitter la table" and then "? Oui" alone on the next line. Now
    "table ?" stays together and the line breaks before "table".
    """
    from audiospades.app.render import wrap
    from audiospades.app.table_layout import font

    pygame.font.init()
    face = font(24)
    text = "Quitter la table\xa0? Oui, non"
    width = face.size("Quitter la table")[0] + 1
    lines = wrap(text, face, width)
    assert lines[0] == "Quitter la", lines
    assert lines[1].startswith("table\xa0?"), lines
    assert not any(line.startswith("?") for line in lines), lines
    assert all(face.size(line)[0] <= width for line in lines), lines
