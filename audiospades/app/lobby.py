"""The online lobby, creating a table, and the waiting room before a game.

:class:`LobbyScreen` lists the server's tables, one short line each (name, players
and partnerships, target, rules, free seats, who sits there), then "Create a table",
"Join a private table by its code", "Refresh the list", "Options" (those a
local game alone uses left out) and "Leave the server" (Escape too; asked first,
Y leaves, N or Escape stays). Enter on a
table offers its free seats (a seat beside a partner says so) and watching, from
the chair of one's choosing; so does a private table's code. Those choices
follow the table while shown, listed or found (a seat taken goes, the change is
said; the table closing closes them). The apostrophe opens the chat entry, as at
the table.

Requests go to the server and their screens close at once; the lobby then waits
for the answer: a table (the :class:`WaitingRoomScreen`, or the table itself when
its game is under way) or a refusal, spoken.
A table the lobby did not ask for is one the server put the player back at when
it greeted them (the game started again): its table says it is back. Coming back
to the lobby from a table says "Lobby." and the list, as arriving did.

:class:`WaitingRoomScreen` lists the seats and who sits there. The host puts a
computer player in a free seat (Enter on it: any character, by stars), removes one
(Enter on it), and starts the game; chosen while seats are empty, "Start the game"
starts it as soon as the last seat is taken (choose it again to cancel). Everyone
has Options there too (as in the lobby), and hears people join and leave, Options
open or not. When the game starts, the table opens. Leaving is asked first (Y
leaves, N or Escape stays); if the game starts while that is asked, it is asked
again in the game's words (a computer player takes the seat).

The same room opens over a finished game's table when the host starts another
game there with a seat left empty (its person left): the focus on that seat, the
same tools; Escape goes back to the finished table, and the next game is played
at that table's screen.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Final

from audiospades.app.confirm import Confirm
from audiospades.app.games import rules_from_settings
from audiospades.app.menus import OPTIONS, OptionsMenu
from audiospades.app.online import (
    OnlineSession,
    chat_entry,
    private_entry,
    say_news,
)
from audiospades.app.online_table import OnlineTableScreen
from audiospades.app.screen import (
    KeyPress,
    MenuItem,
    MenuScreen,
    Pop,
    Push,
    Replace,
    Screen,
    Transition,
)
from audiospades.app.services import Services
from audiospades.app.text_entry import TextEntryScreen
from audiospades.bots.characters import ROSTER, Character
from audiospades.commands import Command
from audiospades.keymap import Context
from audiospades.net import protocol as p
from audiospades.net.client import LinkState
from audiospades.net.remote import (
    NewsKind,
    OnlineNews,
    RemoteTable,
    character_ruled_out,
)
from audiospades.presenter import Utterance
from audiospades.presenter.menus import character_personality, character_value
from audiospades.presenter.online import (
    CHOOSE_BOT_TITLE,
    CREATE_NOW,
    CREATE_TABLE,
    CREATE_TITLE,
    JOIN_PRIVATE,
    LEAVE_SERVER,
    LEAVE_TABLE,
    LOBBY_TITLE,
    PRIVATE_ITEM,
    REFRESH,
    RULES_ITEM,
    SIT_ANY,
    SIT_HERE,
    START_GAME,
    TABLE_CHOICE_TITLE,
    TABLE_CODE,
    TABLE_NAME,
    WAITING_TITLE,
    WATCH,
    WATCH_CHOICE_TITLE,
    WHO_IS_ONLINE,
    WHO_IS_ONLINE_TITLE,
    bad_code_text,
    bad_name_text,
    character_keys_text,
    choose_bot_intro,
    covered_turn_text,
    create_rules_value,
    default_table_name,
    found_table_change_text,
    found_table_closed_text,
    leave_question_text,
    leave_server_question_text,
    left_server_text,
    left_table_text,
    lobby_changes,
    lobby_count_text,
    not_host_text,
    occupant_text,
    own_seat_text,
    people_online_count,
    person_online_text,
    private_key_text,
    seat_item_label,
    seated_text,
    sit_in_seat_label,
    start_armed_text,
    start_value,
    table_line,
    waiting_room_arrival,
    waiting_room_heading,
    waiting_room_intro,
    watch_from_seat_label,
    watching_text,
)
from audiospades.presenter.system import on_off_text
from audiospades.presenter.who import who_is_here_text
from audiospades.sound import Cue

if TYPE_CHECKING:
    import pygame

log = logging.getLogger(__name__)


def _online_contexts() -> tuple[Context, ...]:
    return (Context.MENU, Context.ONLINE)


def table_screen_for(
    session: OnlineSession,
    table: RemoteTable,
    *,
    fresh: bool = False,
    rejoined: bool = False,
) -> Screen:
    """The screen for a table: the waiting room, or the game (``fresh``: starting).

    ``rejoined``: the server put the player back at it unasked (see
    :class:`OnlineTableScreen`).
    """
    if table.has_started:

        def waiting_room(over: OnlineTableScreen) -> Screen:
            return WaitingRoomScreen(session, table, over=over)

        return OnlineTableScreen(
            session, table, waiting_room=waiting_room, fresh=fresh, rejoined=rejoined
        )
    return WaitingRoomScreen(session, table)


_WHY_BACK: Final = frozenset(
    {NewsKind.TABLE_GONE, NewsKind.SEAT_LOST, NewsKind.GAME_ENDED_AWAY}
)
"""News that tells why the player is back in the lobby."""


def _told_under_cover(news: OnlineNews) -> bool:
    """Lobby news told while a sub-screen is over the lobby.

    Chat, and the connection lost or back (its replacement by another is the
    lobby's own to handle).
    """
    if news.kind is NewsKind.LINK:
        return news.link is not LinkState.REPLACED
    return news.kind is NewsKind.CHAT


class LobbyScreen(MenuScreen):
    """The server's tables and what one can do there (see the module docstring)."""

    def __init__(self, session: OnlineSession) -> None:
        self.online = session
        self.awaiting = False
        """A request went to the server; its answer has not come yet."""
        self._asked_for_table = False
        """The request was for a table (a seat, watching, a new table)."""
        self._at_table = False
        """A table's screen is over the lobby: coming back is arriving again."""
        self._arriving = False
        """Back from a table: the lobby's title comes with the list."""
        self._refreshing = False
        """A whole list was asked for: said in full when it comes."""
        self._whole_before = 0
        """Whole lists received when it was asked (a change is not the answer)."""
        self._introduced = False
        self._seen_lists = -1
        self._listed: list[p.TableInfo] = []
        """The tables of the list last shown (what opened, closed, filled or began
        is told)."""
        self.choices_of: str | None = None
        """The listed table whose choices are open over the lobby: they tell its
        changes (the lobby, under them, tells the other tables')."""
        self._services: Services | None = None
        self._why: list[OnlineNews] = []
        """Why the lobby comes (a seat given up while away), held to be said
        before it when its first list comes."""
        super().__init__(LOBBY_TITLE, [], intro=self._intro)
        self._rebuild()

    # --- items ---
    def _intro(self) -> str:
        return lobby_count_text(len(self.online.client.tables))

    def _rebuild(self) -> None:
        focused = self.items[self.index].data if self.items else None
        client = self.online.client
        items = [
            MenuItem(
                partial(table_line, info),
                action=partial(self._choose_table, info=info),
                data=info.id,
            )
            for info in client.tables
        ]
        items += [
            MenuItem(CREATE_TABLE, action=self._create, data=CREATE_TABLE),
            MenuItem(JOIN_PRIVATE, action=self._private, data=JOIN_PRIVATE),
            MenuItem(REFRESH, action=self._refresh, data=REFRESH),
            MenuItem(OPTIONS, action=self._options, data=OPTIONS),
            MenuItem(WHO_IS_ONLINE, action=self._who_is_online, data=WHO_IS_ONLINE),
            MenuItem(LEAVE_SERVER, action=self._leave_server, data=LEAVE_SERVER),
        ]
        self.items = items
        keys = [item.data for item in items]
        # A table that closed under the focus leaves it where it was (the next
        # line), not on the first.
        self.index = (
            keys.index(focused) if focused in keys else min(self.index, len(keys) - 1)
        )
        self._seen_lists = client.lobby_count
        self._listed = list(client.tables)

    def expect_answer(self) -> None:
        """A request for a table was sent: wait for the server's answer."""
        self.awaiting = self._asked_for_table = True

    # --- actions ---
    def _choose_table(self, services: Services, *, info: p.TableInfo) -> Transition:
        return Push(self.choices_for(info))

    def _create(self, services: Services) -> Transition:
        return Push(CreateTableScreen(self))

    def _private(self, services: Services) -> Transition:
        def accepted(services: Services, code: str) -> Transition:
            # The table's listing first, so that its seats and chairs are offered
            # as a listed table's are (see update: its choices open when it comes).
            self.online.client.send(p.FindTable(code=_code_typed(code).upper()))
            # A request for a table: refused ("There is no such table..."), the
            # line the focus is back on follows (QA: the player was not told
            # where they were; Enter there types another code).
            self.expect_answer()
            return Pop()

        def check(code: str) -> str | None:
            code = _code_typed(code)
            return None if code.isascii() and code.isalnum() else bad_code_text(code)

        return Push(TextEntryScreen(TABLE_CODE, accepted, max_length=16, check=check))

    def _refresh(self, services: Services) -> Transition | None:
        self.online.client.send(p.ListTables())
        self._wait_for_a_whole_list()
        self.awaiting = True
        return None

    def _who_is_online(self, services: Services) -> Transition | None:
        # Said when the answer comes (see update: NewsKind.PEOPLE).
        self.online.client.send(p.WhoIsOnline())
        self.awaiting = True
        return None

    def _options(self, services: Services) -> Transition:
        # The lobby goes on under it (see update_covered).
        return Push(OptionsMenu(online=True))

    def _wait_for_a_whole_list(self) -> None:
        self._refreshing = True
        self._whole_before = self.online.client.whole_lists

    def _leave_server(self, services: Services) -> Transition:
        # Asked first, as the waiting room and the game ask before leaving a
        # table: one stray Escape left the server (and its chat) at once.
        return Push(Confirm(LEAVE_SERVER, leave_server_question_text, self._left))

    def _left(self, services: Services) -> Transition:
        self.online.close()
        services.sound.play(Cue.MENU_BACK)
        services.say_text(left_server_text())
        return Pop(2)  # the question and the lobby

    # --- the framework ---
    def key_contexts(self) -> tuple[Context, ...]:
        return _online_contexts()

    def on_enter(self, services: Services) -> None:
        self._services = services
        if self.online.client.lobby_count:
            self._introduced = True
            self._say_why_and_arrive(services)
        # else: said when the server's first list comes (see update)

    def _say_why_and_arrive(self, services: Services) -> None:
        """The first arrival: why here first, then the lobby (not over it).

        Why: a seat given up while the game was closed, told by the welcome.
        """
        client = self.online.client
        why = [*self._why, *client.take_news(lambda news: news.kind in _WHY_BACK)]
        self._why = []
        if why:
            say_news(services, self.online, why)
        self._say_arrival(services, interrupt=not services.spoke_this_frame())

    def on_resume(self, services: Services) -> None:
        client = self.online.client
        # Why the player is back here (a table closed under them, a seat given up
        # while they were away) comes first, then where the focus is.
        why = client.take_news(lambda news: news.kind in _WHY_BACK)
        if why:
            say_news(services, self.online, why)
        # Back from a table, the lobby is arrived at again: its title and the
        # list's count, as the first time (not only the line the focus is on).
        self._arriving = self._at_table
        self._at_table = False
        if self.choices_of is not None:
            # A table's choices closed: what the other tables did in the frame
            # that closed them (the choices said their own table's).
            if self._introduced and not self._refreshing:
                lines = self._relist()
                if lines:
                    services.say(Utterance(" ".join(lines)))
            self.choices_of = None
        if client.list_due:
            # Back from a table: the list held is the one of before; the fresh
            # one, asked for on leaving, is said when it comes.
            self._wait_for_a_whole_list()
            self.awaiting = True
        self._rebuild()
        if not self.awaiting and client.lobby_count:  # else the answer speaks
            if self._arriving or not self._introduced:
                self._arriving = False
                self._introduced = True
                self._say_arrival(services, interrupt=not services.spoke_this_frame())
                return
            super().on_resume(services)

    def _say_arrival(self, services: Services, *, interrupt: bool) -> None:
        """The lobby's title, how many tables, and the line the focus is on."""
        services.say(Utterance(self.arrival_text(), interrupt=interrupt))

    def is_busy(self) -> bool:
        return self.awaiting or self.online.client.lobby_count == 0

    def waits_on_server(self) -> bool:
        return self.is_busy()

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        if command is Command.CHAT:
            return chat_entry(self.online, at_table=False)
        if command is Command.BACK:
            return self._leave_server(services)
        return super().handle(command, key, services)

    def update_covered(self, services: Services, now_ms: int) -> None:
        """A table's seats, a new table, the chat line or help is over the lobby.

        Chat, the connection and tables opening, closing, filling and starting
        are told as they come, as in the lobby itself (before, nothing until the
        player was back in it). The rest waits for the lobby. At a table, its
        screen tells all.
        """
        session = self.online
        client = session.client
        if client.table is not None:
            return
        session.pump()
        now = client.take_news(_told_under_cover)
        if now:
            say_news(services, session, now)
        if (
            self._introduced
            and not self._refreshing
            and client.lobby_count != self._seen_lists
        ):
            lines = self._relist()
            if lines:
                services.say(Utterance(" ".join(lines)))

    def _relist(self) -> list[str]:
        """The list again from the client's; what opened, closed, filled or began.

        Not the table whose choices are open: they say its changes themselves.
        """
        told_above = self.choices_of
        listed = [info for info in self._listed if info.id != told_above]
        self._rebuild()
        now = [info for info in self.online.client.tables if info.id != told_above]
        return lobby_changes(listed, now)

    def update(self, services: Services, now_ms: int) -> Transition | None:
        session = self.online
        client = session.client
        session.pump()
        joined = False
        focus_after = False  # a request for a table refused: say the focus's line
        found: p.TableInfo | None = None
        people: OnlineNews | None = None
        news = client.drain_news()
        for item in news:
            match item.kind:
                case NewsKind.TABLE:
                    joined = True
                case NewsKind.FOUND:
                    # Found: its choices open; a seat asked there is asked anew.
                    self.awaiting = self._asked_for_table = False
                    found = item.table
                case NewsKind.FOUND_CHANGED if _same_table(found, item.table):
                    found = item.table  # changed as soon as found: the latest
                case NewsKind.FOUND_CLOSED if found is not None and _same_table(
                    found, item.table
                ):
                    # Closed as soon as found: no choices to open.
                    text = found_table_closed_text(found)
                    services.say(Utterance(text, interrupt=True))
                    found = None
                case NewsKind.LOBBY | NewsKind.FOUND_CHANGED | NewsKind.FOUND_CLOSED:
                    pass  # (a found table's changes: for its choices, if shown)
                case NewsKind.REFUSED:
                    # A seat, watching or a new table refused: its choices
                    # closed on asking, so where the focus is comes after why
                    # (QA: "That seat is taken." and then silence, the player
                    # thinking the seats were still offered).
                    focus_after = focus_after or self._asked_for_table
                    self.awaiting = self._asked_for_table = False
                    say_news(services, session, [item])
                case NewsKind.PEOPLE if item.people:
                    self.awaiting = False
                    people = item  # a list to move through (see below)
                case NewsKind.PEOPLE:
                    self.awaiting = False
                    say_news(services, session, [item])  # no one else
                case NewsKind.LEAVE_REFUSED:
                    # The waiting room was left too late: the table comes again.
                    self.awaiting = False
                    say_news(services, session, [item])
                case NewsKind.LINK if item.link is LinkState.REPLACED:
                    say_news(services, session, [item])
                    session.close()
                    return Pop()  # to the main menu: playing goes on elsewhere
                case kind if kind in _WHY_BACK and not self._introduced:
                    self._why.append(item)  # said before the first list
                case _:
                    say_news(services, session, [item])
        table = client.table
        if joined and table is not None and table.leave_refused:
            # Still seated: the table opens at once, and the lobby says nothing
            # of the list asked for on leaving (it is heard on coming back). The
            # game's own leave question comes next (OnlineTableScreen).
            self._refreshing = self._arriving = False
            if client.lobby_count != self._seen_lists:
                self._rebuild()
            self.awaiting = self._asked_for_table = False
            self._at_table = True
            return Push(table_screen_for(session, table))
        if client.lobby_count != self._seen_lists:
            was = self.items[self.index].data if self.items else None
            lines = self._relist()
            if self._introduced and not self._refreshing:
                # Tables opening, closing, filling and starting are told as they
                # happen, and the line the focus moved to if its table closed.
                if focus_after or (
                    was is not None and self.items[self.index].data != was
                ):
                    lines.append(self.item_text())
                    focus_after = False
                if lines:
                    services.say(Utterance(" ".join(lines)))
            if not self._introduced:
                # The first list (it may come after a table, when the game began
                # at one): the whole lobby, once.
                self._introduced = True
                self._refreshing = self.awaiting = False
                self.index = 0
                self._say_why_and_arrive(services)
            elif self._refreshing and client.whole_lists != self._whole_before:
                self._refreshing = False
                self.awaiting = False
                if self._arriving:
                    self._arriving = False
                    self._say_arrival(services, interrupt=True)
                else:
                    text = " ".join([self._intro(), self.item_text()])
                    services.say(Utterance(text, interrupt=True))
        if joined and table is not None:
            # Unasked, the server put the player back at a table of theirs.
            rejoined = not self._asked_for_table
            self.awaiting = self._asked_for_table = False
            self._at_table = True
            if not table.is_seated and table.has_started:
                # (Before the game, the waiting room's intro says it, once.)
                services.say(Utterance(watching_text(table.info, table.chair)))
            elif table.has_started and table.seat is not None and not rejoined:
                # A free seat in a game under way: where one sits, before where
                # things stand (the waiting room says it, and "Back at" a return).
                services.say(Utterance(seated_text(table.info, table.seat)))
            return Push(table_screen_for(session, table, rejoined=rejoined))
        if focus_after and not self._refreshing:
            services.say(Utterance(self.item_text()))
        if found is not None:
            # The private table asked for by its code: its seats and watching,
            # as Enter on a listed table offers them.
            return Push(TableChoiceScreen(self, found))
        if people is not None:
            return Push(PeopleScreen(self, people))
        return None

    def choices_for(self, info: p.TableInfo) -> TableChoiceScreen:
        """The choices (a seat, watching) of the listed table ``info``."""
        self.choices_of = info.id
        return TableChoiceScreen(self, info, listed=True)


_FOUND_NEWS: Final = frozenset({NewsKind.FOUND_CHANGED, NewsKind.FOUND_CLOSED})


class _LobbyMenu(MenuScreen):
    """A menu over the lobby: the online keys, and the chat line to the lobby."""

    lobby: LobbyScreen

    def key_contexts(self) -> tuple[Context, ...]:
        return _online_contexts()

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        if command is Command.CHAT:
            return chat_entry(self.lobby.online, at_table=False)
        return super().handle(command, key, services)


class _TableMenu(_LobbyMenu):
    """A table's choices over the lobby, kept as the table changes.

    A table found by its code is sent again whenever it changes (protocol 8); a
    listed one changes in the lobby's list. Either way the choices are made
    afresh in place, the focus kept on the same choice (or, that one gone,
    where it was, said), and the change is said in the lobby's words. A table
    that closes is said to have, and its choices close.
    """

    info: p.TableInfo
    closes: int = 1
    """Screens closed when the table closes (this one, and those under it)."""
    listed: bool = False
    """Opened from the lobby's list (it follows the list), not found by its code
    (it follows the server's ``found_table`` news)."""
    _lists_seen: int = -1
    """The lobby's lists taken in (a listed table's changes come with a new one)."""

    def _items(self, info: p.TableInfo) -> list[MenuItem]:
        raise NotImplementedError

    def refresh(self, info: p.TableInfo) -> bool:
        """Show ``info``'s choices; True if the focus moved (its choice went)."""
        focused = self.items[self.index].data if self.items else None
        self.info = info
        self.items = self._items(info)
        keys = [item.data for item in self.items]
        if focused in keys:
            self.index = keys.index(focused)
            return False
        self.index = min(self.index, len(keys) - 1)
        return True

    def _found_change(self) -> tuple[p.TableInfo, bool] | None:
        """The found table's latest listing and whether it closed; None: as shown."""
        table_id = self.info.id
        news = self.lobby.online.client.take_news(
            lambda n: (
                n.kind in _FOUND_NEWS and n.table is not None and n.table.id == table_id
            )
        )
        if not news or news[-1].table is None:
            return None
        return news[-1].table, news[-1].kind is NewsKind.FOUND_CLOSED

    def _listed_change(self) -> tuple[p.TableInfo, bool] | None:
        """The listed table as the lobby's list has it now, and whether it left it."""
        client = self.lobby.online.client
        if client.lobby_count == self._lists_seen:
            return None
        self._lists_seen = client.lobby_count
        table_id = self.info.id
        now = next((info for info in client.tables if info.id == table_id), None)
        if now is None:
            return self.info, True
        return None if now == self.info else (now, False)

    def update(self, services: Services, now_ms: int) -> Transition | None:
        self.lobby.online.pump()
        change = self._listed_change() if self.listed else self._found_change()
        if change is None:
            return None
        latest, closed = change
        if closed:
            services.say(Utterance(found_table_closed_text(latest), interrupt=True))
            return Pop(self.closes)
        before = self.info
        moved = self.refresh(latest)
        self.found_changed(latest)
        lines = [found_table_change_text(before, latest)]
        if moved:
            lines.append(self.item_text())
        text = " ".join(line for line in lines if line)
        if text:
            services.say(Utterance(text))
        return None

    def found_changed(self, info: p.TableInfo) -> None:
        """The screens under this one take ``info`` too (quietly)."""


class PeopleScreen(_LobbyMenu):
    """Who else is online, one a line (the lobby's "Who is online").

    The lobby's people first (they hear its chat), then by name, each with where
    they are. Enter on someone at a public table still listed offers that
    table's choices, as Enter on it in the lobby does (a seat, or watching); on
    anyone else, and the chat key on anyone, opens a line to them alone (a
    private table's code for a friend, say).
    """

    def __init__(self, lobby: LobbyScreen, news: OnlineNews) -> None:
        self.lobby = lobby
        count = len(news.people) + news.more
        super().__init__(
            WHO_IS_ONLINE_TITLE,
            [
                MenuItem(
                    partial(person_online_text, person),
                    action=self._to_table if person.table_id else self._write,
                    data=person,
                )
                for person in news.people
            ],
            intro=partial(people_online_count, count),
        )

    def _person(self) -> p.PersonOnline:
        person = self.items[self.index].data
        assert isinstance(person, p.PersonOnline)
        return person

    def _write(self, services: Services) -> Transition:
        person = self._person()
        return private_entry(self.lobby.online, person.player, person.name)

    def _to_table(self, services: Services) -> Transition | None:
        wanted = self._person().table_id
        tables = self.lobby.online.client.tables
        info = next((t for t in tables if t.id == wanted), None)
        if info is None:  # closed since: a line to them instead
            return self._write(services)
        return Replace(self.lobby.choices_for(info))

    def help_meanings(self) -> Mapping[Command, str | None]:
        return {**super().help_meanings(), Command.CHAT: private_key_text()}

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        if command is Command.CHAT and self.items:
            return self._write(services)
        return super().handle(command, key, services)


class TableChoiceScreen(_TableMenu):
    """Enter on a table in the lobby: a free seat, or watching.

    A private table's code opens it too, once the server has found the table
    (before, its code offered only the first free seat, or watching from seat 1);
    its choices then follow the table's changes (see :class:`_TableMenu`).
    """

    def __init__(
        self, lobby: LobbyScreen, info: p.TableInfo, *, listed: bool = False
    ) -> None:
        self.lobby = lobby
        self.info = info
        self.listed = listed
        self._lists_seen = lobby.online.client.lobby_count
        super().__init__(
            TABLE_CHOICE_TITLE,
            self._items(info),
            intro=lambda: _sentence(table_line, self.info),
        )

    def _items(self, info: p.TableInfo) -> list[MenuItem]:
        items: list[MenuItem] = []
        by_number = [
            MenuItem(
                partial(sit_in_seat_label, seat, info),
                action=partial(self._sit, seat=seat),
                data=seat,
            )
            for seat in info.free_seats
        ]
        if info.state is p.TableState.PLAYING:
            # A game under way: the seat someone left, a computer playing it,
            # by its number and partner ("Sit in seat 2, partner of Bert"), as
            # those watching it are offered it (not "the first free seat": one
            # joins a hand half played, beside a partner already there).
            items += by_number
        elif info.free_seats:
            items.append(
                MenuItem(SIT_ANY, action=partial(self._sit, seat="any"), data="any")
            )
            if len(by_number) > 1:
                items += by_number
        items.append(MenuItem(WATCH, action=self._watch, data=WATCH))
        return items

    def _sit(self, services: Services, *, seat: int | str) -> Transition:
        wanted: int | str = seat
        self.lobby.online.client.send(p.JoinSeat(table=self.info.id, seat=wanted))  # type: ignore[arg-type]
        self.lobby.expect_answer()
        return Pop()

    def _watch(self, services: Services) -> Transition:
        return Push(WatchChoiceScreen(self.lobby, self.info, under=self))


class WatchChoiceScreen(_TableMenu):
    """The chair to watch from ("Watch the game"): every seat, taken or not.

    Watching takes no seat: a spectator sees the table as that seat's player does,
    without their cards. Escape goes back to the table's choices.
    """

    def __init__(
        self,
        lobby: LobbyScreen,
        info: p.TableInfo,
        *,
        under: TableChoiceScreen | None = None,
    ) -> None:
        self.lobby = lobby
        self.info = info
        self.under = under
        """The table's choices, under this one (they follow the table too)."""
        self.closes = 1 if under is None else 2
        self.listed = under is not None and under.listed
        self._lists_seen = -1 if under is None else under._lists_seen
        super().__init__(WATCH_CHOICE_TITLE, self._items(info))

    def _items(self, info: p.TableInfo) -> list[MenuItem]:
        return [
            MenuItem(
                partial(watch_from_seat_label, seat, info),
                action=partial(self._watch, chair=seat),
                data=seat,
            )
            for seat in range(info.players)
        ]

    def found_changed(self, info: p.TableInfo) -> None:
        if self.under is not None:
            self.under.refresh(info)

    def _watch(self, services: Services, *, chair: int) -> Transition:
        self.lobby.online.client.send(p.Spectate(table=self.info.id, chair=chair))
        self.lobby.expect_answer()
        return Pop(2)  # this choice and the table's, back to the lobby


def _code_typed(text: str) -> str:
    """A private table's code as typed, its spaces left out.

    The code is spoken a character at a time ("B G U 3 C G"), and a friend may
    pass it on so: typed with its spaces it is the same code (the page leaves
    them out too). Before, the spaces made it "not a code".
    """
    return "".join(text.split())


def _check_table_name(text: str) -> str | None:
    # What the server refuses is checked by the entry (for_server).
    if text and len(text) <= p.MAX_TABLE_NAME_LENGTH:
        return None
    return bad_name_text(p.MAX_TABLE_NAME_LENGTH)


class CreateTableScreen(_LobbyMenu):
    """A new table: its name, its rules (the rule settings screen), private or not."""

    def __init__(self, lobby: LobbyScreen) -> None:
        self.lobby = lobby
        name = default_table_name(lobby.online.name)
        self.table_name = self._default_name = name[: p.MAX_TABLE_NAME_LENGTH]
        self.private = False
        self._services: Services | None = None
        items = [
            MenuItem(TABLE_NAME, action=self._rename, value=lambda: self.table_name),
            MenuItem(RULES_ITEM, action=self._rules_screen, value=self._rules_value),
            MenuItem(
                PRIVATE_ITEM,
                value=lambda: on_off_text(self.private),
                adjust=self._toggle_private,
            ),
            MenuItem(CREATE_NOW, action=self._create),
        ]
        super().__init__(CREATE_TITLE, items)

    def on_enter(self, services: Services) -> None:
        self._services = services
        super().on_enter(services)

    def _rules_value(self) -> str:
        if self._services is None:
            return ""
        rules = rules_from_settings(self._services)
        data = rules.to_dict()
        preset = rules.preset if data == {"preset": rules.preset} else "custom"
        return create_rules_value(preset, rules.player_count, rules.partnerships)

    def _rename(self, services: Services) -> Transition:
        def accepted(services: Services, name: str) -> Transition:
            self.table_name = name
            return Pop()

        return Push(
            TextEntryScreen(
                TABLE_NAME,
                accepted,
                text=self.table_name,
                max_length=p.MAX_TABLE_NAME_LENGTH,
                check=_check_table_name,
                for_server=True,
            )
        )

    def _rules_screen(self, services: Services) -> Transition:
        from audiospades.app.rules_screen import RuleSettingsScreen

        return Push(RuleSettingsScreen(local_game=False))

    def _toggle_private(self, services: Services, step: int) -> None:
        self.private = not self.private

    def _create(self, services: Services) -> Transition:
        rules = rules_from_settings(services)
        name: str | None = self.table_name[: p.MAX_TABLE_NAME_LENGTH]
        if self.table_name == self._default_name:
            # No name given: the server names the table after its host, and
            # each player hears that name in their own language. A name typed,
            # even "Bob's table", is heard as typed.
            name = None
        self.lobby.online.client.send(
            p.CreateTable(
                name=name,
                rules=rules.to_dict(),
                players=rules.player_count,
                partnerships=rules.partnerships,
                private=self.private,
            )
        )
        self.lobby.expect_answer()
        return Pop()


class WaitingRoomScreen(MenuScreen):
    """The seats before the game, and the host's tools (see the module docstring)."""

    def __init__(
        self,
        session: OnlineSession,
        table: RemoteTable,
        *,
        over: OnlineTableScreen | None = None,
    ) -> None:
        """The room of ``table``; ``over``: the finished game's table under it."""
        self.online = session
        self.table = table
        self.over = over
        """The finished game's table this room was opened over (the host fills a
        seat left empty): Escape goes back to it, the next game is played there."""
        self.saw_the_start = False
        """The game began while this player was here (else: it began while the
        connection was down, and the table tells where things stand)."""
        self.armed = False
        """The host asked to start as soon as every seat is taken."""
        self.starting = False
        """The host asked to start; the server has not answered yet."""
        self._info = table.info
        self.quiet_resume = False
        """A computer player was asked for: its arrival is the next thing said."""
        self.awaiting_seat = False
        """A computer player was asked for or sent away; the server has not
        answered yet (keys wait, so a script's next key meets the new seats)."""
        self._called_back = False
        """Covered, the player was told their turn came (once per turn)."""
        self._question: LeaveRoomQuestion | None = None
        """The leave question, while it is open over the room."""
        super().__init__(WAITING_TITLE, [], intro=self._intro)
        self._rebuild()
        empty = self._empty_seats()
        if over is not None and empty:
            self.index = empty[0]  # the seat to fill (the seats come first)

    def _intro(self) -> str:
        table = self.table
        return waiting_room_intro(
            table.info, table.seat, table.is_host, table.code, table.chair
        )

    def arrival_text(self) -> str:
        # The title with the table's rules, then where one sits (the table
        # named there), as the page says it; then the item the focus is on.
        table = self.table
        parts = [
            waiting_room_arrival(
                table.info, table.seat, table.is_host, table.code, table.chair
            )
        ]
        if self.items:
            parts.append(self.item_text())
        return " ".join(p for p in parts if p)

    def where_text(self) -> str:
        return waiting_room_heading(self.table.info, self.table.code)

    def draw(self, surface: pygame.Surface, services: Services) -> None:
        # The title on the picture names the table and its rules (QA: one who
        # joined by a code saw only "Waiting for the game.") and keeps a private
        # table's code in sight.
        from audiospades.app.render import draw_lines

        heading = waiting_room_heading(self.table.info, self.table.code)
        draw_lines(surface, services, heading, self.lines(), self.focus_index())

    def _rebuild(self) -> None:
        table = self.table
        info = table.info
        self._info = info
        items = [
            MenuItem(
                partial(self._seat_label, seat),
                action=partial(self._seat_action, seat=seat),
                value=partial(self._occupant, seat),
            )
            for seat in range(info.players)
        ]
        if table.is_host:
            items.append(
                MenuItem(START_GAME, action=self._start, value=self._start_value)
            )
        # Options while waiting: a player need not leave to change the speech rate,
        # the language or chat speech (the room goes on under it).
        items.append(MenuItem(OPTIONS, action=self._options))
        items.append(MenuItem(LEAVE_TABLE, action=self._leave))
        self.items = items
        self.index = min(self.index, len(items) - 1)

    # --- seats ---
    def _held(self, seat: int) -> p.SeatInfo | None:
        return next((s for s in self.table.info.seats if s.seat == seat), None)

    def _seat_label(self, seat: int) -> str:
        return seat_item_label(seat, self.table.seat, self.table.info)

    def _occupant(self, seat: int) -> str:
        held = self._held(seat)
        if held is None or seat == self.table.seat:
            return ""
        return occupant_text(held)

    def _empty_seats(self) -> list[int]:
        return [s.seat for s in self.table.info.seats if s.kind is p.SeatKind.EMPTY]

    def _seat_action(self, services: Services, *, seat: int) -> Transition | None:
        held = self._held(seat)
        if seat == self.table.seat:
            services.say(Utterance(own_seat_text(), interrupt=True))
            return None
        if held is None:
            services.say(Utterance(self.item_text(), interrupt=True))
            return None
        # Seats change only before the first game (after one, the finished
        # table's free seats are for newcomers and computer players).
        free = seat in self.table.info.free_seats
        if free and self.table.is_host:
            return Push(BotChoiceScreen(self, seat))
        if free and not self.table.has_started:
            self.sit_in(seat)
            return None
        if not self.table.is_host:
            services.say(Utterance(not_host_text(), Cue.ILLEGAL_MOVE, interrupt=True))
            return None
        if held.kind is p.SeatKind.COMPUTER:
            self.online.client.send(p.RemoveBot(seat=seat))
            self.awaiting_seat = True
            return None
        services.say(Utterance(self.item_text(), interrupt=True))
        return None

    def sit_in(self, seat: int) -> None:
        """Move to the free ``seat`` (a spectator: sit down in it)."""
        self.online.client.send(p.JoinSeat(table=self.table.info.id, seat=seat))
        self.awaiting_seat = True

    def _options(self, services: Services) -> Transition:
        # The room goes on under it (see update_covered).
        return Push(OptionsMenu(online=True))

    # --- starting and leaving ---
    def _start_value(self) -> str:
        away = [
            s.name or ""
            for s in self.table.info.seats
            if s.kind is p.SeatKind.HUMAN and not s.connected
        ]
        return start_value(self.armed, len(self._empty_seats()), away)

    def _start(self, services: Services) -> Transition | None:
        if self._empty_seats():
            self.armed = not self.armed
            services.say(Utterance(start_armed_text(self.armed), interrupt=True))
            return None
        self.online.client.send(p.StartGame())
        self.starting = True
        return None

    def _leave(self, services: Services) -> Transition:
        # Asked first, as at the game: one stray Escape (say, a habit after
        # closing the computer players' list) gave up the host's place, and, for
        # one alone, the table and its private code.
        self._question = LeaveRoomQuestion(self)
        return Push(self._question)

    def is_playing(self) -> bool:
        """Whether this player holds a seat in a game under way at the table.

        Leaving then gives the seat to a computer player (the game's question).
        """
        table = self.table
        # The table's state comes with "The game starts." (the game itself a
        # moment later): Y between the two must not count as before the game.
        playing = table.info.state is p.TableState.PLAYING
        return table.is_seated and (
            playing or (table.has_started and not table.is_over)
        )

    def leave_now(self, services: Services, *, before_start: bool) -> Transition:
        """Y to "Leave the table?": leave, back to the lobby.

        ``before_start``: Y answered the room's words (nothing lost): should the
        game have started before the server reads it, the server keeps the seat
        and the game asks again (see :class:`OnlineTableScreen`).
        """
        self._question = None
        self.online.client.leave_table(before_start=before_start)
        services.sound.play(Cue.MENU_BACK)
        services.say_text(left_table_text())
        # The question and the room (over a finished game's table, that too).
        return Pop(3) if self.over is not None else Pop(2)

    def _to_the_lobby(self) -> Transition:
        # Over a finished game's table, that table goes too.
        return Pop(2) if self.over is not None else Pop()

    # --- the framework ---
    def key_contexts(self) -> tuple[Context, ...]:
        return (Context.ROOM, *_online_contexts())

    def is_busy(self) -> bool:
        if self.online.client.table is not self.table:
            return False
        return (
            (not self.table.is_host)
            or self.armed
            or self.starting
            or self.awaiting_seat
        )

    def waits_on_server(self) -> bool:
        return self.is_busy()

    def _gives_way(self) -> bool:
        """Whether the room's next update leaves it.

        The table closed, or the game began: the lobby or the table speaks then,
        not the room.
        """
        table = self.table
        if self.online.client.table is not table:
            return True
        if self.over is not None:
            return table.has_started and not table.is_over
        return table.has_started

    def on_resume(self, services: Services) -> None:
        self._called_back = False
        self._question = None  # whatever was over the room has closed
        if self.quiet_resume:
            self.quiet_resume = False  # the server's news says what happened
            return
        if self._gives_way():
            return  # said by what comes next (see update)
        super().on_resume(services)

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        if command is Command.CHAT:
            return chat_entry(self.online, at_table=True)
        if command is Command.WHO_IS_HERE:
            table = self.table
            words = who_is_here_text(table.company(), table.rules)
            services.say(Utterance(words, interrupt=True))
            return None
        if command is Command.BACK:
            if self.over is not None:
                services.sound.play(Cue.MENU_BACK)
                return Pop()  # back to the finished game's table, still seated
            return self._leave(services)
        return super().handle(command, key, services)

    def update_covered(self, services: Services, now_ms: int) -> None:
        """A computer player's choice, Options, the chat line or help is over the room.

        Who comes and goes, chat and the game's start are told as they come; a
        game begun meanwhile calls the player back when their turn comes, as the
        table does (it opens when the room is on top again).
        """
        session, table = self.online, self.table
        if session.client.table is not table:
            return  # the room's own update goes back to the lobby
        session.pump()
        self._tell(services, table.drain_news())
        question = self._question
        if question is not None and question.asked_playing != self.is_playing():
            # The game began under "Leave the table?": asked again at once, in
            # the game's words, before any later key can answer the old one.
            question.ask_again(services)
            return
        waits = (
            table.has_started
            and not table.is_over
            and (table.is_human_turn or table.question is not None)
        )
        if waits and not self._called_back:
            services.say(Utterance(covered_turn_text(), Cue.YOUR_TURN))
        self._called_back = waits

    def tell_news(self, services: Services) -> None:
        """Say the table's news taken in so far (who came, the game's start)."""
        self._tell(services, self.table.drain_news())

    def _tell(self, services: Services, news: list[OnlineNews]) -> None:
        if any(n.kind is NewsKind.REFUSED for n in news):
            self.starting = self.awaiting_seat = False
        if any(n.change is p.SeatChange.GAME_STARTED for n in news):
            self.saw_the_start = True
        say_news(services, self.online, news, self.table.seat)

    def update(self, services: Services, now_ms: int) -> Transition | None:
        session, table = self.online, self.table
        session.pump()
        if session.client.table is not table:
            # The table closed, or another snapshot replaced it.
            return self._to_the_lobby()
        news = table.drain_news()
        if table.info is not self._info:
            self.awaiting_seat = False
        self._tell(services, news)
        if table.info is not self._info:
            self._rebuild()
        if self.armed and table.is_host and not self._empty_seats():
            self.armed = False
            self.online.client.send(p.StartGame())
            self.starting = True
        if self.over is not None:
            if table.has_started and not table.is_over:
                # The next game: played at the finished one's table, under here.
                self.over.next_game_started()
                return Pop()
            return None
        if table.has_started:
            fresh = self.saw_the_start
            return Replace(table_screen_for(session, table, fresh=fresh))
        return None


class LeaveRoomQuestion(Confirm):
    """The waiting room's "Leave the table?": Y leaves, N or Escape stays.

    If the game starts while it is open, Y would give the seat to a computer
    player in a game under way: the question is asked again in the game's words
    (those of its own "Leave the table"), and a Y meant for the words said before
    only asks it again.
    """

    def __init__(self, room: WaitingRoomScreen) -> None:
        self.room = room
        self.asked_playing = room.is_playing()
        """What the words last said meant: leaving a game under way."""
        super().__init__(LEAVE_TABLE, self._words, self._yes)

    def _words(self) -> str:
        return leave_question_text(
            self.asked_playing, last=self.room.table.is_last_person
        )

    def ask_again(self, services: Services) -> None:
        """Ask again in the words that hold now (the game began under it)."""
        self.asked_playing = self.room.is_playing()
        services.say(Utterance(self._words(), interrupt=False))

    def _yes(self, services: Services) -> Transition | None:
        room = self.room
        if room.online.client.table is room.table:
            # The server may have started the game since the last frame took in
            # its news: that news first, and Y answers only the words it heard.
            room.online.pump()
            room.tell_news(services)
        if self.asked_playing != room.is_playing():
            self.ask_again(services)
            return None
        return room.leave_now(services, before_start=not self.asked_playing)


class BotChoiceScreen(MenuScreen):
    """The host picks a computer player for a free seat, by stars.

    Any character not yet at the table. A character's level goes with it (its
    stars): there is no value to change, so Left and Right say what the focused
    character is like, as the local game's player selection does after a choice
    (they only repeated the item before).
    """

    def __init__(self, room: WaitingRoomScreen, seat: int) -> None:
        self.room = room
        self.online = room.online
        self.seat = seat
        # Not one already at the table, nor one named as a person there is: two
        # Millys could not be told apart.
        seated = {character_ruled_out(s) for s in room.table.info.seats}
        items = [
            MenuItem(
                partial(character_value, c),
                action=partial(self._add, cid=c.id),
                data=c,
            )
            for c in ROSTER
            if c.id not in seated
        ]
        # The host may want the seat (to sit as a friend's partner): last, so
        # that Enter, Enter still seats the first computer player.
        if not room.table.has_started:
            items.append(MenuItem(SIT_HERE, action=self._sit_here))
        super().__init__(CHOOSE_BOT_TITLE, items, intro=partial(choose_bot_intro, seat))

    def key_contexts(self) -> tuple[Context, ...]:
        return _online_contexts()

    def help_meanings(self) -> Mapping[Command, str | None]:
        words = character_keys_text()
        return {Command.MENU_LEFT: words, Command.MENU_RIGHT: words}

    def handle(
        self, command: Command | None, key: KeyPress, services: Services
    ) -> Transition | None:
        character = self.items[self.index].data if self.items else None
        if command in (Command.MENU_LEFT, Command.MENU_RIGHT) and isinstance(
            character, Character
        ):
            services.say(Utterance(character_personality(character), interrupt=True))
            return None
        return super().handle(command, key, services)

    def update(self, services: Services, now_ms: int) -> Transition | None:
        room = self.room
        table = room.table
        if (
            self.online.client.table is not table
            or self.seat not in table.info.free_seats
        ):
            # Someone sat down in this seat (the room said who) or the table
            # closed: nothing is left to choose here. It stayed open, and only
            # Enter said "That seat is taken." Back in the room, its focused
            # line is said: an Enter meant for the list lands there.
            return Pop()
        return None

    def _sit_here(self, services: Services) -> Transition:
        self.room.sit_in(self.seat)
        self.room.quiet_resume = True
        return Pop()

    def _add(self, services: Services, *, cid: str) -> Transition:
        self.online.client.send(p.AddBot(seat=self.seat, character=cid))
        self.room.quiet_resume = self.room.awaiting_seat = True
        return Pop()


def _same_table(found: p.TableInfo | None, info: p.TableInfo | None) -> bool:
    """Whether ``info`` is the table ``found`` (both given)."""
    return found is not None and info is not None and found.id == info.id


def _sentence(line: Callable[[p.TableInfo], str], info: p.TableInfo) -> str:
    """A table's line as a sentence, so the first item does not run into it."""
    text = line(info)
    return text if text.endswith((".", "!", "?")) else text + "."
