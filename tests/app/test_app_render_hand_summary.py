"""The picture: a hand's summary stays readable on the table until the next deal,
whatever is said after it ("Press N to gather the trick", the scores)."""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import play_until

from audiospades.app.harness import Harness, key_event
from audiospades.app.render import drawn_texts
from audiospades.storage import Settings


def _settings(wait_after_trick: bool) -> Settings:
    return Settings(
        language="en",
        pace="fast",
        wait_after_trick=wait_after_trick,
        last_rules={"preset": "pagat", "target_score": None, "hand_limit": 2},
    )


def _on_screen() -> str:
    """The picture's texts, one after another (the status lines join up again)."""
    return " ".join(text for text, _rect in drawn_texts())


def _summary(h: Harness) -> str:
    said = [line for line in h.transcript if line.startswith("The hand is over.")]
    assert len(said) == 1, said
    return said[0]


def _press_now(h: Harness, token: str) -> None:
    """Press a key without letting the game run on first (as Harness.press does)."""
    import pygame

    pygame.event.post(key_event(token))
    h.frame()


def test_the_summary_stays_above_press_n_until_the_deal(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7, settings=_settings(True), draw=True)
    play_until(
        h,
        lambda h: (
            h.table is not None
            and h.table.session.awaiting_trick_clear
            and not h.table.view.hand
        ),
    )
    summary = _summary(h)
    assert h.last == "Press N to gather the trick."
    assert summary in _on_screen()
    assert "Press N to gather the trick." in _on_screen()
    _press_now(h, "s")  # the scores said: the summary stays
    assert summary in _on_screen()
    assert h.last in _on_screen()
    _press_now(h, "n")
    assert h.last == "Trick gathered."
    assert summary in _on_screen()
    assert "Trick gathered." in _on_screen()
    h.settle()  # the next deal: the new hand's words replace it
    assert h.table.view.hand
    assert summary not in _on_screen()


def test_the_summary_stays_when_the_scores_are_asked_between_hands(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7, settings=_settings(False), draw=True)
    play_until(
        h,
        lambda h: (
            h.table is not None
            and h.table.session.is_human_turn
            and h.table.session.game.phase.value == "playing"
            and len(h.table.view.hand) == 1
        ),
    )
    _press_now(h, "return")  # the last card; the others follow on the clock
    for _ in range(400):
        if h.last.startswith("The hand is over."):
            break
        h.clock.advance(20)
        h.frame()
    summary = _summary(h)
    assert not h.table.view.hand
    assert summary in _on_screen()
    _press_now(h, "s")
    assert h.last != summary
    assert summary in _on_screen()
    assert h.last in _on_screen()
    _press_now(h, "p")  # repeat: says the scores again, as before
    assert h.speaker.spoken[-1].text != summary
    assert summary in _on_screen()


def test_where_the_summary_does_not_fit_the_latest_line_is_still_shown_whole(
    make_harness: Callable[..., Harness],
) -> None:
    """The summary's end is cut (with an ellipsis), not "Press N to gather"."""
    import pygame

    from audiospades.app.render import draw_status
    from audiospades.app.themes import theme_of

    h = make_harness(seed=7, draw=True)
    surface = pygame.Surface((480, 320))
    summary = " ".join(["Contract made: 40 points. Score: 40 points, 0 bags."] * 16)
    prompt = "Press N to gather the trick."
    before = len(drawn_texts())
    draw_status(surface, h.services, theme_of(h.services), 250, [summary, prompt])
    texts = [text for text, _rect in drawn_texts()[before:]]
    assert texts[-1] == prompt
    assert texts[-2].endswith("…")
    assert texts[0].startswith("Contract made")
