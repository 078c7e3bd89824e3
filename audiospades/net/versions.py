"""What a client of an older protocol version is sent: only what it can read.

A client refuses a field or a value it does not know and skips the whole frame
(the game logs it), so the server speaks each client's own version
(:data:`~audiospades.net.protocol.OLDEST_PROTOCOL_VERSION` and up): what a later
version added is left out of the frames of a client that said ``hello`` with an
earlier one. ``docs/protocol.md`` lists what each version added.
"""

from __future__ import annotations

from typing import Final

import msgspec

from audiospades.net.protocol import (
    ChatLine,
    Lobby,
    LobbyUpdate,
    Message,
    PeopleOnline,
    Reminder,
    SeatChange,
    SeatChanged,
    StoodIn,
    TableFound,
    TableInfo,
    TableSnapshot,
    TableUpdate,
    Welcome,
)
from audiospades.net.wire import AnyWireNotice, WireGameFinished

WATCHED_AS_VERSION: Final = 14
"""The first version told a spectator sitting down as one change (``joined``
with ``watched_as``); an older client is told "stopped watching" first."""

_NEWS_OF_VERSION_3: Final = frozenset(
    {SeatChange.WATCHING, SeatChange.STOPPED_WATCHING}
)


def for_version(message: Message, version: int) -> Message | None:
    """``message`` as a client that said ``hello`` with ``version`` can read it.

    A client refuses a field or a value it does not know, and skips the whole
    frame: a version 3 client is sent no ``watchers`` (it would lose the snapshot
    of every table it joins); a version 2 client not that either, no
    ``stands_in_for`` (it would lose every table listing that holds one), no news
    of spectators (it has no words for it), and no ``game`` with a game's end (it
    would lose the last frame of every game); a version 5 client no ``stood_in``;
    a version 6 client none of its ``character`` and ``redeals``, and no
    ``found_table`` (it never sends ``find_table``); a version 7 client no
    ``found_table`` sent again as the table changed; a version 8 client no
    ``moved`` seat (told as the new seat taken), nor a welcome's
    ``seat_given_up``; a version 9 client no snapshot's ``played_by``; a
    version 10 client no ``people`` (it never sends ``who_is_online``) and no
    private chat line. A version 11 client reads everything a version 12 one
    does, but for an update's ``changes``, which it is never sent. A version 12
    client (and so an older one) no table's ``default_name``: it says a name of
    the default's shape in its player's language, as before. A version 13 client
    no ``watched_as`` of a spectator sitting down (it is sent "stopped watching"
    for them first, as before).
    None: nothing to send. The message itself when nothing in it is new, so a
    frame encoded once for many clients goes out as it is.

    >>> from audiospades.net.protocol import SeatInfo, SeatKind, TableState, encode
    >>> gone = SeatInfo(seat=1, kind=SeatKind.COMPUTER, name="Hazel",
    ...     stand_in=True, stands_in_for="Ann")
    >>> info = TableInfo(id="t1", name="T", players=4, partnerships=True,
    ...     target=500, hand_limit=None, preset="pagat", rules={}, private=False,
    ...     state=TableState.PLAYING, host=None, seats=[gone], free_seats=[1],
    ...     spectators=1)
    >>> older = for_version(Lobby(tables=[info]), 2)
    >>> encode(older).count("stands_in_for"), older.tables[0].seats[0].stand_in
    (0, True)
    >>> watching = SeatChanged(change=SeatChange.WATCHING, seat=None, name="Dan",
    ...     table=info)
    >>> for_version(watching, 2) is None, for_version(watching, 3) is watching
    (True, True)
    >>> snapshot = TableSnapshot(table=info, seat=None, chair=0, is_host=False,
    ...     code=None, view=None, notices=[], watchers=["Dee"])
    >>> [encode(for_version(snapshot, v)).count('"watchers"') for v in (2, 3, 4)]
    [0, 0, 1]
    """
    if version >= 14:
        return message
    if isinstance(message, SeatChanged) and message.watched_as is not None:
        # Version 14's: a spectator sitting down, told as one change. An older
        # client was sent "stopped watching" for them before (see
        # NetTable.move), and reads the rest as it always did.
        message = msgspec.structs.replace(message, watched_as=None)
    if version >= 13:
        return message
    message = _without_default_names(message)
    if version >= 11:
        # Version 12's views by their changes, and turns without a view, go only
        # to a client that reads frames as sent (see running.flush).
        return message
    if isinstance(message, PeopleOnline | Reminder):
        # Version 11's answers to who_is_online and remind: an older client
        # never asks, and (reminded) has no words for it.
        return None
    if isinstance(message, ChatLine) and message.scope == "private":
        return None  # version 11's private lines: an older client has no words
    if version >= 10:
        return message
    if isinstance(message, TableSnapshot) and message.played_by is not None:
        # Version 10's: the names a finished game was played under.
        message = msgspec.structs.replace(message, played_by=None)
    if version >= 9:
        return message
    if isinstance(message, SeatChanged) and message.change is SeatChange.MOVED:
        # Version 9's: to an older client, someone sitting down in the new seat
        # (the listing with it shows the old one free).
        message = msgspec.structs.replace(message, change=SeatChange.JOINED)
    if isinstance(message, Welcome) and message.seat_given_up is not None:
        message = msgspec.structs.replace(message, seat_given_up=None)
    if isinstance(message, TableFound):
        # Version 7's answer to find_table, which an older client never sends;
        # version 8's changes of the table found, which a version 7 client would
        # take for an answer to a question it did not ask.
        return (
            message if version >= 8 or (version >= 7 and not message.changed) else None
        )
    if version >= 8:
        return message
    message = _stood_in_of_version_6(message)
    if version >= 6:
        return message
    if isinstance(message, TableSnapshot) and message.stood_in is not None:
        # Version 6's: what a computer player did for the seat while away.
        message = msgspec.structs.replace(message, stood_in=None)
    if version >= 5:
        return message
    message = _without_questions_open(message)
    if version >= 4:
        return message
    if isinstance(message, TableSnapshot) and message.watchers is not None:
        message = msgspec.structs.replace(message, watchers=None)
    if version >= 3:
        return message
    match message:
        case SeatChanged(change=change) if change in _NEWS_OF_VERSION_3:
            return None
        case TableSnapshot():
            table = _older_table(message.table)
            notices = _older_notices(message.notices)
            if table is message.table and notices is message.notices:
                return message
            return msgspec.structs.replace(message, table=table, notices=notices)
        case SeatChanged():
            table = _older_table(message.table)
            if table is message.table:
                return message
            return msgspec.structs.replace(message, table=table)
        case TableUpdate():
            notices = _older_notices(message.notices)
            if notices is message.notices:
                return message
            return msgspec.structs.replace(message, notices=notices)
        case Lobby() | LobbyUpdate():
            tables = [_older_table(info) for info in message.tables]
            if all(a is b for a, b in zip(tables, message.tables, strict=True)):
                return message
            return msgspec.structs.replace(message, tables=tables)
    return message


def _without_default_names(message: Message) -> Message:
    """``message`` without version 13's ``default_name`` (the same if it had none).

    The tables' listings, and the tables of ``people``: a default name goes as
    its English text alone, which an older client recognises by its shape.
    """
    replace = msgspec.structs.replace
    match message:
        case Lobby(tables=tables) | LobbyUpdate(tables=tables):
            if not any(info.default_name for info in tables):
                return message
            return replace(message, tables=[_plain_name(info) for info in tables])
        case (
            TableSnapshot(table=info) | SeatChanged(table=info) | TableFound(table=info)
        ) if info.default_name:
            return replace(message, table=_plain_name(info))
        case PeopleOnline(people=people) if any(o.default_name for o in people):
            return replace(
                message,
                people=[replace(o, default_name=False) for o in people],
            )
    return message


def _plain_name(info: TableInfo) -> TableInfo:
    """``info`` without version 13's ``default_name``."""
    if not info.default_name:
        return info
    return msgspec.structs.replace(info, default_name=False)


def _stood_in_of_version_6(message: Message) -> Message:
    """``message`` without version 7's ``character`` and ``redeals`` of a ``stood_in``.

    With nothing else in it, no ``stood_in``: a version 6 client has nothing to say.
    """
    if not isinstance(message, TableSnapshot) or message.stood_in is None:
        return message
    stood_in = message.stood_in
    if stood_in.character is None and not stood_in.redeals:
        return message
    older: StoodIn | None = msgspec.structs.replace(stood_in, character=None, redeals=0)
    if not stood_in.hands and not stood_in.notices:
        older = None
    return msgspec.structs.replace(message, stood_in=older)


def _without_questions_open(message: Message) -> Message:
    """``message`` without version 5's ``question_open`` and ``answering`` views.

    An older client hears no one's turn while a question is open (``to_act`` is
    null) but not whose answer the table waits for.
    """
    if not isinstance(message, TableSnapshot | TableUpdate):
        return message
    view = message.view
    if view is None or not (view.question_open or view.answering):
        return message
    plain = msgspec.structs.replace(view, question_open=False, answering=[])
    return msgspec.structs.replace(message, view=plain)


def _older_notices(notices: list[AnyWireNotice]) -> list[AnyWireNotice]:
    """``notices`` without what version 3 added (the same list if nothing was)."""
    if not any(isinstance(n, WireGameFinished) and n.game for n in notices):
        return notices
    return [
        msgspec.structs.replace(n, game=None) if isinstance(n, WireGameFinished) else n
        for n in notices
    ]


def _older_table(info: TableInfo) -> TableInfo:
    """``info`` without what version 3 added (the same object if nothing was)."""
    if not any(seat.stands_in_for for seat in info.seats):
        return info
    replace = msgspec.structs.replace
    seats = [
        replace(seat, stands_in_for=None) if seat.stands_in_for else seat
        for seat in info.seats
    ]
    return replace(info, seats=seats)
