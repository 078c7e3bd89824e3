"""The menus: main menu, game menu, options, rules, keys, statistics, sounds.

Each is a :class:`~audiospades.app.screen.MenuScreen`; the other engineer's fuller
screens (rule settings, player selection, statistics, finished-game review) replace
the simple ones here by being pushed from the same items.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Final

from audiospades import i18n, storage
from audiospades.app.players_screen import PlayerSelectionScreen
from audiospades.app.review_screen import ReviewListScreen
from audiospades.app.rules_screen import RuleSettingsScreen
from audiospades.app.screen import (
    MenuItem,
    MenuScreen,
    Pop,
    Push,
    Quit,
    Replace,
    Transition,
)
from audiospades.app.services import PygameClock, Services
from audiospades.app.stats_screen import StatsScreen
from audiospades.commands import Command
from audiospades.controller import GameSession
from audiospades.i18n import _
from audiospades.keymap import Chord, Context
from audiospades.notices import FileKind
from audiospades.presenter import Utterance
from audiospades.presenter.menus import item_label
from audiospades.presenter.rule_words import pace_text
from audiospades.presenter.system import (
    cue_name,
    game_abandoned_text,
    key_help_text,
    new_game_text,
    no_saved_game_text,
    on_off_text,
    percent_text,
    saved_game_unreadable_text,
    storage_text,
)
from audiospades.record import RecordError
from audiospades.rules import Rules, RulesError
from audiospades.seating import Seating
from audiospades.sound import Cue, learnable_cues
from audiospades.storage.paths import current_game_path
from audiospades.textmark import N_

if TYPE_CHECKING:
    from audiospades.app.table import TableScreen

log = logging.getLogger(__name__)

LANGUAGE_NAMES: Final = {
    "en": "English",
    "fr": "Français",
    "es": "Español",
    "de": "Deutsch",
    "pt": "Português",
    "it": "Italiano",
}
"""Each language in its own name (not translated, so a player can find theirs)."""


def rules_from_settings(services: Services) -> Rules:
    """The rules last chosen (pagat's if none or if they are not valid)."""
    raw = dict(services.settings.last_rules)
    players = raw.pop("player_count", None)
    try:
        return Rules.from_dict(raw, players=players if isinstance(players, int) else 4)
    except (RulesError, TypeError, ValueError) as error:
        log.warning("last rules unusable (%s); using pagat's", error)
        return Rules.pagat()


def thinks_in_background(services: Services) -> bool:
    """Whether computer players think on a worker thread.

    In real time they do, so the window stays responsive; never on the manual clock
    of tests and the headless mode, which must be deterministic and instant.
    """
    return isinstance(services.clock, PygameClock)


def start_new_game(services: Services) -> Transition:
    """Deal a new game with the rules in the settings."""
    from audiospades.app.table import TableScreen

    settings = services.settings
    rules = rules_from_settings(services)
    session = GameSession.new(
        rules,
        seed=services.new_seed(),
        seating=Seating.chosen(rules, settings.last_players),
        pace=settings.pace,
        wait_after_trick=settings.wait_after_trick,
        persist=services.persist,
        now_ms=services.clock.now_ms(),
        think_in_background=thinks_in_background(services),
    )
    services.say(
        Utterance(new_game_text(session.names, rules), Cue.SHUFFLE, interrupt=True)
    )
    return Push(TableScreen(session))


def continue_game(services: Services) -> Transition | None:
    """Resume the saved game in progress, exactly where it stopped."""
    from audiospades.app.table import TableScreen

    saved, problem = storage.load_current()
    if problem is not None:
        services.say_text(storage_text(FileKind.SAVED_GAME, problem))
    if saved is None:
        services.say_text(no_saved_game_text())
        return None
    settings = services.settings
    try:
        session = GameSession.resume(
            saved,
            pace=settings.pace,
            wait_after_trick=settings.wait_after_trick,
            persist=services.persist,
            now_ms=services.clock.now_ms(),
            think_in_background=thinks_in_background(services),
        )
    except (RecordError, RulesError) as error:
        # Never deleted: moved aside under a name that says so, and that name said.
        backup = storage.set_aside_current(f"cannot be replayed: {error}")
        services.say_text(saved_game_unreadable_text(backup, current_game_path()))
        return None
    last = saved.meta.get("last_spoken")
    if session.is_over:
        session.save_if_dirty(str(last or ""))
    return Push(TableScreen(session, resumed_line=str(last or "")))


class MainMenu(MenuScreen):
    """The title screen."""

    def __init__(self) -> None:
        super().__init__(
            N_("Audio Spades. Main menu."),
            [
                MenuItem(N_("New game"), action=start_new_game),
                MenuItem(N_("Continue"), action=continue_game),
                MenuItem(N_("Players"), action=lambda s: Push(PlayerSelectionScreen())),
                MenuItem(N_("Rules"), action=lambda s: Push(RuleSettingsScreen())),
                MenuItem(N_("Options"), action=lambda s: Push(OptionsMenu())),
                MenuItem(N_("Statistics"), action=lambda s: Push(StatsScreen())),
                MenuItem(
                    N_("Review finished games"),
                    action=lambda s: Push(ReviewListScreen()),
                ),
                MenuItem(
                    N_("Keys"),
                    action=lambda s: Push(HelpScreen((Context.TABLE, Context.BIDDING))),
                ),
                MenuItem(N_("Learn the sounds"), action=lambda s: Push(SoundsMenu())),
                MenuItem(N_("Quit"), action=lambda s: Quit()),
            ],
            can_go_back=False,
        )


class GameMenu(MenuScreen):
    """Escape at the table."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table

        def to_main(services: Services) -> Transition:
            return Pop(2)

        def abandon(services: Services) -> Transition:
            if services.persist:
                storage.clear_current()
            services.say_text(game_abandoned_text())
            return Pop(2)

        items = [
            MenuItem(N_("Back to the table"), action=lambda s: Pop()),
            MenuItem(N_("Options"), action=lambda s: Push(OptionsMenu())),
            MenuItem(
                N_("Keys"),
                action=lambda s: Push(HelpScreen((Context.TABLE, Context.BIDDING))),
            ),
            MenuItem(N_("Save and go to the main menu"), action=to_main),
        ]
        if not table.finished:
            items.append(MenuItem(N_("Abandon the game"), action=abandon))
        else:
            items[-1] = MenuItem(N_("Main menu"), action=to_main)
        super().__init__(N_("Game menu."), items)


def _cycle(values: tuple[str, ...], current: str, step: int) -> str:
    index = values.index(current) if current in values else 0
    return values[(index + step) % len(values)]


_VERBOSITY: Final = {"full": N_("full"), "brief": N_("brief")}
_PACES: Final = ("slow", "normal", "fast")
_THEME: Final = {"dark": N_("dark"), "light": N_("light")}


class OptionsMenu(MenuScreen):
    """The options the table needs; Left and Right change a value."""

    def __init__(self) -> None:
        def setting(name: str) -> Callable[[], str]:
            return lambda: ""

        def language_value(services: Services | None = None) -> str:
            lang = i18n.current_language()
            return LANGUAGE_NAMES.get(lang.split("_")[0], lang)

        def adjust_language(services: Services, step: int) -> None:
            codes = tuple(LANGUAGE_NAMES)
            current = i18n.current_language().split("_")[0]
            services.update_settings(language=_cycle(codes, current, step))

        self._services: Services | None = None
        items = [
            MenuItem(N_("Language"), value=language_value, adjust=adjust_language),
            MenuItem(
                N_("Speech rate"),
                value=lambda: percent_text(self._s().speech_rate),
                adjust=lambda s, d: s.update_settings(
                    speech_rate=max(50, min(300, s.settings.speech_rate + 10 * d))
                ),
            ),
            MenuItem(
                N_("Verbosity"),
                value=lambda: _(_VERBOSITY.get(self._s().verbosity, "full")),
                adjust=lambda s, d: s.update_settings(
                    verbosity=_cycle(tuple(_VERBOSITY), s.settings.verbosity, d)
                ),
            ),
            MenuItem(
                N_("Pace of the computer players"),
                value=lambda: pace_text(self._s().pace),
                adjust=lambda s, d: s.update_settings(
                    pace=_cycle(_PACES, s.settings.pace, d)
                ),
            ),
            MenuItem(
                N_("Wait for a key after each trick"),
                value=lambda: on_off_text(self._s().wait_after_trick),
                adjust=lambda s, d: s.update_settings(
                    wait_after_trick=not s.settings.wait_after_trick
                ),
            ),
            MenuItem(
                N_("Hints"),
                value=lambda: on_off_text(self._s().hints_enabled),
                adjust=lambda s, d: s.update_settings(
                    hints_enabled=not s.settings.hints_enabled
                ),
            ),
            MenuItem(
                N_("Theme"),
                value=lambda: _(_THEME.get(self._s().theme, "dark")),
                adjust=lambda s, d: s.update_settings(
                    theme=_cycle(tuple(_THEME), s.settings.theme, d)
                ),
            ),
            MenuItem(
                N_("Text size"),
                value=lambda: percent_text(round(self._s().text_scale * 100)),
                adjust=lambda s, d: s.update_settings(
                    text_scale=round(
                        max(0.5, min(4.0, s.settings.text_scale + 0.25 * d)), 2
                    )
                ),
            ),
        ]
        super().__init__(N_("Options. {left} and {right} change a value."), items)

    def _s(self) -> storage.Settings:
        assert self._services is not None
        return self._services.settings

    def on_enter(self, services: Services) -> None:
        self._services = services
        super().on_enter(services)


class HelpScreen(MenuScreen):
    """The keys of a screen, generated from the key map: one key a line."""

    def __init__(self, contexts: tuple[Context, ...]) -> None:
        self.contexts = (*contexts, Context.GLOBAL)
        super().__init__(N_("Keys. {back} to go back."), [])

    def on_enter(self, services: Services) -> None:
        keymap = services.keymap
        seen = set()
        for context in self.contexts:
            for chord, command in keymap.bindings(context):
                if chord in seen:
                    continue
                seen.add(chord)
                self.items.append(MenuItem(partial(_help_item, chord, command)))
        super().on_enter(services)


def _help_item(chord: Chord, command: Command) -> str:
    """A help line as a list item: "Y: yes, 1 of 36" (no full stop before it)."""
    return item_label(key_help_text(chord, command))


class SoundsMenu(MenuScreen):
    """Learn the sounds: each cue by name; Enter plays it."""

    def __init__(self) -> None:
        items = [
            MenuItem(partial(cue_name, cue), action=partial(_play, cue=cue))
            for cue in learnable_cues()
        ]
        super().__init__(N_("Learn the sounds. {choose} plays a sound."), items)


def _play(services: Services, *, cue: Cue) -> Transition | None:
    services.sound.play(cue)
    return None


def replace_with_main(services: Services) -> Transition:
    """Back to a fresh main menu."""
    return Replace(MainMenu())
