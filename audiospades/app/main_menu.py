"""The main menu: new game, continue, and the way to every other screen."""

from __future__ import annotations

from audiospades.app.connect import ask_address
from audiospades.app.menus import OPTIONS, HelpScreen, OptionsMenu, SoundsMenu
from audiospades.app.players_screen import PlayerSelectionScreen
from audiospades.app.review_screen import ReviewListScreen
from audiospades.app.rules_screen import RuleSettingsScreen
from audiospades.app.screen import (
    MenuItem,
    MenuScreen,
    Push,
    Quit,
    Transition,
)
from audiospades.app.services import Services
from audiospades.app.stats_screen import StatsScreen
from audiospades.app.table import saved_game_table, start_new_game
from audiospades.app.tutorial import TutorialMenu
from audiospades.keymap import Context
from audiospades.presenter.online import PLAY_ONLINE
from audiospades.presenter.tutorial import LEARN_TO_PLAY
from audiospades.textmark import N_


def new_game(services: Services) -> Transition:
    """Deal a new game with the rules in the settings (asked first over a save)."""
    return start_new_game(services, Push)


def continue_game(services: Services) -> Transition | None:
    """Resume the saved game in progress, exactly where it stopped."""
    table = saved_game_table(services)
    return None if table is None else Push(table)


class MainMenu(MenuScreen):
    """The title screen."""

    def __init__(self) -> None:
        super().__init__(
            N_("Audio Spades. Main menu."),
            [
                MenuItem(N_("New game"), action=new_game),
                MenuItem(N_("Continue"), action=continue_game),
                MenuItem(N_("Players"), action=lambda s: Push(PlayerSelectionScreen())),
                MenuItem(N_("Rules"), action=lambda s: Push(RuleSettingsScreen())),
                MenuItem(OPTIONS, action=lambda s: Push(OptionsMenu())),
                MenuItem(N_("Statistics"), action=lambda s: Push(StatsScreen())),
                MenuItem(
                    N_("Review finished games"),
                    action=lambda s: Push(ReviewListScreen()),
                ),
                MenuItem(
                    N_("Keys"),
                    action=lambda s: Push(
                        HelpScreen((Context.TABLE, Context.BIDDING, Context.ONLINE))
                    ),
                ),
                MenuItem(N_("Learn the sounds"), action=lambda s: Push(SoundsMenu())),
                MenuItem(LEARN_TO_PLAY, action=lambda s: Push(TutorialMenu())),
                MenuItem(PLAY_ONLINE, action=ask_address),
                MenuItem(N_("Quit"), action=lambda s: Quit()),
            ],
            can_go_back=False,
        )
