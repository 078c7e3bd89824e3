"""The rule settings screen: the preset, the table, then every option of ``Rules``.

Keys: Up and Down move (first letters jump), Left and Right change the focused
option's value, Enter or Space explains it, Escape goes back. Moving speaks only the
option and its value; in full verbosity the one-line explanation follows once the
focus has rested on the option for a moment (:mod:`audiospades.app.explain_pause`);
in brief verbosity only Enter speaks it.

The items are generated from the fields of :class:`~audiospades.rules.Rules` (whose
order already puts the preset first, then the player count and partnerships), so a
new option appears here as soon as ``presenter/rule_words.py`` has its words. A change
that would make an impossible combination is refused: the engine's
:class:`~audiospades.rules.RulesError` names the options, and the presenter speaks
them. Each accepted change is saved at once in ``settings.last_rules``
(``Rules.to_dict()`` plus ``player_count`` and ``partnerships``), which "New game"
reads.
"""

from __future__ import annotations

import dataclasses
import logging
from enum import StrEnum
from functools import partial
from typing import Any, Final

from audiospades.app.explain_pause import PausedExplanation
from audiospades.app.games import rules_from_settings
from audiospades.app.players_screen import PlayerSelectionScreen, fit_players
from audiospades.app.screen import (
    KeyPress,
    MenuItem,
    MenuScreen,
    Pop,
    Push,
    Replace,
    Transition,
)
from audiospades.app.services import Services
from audiospades.app.table import start_new_game
from audiospades.commands import Command
from audiospades.presenter import Utterance
from audiospades.presenter.rule_words import (
    PARTNERSHIP_ONLY,
    QUICKSAND_UNUSED,
    RULES_TITLE,
    bags_under_quicksand,
    choose_players_label,
    helps_no_partner,
    no_bags_under_quicksand_text,
    no_effect_under_quicksand_text,
    no_partner_to_help_text,
    rule_explanation,
    rule_explanation_now,
    rule_label,
    rule_set_text,
    rule_value_text,
    rules_refused_text,
    start_game_label,
    unused_alone_text,
)
from audiospades.rules import Rules, RulesError, ScoringStyle
from audiospades.sound import Cue

log = logging.getLogger(__name__)

PLAYER_COUNTS: Final = (3, 4, 5, 6)

STEPS: Final[dict[str, tuple[int | None, ...]]] = {
    "target_score": (100, 200, 300, 500, 1000, 1500, 2000, None),
    "hand_limit": (None, 1, 4, 8, 16),  # 1: a practice game, as the page offers
    "mercy_score": (None, -200, -300, -500),
    "bag_penalty": (0, 100),
    "bags_per_penalty": (5, 7, 10),
    "overtrick_points": (-1, 0, 1),
    "nil_value": (50, 100, 200),
    "blind_nil_value": (100, 200, 400),
    "blind_nil_behind": (0, 100, 200, 300),
    "blind_nil_pass": (0, 1, 2),
    "minimum_side_bid": (0, 2, 3, 4, 5, 6),
    "exact_bid_bonus": (0, 10, 20),
    "exact_bid_bonus_max": (1, 2, 3),
    "big_bid_bonus": (0, 10),
    "big_bid_from": (5, 6, 7, 8, 9, 10),
}
"""The values Left and Right step through for each numeric option (seed 001's
"Play To", "10 Bag Penalty", "Overtrick Points", "Blind Nil Available",
"Card Passing" and "Nil/Blind Nil Bonus", and the README's table for the rest)."""

_TABLE_FIELDS: Final = ("preset", "player_count", "partnerships")


def step_value(values: tuple[object, ...], current: object, step: int) -> object:
    """The value ``step`` places from ``current`` in ``values``, wrapping round.

    A current value outside the list moves to its first (Right) or last (Left) entry.

    >>> step_value((1, 2, 3), 3, 1), step_value((1, 2, 3), 9, -1)
    (1, 3)
    """
    if current in values:
        return values[(values.index(current) + step) % len(values)]
    return values[0] if step > 0 else values[-1]


def wraps_round(values: tuple[object, ...], current: object, step: int) -> bool:
    """Whether stepping from ``current`` goes past an end and round to the other.

    >>> wraps_round((1, 2, 3), 3, 1), wraps_round((1, 2, 3), 2, 1)
    (True, False)
    """
    if current not in values:
        return False
    return not 0 <= values.index(current) + step < len(values)


def option_values(rules: Rules, name: str) -> tuple[object, ...] | None:
    """The values Left and Right go round for option ``name``, if it has a list."""
    current = getattr(rules, name)
    if name == "preset":
        return tuple(Rules.preset_names())
    if name == "player_count":
        return tuple(PLAYER_COUNTS)
    if isinstance(current, StrEnum):
        return tuple(type(current))
    return STEPS.get(name)


def next_value(rules: Rules, name: str, step: int) -> object:
    """The next value of option ``name`` (enums cycle, booleans toggle)."""
    current = getattr(rules, name)
    if isinstance(current, StrEnum):
        return step_value(tuple(type(current)), current, step)
    if isinstance(current, bool):
        return not current
    if name in STEPS:
        return step_value(STEPS[name], current, step)
    if isinstance(current, int):
        return max(0, current + step)
    return current


def save_rules(services: Services, rules: Rules) -> None:
    """Keep ``rules`` as the rules of the next new game."""
    data = rules.to_dict()
    data["player_count"] = rules.player_count
    data["partnerships"] = rules.partnerships
    changes: dict[str, object] = {"last_rules": data}
    players = fit_players(services.settings.last_players, rules.player_count - 1)
    if players != services.settings.last_players:
        changes["last_players"] = players
    services.update_settings(**changes)


def with_table(rules: Rules, players: int, partnerships: bool) -> Rules:
    """``rules`` at another table: the same preset and changed options.

    Raises:
        RulesError: if the changed options cannot be played at that table.
    """
    return Rules.from_dict(rules.to_dict(), players=players, partnerships=partnerships)


class RuleSettingsScreen(MenuScreen):
    """Every rule option, changed with Left and Right (see the module docstring)."""

    def __init__(self, *, local_game: bool = True) -> None:
        """Every option; ``local_game`` adds "Choose players" and "Start game".

        Online, the table's host seats the players and starts the game.
        """
        self._services: Services | None = None
        self._refusal: str | None = None
        self._leaving = False
        self._pause = PausedExplanation()
        items = [
            MenuItem(
                partial(rule_label, f.name),
                action=partial(self._explain, name=f.name),
                value=partial(self._value, f.name),
                adjust=partial(self._adjust, name=f.name),
                data=f.name,
            )
            for f in dataclasses.fields(Rules)
        ]
        if local_game:
            items.append(MenuItem(choose_players_label, action=self._players))
            items.append(MenuItem(start_game_label, action=self._start))
        super().__init__(RULES_TITLE, items)

    # --- reading and changing the rules ---
    def rules(self) -> Rules:
        """The rules as saved in the settings."""
        assert self._services is not None
        return rules_from_settings(self._services)

    def _value(self, name: str) -> str:
        rules = self.rules()
        if name in PARTNERSHIP_ONLY and not rules.partnerships:
            return unused_alone_text()
        if name == "preset":
            return rule_set_text(rules)
        value = rule_value_text(name, getattr(rules, name))
        if name in QUICKSAND_UNUSED and rules.scoring_style is ScoringStyle.QUICKSAND:
            return no_effect_under_quicksand_text(value)
        if name == "nil_tricks" and helps_no_partner(rules):
            # QA: offered alone as if it counted; it acts as "not counted".
            return no_partner_to_help_text(value)
        if name == "nil_tricks" and bags_under_quicksand(rules):
            # Offered as if it counted; quicksand has no bags, so "not counted".
            return no_bags_under_quicksand_text(value)
        return value

    def _adjust(self, services: Services, step: int, *, name: str) -> None:
        current = self.rules()
        value = next_value(current, name, step)
        try:
            match name:
                case "preset":
                    value = step_value(Rules.preset_names(), current.preset, step)
                    new = Rules.from_preset(
                        str(value),
                        players=current.player_count,
                        partnerships=current.partnerships,
                    )
                case "player_count":
                    value = step_value(PLAYER_COUNTS, current.player_count, step)
                    assert isinstance(value, int)
                    teams = value in (4, 6) and (
                        current.partnerships or current.player_count not in (4, 6)
                    )
                    new = with_table(current, value, teams)
                case "partnerships":
                    new = with_table(current, current.player_count, bool(value))
                case _:
                    changes: dict[str, Any] = {name: value}
                    new = dataclasses.replace(current, **changes)
        except RulesError as error:
            log.info("rule change refused: %s", error)
            self._refusal = rules_refused_text(name, value, error.options, current)
            return
        save_rules(services, new)

    def _explain(self, services: Services, *, name: str) -> Transition | None:
        self._pause.cancel()
        services.say(
            Utterance(rule_explanation_now(name, self.rules()), interrupt=True)
        )
        return None

    def _players(self, services: Services) -> Transition:
        return Push(PlayerSelectionScreen(on_start=self._leave_after_game))

    def _leave_after_game(self) -> None:
        # A game dealt from the player selection took its place over this screen;
        # when the game closes, this screen closes too, back to the main menu.
        self._leaving = True

    def _start(self, services: Services) -> Transition:
        # The table takes this screen's place, so leaving the game returns to the
        # screen below (the main menu) rather than to the settings.
        return start_new_game(services, Replace)

    # --- screen ---
    def on_enter(self, services: Services) -> None:
        self._services = services
        super().on_enter(services)
        self._pause.rest_on(services, self.index)

    def on_resume(self, services: Services) -> None:
        if not self._leaving:
            super().on_resume(services)

    def update(self, services: Services, now_ms: int) -> Transition | None:
        if self._leaving:
            self._leaving = False
            return Pop()
        if self._pause.is_due(now_ms, self.index):
            self._say_explanation(services)
        return None

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        self._services = services
        self._pause.cancel()
        if command in (Command.MENU_LEFT, Command.MENU_RIGHT) and self.items:
            item = self.items[self.index]
            if item.adjust is not None:
                self._refusal = None
                step = -1 if command is Command.MENU_LEFT else 1
                name, rules = item.data, self.rules()
                values = option_values(rules, name) if isinstance(name, str) else None
                # Going round from the last value to the first (or back) is said
                # with the edge cue: Left from "always" to 300 is no surprise.
                wrapped = values is not None and wraps_round(
                    values, getattr(rules, str(name)), step
                )
                item.adjust(services, step)
                if self._refusal is not None:
                    services.say(Utterance(self._refusal, Cue.ILLEGAL_MOVE, True))
                else:
                    cue = Cue.EDGE if wrapped else Cue.MENU_MOVE
                    services.say(Utterance(self.item_text(), cue, True))
                return None
        before = self.index
        result = super().handle(command, key, services)
        if self.index != before:
            self._pause.rest_on(services, self.index)
        return result

    def _say_explanation(self, services: Services) -> None:
        if not self.items:
            return
        name = self.items[self.index].data
        if isinstance(name, str):
            text = rule_explanation(name)
            if text:
                services.say(Utterance(text, interrupt=False))
