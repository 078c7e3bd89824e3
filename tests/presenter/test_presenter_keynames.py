"""Keys are named so speech in every language says the right letter."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from audiospades import i18n
from audiospades.commands import Command
from audiospades.keymap import Chord, Context
from audiospades.presenter.keynames import key_for, key_label
from audiospades.presenter.system import unbound_key_text


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("language", "yes"),
    [("en", "Y"), ("de", "Y"), ("es", "Y griega"), ("fr", "Y grec"), ("it", "Y")],
)
def test_the_yes_key_is_named_so_speech_does_not_say_i(language: str, yes: str) -> None:
    i18n.set_language(language)
    assert key_for(Command.YES, Context.QUESTION) == yes
    assert key_for(Command.NO, Context.QUESTION) == "N"


@pytest.mark.parametrize(
    ("key", "named"),
    [
        (".", "Period does nothing here."),
        (",", "Comma does nothing here."),
        ("-", "Minus does nothing here."),
        ("=", "Equals does nothing here."),
        ("[", "Left bracket does nothing here."),
        ("[-]", "Keypad Minus does nothing here."),
        ("[5]", "Keypad 5 does nothing here."),
        ("q", "Q does nothing here."),
    ],
)
def test_a_punctuation_key_that_does_nothing_is_named_in_words(
    key: str, named: str
) -> None:
    """QA: ". does nothing here" was read by speech as "does nothing here", and
    "- does nothing here" not at all: the player could not tell which key."""
    assert unbound_key_text(Chord(key)).startswith(named)


def test_punctuation_key_names_are_translated() -> None:
    i18n.set_language("de")
    assert key_label(Chord("-")) == "Minus"
    assert key_label(Chord(".")) == "Punkt"
    assert key_label(Chord("[.]")) == "Ziffernblock Punkt"
    assert key_label(Chord(",", frozenset({"ctrl"}))) == "Strg+Komma"
