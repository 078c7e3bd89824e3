"""Player selection: a character for each computer seat, and the match difficulty.

Seed 001 ("Player Selection"): 18 characters of 1 to 5 stars; the match difficulty,
2 to 14 stars, rises with strong opponents and a weak partner. One item per computer
seat ("Left opponent, West", "Partner, North", "Right opponent, East"; with 5 or 6
players the seats between are "Opponent, Northwest" and so on). Left and Right cycle
the seat through the roster, skipping characters already at the table; the
character's name and stars are the item's value, its personality follows, and the
match difficulty is spoken whenever it changes. Choices are saved at once in
``settings.last_players`` (character ids by seat, seat 1 first), which "New game"
seats. Enter on a seat repeats the character's personality.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from audiospades.app.explain_pause import PausedExplanation
from audiospades.app.games import rules_from_settings
from audiospades.app.screen import (
    KeyPress,
    MenuItem,
    MenuScreen,
    Replace,
    Transition,
)
from audiospades.app.services import Services
from audiospades.app.table import start_new_game
from audiospades.bots.characters import ROSTER, Character, find_character
from audiospades.commands import Command
from audiospades.i18n import _
from audiospades.presenter import Utterance
from audiospades.presenter.menus import (
    PLAYERS_TITLE,
    character_personality,
    character_value,
    match_difficulty_label,
    match_difficulty_text,
    match_difficulty_value,
    players_now_kept_text,
    seat_label,
)
from audiospades.presenter.rule_words import start_game_label
from audiospades.rules import Rules
from audiospades.rules.seats import partner_of
from audiospades.seating import DEFAULT_NAMES, match_difficulty, seat_role
from audiospades.sound import Cue

_PREFERENCE = sorted(range(len(ROSTER)), key=lambda i: (abs(ROSTER[i].stars - 3), i))
"""Roster indexes for filling empty seats: middling characters first."""


def fit_players(ids: Sequence[str], count: int) -> list[str]:
    """``count`` distinct character ids: the known ones of ``ids``, then defaults.

    >>> fit_players(["milly", "nobody", "milly"], 3)[:1], len(fit_players([], 5))
    (['milly'], 5)
    """
    out: list[str] = []
    for cid in ids:
        if len(out) < count and find_character(cid) is not None and cid not in out:
            out.append(cid)
    for index in _PREFERENCE:
        if len(out) >= count:
            break
        if ROSTER[index].id not in out:
            out.append(ROSTER[index].id)
    return out


def table_difficulty(rules: Rules, ids: Sequence[str]) -> int:
    """The match difficulty of these characters at seats 1 onwards."""
    partner = partner_of(0, rules.player_count, rules.partnerships)
    partner_id = ids[partner - 1] if partner is not None else None
    opponents = [cid for seat, cid in enumerate(ids, start=1) if seat != partner]
    return match_difficulty(partner_id, opponents)


class PlayerSelectionScreen(MenuScreen):
    """A character for each computer seat (see the module docstring)."""

    def __init__(self, on_start: Callable[[], None] | None = None) -> None:
        """``on_start`` is called when this screen deals a new game."""
        self._on_start = on_start
        self._services: Services | None = None
        self._rules = Rules.pagat()
        self._pause = PausedExplanation()
        super().__init__(PLAYERS_TITLE, [])

    # --- state ---
    def _ids(self) -> list[str]:
        assert self._services is not None
        return fit_players(
            self._services.settings.last_players, self._rules.player_count - 1
        )

    def _character(self, seat: int) -> Character:
        found = find_character(self._ids()[seat - 1])
        assert found is not None
        return found

    def difficulty(self) -> int:
        """The match difficulty of the chosen table."""
        return table_difficulty(self._rules, self._ids())

    def _adjust(self, services: Services, step: int, *, seat: int) -> None:
        ids = self._ids()
        taken = {cid for s, cid in enumerate(ids, start=1) if s != seat}
        index = next(i for i, c in enumerate(ROSTER) if c.id == ids[seat - 1])
        for _offset in range(len(ROSTER)):
            index = (index + step) % len(ROSTER)
            if ROSTER[index].id not in taken:
                break
        ids[seat - 1] = ROSTER[index].id
        services.update_settings(last_players=ids)

    def _describe(self, services: Services, *, seat: int) -> Transition | None:
        self._pause.cancel()
        services.say(
            Utterance(character_personality(self._character(seat)), interrupt=True)
        )
        return None

    def _start(self, services: Services) -> Transition:
        return start_new_game(services, Replace, self._on_start)

    # --- screen ---
    def on_enter(self, services: Services) -> None:
        self._services = services
        self._rules = rules_from_settings(services)
        n = self._rules.player_count
        ids = self._ids()
        # New game seats the players this screen shows from the moment it opens;
        # until the first opening it drew them at random, so the change is said.
        first = not services.settings.last_players
        if ids != services.settings.last_players:
            services.update_settings(last_players=ids)
        compass = DEFAULT_NAMES[n]
        self.items = [
            MenuItem(
                partial(seat_label, seat_role(seat, self._rules), _(compass[seat])),
                action=partial(self._describe, seat=seat),
                value=partial(lambda s: character_value(self._character(s)), seat),
                adjust=partial(self._adjust, seat=seat),
                data=seat,
            )
            for seat in range(1, n)
        ]
        self.items.append(
            MenuItem(
                match_difficulty_label,
                value=lambda: match_difficulty_value(self.difficulty()),
            )
        )
        self.items.append(MenuItem(start_game_label, action=self._start))
        kept = players_now_kept_text() if first else ""
        self.intro = lambda: " ".join(
            part for part in (match_difficulty_text(self.difficulty()), kept) if part
        )
        super().on_enter(services)
        self._pause.rest_on(services, self.index)

    def update(self, services: Services, now_ms: int) -> Transition | None:
        if self._pause.is_due(now_ms, self.index):
            self._say_personality(services, always=True)
        return None

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        before_index, before_stars = self.index, self.difficulty()
        self._pause.cancel()
        if command in (Command.MENU_LEFT, Command.MENU_RIGHT) and self.items:
            item = self.items[self.index]
            if item.adjust is not None:
                item.adjust(services, -1 if command is Command.MENU_LEFT else 1)
                services.say(Utterance(self.item_text(), Cue.MENU_MOVE, True))
                self._say_personality(services, always=True)
                stars = self.difficulty()
                if stars != before_stars:
                    services.say(
                        Utterance(match_difficulty_text(stars), interrupt=False)
                    )
                return None
        result = super().handle(command, key, services)
        if self.index != before_index:
            self._pause.rest_on(services, self.index)
        return result

    def _say_personality(self, services: Services, *, always: bool = False) -> None:
        if not self.items or (not always and services.settings.verbosity != "full"):
            return
        seat = self.items[self.index].data
        if isinstance(seat, int):
            services.say(
                Utterance(character_personality(self._character(seat)), interrupt=False)
            )
