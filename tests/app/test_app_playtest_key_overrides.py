"""Play-test: a player who moves a key hears the new key named, and it works."""

from __future__ import annotations

from collections.abc import Callable

from audiospades.app.harness import Harness
from audiospades.storage import Settings

BLIND_ANY_SCORE = {
    "preset": "pagat",
    "target_score": None,
    "hand_limit": 1,
    "blind_nil_behind": 0,
}


def test_remapped_yes_and_no_are_the_keys_the_question_names(
    make_harness: Callable[..., Harness],
) -> None:
    # This player answers with O (oui) and X; Y and N still work too.
    settings = Settings(
        language="en",
        pace="fast",
        last_rules=dict(BLIND_ANY_SCORE),
        key_overrides={"question:o": "yes", "question:x": "no"},
    )
    h = make_harness(seed=11, settings=settings)
    h.press("return")
    h.settle()
    assert h.last.endswith("Press O for yes or X for no.")
    h.press("x")
    assert h.table.session.question is None


def test_remapped_gather_key_is_named_when_a_trick_waits(
    make_harness: Callable[..., Harness],
) -> None:
    settings = Settings(
        language="en",
        pace="fast",
        wait_after_trick=True,
        key_overrides={"table:g": "continue"},
    )
    h = make_harness(seed=3, settings=settings)
    h.press("return")
    h.settle()
    h.press("3")
    h.press("return")  # Bid three.
    for _ in range(4):
        h.settle()
        if "Press G to gather the trick." in h.transcript:
            break
        h.press("tab")
        h.press("return")  # Play the first playable card.
    assert "Press G to gather the trick." in h.transcript
    mark = h.mark()
    h.press("t")
    assert h.said_since(mark) == ["The trick is complete: press G to gather it."]
    h.press("g")
    h.settle()
    assert h.table.session.awaiting_trick_clear is False


def test_a_moved_help_key_is_the_one_named_for_an_unbound_key(
    make_harness: Callable[..., Harness],
) -> None:
    settings = Settings(language="en", pace="fast", key_overrides={"f12": "help"})
    h = make_harness(seed=3, settings=settings)
    h.press("return")
    h.settle()
    h.press("q")
    assert h.last == "Q does nothing here. F12 lists the keys."
