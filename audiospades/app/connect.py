"""Play online: ask the server's address and the player's name, then connect.

"Play online" in the main menu opens a line entry for the server address, then one
for the player's name (both prefilled from the settings and remembered there), then
:class:`ConnectingScreen`, which says "Connecting to ..." and gives way to the lobby
(:mod:`audiospades.app.lobby`) or, if the server cannot be reached, says why and goes
back to the main menu. ``--connect URL --name NAME`` starts straight at
:class:`ConnectingScreen`.
"""

from __future__ import annotations

from audiospades.app.lobby import LobbyScreen
from audiospades.app.online import (
    OnlineSession,
    check_address,
    check_name,
    normalize_address,
    open_session,
    say_identity_trouble,
)
from audiospades.app.screen import KeyPress, Pop, Push, Replace, Screen, Transition
from audiospades.app.services import Services
from audiospades.app.text_entry import TextEntryScreen
from audiospades.commands import Command
from audiospades.keymap import Context
from audiospades.net.client import LinkState
from audiospades.net.remote import NewsKind
from audiospades.presenter import Utterance
from audiospades.presenter.online import (
    PLAY_ONLINE,
    SERVER_ADDRESS,
    YOUR_NAME,
    connecting_text,
    left_server_text,
    link_text,
)
from audiospades.sound import Cue
from audiospades.storage.settings import MAX_ADDRESS_LENGTH, MAX_PLAYER_NAME_LENGTH


def ask_address(services: Services) -> Transition:
    """The main menu's "Play online": the server address first."""

    def accepted(services: Services, text: str) -> Transition:
        address = normalize_address(text)
        if address != services.settings.server_address:
            services.update_settings(server_address=address)
        return Replace(_name_entry(services, address))

    return Push(
        TextEntryScreen(
            SERVER_ADDRESS,
            accepted,
            text=services.settings.server_address,
            max_length=MAX_ADDRESS_LENGTH,
            check=check_address,
        )
    )


def _name_entry(services: Services, address: str) -> TextEntryScreen:
    def accepted(services: Services, name: str) -> Transition:
        if name != services.settings.player_name:
            services.update_settings(player_name=name)
        return Replace(ConnectingScreen(address, name))

    return TextEntryScreen(
        YOUR_NAME,
        accepted,
        text=services.settings.player_name,
        max_length=MAX_PLAYER_NAME_LENGTH,
        check=check_name,
    )


class ConnectingScreen(Screen):
    """Connecting: the lobby when the server answers, else why not."""

    title = PLAY_ONLINE

    def __init__(self, address: str, name: str) -> None:
        self.address = address
        self.name = name
        self.failed = False
        """The server could not be reached (the headless run then exits with 1)."""
        self.online: OnlineSession | None = None

    def key_contexts(self) -> tuple[Context, ...]:
        return (Context.MENU,)

    def on_enter(self, services: Services) -> None:
        services.say(Utterance(connecting_text(self.address), interrupt=True))
        self.online = open_session(services, self.address, self.name)

    def is_busy(self) -> bool:
        return True

    def waits_on_server(self) -> bool:
        return True

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        if command is Command.BACK and self.online is not None:
            self.online.close()
            services.sound.play(Cue.MENU_BACK)
            services.say_text(left_server_text())
            return Pop()
        return None

    def update(self, services: Services, now_ms: int) -> Transition | None:
        session = self.online
        if session is None:
            return None
        session.pump()
        news = session.client.drain_news()
        for index, item in enumerate(news):
            if item.kind is not NewsKind.LINK or item.link is None:
                continue
            if item.link is LinkState.CONNECTED:
                # What came with the welcome (the lobby, a table to go back to)
                # is for the lobby.
                session.client.news[:0] = news[index + 1 :]
                services.say(Utterance(link_text(item.link, self.address)))
                say_identity_trouble(services, session)  # the token came with it
                return Replace(LobbyScreen(session))
            if item.link in (LinkState.FAILED, LinkState.CLOSED, LinkState.REPLACED):
                self.failed = True
                session.close()
                services.say(
                    Utterance(
                        link_text(item.link, self.address, item.detail),
                        Cue.ILLEGAL_MOVE,
                        interrupt=True,
                    )
                )
                return Pop()
        return None

    def lines(self) -> list[str]:
        return [connecting_text(self.address)]
