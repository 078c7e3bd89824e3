"""Whole games through the real loop, by keys alone, checked by what was said."""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import play_until

from audiospades import storage
from audiospades.app.harness import Harness
from audiospades.rules import Phase


def test_whole_game_from_main_menu_to_game_over(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=3)
    assert h.transcript[0].startswith("Audio Spades. Main menu. New game, 1 of 12")
    h.press("return")
    play_until(h, lambda x: x.table is not None and x.table.finished)
    said = "\n".join(h.transcript)
    assert "New game with" in said
    assert "Your turn to bid" in said
    assert "You bid 3." in said
    assert "The hand is over." in said
    assert "Game over." in said or "draw" in said
    # Recorded once: finished game kept, statistics counted, save cleared.
    stats, _ = storage.load_stats()
    assert stats.totals.games == 1
    assert len(storage.list_finished()) == 1
    assert storage.load_current() == (None, None)
    # Back to the main menu with Escape, then the main menu's first item.
    h.press("escape")
    assert "Game menu." in h.last
    h.press("end", "return")
    assert h.table is None


def test_every_table_question_answers(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(seed=5)
    h.press("return")
    play_until(
        h,
        lambda x: (
            x.table is not None
            and x.table.session.is_human_turn
            and x.table.session.game.phase is Phase.PLAYING
            and x.table.session.game.trick_index >= 1
        ),
    )
    answers = {}
    for key in ["c", "f", "v", "i", "s", "t", "r", "l", "p", "u", "m", "h", "b"]:
        mark = h.mark()
        h.press(key)
        said = h.said_since(mark)
        assert said, key
        answers[key] = said[-1]
    assert answers["c"].startswith(("On the table:", "No cards on the table."))
    assert "led" in answers["f"] or "Nothing led yet" in answers["f"]
    assert answers["v"].startswith("Trick 2 of 13.")
    assert answers["i"] == answers["v"]
    assert "Playing to" in answers["s"] or "Playing 1 hand" in answers["s"]
    assert answers["t"] == "Your turn to play."
    assert answers["r"].startswith("Your cards, 12:")
    assert answers["l"].startswith("Last trick:")
    assert answers["p"] == "No hand has been scored yet."
    assert "Spades are trumps" in answers["u"]
    assert "hands played" in answers["m"] or "hand played" in answers["m"]
    assert answers["h"].startswith("Play the ")
    assert answers["b"] == "Bidding is over: you bid 3."


def test_navigation_speaks_cards_and_playability(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=5)
    h.press("return")
    play_until(
        h,
        lambda x: (
            x.table is not None
            and x.table.session.is_human_turn
            and x.table.session.game.phase is Phase.PLAYING
        ),
    )
    mark = h.mark()
    h.press("home", "right", "end", "right", "up", "down")
    said = h.said_since(mark)
    assert all(", playable" in s or ", not playable" in s for s in said)
    assert h.sound.cues.count(h.sound.cues[-1]) >= 1


def _find_illegal(h: Harness) -> bool:
    table = h.table
    if table is None or not table.session.is_human_turn:
        return False
    view = table.session.view()
    if view.phase is not Phase.PLAYING or not view.trick:
        return False
    return any(c not in view.legal_plays for c in view.hand)


def test_illegal_play_says_you_must_follow(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=11)
    h.press("return")
    play_until(h, _find_illegal)
    table = h.table
    view = table.session.view()
    bad = next(c for c in view.hand if c not in view.legal_plays)
    h.press("home")
    while table.focus != bad:
        h.press("right")
    before = len(table.session.game.actions)
    mark = h.mark()
    h.press("return")
    said = h.said_since(mark)
    assert said[-1].startswith("You must follow "), said
    assert len(table.session.game.actions) == before


def test_undo_takes_back_to_your_previous_move(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=5)
    h.press("return")
    play_until(
        h,
        lambda x: (
            x.table is not None
            and x.table.session.is_human_turn
            and x.table.session.game.phase is Phase.PLAYING
            and x.table.session.game.trick_index >= 2
        ),
    )
    session = h.table.session
    hand_before = len(session.game.hand(0))
    mark = h.mark()
    h.press("ctrl+z")
    said = h.said_since(mark)
    assert any(s.startswith("Undone: ") for s in said), said
    assert len(session.game.hand(0)) == hand_before + 1
    assert session.is_human_turn
    assert session.undo_count == 1
    # Undo while it is not your turn is refused, with a reason.


def test_undo_with_nothing_to_undo(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(seed=5)
    h.press("return")
    play_until(
        h,
        lambda x: x.table is not None and x.table.session.is_human_turn,
    )
    mark = h.mark()
    h.press("ctrl+z")
    assert "There is nothing to undo." in h.said_since(mark)
