"""The client's picture of the server: the lobby, the table it sits at, chat.

:class:`OnlineClient` reads what the :class:`~audiospades.net.client.Connection`
received and keeps the lobby's tables, the current table and a queue of
:class:`OnlineNews` for the screens. :class:`RemoteTable` is the table at one's own
seat, with the same face as a local :class:`~audiospades.controller.GameSession`
(view, question, notices, bid/play/pass/answer), so the table screen, its keys and
the presenter work unchanged: the server decides, and everything it sends is turned
(:mod:`~audiospades.net.perspective`) so that one's own chair is seat 0.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from audiospades.bots.characters import character_named, find_character
from audiospades.net import codec
from audiospades.net import protocol as p
from audiospades.net.client import Connection, Link, LinkState
from audiospades.net.company import company_of, follow_watchers
from audiospades.net.perspective import Perspective
from audiospades.net.wire import WireView
from audiospades.notices import (
    DoneWhileAway,
    GameFinished,
    HandHidden,
    HandShown,
    Notice,
    Question,
    QuestionKind,
    TrickWaiting,
    YourTurn,
)
from audiospades.replies import Company
from audiospades.rules import (
    Bid,
    BidMade,
    Card,
    CardPlayed,
    CardsPassed,
    HandDealt,
    Phase,
    RedealRequested,
    Rules,
    SeatView,
    TrickWon,
)
from audiospades.storage import Outcome

log = logging.getLogger(__name__)


class NewsKind(StrEnum):
    """What an :class:`OnlineNews` is about."""

    LINK = "link"
    CHAT = "chat"
    SEAT = "seat"
    REFUSED = "refused"
    LOBBY = "lobby"
    TABLE = "table"
    """A table was joined (its snapshot arrived)."""
    UNDO_OFFLINE = "undo_offline"
    SEAT_LOST = "seat_lost"
    """After a reconnection the server no longer seats the player at the table
    (the seat was freed while the connection was down, before the game began)."""
    GAME_ENDED_AWAY = "game_ended_away"
    """After a reconnection the server no longer seats the player at the table
    whose game had begun: the game is over (it ended before the connection was
    lost, or a computer player played the seat to the end), and the seat was
    given up while the connection was down."""
    TABLE_GONE = "table_gone"
    """The server put the player back in the lobby: the table watched closed
    (its last person left)."""
    FOUND = "found"
    """The private table asked for by its code (``find_table``): its listing, to
    choose a seat or a chair from."""
    FOUND_CHANGED = "found_changed"
    """The table found by its code has changed: its listing afresh."""
    FOUND_CLOSED = "found_closed"
    """The table found by its code has closed (``table``: its last listing)."""
    LEAVE_REFUSED = "leave_refused"
    """Leaving the waiting room came too late: the game had started, and the
    server kept the seat (its fresh snapshot follows)."""
    PEOPLE = "people"
    """Who else is connected (the answer to ``who_is_online``)."""
    REMINDER = "reminder"
    """Someone reminded the people the table waits for (you, or you did)."""
    HAND_KEPT = "hand_kept"
    """The server took one's N to the redeal offer: the hand is kept."""
    KEEP_TOO_LATE = "keep_too_late"
    """One's N to the redeal offer came after the question had closed (another
    player threw the hand in, or a computer took the seat): ``redealt``, the
    hand was thrown in meanwhile."""


@dataclass(frozen=True, slots=True)
class OnlineNews:
    """Something the online side tells the player (worded by the presenter)."""

    kind: NewsKind
    link: LinkState | None = None
    detail: str = ""
    sender: str = ""
    text: str = ""
    scope: str = ""
    change: p.SeatChange | None = None
    seat: int | None = None
    """A seat as the player sees it (their own chair is 0)."""
    real_seat: int | None = None
    """The same seat as the server numbers it (0 is the table's first seat)."""
    name: str = ""
    previous: str = ""
    """Who sat in the seat before the change (a player leaving, a computer removed)."""
    previous_is_computer: bool = False
    """A computer player sat there before the change (one standing in, when a
    person takes the seat)."""
    is_own: bool = False
    """A chat line the player sent (the server's echo of it)."""
    code: p.ErrorCode | None = None
    table: p.TableInfo | None = None
    people: tuple[p.PersonOnline, ...] = ()
    """Who else is connected (``PEOPLE``)."""
    more: int = 0
    """How many more are connected than ``people`` lists."""
    people_names: tuple[str, ...] = ()
    """Those a ``REMINDER`` reminded."""
    watched_as: str = ""
    """A spectator sitting down (``JOINED``): the name they watched the table as
    (version 14; "" otherwise)."""
    after: int = 0
    """At a table: how many of the table's notices came before this news, so the
    two can be told in the order they arrived."""
    redealt: bool = False
    """``KEEP_TOO_LATE``: the hand was thrown in before the N counted."""


class NewsQueue:
    """Online news waiting to be told (chat, seats, the link, refusals), in order.

    The client's (the lobby's and the link's) and a table's (its own notices stay
    with it) are each one.
    """

    news: list[OnlineNews]

    def drain_news(self) -> list[OnlineNews]:
        """The news since the last call."""
        out, self.news = self.news, []
        return out

    def take_news(self, wanted: Callable[[OnlineNews], bool]) -> list[OnlineNews]:
        """The news ``wanted`` picks, taken out; the rest stays, in order."""
        taken = [item for item in self.news if wanted(item)]
        if taken:
            self.news = [item for item in self.news if not wanted(item)]
        return taken


@dataclass
class OnlineClient(NewsQueue):
    """The online side of the game: the lobby, the table, chat and the link."""

    connection: Connection
    tables: list[p.TableInfo] = field(default_factory=list)
    table: RemoteTable | None = None
    news: list[OnlineNews] = field(default_factory=list)
    link: LinkState | None = None
    welcome: p.Welcome | None = None
    chat_log: list[OnlineNews] = field(default_factory=list)
    lobby_count: int = 0
    """Lobby lists received, whole or changes to one (0: none yet)."""
    whole_lists: int = 0
    """Whole lobby lists received: the answers to ``ListTables`` are among them
    (a change to one is not an answer)."""
    list_due: bool = False
    """A table was left and the lobby's list asked for: it has not come yet."""
    _reattaching: bool = False
    """Reconnected while at a table: its snapshot (or the lobby) is due."""
    _leaving: str | None = None
    """The table a leave was sent from, until the server answers: its frames
    meanwhile are stale. Before its game, the game may have started (the server
    then keeps the seat and sends the table afresh); in a game, the snapshot of
    a start that crossed the leave would seat one again in a seat the server has
    given to a computer player."""
    _leave_refused: bool = False
    """The server kept the seat: the next snapshot is that table again."""
    _leave_sent: p.Leave | None = None
    """The last leave sent: sent again on reconnecting before its answer."""
    _leave_resent: bool = False
    """A leave was sent again on reconnecting: the server's "not at a table" for
    one of the two is no news (the other went through)."""
    _lists_asked: int = 0
    """Lobby lists asked for and not come yet (others come unasked: the table
    watched closed)."""
    _pings: int = 0
    """Pings sent (each one's nonce is its number)."""
    count_game: Callable[[str, Outcome], list[Notice]] | None = None
    """Counts a game finished at one's own seat in the player's statistics, by the
    server's game id (once, however often its end is told), and gives what to
    say of any trouble with the file; None when nothing is kept (tests)."""

    def pump(self) -> bool:
        """Take in what arrived; True if anything did."""
        items = self.connection.poll()
        for item in items:
            self._take(item)
        return bool(items)

    def send(self, message: p.ClientMessage) -> None:
        """Send an intent to the server."""
        if isinstance(message, p.ListTables):
            self._lists_asked += 1
        self.connection.send(message)

    def ping(self) -> int:
        """Send a ping, and give its nonce.

        Its pong comes once the server has acted on everything sent before it.
        """
        self._pings += 1
        self.send(p.Ping(nonce=self._pings))
        return self._pings

    def close(self) -> None:
        """Leave the server."""
        self.connection.close()

    def resync(self) -> None:
        """Connect again, for the server to send the table afresh."""
        self.connection.resync()

    def _is_stale(self, item: p.AnyServerMessage | Link) -> bool:
        """Whether ``item`` is of the table being left.

        Until the server answers the leave, its frames are dropped: a start that
        crossed the leave is told, once the server has kept the seat, by the
        fresh snapshot it sends then.
        """
        leaving = self._leaving
        match item:
            case p.TableSnapshot() | p.SeatChanged():
                return item.table.id == leaving
            case p.TableUpdate():
                return item.table == leaving
        return False

    def _take(self, item: p.AnyServerMessage | Link) -> None:
        if self._leaving is not None and self._is_stale(item):
            return
        match item:
            case Link(state=state, detail=detail):
                self.link = state
                leave = self._leave_sent
                if state is LinkState.RECONNECTED and self._leaving and leave:
                    # A leave made while the link was down, or lost with it: the
                    # server greets the player at the table still, which must not
                    # seat them again. Sent again; its table stays dropped until
                    # the answer (the lobby).
                    self.send(leave)
                    self._leave_resent = True
                elif state is not LinkState.LOST:
                    self._leaving = None
                if state is LinkState.REPLACED:
                    # This connection is over: no table is open here any more,
                    # and the lobby says why and leaves the server.
                    self.table = None
                    self.news.append(OnlineNews(NewsKind.LINK, link=state))
                    return
                self._tell(OnlineNews(NewsKind.LINK, link=state, detail=detail))
                if state is LinkState.RECONNECTED:
                    # The server answers the new hello with the table (still
                    # seated) or with the lobby (the seat is gone).
                    self._reattaching = self.table is not None
                    self.send(p.ListTables())
            case p.Welcome(seat_given_up=given_up):
                self.welcome = item
                if given_up is not None and self.table is None:
                    # Started afresh (a reconnection's table says it itself):
                    # why the lobby comes, and not the table left.
                    kind = NewsKind.SEAT_LOST
                    if given_up == "game_ended":
                        kind = NewsKind.GAME_ENDED_AWAY
                    self.news.append(OnlineNews(kind))
            case p.Lobby(tables=tables):
                asked, self._lists_asked = (
                    self._lists_asked > 0,
                    max(0, self._lists_asked - 1),
                )
                if self.table is not None and (
                    self._reattaching or (not asked and not self.table.is_seated)
                ):
                    # The server lists the lobby to players who are in it: after
                    # a reconnection the seat was given up; a spectator's table
                    # closed.
                    closed = self.table
                    kind = _why_back_in_the_lobby(closed, self._reattaching)
                    self.table = None
                    # What the table had not said yet goes with the player: who
                    # left and closed it, and any chat line (QA: a spectator was
                    # sent to the lobby without a word why).
                    unsaid = closed.drain_news()
                    self.news.append(
                        OnlineNews(kind, previous=_last_to_leave(unsaid))
                        if kind is NewsKind.TABLE_GONE
                        else OnlineNews(kind)
                    )
                    self.news += [n for n in unsaid if n.kind is NewsKind.CHAT]
                self._reattaching = False
                self._leaving = None  # the leave went through (or never mattered)
                self.list_due = False
                self.tables = list(tables)
                self.lobby_count += 1
                self.whole_lists += 1
                self.news.append(OnlineNews(NewsKind.LOBBY))
            case p.LobbyUpdate(tables=changed, gone=gone):
                self.tables = merged_listing(self.tables, changed, gone)
                if self.table is None and self.lobby_count:
                    self.lobby_count += 1  # a new list, told as a whole one is
                    self.news.append(OnlineNews(NewsKind.LOBBY))
            case p.TableSnapshot():
                self._reattaching = False
                self._joined(item)
            case p.TableUpdate():
                if self.table is not None and self.table.info.id == item.table:
                    self.table.take_update(item)
            case p.SeatChanged(change=change, seat=seat, name=name, table=info):
                previous, was_computer = "", False
                if self.table is not None and self.table.info.id == info.id:
                    held = _seat_info(self.table.info, seat)
                    if held is not None:
                        previous = held.name or ""
                        was_computer = held.kind is p.SeatKind.COMPUTER
                    self.table.take_info(info)
                    if change is p.SeatChange.GAME_STARTED:
                        # The next game's names now, even before its first
                        # update (its view) comes: "New game with ..." is said
                        # on this news.
                        self.table.next_game_named()
                    follow_watchers(
                        self.table.watchers, change, name or "", item.watched_as
                    )
                    seen = self.table.seat_seen(seat)
                else:
                    seen = seat
                self._tell(
                    OnlineNews(
                        NewsKind.SEAT,
                        change=change,
                        seat=seen,
                        real_seat=seat,
                        name=name or "",
                        previous=previous,
                        previous_is_computer=was_computer,
                        table=info,
                        watched_as=item.watched_as or "",
                    )
                )
            case p.ChatLine(scope=scope, sender=sender, text=text, seat=seat):
                welcome = self.welcome
                news = OnlineNews(
                    NewsKind.CHAT,
                    sender=sender,
                    text=text,
                    scope=scope,
                    name=item.to_name or "",  # a private line's other player
                    seat=self.table.seat_seen(seat) if self.table else seat,
                    is_own=welcome is not None and item.player == welcome.player,
                )
                self.chat_log.append(news)
                del self.chat_log[:-200]
                self._tell(news)
            case p.Error(code=code, detail=detail, request="leave"):
                self._leaving = None
                if self.table is not None:
                    self.table.awaiting_reply = False
                if code is p.ErrorCode.NOT_AT_TABLE and self._leave_resent:
                    self._leave_resent = False  # the first of the two was enough
                elif code is p.ErrorCode.GAME_STARTED:
                    # Too late for the waiting room: still seated, the table
                    # comes again (the next snapshot).
                    self._leave_refused = self.table is None
                    self._tell(OnlineNews(NewsKind.LEAVE_REFUSED, code=code))
                else:  # no longer at the table: the leave is done all the same
                    self._tell(OnlineNews(NewsKind.REFUSED, code=code, detail=detail))
            case p.Error(code=p.ErrorCode.NO_QUESTION) if (
                self.table is not None and self.table.keeping
            ):
                # The N to the redeal offer came after the question closed:
                # said as that, not as "no question" out of nowhere.
                self.table.awaiting_reply = False
                self.table.keep_refused()
            case p.Error(code=code, detail=detail):
                if self.table is not None:
                    self.table.awaiting_reply = False
                self._tell(OnlineNews(NewsKind.REFUSED, code=code, detail=detail))
            case p.TableFound(table=info, changed=changed, closed=closed):
                kind = NewsKind.FOUND
                if closed:
                    kind = NewsKind.FOUND_CLOSED
                elif changed:
                    kind = NewsKind.FOUND_CHANGED
                self._tell(OnlineNews(kind, table=info))
            case p.Reminder(sender=sender, names=names):
                welcome = self.welcome
                own = welcome is not None and item.player == welcome.player
                if own and self.table is not None:
                    self.table.awaiting_reply = False  # the answer to one's G
                self._tell(
                    OnlineNews(
                        NewsKind.REMINDER,
                        sender=sender,
                        people_names=tuple(names),
                        is_own=own,
                    )
                )
            case p.PeopleOnline(people=people, more=more):
                self._tell(OnlineNews(NewsKind.PEOPLE, people=tuple(people), more=more))
            case p.Pong(nonce=nonce):
                if self.table is not None:
                    self.table.pong(nonce)

    def _tell(self, news: OnlineNews) -> None:
        """News goes to the table when one is open, else to the lobby's queue."""
        if self.table is not None:
            self.table.news.append(replace(news, after=self.table.notice_serial))
        else:
            self.news.append(news)

    def _joined(self, snapshot: p.TableSnapshot) -> None:
        table = self.table
        if table is not None and table.info.id == snapshot.table.id:
            before = table.seat
            if snapshot.seat is not None and snapshot.seat != before:
                # Another seat at the same table (version 9): moved before the
                # game, or a spectator sat down.
                table.take_snapshot(snapshot)
                held = _seat_info(snapshot.table, snapshot.seat)
                change = p.SeatChange.JOINED if before is None else p.SeatChange.MOVED
                self._tell(
                    OnlineNews(
                        NewsKind.SEAT,
                        change=change,
                        seat=table.seat_seen(snapshot.seat),
                        real_seat=snapshot.seat,
                        name=held.name or "" if held is not None else "",
                        table=snapshot.table,
                    )
                )
                return
            # A fresh picture (after a reconnection): said before what it restates.
            self._tell(OnlineNews(NewsKind.TABLE, table=snapshot.table))
            table.take_snapshot(snapshot)
            return
        self.table = RemoteTable(self, snapshot)
        self.table.leave_refused, self._leave_refused = self._leave_refused, False
        self.news.append(OnlineNews(NewsKind.TABLE, table=snapshot.table))

    def leave_table(self, *, before_start: bool = False) -> None:
        """Stand up and go back to the lobby.

        ``before_start``: from the waiting room, before the game. Should the game
        have started by the time the server reads it, the server keeps the seat
        (a computer player would take it) and sends the table again, which then
        opens with :attr:`RemoteTable.leave_refused` set.
        """
        table = self.table
        if table is not None:
            keep_if_started = before_start and table.is_seated
            self._leave_sent = p.Leave(before_start=keep_if_started)
            self._leave_resent = False
            self.send(self._leave_sent)
            # Whatever the server sent of this table before it read the leave is
            # dropped until its answer (the lobby, or the refusal): the game's
            # start, taken in as "The game starts." a frame before its snapshot,
            # and Y to the game's "Leave the table?" between the two, had the
            # snapshot seat the player again.
            self._leaving = table.info.id
            self.table = None
        self.send(p.ListTables())
        self.list_due = True


class RemoteTable(NewsQueue):
    """The table at the server, as one seat sees it (seat 0 is one's own chair)."""

    def __init__(self, client: OnlineClient, snapshot: p.TableSnapshot) -> None:
        """Start from the table's snapshot."""
        self.client = client
        self.info = snapshot.table
        self.news: list[OnlineNews] = []
        self._notices: list[Notice] = []
        self._view: SeatView | None = None
        self._wire: WireView | None = None
        """The last view as the server sent it: its ``changes`` are made to it."""
        self._as_snapshot: tuple[SeatView | None, int, int] = (None, 0, 0)
        """The last snapshot's view, and the notice serials its notices run
        between (see :meth:`summary_view`)."""
        self.question: Question | None = None
        self._keeping: int | None = None
        """The nonce of the ping sent after an N to the redeal offer, until the
        server has answered the N: its pong says the hand is kept, unless the
        refusal (the question had closed) came first."""
        self._keep_redealt = False
        """The hand was thrown in while the N waited on the server."""
        self.shown_trick: TrickWon | None = None
        self.awaiting_trick_clear = False
        self.finished: GameFinished | None = None
        self.awaiting_reply = False
        """An intent was sent and the server has not answered it yet."""
        self.leave_refused = False
        """The player asked to leave the waiting room, but the game had started:
        the server kept the seat and sent this table (they decide again)."""
        self.notice_serial = 0
        """Notices received so far (see :attr:`OnlineNews.after`)."""
        self._last_names: dict[int, str] = {}
        """The last name each seat had: a seat freed at a game's end (its person
        gone) is still called by it in that game's last words."""
        self._names_before: list[tuple[int, tuple[str, ...]]] = []
        """Each change of the seats' names not yet behind every notice handed
        out: how many notices had come then, and the names before it."""
        self._final_names: tuple[str, ...] | None = None
        """The seats' names as the game ended, while it is over (None: not over,
        or no seat has changed hands since). Its scores, sheet and last hand are
        told in them: a person away at the end is given up and a computer takes
        the seat for a next game, which never played this one."""
        self._played_for: list[tuple[int, str]] = []
        """Who played one's seat as notices came: from which notice on (its
        serial), the computer player standing in, by name ("": the person).
        Kept while those notices wait to be worded (see :meth:`playing_for_me_at`)."""
        self.take_snapshot(snapshot)

    # --- what arrives ---
    def take_snapshot(self, snapshot: p.TableSnapshot) -> None:
        """A full picture (on joining, and after every reconnection)."""
        self.info = snapshot.table
        self.seat = snapshot.seat
        self.chair = snapshot.chair
        self.is_host = snapshot.is_host
        self.code = snapshot.code
        self.perspective = Perspective.of(
            snapshot.chair, self.info.players, _side_count(self.info)
        )
        self.watchers = list(snapshot.watchers or ())
        """The names of the others watching, in the order they came."""
        self.done_while_away = self._done_while_away(snapshot.stood_in)
        """What a computer player did for this seat while its person was away:
        who it was, the earlier hands it played in, the redeals it asked for, and
        its bids, passes and plays in this hand (empty: nothing)."""
        self.question = None
        self._keeping = None  # the table afresh: its question, if still open
        self.awaiting_reply = False
        self._wire = snapshot.view
        first = self.notice_serial
        # A trick the server restates (its pause is not over) is kept on the
        # table (C, T) but not told: where things stand, said with every snapshot
        # of a game under way, tells it ("Last trick: ... Ann won it."). Told as
        # a notice too, it came twice: to a client that had told it as it came
        # (it followed the game while away, or the link dropped in the pause:
        # "You win the trick" twice), and to one that sat down again in its seat
        # ("... Ann won it." and then "Ann wins the trick with ...").
        self._take(snapshot.notices, snapshot.view, restated=True)
        self._as_snapshot = (self._view, first, self.notice_serial)
        played = snapshot.played_by
        if played is not None and self.is_over and len(played) == self.info.players:
            # A finished game whose seats changed hands since: told in its names
            # (this table may be new here: a game started again, a page reloaded).
            self._final_names = self.perspective.by_seat(played)

    def _done_while_away(self, stood_in: p.StoodIn | None) -> DoneWhileAway:
        if stood_in is None:
            return DoneWhileAway()
        try:
            turn = self.perspective
            done = [turn.notice(codec.decode_notice(w)) for w in stood_in.notices]
        except codec.CodecError as error:
            log.warning("the server sent what could not be read: %s", error)
            done = []
        # A character this game does not know (a newer server's) goes unnamed.
        known = find_character(stood_in.character) if stood_in.character else None
        return DoneWhileAway(
            hands=stood_in.hands,
            done=tuple(done),
            name=known.name if known is not None else "",
            redeals=stood_in.redeals,
        )

    def take_update(self, update: p.TableUpdate) -> None:
        """What happened since the last update."""
        self.awaiting_reply = False
        view = update.view
        if update.changes is not None:
            if self._wire is None:
                # Nothing to make them to: connected again, the table comes afresh.
                log.warning("the server sent a view's changes, and no view before")
                self.client.resync()
            else:
                view = codec.apply_changes(self._wire, update.changes)
        if view is not None:
            self._wire = view
            if not update.notices:
                # The views sent again with nothing to tell: during play, the
                # server's pause after a trick is over and the trick gathered (no
                # question is open then). Gone from the picture now, as at a
                # local table.
                self.shown_trick = None
        self._take(update.notices, view)

    def take_info(self, info: p.TableInfo) -> None:
        """The table's new listing (who sits where, who is the host)."""
        before = self.names
        if self.is_over and self._final_names is None:
            self._final_names = before
        self.info = info
        if self.is_stood_in:
            # A computer player now plays the seat: the question it dropped at
            # the server waits for no answer (the game goes on meanwhile).
            self.question = None
        if self._notices and self.names != before:
            # Notices wait to be worded: in the names they came under.
            self._names_before.append((self.notice_serial, before))
        welcome = self.client.welcome
        if welcome is not None:
            self.is_host = info.host == welcome.player

    def next_game_named(self) -> None:
        """Another game has started here: its seats go by the listing's names.

        Not by those the finished game was played under (its ``played_by``).
        """
        self._final_names = None

    def company(self) -> Company:
        """Who holds each seat (one's own chair first), and who else watches."""
        return company_of(
            self.info, self.perspective, self.watchers, watching=not self.is_seated
        )

    def _take(
        self, wires: Sequence[object], view: object, *, restated: bool = False
    ) -> None:
        """Take in notices and a view.

        ``restated``: a snapshot's, whose trick won is kept on the table but not
        told (see :meth:`take_snapshot`).
        """
        turn = self.perspective
        try:
            notices = [turn.notice(codec.decode_notice(w)) for w in wires]  # type: ignore[arg-type]
            if view is not None:
                self._view = turn.view(codec.decode_view(view))  # type: ignore[arg-type]
                if not self.is_over:
                    self._final_names = None  # the next game: its own names
        except codec.CodecError as error:
            log.warning("the server sent what could not be read: %s", error)
            return
        self._note_played_for()
        for notice in notices:
            match notice:
                case Question():
                    self.question = notice
                case HandShown() | HandHidden():
                    self.question = None
                case RedealRequested():
                    self.question = None
                    self._keep_redealt = self._keeping is not None
                case HandDealt():
                    self.question = None
                    self._keep_redealt = self._keeping is not None
                    self.shown_trick = None  # a new hand: the last one's trick went
                case TrickWon():
                    self.shown_trick = notice
                    if restated:
                        continue
                case CardPlayed() | BidMade() | CardsPassed():
                    self.shown_trick = None
                case YourTurn():
                    # The server's pause after a trick is over: as at a local
                    # table, the trick is gathered before "Your lead." is said.
                    self.shown_trick = None
                case GameFinished():
                    self.finished = notice
                    self._count(notice)
                case TrickWaiting():
                    continue  # the server paces tricks: nothing to gather online
            self._notices.append(notice)
            self.notice_serial += 1

    def _note_played_for(self) -> None:
        """Note who plays one's seat for the notices about to come.

        As the listing says it when they came (see :meth:`playing_for_me_at`).
        """
        name = self._stand_in_name()
        last = self._played_for[-1][1] if self._played_for else ""
        if name != last:
            self._played_for.append((self.notice_serial, name))

    def _stand_in_name(self) -> str:
        """The computer player the listing has in one's seat, by name.

        "" for none, or for one this game does not know; the game over or not.
        """
        held = _seat_info(self.info, self.seat) if self.seat is not None else None
        if held is None or not held.stand_in or not held.character:
            return ""
        known = find_character(held.character)
        return known.name if known is not None else ""

    def _count(self, finished: GameFinished) -> None:
        """Count a game played at one's own seat (a spectator's is not theirs)."""
        count = self.client.count_game
        if count is None or self.seat is None or finished.game_id is None:
            return
        for trouble in count(finished.game_id, finished.outcome):
            self._notices.append(trouble)
            self.notice_serial += 1

    def seat_seen(self, seat: int | None) -> int | None:
        """A real seat number as the player sees it."""
        return None if seat is None else self.perspective.seat(seat)

    def summary_view(self) -> tuple[SeatView, bool]:
        """The view to say where things stand from, and if a notice restates the turn.

        The turn (or a question) restated is told right after the summary. The
        snapshot's own view while all its notices, and some that came after
        it, wait to be said: those tell what changed since, after the summary
        (QA: a card played while the link was down was in "Back at the table",
        then "Your turn" and the card were told after it).
        """
        view = self.view()
        restated = self.is_human_turn or self.question is not None
        snap_view, first, last = self._as_snapshot
        pending = len(self._notices)
        if (
            snap_view is not None
            and self.notice_serial > last
            and self.notice_serial - pending <= first
        ):
            base = self.notice_serial - pending  # the first pending notice's serial
            said_again = self._notices[first - base : last - base]
            view = snap_view
            restated = any(isinstance(n, YourTurn | Question) for n in said_again)
        return view, restated

    def drop_unsaid_before_snapshot(self) -> None:
        """Forget the notices not handed out yet that came before the last snapshot.

        A spectator who takes a seat: what the chair watched saw last, not said
        yet, is of another seat's picture; the seat's snapshot restates where
        things stand (and its turn) for the new one.
        """
        _, first, _ = self._as_snapshot
        base = self.notice_serial - len(self._notices)
        if first > base:
            del self._notices[: first - base]

    def news_before_own_seat(self) -> list[OnlineNews]:
        """A spectator took a seat: the news that came before it, taken out.

        Those are told in the spectator's words; the seat's own "joined" is left
        to the seated words that replace it, the news after it stays queued, and
        the notices seen from the chair watched and not said yet are forgotten
        (:meth:`drop_unsaid_before_snapshot`).
        """
        news = self.drain_news()
        mine = next(
            (
                i
                for i, item in enumerate(news)
                if item.change is p.SeatChange.JOINED and item.real_seat == self.seat
            ),
            len(news),
        )
        self.news[:0] = news[mine + 1 :]
        self.drop_unsaid_before_snapshot()
        return news[:mine]

    def is_restated(self, serial: int) -> bool:
        """Whether notice ``serial`` came with the last snapshot (it restates).

        A snapshot's notices put the player back in the picture (an open
        question, the game's end), after where things stand is said.
        """
        _, first, last = self._as_snapshot
        return first <= serial < last

    # --- the face the table screen sees (that of a local game) ---
    @property
    def has_started(self) -> bool:
        """Whether the game has begun (there is a view to show)."""
        return self._view is not None

    @property
    def start_untold(self) -> bool:
        """Whether the game's start waits in the news, not told yet.

        The player sat down (or came to watch) before the game began, and the
        start came with the seat, all taken in at once (the host's start, armed
        or not, crossed the join): the news says "The game starts." and who
        plays, then the deal follows, as in the waiting room. Where things
        stand, said first, had the game under way ("The next hand is being
        dealt."), and its start after it.
        """
        return any(n.change is p.SeatChange.GAME_STARTED for n in self.news)

    @property
    def names(self) -> tuple[str, ...]:
        """Each seat's name, one's own chair first (a finished game's own)."""
        by_seat = self._note_names()
        if self._final_names is not None and self.is_over:
            return self._final_names
        if self.has_started:
            by_seat = [
                name or self._last_names.get(s, "") for s, name in enumerate(by_seat)
            ]
        return self.perspective.by_seat(by_seat)

    def _note_names(self) -> list[str]:
        """Each seat's name in the listing (by seat), noting the ones it has."""
        by_seat = [""] * self.info.players
        for info in self.info.seats:
            if 0 <= info.seat < len(by_seat):
                by_seat[info.seat] = info.name or ""
        for seat, name in enumerate(by_seat):
            if name:
                self._last_names[seat] = name
        return by_seat

    def names_at(self, serial: int) -> tuple[str, ...]:
        """Each seat's name when notice ``serial`` came (0: the first received).

        Notices are worded after the frames that brought them are all taken
        in: a seat that changed hands in the same moment (a person away given
        up at the game's end, a computer taking the seat) must not rename the
        hand that was played before (its seat change is told after it).
        """
        for changed_at, before in self._names_before:
            if serial < changed_at:
                return before
        return self.names

    def vacated(self) -> list[tuple[int, str]]:
        """The empty seats (as the server numbers them), each with its last name.

        After a game, a seat is empty because its person left: the name is
        theirs ("" for a seat no one has held since this table was joined).
        """
        self._note_names()
        return [
            (held.seat, self._last_names.get(held.seat, ""))
            for held in self.info.seats
            if held.kind is p.SeatKind.EMPTY
        ]

    def view(self) -> SeatView:
        """What one's seat (or the watched chair) may know now.

        Raises:
            RuntimeError: before the game has started (check :attr:`has_started`).
        """
        if self._view is None:
            raise RuntimeError("the game has not started")
        return self._view

    @property
    def is_seated(self) -> bool:
        """Whether one plays (False: watching)."""
        return self.seat is not None

    @property
    def is_stood_in(self) -> bool:
        """Whether a computer plays one's seat, one having been away at one's turn.

        (Connected all along: the server stood in after its away time.)
        """
        if self.seat is None or self.is_over:
            return False
        held = _seat_info(self.info, self.seat)
        return held is not None and held.stand_in

    @property
    def rules(self) -> Rules:
        """The table's rules, as its listing names them.

        Raises:
            CodecError: the listing's rules cannot be (a server's bug).
        """
        info = self.info
        return codec.listed_rules(info.players, info.partnerships, info.rules)

    @property
    def is_last_person(self) -> bool:
        """Whether one is seated and no other seat is a person's (here or not).

        The server closes a table that the last person leaves: no computer player
        takes the seat then, and a game under way ends with the table.
        """
        return self.seat is not None and not any(
            held.kind is p.SeatKind.HUMAN and held.seat != self.seat
            for held in self.info.seats
        )

    @property
    def playing_for_me(self) -> str:
        """The computer player standing in for one, by name ("" for none)."""
        return self._stand_in_name() if self.is_stood_in else ""

    def playing_for_me_at(self, serial: int) -> str:
        """The computer player who played one's seat when notice ``serial`` came.

        By name ("" for none). A notice is worded once the frames that came with
        it are all taken in: the computer's bid for the seat, and the seat given
        back on the player's key, in the same moment, had the bid said as the
        player's own ("You bid 3."), after "You take your seat back."; and its
        last card of the game, once the game was over, as "You play ...".
        """
        name = ""
        for since, who in self._played_for:
            if since > serial:
                break
            name = who
        return name

    def come_back(self) -> None:
        """Ask to play one's seat again (``back``)."""
        self.client.send(p.Back())

    @property
    def hand_hidden(self) -> bool:
        """Whether one's cards are hidden (a blind nil decision)."""
        return self._view is not None and self._view.hand_hidden

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._view is not None and self._view.phase is Phase.GAME_OVER

    @property
    def is_human_turn(self) -> bool:
        """Whether the server waits for one to bid, pass or play.

        Never while a computer plays one's seat: its turn at the seat is the
        computer player's (the game goes on, and one follows it).
        """
        view = self._view
        return (
            self.is_seated
            and not self.is_stood_in
            and view is not None
            and not self.awaiting_reply
            and view.to_act == 0
            and self.question is None
            and not view.hand_hidden
            and view.phase in (Phase.BIDDING, Phase.PASSING, Phase.PLAYING)
        )

    @property
    def action_count(self) -> int:
        """A number that grows with every action seen (it keys the hint)."""
        view = self._view
        if view is None:
            return 0
        bids = sum(1 for b in view.bids if b is not None)
        played = len(view.completed_tricks) * view.player_count + len(view.trick)
        return view.deal_count * 1000 + bids * 50 + played + len(view.passed_out)

    is_idle = True
    """The server drives the game: there is never local work to wait for."""

    supports_undo = False
    """Undo is not offered online."""

    can_remind = True
    """Other people may keep an online table waiting."""

    def remind(self) -> None:
        """Ask the server to remind whoever the table waits for."""
        self.client.send(p.Remind())
        # Answered by the server ("You reminded Ann." or why not), not at once:
        # the key is not met with "G does nothing here" meanwhile.
        self.awaiting_reply = True

    def advance(self, now_ms: int) -> None:
        """Take in whatever the server sent."""
        self.client.pump()

    def drain_pending(self) -> bool:
        """Whether notices wait."""
        return bool(self._notices)

    def drain(self) -> list[Notice]:
        """The table's notices since the last call, oldest first."""
        out, self._notices = self._notices, []
        # A change of names before every notice handed out now is behind them
        # all (see names_at).
        first = self.notice_serial - len(out)
        self._names_before = [entry for entry in self._names_before if entry[0] > first]
        # Who played the seat: the last change at or before the first notice
        # handed out now is kept (it holds for them), and those after it.
        earlier = [entry for entry in self._played_for if entry[0] <= first]
        self._played_for = earlier[-1:] + [
            entry for entry in self._played_for if entry[0] > first
        ]
        return out

    # --- one's own actions: intents for the server ---
    def human_bid(self, bid: Bid) -> bool:
        """Ask the server to place a bid."""
        if bid.blind:
            self.client.send(p.PlaceBid(bid="blind_nil"))
        else:
            self.client.send(p.PlaceBid(bid=bid.tricks))
        self.awaiting_reply = True
        return True

    def human_play(self, card: Card) -> bool:
        """Ask the server to play a card."""
        self.client.send(p.PlayCard(card=str(card)))
        self.awaiting_reply = True
        return True

    def human_pass(self, cards: Sequence[Card]) -> bool:
        """Ask the server to pass cards."""
        self.client.send(p.PassCards(cards=[str(c) for c in cards]))
        self.awaiting_reply = True
        return True

    def answer(self, yes: bool) -> bool:
        """Answer the open question: its outcome is told once the server has it.

        A yes is told by the server's notices (the redeal, the hand hidden). So
        is an N to blind nil (the cards shown). An N to the redeal offer has none:
        a ping follows it, and its pong says the hand is kept, unless the server
        refused the N first (another player threw the hand in meanwhile, or a
        computer took the seat), as it may: the question is asked of several at
        once.
        """
        question = self.question
        if question is None:
            return False
        self.client.send(p.Answer(yes=yes))
        self.question = None
        self.awaiting_reply = True
        if not yes and question.kind is QuestionKind.REDEAL:
            self._keep_redealt = False
            self._keeping = self.client.ping()
        return False

    @property
    def keeping(self) -> bool:
        """Whether an N to the redeal offer waits on the server."""
        return self._keeping is not None

    def pong(self, nonce: int) -> None:
        """The server answered everything sent before the ping ``nonce``."""
        if nonce != self._keeping:
            return
        self._keeping = None
        if not self._keep_redealt:  # thrown in all the same: that was said
            self.news.append(OnlineNews(NewsKind.HAND_KEPT, after=self.notice_serial))

    def keep_refused(self) -> None:
        """The server refused the N to the redeal offer: the question had closed."""
        self._keeping = None
        self.news.append(
            OnlineNews(
                NewsKind.KEEP_TOO_LATE,
                redealt=self._keep_redealt,
                after=self.notice_serial,
            )
        )

    def clear_trick(self) -> bool:
        """Nothing to gather online: the server paces the tricks."""
        return False

    def undo(self) -> bool:
        """Undo is not offered online: say so."""
        self.news.append(OnlineNews(NewsKind.UNDO_OFFLINE))
        return False

    def save_if_dirty(self, last_spoken: str = "") -> None:
        """The server keeps the game: nothing to save here."""

    @property
    def kept_pass_choice(self) -> tuple[Card, ...]:
        """Nothing is brought back: the choice lives at this client only."""
        return ()

    def keep_pass_choice(self, cards: Sequence[Card]) -> None:
        """The server learns the cards when they are passed: nothing kept here."""

    def close(self) -> None:
        """Nothing runs locally for the table."""


def _seat_info(info: p.TableInfo, seat: int | None) -> p.SeatInfo | None:
    """Who sits in ``seat`` according to ``info`` (None for no such seat)."""
    return next((held for held in info.seats if held.seat == seat), None)


def _side_count(info: p.TableInfo) -> int:
    return info.players // 2 if info.partnerships else info.players


def _why_back_in_the_lobby(table: RemoteTable, reattaching: bool) -> NewsKind:
    """Why the server lists the lobby to a player it had at ``table``.

    A spectator's table closed (back on a new connection, one still open is
    watched again); a seated player coming back finds the seat given up, before
    the game began or when it ended.
    """
    if not reattaching or not table.is_seated:
        return NewsKind.TABLE_GONE
    return NewsKind.GAME_ENDED_AWAY if table.has_started else NewsKind.SEAT_LOST


def _last_to_leave(news: Sequence[OnlineNews]) -> str:
    """Who last left a seat in ``news`` ("" for no one)."""
    for item in reversed(news):
        if item.kind is NewsKind.SEAT and item.change is p.SeatChange.LEFT:
            return item.previous or item.name
    return ""


def merged_listing(
    tables: Sequence[p.TableInfo],
    changed: Sequence[p.TableInfo],
    gone: Sequence[str],
) -> list[p.TableInfo]:
    """The lobby's list after a ``lobby_update``.

    A changed table in its place, a new one at the end (where the server lists
    it), the closed ones out.

    >>> def info(name):
    ...     return p.TableInfo(name, name, 4, True, 500, None, "pagat", {}, False,
    ...         p.TableState.WAITING, None, [], [], 0)
    >>> a, b, c = info("a"), info("b"), info("c")
    >>> [t.name for t in merged_listing([a, b], [c, info("a")], ["b"])]
    ['a', 'c']
    """
    out = list(tables)
    where = {info.id: index for index, info in enumerate(out)}
    for info in changed:
        index = where.get(info.id)
        if index is None:
            where[info.id] = len(out)
            out.append(info)
        else:
            out[index] = info
    if gone:
        closed = set(gone)
        out = [info for info in out if info.id not in closed]
    return out


def character_ruled_out(seat: p.SeatInfo) -> str | None:
    """The computer character ``seat`` keeps off a host's list, if any.

    A computer's own (seated, or standing in), or, for a person, the one named
    as they are: two Millys at one table could not be told apart (the server
    refuses either).
    """
    if seat.character is not None:
        return seat.character
    if seat.kind is p.SeatKind.HUMAN:
        found = character_named(seat.name)
        return found.id if found is not None else None
    return None
