"""The picture's header says what the table waits on, in every phase, for a
player and for a spectator."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from audiospades import i18n
from audiospades.notices import Question, QuestionKind
from audiospades.presenter.table import (
    cards_on_table_text,
    question_text,
    turn_header_text,
)
from audiospades.presenter.web import picture_header
from audiospades.presenter.words import watching
from audiospades.rules import Card, Game, Phase, Rules, TrickWon, seat_view

NAMES = ("Ann", "Rosa", "Lee", "Omar")


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _view(**changes: object):  # type: ignore[no-untyped-def]
    view = seat_view(Game(Rules.from_dict({"preset": "pagat"})), 0)
    return dataclasses.replace(view, **changes)


def test_the_header_names_who_bids_passes_or_plays() -> None:
    assert turn_header_text(_view(phase=Phase.BIDDING, to_act=1), NAMES) == (
        "To bid: Rosa"
    )
    assert turn_header_text(_view(phase=Phase.PASSING, to_act=0), NAMES) == (
        "To pass: You"
    )
    assert turn_header_text(_view(phase=Phase.PLAYING, to_act=0), NAMES) == (
        "To play: You"
    )
    assert turn_header_text(_view(phase=Phase.DEALING, to_act=None), NAMES) is None


def test_a_spectator_sees_the_watched_player_named_not_you() -> None:
    with watching():
        assert turn_header_text(_view(phase=Phase.PLAYING, to_act=0), NAMES) == (
            "To play: Ann"
        )
        assert picture_header(_view(phase=Phase.PLAYING, to_act=0), NAMES)[-1] == (
            "To play: Ann"
        )


def test_a_trick_to_gather_is_not_someone_to_play() -> None:
    view = _view(phase=Phase.PLAYING, to_act=2)
    assert turn_header_text(view, NAMES, trick_waits=True) == "Trick complete"
    assert picture_header(view, NAMES, trick_waits=True)[-1] == "Trick complete"


def test_the_end_of_the_game_shows_the_winner_or_the_draw() -> None:
    over = _view(phase=Phase.GAME_OVER, to_act=None, winner=1)
    assert turn_header_text(over, NAMES) == "Game over. Winner: Rosa and Omar"
    won = _view(phase=Phase.GAME_OVER, to_act=None, winner=0)
    assert turn_header_text(won, NAMES) == "Game over. Winner: You and Lee"
    drawn = _view(phase=Phase.GAME_OVER, to_act=None, winner=None, is_draw=True)
    assert turn_header_text(drawn, NAMES) == "Game over: a draw"


def test_you_inside_a_trick_s_list_is_lower_case_and_opens_it_capitalised() -> None:
    """ "On the table: Rosa, 4 of spades and you, 10 of spades": a capital "You" in
    mid-sentence is wrong (and shows on a braille display); a list that opens its
    sentence (the trick just won, still shown) starts with "You"."""
    trick = ((1, Card.parse("4S")), (0, Card.parse("TS")))
    said = cards_on_table_text(_view(phase=Phase.PLAYING, trick=trick), NAMES)
    assert said.startswith("On the table: Rosa, 4 of spades and you, 10 of spades.")
    won = TrickWon(seat=0, trick_index=0, cards=tuple(reversed(trick)))
    said = cards_on_table_text(_view(phase=Phase.PLAYING, trick=()), NAMES, won)
    assert said == "You, 10 of spades and Rosa, 4 of spades. You won it."


def test_the_blind_nil_question_alone_says_behind_the_leader() -> None:
    """Each for themselves, "behind" alone named no one: it is the leader."""
    question = Question(QuestionKind.BLIND_NIL, behind=100)
    assert question_text(question, partnerships=False).startswith(
        "You are 100 or more points behind the leader. Bid blind nil, "
    )
    assert question_text(question).startswith(
        "Your side is 100 or more points behind. Bid blind nil, "
    )
