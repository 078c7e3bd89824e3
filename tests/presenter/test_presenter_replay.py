"""The words of ``audiospades replay``: every problem and refusal through gettext."""

from __future__ import annotations

import gettext

import pytest

from audiospades import i18n
from audiospades.presenter.replay import record_problem_text, refusal_words
from audiospades.record import RecordError, RecordProblem
from audiospades.rules import Reason

DETAIL = {
    "value": "'x'",
    "format": "'x/1'",
    "key": "'players'",
    "option": "rules.player_count",
    "stated": "6",
    "problems": "unknown rule option 'x'",
    "seat": 1,
    "reason": Reason.CARD_NOT_HELD,
    "detail": "card KD",
}


class Marked(gettext.NullTranslations):
    """A catalogue that marks every message it is asked for: «...»."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(i18n._catalogues, "de", Marked())


@pytest.mark.usefixtures("marked")
@pytest.mark.parametrize("problem", list(RecordProblem))
def test_every_record_problem_has_words_of_its_own(problem: RecordProblem) -> None:
    """Not the record module's English, which is for logs."""
    error = RecordError(problem, "ENGLISH", 1, 2, detail=DETAIL)
    with i18n.speaking("de"):
        text = record_problem_text(error)
    assert text.startswith("«hand 1, action 2: «"), text
    assert "ENGLISH" not in text


@pytest.mark.usefixtures("marked")
@pytest.mark.parametrize("reason", list(Reason))
def test_every_refusal_has_words_of_its_own(reason: Reason) -> None:
    with i18n.speaking("de"):
        assert refusal_words(reason).startswith("«")


@pytest.mark.parametrize("reason", list(Reason))
def test_refusals_in_english_are_the_engine_s_names_as_words(reason: Reason) -> None:
    """The replay's English line is unchanged: "card not held", "not your turn"."""
    with i18n.speaking("en"):
        assert refusal_words(reason) == reason.value.replace("_", " ")


def test_the_place_is_said_with_what_is_known_of_it() -> None:
    with i18n.speaking("en"):
        kitty = RecordProblem.KITTY
        assert record_problem_text(RecordError(kitty, "", 3)) == (
            "hand 3: these rules deal no kitty"
        )
        error = RecordError(RecordProblem.NOT_AN_OBJECT, "")
        assert record_problem_text(error) == "the record is not a JSON object"
