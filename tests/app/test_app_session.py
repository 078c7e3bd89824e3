"""Continue, saving after every action, statistics, help, key help, speech keys."""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import play_until

from audiospades import storage
from audiospades.app.harness import Harness
from audiospades.rules import Phase


def _mid_hand(h: Harness) -> bool:
    t = h.table
    return (
        t is not None
        and t.session.is_human_turn
        and t.session.game.phase is Phase.PLAYING
        and t.session.game.trick_index >= 3
    )


def test_saved_after_every_action_and_continue_resumes(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=9)
    h.press("return")
    play_until(h, _mid_hand)
    session = h.table.session
    saved, problem = storage.load_current()
    assert problem is None and saved is not None
    hands = saved.record["hands"]
    assert sum(len(x["actions"]) for x in hands) == len(session.game.actions) - len(
        hands
    )
    heard = saved.meta["last_spoken"]
    assert heard == h.last
    actions = list(session.game.actions)
    # A new run of the game: Continue.
    h2 = make_harness(seed=1)
    h2.press("down")
    assert h2.last == "Continue, 2 of 12"
    h2.press("return")
    said = h2.transcript
    assert any(s.startswith("Game resumed.") for s in said)
    assert said[-1] == heard or heard in said
    resumed = h2.table.session
    assert resumed.game.actions == actions
    assert resumed.is_human_turn
    h2.press("t")
    assert h2.last == "Your turn to play."
    mark = h2.mark()
    h2.press("f5")
    assert h2.said_since(mark) == ["Your turn to play."]


def test_statistics_count_a_game_once_even_if_finished_twice(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=4)
    h.press("return")
    play_until(h, lambda x: x.table is not None and x.table.finished)
    session = h.table.session
    session.finish()  # a repeat, as after a crash between the steps
    stats, _ = storage.load_stats()
    assert stats.totals.games == 1


def test_hint_help_and_what_key(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(seed=5)
    h.press("return")
    play_until(h, lambda x: x.table is not None and x.table.session.is_human_turn)
    h.press("h")
    assert h.last.startswith("Bid ")
    h.press("f1")
    assert h.last.startswith("Keys. Escape to go back.")
    h.press("down")
    assert ", 2 of " in h.last
    h.press("escape")
    h.press("f2")
    assert h.last.startswith("Key help on")
    before = len(h.table.session.game.actions)
    h.press("c")
    assert h.last == "C: the cards on the table."
    h.press("ctrl+z")
    assert h.last == "Control+Z: undo, back to your previous move."
    h.press("f2")
    assert h.last == "Key help off."
    assert len(h.table.session.game.actions) == before


def test_speech_keys(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(seed=5)
    h.press("ctrl+up")
    assert h.last == "Speech rate 110 percent."
    assert h.speaker.rate == 110
    h.press("ctrl+down", "ctrl+down")
    assert h.speaker.rate == 90
    stops = h.speaker.stop_count
    h.press("ctrl")
    assert h.speaker.stop_count == stops + 1
    h.press("page_up")
    assert h.speaker.spoken[-1].text == "Speech rate 90 percent."
    h.press("page_up")
    assert h.speaker.spoken[-1].text == "Speech rate 100 percent."
    h.press("page_down")
    assert h.speaker.spoken[-1].text == "Speech rate 90 percent."


def test_menu_keys(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(seed=5)
    h.press("up")
    assert h.last == "Quit, 12 of 12"
    h.press("down")
    assert h.last == "New game, 1 of 12"
    h.press("o")
    assert h.last == "Options, 5 of 12"
    h.press("l")
    assert h.last == "Learn the sounds, 9 of 12"
    h.press("end", "home")
    assert h.last == "New game, 1 of 12"
    h.press("o", "return")
    assert h.last.startswith(
        "Options. Left arrow and Right arrow change a value. Language"
    )
    h.press("down", "down", "right")
    assert h.last == "Verbosity, brief, 3 of 15"
    assert storage.load_settings()[0].verbosity == "brief"


def test_blind_nil_offered_before_the_hand_is_spoken(
    make_harness: Callable[..., Harness],
) -> None:
    import dataclasses

    from audiospades.controller import GameSession
    from audiospades.notices import Question, QuestionKind
    from audiospades.rules import Rules

    rules = dataclasses.replace(Rules.pagat(), blind_nil_behind=0)
    session = GameSession.new(rules, seed=3, persist=False, pace="fast")
    session.run_until_idle()
    notices = session.drain()
    question = next(n for n in notices if isinstance(n, Question))
    assert question.kind is QuestionKind.BLIND_NIL
    assert session.hand_hidden and session.view().hand == ()
    session.answer(True)
    session.run_until_idle()
    assert session.game.bids[0] is not None and session.game.bids[0].blind
    assert not session.hand_hidden


def test_the_sounds_are_listed_as_menu_items_with_a_capital(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: "Enter plays a sound. moving in a menu, 1 of 29": each sound's name
    opens with a capital, as every other menu item does (braille shows it)."""
    h = make_harness()
    h.press("l", "return")
    assert h.last == "Learn the sounds. Enter plays a sound. Moving in a menu, 1 of 29"
    h.press("end")
    assert h.last[0].isupper(), h.last
