"""Polish: the end of the speech history is said like every other line."""

from __future__ import annotations

from collections.abc import Callable

from audiospades.app.harness import Harness


def test_no_more_messages_reaches_the_transcript_and_keeps_the_place(
    make_harness: Callable[..., Harness],
) -> None:
    heard: list[str] = []
    h = make_harness(seed=7, on_utterance=heard.append)
    h.press("down")
    h.press("page down")
    assert h.last == "No more messages."
    assert heard[-1] == "No more messages."
    for _ in range(10):
        h.press("page up")
    assert heard[-1] == "No more messages."
    oldest = h.speech.history[0]
    assert "No more messages." not in h.speech.history
    # The remark is not part of the history: Page Down goes on from the oldest.
    h.press("page down")
    assert heard[-1] != "No more messages." and heard[-1] != oldest
    h.press("page up")
    assert heard[-1] == oldest
