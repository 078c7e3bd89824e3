"""The words of ``audiospades replay``: every problem and refusal through gettext."""

from __future__ import annotations

import gettext

import pytest

from audiospades import i18n
from audiospades.presenter.replay import (
    record_problem_text,
    refusal_detail_words,
    refusal_words,
)
from audiospades.record import RecordError, RecordProblem
from audiospades.rules import Reason, RulesProblem, RulesProblemKind

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

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"


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


# --- the engine's data about a refusal, and its rules problems, worded ---------------
_ENGINE_DATA = {
    "to_act": "1",
    "card": "KD",
    "seat": "7",
    "suit": "H",
    "phase": "bidding",
    "maximum": "13",
    "behind": "100",
    "total": "13",
    "spades": "3",
    "minimum": "4",
    "count": "2",
}
"""Every name the engine gives a datum of :class:`IllegalAction`, with a value."""


def test_every_datum_the_engine_gives_is_named_by_the_engine() -> None:
    """The list above is the engine's: a new datum needs its words here too."""
    import re
    from pathlib import Path

    import audiospades.rules as rules

    source = "".join(
        path.read_text() for path in Path(rules.__file__).parent.glob("*.py")
    )
    given = set(re.findall(r"IllegalAction\(\s*Reason\.\w+,\s*(\w+)=", source))
    assert given <= set(_ENGINE_DATA) | {"hand_size"}, given


@pytest.mark.usefixtures("marked")
@pytest.mark.parametrize(("name", "value"), list(_ENGINE_DATA.items()))
def test_every_datum_of_a_refusal_has_words_of_its_own(name: str, value: str) -> None:
    """Not the engine's name for it ("to_act 1"), in the language asked for."""
    with i18n.speaking("de"):
        text = refusal_detail_words(name, value)
    assert text.startswith("«") and text.endswith("»"), text


def test_an_out_of_turn_action_says_whose_turn_it_was() -> None:
    error = RecordError(
        RecordProblem.ILLEGAL_ACTION,
        "not your turn (to_act 1)",
        0,
        4,
        reason=Reason.NOT_YOUR_TURN.value,
        detail={"detail": "to_act 1", "engine": {"to_act": "1"}},
    )
    with i18n.speaking("en"):
        assert record_problem_text(error) == (
            "hand 0, action 4: not your turn (it was seat 1's turn)"
        )


@pytest.mark.usefixtures("marked")
@pytest.mark.parametrize("kind", list(RulesProblemKind))
def test_every_rules_problem_has_words_of_its_own(kind: RulesProblemKind) -> None:
    """Not the engine's English text, which is for logs."""
    problem = RulesProblem(kind, ("nil_value", "nil_allowed"), "ENGLISH", "'x'")
    error = RecordError(
        RecordProblem.BAD_RULES,
        "rules: ENGLISH",
        detail={"problems": "ENGLISH", "rules_problems": (problem,)},
    )
    with i18n.speaking("de"):
        text = record_problem_text(error)
    assert text.startswith("«rules: «") and "ENGLISH" not in text, text


def test_rules_problems_in_english_name_the_files_options() -> None:
    from audiospades.record import FORMAT, rules_from_record

    rules = {"preset": "pagat", "nil_value": "x", "trump_mode": "zz"}
    with pytest.raises(RecordError) as caught:
        rules_from_record({"format": FORMAT, "rules": rules})
    with i18n.speaking("en"):
        assert record_problem_text(caught.value) == (
            "rules: rule option 'nil_value' cannot be 'x': wrong type; "
            "rule option 'trump_mode' has no reading 'zz'"
        )
