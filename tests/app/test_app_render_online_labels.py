"""Who holds each seat, on the picture of an online table (low-vision QA).

The waiting room listed "Milly, computer", and W says who is a person, who a
computer, who is away; but once the game began the picture showed only names:
a sighted player could not tell the computer players from the people, nor see
that a computer now played for someone away (their own seat included: the
header named the computer only at their turn). Now each label carries a tag
for it, as "partner" and "dealer" are carried, whole and inside the window, in
every language and window size.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from online_helpers import (
    PLAYING_AWAY_SECONDS,
    connect,
    heard,
    play_until_the_turn_of,
    server_thread,
    stand_in_for_the_one_awaited,
    start_ann_and_bobs_game,
    until,
)

from audiospades import i18n
from audiospades.app.harness import Harness
from audiospades.app.online_table import OnlineTableScreen
from audiospades.app.render import drawn_texts
from audiospades.app.table_layout import TEXT_FLOOR, Label, font, table_layout
from audiospades.i18n import _, pgettext
from audiospades.presenter.table import dealer_shown, seat_label_text, seat_marks
from audiospades.storage import Settings

SIZES = [(800, 600), (1024, 720), (1920, 1080)]
LANGUAGES = ["en", "de", "fr"]


def _table(harness: Harness) -> OnlineTableScreen:
    top = harness.app.top
    assert isinstance(top, OnlineTableScreen)
    return top


def _tags_by_seat(harness: Harness) -> list[list[str]]:
    """The texts drawn inside each place's label, by seat (the harness drawn
    last); every text whole in the window, none over another."""
    harness.frame()
    surface = pygame.display.get_surface()
    assert surface is not None
    window = surface.get_rect()
    texts = drawn_texts()
    for text, rect in texts:
        assert window.contains(rect), (text, rect, window)
    for i, (text, rect) in enumerate(texts):
        for other, other_rect in texts[i + 1 :]:
            assert not rect.colliderect(other_rect), (text, other)
    layout = _table(harness).layout
    assert layout is not None and layout.size == window.size
    return [
        [text for text, rect in texts if place.label.contains(rect)]
        for place in layout.places
    ]


def _in_every_language_and_size(
    harness: Harness, check: Callable[[list[list[str]], str, str], None]
) -> None:
    """``check(tags_by_seat, computer_tag, computer_plays_tag)`` on the picture
    at each size, in each language."""
    try:
        for size in SIZES:
            pygame.display.set_mode(size)
            for language in LANGUAGES:
                i18n.set_language(language)
                settings = harness.services.settings
                harness.services.settings = dataclasses.replace(
                    settings, language=language
                )
                computer = pgettext("table tag", "computer")
                plays = pgettext("table tag", "computer plays")
                tags = _tags_by_seat(harness)
                floor = font(TEXT_FLOOR).get_height()
                drawn = {t: r for t, r in drawn_texts()}
                for tag in (computer, plays):
                    if tag in drawn:
                        assert drawn[tag].h >= floor, (tag, size, language)
                check(tags, computer, plays)
    finally:
        i18n.set_language("en")
        settings = harness.services.settings
        harness.services.settings = dataclasses.replace(settings, language="en")
        pygame.display.set_mode(SIZES[0])


def test_computers_and_a_person_a_computer_plays_for_are_tagged_at_the_table(
    make_harness: Callable[..., Harness],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ann and Bob with Milly and Bert; Ann lets her turn wait and a computer
    plays for her. Bob's picture tags Milly and Bert "computer" and Ann
    "computer plays", himself nothing; Ann's tags her own label, until her key
    gives the seat back."""
    with server_thread(
        tmp_path / "server.db",
        away_seconds=PLAYING_AWAY_SECONDS,
        takeover_seconds=30.0,
    ) as server:
        ann = connect(make_harness, server, "Ann", draw=True, size=SIZES[0])
        bob = connect(make_harness, server, "Bob", draw=True, size=SIZES[0])
        try:
            start_ann_and_bobs_game(ann, bob)
            play_until_the_turn_of(ann, bob)
            names = _table(bob).remote.names
            assert names[0] == "Bob"

            def before(tags: list[list[str]], computer: str, plays: str) -> None:
                for seat, name in enumerate(names):
                    wanted = computer in tags[seat]
                    assert wanted is (name in ("Milly", "Bert")), (name, tags)
                    assert plays not in tags[seat], (name, tags)

            _in_every_language_and_size(bob, before)
            stand_in_for_the_one_awaited(server, monkeypatch)
            until(heard(bob, "A computer player now plays for Ann."), ann, bob)

            def stood_in(tags: list[list[str]], computer: str, plays: str) -> None:
                ann_seat = names.index("Ann")
                assert plays in tags[ann_seat], tags
                assert computer not in tags[ann_seat], tags
                assert not {computer, plays} & set(tags[0]), tags

            _in_every_language_and_size(bob, stood_in)

            def own_seat(tags: list[list[str]], computer: str, plays: str) -> None:
                assert plays in tags[0], tags

            until(lambda: _table(ann).remote.is_stood_in, ann)
            _in_every_language_and_size(ann, own_seat)
            ann.press("t")  # any key at the table gives the seat back
            until(heard(bob, "Ann is back and plays again."), ann, bob)
            until(lambda: not _table(ann).remote.is_stood_in, ann, bob)

            def back(tags: list[list[str]], computer: str, plays: str) -> None:
                assert all(plays not in seat for seat in tags), tags

            _in_every_language_and_size(ann, back)
            _in_every_language_and_size(bob, back)
        finally:
            ann.close()
            bob.close()


SIX_IN_PAIRS = {
    "preset": "pagat",
    "player_count": 6,
    "partnerships": True,
    "target_score": None,
    "hand_limit": 1,
}


def _labels_without_holders(table: OnlineTableScreen) -> tuple[Label, ...]:
    """The table's labels as a local table has them: no tag for who holds a seat."""
    view = table.view
    dealer = dealer_shown(view)
    return tuple(
        (
            seat_label_text(seat, view, table.remote.names),
            seat_marks(seat, view, dealer),
        )
        for seat in range(view.player_count)
    )


def test_the_seat_tags_leave_six_players_names_as_large_as_before(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Six in three partnerships, Ann with five computer players, at 800x600 and
    1024x720, in English, German and French. The "computer" tags made the labels'
    words smaller (QA: the names fell from a 24- to a 20-pixel font at 800x600,
    the dealer's label wanting a fourth line); now a label takes the lines its
    tags need, and each name is drawn as large as a local table's. At 250% too
    every label is whole, clear of the rest and tagged."""
    settings = dataclasses.replace(
        Settings(language="en", pace="fast"), last_rules=dict(SIX_IN_PAIRS)
    )
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(
            make_harness, server, "Ann", settings=settings, draw=True, size=SIZES[0]
        )
        try:
            ann.press("return", "end", "return")  # create "Ann's table"
            ann.settle()
            for _seat in range(5):  # a computer player in each other seat
                ann.press("down", "return", "return")
                ann.settle()
            ann.press("down", "return")  # Start the game
            ann.settle()
            table = _table(ann)
            until(lambda: table.remote.has_started and bool(table.view.hand), ann)
            for size, scale, language in itertools.product(
                SIZES[:2], (1.0, 2.5), LANGUAGES
            ):
                pygame.display.set_mode(size)
                i18n.set_language(language)
                ann.services.settings = dataclasses.replace(
                    ann.services.settings, language=language, text_scale=scale
                )
                table.layout = None  # arranged for these words, as at a deal
                tags = _tags_by_seat(ann)
                computer = pgettext("table tag", "computer")
                assert all(computer in seat for seat in tags[1:]), tags
                if scale > 1.0:
                    continue
                layout = table.layout
                assert layout is not None
                local = table_layout(
                    size,
                    scale,
                    player_count=6,
                    hand_count=len(layout.hand),
                    labels=_labels_without_holders(table),
                )
                assert layout.label_size == local.label_size, (size, language)
                face = font(layout.label_size)
                for seat, place in enumerate(layout.places):
                    name = table.remote.names[seat] if seat else _("You")
                    drawn = [
                        r
                        for t, r in drawn_texts()
                        if t == name and place.label.contains(r)
                    ]
                    assert drawn, (name, size, language)
                    shown = face.render(name, True, (0, 0, 0)).get_size()
                    assert drawn[0].size == shown, (name, size, language)
        finally:
            i18n.set_language("en")
            pygame.display.set_mode(SIZES[0])
            ann.close()
