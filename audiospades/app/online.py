"""Play online: ask the server's address and the player's name, then connect.

"Play online" in the main menu opens a line entry for the server address, then one
for the player's name (both prefilled from the settings and remembered there), then
:class:`ConnectingScreen`, which says "Connecting to ..." and gives way to the lobby
(:mod:`audiospades.app.lobby`) or, if the server cannot be reached, says why and goes
back to the main menu. The headless ``--connect URL --name NAME`` starts straight at
:class:`ConnectingScreen`.

:class:`OnlineSession` is the connection the online screens share: the
:class:`~audiospades.net.remote.OnlineClient`, the address and the name.
:func:`say_news` speaks what the server told (chat with its cue, seats, refusals,
the link), muting chat speech when the settings ask, but keeping it in the
message history.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlsplit

from audiospades import i18n
from audiospades.app.screen import KeyPress, Pop, Push, Replace, Screen, Transition
from audiospades.app.services import Services
from audiospades.app.text_entry import TextEntryScreen
from audiospades.commands import Command
from audiospades.keymap import Context
from audiospades.net.client import Connection, LinkState
from audiospades.net.protocol import MAX_CHAT_LENGTH, Chat
from audiospades.net.remote import NewsKind, OnlineClient, OnlineNews
from audiospades.presenter import Utterance
from audiospades.presenter.online import (
    CHAT_LOBBY,
    CHAT_TABLE,
    PLAY_ONLINE,
    SERVER_ADDRESS,
    YOUR_NAME,
    bad_address_text,
    bad_name_text,
    connecting_text,
    left_server_text,
    link_text,
    news_utterance,
    nothing_sent_text,
)
from audiospades.sound import Cue
from audiospades.storage import identity
from audiospades.storage.settings import (
    DEFAULT_SERVER,
    MAX_ADDRESS_LENGTH,
    MAX_PLAYER_NAME_LENGTH,
    is_player_name,
    is_server_address,
)

log = logging.getLogger(__name__)

DEFAULT_PORT: Final = 8475
"""The port ``audiospades serve`` listens on unless told otherwise."""


def normalize_address(text: str) -> str:
    """A typed address made whole: ``ws://`` and the game's port when left out.

    Only an address typed without its scheme gets the default port: a full
    ``wss://`` address may well sit behind a web server on the standard port.

    >>> normalize_address("192.168.1.20")
    'ws://192.168.1.20:8475'
    >>> normalize_address("cards.example.org:9000")
    'ws://cards.example.org:9000'
    >>> normalize_address("wss://cards.example.org")
    'wss://cards.example.org'
    """
    text = text.strip()
    if "://" in text:
        return text
    address = "ws://" + text
    try:
        has_port = urlsplit(address).port is not None
    except ValueError:
        return address  # refused by check_address
    return address if has_port else f"{address}:{DEFAULT_PORT}"


def check_address(text: str) -> str | None:
    """Why a typed server address cannot be used, or None."""
    address = normalize_address(text)
    ok = is_server_address(address)
    if ok:
        try:
            split = urlsplit(address)
            ok = bool(split.hostname) and (split.port is None or split.port > 0)
        except ValueError:
            ok = False
    return None if ok else bad_address_text(DEFAULT_SERVER)


def check_name(text: str) -> str | None:
    """Why a typed player name cannot be used, or None."""
    if text and is_player_name(text):
        return None
    return bad_name_text(MAX_PLAYER_NAME_LENGTH)


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


@dataclass
class OnlineSession:
    """The connection the online screens share."""

    client: OnlineClient
    address: str
    name: str

    def pump(self) -> None:
        """Take in what the server sent."""
        self.client.pump()

    def close(self) -> None:
        """Leave the server (the connection's thread ends)."""
        self.client.close()


def identity_key(address: str, name: str) -> str:
    """Under what the token is kept: the server and the name.

    Two people sharing a computer (or two headless clients in one folder) are two
    players at the server, each with a token of their own.

    >>> identity_key("ws://127.0.0.1:8475", "Ann")
    'ws://127.0.0.1:8475 Ann'
    """
    return f"{address} {name}"


def open_session(services: Services, address: str, name: str) -> OnlineSession:
    """Start connecting (in the background) with this server's token, if any."""
    token: str | None = None
    on_token = None
    key = identity_key(address, name)
    if services.persist:
        token = identity.token_for(key)

        def on_token(new: str) -> None:
            problem = identity.save_token(key, new)
            if problem is not None:
                log.warning("the online identity could not be kept: %s", problem)

    connection = Connection(
        address,
        name,
        language=i18n.current_language(),
        token=token,
        on_token=on_token,
    )
    connection.start()
    return OnlineSession(OnlineClient(connection), address, name)


def say_news(
    services: Services,
    session: OnlineSession,
    news: Sequence[OnlineNews],
    own_seat: int | None = None,
) -> None:
    """Speak online news; muted chat keeps its cue and its place in the history."""
    for item in news:
        utterance = news_utterance(item, session.address, own_seat)
        if utterance is None:
            continue
        if item.kind is NewsKind.CHAT and not services.settings.chat_speech:
            services.sound.play(Cue.CHAT)
            services.keep(utterance.text)
            continue
        services.say(utterance)


def chat_entry(session: OnlineSession, *, at_table: bool) -> Push:
    """The one-line chat entry (the chat key, at a table or in the lobby)."""

    def accepted(services: Services, text: str) -> Transition:
        if text:
            session.client.send(Chat(text=text))
        else:
            services.say_text(nothing_sent_text())
        return Pop()

    return Push(
        TextEntryScreen(
            CHAT_TABLE if at_table else CHAT_LOBBY,
            accepted,
            max_length=MAX_CHAT_LENGTH,
        )
    )


class ConnectingScreen(Screen):
    """Connecting: the lobby when the server answers, else why not."""

    title = PLAY_ONLINE

    def __init__(self, address: str, name: str) -> None:
        self.address = address
        self.name = name
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
                from audiospades.app.lobby import LobbyScreen

                # What came with the welcome (the lobby, a table to go back to)
                # is for the lobby.
                session.client.news[:0] = news[index + 1 :]
                services.say(Utterance(link_text(item.link, self.address)))
                return Replace(LobbyScreen(session))
            if item.link in (LinkState.FAILED, LinkState.CLOSED):
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
