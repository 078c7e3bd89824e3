"""Play-test: the smaller troubles of issue 12, item 15 (a) to (c).

(a) the blind-nil question said "Your cards are hidden until you bid blind nil",
which sounds compulsory; (b) Tab while choosing cards to pass said "You cannot
play a card now"; (c) F1 while bidding listed the digits before B C F V S T.
(d) is in test_app_screens_rules.py and (e) in tests/test_sound.py.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from app_helpers import help_items

from audiospades import i18n
from audiospades.app.harness import Harness
from audiospades.storage import Settings


def _settings(language: str = "en") -> Settings:
    return Settings(
        language=language,
        pace="fast",
        last_rules={
            "preset": "pagat",
            "target_score": None,
            "hand_limit": 1,
            "blind_nil_behind": 0,
        },
    )


_HIDDEN = {
    "en": "Your cards are hidden until you answer the blind nil question.",
    "fr": "Vos cartes restent cachées jusqu'à ce que vous répondiez à la question "
    "du nil aveugle.",
    "es": "Tus cartas están ocultas hasta que respondas a la pregunta del nulo a "
    "ciegas.",
    "de": "Deine Karten bleiben verdeckt, bis du die Frage nach der blinden Null "
    "beantwortet hast.",
    "pt": "Suas cartas ficam escondidas até você responder à pergunta do nulo às "
    "cegas.",
    "it": "Le tue carte restano coperte finché non rispondi alla domanda sul nil "
    "alla cieca.",
}


@pytest.mark.parametrize("language", list(_HIDDEN))
def test_the_hidden_hand_waits_for_an_answer_not_for_a_blind_nil(
    make_harness: Callable[..., Harness], language: str
) -> None:
    h = make_harness(seed=3, settings=_settings(language))
    try:
        h.press("return", "r")
        assert h.last == _HIDDEN[language]
        h.press("right")  # moving through the hand says the same
        assert h.last == _HIDDEN[language]
        # Declining shows the cards: nothing forced a blind nil.
        h.press("n", "r")
        assert h.last != _HIDDEN[language]
    finally:
        i18n.set_language("en")


def test_tab_while_passing_moves_to_the_next_card_not_yet_chosen(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=3, settings=_settings())
    h.press("return", "y")
    h.settle()
    assert h.last.startswith("Choose 2 cards to pass to Bert")
    control = h.table.control
    hand = list(control.view.hand)
    start = hand.index(control.focus) if control.focus in hand else -1
    assert start >= 0
    # The first Tab says the card the turn left the focus on (unspoken so far).
    h.press("tab")
    assert control.focus == hand[start]
    assert h.last.startswith(_name(hand[start]))
    h.press("tab")
    first = control.focus
    assert first == hand[start + 1]
    assert "You cannot play a card now." not in h.transcript
    h.press("return")  # choose it
    assert h.last.endswith("chosen; choose 1 more.")
    # Shift+Tab skips the card already chosen, going back (wrapping) to another.
    h.press("shift+tab")
    assert control.focus == hand[start] if start >= 0 else hand[-1]
    h.press("tab")
    assert control.focus == hand[start + 2]  # over the chosen card
    second = control.focus
    h.press("return")
    passed = next(line for line in h.transcript if line.startswith("You pass "))
    assert passed == (f"You pass the {_name(first)} and the {_name(second)} to Bert.")
    assert "You cannot play a card now." not in h.transcript


def _name(card: object) -> str:
    from audiospades.presenter.words import card_name
    from audiospades.rules import Card

    assert isinstance(card, Card)
    return card_name(card)


def test_f1_while_bidding_lists_the_information_keys_before_the_digits(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7, settings=_settings())
    h.press("return")
    for _ in range(5):
        if h.table.control.key_contexts()[0].value == "bidding":
            break
        h.press("n")
    items = help_items(h)
    keys = [item.split(":")[0] for item in items]
    assert keys[:7] == ["B", "C", "F", "V", "I", "S", "T"]
    assert keys.index("0") > keys.index("T")
    # The bid entry's keys keep their meaning while bidding: N is nil, not
    # "gather the trick", and Up and Down step the bid.
    assert any(item.startswith("N: ") and "nil" in item for item in items)
    assert not any(item.startswith("N: gather") for item in items)
    h.press("3", "return")
    assert "You bid 3." in h.transcript
