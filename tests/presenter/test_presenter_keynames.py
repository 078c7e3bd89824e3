"""Keys are named so speech in every language says the right letter."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from audiospades import i18n
from audiospades.commands import Command
from audiospades.keymap import Context
from audiospades.presenter.keynames import key_for


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
