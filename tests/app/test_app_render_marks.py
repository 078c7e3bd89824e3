"""The table picture's markers agree with what is said: whose turn, the dealer,
the cards chosen or received, a bid being typed, and the cards you may not play."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame
import pytest
from app_helpers import WAITING_SETTINGS, my_bid_turn, my_play_turn, play_until

from audiospades.app.card_art import draw_card
from audiospades.app.harness import Harness
from audiospades.app.render import Mark, corner_rect, drawn_marks, drawn_texts
from audiospades.app.themes import THEMES, contrast_ratio
from audiospades.rules import Card, Phase
from audiospades.storage import Settings

BLIND_ANY_SCORE = {
    "preset": "pagat",
    "target_score": None,
    "hand_limit": 2,
    "blind_nil_behind": 0,
}
"""Blind nil may be bid at any score: the player is asked before each hand."""


def _marks(kind: Mark) -> list[pygame.Rect]:
    return [rect for mark, rect in drawn_marks() if mark is kind]


def _text_rect(text: str) -> pygame.Rect | None:
    return next((rect for said, rect in drawn_texts() if said == text), None)


def test_the_seats_a_blind_nil_question_waits_on_are_framed(
    make_harness: Callable[..., Harness],
) -> None:
    """The header says "Blind nil question: You"; your place is framed as the turn."""
    settings = Settings(language="en", pace="fast", last_rules=dict(BLIND_ANY_SCORE))
    h = make_harness(seed=11, settings=settings, draw=True)
    h.press("return")
    h.settle()
    assert h.table.session.question is not None
    h.frame()
    assert _text_rect("Blind nil question: You") is not None
    layout = h.table.layout
    assert layout is not None
    assert _marks(Mark.TURN) == [layout.places[0].label]
    h.press("n")
    h.settle()
    h.frame()
    # Answered: the frame goes to whoever is to bid.
    acting = h.table.view.to_act
    assert acting is not None
    assert _marks(Mark.TURN) == [h.table.layout.places[acting].label]


def test_chosen_cards_are_raised_and_marked_inside_the_focus_frame(
    make_harness: Callable[..., Harness],
) -> None:
    """A card chosen to pass stands out from the rest of the hand, and the focused
    one shows it too (its mark is not lost under the focus frame)."""
    rules = dict(BLIND_ANY_SCORE, hand_limit=1)
    settings = Settings(language="en", pace="fast", last_rules=rules)
    h = make_harness(seed=11, settings=settings, draw=True)
    h.press("return", "y")
    h.settle()
    assert h.table.session.game.phase is Phase.PASSING
    h.press("return")  # the focused card is chosen
    h.frame()
    layout = h.table.layout
    assert layout is not None and layout.focus is not None
    frame = layout.focus_frame
    assert frame is not None
    inside = frame.inflate(-2 * layout.frame_width, -2 * layout.frame_width)
    (mark,) = _marks(Mark.CHOSEN)
    assert inside.contains(mark)
    # Moved off it: the chosen card stays raised, as high as the focused card.
    chosen = layout.focus
    h.press("right")
    h.frame()
    layout = h.table.layout
    assert layout is not None and layout.focus == chosen + 1
    plain = [r.top for i, r in enumerate(layout.hand) if i not in (chosen, chosen + 1)]
    assert layout.hand[chosen].top == layout.hand[chosen + 1].top < min(plain)
    (mark,) = _marks(Mark.CHOSEN)
    assert layout.hand[chosen].contains(mark)


def test_the_chosen_ring_shows_on_a_card_and_on_the_window() -> None:
    """The ring of a card chosen to pass is drawn on the card's face (inside the
    focus frame), so it must stand out there as well as beside the window."""
    for theme in THEMES.values():
        assert contrast_ratio(theme.chosen, theme.card_face) >= 3, theme
        assert contrast_ratio(theme.chosen, theme.background) >= 3, theme


def _has_red(surface: pygame.Surface) -> bool:
    w, h = surface.get_size()
    for x in range(w):
        for y in range(h):
            r, g, b = tuple(surface.get_at((x, y)))[:3]
            if r > g + 60 and r > b + 60:
                return True
    return False


def test_a_red_card_you_may_not_play_keeps_its_red() -> None:
    """Greyed out, a heart is still red and a spade is not: the suits differ by
    colour, not only by shape, and the greyed ink is still readable."""
    pygame.font.init()
    for theme in THEMES.values():
        for card, red in (("QH", True), ("9D", True), ("QS", False), ("9C", False)):
            surface = pygame.Surface((70, 100))
            draw_card(surface, Card.parse(card), surface.get_rect(), theme, dim=True)
            assert _has_red(surface) == red, card
        assert contrast_ratio(theme.dim_red, theme.dim_face) >= 4.5
        assert theme.dim_red != theme.red  # told apart from a card you may play


def _dealer_badge_seat(h: Harness) -> int:
    """The seat whose label carries the dealer badge in the last picture."""
    badge = _text_rect("dealer")
    assert badge is not None
    layout = h.table.layout
    assert layout is not None
    (seat,) = [p.seat for p in layout.places if p.label.contains(badge)]
    return seat


def test_the_dealer_badge_moves_when_the_next_hand_is_dealt(
    make_harness: Callable[..., Harness],
) -> None:
    """Between the hand's last trick and the next deal the table is still that
    hand's: the badge stays with its dealer until "Hand 2. Rosa deals." is said."""
    rules = dict(WAITING_SETTINGS.last_rules, hand_limit=2)
    settings = dataclasses.replace(WAITING_SETTINGS, last_rules=rules)
    h = make_harness(seed=7, settings=settings, draw=True)
    play_until(
        h,
        lambda x: (
            x.table is not None
            and x.table.session.is_human_turn
            and x.table.view.phase is Phase.PLAYING
            and len(x.table.view.hand) == 1
        ),
    )
    h.press("return")  # the last card; the others follow on the clock
    for _ in range(400):
        if h.last.startswith("The hand is over."):
            break
        h.clock.advance(20)
        h.frame()
    assert h.last.startswith("The hand is over.")
    game = h.table.session.game
    first = game.dealers[-1]
    assert game.dealer != first  # the engine names the next dealer at once
    h.frame()
    assert _dealer_badge_seat(h) == first
    play_until(h, lambda x: x.table.view.phase is Phase.BIDDING)
    assert any(line.startswith("Hand 2. ") for line in h.transcript[-6:])
    h.frame()
    assert _dealer_badge_seat(h) == game.dealer != first


def test_a_bid_being_typed_shows_in_a_labelled_field_until_placed(
    make_harness: Callable[..., Harness],
) -> None:
    """The digits typed show as "Your bid: 12" in a framed field in the header (not
    over the table), and stay there while other things are said."""
    h = make_harness(seed=5, draw=True)
    h.press("return")
    play_until(h, my_bid_turn)
    h.frame()
    assert not _marks(Mark.ENTRY)
    h.press("b")
    h.frame()
    assert _text_rect("Your bid: _") is not None
    h.press("1", "2")
    h.press("t")  # something else is said: the field stays
    assert h.last != "12"
    h.frame()
    text = _text_rect("Your bid: 12_")
    assert text is not None
    (field,) = _marks(Mark.ENTRY)
    assert field.contains(text)
    layout = h.table.layout
    assert layout is not None
    assert field.bottom <= layout.header_bottom  # above the table, never on it
    assert not any(field.colliderect(p.label) for p in layout.places)
    h.press("backspace", "backspace", "3", "return")
    h.settle()
    h.frame()
    assert not _marks(Mark.ENTRY)
    assert not any(said.startswith("Your bid") for said, _rect in drawn_texts())


def test_cards_passed_to_you_are_tagged_until_the_first_trick_is_played(
    make_harness: Callable[..., Harness],
) -> None:
    """After "Lena passes you the 2 of hearts and the 3 of clubs" the two cards
    carry a "new" tag in the hand, in sight (no later card covers it), until the
    first trick is complete."""
    rules = dict(BLIND_ANY_SCORE, hand_limit=1)
    settings = dataclasses.replace(WAITING_SETTINGS, last_rules=rules)
    h = make_harness(seed=11, settings=settings, draw=True)
    h.press("return", "y")
    h.settle()
    assert h.table.session.game.phase is Phase.PASSING
    h.press("return", "right", "return")  # pass two cards; the partner passes back
    h.settle()
    view = h.table.view
    assert view.phase is Phase.PLAYING and len(view.passed_in) == 2
    assert any(" passes you " in line for line in h.transcript[-6:])
    h.frame()
    layout = h.table.layout
    assert layout is not None
    hand = list(view.hand)
    tags = _marks(Mark.RECEIVED)
    assert len(tags) == 2
    for card in view.passed_in:
        i = hand.index(card)
        rect = layout.hand[i]
        (tag,) = [t for t in tags if rect.contains(t)]
        later = [*layout.hand[i + 1 :]]
        if layout.focus_frame is not None and layout.focus is not None:
            later += [layout.focus_frame] if i < layout.focus else []
        assert not any(tag.colliderect(r) for r in later), card
        assert not tag.colliderect(layout.corners[i])  # the rank stays readable
        words = [r for said, r in drawn_texts() if said == "new" and tag.contains(r)]
        assert len(words) == 1
    play_until(h, lambda x: bool(x.table.view.completed_tricks))
    h.frame()
    assert not _marks(Mark.RECEIVED)


@pytest.mark.parametrize("language", ["en", "de", "es", "fr", "it", "pt"])
@pytest.mark.parametrize(("scale", "size"), [(2.5, (800, 600)), (4.0, (800, 600))])
def test_a_passed_cards_tag_is_a_word_at_the_floor_or_a_mark_never_tiny(
    make_harness: Callable[..., Harness],
    language: str,
    scale: float,
    size: tuple[int, int],
) -> None:
    """At large text in a small window the hand's cards overlap, and "nouvelle"
    fell to 10 pixels on a narrow strip of a card (QA, after the led tag's own
    fix). Each passed card is marked, in sight, clear of its rank: by the word at
    the 18-pixel floor or larger, or else by a disc, never by a word smaller."""
    from audiospades.app.table_layout import TEXT_FLOOR, font
    from audiospades.presenter.table import received_mark_text

    rules = dict(BLIND_ANY_SCORE, hand_limit=1)
    settings = dataclasses.replace(
        WAITING_SETTINGS, language=language, text_scale=scale, last_rules=rules
    )
    h = make_harness(seed=11, settings=settings, draw=True, size=size)
    h.press("return", "y")
    h.settle()
    assert h.table.session.game.phase is Phase.PASSING
    h.press("return", "right", "return")
    h.settle()
    view = h.table.view
    assert view.phase is Phase.PLAYING and len(view.passed_in) == 2
    h.frame()
    layout = h.table.layout
    assert layout is not None
    word = received_mark_text()
    least = font(TEXT_FLOOR).size(word)
    tags = _marks(Mark.RECEIVED)
    hand = list(view.hand)
    assert len(tags) == 2
    for card in view.passed_in:
        i = hand.index(card)
        (tag,) = [t for t in tags if layout.hand[i].contains(t)]
        assert not tag.colliderect(layout.corners[i])
        assert not any(tag.colliderect(r) for r in layout.hand[i + 1 :])
        words = [r for said, r in drawn_texts() if said == word and tag.contains(r)]
        for drawn in words:
            assert drawn.w >= least[0] and drawn.h >= least[1], (word, drawn)
        if not words:
            assert tag.w >= 8 and tag.w == tag.h  # the disc


def _partners_table(make_harness: Callable[..., Harness], players: int) -> Harness:
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    rules |= {"player_count": players, "partnerships": True}
    settings = Settings(language="en", pace="fast", last_rules=rules)
    h = make_harness(seed=5, settings=settings, draw=True)
    h.press("return")
    play_until(h, my_bid_turn)
    h.frame()
    return h


def _tagged_seats(h: Harness, tag: str) -> list[int]:
    """The seats whose labels carry ``tag`` in the last picture."""
    layout = h.table.layout
    assert layout is not None
    boxes = [rect for text, rect in drawn_texts() if text == tag]
    return sorted(p.seat for p in layout.places for b in boxes if p.label.contains(b))


def test_three_partnerships_tag_each_label_with_its_side(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: at six players in three partnerships nothing on the labels said who
    played with whom; only the header named the sides. Your partner's label is
    tagged "partner", the others' "side A" or "side B" as the header names them."""
    h = _partners_table(make_harness, 6)
    texts = [text for text, _rect in drawn_texts()]
    assert "You and Greta: 0" in texts
    assert "Rosa and Frank (side A): 0" in texts
    assert "The Professor and Omar (side B): 0" in texts
    names = h.table.session.names
    assert [names[s] for s in _tagged_seats(h, "partner")] == ["Greta"]
    assert [names[s] for s in _tagged_seats(h, "side A")] == ["Rosa", "Frank"]
    assert [names[s] for s in _tagged_seats(h, "side B")] == ["The Professor", "Omar"]
    assert _tagged_seats(h, "dealer") == [h.table.view.dealer]


def test_two_partnerships_tag_your_partner(
    make_harness: Callable[..., Harness],
) -> None:
    """With two sides, the partner's tag says it all: the others play together."""
    h = _partners_table(make_harness, 4)
    texts = [text for text, _rect in drawn_texts()]
    assert _tagged_seats(h, "partner") == [2]
    assert not [t for t in texts if t.startswith("side ") or "(side" in t]


def test_a_tag_whose_words_hold_two_spaces_is_drawn_in_one_box(
    make_harness: Callable[..., Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A translation may part a tag's words with two spaces ("le  donneur"): the
    dealer's label carries it whole, in one box. Before, the presenter joined the
    tags with two spaces and the picture split them again: two boxes, "le" and
    "donneur"."""
    from audiospades.presenter import table as table_words

    monkeypatch.setattr(table_words, "dealer_mark_text", lambda: "le  donneur")
    h = _partners_table(make_harness, 4)
    assert _tagged_seats(h, "le  donneur") == [h.table.view.dealer]
    assert _tagged_seats(h, "le") == _tagged_seats(h, "donneur") == []


@pytest.mark.parametrize(
    ("language", "scale", "size"),
    [
        ("de", 2.5, (1024, 720)),
        ("fr", 2.0, (800, 600)),
        ("it", 2.5, (800, 600)),
        ("es", 4.0, (800, 600)),
        ("pt", 4.0, (800, 600)),
        ("en", 4.0, (800, 600)),
    ],
)
def test_the_led_tag_is_drawn_at_the_floor_or_larger_in_every_language(
    make_harness: Callable[..., Harness],
    language: str,
    scale: float,
    size: tuple[int, int],
) -> None:
    """QA (low vision), six players: "Ausspiel" (German, 250%, 1024x720), "entame"
    (French, 200%, 800x600) and "uscita" (Italian, 250%, 800x600) were drawn on
    the led card's face at about 10 pixels, over its suit pip, where English "led"
    was large. The word is drawn whole at the 18-pixel floor or larger (across the
    card where it is wider than the card), clear of the card's rank and suit."""
    from audiospades.app.table_layout import TEXT_FLOOR, font
    from audiospades.presenter.table import led_mark_text

    # Played to 500 points, as in QA's game: the goal takes the header's third row.
    rules = {"preset": "pagat", "player_count": 6, "partnerships": True}
    settings = dataclasses.replace(
        WAITING_SETTINGS, language=language, text_scale=scale, last_rules=rules
    )
    h = make_harness(seed=7, settings=settings, draw=True, size=size)
    play_until(h, lambda x: x.table is not None and len(x.table.view.trick) >= 2)
    h.frame()
    word = led_mark_text()
    assert (word == "led") == (language == "en")  # the language's own word
    (tag,) = _marks(Mark.LED)
    (drawn,) = [r for said, r in drawn_texts() if said == word and tag.contains(r)]
    least = font(TEXT_FLOOR).size(word)  # the word's size at the floor
    assert drawn.w >= least[0] and drawn.h >= least[1], (word, drawn, least)
    layout = h.table.layout
    assert layout is not None
    card = layout.places[h.table.view.trick[0][0]].card
    assert not tag.colliderect(corner_rect(card))
    assert tag.colliderect(card.inflate(card.w, card.h))  # by its own card


def _check_led_tag(h: Harness, leader: int) -> None:
    """One "led" tag, by ``leader``'s card: it hides no card, label or rank."""
    layout = h.table.layout
    assert layout is not None
    (tag,) = _marks(Mark.LED)
    words = [r for said, r in drawn_texts() if said == "led" and tag.contains(r)]
    assert len(words) == 1
    place = layout.places[leader]
    assert place.column.x <= tag.x and tag.right <= place.column.right  # its column
    assert not tag.colliderect(corner_rect(place.card))
    won = 2 * layout.frame_width
    for other in layout.places:
        assert not tag.colliderect(other.label)
        if other is not place:
            assert not tag.colliderect(other.card.inflate(won, won))
    if not tag.colliderect(place.card):  # beside the card: clear of the won frame
        assert not tag.colliderect(place.card.inflate(won, won))
    focus = [layout.focus_frame] if layout.focus_frame is not None else []
    assert tag.collidelist([*layout.hand, *focus]) < 0


@pytest.mark.parametrize(("players", "scale"), [(4, 1.0), (4, 3.0), (6, 1.0), (6, 3.0)])
def test_the_player_who_led_the_trick_is_tagged_by_their_card(
    make_harness: Callable[..., Harness], players: int, scale: float
) -> None:
    """QA: a sighted player sees who led the trick; the picture did not show it.
    A "led" tag stands by the trick's first card while the trick is played and
    while the finished trick is shown, and goes when it is gathered."""
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    rules |= {"player_count": players, "partnerships": True}
    settings = dataclasses.replace(WAITING_SETTINGS, text_scale=scale, last_rules=rules)
    h = make_harness(seed=5, settings=settings, draw=True)
    play_until(
        h,
        lambda x: (
            x.table is not None
            and my_play_turn(x)
            and len(x.table.view.trick) >= 2
            and bool(x.table.view.completed_tricks)
        ),
    )
    h.frame()
    _check_led_tag(h, h.table.view.trick[0][0])
    h.press("return")
    play_until(h, lambda x: x.table.session.awaiting_trick_clear)
    h.frame()
    shown = h.table.session.shown_trick
    assert shown is not None and not h.table.view.trick
    _check_led_tag(h, shown.cards[0][0])
    h.press("n")
    h.settle()
    h.frame()
    view = h.table.view
    if view.trick:
        _check_led_tag(h, view.trick[0][0])
    else:
        assert not _marks(Mark.LED)
