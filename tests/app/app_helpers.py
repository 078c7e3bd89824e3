"""Helpers for the app tests (a module of its own: ``conftest`` is not importable
by name when several test folders run together)."""

from __future__ import annotations

from collections.abc import Callable

from audiospades.app.harness import Harness
from audiospades.rules import Phase
from audiospades.storage import Settings

WAITING_SETTINGS = Settings(
    language="en",
    pace="fast",
    wait_after_trick=True,
    last_rules={"preset": "pagat", "target_score": None, "hand_limit": 1},
)
"""A one-hand game that waits for a key after each trick."""


def play_until(
    harness: Harness, done: Callable[[Harness], bool], limit: int = 400
) -> None:
    """Answer every decision by keys (bid 3, Enter on the focused legal card)."""
    for _ in range(limit):
        harness.settle()
        if done(harness) or not harness.app.running:
            return
        table = harness.table
        if table is None:
            harness.press("return")
            past_new_game_question(harness)
            continue
        session = table.session
        if session.question is not None:
            harness.press("n")
        elif session.is_human_turn and session.game.phase.value == "bidding":
            harness.press("3", "return")
        else:
            harness.press("return")
    raise AssertionError("the game did not reach the expected point")


def one_hand_settings(**rules: object) -> Settings:
    """English, fast, one hand of pagat with ``rules`` on top."""
    return Settings(
        language="en",
        pace="fast",
        last_rules={"preset": "pagat", "target_score": None, "hand_limit": 1, **rules},
    )


def at_the_human_turn(
    make_harness: Callable[..., Harness], seed: int, **rules: object
) -> Harness:
    """A one-hand game under ``rules``, played by keys to the player's first turn."""
    h = make_harness(seed=seed, settings=one_hand_settings(**rules))
    play_until(
        h, lambda x: x.table is not None and x.table.session.is_human_turn, limit=3000
    )
    return h


def help_items(h: Harness) -> list[str]:
    """F1's whole list of keys at this moment, item by item; Escape closes it."""
    h.press("f1")
    assert h.last.startswith("Keys. ")
    items = [h.last.removeprefix("Keys. Escape to go back. ")]
    total = int(items[0].rsplit(" of ", 1)[1])
    for _ in range(total - 1):
        h.press("down")
        items.append(h.last)
    h.press("escape")
    return items


def assert_still_answers(harness: Harness) -> None:
    """After a fuzz run: the app either ended on a quit key, or still answers keys.

    Answering means the repeat key says again a line already spoken; a crashed or
    wedged loop would raise, say nothing, or say something new.
    """
    if not harness.app.running:
        assert harness.frame() is False  # a quit key ended it, cleanly
        return
    assert not harness.app.stack.is_empty
    harness.services.what_key_mode = False  # key help would name F5 instead
    harness.settle()
    mark = harness.mark()
    harness.press("f5")
    said = harness.said_since(mark)
    assert len(said) == 1
    assert said[0] in harness.said_since(0)[:mark]


def my_turn_in(harness: Harness, phase: Phase) -> bool:
    """Whether the table is open, in ``phase``, and seat 0 must act."""
    t = harness.table
    return t is not None and t.session.is_human_turn and t.session.game.phase is phase


def my_bid_turn(harness: Harness) -> bool:
    """Whether the player must bid now."""
    return my_turn_in(harness, Phase.BIDDING)


def my_play_turn(harness: Harness) -> bool:
    """Whether the player must play a card now."""
    return my_turn_in(harness, Phase.PLAYING)


def past_new_game_question(harness: Harness) -> None:
    """Answer Y when New game asked first: a game an earlier run in this home
    left saved would otherwise be replaced without a word."""
    from audiospades.app.confirm import Confirm
    from audiospades.presenter.system import NEW_GAME_TITLE

    top = harness.app.top
    if isinstance(top, Confirm) and top.title == NEW_GAME_TITLE:
        harness.press("y")


def press_route(harness: Harness, keys: tuple[str, ...]) -> None:
    """Press ``keys``, saying Y to New game's question over a saved game."""
    for key in keys:
        harness.press(key)
        past_new_game_question(harness)


def waiting_game(make_harness: Callable[..., Harness], **options: object) -> Harness:
    """A game of WAITING_SETTINGS (seed 7), the player's bid of 3 placed."""
    h = make_harness(seed=7, settings=WAITING_SETTINGS, **options)
    h.press("return", "3", "return")
    return h


def trick_waiting(make_harness: Callable[..., Harness], **options: object) -> Harness:
    """:func:`waiting_game` played on to its first trick waiting to be gathered."""
    h = waiting_game(make_harness, **options)
    for _ in range(4):
        h.settle()
        if h.table.session.awaiting_trick_clear:
            break
        h.press("tab", "return")
    assert h.table.session.awaiting_trick_clear
    return h
