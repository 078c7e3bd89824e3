"""Polish: F1 help lines read "Y: yes, 1 of 36", no full stop before the count."""

from __future__ import annotations

from collections.abc import Callable

from audiospades.app.harness import Harness


def test_help_lines_have_no_full_stop_before_the_position(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7)
    h.press("return")
    h.settle()
    h.press("f1")
    assert h.last.startswith("Keys. Escape to go back. ")
    heard = [h.last]
    for _ in range(70):
        h.press("down")
        heard.append(h.last)
    assert not any("., " in line for line in heard), [x for x in heard if "., " in x]
    assert any(line.startswith("B: make your bid, or hear how, ") for line in heard)
    # "What does this key do" still answers in a whole sentence.
    h.press("escape", "f2", "b")
    assert h.last == "B: make your bid, or hear how."
