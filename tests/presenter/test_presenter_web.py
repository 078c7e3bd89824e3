"""The page's picture names the card that won the finished trick still shown."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from audiospades import i18n
from audiospades.presenter.web import won_trick_card_text
from audiospades.rules import Card


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_winning_card_says_it_won_the_trick() -> None:
    assert won_trick_card_text(Card.parse("AS")) == "ace of spades, won the trick"
    assert won_trick_card_text(Card.parse("TD")) == "10 of diamonds, won the trick"
