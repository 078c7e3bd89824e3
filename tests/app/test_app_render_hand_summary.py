"""The picture: a hand's summary stays readable on the table until the player moves
on (a key, and at least until the next deal), whatever is said after it ("Press N
to gather the trick", the scores)."""

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


def _scored_without_waiting(h: Harness) -> str:
    """Play the first hand's last card at a table that does not wait after a
    trick; the others follow on the clock, with no key pressed, until the hand is
    scored. Returns the summary."""
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
    return _summary(h)


def test_waiting_after_tricks_the_hands_last_trick_brings_the_summary_alone(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: with "wait after a trick" on, "Press N to gather the trick." came after
    the hand's summary. The hand's last trick is not held (as the game's last is
    not): the summary is the last word and the last thing shown, up to the deal."""
    h = make_harness(seed=7, settings=_settings(True), draw=True)
    summary = _scored_without_waiting(h)
    assert h.table.session.awaiting_trick_clear is False
    assert h.last == summary
    assert summary in _on_screen()
    assert "Press N to gather the trick." not in _on_screen()


def test_the_summary_stays_when_the_scores_are_asked_between_hands(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7, settings=_settings(False), draw=True)
    summary = _scored_without_waiting(h)
    assert not h.table.view.hand
    assert summary in _on_screen()
    _press_now(h, "s")
    assert h.last != summary
    assert summary in _on_screen()
    assert h.last in _on_screen()
    _press_now(h, "p")  # repeat: says the scores again, as before
    assert h.speaker.spoken[-1].text != summary
    assert summary in _on_screen()


def test_without_waiting_the_summary_stays_over_the_next_deal_until_a_key(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: with "wait after a trick" off, the hand's summary gave way to the next
    deal some two seconds after it was shown: too soon to read it at a large text
    size. The setting is about tricks; the result stays until the player moves on.
    The game is not held: the next hand is dealt on the clock (and any players
    before the player bid), the summary on screen in the hand's room; at the
    player's turn (here the first bid, with the deal) it is still there, the
    prompt under it; their first key does what it does (the cards are read) and
    the new hand is drawn in its place."""
    h = make_harness(seed=7, settings=_settings(False), draw=True)
    summary = _scored_without_waiting(h)
    dealt = h.table.view.deal_count
    for _ in range(400):  # no key pressed: the deal comes at the pace
        if h.table.view.deal_count != dealt:
            break
        h.clock.advance(20)
        h.frame()
    assert h.table.view.deal_count == dealt + 1 and h.table.view.hand
    h.frame()
    assert summary in _on_screen()
    assert h.last in _on_screen()
    h.settle()  # the others bid, until the player's turn: the game waits there
    view = h.table.view
    assert h.table.session.is_human_turn and view.phase.value == "bidding"
    assert summary in _on_screen()
    assert h.last in _on_screen()
    layout = h.table.layout
    assert layout is not None and not layout.hand
    before = h.mark()
    _press_now(h, "right")
    assert h.said_since(before)  # the key was answered, not swallowed
    assert summary not in _on_screen()
    layout = h.table.layout
    assert layout is not None and len(layout.hand) == len(view.hand)


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
