"""Words for a browser: the server runs the game's own client for a rendering seat.

A browser page has no presenter of its own (one set of sentences for every client):
a client that says ``hello`` with ``render: true`` gets a :class:`WebSeat` at the
server. The seat reads every frame the server sends to that client, exactly as the
pygame client reads them (:class:`~audiospades.net.remote.OnlineClient` and its
:class:`~audiospades.net.remote.RemoteTable`, turned so that one's own chair is seat
0), and runs the same :class:`~audiospades.table_control.TableController` and
presenter over them in the client's language. What comes out goes to the page in
``said`` frames: the lines to announce, and the screen as it stands (the lobby's
tables, the waiting room's seats, or the table's picture), all worded.

The page sends the keys it is given (``key`` frames); the seat looks them up in the
game's key map, as the game would, and the controller's intents (a bid, a card)
go to the server like any client's. So a rendering client can never be sent more
than its seat may see: it is built only from the frames that seat already gets.

Hints (H, J) are worked out in the server's worker processes, never on the event
loop: the answer is said when it is in.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from typing import TYPE_CHECKING, Final, cast

from audiospades import bots, i18n
from audiospades.bots.characters import ROSTER
from audiospades.commands import Command
from audiospades.keymap import Chord, Context, KeyMap, build_keymap
from audiospades.net import protocol as p
from audiospades.net.client import Connection
from audiospades.net.remote import (
    NewsKind,
    OnlineClient,
    OnlineNews,
    RemoteTable,
    character_ruled_out,
)
from audiospades.notices import GameFinished, Notice
from audiospades.presenter import Utterance, describe
from audiospades.presenter import web as web_words
from audiospades.presenter.menus import character_personality, character_value
from audiospades.presenter.online import (
    coming_back_text,
    found_table_change_text,
    found_table_closed_text,
    heard_name,
    left_table_text,
    lobby_changes,
    lobby_count_text,
    news_utterance,
    play_again_action_text,
    play_again_question_text,
    play_again_text,
    play_again_told_again,
    seated_text,
    sit_in_seat_label,
    table_choice_text,
    table_line,
    table_summary,
    waiting_room_arrival,
    waiting_room_heading,
    watch_from_seat_label,
    watching_text,
)
from audiospades.presenter.replies import reply_utterances
from audiospades.presenter.sheet import score_sheet_lines
from audiospades.presenter.system import (
    game_over_key_text,
    key_help_text,
    own_help_text,
    question_again_key_text,
    table_key_meanings,
    unbound_key_text,
    who_plays_text,
)
from audiospades.presenter.table import (
    cards_received,
    dealer_shown,
    led_mark_text,
    received_mark_text,
    seat_holders,
    seat_label_text,
    seat_marks,
    seats_to_act,
)
from audiospades.presenter.who import watchers_header_text
from audiospades.presenter.words import card_name, watching
from audiospades.replies import Reply, UnboundKey
from audiospades.rules import Card, Phase, SeatView
from audiospades.sound import Cue
from audiospades.table_control import (
    AFTER_THE_GAME,
    OWN_QUESTION_KEYS,
    TableController,
    TablePort,
    UnderQuestion,
    under_question,
    under_question_meanings,
    watching_unavailable,
)

if TYPE_CHECKING:
    from audiospades.net.server import Client

log = logging.getLogger(__name__)

_URGENT_CUES: Final = frozenset({Cue.YOUR_TURN, Cue.ILLEGAL_MOVE})
"""Lines announced at once (assertive): errors, and your turn said on its own
(see :func:`_is_urgent`); the rest is polite."""


def _is_urgent(line: Utterance, before: Sequence[Utterance]) -> bool:
    """Whether ``line`` goes to the assertive live region.

    An error always does. Your turn does only when nothing was said before it in
    the same frame: after "Bert plays the 4 of clubs." in the same instant, an
    assertive turn line lets screen readers that interrupt for it (JAWS,
    VoiceOver) cut off or drop the play it follows; polite, it is read after
    it, in the order the game says them (its sound cue still plays at once).
    """
    if line.cue is Cue.YOUR_TURN:
        return not any(u.text for u in before)
    return line.cue in _URGENT_CUES


_PAGE_COMMANDS: Final = frozenset(
    {
        Command.REPEAT,
        Command.HISTORY_BACK,
        Command.HISTORY_FORWARD,
        Command.CHAT,
        Command.MENU,
        Command.SILENCE,
        Command.SPEECH_FASTER,
        Command.SPEECH_SLOWER,
        Command.FULLSCREEN,
        Command.QUIT,
        Command.WHAT_KEY,
        Command.CUE_LOUDER,
        Command.CUE_QUIETER,
    }
)
"""Keys the page answers itself (its own history, chat box, leaving), or that a
browser has no use for: never sent on to the controller."""

_NOT_ON_THE_PAGE: Final = frozenset(
    {
        Command.MENU,
        Command.SILENCE,
        Command.SPEECH_FASTER,
        Command.SPEECH_SLOWER,
        Command.FULLSCREEN,
        Command.QUIT,
        Command.WHAT_KEY,
        Command.CUE_LOUDER,
        Command.CUE_QUIETER,
    }
)
"""Keys F1's help leaves out on the page: the browser and the screen reader have
their own (the page's Escape and O are told by the last line)."""

_OWN_UNDER_THE_QUESTION: Final = frozenset(
    {Command.HELP, *(_PAGE_COMMANDS - _NOT_ON_THE_PAGE)}
)
"""The page's own keys under "Start another game?" (see
:func:`~audiospades.table_control.under_question`): F1, whose list is made here,
and the keys the page answers itself (A, its messages, the chat box), which it
never sends. Those of the game's own window (full screen, speech rate...) F1
leaves out on the page; sent, they ask the question again."""


class _Inbox:
    """The :class:`~audiospades.net.client.Connection` the seat's client reads.

    Frames come in from the server's own ``send``; intents go out through
    ``dispatch`` once the key that made them is answered.
    """

    def __init__(self) -> None:
        self.items: list[p.AnyServerMessage] = []
        self.sent: list[p.ClientMessage] = []

    def poll(self) -> list[p.AnyServerMessage]:
        out, self.items = self.items, []
        return out

    def send(self, message: p.ClientMessage) -> None:
        self.sent.append(message)

    def close(self) -> None:
        """Nothing to close: the page's own connection is the server's."""


class WebHints:
    """The hint for a rendering seat, worked out in the server's worker processes.

    :meth:`get` answers from what is ready; :meth:`prepare` starts the work. The
    answer is the same as the game's: level 5's judgement, seeded by the position.
    """

    def __init__(self, submit: Callable[..., Future[bots.Hint]]) -> None:
        """Run ``bots.hint`` through ``submit(fn, *args, **kwargs)``."""
        self._submit = submit
        self._key: tuple[int, bool, SeatView] | None = None
        self._future: Future[bots.Hint] | None = None

    @staticmethod
    def _key_of(port: TablePort) -> tuple[int, bool, SeatView]:
        return (port.action_count, port.question is not None, port.view())

    def prepare(self, port: TablePort) -> None:
        """Start the work for now (it is the player's decision)."""
        key = self._key_of(port)
        if key == self._key and self._future is not None:
            return
        if self._future is not None:
            self._future.cancel()
        self._key = key
        self._future = self._submit(
            bots.hint, key[2], random.Random(port.action_count), timed=False
        )

    def ready(self, port: TablePort) -> Future[bots.Hint] | None:
        """The work for now, started if need be."""
        self.prepare(port)
        return self._future

    def get(self, port: TablePort) -> bots.Hint:
        """The hint for now (ValueError: none, or not worked out yet)."""
        future = self._future
        if self._key != self._key_of(port) or future is None or not future.done():
            raise ValueError("no hint is ready")
        return future.result()

    def close(self) -> None:
        """Drop the work under way."""
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self._key = None


class WebSeat:
    """The game's client, run at the server for one rendering connection."""

    def __init__(
        self,
        client: Client,
        dispatch: Callable[[Client, p.AnyClientMessage], None],
        submit: Callable[..., Future[bots.Hint]],
        keymap: KeyMap | None = None,
    ) -> None:
        """Word everything for ``client``; its intents go to ``dispatch``.

        Args:
            client: the connection (its ``language`` says which words).
            dispatch: the server's own handling of a client message.
            submit: runs a function in the worker processes (for hints).
            keymap: the keys (the game's defaults).
        """
        self.client = client
        self._dispatch = dispatch
        self._inbox = _Inbox()
        self.online = OnlineClient(cast(Connection, self._inbox))
        self.keymap = keymap or build_keymap()
        self.hints = WebHints(submit)
        self.control: TableController | None = None
        self._due = False
        self._first = True
        self._pending_hint: Command | None = None
        self._last_screen: p.Screen | None = None
        self._waiting_at: RemoteTable | None = None
        """The table whose waiting room this seat saw (its game starts fresh)."""
        self._told: list[Utterance] = []
        """Said first in the next ``said`` frame (what the server did for it)."""
        self._who_plays_due = False
        """The game's start was said before its first view came: who plays is
        said when it comes."""
        self._list_asked = False
        """The page asked for the lobby's list (Refresh): its answer is said."""
        self._came_back = False
        """A key gave the seat back after a computer stood in: the snapshot that
        answers it is summed up (what the computer did, where things stand)."""
        self._lobby_items: dict[str, tuple[p.TableInfo, p.ListItem]] = {}
        """Each listed table's line, with the listing it words."""
        self._found: p.ListItem | None = None
        """The private table found by its code, worded: sent in the next frame."""
        self._found_info: p.TableInfo | None = None
        """The listing of the table found last (its changes are told against it)."""
        self._found_closed: str | None = None
        """The id of the table found that has closed: sent in the next frame."""
        self._listed: tuple[int, list[p.TableInfo]] | None = None
        """The lobby list last worded (its count and tables): what opened or
        closed since is told."""
        self._asking = False
        """The host's "Start another game at this table?" is open (Enter after
        the game, as the game asks it): Y or N answers it."""
        self._in_room = False
        """The host said Y to it with a seat left free: the table's waiting room
        is shown over the finished game, until the next game starts or Escape
        goes back to the results (as the game's room over its table)."""
        self._told_over: tuple[bool, int] | None = None
        """After the game: whether this seat was the host, and how many seats
        were left free, when how to play again was last told (None: not yet)."""
        self._watching_with: TableController | None = None
        """The controller made for watching (None: for a seat): once the
        spectator takes a seat, the seat's own is made (see _lines)."""

    @contextmanager
    def _words(self) -> Iterator[None]:
        """Words in the client's language, for a spectator if it watches."""
        table = self.online.table
        spectating = table is not None and not table.is_seated
        with i18n.speaking(self.client.language), watching(spectating):
            yield

    def list_asked(self) -> None:
        """The page asked for the lobby's list (its Refresh button)."""
        self._list_asked = True

    def left_table(self) -> None:
        """The page's person has left the table (the server carried it out).

        The page is back in the lobby, and hears so with the lobby's list.
        """
        self.online.pump()  # a snapshot still on its way must not seat it again
        if self.online.table is None:
            return
        self.online.table = None
        self.control = None
        with self._words():
            self._told.append(Utterance(left_table_text()))

    # --- frames in ---
    def feed(self, message: p.Message) -> None:
        """A frame the server sent the client: read it soon (once per burst)."""
        if isinstance(message, p.Said):
            return
        self._inbox.items.append(cast(p.AnyServerMessage, message))
        if not self._due:
            self._due = True
            asyncio.get_running_loop().call_soon(self.render)

    def render(self, replies: Sequence[Reply] = ()) -> None:
        """Read what came in, word it and send one ``said`` frame."""
        self._due = False
        if self.client.closed:
            return
        self.online.pump()  # first: whether the seat watches words what it reads
        try:
            with self._words():
                lines = self._lines(replies)
                screen = self._screen()
                characters = self._characters() if self._first else None
        except Exception:  # a wording bug must not stop the server or the table
            log.exception("player %s: the page's words failed", self.client.player_id)
            return
        self._first = False
        if screen == self._last_screen:
            screen = None  # unchanged: not sent again
        else:
            self._last_screen = screen
        found, self._found = self._found, None
        closed, self._found_closed = self._found_closed, None
        if lines or screen is not None or characters is not None or found or closed:
            self.client.send(
                p.Said(
                    lines=lines,
                    screen=screen,
                    characters=characters,
                    found=found,
                    found_closed=closed,
                )
            )

    def _lines(self, replies: Sequence[Reply]) -> list[p.SaidLine]:
        online = self.online
        online.pump()
        said: list[Utterance] = self._told
        self._told = []
        seat = online.table.seat if online.table is not None else None
        for news in online.drain_news():
            said.extend(self._news(news, seat))
        table = online.table
        if (
            table is not None
            and self.control is not None
            and self.control.finished
            and not table.is_over
        ):
            # The host started the next game at this table: a fresh controller
            # (focus, entry, "finished"), and no "where things stand" for it.
            self.control = None
            self._waiting_at = table
        if table is None or self.control is None:
            self._after_the_game_ends()
        sat_down_after_the_end = False
        # A spectator who took a free seat in the game watched (its button): the
        # seat's own controller, and where one sits, as a seat taken from the
        # lobby is told.
        took_seat = (
            table is not None
            and self.control is not None
            and self.control.port is table
            and self._watching_with is self.control
            and table.is_seated
        )
        if table is None:
            self.control = None
        elif self.control is None or self.control.port is not table or took_seat:
            self.control = None
            if not table.has_started:
                self._waiting_at = table
            else:
                self.control = TableController(table, self.hints)
                self._watching_with = None if table.is_seated else self.control
                if took_seat:
                    said.extend(self._sat_down(table))
                elif self._waiting_at is not table:
                    # Back after a lost connection (the table came straight after
                    # welcome, with no lobby), or sat down in a game under way:
                    # where things stand, the turn left to the restated notice.
                    returning = online.lobby_count == 0
                    if not table.is_seated and not returning:
                        # Sat down to watch a game under way: whose chair first,
                        # as the game says it.
                        said.append(Utterance(watching_text(table.info, table.chair)))
                    elif table.seat is not None and not returning:
                        # Took a free seat in a game under way: which one, first.
                        said.append(Utterance(seated_text(table.info, table.seat)))
                        sat_down_after_the_end = table.is_over
                    if not table.start_untold:
                        summary = table_summary(
                            table, returning=returning, arriving=True
                        )
                        said.append(Utterance(summary))
                        if table.is_over and not table.is_seated:
                            # Watching a finished game: what the page offers,
                            # right after where things stand.
                            said.extend(self._what_a_spectator_can_do(table))
                    # (Else the seat came before the game's start, taken in with
                    # it: the news says the start and who plays, see _news.)
                elif self._who_plays_due:
                    # "The game starts." came before the game's first view.
                    self._who_plays_due = False
                    said.append(self._who_plays(table))
        control = self.control
        if control is not None:
            view = control.view
            for reply in replies:
                said.extend(reply_utterances(reply, view, control.port.names))
            said.extend(self._sync(control))
            if control.finished and table is not None and table.is_over:
                said.extend(self._how_to_play_again(table))
            elif sat_down_after_the_end and table is not None:
                # A seat taken at a game that had just finished: its end is not
                # one's own (no notice tells it), but what the page's buttons
                # offer now is, as those who played it hear (QA: only the result).
                free = len(table.vacated())
                buttons = web_words.play_again_buttons_text(table.is_host, free)
                said.append(Utterance(buttons))
            elif table is not None and table.is_over and not table.is_seated:
                # The end of the game watched (after "Game over. ..."): once.
                said.extend(self._what_a_spectator_can_do(table))
        elif table is not None:
            for news in table.drain_news():
                said.extend(self._news(news, seat))
            table.drain()
        elif replies:
            log.debug("replies with no table: %s", replies)
        if table is not None:
            self._listed = None  # back in the lobby, its first list is not news
        elif online.lobby_count:
            fresh = self._listed is None or self._listed[0] != online.lobby_count
            if self._listed is not None and fresh:
                said.extend(
                    Utterance(text)
                    for text in lobby_changes(self._listed[1], online.tables)
                )
            if (self._list_asked and fresh) or self._listed is None:
                # Arriving in the lobby (connected, or back from a table), as the
                # game says it; and the page's Refresh, changed or not.
                self._list_asked = False
                said.append(Utterance(lobby_count_text(len(online.tables))))
            self._listed = (online.lobby_count, list(online.tables))
        lines = [u for u in said if u.text or u.cue is not None]
        return [
            p.SaidLine(
                text=u.text,
                cue=u.cue.value if u.cue is not None else None,
                urgent=_is_urgent(u, lines[:index]),
                aside=not u.remember,
            )
            for index, u in enumerate(lines)
        ]

    def _news(self, news: OnlineNews, seat: int | None) -> list[Utterance]:
        if news.kind is NewsKind.TABLE and news.table is not None:
            table = self.online.table
            if table is not None and not table.has_started:
                # As the game's waiting room says it on arriving: its title with
                # the table's rules, then where one sits (a spectator: whose
                # chair), the table named once (QA: the page's arrival said no
                # rules, the game's did).
                arrival = waiting_room_arrival(
                    news.table, table.seat, table.is_host, table.code, table.chair
                )
                return [Utterance(arrival)]
            if table is not None and self._came_back:
                # Back after a computer stood in (the snapshot answering
                # ``back``): what it did meanwhile, and where things stand, as
                # the game says it.
                self._came_back = False
                return [Utterance(table_summary(table, returning=False))]
            return []
        if news.kind is NewsKind.LOBBY:
            return []
        if news.kind is NewsKind.FOUND and news.table is not None:
            # A private table found by its code: its seats and chairs to choose
            # from, as the lobby lists a table's, and its line said as the game's
            # choice says it.
            self._found = _table_item(news.table)
            self._found_info = news.table
            return [Utterance(table_choice_text(news.table))]
        if news.kind is NewsKind.FOUND_CHANGED and news.table is not None:
            # Shown under the code field: redrawn in place (version 8), its
            # change said in the lobby's words.
            before, self._found_info = self._found_info, news.table
            self._found = _table_item(news.table)
            text = "" if before is None else found_table_change_text(before, news.table)
            return [Utterance(text)] if text else []
        if news.kind is NewsKind.FOUND_CLOSED and news.table is not None:
            self._found_info = None
            self._found_closed = news.table.id
            return [Utterance(found_table_closed_text(news.table))]
        table = self.online.table
        over = table is not None and table.is_over
        # At a game's table, as the game's table screen: people coming and going
        # are remarks by the way (A repeats the line before them).
        in_game = table is not None and table.has_started
        said = news_utterance(news, "", seat, in_game=in_game, game_over=over)
        out = [] if said is None else [said]
        if news.change is p.SeatChange.GAME_STARTED and table:
            # Then who plays after you and who partners whom, as the game's
            # table (and a local game's start) says it.
            if table.has_started and not table.is_over:
                out.append(self._who_plays(table))
            else:
                self._who_plays_due = True
        return out

    def _sat_down(self, table: RemoteTable) -> list[Utterance]:
        """A spectator took a free seat at the game watched: what to say first.

        What came before the seat (in the spectator's words), then where one
        sits ("You sit in seat 2 at Ann's table. Your partner is Ann.") and where
        things stand; the turn the seat's snapshot restates (with the hand)
        follows, from the notices. The moves seen from the chair watched and
        not said yet are left to the summary (the seat's picture replaces it).
        """
        said: list[Utterance] = []
        before = table.news_before_own_seat()
        seat = table.seat if table.seat is not None else 0
        with watching(True):
            for item in before:
                # From the seat taken, as the game's table screen tells it: no
                # "To take the seat" for the seat just taken.
                said.extend(self._news(item, seat))
        said.append(Utterance(seated_text(table.info, seat)))
        said.append(Utterance(table_summary(table, returning=False, arriving=True)))
        return said

    def _after_the_game_ends(self) -> None:
        """No finished game here any more: its question and room are closed.

        (The next game began, or the table is left; what was told of it goes too.)
        """
        self._asking = self._in_room = False
        self._told_over = None

    def _how_to_play_again(self, table: RemoteTable) -> list[Utterance]:
        """After the game, how another starts, told again when that changes.

        As the game's table tells it: to the host when a seat empties (someone
        left: it is filled first, in the waiting room) or when the player becomes
        the host. The results stay on the page meanwhile (S, K, L...).
        """
        now = _how_it_stands(table)
        told = self._told_over
        if told == now:
            return []
        self._told_over = now
        if told is None or self._in_room:
            return []  # said with the game's end, or the seats are in view
        if not play_again_told_again(told, now):
            return []  # a seat filled, or no longer the host
        return [Utterance(play_again_text(*now))]

    def _what_a_spectator_can_do(self, table: RemoteTable) -> list[Utterance]:
        """Watching a finished game: what the page offers, once.

        After the game's end watched, or where things stand on arriving (or
        back) at a finished game: a spectator is told no end of their own (no
        notice), and heard only the result, where a player hears what the
        page's buttons offer (QA).
        """
        if self._told_over is not None:
            return []
        self._told_over = (False, 0)
        return [Utterance(web_words.play_again_buttons_text(False, watching=True))]

    @staticmethod
    def _who_plays(table: RemoteTable) -> Utterance:
        """Who plays after you, in order, and who partners whom.

        A spectator: everyone, in order from the chair watched, and who with whom.
        """
        rules = table.view().rules
        return Utterance(who_plays_text(table.names, rules, seated=table.is_seated))

    def _sync(self, control: TableController) -> list[Utterance]:
        """The table's notices and online news, in the order they came.

        As the pygame client's table screen tells them.
        """
        table = cast(RemoteTable, control.port)
        said: list[Utterance] = []
        while True:
            notices = control.drain()
            news = table.drain_news()
            first = table.notice_serial - len(notices)
            stream: list[tuple[int, int, Notice | OnlineNews]] = [
                (item.after, 0, item) for item in news
            ]
            stream += [(first + i, 1, notice) for i, notice in enumerate(notices)]
            view = control.view
            for serial, _, item in sorted(stream, key=lambda entry: entry[:2]):
                if isinstance(item, OnlineNews):
                    said.extend(self._news(item, table.seat))
                elif isinstance(item, GameFinished):
                    # Restated by the snapshot (back at a finished game), it
                    # follows where things stand, which said the game is over:
                    # not said again (QA heard "The game is over." three times).
                    over = (
                        web_words.play_again_buttons_text
                        if table.is_restated(serial)
                        else web_words.game_over_text
                    )
                    # With a seat free since (back at a table someone left
                    # after its game), how to fill it: not "with the same
                    # players" (QA).
                    free = len(table.vacated())
                    said.append(Utterance(over(table.is_host, free)))
                    # It says how another game starts: told again only if that
                    # changes (see _how_to_play_again).
                    self._told_over = _how_it_stands(table)
                else:
                    # In the names of when it came (see RemoteTable.names_at),
                    # by whoever played one's seat then (playing_for_me_at).
                    names = table.names_at(serial)
                    stand_in = table.playing_for_me_at(serial)
                    said.extend(describe(item, view, names, stand_in=stand_in))
            if not table.drain_pending():
                return said

    # --- keys in ---
    def key(self, press: p.KeyPress) -> None:
        """A key pressed on the page: the game's meaning of it, answered.

        Raises:
            ProtocolError: ``not_at_table`` or ``game_not_started``: no game
                under way to take keys.
        """
        self.render()  # first, what came in before the key
        control = self.control
        if control is None:
            if self.online.table is None:
                raise p.ProtocolError(p.ErrorCode.NOT_AT_TABLE, "you are at no table")
            raise p.ProtocolError(p.ErrorCode.GAME_NOT_STARTED, "no game is under way")
        mods = frozenset(
            m for m, on in (("ctrl", press.ctrl), ("shift", press.shift)) if on
        )
        chord = Chord(press.key, mods)
        if self._in_room or (
            self._asking and not self._answers_under_the_question(control, chord)
        ):
            with self._words():
                self._play_again_key(control, chord)
            self.render()
            self._send_intents()
            return
        command = self.keymap.lookup(chord, (*control.key_contexts(), Context.GLOBAL))
        replies: list[Reply] = []
        if press.card is not None:
            card = Card.parse(press.card)
            if card not in control.view.hand:
                return  # a card the page showed before it was played: nothing
            control.focus = card
        if command is Command.HELP:
            with self._words():
                self._send_help(control)
            return
        if command in _NOT_ON_THE_PAGE:
            # A key of the game's own window (full screen, speech rate...): the
            # browser and the screen reader have their own. Said, not silent.
            with self._words():
                text = unbound_key_text(chord)
            self.client.send(p.Said(lines=[p.SaidLine(text=text)]))
            return
        if command in _PAGE_COMMANDS:
            return
        table = self.online.table
        if table is not None and table.is_stood_in:
            # Away at one's turn, a computer took over: a key at the table gives
            # the seat back, as in the game; help and the page's own keys above
            # (the messages, the chat...) do not, as the game's do not.
            with self._words():
                text = coming_back_text()
            self.client.send(p.Said(lines=[p.SaidLine(text=text)]))
            table.come_back()
            self._came_back = True
            self._send_intents()
            return
        if (
            command in control.after_game_keys()
            and table is not None
            and table.is_over
            and table.is_host
            and table.is_seated
        ):
            # Enter (Space, N) after the game, for the host: asked first, as the
            # game asks it, so that a stray key never starts a game.
            self._asking = True
            with self._words():
                self._told.append(Utterance(play_again_question_text(table.vacated())))
            self.render()
            return
        if (
            command is Command.REMIND
            and table is not None
            and table.is_over
            and table.is_seated
        ):
            # No one to remind once the game is over: said so, with how to play
            # again or leave, as the game says it (QA: the server's answer was
            # "The game has not started yet.").
            host, free = _how_it_stands(table)
            with self._words():
                text = web_words.remind_after_game_text(free, is_host=host)
            self.client.send(p.Said(lines=[p.SaidLine(text=text)]))
            return
        if command is Command.SCORE_SHEET:
            # The page has no sheet screen: its lines go to the messages, where
            # Page Up and Page Down read them one by one.
            with self._words():
                sheet = score_sheet_lines(control.view, control.port.names)
            self.client.send(p.Said(lines=[p.SaidLine(text=t) for t in sheet]))
            return
        if command in (Command.HINT, Command.HINTED_CARD) and not self._hint_ready(
            control, command
        ):
            return
        char = press.key if len(press.key) == 1 and not press.ctrl else ""
        reply = control.handle(command, char, chord)
        if reply is None and command is None and not press.ctrl:
            # A key with no meaning here (Backspace in play, F3...): said so, as
            # the game says it, never silence. Ctrl's unbound chords are the
            # browser's.
            reply = UnboundKey(chord)
        if reply is not None:
            replies.append(reply)
        self.render(replies)
        self._send_intents()

    def _answers_under_the_question(
        self, control: TableController, chord: Chord
    ) -> bool:
        """Whether ``chord`` is answered as at the table under "Play again?".

        The page's own keys (F1), and the keys that only ask (S, P, K...), as
        the game's question over its table answers them (the same rule:
        :func:`~audiospades.table_control.under_question`), the question staying
        open (QA: they only asked it again).
        """
        contexts = (Context.QUESTION, *control.key_contexts(), Context.GLOBAL)
        command = self.keymap.lookup(chord, contexts)
        kind = under_question(command, _OWN_UNDER_THE_QUESTION)
        return kind in (UnderQuestion.ASKS, UnderQuestion.OWN)

    def _play_again_key(self, control: TableController, chord: Chord) -> None:
        """A key while "Start another game?" is open, or in the room it opened.

        As the game's question and room answer it (the page sends only Escape
        from the room).
        """
        table = cast(RemoteTable, control.port)
        said = self._told
        if self._in_room:
            if chord.key == "escape":
                # Back to the finished game's results: said so, with how to play
                # again or leave (QA: only "The game is over.").
                self._in_room = False
                free = len(table.vacated())
                text = web_words.stayed_after_game_text(free, left_room=True)
                said.append(Utterance(text))
            else:
                said.append(Utterance(unbound_key_text(chord)))
            return
        command = self.keymap.lookup(chord, (Context.QUESTION, Context.GLOBAL))
        if command is Command.NO:
            # Staying: where the host is and what they can do now, as the game
            # says coming back from its question.
            self._asking = False
            free = len(table.vacated())
            said.append(Utterance(web_words.stayed_after_game_text(free)))
            return
        if command is not Command.YES or not table.is_over or not table.is_host:
            # Any other key that would act: the question again, as the game's.
            said.append(Utterance(play_again_question_text(table.vacated())))
            return
        self._asking = False
        if table.vacated():  # looked at again: someone may have left meanwhile
            # The table's waiting room, to fill the free seat, then start: its
            # arrival, as the game's room opened by that Y says it.
            self._in_room = True
            said.append(
                Utterance(
                    waiting_room_arrival(
                        table.info, table.seat, table.is_host, table.code, table.chair
                    )
                )
            )
            return
        # As the waiting room's "Start the game": "The game starts." for
        # everyone, or why not.
        self._inbox.send(p.StartGame())

    def _hint_ready(self, control: TableController, command: Command) -> bool:
        """Whether H or J can be answered now; if not, it is once the work is in."""
        port = control.port
        if not (port.is_human_turn or port.question is not None):
            return True  # the controller says there is no hint now
        future = self.hints.ready(port)
        if future is None or future.done():
            return True
        self._pending_hint = command
        loop = asyncio.get_running_loop()
        future.add_done_callback(
            lambda _f: loop.call_soon_threadsafe(self._hint_done, control, command)
        )
        return False

    def _hint_done(self, control: TableController, command: Command) -> None:
        if self._pending_hint is not command or self.control is not control:
            return
        self._pending_hint = None
        try:
            reply = control.handle(command)
        except Exception:  # a failed search says "no hint", never ends the seat
            log.exception("the hint failed")
            return
        self.render([reply] if reply is not None else [])

    def _send_intents(self) -> None:
        sent, self._inbox.sent = self._inbox.sent, []
        for message in sent:
            try:
                self._dispatch(self.client, cast(p.AnyClientMessage, message))
            except p.ProtocolError as error:
                self.client.send(
                    p.Error(code=error.code, detail=error.detail, request="key")
                )

    def _send_help(self, control: TableController) -> None:
        lines: list[p.SaidLine] = [p.SaidLine(text=web_words.help_intro())]
        # Once the game is over, Enter, Space and N tell the result (the page's
        # buttons start another game): said so, not their meaning in a bid, a
        # question or play, listed first.
        after_game = {
            chord
            for chord, command in self.keymap.bindings(Context.TABLE)
            if command in control.after_game_keys() and not self._asking
        }
        # The keys of this moment, as the game's F1 at an online table lists them:
        # a bid's keys only while it is our turn to bid, a question's while it is
        # asked, the table's (play) keys otherwise; a spectator's are the table's.
        # Under "Start another game?", its Y and N, the table's keys that only
        # ask, and the others asking it again, as the game's F1 there says.
        asking = (Context.QUESTION,) if self._asking else ()
        contexts = (*asking, *control.key_contexts(), Context.ONLINE, Context.GLOBAL)
        order = control.help_order(contexts)
        hidden = control.unavailable_keys()
        table = self.online.table
        # The host is asked to start another game (the game's F1 says so); the
        # others hear the result again.
        host = table is not None and table.is_host and table.is_seated
        after_game_words = (
            play_again_action_text(True) if host else game_over_key_text()
        )
        if table is not None and not table.is_seated:
            # A spectator's F1 lists no key that only says "You are watching".
            hidden |= watching_unavailable(table.is_over)
        if table is not None and table.is_over and not control.finished:
            # A finished game whose end was not told as one's own (watched, or
            # sat down at after it): Enter, Space and N only say the game is
            # over (QA: F1 listed "play the card" and "gather the trick" there).
            hidden |= AFTER_THE_GAME
        # The table keys in the game's words for this table and this moment (no
        # passing where no cards are passed, Space at one's bid turn...).
        port = control.port
        meanings: Mapping[Command, str | None] = table_key_meanings(
            port.view().rules, contexts, hand_hidden=port.hand_hidden
        )
        if self._asking:
            meanings = under_question_meanings(
                meanings, _OWN_UNDER_THE_QUESTION, question_again_key_text(), hidden
            )
        elif port.question is not None:
            # The game's own question (blind nil, a redeal): H gives its hint,
            # the keys that would act ask it again, as the game's F1 says.
            meanings = under_question_meanings(
                meanings,
                _OWN_UNDER_THE_QUESTION | OWN_QUESTION_KEYS,
                question_again_key_text(),
                hidden,
            )
        for chord, command in self.keymap.help_bindings(contexts, order):
            if command in _NOT_ON_THE_PAGE or command in hidden:
                continue
            if chord.key == "escape" or command is Command.UNDO:
                # The page's Escape goes to its buttons (its own line says so),
                # and there is no undo online.
                continue
            words = meanings.get(command)
            if chord in after_game:
                text = own_help_text(chord, after_game_words)
            elif words is not None:
                text = own_help_text(chord, words)
            else:
                text = key_help_text(chord, command)
            lines.append(p.SaidLine(text=text))
        if table is not None and not table.is_seated and not table.is_over:
            # A seat a computer plays for someone who left: its button, first
            # of the page's (Escape), takes it.
            lines += [
                p.SaidLine(text=web_words.take_seat_key_text(seat))
                for seat in table.info.free_seats
            ]
        lines.append(p.SaidLine(text=web_words.page_keys_text(asking=self._asking)))
        self.client.send(p.Said(lines=lines, screen=None))

    # --- the screen ---
    def _lobby_lines(self, tables: list[p.TableInfo]) -> list[p.ListItem]:
        """The lobby's lines, a table's worded again only when its listing changed.

        (A lobby update keeps the unchanged tables' listings, the same objects;
        a page's language is its connection's, fixed.) Only the listed tables'
        lines are kept.
        """
        kept = self._lobby_items
        lines: dict[str, tuple[p.TableInfo, p.ListItem]] = {}
        for info in tables:
            line = kept.get(info.id)
            if line is None or line[0] is not info:
                line = (info, _table_item(info))
            lines[info.id] = line
        self._lobby_items = lines
        return [item for _, item in lines.values()]

    def _screen(self) -> p.Screen | None:
        online = self.online
        table = online.table
        if table is None:
            if online.lobby_count == 0:
                return None
            return p.Screen(
                place="lobby",
                title=lobby_count_text(len(online.tables)),
                items=self._lobby_lines(online.tables),
            )
        info = table.info
        # Before the game: the seats. After one, the results stay (S, K, L still
        # answer) even once someone has left; the host's Y to "Start another
        # game?" shows the seats then, to fill the free one and start, as the
        # game opens its waiting room over the finished table.
        if self.control is None or self._in_room:
            return p.Screen(
                place="waiting",
                title=heard_name(info),
                is_host=table.is_host,
                is_watching=not table.is_seated,
                # Seats change only before the first game: then "Sit here".
                table="" if table.has_started else info.id,
                after_game=self._in_room,
                is_last=table.is_last_person,
                # Where one waits, in the game's room's title: the table, its
                # rules and a private table's code (QA: the page showed only
                # the table's name; the code was said once, then gone).
                about=waiting_room_heading(info, table.code),
                items=[
                    p.ListItem(
                        id=str(s.seat),
                        label=web_words.seat_line(s, info, table.seat),
                        kind=s.kind.value,
                        is_you=s.seat == table.seat,
                        character=character_ruled_out(s),
                    )
                    for s in info.seats
                ],
            )
        # A spectator may take a seat a computer plays for someone who left
        # (version 14): its buttons, as the game's menu offers them.
        to_take = info.free_seats if not table.is_seated and not table.is_over else []
        return p.Screen(
            place="table",
            title=heard_name(info),
            is_host=table.is_host,
            is_watching=not table.is_seated,
            table=info.id if to_take else "",
            is_last=table.is_last_person,
            items=[
                p.ListItem(id=str(seat), label=sit_in_seat_label(seat, info))
                for seat in to_take
            ],
            picture=self._picture(self.control),
        )

    def _picture(self, control: TableController) -> p.Picture:
        view = control.view
        port = control.port
        names = port.names
        trick = list(view.trick)
        shown = port.shown_trick
        if not trick and shown is not None:
            trick = list(shown.cards)
        on_table = dict(trick)
        # The finished trick still shown: the card that won it is marked, as the
        # game's picture frames it.
        winner = shown.seat if shown is not None and not view.trick else None
        acting = seats_to_act(view, port.awaiting_trick_clear)
        dealer = dealer_shown(view)
        passing = view.phase is Phase.PASSING and view.is_my_turn
        legal: frozenset[Card] = frozenset()
        if view.phase is Phase.PLAYING:
            legal = view.legal_plays
        elif passing:
            legal = frozenset(view.hand)  # any card may be chosen to pass
        # The trick's first card is tagged "led" (who led it), the cards passed to
        # you "new" until the first trick is complete, as on the game's picture.
        leader = trick[0][0] if trick else None
        received = cards_received(view)
        company = port.company()
        holders = seat_holders(company, view.player_count)
        places = [
            p.Place(
                seat=seat,
                label=seat_label_text(seat, view, names),
                card=_table_face(on_table[seat], seat == winner, seat == leader)
                if seat in on_table
                else None,
                is_turn=seat in acting,
                is_dealer=seat == dealer,
                marks=list(seat_marks(seat, view, dealer, holders[seat])),
                won_trick=seat == winner and seat in on_table,
            )
            for seat in range(view.player_count)
        ]
        hand = list(view.hand)
        return p.Picture(
            header=web_words.picture_header(
                view,
                names,
                port.awaiting_trick_clear,
                stand_in=port.playing_for_me,
                watchers=watchers_header_text(company),
            ),
            places=places,
            hand=[
                _face(
                    card,
                    card in legal,
                    card in control.pass_choice,
                    received_mark_text() if card in received else None,
                )
                for card in hand
            ],
            focus=hand.index(control.focus) if control.focus in hand else None,
            bid_entry=control.bid_entry,
            over=view.is_over,
            passing=passing,
            asking=self._asking,
        )

    def _characters(self) -> list[p.ListItem]:
        return [
            p.ListItem(
                id=c.id, label=character_value(c), about=character_personality(c)
            )
            for c in ROSTER
        ]


def _how_it_stands(table: RemoteTable) -> tuple[bool, int]:
    """After a game: whether one hosts it, and how many seats are free since.

    (A seat is free after the game because its person left.)
    """
    return (table.is_host and table.is_seated, len(table.vacated()))


def _table_item(info: p.TableInfo) -> p.ListItem:
    """A table as the lobby lists it: its line, its free seats and its chairs."""
    return p.ListItem(
        id=info.id,
        label=table_line(info),
        kind="" if info.free_seats else "full",
        seats=_free_seat_items(info),
        chairs=_chair_items(info),
    )


def _free_seat_items(info: p.TableInfo) -> list[p.ListItem] | None:
    """A table's free seats to choose from, as the game's lobby offers them.

    Before the game, with one free seat there is no choice (the game's lobby
    offers only "Sit at the first free seat"): None. In a game under way, even
    one free seat (someone left, a computer plays it) is offered by its number
    and partner, as the game's lobby offers it (QA: the page's Join sat one down
    mid-hand without saying where, or beside whom).
    """
    under_way = info.state is p.TableState.PLAYING
    if not info.free_seats or (len(info.free_seats) < 2 and not under_way):
        return None
    return [
        p.ListItem(id=str(seat), label=sit_in_seat_label(seat, info))
        for seat in info.free_seats
    ]


def _chair_items(info: p.TableInfo) -> list[p.ListItem]:
    """Every seat of a table to watch from, as the game's lobby offers them."""
    return [
        p.ListItem(id=str(seat), label=watch_from_seat_label(seat, info))
        for seat in range(info.players)
    ]


def _table_face(card: Card, won: bool, led: bool = False) -> p.CardFace:
    """A card on the table.

    The one that won the finished trick says so; the one that led it is tagged.
    """
    tag = led_mark_text() if led else None
    if not won:
        return _face(card, tag=tag)
    return p.CardFace(
        card=str(card), label=web_words.won_trick_card_text(card), tag=tag
    )


def _face(
    card: Card, playable: bool = False, chosen: bool = False, tag: str | None = None
) -> p.CardFace:
    return p.CardFace(
        card=str(card), label=card_name(card), playable=playable, chosen=chosen, tag=tag
    )
