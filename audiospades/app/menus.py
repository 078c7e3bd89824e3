"""The menus that start nothing: the game menu, options, keys and sounds.

Each is a :class:`~audiospades.app.screen.MenuScreen`. The main menu, which opens
the other screens and starts games, is :mod:`.main_menu`; these import no other
screen, so the table can open its game menu without an import circle.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from functools import partial
from typing import Final

from audiospades import i18n, storage
from audiospades.app.confirm import Backdrop, Confirm
from audiospades.app.screen import (
    MenuItem,
    MenuScreen,
    Pop,
    Push,
    Screen,
    Transition,
)
from audiospades.app.services import Services
from audiospades.commands import Command
from audiospades.i18n import _
from audiospades.keymap import Chord, Context, KeyMap
from audiospades.presenter.access import (
    output_value,
    speech_mode_name,
    speech_volume_value,
    voice_name,
)
from audiospades.presenter.menus import item_label
from audiospades.presenter.rule_words import pace_text
from audiospades.presenter.sheet import SCORE_SHEET_ITEM
from audiospades.presenter.system import (
    abandon_question_text,
    cue_name,
    game_abandoned_text,
    game_saved_text,
    key_help_text,
    on_off_text,
    own_help_text,
    percent_text,
)
from audiospades.sound import Cue, learnable_cues
from audiospades.speech import BackendKind
from audiospades.storage.settings import SPEECH_VOLUME_MIN, VOICES
from audiospades.textmark import N_

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

GAME_MENU_TITLE: Final = N_("Game menu.")
BACK_TO_TABLE: Final = N_("Back to the table")
OPTIONS: Final = N_("Options")
KEYS: Final = N_("Keys")
"""Items of the game menu, local or online (and Options of the main menu)."""


class GameMenu(MenuScreen):
    """Escape at the table."""

    def __init__(
        self,
        *,
        finished: bool,
        score_sheet: Callable[[], Screen] | None = None,
        saved: Callable[[], bool] | None = None,
        table: Backdrop | None = None,
    ) -> None:
        """The game menu of a game in progress, or of one ``finished``.

        ``score_sheet`` makes the score sheet (an item after Keys), if given;
        ``saved`` says whether the game is on disk as it stands (then Save and go
        to the main menu says so); ``table``: the table under the menu, whose
        questions (S, P, K...) "Abandon the game?" answers meanwhile.
        """

        def to_main(services: Services) -> Transition:
            return Pop(2)

        def save_and_leave(services: Services) -> Transition:
            # The game is saved after every move; say so only if it is on disk.
            if saved is not None and saved():
                services.say_text(game_saved_text())
            return Pop(2)

        def abandon(services: Services) -> Transition:
            if services.persist:
                storage.clear_current()
            services.say_text(game_abandoned_text())
            return Pop(3)  # the question, this menu and the table

        def ask_abandon(services: Services) -> Transition:
            return Push(
                Confirm(
                    N_("Abandon the game?"), abandon_question_text, abandon, over=table
                )
            )

        items = [
            MenuItem(BACK_TO_TABLE, action=lambda s: Pop()),
            MenuItem(OPTIONS, action=lambda s: Push(OptionsMenu())),
            MenuItem(
                KEYS,
                action=lambda s: Push(HelpScreen((Context.TABLE, Context.BIDDING))),
            ),
            MenuItem(N_("Save and go to the main menu"), action=save_and_leave),
        ]
        if score_sheet is not None:
            sheet = MenuItem(SCORE_SHEET_ITEM, action=lambda s: Push(score_sheet()))
            items.insert(3, sheet)
        if not finished:
            items.append(MenuItem(N_("Abandon the game"), action=ask_abandon))
        else:
            items[-1] = MenuItem(N_("Main menu"), action=to_main)
        super().__init__(GAME_MENU_TITLE, items)


def _cycle(values: tuple[str, ...], current: str, step: int) -> str:
    index = values.index(current) if current in values else 0
    return values[(index + step) % len(values)]


_VERBOSITY: Final = {"full": N_("full"), "brief": N_("brief")}
_PACES: Final = ("slow", "normal", "fast")
_THEME: Final = {"dark": N_("dark"), "light": N_("light")}


class OptionsMenu(MenuScreen):
    """The options the table needs; Left and Right change a value.

    ``online``: opened from the lobby or an online table, without the options
    only a local game uses (the computer players' pace and waiting after each
    trick: the server paces an online game).
    """

    def __init__(self, *, online: bool = False) -> None:
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
            # Not on Enter: the Enter that opened Options, pressed twice, put
            # the game in a language the player may not understand (QA).
            MenuItem(
                N_("Language"),
                value=language_value,
                adjust=adjust_language,
                choose_adjusts=False,
            ),
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
            *(() if online else self._local_items()),
            MenuItem(
                N_("Hints"),
                value=lambda: on_off_text(self._s().hints_enabled),
                adjust=lambda s, d: s.update_settings(
                    hints_enabled=not s.settings.hints_enabled
                ),
            ),
            MenuItem(
                N_("Speak chat from other players"),
                value=lambda: on_off_text(self._s().chat_speech),
                adjust=lambda s, d: s.update_settings(
                    chat_speech=not s.settings.chat_speech
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
            *_output_items(self._live),
        ]
        super().__init__(N_("Options. {left} and {right} change a value."), items)

    def _local_items(self) -> tuple[MenuItem, ...]:
        """The options only a local game uses."""
        return (
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
        )

    def _s(self) -> storage.Settings:
        assert self._services is not None
        return self._services.settings

    def _live(self) -> Services:
        assert self._services is not None
        return self._services

    def on_enter(self, services: Services) -> None:
        self._services = services
        super().on_enter(services)


_OUTPUTS: Final = ("auto", "screen_reader", "builtin")
"""The speech outputs Options offers. "silent" is left out: a blind player who
reached it by a stray arrow could not hear the way back (it stays a setting and
``--speech silent``)."""


def _output_items(live: Callable[[], Services]) -> list[MenuItem]:
    """Options for what the player hears: volumes, speech output, voice, braille.

    Each change takes effect at once (:meth:`Services.update_settings`) and the
    item is spoken again with its new value.
    """

    def settings() -> storage.Settings:
        return live().settings

    def speech_volume() -> str:
        kept = live().output_in_use().kind is BackendKind.SCREEN_READER
        return speech_volume_value(settings().speech_volume, kept_by_reader=kept)

    def say_output(services: Services) -> Transition | None:
        services.say_output(interrupt=True)
        return None

    items = [
        MenuItem(
            N_("Speech volume"),
            value=speech_volume,
            # Never 0 (see SPEECH_VOLUME_MIN); the floor is said with the edge cue.
            adjust=lambda s, d: s.update_settings(
                speech_volume=max(
                    SPEECH_VOLUME_MIN, min(100, s.settings.speech_volume + 10 * d)
                )
            ),
        ),
        MenuItem(
            N_("Cue volume"),
            value=lambda: percent_text(settings().cue_volume),
            adjust=lambda s, d: s.update_settings(
                cue_volume=max(0, min(100, s.settings.cue_volume + 10 * d))
            ),
        ),
        MenuItem(
            N_("Speech output"),
            value=lambda: speech_mode_name(settings().speech_mode),
            adjust=lambda s, d: s.update_settings(
                speech_mode=_cycle(_OUTPUTS, s.settings.speech_mode, d)
            ),
        ),
        MenuItem(
            N_("Speech output in use"),
            value=lambda: output_value(live().output_in_use()),
            action=say_output,
        ),
        MenuItem(
            N_("Voice of the game"),
            value=lambda: voice_name(settings().voice),
            adjust=lambda s, d: s.update_settings(
                voice=_cycle(VOICES, s.settings.voice, d)
            ),
        ),
        MenuItem(
            N_("Braille"),
            value=lambda: on_off_text(settings().braille),
            adjust=lambda s, d: s.update_settings(braille=not s.settings.braille),
        ),
    ]
    return items


class HelpScreen(MenuScreen):
    """The keys of a screen, generated from the key map: one key a line."""

    def __init__(
        self,
        contexts: tuple[Context, ...],
        order: tuple[Context, ...] | None = None,
        meanings: Mapping[Command, str | None] | None = None,
        where: str = "",
        keys: Callable[[KeyMap], Mapping[Chord, str]] | None = None,
    ) -> None:
        """List the keys of ``contexts`` (most specific first), in ``order``.

        A key bound in several contexts is listed once, with the meaning the first
        of ``contexts`` gives it, where ``order`` reaches that context.
        ``meanings``: the screen's own words for some commands (None: not listed;
        see :meth:`Screen.help_meanings`). ``where``: where the player is, said
        first (see :meth:`Screen.where_text`). ``keys``: the screen's own words
        for some keys, whatever their command (see :meth:`Screen.help_key_meanings`).
        """
        self.contexts = (*contexts, Context.GLOBAL)
        self.order = (*(order or contexts), Context.GLOBAL)
        self.meanings = dict(meanings or {})
        self.where = where
        self.keys = keys
        super().__init__(N_("Keys. {back} to go back."), [])

    @classmethod
    def of(cls, screen: Screen) -> HelpScreen:
        """The keys of ``screen``, with its own words for some.

        F1 and the online game menu's Keys give this same list.
        """
        # A key the rules leave no use for (N without nil) is not listed, unless
        # the screen has its own words for it.
        meanings = {
            **dict.fromkeys(screen.unavailable_keys()),
            **screen.help_meanings(),
        }
        return cls(
            tuple(c for c in screen.key_contexts() if c != Context.GLOBAL),
            tuple(c for c in screen.help_contexts() if c != Context.GLOBAL),
            meanings,
            screen.where_text(),
            screen.help_key_meanings,
        )

    def arrival_text(self) -> str:
        """Where the player is (if the screen under says it), then the keys."""
        keys = super().arrival_text()
        return f"{self.where} {keys}" if self.where else keys

    def on_enter(self, services: Services) -> None:
        keys = {} if self.keys is None else self.keys(services.keymap)
        for chord, command in services.keymap.help_bindings(self.contexts, self.order):
            if chord in keys:
                self.items.append(MenuItem(partial(_own_item, chord, keys[chord])))
                continue
            if command in self.meanings:
                words = self.meanings[command]
                if words is not None:
                    self.items.append(MenuItem(partial(_own_item, chord, words)))
                continue
            self.items.append(MenuItem(partial(_help_item, chord, command)))
        super().on_enter(services)

    def on_enter_again(self, services: Services) -> None:
        """The help key pressed in the help: say the title and the item again."""
        MenuScreen.on_enter(self, services)


def _own_item(chord: Chord, words: str) -> str:
    """A help line in the screen's own words (see :meth:`Screen.help_meanings`)."""
    return item_label(own_help_text(chord, words))


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
