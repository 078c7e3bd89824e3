"""Issue 12, item 11: every key press gets an answer, on every screen.

Seeded random keys (letters, digits, Tab, Backspace, every F-key, Escape,
modifier chords) are pressed on each screen reachable without a server: the main
menu, Options, Rules, Players, Statistics, the key help, the sounds, the review
of finished games, the table while bidding, passing and playing (and its blind nil
question), the game menu and its question before abandoning, and the text entries
of "Play online". After each press, the player must have heard something: speech, a cue,
or speech silenced (Ctrl alone).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from app_helpers import press_route

from audiospades.app.harness import Harness, key_event, text_event
from audiospades.rules import Phase
from audiospades.sound import Cue
from audiospades.storage import Settings

KEYS = (
    *"abcdefghijklmnopqrstuvwxyz0123456789",
    *(f"f{n}" for n in range(1, 13)),
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "tab",
    "shift+tab",
    "backspace",
    "delete",
    "page_up",
    "page_down",
    "ctrl",
    "ctrl+z",
    "ctrl+x",
    "ctrl+b",
    "alt+b",
    "alt+x",
    "ctrl+shift+a",
    "shift+f3",
    "alt+f5",
    "ctrl+up",
    "ctrl+down",
    "alt+up",
    "alt+down",
    "'",
    "-",
    "=",
    ",",
    ".",
    "/",
)
"""Keys pressed at random; Enter, Space and Escape are added per screen."""

LEAVING = ("return", "space", "escape")

BLIND_ANY_SCORE = {
    "preset": "pagat",
    "target_score": None,
    "hand_limit": 1,
    "blind_nil_behind": 0,
}


def _press_checked(h: Harness, token: str) -> bool:
    """Press one key after the game settles; whether the player heard anything."""
    import pygame

    h.settle()
    if not h.app.running:
        return True
    before = h.services.output_count
    event = key_event(token)
    pygame.event.post(event)
    typed = text_event(event)
    if typed is not None:
        pygame.event.post(typed)
    h.app.frame()
    return h.services.output_count > before or not h.app.running


def _screen(h: Harness) -> str:
    return type(h.app.stack.top).__name__ if h.app.running else "(ended)"


def _phase(h: Harness) -> str:
    table = h.table
    if table is None or not h.app.running or h.app.stack.top is not table:
        return ""
    return table.session.game.phase.value


ROUTES: dict[str, tuple[tuple[str, ...], str]] = {
    "main menu": ((), "MainMenu"),
    "options": (("o", "return"), "OptionsMenu"),
    "rules": (("r", "return"), "RuleSettingsScreen"),
    "players": (("p", "return"), "PlayerSelectionScreen"),
    "statistics": (("s", "return"), "StatsScreen"),
    "keys": (("k", "return"), "HelpScreen"),
    "sounds": (("l", "return"), "SoundsMenu"),
    "table blind nil question": (("return",), "TableScreen"),
    "table bidding": (("return", "n"), "TableScreen"),
    "table playing": (("return", "n", "3", "return"), "TableScreen"),
    "game menu": (("return", "n", "escape"), "GameMenu"),
    "abandon question": (("return", "n", "escape", "end", "return"), "Confirm"),
    "review finished games": (("r", "r", "return"), "ReviewListScreen"),
    "online address entry": (("end", "up", "return"), "TextEntryScreen"),
    "online name entry": (("end", "up", "return", "return"), "TextEntryScreen"),
}
"""Keys from the main menu to a screen, and the screen's class."""


@pytest.mark.parametrize("route", list(ROUTES))
def test_every_key_press_is_answered(
    route: str, make_harness: Callable[..., Harness]
) -> None:
    rng = random.Random(route)
    settings = Settings(language="en", pace="fast", last_rules=dict(BLIND_ANY_SCORE))
    # Online: no Enter, so the entries are typed in but nothing connects.
    leaving = () if route.startswith("online") else LEAVING
    keys_there, screen_class = ROUTES[route]
    h = make_harness(seed=3, settings=settings)
    press_route(h, keys_there)
    assert _screen(h) == screen_class
    silent: list[tuple[str, str]] = []
    seen: list[str] = []
    for _ in range(90):
        if not h.app.running or _screen(h) != screen_class:
            # Back to the screen under test (help, a question or a quit left it).
            h = make_harness(seed=rng.randrange(20), settings=settings)
            press_route(h, keys_there)
        keys = KEYS + leaving if rng.random() < 0.1 else KEYS
        token = rng.choice(keys)
        where = f"{_screen(h)} {_phase(h)}".strip()
        seen.append(where)
        if not _press_checked(h, token):
            silent.append((where, token))
    assert not silent, f"unanswered key presses: {silent}"
    assert all(w.startswith(screen_class) for w in seen), seen


def test_table_passing_answers_every_key(make_harness: Callable[..., Harness]) -> None:
    settings = Settings(language="en", pace="fast", last_rules=dict(BLIND_ANY_SCORE))
    h = make_harness(seed=11, settings=settings)
    h.press("return", "y")
    h.settle()
    assert h.table.session.game.phase is Phase.PASSING
    rng = random.Random("passing")
    silent = []
    for _ in range(60):
        if h.table is None or h.table.session.game.phase is not Phase.PASSING:
            break
        token = rng.choice(KEYS)
        if not _press_checked(h, token):
            silent.append(token)
    assert not silent


def test_an_unbound_key_says_so_once_then_only_cues(
    make_harness: Callable[..., Harness],
) -> None:
    """Tab in the main menu: a sentence the first time, the cue every time."""
    h = make_harness()
    mark = h.mark()
    cues = len(h.sound.played)
    h.press("tab")
    assert h.said_since(mark) == ["Tab does nothing here. F1 lists the keys."]
    h.press("tab")
    assert h.said_since(mark) == ["Tab does nothing here. F1 lists the keys."]
    assert h.sound.cues[cues:] == [Cue.NOTHING_HERE, Cue.NOTHING_HERE]


def test_an_unbound_letter_at_the_table_says_so_once_then_only_cues(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: at the table Y, Z or X said "Y does nothing here. F1 lists the keys."
    every time, where every other screen says it once, then knocks."""
    rules = {"preset": "pagat", "player_count": 5, "partnerships": False}
    h = make_harness(
        seed=6, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return")
    h.settle()
    assert h.table is not None and h.table.session.is_human_turn
    mark = h.mark()
    cues = len(h.sound.played)
    h.press("y", "y", "z", "z")
    assert h.said_since(mark) == [
        "Y does nothing here. F1 lists the keys.",
        "Z does nothing here. F1 lists the keys.",
    ]
    assert h.sound.cues[cues:] == [Cue.NOTHING_HERE] * 4


def test_a_letter_or_digit_no_menu_item_starts_with_says_so_once(
    make_harness: Callable[..., Harness],
) -> None:
    """'5' or 'z' in the main menu gave only the list's edge cue, never a word;
    it is a key that does nothing there, answered like one."""
    h = make_harness()
    mark = h.mark()
    cues = len(h.sound.played)
    h.press("5", "5", "z")
    assert h.said_since(mark) == [
        "5 does nothing here. F1 lists the keys.",
        "Z does nothing here. F1 lists the keys.",
    ]
    assert h.sound.cues[cues:] == [Cue.NOTHING_HERE] * 3
    h.press("q")  # a letter that names an item still jumps to it
    assert h.last.startswith("Quit, ")


def test_escape_on_the_main_menu_and_f1_in_help_answer(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    h.press("escape")
    assert h.last == "Escape does nothing here. F1 lists the keys."
    h.press("f1")
    mark = h.mark()
    h.press("f1")
    assert h.said_since(mark)[0].startswith("Keys. Escape to go back.")


def test_full_screen_key_says_its_state(make_harness: Callable[..., Harness]) -> None:
    h = make_harness()
    h.press("f11")
    assert h.last == "Full screen on."
    h.press("f11")
    assert h.last == "Full screen off."


def test_a_modifier_alone_is_not_answered(make_harness: Callable[..., Harness]) -> None:
    """Shift on the way to Shift+Tab must not talk over the game."""
    import pygame

    h = make_harness()
    h.settle()
    before = h.services.output_count
    pygame.event.post(
        pygame.event.Event(
            pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT, unicode=""
        )
    )
    h.app.frame()
    assert h.services.output_count == before


def test_with_cues_at_volume_0_an_unbound_key_is_always_answered_in_words(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(settings=Settings(language="en", pace="fast", cue_volume=0))
    for _ in range(3):
        mark = h.mark()
        h.press("x")
        said = [line for line in h.said_since(mark) if line]
        assert said and "does nothing here" in said[-1], said


def test_enter_on_a_line_of_the_keys_list_reads_it_again(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    h.press("k", "return")  # Keys
    h.press("down")
    line = h.last
    mark = h.mark()
    h.press("return")
    assert h.said_since(mark) == [line]


@pytest.mark.parametrize("key", ["insert", "capslock"])
def test_a_screen_readers_key_is_no_answer_to_a_question(
    make_harness: Callable[..., Harness], key: str
) -> None:
    """The screen readers' own keys (Insert, Caps Lock) are left to the screen
    reader: a screen that answers any key took them (QA: the question before
    abandoning a game was asked again)."""
    h = make_harness(seed=7)
    h.press("return")  # a new game
    h.settle()
    h.press("escape", "end", "return")
    assert h.last.startswith("Abandon the game? ")
    before = h.services.output_count
    h.press(key)
    assert h.services.output_count == before
    h.press("n")
    assert h.table is not None
