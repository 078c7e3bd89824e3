"""Sitting down to a game: a new one dealt from the settings, or the saved one.

The game factory: it builds the :class:`~audiospades.controller.GameSession` and
says what starting it needs said, and imports no screen, so that every screen may
start a game without the app's modules importing each other in a circle (a test
checks that they do not). :func:`audiospades.app.table.new_game_table` and
:func:`~audiospades.app.table.saved_game_table` seat the player at it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from audiospades import storage
from audiospades.app.services import PygameClock, Services
from audiospades.controller import GameSession
from audiospades.i18n import current_language
from audiospades.notices import FileKind
from audiospades.presenter import Utterance
from audiospades.presenter.system import (
    new_game_text,
    no_saved_game_text,
    saved_game_unreadable_text,
    storage_text,
)
from audiospades.record import RecordError
from audiospades.rules import Rules, RulesError
from audiospades.seating import Seating
from audiospades.sound import Cue
from audiospades.storage.paths import current_game_path

log = logging.getLogger(__name__)


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


def new_game_session(services: Services) -> GameSession:
    """Deal a new game with the rules and players in the settings, and say so."""
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
    # Dealt now, not at the table's first update: a key pressed with the one
    # that started the game was answered by a table not yet dealt ("You hold
    # no cards.", "It is not your turn to bid.") before the deal was told.
    session.advance(services.clock.now_ms())
    return session


@dataclass(frozen=True, slots=True)
class SavedSession:
    """The saved game in progress, rebuilt, and the last line heard in it."""

    session: GameSession
    last_spoken: str


def saved_game_session(services: Services) -> SavedSession | None:
    """Resume the saved game in progress, exactly where it stopped.

    Returns:
        The game, or None (said why) when there is none or it cannot be replayed.
    """
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
    last = str(saved.meta.get("last_spoken") or "")
    spoken_in = saved.meta.get("last_spoken_language")
    if isinstance(spoken_in, str) and spoken_in != current_language():
        # Said in another language than the player's now: not repeated; where
        # the game stands and whose turn it is are said afresh in this one.
        last = ""
    if session.is_over:
        session.save_if_dirty(last)
    return SavedSession(session, last)
