"""Every message between an online client and the server, typed and validated.

Messages are JSON text frames; each is one object whose ``type`` field names it.
Client messages are *intents* (the server decides); server messages are built per
recipient from what that seat may know (:mod:`audiospades.net.codec`). Decoding checks
every field's type, range and length, refuses unknown fields and unknown types, and
names the problem; :func:`decode_client` turns any failure into a
:class:`ProtocolError` with an :class:`ErrorCode`, which the server sends back as an
``error`` frame while the connection carries on. ``docs/protocol.md`` documents it all.

>>> decode_client('{"type": "ping", "nonce": 7}')
Ping(nonce=7)
>>> decode_client('{"type": "play", "card": "ZZ"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
audiospades.net.protocol.ProtocolError: bad_message: Expected `str` matching regex ...
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Final, Literal, TypeAlias

import msgspec
from msgspec import Meta

from audiospades.net.wire import (
    AnyWireNotice,
    BidText,
    CardText,
    Count,
    OptionValue,
    Seat,
    WireView,
    WireViewChanges,
)

PROTOCOL_VERSION: Final = 14
"""Sent in the client's ``hello`` and the server's ``welcome``."""
OLDEST_PROTOCOL_VERSION: Final = 2
"""The oldest version a server still speaks: a client of an older one is answered
``version_mismatch``. An older client is sent only what it can read
(:func:`audiospades.net.versions.for_version`)."""
MAX_FRAME_BYTES: Final = 64 * 1024
"""A client frame longer than this is refused with ``too_large``."""
MAX_NAME_LENGTH: Final = 24
MAX_TABLE_NAME_LENGTH: Final = 40
MAX_CHAT_LENGTH: Final = 300
RATE_PER_SECOND: Final = 10.0
"""Client messages a second, on average, before ``rate_limited``."""
RATE_BURST: Final = 20
"""Client messages accepted in a burst."""
REPLACED_CLOSE_CODE: Final = 4000
"""The close code of a connection replaced by a newer one of the same player: a
client that gets it must not reconnect (the two would replace each other for
ever); it tells its player instead."""


class ErrorCode(StrEnum):
    """Why the server refused a message (the ``code`` of an ``error`` frame)."""

    BAD_JSON = "bad_json"
    """The frame is not JSON (or not a text frame)."""
    BAD_MESSAGE = "bad_message"
    """Unknown type, unknown or missing field, wrong type, value out of range."""
    TOO_LARGE = "too_large"
    RATE_LIMITED = "rate_limited"
    VERSION_MISMATCH = "version_mismatch"
    HELLO_FIRST = "hello_first"
    """Every message but ``hello`` and ``ping`` needs a ``hello`` first."""
    ALREADY_GREETED = "already_greeted"
    NO_SUCH_TABLE = "no_such_table"
    NO_SUCH_SEAT = "no_such_seat"
    SEAT_TAKEN = "seat_taken"
    TABLE_FULL = "table_full"
    ALREADY_AT_TABLE = "already_at_table"
    """Leave the table you are at before joining or creating another."""
    NOT_AT_TABLE = "not_at_table"
    NOT_SEATED = "not_seated"
    """The intent needs a seat, and the player is a spectator."""
    NOT_HOST = "not_host"
    BAD_RULES = "bad_rules"
    NO_SUCH_CHARACTER = "no_such_character"
    CHARACTER_SEATED = "character_seated"
    """That computer character already sits at the table, or a person of its name
    does (two would share a name)."""
    NOT_A_COMPUTER = "not_a_computer"
    SEATS_EMPTY = "seats_empty"
    GAME_STARTED = "game_started"
    GAME_NOT_STARTED = "game_not_started"
    NO_QUESTION = "no_question"
    TOO_MANY_TABLES = "too_many_tables"
    SERVER_ERROR = "server_error"
    """Something went wrong on the server; the message had no effect."""
    NOT_RENDERING = "not_rendering"
    """A ``key`` needs a ``hello`` with ``render: true`` (the browser page)."""
    NOT_ONLINE = "not_online"
    """A private chat line's player is not connected (version 11)."""
    NO_ONE_TO_REMIND = "no_one_to_remind"
    """``remind``: the table waits for no other person (version 11)."""
    TOO_SOON = "too_soon"
    """``remind``: those the table waits for were reminded a moment ago."""


class ProtocolError(ValueError):
    """A message the server refuses: a code and a detail naming the problem."""

    def __init__(self, code: ErrorCode, detail: str) -> None:
        """Keep the code and the detail."""
        self.code = code
        self.detail = detail
        super().__init__(f"{code.value}: {detail}")


def is_printable_text(value: str) -> bool:
    """Text the server takes in a name, a table's name or a chat line.

    No control or invisible character (a right-to-left mark) and no space but the
    plain one (a no-break space is refused). Clients check with this before
    sending.
    """
    return value.isprintable()


def wire_default_table_name(host: str) -> str:
    """The default name of a table made with no name given, as it is listed.

    In English, whatever the host's language ("Ann's table"): each client says
    it in its player's own (see :attr:`TableInfo.default_name`). A client older
    than version 13 sends it itself, for a name its host left as it was.

    >>> wire_default_table_name("Ann")
    "Ann's table"
    """
    return f"{host}'s table"


_WIRE_DEFAULT: Final = re.compile(r"(?P<host>.+)'s table(?P<number>\s+\d+)?")


def wire_default_parts(name: str) -> tuple[str, str] | None:
    """Whose a default name is, and its number: ``("Ann", " 2")``; None if not one.

    A default name as listed (:func:`wire_default_table_name`, numbered apart
    from another open table's). Only for a name known to be a default (a
    table's :attr:`~TableInfo.default_name`, or one saved before that was
    kept): a name its host typed is theirs, whatever it looks like.

    >>> wire_default_parts("Ann's table 2"), wire_default_parts("Friday")
    (('Ann', ' 2'), None)
    """
    found = _WIRE_DEFAULT.fullmatch(name.strip())
    if found is None:
        return None
    return found["host"], found["number"] or ""


def _check_text(value: str, what: str) -> None:
    if not value.strip():
        raise ValueError(f"{what} must not be blank")
    if not is_printable_text(value):
        raise ValueError(f"{what} must be printable text")


Name: TypeAlias = Annotated[str, Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
"""A player's name: 1 to 24 characters of printable text."""
TableName: TypeAlias = Annotated[
    str, Meta(min_length=1, max_length=MAX_TABLE_NAME_LENGTH)
]
ChatText: TypeAlias = Annotated[str, Meta(min_length=1, max_length=MAX_CHAT_LENGTH)]
Language: TypeAlias = Annotated[str, Meta(pattern=r"^[a-z]{2,3}(?:_[A-Z]{2})?$")]
Token: TypeAlias = Annotated[
    str, Meta(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
]
"""The identity token the server issued (random, URL-safe)."""
TableRef: TypeAlias = Annotated[
    str, Meta(min_length=1, max_length=16, pattern=r"^[A-Za-z0-9]+$")
]
"""A table's id, or a private table's short code."""
CharacterId: TypeAlias = Annotated[str, Meta(pattern=r"^[a-z0-9_]{1,24}$")]
Nonce: TypeAlias = Annotated[int, Meta(ge=0, le=2**53)]
RuleOptionName: TypeAlias = Annotated[str, Meta(min_length=1, max_length=40)]
RuleOptions: TypeAlias = Annotated[
    dict[RuleOptionName, OptionValue], Meta(max_length=64)
]


class Message(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of every message."""


class ClientMessage(Message, frozen=True, tag_field="type"):
    """Base of the client's intents."""


class Hello(ClientMessage, frozen=True, tag="hello"):
    """The first message: protocol version, name, language, and the token if any."""

    version: int
    name: Name
    language: Language = "en"
    token: Token | None = None
    render: bool = False
    """Ask the server to word everything for you (``said`` frames) and to take
    ``key`` intents: the browser page, which has no presenter of its own."""

    def __post_init__(self) -> None:
        """Names are printable and not blank."""
        _check_text(self.name, "name")


class ListTables(ClientMessage, frozen=True, tag="list_tables"):
    """Ask for the lobby's list of public tables."""


class WhoIsOnline(ClientMessage, frozen=True, tag="who_is_online"):
    """Ask who else is connected (version 11): answered with ``people``."""


class CreateTable(ClientMessage, frozen=True, kw_only=True, tag="create_table"):
    """Open a table and sit at its first seat as its host."""

    name: TableName | None = None
    """The name its host typed; None (version 13): no name given, the table is
    named after its host (:func:`wire_default_table_name`), and each client says
    that name in its player's language."""
    rules: RuleOptions
    """Rule options as ``Rules.from_dict`` takes them: ``{"preset": "pagat", ...}``."""
    players: Annotated[int, Meta(ge=3, le=6)] = 4
    partnerships: bool | None = None
    private: bool = False
    """A private table is not listed; others join it by its short code."""

    def __post_init__(self) -> None:
        """Table names are printable and not blank."""
        if self.name is not None:
            _check_text(self.name, "table name")


class JoinSeat(ClientMessage, frozen=True, tag="join_seat"):
    """Sit at a table (by id, or a private table's code): a seat, or any free one.

    Version 9: at the table already, a player moves to a free seat before the
    game starts (to sit as someone's partner), and a spectator sits down in one.
    """

    table: TableRef
    seat: Seat | Literal["any"] = "any"


class Spectate(ClientMessage, frozen=True, tag="spectate"):
    """Watch a table from a chair, seeing no hidden card."""

    table: TableRef
    chair: Seat = 0


class FindTable(ClientMessage, frozen=True, tag="find_table"):
    """Ask for a private table's listing by its code (version 7).

    The answer, ``found_table``, lets a player choose a free seat or a chair to
    watch from before sitting down, as the lobby's listing does for a public table.
    """

    code: TableRef


class Leave(ClientMessage, frozen=True, tag="leave"):
    """Leave the table (a computer player takes over a seat in a game)."""

    before_start: bool = False
    """Leave a seat in the waiting room, before the game (version 8). If the
    game has started when the server reads it, the seat is kept: the answer is
    an ``error`` ``game_started`` for ``leave`` and a fresh ``table`` snapshot,
    so the player decides again in the game's words (a computer player would
    take the seat). Without it, leaving a game under way gives the seat up."""


class AddBot(ClientMessage, frozen=True, tag="add_bot"):
    """The host seats a computer character in a free seat."""

    seat: Seat
    character: CharacterId


class RemoveBot(ClientMessage, frozen=True, tag="remove_bot"):
    """The host removes a computer player before the game starts."""

    seat: Seat


class StartGame(ClientMessage, frozen=True, tag="start_game"):
    """The host starts the game once every seat is taken."""


class PlaceBid(ClientMessage, frozen=True, tag="bid"):
    """Bid for your seat."""

    bid: BidText


class PlayCard(ClientMessage, frozen=True, tag="play"):
    """Play a card from your hand."""

    card: CardText


class PassCards(ClientMessage, frozen=True, tag="pass"):
    """Pass cards to your partner after a blind nil."""

    cards: Annotated[list[CardText], Meta(max_length=4)]


class Answer(ClientMessage, frozen=True, tag="answer"):
    """Answer the yes/no question put to your seat."""

    yes: bool


PlayerId: TypeAlias = Annotated[
    str, Meta(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
]
"""A player's public id (as ``welcome`` and the listings give it)."""


class Chat(ClientMessage, frozen=True, tag="chat", omit_defaults=True):
    """Say something to your table, or to the lobby when at no table.

    With ``to`` (version 11), to that one player alone, wherever each is: a
    private table's code to a friend, say.
    """

    text: ChatText
    to: PlayerId | None = None

    def __post_init__(self) -> None:
        """Chat lines are printable and not blank."""
        _check_text(self.text, "chat text")


class Back(ClientMessage, frozen=True, tag="back"):
    """Play one's seat again, after being away at one's turn (version 11).

    A computer player stood in meanwhile (see the protocol document's "Away").
    """


class Remind(ClientMessage, frozen=True, tag="remind"):
    """Remind whoever the table waits for that it is their turn (version 11).

    Seated players only, during a game; each person at most every
    ``REMIND_EVERY_SECONDS``. Answered with ``reminder``, to them and to you.
    """


class Ping(ClientMessage, frozen=True, tag="ping"):
    """Ask for a ``pong`` (the nonce comes back)."""

    nonce: Nonce = 0


KeyName: TypeAlias = Annotated[
    str, Meta(min_length=1, max_length=16, pattern=r"^[a-z0-9 '+_]{1,16}$|^.$")
]
"""A key as the key map names it: ``"b"``, ``"left"``, ``"page up"``, ``"f1"``."""


class KeyPress(ClientMessage, frozen=True, tag="key"):
    """A key pressed at the table of a rendering client (``hello`` with ``render``).

    The server reads it with the game's own key map and table controller, as the
    game would, and answers with ``said``.
    """

    key: KeyName
    ctrl: bool = False
    shift: bool = False
    card: CardText | None = None
    """Put the focus on this card of your hand first (a card chosen by pointer)."""


AnyClientMessage: TypeAlias = (
    Hello
    | ListTables
    | WhoIsOnline
    | CreateTable
    | JoinSeat
    | Spectate
    | FindTable
    | Leave
    | AddBot
    | RemoveBot
    | StartGame
    | PlaceBid
    | PlayCard
    | PassCards
    | Answer
    | Chat
    | Remind
    | Back
    | Ping
    | KeyPress
)


# --- server to client -----------------------------------------------------------


class SeatKind(StrEnum):
    """Who sits in a seat."""

    HUMAN = "human"
    COMPUTER = "computer"
    EMPTY = "empty"


class TableState(StrEnum):
    """Where a table stands."""

    WAITING = "waiting"
    """Seats are being filled; the host starts the game."""
    PLAYING = "playing"
    FINISHED = "finished"


class SeatInfo(Message, frozen=True, omit_defaults=True):
    """One seat in a table's listing (a field at its default is left out)."""

    seat: Seat
    kind: SeatKind
    name: str | None = None
    """The player's name, or the computer character's (English) name."""
    character: str | None = None
    """The computer character's id (also for a computer standing in for a player)."""
    connected: bool = True
    """False while a human player's connection is lost."""
    stand_in: bool = False
    """A computer plays the seat for its human player (disconnected or gone)."""
    stands_in_for: str | None = None
    """A computer standing in for a person who left the game: that person's name
    (the seat is free for anyone; it was theirs). Version 3."""


class TableInfo(Message, frozen=True, omit_defaults=True):
    """A table as the lobby lists it (``default_name`` left out when false)."""

    id: str
    name: str
    players: int
    partnerships: bool
    target: int | None
    hand_limit: int | None
    preset: str
    """The rules preset's name, or ``"custom"`` when any option differs from it."""
    rules: RuleOptions
    private: bool
    state: TableState
    host: str | None
    """The host's player id."""
    seats: list[SeatInfo]
    free_seats: list[int]
    """Seats a player may join now."""
    spectators: int
    default_name: bool = False
    """Version 13: the table was made with no name given, and ``name`` is the
    default one, in English (:func:`wire_default_table_name`, perhaps numbered):
    a client says it in its player's language. False: the name its host typed,
    said exactly as typed, whatever it looks like ("Bob's table")."""


class ServerMessage(Message, frozen=True, tag_field="type"):
    """Base of the server's messages."""


class Welcome(ServerMessage, frozen=True, tag="welcome", omit_defaults=True):
    """The answer to ``hello``: keep the token and send it back next time."""

    version: int
    player: str
    """The player's id (public: it appears in table listings)."""
    token: str
    """The player's secret identity token."""
    name: str
    seat_given_up: Literal["before_start", "game_ended"] | None = None
    """Version 9: the player's seat was given up while they were away, before
    the game began or once it had ended (told once, at the next hello: a client
    started afresh knows of no table). Left out when not."""


class Error(ServerMessage, frozen=True, tag="error"):
    """A message was refused; it had no effect."""

    code: ErrorCode
    detail: str
    request: str | None = None
    """The ``type`` of the refused message, when it could be read."""


class Lobby(ServerMessage, frozen=True, tag="lobby"):
    """The public tables (sent on ``list_tables``, and on ``leave``)."""

    tables: list[TableInfo]


class LobbyUpdate(ServerMessage, frozen=True, tag="lobby_update"):
    """What changed in the lobby's list since the last ``lobby`` or update sent.

    Only the tables that opened or changed (each in full) and the ids of those
    that closed: a server of thousands of tables does not send every table to
    every player in the lobby whenever one seat fills.
    """

    tables: list[TableInfo]
    """Tables opened or changed: replace the one with the same id, or add it
    at the end."""
    gone: list[str]
    """Ids of tables that closed (or are no longer listed)."""


class TableFound(ServerMessage, frozen=True, tag="found_table", omit_defaults=True):
    """The answer to ``find_table``: the private table with that code (version 7).

    Its ``table.id`` (or the code) then goes in ``join_seat`` or ``spectate``.
    Sent again, ``changed``, whenever the table changes while its finder is in
    the lobby (version 8), until they sit down, watch or find another.
    """

    code: str
    """The code asked for, in capitals."""
    table: TableInfo
    changed: bool = False
    """The table found before has changed: its listing afresh, to show in place
    of the one shown (version 8; left out when false)."""
    closed: bool = False
    """The table found before has closed (with ``changed``; ``table`` is its last
    listing): take it away (version 8; left out when false)."""


class StoodIn(Message, frozen=True, omit_defaults=True):
    """What a computer player did for your seat while you were away (version 6).

    Only your own seat's actions, which your seat saw made anyway: no hidden card.
    """

    hands: Count = 0
    """Earlier hands (scored while you were away) in which it acted for you."""
    notices: list[AnyWireNotice] = msgspec.field(default_factory=list)
    """What it did for you in the hand under way, in order: ``bid_made``,
    ``cards_passed`` (your cards, to your partner) and ``card_played``."""
    character: str | None = None
    """The id of the computer character who stood in (version 7)."""
    redeals: Count = 0
    """How often it threw in your hand for a redeal (version 7)."""


class TableSnapshot(ServerMessage, frozen=True, tag="table", omit_defaults=True):
    """Everything about the table you joined or rejoined, from your seat.

    (Only ``watchers``, ``stood_in`` and ``played_by`` have defaults: left out, for
    a client older than version 4, 6 and 10.)
    """

    table: TableInfo
    seat: Seat | None
    """Your seat; None when spectating."""
    chair: Seat
    """The seat whose point of view your view takes (your seat, or the chair
    you watch from)."""
    is_host: bool
    code: str | None
    """The private table's short code (only for the players seated at it)."""
    view: WireView | None
    """Your view (a spectator's public view); None until the game starts."""
    notices: list[AnyWireNotice]
    """What waits for you now: a pending question, your turn."""
    watchers: list[str] | None = None
    """The names of the others watching the table (you are left out), in the
    order they came; ``watching`` and ``stopped_watching`` keep it current.
    Version 4: None (left out) for older clients."""
    stood_in: StoodIn | None = None
    """Back in your seat after a computer player stood in for you: what it did
    for you meanwhile. None (left out) when it did nothing, and for clients older
    than version 6."""
    played_by: list[str] | None = None
    """A finished game whose seats changed hands after its end (a person away
    given up, a computer taking the seat): each seat's name as the game was
    played, by seat. None (left out) otherwise, and for clients older than
    version 10."""


class TableUpdate(ServerMessage, frozen=True, tag="update", omit_defaults=True):
    """What happened at your table, as your seat may see it, and the new view.

    From version 12 a seated player's update usually carries ``changes`` and no
    ``view``: only the view's fields that differ from the last view sent to
    them (in a ``table`` or an ``update``).
    """

    table: str
    notices: list[AnyWireNotice]
    view: WireView | None
    changes: WireViewChanges | None = None
    """Version 12: the fields of your view that changed (``view`` is then null)."""


class SeatChange(StrEnum):
    """What happened to a seat."""

    JOINED = "joined"
    LEFT = "left"
    DISCONNECTED = "disconnected"
    RECONNECTED = "reconnected"
    TAKEN_OVER = "taken_over"
    """A computer player took over the seat of a disconnected player."""
    RETURNED = "returned"
    """The player took the seat back from the computer."""
    BOT_ADDED = "bot_added"
    BOT_REMOVED = "bot_removed"
    GAME_STARTED = "game_started"
    HOST_CHANGED = "host_changed"
    WATCHING = "watching"
    """Someone sat down to watch the table (``name``; ``seat`` is null). Version 3."""
    STOPPED_WATCHING = "stopped_watching"
    """A spectator left, or lost the connection. Version 3."""
    MOVED = "moved"
    """A player moved to another seat (``seat``, the new one; the old one is now
    free) before the game. Version 9."""


class SeatChanged(ServerMessage, frozen=True, tag="seat", omit_defaults=True):
    """Someone joined, left, dropped or came back (the table's new listing)."""

    change: SeatChange
    seat: Seat | None
    name: str | None
    table: TableInfo
    watched_as: str | None = None
    """Version 14: ``joined`` by a spectator of the table, under the name it
    watched as (no ``stopped_watching`` is sent for them); left out otherwise."""


class ChatLine(ServerMessage, frozen=True, tag="chat", omit_defaults=True):
    """A chat line from someone at your table, or in the lobby, or to you alone."""

    scope: Literal["table", "lobby", "private"]
    """``private`` (version 11): to one player, sent to them and its sender."""
    sender: str
    """The sender's name."""
    player: str
    """The sender's player id."""
    seat: Seat | None
    text: str
    to: str | None = None
    """A private line's player (id), and their name as the lobby's chat names
    them (``to_name``); left out otherwise."""
    to_name: str | None = None


class Whereabouts(StrEnum):
    """Where a person connected to the server is (version 11)."""

    LOBBY = "lobby"
    WAITING = "waiting"
    """Seated at a table whose game has not begun, or has ended."""
    PLAYING = "playing"
    WATCHING = "watching"


MAX_PEOPLE_LISTED: Final = 200
"""``people`` names at most this many; ``more`` counts the rest."""


class PersonOnline(Message, frozen=True, omit_defaults=True):
    """One person connected to the server, as ``people`` lists them."""

    name: str
    """As the lobby's chat names them ("Ann 2" beside another Ann)."""
    player: str
    place: Whereabouts
    table: str | None = None
    """The public table's name; left out in the lobby and at a private table."""
    table_id: str | None = None
    """The public table's id (to join or watch it); left out as ``table`` is."""
    private: bool = False
    """At a private table (its name is not told)."""
    default_name: bool = False
    """Version 13: ``table`` is a default name (see :attr:`TableInfo.default_name`)."""


class PeopleOnline(ServerMessage, frozen=True, tag="people", omit_defaults=True):
    """The answer to ``who_is_online`` (version 11): everyone else connected.

    Those in the lobby first (they hear its chat), then by name.
    """

    people: list[PersonOnline]
    more: int = 0
    """How many more are connected than are listed."""


REMIND_EVERY_SECONDS: Final = 30.0
"""A person is reminded of their turn at most this often."""


class Reminder(ServerMessage, frozen=True, tag="reminder"):
    """Someone at your table reminded the people it waits for (version 11).

    Sent to each of them and to the one who reminded them.
    """

    sender: str
    """Who reminded them, as the table names them."""
    player: str
    """The sender's player id."""
    names: list[str]
    """Those reminded, as the table names them."""


class Pong(ServerMessage, frozen=True, tag="pong"):
    """The answer to ``ping``."""

    nonce: int


class SaidLine(Message, frozen=True):
    """One line the presenter worded for a rendering client."""

    text: str
    cue: str | None = None
    """The sound cue's id (a file ``sounds/<cue>.wav``), or None."""
    urgent: bool = False
    """Your turn, or an error: announced at once (an assertive live region)."""
    aside: bool = False
    """A remark by the way (a chat line; at a game's table, someone coming or
    going): kept in the messages, but the page's repeat key (A) says the line
    before it, as the game's does (absent from older servers: false)."""


class CardFace(Message, frozen=True):
    """A card as the page draws it, with its spoken name."""

    card: str
    label: str
    playable: bool = False
    chosen: bool = False
    """Chosen to pass."""
    tag: str | None = None
    """A short word drawn on the card, as the game's picture draws it: "new" on a
    card of the hand passed to you (until the first trick is complete), "led" on
    the first card of the trick on the table. None: no tag (and from older
    servers)."""


class Place(Message, frozen=True):
    """A seat at the table as the page draws it (seat 0 is the viewer)."""

    seat: int
    label: str
    """Who sits there, with bid and tricks, as the game's picture writes it."""
    card: CardFace | None
    """The card the seat has on the table now."""
    is_turn: bool
    is_dealer: bool
    marks: list[str] = []
    """The tags by the label, each in its own box, as the game's picture draws
    them: "partner", or with three partnerships the seat's side ("side A"), and
    "dealer". Empty from older servers."""
    won_trick: bool = False
    """The card here won the finished trick still shown (the page frames it; its
    ``label`` says so). False while a trick is under way, and from older servers."""


class Picture(Message, frozen=True):
    """The table from the viewer's chair, words included (a rendering client)."""

    header: list[str]
    """Scores of each side, the goal, whose turn."""
    places: list[Place]
    hand: list[CardFace]
    focus: int | None
    """The index in ``hand`` of the card the keys are on."""
    bid_entry: str
    over: bool
    passing: bool = False
    """The viewer is choosing cards to pass: each card is chosen or not (a
    toggle), and any may be."""
    asking: bool = False
    """A yes/no question of the page's own is open (the host's "Start another
    game at this table?" after the game): Y or N answers it, and the card table's
    Escape is its N."""


class ListItem(Message, frozen=True):
    """A table in the lobby, or a seat in the waiting room, worded."""

    id: str
    """The table's id, or the seat's number."""
    label: str
    kind: str = ""
    """For a seat: ``"human"``, ``"computer"`` or ``"empty"``; for a table,
    ``"full"`` when no seat is free (to watch only)."""
    is_you: bool = False
    character: str | None = None
    """For a computer's seat: its character's id (not offered again); for a
    person's, the character named as they are, if any (not offered either)."""
    seats: list[ListItem] | None = None
    """For a table with more than one free seat, or a game under way with any
    (a seat someone left): each free seat to sit in, its ``id`` the seat's
    number and its ``label`` the game's words for it ("Sit in seat 3, partner of
    Ann"). Null otherwise (Join takes the only free seat)."""
    chairs: list[ListItem] | None = None
    """For a table: every seat to watch from, taken or not (watching takes no
    seat), its ``id`` the seat's number for ``spectate``'s ``chair`` and its
    ``label`` the game's words ("Watch from seat 3, Bert"). Null from older
    servers (Watch watches from seat 1)."""
    about: str = ""
    """For a computer character the host may seat: what they are like, in a
    sentence, as the game's Left and Right say it ("" from older servers)."""


class Screen(Message, frozen=True):
    """Where a rendering client is, worded: the lobby, a waiting room, a table."""

    place: Literal["lobby", "waiting", "table"]
    title: str
    items: list[ListItem]
    """The lobby's tables, or the waiting room's seats; at a table, for a
    spectator (version 14), the seats a computer plays for someone who left
    the game under way, to take (``join_seat``): "Sit in seat 2, partner of
    Bert"."""
    is_host: bool = False
    is_watching: bool = False
    """At a table as a spectator (leaving it gives up no seat)."""
    picture: Picture | None = None
    table: str = ""
    """The table's id (a waiting room's free seat, or a spectator's seat to take
    at a table, is taken with ``join_seat``)."""
    after_game: bool = False
    """A waiting room the host opened from a finished game's results, to fill a
    seat someone left: Escape (sent as a ``key``) goes back to the results."""
    is_last: bool = False
    """The page's player is the only person seated: leaving closes the table (no
    computer player takes the seat)."""
    about: str = ""
    """A waiting room's line under its title: where one waits, as the game's
    room's title says it ("Waiting for the game at Ann's table: 4 players in
    partnerships, 1 hand, custom rules."), then a private table's code
    ("Private table: its code is T Y L G 6 Q."); "" elsewhere."""


class Said(ServerMessage, frozen=True, tag="said"):
    """For a rendering client: what to announce, and the screen as it stands."""

    lines: list[SaidLine]
    screen: Screen | None = None
    characters: list[ListItem] | None = None
    """The computer characters a host may seat (sent once, after ``welcome``)."""
    found: ListItem | None = None
    """The private table ``find_table`` found, worded as the lobby's tables are
    (its ``seats`` and ``chairs`` to choose from), its ``id`` the table's id for
    ``join_seat`` and ``spectate``. Version 7; null otherwise. Sent again when
    the table changes while shown (version 8): the page redraws it in place."""
    found_closed: str | None = None
    """The id of the table ``found`` gave that has closed since (version 8): the
    page takes it away. Null otherwise."""


AnyServerMessage: TypeAlias = (
    Welcome
    | Error
    | Lobby
    | LobbyUpdate
    | TableFound
    | TableSnapshot
    | TableUpdate
    | SeatChanged
    | ChatLine
    | PeopleOnline
    | Reminder
    | Pong
    | Said
)


# --- encoding and decoding ---------------------------------------------------------

_CLIENT_DECODER: Final[msgspec.json.Decoder[AnyClientMessage]] = msgspec.json.Decoder(
    AnyClientMessage
)
_SERVER_DECODER: Final[msgspec.json.Decoder[AnyServerMessage]] = msgspec.json.Decoder(
    AnyServerMessage
)
_ENCODER: Final = msgspec.json.Encoder()


def frame_size(data: str | bytes) -> int:
    """The size of a frame in bytes (UTF-8 for text)."""
    if isinstance(data, bytes):
        return len(data)
    if len(data) * 4 <= MAX_FRAME_BYTES:
        return len(data)  # short enough whatever its characters: skip the encoding
    return len(data.encode("utf-8", "surrogatepass"))


class _Typed(msgspec.Struct):
    type: str = ""


_TYPED_DECODER: Final = msgspec.json.Decoder(_Typed)


def frame_type(data: str | bytes) -> str:
    """The ``type`` a frame names, when it is a JSON object that names one ("")."""
    try:
        return _TYPED_DECODER.decode(data).type
    except (msgspec.DecodeError, UnicodeError, RecursionError):
        return ""


def request_type(data: str | bytes) -> str | None:
    """The ``type`` of a refused frame, when it is a JSON object that names one.

    None for a frame over :data:`MAX_FRAME_BYTES`: it is not read at all.
    """
    if frame_size(data) > MAX_FRAME_BYTES:
        return None
    return frame_type(data)[:32] or None


def decode_client(data: str | bytes) -> AnyClientMessage:
    """Decode a client frame.

    Raises:
        ProtocolError: ``too_large``, ``bad_json`` or ``bad_message`` (naming the
            field and the problem).
    """
    if frame_size(data) > MAX_FRAME_BYTES:
        raise ProtocolError(
            ErrorCode.TOO_LARGE, f"frames are limited to {MAX_FRAME_BYTES} bytes"
        )
    try:
        return _CLIENT_DECODER.decode(data)
    except UnicodeError:
        raise ProtocolError(ErrorCode.BAD_JSON, "the text is not valid UTF-8") from None
    except msgspec.ValidationError as error:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, str(error)) from None
    except msgspec.DecodeError as error:
        raise ProtocolError(ErrorCode.BAD_JSON, str(error)) from None


def decode_server(data: str | bytes) -> AnyServerMessage:
    """Decode a server frame (clients and tests).

    Raises:
        msgspec.DecodeError: for a frame that is not a valid server message.
    """
    return _SERVER_DECODER.decode(data)


def encode(message: Message) -> str:
    """A message as the text of one JSON frame."""
    return _ENCODER.encode(message).decode("utf-8")


def encode_utf8(message: Message) -> bytes:
    """A message as the UTF-8 bytes of one JSON text frame (what the server sends)."""
    return _ENCODER.encode(message)


class TokenBucket:
    """A per-connection rate limit: ``rate`` messages a second, bursts of ``burst``.

    >>> bucket = TokenBucket(rate=1.0, burst=2, now=0.0)
    >>> [bucket.take(0.0), bucket.take(0.0), bucket.take(0.0), bucket.take(1.0)]
    [True, True, False, True]
    """

    def __init__(self, *, rate: float, burst: int, now: float) -> None:
        """Start full."""
        self.rate = rate
        self.burst = float(burst)
        self._tokens = float(burst)
        self._stamp = now

    def take(self, now: float) -> bool:
        """Spend one token if there is one (refilling by the time since the last)."""
        elapsed = max(0.0, now - self._stamp)
        self._stamp = now
        self._tokens = min(self.burst, self._tokens + elapsed * self.rate)
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False

    def wait(self, now: float) -> float:
        """Seconds until :meth:`take` has a token (0: one is there now).

        >>> bucket = TokenBucket(rate=4.0, burst=1, now=0.0)
        >>> [bucket.wait(0.0), bucket.take(0.0), bucket.wait(0.0), bucket.wait(0.125)]
        [0.0, True, 0.25, 0.125]
        """
        elapsed = max(0.0, now - self._stamp)
        tokens = min(self.burst, self._tokens + elapsed * self.rate)
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate

    def slow_down(self, now: float, *, floor: float) -> None:
        """Empty the bucket, and halve the rate and the bursts.

        The rate not below ``floor`` a second, the bursts not below one: what a
        client does when a server counts more strictly than it did.
        """
        self._tokens, self._stamp = 0.0, now
        self.rate = max(floor, self.rate / 2)
        self.burst = max(1.0, self.burst / 2)
