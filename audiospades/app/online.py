"""What the online screens share: the session, checking addresses, news, chat.

:class:`OnlineSession` is the connection the online screens share: the
:class:`~audiospades.net.remote.OnlineClient`, the address and the name.
:func:`say_news` speaks what the server told (chat with its cue, seats, refusals,
the link), muting other players' chat when the settings ask, but keeping it in the
message history; one's own line is always said (it confirms the sending).
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Final
from urllib.parse import urlsplit

from audiospades import i18n, storage
from audiospades.app.screen import Pop, Push, Transition
from audiospades.app.services import Services
from audiospades.app.text_entry import Backdrop, TextEntryScreen
from audiospades.net.client import Connection
from audiospades.net.protocol import MAX_CHAT_LENGTH, Chat
from audiospades.net.remote import NewsKind, OnlineClient, OnlineNews
from audiospades.notices import FileKind, Notice, StorageTrouble
from audiospades.presenter.online import (
    CHAT_LOBBY,
    CHAT_TABLE,
    bad_address_text,
    bad_name_text,
    news_utterance,
    nothing_sent_text,
    private_label_text,
)
from audiospades.presenter.system import identity_trouble_text
from audiospades.sound import Cue
from audiospades.storage import LoadProblem, Outcome, SaveProblem, identity
from audiospades.storage.settings import (
    DEFAULT_SERVER,
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


@dataclass
class OnlineSession:
    """The connection the online screens share."""

    client: OnlineClient
    address: str
    name: str
    identity_troubles: queue.SimpleQueue[LoadProblem | SaveProblem] = field(
        default_factory=queue.SimpleQueue
    )
    """Problems with the online identity file, put here by the connection's thread
    as it saves a new token, to be said by the screen (see `say_identity_trouble`)."""

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
    troubles: queue.SimpleQueue[LoadProblem | SaveProblem] = queue.SimpleQueue()
    if services.persist:
        token, problem = identity.find_token(key)
        if problem is not None:
            services.say_text(identity_trouble_text(problem), interrupt=False)

        def on_token(new: str) -> None:
            problem = identity.save_token(key, new)
            if problem is not None:
                log.warning("the online identity could not be kept: %s", problem)
                troubles.put(problem)

    connection = Connection(
        address,
        name,
        language=i18n.current_language(),
        token=token,
        on_token=on_token,
    )
    connection.start()
    client = OnlineClient(connection)
    if services.persist:
        client.count_game = partial(_count_game, address)
    return OnlineSession(client, address, name, troubles)


def say_identity_trouble(services: Services, session: OnlineSession) -> None:
    """Say what went wrong keeping a token the server gave (each problem once)."""
    while True:
        try:
            problem = session.identity_troubles.get_nowait()
        except queue.Empty:
            return
        services.say_text(identity_trouble_text(problem), interrupt=False)


def _count_game(address: str, game_id: str, outcome: Outcome) -> list[Notice]:
    """Count a game played at this server in the statistics; say any trouble."""
    report = storage.record_online_game(
        storage.online_game_id(address, game_id), outcome
    )
    return [
        StorageTrouble(FileKind.STATISTICS, problem)
        for problem in (report.load_problem, report.save_problem)
        if problem is not None
    ]


def say_news(
    services: Services,
    session: OnlineSession,
    news: Sequence[OnlineNews],
    own_seat: int | None = None,
    *,
    in_game: bool = False,
    game_over: bool = False,
) -> None:
    """Speak online news; muted chat keeps its cue and its place in the history.

    ``in_game``: at a game's table, ``game_over``: its game has ended (see
    :func:`news_utterance`). The setting mutes
    other players' chat: one's own line, as the server sends it back, is said all
    the same (it is the word that it went).
    """
    say_identity_trouble(services, session)
    for item in news:
        utterance = news_utterance(
            item, session.address, own_seat, in_game=in_game, game_over=game_over
        )
        if utterance is None:
            continue
        muted = not services.settings.chat_speech and not item.is_own
        if item.kind is NewsKind.CHAT and muted:
            services.sound.play(Cue.CHAT)
            services.keep(utterance.text)
            continue
        services.say(utterance)


def private_entry(session: OnlineSession, player: str, name: str) -> Push:
    """The one-line entry of a chat line to one player alone (``player``'s id)."""

    def accepted(services: Services, text: str) -> Transition:
        if text:
            session.client.send(Chat(text=text, to=player))
        else:
            services.say_text(nothing_sent_text())
        return Pop()

    # Already in the player's language (it holds the name): said as it is.
    label = private_label_text(name)
    return Push(
        TextEntryScreen(label, accepted, max_length=MAX_CHAT_LENGTH, for_server=True)
    )


def chat_entry(
    session: OnlineSession, *, at_table: bool, backdrop: Backdrop | None = None
) -> Push:
    """The one-line chat entry (the chat key, at a table or in the lobby).

    ``backdrop``: the table whose picture shows the line (None: a page of its own).
    """

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
            backdrop=backdrop,
            for_server=True,
        )
    )
