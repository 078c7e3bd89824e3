"""Words for online play: the link, the lobby, seats, chat, refusals, typing.

Everything a networked game says beyond what a local game says: the table itself
(bids, cards, tricks, scores) is worded by the same functions as a local game,
from the notices the server sends (see :mod:`audiospades.net.remote`).

>>> spell_code("K7QX2M")
'K 7 Q X 2 M'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from audiospades.commands import Command
from audiospades.i18n import _, ngettext
from audiospades.keymap import Context
from audiospades.net.client import FailReason, LinkState
from audiospades.net.protocol import (
    ErrorCode,
    PersonOnline,
    SeatChange,
    SeatInfo,
    SeatKind,
    TableInfo,
    TableState,
    Whereabouts,
    wire_default_parts,
)
from audiospades.notices import DoneWhileAway
from audiospades.presenter.grammar import polish
from audiospades.presenter.keynames import key_for, yes_no_keys
from audiospades.presenter.rule_words import preset_text
from audiospades.presenter.scoring import (
    last_hand_text,
    scores_text,
    side_scores_text,
)
from audiospades.presenter.system import undo_unavailable_text, who_plays_text
from audiospades.presenter.table import (
    cards_on_table_text,
    hand_kept_text,
    last_trick_text,
    trick_info_text,
    whose_turn_text,
    your_hand_text,
)
from audiospades.presenter.utterance import Utterance
from audiospades.presenter.words import bid_words, card_list, is_you, join_list
from audiospades.replies import Occupant
from audiospades.rules import BidMade, CardPlayed, CardsPassed, Phase, SeatView
from audiospades.rules.seats import partner_of
from audiospades.sound import Cue
from audiospades.textmark import N_

if TYPE_CHECKING:
    from audiospades.net.remote import OnlineNews, RemoteTable

# --- titles and labels (message ids) ---------------------------------------------

PLAY_ONLINE: Final = N_("Play online")
SERVER_ADDRESS: Final = N_("Server address")
YOUR_NAME: Final = N_("Your name")
TABLE_NAME: Final = N_("Table name")
TABLE_CODE: Final = N_("Table code")
CHAT_TABLE: Final = N_("Chat to the table")
CHAT_LOBBY: Final = N_("Chat to the lobby")
WHO_IS_ONLINE: Final = N_("Who is online")
WHO_IS_ONLINE_TITLE: Final = N_("Who is online.")
LOBBY_TITLE: Final = N_("Lobby.")
CREATE_TABLE: Final = N_("Create a table")
JOIN_PRIVATE: Final = N_("Join a private table by its code")
REFRESH: Final = N_("Refresh the list")
LEAVE_SERVER: Final = N_("Leave the server")
CREATE_TITLE: Final = N_("Create a table.")
RULES_ITEM: Final = N_("Rules")
PRIVATE_ITEM: Final = N_("Private")
CREATE_NOW: Final = N_("Create the table")
SIT_ANY: Final = N_("Sit at the first free seat")
WATCH: Final = N_("Watch the game")
START_GAME: Final = N_("Start the game")
LEAVE_TABLE: Final = N_("Leave the table")
PLAY_AGAIN: Final = N_("Play again")
TABLE_CHOICE_TITLE: Final = N_("Join this table.")
WATCH_CHOICE_TITLE: Final = N_("Watch the game from which seat?")
WAITING_TITLE: Final = N_("Waiting for the game.")
CHOOSE_BOT_TITLE: Final = N_("Choose a computer player.")
SIT_HERE: Final = N_("Sit here yourself")


# --- typing a line -----------------------------------------------------------------

_CHAR_NAMES: Final = {
    " ": N_("space"),
    ".": N_("dot"),
    ",": N_("comma"),
    ":": N_("colon"),
    ";": N_("semicolon"),
    "/": N_("slash"),
    "\\": N_("backslash"),
    "-": N_("dash"),
    "_": N_("underscore"),
    "'": N_("apostrophe"),
    '"': N_("quote"),
    "@": N_("at"),
    "?": N_("question mark"),
    "!": N_("exclamation mark"),
    "(": N_("left parenthesis"),
    ")": N_("right parenthesis"),
    "+": N_("plus"),
    "=": N_("equals"),
    "#": N_("number sign"),
    "&": N_("and sign"),
    "*": N_("star"),
}


def char_text(char: str) -> str:
    """A typed or erased character as spoken: "a", "capital A", "space", "dot"."""
    if char in _CHAR_NAMES:
        return _(_CHAR_NAMES[char])
    # A no-break space or a right-to-left mark (pasted text holds them) would be
    # heard as nothing at all.
    if char.isspace():
        return _("special space")
    if unicodedata.category(char).startswith("C"):
        return _("invisible character")
    if char.isupper() and char.lower() != char:
        return _("capital {letter}").format(letter=char)
    return char


def line_text(text: str) -> str:
    """The whole line being typed, or "blank"."""
    return text if text else _("blank")


def text_entry_intro(label: str, text: str) -> str:
    """Said when a line entry opens: its label, what it holds, and the keys."""
    keys = {
        "accept": key_for(Command.TEXT_ACCEPT, Context.TEXT),
        "cancel": key_for(Command.TEXT_CANCEL, Context.TEXT),
        "clear": key_for(Command.TEXT_CLEAR, Context.TEXT),
    }
    if text:
        return _(
            "{label}: {text}. Type, then press {accept}; {cancel} cancels, "
            "{clear} clears the line."
        ).format(label=label, text=text, **keys)
    return _("{label}: blank. Type, then press {accept}; {cancel} cancels.").format(
        label=label, **keys
    )


def line_full_text(count: int) -> str:
    """A character refused because the line is full."""
    return ngettext(
        "This line holds at most {count} character.",
        "This line holds at most {count} characters.",
        count,
    ).format(count=count)


def line_cleared_text() -> str:
    """After the key that clears the line."""
    return _("Line cleared.")


def bad_address_text(example: str) -> str:
    """A server address that cannot be used."""
    return _("That is not a server address: type one such as {example}.").format(
        example=example
    )


def bad_name_text(count: int) -> str:
    """A player's or a table's name that cannot be used."""
    return ngettext(
        "Type a name of 1 to {count} character.",
        "Type a name of 1 to {count} characters.",
        count,
    ).format(count=count)


def bad_code_text(code: str) -> str:
    """A private table's code that cannot be one; a blank one asks for it."""
    if not code:
        return _("Type the table's code.")
    return _("A table code is made of letters and digits.")


UNPRINTABLE: Final = N_(
    "The server cannot take what you typed: it has a special space or an "
    "invisible character in it. Type it again without them."
)
"""Text the server refuses: it takes printable text only, so no space but the
plain one (a no-break space is refused) and no invisible character (a control
character, a right-to-left mark, a zero-width space). Said of a chat line or a
table's name before it is sent (the game's and the page's), and of a name the
server refused (the page's: the name is the only thing typed into a hello)."""


def unprintable_text() -> str:
    """A line holding a character the server refuses (see :data:`UNPRINTABLE`)."""
    return _(UNPRINTABLE)


NOTHING_SENT: Final = N_("Nothing was sent.")
"""An empty chat line was accepted: nothing goes out (the game's and the page's)."""


def nothing_sent_text() -> str:
    """An empty chat line was accepted: nothing goes out."""
    return _(NOTHING_SENT)


# --- the link ----------------------------------------------------------------------


def connecting_text(address: str) -> str:
    """Said while the first connection is made."""
    return _("Connecting to {address}.").format(address=address)


REPLACED: Final = N_(
    "You are now connected from another window or device, so this one has left "
    "the server."
)
"""Also the browser page's word for it (``presenter/web.py``)."""


def replaced_text() -> str:
    """The same player connected from elsewhere, and this connection was closed."""
    return _(REPLACED)


def link_text(state: LinkState, address: str, detail: str = "") -> str:
    """A change of the connection's state."""
    match state:
        case LinkState.CONNECTED:
            return _("Connected to {address}.").format(address=address)
        case LinkState.LOST:
            return _("Connection lost, reconnecting.")
        case LinkState.RECONNECTED:
            return _("Reconnected.")
        case LinkState.REPLACED:
            return replaced_text()
        case LinkState.FAILED:
            if detail:
                return _("Could not connect to {address}: {reason}.").format(
                    address=address, reason=_failure_words(detail).rstrip(".")
                )
            return _("Could not connect to {address}.").format(address=address)
    return _("Disconnected from the server.")


def _failure_words(detail: str) -> str:
    """Why a connection failed.

    The game's words for its own reasons; otherwise the system's short text.
    """
    words = _FAILURES.get(detail)
    return _(words) if words is not None else detail


_FAILURES: Final[dict[str, str]] = {
    FailReason.UNTRUSTED_CERTIFICATE: N_("the server's certificate is not trusted"),
    FailReason.SECURE_FAILED: N_("the secure connection (wss) could not be set up"),
    FailReason.REFUSED: N_(
        "no server is running at that address and port; check both, or ask "
        "whoever runs the server"
    ),
    FailReason.UNKNOWN_HOST: N_(
        "that server name could not be found; check its spelling"
    ),
    FailReason.UNREACHABLE: N_("that address cannot be reached from this computer"),
    FailReason.TIMED_OUT: N_("the server did not answer in time"),
    FailReason.NOT_A_SERVER: N_(
        "something answers at that address and port, but it is not an Audio "
        "Spades server"
    ),
}
"""Why a connection failed, for the reasons the game words itself."""


def left_server_text() -> str:
    """The player left the server for the main menu."""
    return _("You left the server.")


# --- the lobby ---------------------------------------------------------------------


def lobby_count_text(count: int) -> str:
    """How many tables the lobby lists."""
    if count == 0:
        return _("No table is open yet: create one.")
    return ngettext("{count} table is open.", "{count} tables are open.", count).format(
        count=count
    )


def _players_words(info: TableInfo) -> str:
    if info.partnerships:
        return _("{count} players in partnerships").format(count=info.players)
    return _("{count} players, each for themselves").format(count=info.players)


def _goal_words(info: TableInfo) -> str:
    hands = (
        ngettext("{count} hand", "{count} hands", info.hand_limit).format(
            count=info.hand_limit
        )
        if info.hand_limit
        else ""
    )
    if info.target and hands:
        return _("to {points} points or {hands}").format(
            points=info.target, hands=hands
        )
    if info.target:
        return _("to {points} points").format(points=info.target)
    return hands


def rules_words(preset: str) -> str:
    """A table's rules: the preset's name, or "custom rules"."""
    return _("custom rules") if preset == "custom" else preset_text(preset)


def seat_name(name: str | None) -> str:
    """A name from the server: a computer character's is translated, as at home.

    An empty name stays empty (``_("")`` would give the catalogue's header).
    """
    return _(name) if name else ""


def occupant_text(held: SeatInfo | Occupant) -> str:
    """Who sits in a seat: "Ann", "Hazel, computer", "free", "Bob, away".

    A person away whose seat a computer took after the takeover delay says so:
    "Bob, away, a computer plays the seat" (commas, not a semicolon: the lobby's
    list parts its people with semicolons).

    A computer standing in for a person who left says whose seat it was: "Hazel,
    a computer standing in for Ann" (so the person knows their seat, and no one
    hears "standing in" run into the next name). ``held``: the server's listing,
    or the table controller's copy of it (the kinds' values are the same).
    """
    name = held.name or ""
    computer = held.kind == SeatKind.COMPUTER
    if held.kind == SeatKind.EMPTY:
        return _("free")
    if computer and held.stand_in and held.stands_in_for:
        return _("{name}, a computer standing in for {player}").format(
            name=seat_name(name), player=held.stands_in_for
        )
    if computer and held.stand_in:
        # A computer player standing in for a person gone for good (an older
        # server does not say whom): the seat is free for a person, and bears the
        # computer's name meanwhile.
        return _("{name}, computer, standing in").format(name=seat_name(name))
    if computer:
        return _("{name}, computer").format(name=seat_name(name))
    if held.stand_in:
        # Translators: a person whose connection dropped, their seat played by a
        # computer meanwhile. Keep commas: semicolons part the people in a list.
        return _("{name}, away, a computer plays the seat").format(name=name)
    if not held.connected:
        return _("{name}, away").format(name=name)
    return name


def lobby_changes(before: Sequence[TableInfo], after: Sequence[TableInfo]) -> list[str]:
    """What changed between two lobby lists that a player there would want told.

    A sentence each: a table opened or closed, its last free seat was taken, or
    its game began. (Each seat filling or emptying is not told, nor is a game's
    end: the list's lines say them, and a busy lobby would speak of nothing else.
    A table that filled and began between two lists is told as begun.)
    """
    old = {info.id: info for info in before}
    new = {info.id: info for info in after}
    said = [
        _("{name} has closed.").format(name=heard_name(info))
        for table_id, info in old.items()
        if table_id not in new
    ]
    for table_id, info in new.items():
        was = old.get(table_id)
        heard = heard_name(info)
        if was is None:
            said.append(_("New table: {name}.").format(name=heard))
        elif info.state is TableState.PLAYING and was.state is not TableState.PLAYING:
            # Translators: a table listed in the lobby (its name: {name}, as
            # "Ann's table") has begun a game.
            said.append(_("{name} has started playing.").format(name=heard))
        elif was.free_seats and not info.free_seats:
            # Translators: the last free seat of a table listed in the lobby (its
            # name: {name}, as "Ann's table") was taken.
            said.append(_("{name} is full.").format(name=heard))
    return said


def found_table_change_text(before: TableInfo, after: TableInfo) -> str:
    """What changed at a table found by its code, while its choices are shown.

    As the lobby tells a listed table's changes (it began, its last seat was
    taken); else, a seat taken or freed, how many are free now. Empty when no
    seat changed hands (someone watching, a connection lost).
    """
    said = lobby_changes([before], [after])
    if said:
        return " ".join(said)
    free = len(after.free_seats)
    if free == len(before.free_seats):
        return ""
    # (None free now: lobby_changes said it is full, or has started.)
    return ngettext(
        # Translators: a private table found by its code (its name: {name}, as
        # "Ann's table"), shown to choose a seat at: a seat was taken or freed.
        "{name} now has {count} seat free.",
        "{name} now has {count} seats free.",
        free,
    ).format(name=heard_name(after), count=free)


def found_table_closed_text(info: TableInfo) -> str:
    """A table found by its code closed while its choices were shown."""
    return _("{name} has closed.").format(name=heard_name(info))


def seated_list(occupants: Sequence[str]) -> str:
    """The people at a table, parted by semicolons: "Ann; Hazel, computer; Cid".

    Each may hold commas of its own ("Hazel, a computer standing in for Bob"):
    a screen reader pauses longer at a semicolon, so the ear hears where each ends.
    """
    if not occupants:
        return ""
    text = occupants[0]
    for occupant in occupants[1:]:
        # Translators: between two of the people listed as seated at a table, as
        # in "seated: Ann; Hazel, a computer standing in for Bob; Cid". Each may
        # hold commas of its own: keep a stronger pause here than a comma's.
        text = _("{list}; {next}").format(list=text, next=occupant)
    return text


def table_rules_text(info: TableInfo) -> str:
    """A table's rules in short, as its lobby line has them.

    "4 players in partnerships, to 500 points, pagat's rules".
    """
    parts = [_players_words(info)]
    goal = _goal_words(info)
    if goal:
        parts.append(goal)
    parts.append(rules_words(info.preset))
    return ", ".join(parts)


def table_line(info: TableInfo) -> str:
    """A table in one short line, as the lobby lists it.

    Who is seated comes last, parted by semicolons (:func:`seated_list`), so no
    word after the list runs into its last name.
    """
    free = len(info.free_seats)
    parts = [heard_name(info), table_rules_text(info)]
    if info.state is TableState.PLAYING:
        parts.append(_("game under way"))
    elif info.state is TableState.FINISHED:
        parts.append(_("game over"))
    parts.append(
        ngettext("{count} seat free", "{count} seats free", free).format(count=free)
        if free
        else _("no seat free")
    )
    seated = [occupant_text(s) for s in info.seats if s.kind is not SeatKind.EMPTY]
    if seated:
        parts.append(_("seated: {names}").format(names=seated_list(seated)))
    return ", ".join(parts)


def table_choice_text(info: TableInfo) -> str:
    """A table to choose a seat or a chair at: "Join this table. Ann's table, ...".

    Said as the game's choice opens over a table (Enter in the lobby, or a
    private table found by its code), its line a sentence of its own.
    """
    line = table_line(info)
    if not line.endswith((".", "!", "?")):
        line += "."  # as the game's lobby ends it (app.lobby's _sentence)
    return " ".join([_(TABLE_CHOICE_TITLE), line])


def sit_in_seat_label(seat: int, info: TableInfo) -> str:
    """A free seat to sit in: "Sit in seat 3, partner of Ann"."""
    mate = _partner_held(info, seat)
    if mate:
        return _("Sit in seat {number}, partner of {name}").format(
            number=seat + 1, name=mate
        )
    return _("Sit in seat {number}").format(number=seat + 1)


def watch_from_seat_label(seat: int, info: TableInfo) -> str:
    """A chair to watch from: "Watch from seat 3, Bert"; a free seat has no name.

    Every seat is offered, taken or not: watching takes no seat.
    """
    held = next(
        (s for s in info.seats if s.seat == seat and s.kind is not SeatKind.EMPTY),
        None,
    )
    name = seat_name(held.name) if held is not None else ""
    if name:
        return _("Watch from seat {number}, {name}").format(number=seat + 1, name=name)
    return _("Watch from seat {number}").format(number=seat + 1)


def spell_code(code: str) -> str:
    """A private table's code, one character at a time (so speech spells it)."""
    return " ".join(code)


def default_table_name(player: str) -> str:
    """The name a new table gets unless the player types another (as heard).

    Finished as the language writes it (French "Table d'Ann", not "Table de
    Ann"): the name is also shown, and offered to edit, as it is, where no
    sentence's polish reaches it.
    """
    return polish(_("{name}'s table").format(name=player))


def heard_table_name(name: str, *, default: bool) -> str:
    """A table's name as this language says it.

    ``default``: the table was made with no name given (its listing's
    ``default_name``): its name, listed in English ("Ann's table", perhaps
    numbered "Ann's table 2"), is said in the listener's language ("Table de
    Ann 2"). Any other name exactly as its host typed it, whatever it looks
    like: "Bob's table", typed by Ann, was said "Table de Bob" in French.

    >>> heard_table_name("Ann's table 2", default=True)
    "Ann's table 2"
    >>> heard_table_name("Bob's table", default=False)
    "Bob's table"
    """
    parts = wire_default_parts(name) if default else None
    if parts is None:
        return name
    host, number = parts
    return default_table_name(host) + number


def heard_name(info: TableInfo) -> str:
    """A listed table's name as this language says it (:func:`heard_table_name`)."""
    return heard_table_name(info.name, default=info.default_name)


def is_default_table_name(name: str) -> bool:
    """Whether a table's name, as heard, already says "table", as a default does.

    Such a name ("Ann's table", made by :func:`default_table_name` in the
    listener's language, or a name of that shape typed in English) stands alone
    in a sentence ("Back at Ann's table."); another ("Friday", "3") follows the
    word ("Back at table 3."). Only the sentence's shape: whether the name is
    the default, to be said in the listener's language, is the listing's
    ``default_name`` (see :func:`heard_table_name`).

    A number after it, as the server numbers a second table of one name ("Ann's
    table 2"), keeps it one.

    >>> is_default_table_name("Ann's table"), is_default_table_name("3")
    (True, False)
    >>> is_default_table_name("Ann's table 2")
    True
    """
    folded = re.sub(r"\s+\d+$", "", name.strip()).casefold()
    shapes = {
        default_table_name("\0"),
        # The shape before a name the language elides to ("Table d'\0").
        default_table_name("A\0").replace("A\0", "\0"),
        "{name}'s table".format(name="\0"),
    }
    for shape in shapes:
        before, _mark, after = shape.casefold().partition("\0")
        if (
            len(folded) > len(before) + len(after)
            and folded.startswith(before)
            and folded.endswith(after)
        ):
            return True
    return False


def create_rules_value(preset: str, players: int, partnerships: bool) -> str:
    """The "Rules" item of the create-table screen: "pagat's rules, 4 players"."""
    table = (
        _("{count} players in partnerships")
        if partnerships
        else _("{count} players, each for themselves")
    ).format(count=players)
    return _("{rules}, {players}").format(rules=rules_words(preset), players=table)


# --- at a table ----------------------------------------------------------------------


def seat_item_label(seat: int, mine: int | None, info: TableInfo) -> str:
    """A seat in the waiting room: "Seat 1, you", "Seat 3, your partner"."""
    number = seat + 1
    if mine is not None and seat == mine:
        return _("Seat {number}, you").format(number=number)
    if mine is not None and partner_of(mine, info.players, info.partnerships) == seat:
        return _("Seat {number}, your partner").format(number=number)
    return _("Seat {number}").format(number=number)


def waiting_room_intro(
    info: TableInfo,
    seat: int | None,
    is_host: bool,
    code: str | None,
    chair: int | None = None,
) -> str:
    """Said on arriving at a table whose game has not started.

    ``chair``: a spectator's, to name it ("... from the chair of Ann."), as
    sitting down to watch a game under way does (None: the table alone).
    """
    parts: list[str] = []
    heard = heard_name(info)
    named = is_default_table_name(heard)
    if seat is None and chair is not None:
        parts.append(watching_text(info, chair))
    elif seat is None:
        parts.append(
            (
                # Translators: {name} is a table's name that says "table" itself,
                # as "Ann's table" (the name a new table gets).
                _("You are watching {name}.")
                if named
                else _("You are watching table {name}.")
            ).format(name=heard)
        )
    else:
        parts.append(seated_text(info, seat))
    if code:
        parts.append(code_text(code))
    if is_host:
        parts.append(
            _(
                "You are the host: put computer players in free seats, then start "
                "the game."
            )
        )
    elif seat is not None:
        parts.append(_("The host starts the game."))
    return " ".join(parts)


def code_text(code: str) -> str:
    """A private table's code, as the waiting room says it on arriving."""
    return _("Private table: its code is {code}.").format(code=spell_code(code))


def waiting_room_title(info: TableInfo) -> str:
    """The waiting room's title as said on arriving, with the table's rules.

    "Waiting for the game: 4 players in partnerships, to 500 points, pagat's
    rules." The table's name follows at once, in where one sits ("You sit in
    seat 2 at Ann's table."), so it is not said twice.
    """
    # Translators: {rules} is a table's rules in short, as the lobby lists
    # them: "4 players in partnerships, to 500 points, pagat's rules".
    return _("Waiting for the game: {rules}.").format(rules=table_rules_text(info))


def waiting_room_arrival(
    info: TableInfo,
    seat: int | None,
    is_host: bool,
    code: str | None,
    chair: int | None = None,
) -> str:
    """Said on arriving in the waiting room, the game's and the page's alike.

    Its title with the table's rules, then where one sits (or watches from), a
    private table's code and who starts: "Waiting for the game: 4 players in
    partnerships, to 500 points, pagat's rules. You sit in seat 2 at table
    Secret. The host starts the game." (QA: the page said only where one sits,
    and its arrival had no rules.)
    """
    return " ".join(
        (
            waiting_room_title(info),
            waiting_room_intro(info, seat, is_host, code, chair),
        )
    )


def waiting_room_heading(info: TableInfo, code: str | None) -> str:
    """Where one waits: the table's name and rules, with a private table's code.

    The waiting room's title on the picture, and said before its keys on F1
    (QA: someone who joined by a code saw only "Waiting for the game.", and
    could not ask where they were). The code is said once, on arriving; the
    host reads it out to the friends to come, and it stays in sight (not only
    in the latest line, gone with the next key). ``code``: None for a table
    listed in the lobby.
    """
    heard = heard_name(info)
    rules = table_rules_text(info)
    title = (
        # Translators: {name} says "table" itself, as "Ann's table"; {rules}
        # is its rules in short, as the lobby lists them.
        _("Waiting for the game at {name}: {rules}.")
        if is_default_table_name(heard)
        else _("Waiting for the game at table {name}: {rules}.")
    ).format(name=heard, rules=rules)
    return title if not code else f"{title} {code_text(code)}"


def seated_text(info: TableInfo, seat: int) -> str:
    """Where one sits: "You sit in seat 2 at Ann's table.".

    Said on arriving in the waiting room, and on taking a free seat in a game
    under way (before where things stand: the newcomer knew nothing of it).
    """
    table_name = heard_name(info)
    text = (
        # Translators: {name} says "table" itself, as "Ann's table".
        _("You sit in seat {number} at {name}.")
        if is_default_table_name(table_name)
        else _("You sit in seat {number} at table {name}.")
    ).format(number=seat + 1, name=table_name)
    partner = _partner_held(info, seat)
    if partner:
        # QA: whom one partners was heard only by moving to the seat ("You
        # moved to seat 3; your partner is Bob."), not by sitting down in it.
        text += " " + _("Your partner is {partner}.").format(partner=partner)
    return text


def _partner_held(info: TableInfo, seat: int) -> str:
    """Whoever sits in the seat of ``seat``'s partner ("": no one, or none)."""
    partner = partner_of(seat, info.players, info.partnerships)
    mate = next(
        (s for s in info.seats if s.seat == partner and s.kind is not SeatKind.EMPTY),
        None,
    )
    return seat_name(mate.name) if mate is not None else ""


def start_value(armed: bool, empty: int, away: Sequence[str] = ()) -> str:
    """The value of the host's "Start the game" item.

    ``away``: the names of seated people whose connection is down (started now,
    a computer player plays for them once the takeover delay is over).
    """
    if armed:
        return _("as soon as every seat is taken")
    if empty:
        return ngettext(
            "{count} seat is empty", "{count} seats are empty", empty
        ).format(count=empty)
    if away:
        return ngettext("{names} is away", "{names} are away", len(away)).format(
            names=join_list(away)
        )
    return ""


def start_armed_text(armed: bool) -> str:
    """The host chose "Start the game" while seats were empty (or again, to cancel)."""
    if armed:
        return _("The game starts as soon as every seat is taken.")
    return _("The game will not start by itself.")


def choose_bot_intro(seat: int) -> str:
    """Said over the list of computer players for a free seat."""
    return _("For seat {number}.").format(number=seat + 1)


def character_keys_text() -> str:
    """F1's words for Left and Right in the host's list of computer players."""
    return _("hear what the computer player is like")


def not_host_text() -> str:
    """A non-host chose a seat in the waiting room."""
    return _("Only the host seats computer players.")


def seat_change_text(
    news: OnlineNews, own_seat: int | None, *, game_over: bool = False
) -> str:
    """A seat's change, the game's start, or a spectator come or gone, in words.

    ``game_over``: the table's game has ended (a computer taking a leaver's seat
    then plays in the next game, not in this one).
    """
    name = seat_name(news.name)
    before = seat_name(news.previous) or name
    number = (news.real_seat or 0) + 1
    is_me = news.real_seat is not None and news.real_seat == own_seat
    # A person taking the seat a computer stood in for: the computer leaves it.
    stand_in = seat_name(news.previous) if news.previous_is_computer else ""
    match news.change:
        case SeatChange.JOINED if is_me and news.table is not None:
            # A spectator sitting down at the table they watched (version 9).
            return seated_text(news.table, news.real_seat or 0)
        case SeatChange.MOVED:
            return moved_text(news, own_seat)
        case SeatChange.JOINED if news.watched_as:
            return _sat_down_from_watching_text(news, own_seat, stand_in)
        case SeatChange.JOINED:
            if stand_in:
                return _("{name} sits in seat {number}; {stand_in} leaves.").format(
                    name=name, number=number, stand_in=stand_in
                )
            if _is_partner_of(news, own_seat):
                # As a move to the seat says it (QA: a host heard "Bob sits in
                # seat 3." and had to find out who their partner was).
                return _("{name} sits in seat {number} and is your partner.").format(
                    name=name, number=number
                )
            return _("{name} sits in seat {number}.").format(name=name, number=number)
        case SeatChange.LEFT:
            if name and before and name != before and game_over:
                # QA: "plays in their place" after the last trick: no game then.
                return _(
                    "{name} left the table; {stand_in}, a computer player, takes "
                    "the seat."
                ).format(name=before, stand_in=name)
            if name and before and name != before:  # a game under way goes on
                return _(
                    "{name} left the table; {stand_in}, a computer player, plays "
                    "in their place."
                ).format(name=before, stand_in=name)
            return _("{name} left the table.").format(name=before or name)
        case SeatChange.DISCONNECTED:
            return _("{name} lost the connection.").format(name=name)
        case SeatChange.RECONNECTED:
            return _("{name} is back.").format(name=name)
        case SeatChange.TAKEN_OVER if is_me:
            # Connected all along, away at one's turn (version 11).
            return taken_over_text()
        case SeatChange.TAKEN_OVER:
            return _("A computer player now plays for {name}.").format(name=name)
        case SeatChange.RETURNED:
            if stand_in:  # came back after leaving the game
                return _("{name} is back in seat {number}; {stand_in} leaves.").format(
                    name=name, number=number, stand_in=stand_in
                )
            return _("{name} is back and plays again.").format(name=name)
        case SeatChange.BOT_ADDED:
            return _("{name}, a computer player, sits in seat {number}.").format(
                name=name, number=number
            )
        case SeatChange.BOT_REMOVED:
            return _("{name} leaves seat {number}.").format(
                name=before or _("The computer player"), number=number
            )
        case SeatChange.GAME_STARTED:
            return _("The game starts.")
        case SeatChange.HOST_CHANGED:
            if (
                is_me
                and news.table is not None
                and (news.table.state is TableState.WAITING)
            ):
                # QA: before the game, the new host heard only this, and found
                # the computer players and "Start the game" by chance.
                return _(
                    "You are now the host: put computer players in free seats, "
                    "then start the game."
                )
            if is_me:
                return _("You are now the host.")
            return _("{name} is now the host.").format(name=name)
        case SeatChange.WATCHING:
            return _("{name} is watching.").format(name=news.name)
        case SeatChange.STOPPED_WATCHING:
            return _("{name} stopped watching.").format(name=news.name)
    return ""


def _is_partner_of(news: OnlineNews, own_seat: int | None) -> bool:
    """Whether the seat ``news`` tells of is the partner of ``own_seat``."""
    if own_seat is None or news.table is None:
        return False
    table = news.table
    return partner_of(news.real_seat or 0, table.players, table.partnerships) == (
        own_seat
    )


def _sat_down_from_watching_text(
    news: OnlineNews, own_seat: int | None, stand_in: str
) -> str:
    """A spectator of the table sat down in a seat (version 14), in one sentence.

    QA: "Cid stopped watching." then "Cid sits in seat 3." was heard, the first
    alone as if Cid had left. ``stand_in``: the computer player who gives the
    seat up, if one played it.
    """
    name = seat_name(news.name)
    number = (news.real_seat or 0) + 1
    watched = seat_name(news.watched_as)
    if watched != name:
        # Numbered apart at the table, not as they watched ("Ann 2" beside
        # another Ann connected): both names, the one known and the new one.
        return _(
            "{watcher} stops watching and sits in seat {number} as {name}."
        ).format(watcher=watched, number=number, name=name)
    if stand_in:
        return _(
            "{name} stops watching and sits in seat {number}; {stand_in} leaves."
        ).format(name=name, number=number, stand_in=stand_in)
    if _is_partner_of(news, own_seat):
        return _(
            "{name} stops watching and sits in seat {number}, as your partner."
        ).format(name=name, number=number)
    return _("{name} stops watching and sits in seat {number}.").format(
        name=name, number=number
    )


def taken_over_text() -> str:
    """A computer plays for the player, who was away at their turn, until a key.

    Said when it begins, and again on coming back to the table while it still
    does (the game reconnected by itself: after a server restart, say).
    """
    return _(
        "The table waited too long for you: a computer player now plays "
        "for you. Press any key at the table to play again."
    )


def away_text(seats: Sequence[SeatInfo], own_seat: int | None) -> str:
    """Who of the people at a table is away, for someone arriving at it ("": none).

    "Bob is away." for a person whose connection is down, "A computer player
    plays for Cal." for one a computer plays for meanwhile (connection down
    past the takeover delay, or away at their turn): what "Bob is back." and
    "Cal is back and plays again." follow. Said on coming back to a table (QA:
    after a server restart, the first one back heard "Bob is back." of each
    later one, never told Bob was gone) and on sitting down at a game under
    way. ``own_seat``: the listener's, left out (None: watching).
    """
    people = sorted(
        (s for s in seats if s.kind is SeatKind.HUMAN and s.seat != own_seat),
        key=lambda s: s.seat,
    )
    away = [s.name or "" for s in people if not s.connected and not s.stand_in]
    played_for = [s.name or "" for s in people if s.stand_in]
    parts = []
    if away:
        # Translators: people at the table whose connection is down ({names}: "Bob"
        # or "Bob and Cal"); "Bob is back." is said when one comes back.
        parts.append(
            ngettext("{names} is away.", "{names} are away.", len(away)).format(
                names=join_list(away)
            )
        )
    if played_for:
        # Translators: people at the table, away, whose seats computer players
        # play meanwhile ({names}: "Cal" or "Cal and Dee").
        parts.append(
            ngettext(
                "A computer player plays for {names}.",
                "Computer players play for {names}.",
                len(played_for),
            ).format(names=join_list(played_for))
        )
    return " ".join(parts)


def moved_text(news: OnlineNews, own_seat: int | None) -> str:
    """Someone moved to another seat before the game (version 9).

    With partners, who now partners whom: the reason to move.
    """
    seat = news.real_seat or 0
    number = seat + 1
    info = news.table
    partner, seats = None, []
    if info is not None:
        partner = partner_of(seat, info.players, info.partnerships)
        seats = info.seats
    if own_seat is not None and seat == own_seat:
        held = next((s for s in seats if s.seat == partner), None)
        if held is not None and held.name:
            return _("You moved to seat {number}; your partner is {partner}.").format(
                number=number, partner=seat_name(held.name)
            )
        return _("You moved to seat {number}.").format(number=number)
    name = seat_name(news.name)
    if own_seat is not None and partner == own_seat:
        return _("{name} moved to seat {number} and is now your partner.").format(
            name=name, number=number
        )
    return _("{name} moved to seat {number}.").format(name=name, number=number)


def own_seat_text() -> str:
    """Enter on one's own seat in the waiting room."""
    return _("This is your seat. To move, press Enter on a free seat.")


def chat_text(sender: str, text: str) -> str:
    """An incoming chat line, with its sender's name first."""
    return _("{sender}: {text}").format(sender=sender, text=text)


CHAT_SHOWN: Final = 4
"""The chat lines the online table's picture keeps in sight, the newest last."""


def shown_chat_lines(news: Sequence[OnlineNews]) -> list[str]:
    """The last chat lines at a table, as its picture shows them, oldest first.

    Each as it is said ("Bob: hi", a private one "Bob, to you: hi"), of the
    table's chat and the lines to or from the player alone; not the lobby's.
    """
    shown = [
        private_line_text(item)
        if item.scope == "private"
        else chat_text(item.sender, item.text)
        for item in news
        if item.scope in ("table", "private")
    ]
    return shown[-CHAT_SHOWN:]


def coming_back_text() -> str:
    """A key pressed at the table while a computer played for one who was away."""
    return _("You take your seat back.")


def seat_coming_back_text() -> str:
    """Another key before the server has given the seat back."""
    return _("Wait a moment: your seat is coming back.")


def reminder_text(sender: str) -> str:
    """Someone at the table reminds you that it is your turn."""
    return _("{sender} reminds you that the table is waiting for you.").format(
        sender=sender
    )


def reminded_text(names: Sequence[str]) -> str:
    """You reminded those the table waits for."""
    return _("You reminded {names}.").format(names=join_list(names))


def private_label_text(name: str) -> str:
    """The label of the entry of a line to one player alone."""
    return _("Message to {name}").format(name=name)


def private_key_text() -> str:
    """What the chat key does in the list of who is online (F1, F2)."""
    return _("write to the player on this line alone")


def private_line_text(news: OnlineNews) -> str:
    """A private chat line: to you ("Bob, to you: hi"), or yours to someone."""
    if news.is_own:
        return _("You, to {name}: {text}").format(name=news.name, text=news.text)
    return _("{sender}, to you: {text}").format(sender=news.sender, text=news.text)


_AT_A_TABLE: Final[dict[Whereabouts, tuple[str, str, str]]] = {
    # (at a public table whose name says "table" itself, as "Ann's table"; at one
    # named otherwise, as "Friday"; at a private one, not named)
    Whereabouts.WATCHING: (
        # Translators: {table} says "table" itself, as "Ann's table".
        N_("{name}, watching {table}"),
        N_("{name}, watching table {table}"),
        N_("{name}, watching at a private table"),
    ),
    Whereabouts.PLAYING: (
        # Translators: {table} says "table" itself, as "Ann's table".
        N_("{name}, playing at {table}"),
        N_("{name}, playing at table {table}"),
        N_("{name}, playing at a private table"),
    ),
    Whereabouts.WAITING: (
        # Translators: {table} says "table" itself, as "Ann's table".
        N_("{name}, waiting at {table}"),
        N_("{name}, waiting at table {table}"),
        N_("{name}, waiting at a private table"),
    ),
}


def person_online_text(person: PersonOnline) -> str:
    """Where one person connected is: "Ann, in the lobby", "Bob, playing at Friday"."""
    if person.place is Whereabouts.LOBBY:
        return _("{name}, in the lobby").format(name=person.name)
    named, other, unnamed = _AT_A_TABLE[person.place]
    table = heard_table_name(person.table or "", default=person.default_name)
    if person.private or not table:
        words = unnamed
    else:
        # "Bob, playing at Friday" read as a place; "at table Friday" does not.
        words = named if is_default_table_name(table) else other
    return _(words).format(name=person.name, table=table)


def people_online_count(count: int) -> str:
    """How many others are connected, before the list of them."""
    if not count:
        return _("No one else is online.")
    return ngettext(
        "{count} other person online:", "{count} other people online:", count
    ).format(count=count)


def people_online_text(people: Sequence[PersonOnline], more: int = 0) -> str:
    """Who else is connected, the lobby first: the answer to "Who is online".

    Each person's place is parted from the next by a semicolon
    (:func:`seated_list`), as a table's seated people are.
    """
    count = len(people) + more
    head = people_online_count(count)
    if not count:
        return head
    text = f"{head} {seated_list([person_online_text(o) for o in people])}"
    if more:
        text = _("{list}; and {count} more").format(list=text, count=more)
    return text + "."


def left_table_text() -> str:
    """The player stood up and is back in the lobby."""
    return _("You left the table.")


LEAVE_PLAYING: Final = N_(
    "Leave the table? A computer player takes your seat. {yes} leaves, {no} stays."
)
"""Leaving a game under way (the page asks it in the same words)."""

LEAVE_LAST_PLAYING: Final = N_(
    "Leave the table? You are the last person at it: the table closes, "
    "and the game ends with it. {yes} leaves, {no} stays."
)
"""The same, for the only person seated: the server closes the table then."""


def leave_question_text(is_playing: bool, *, last: bool = False) -> str:
    """Escape at a networked table: leave?

    ``last``: no one else holds a seat; the server closes the table when its last
    person leaves, so no computer player takes the seat (QA: the question said
    one would, and the game was gone).
    """
    keys = yes_no_keys()
    if last and is_playing:
        return _(LEAVE_LAST_PLAYING).format(**keys)
    if last:
        return _(
            "Leave the table? You are the last person at it: the table closes. "
            "{yes} leaves, {no} stays."
        ).format(**keys)
    if is_playing:
        return _(LEAVE_PLAYING).format(**keys)
    return _("Leave the table? {yes} leaves, {no} stays.").format(**keys)


def leave_server_question_text() -> str:
    """Escape in the lobby (or its "Leave the server"): leave?"""
    return _("Leave the server? {yes} leaves, {no} stays.").format(**yes_no_keys())


def covered_turn_text() -> str:
    """The player's turn (or a question) came at a networked table.

    Said while another screen is over the table (help, the score sheet, the chat
    line).
    """
    return _("Your turn at the table: press {key} to go back to it.").format(
        key=key_for(Command.BACK, Context.MENU)
    )


def play_again_told_again(told: tuple[bool, int], now: tuple[bool, int]) -> bool:
    """Whether how another game starts is told again after the game.

    ``told``: what :func:`play_again_text` was told with (is host, seats free);
    ``now``: what it would be told with now. To the host, when a seat has
    emptied (someone left: it is filled first) or when the player has become the
    host; not when a seat fills or the host's place goes to another.
    """
    return told != now and bool(now[0] and (now[1] or not told[0]))


def play_again_text(is_host: bool, free: int = 0) -> str:
    """The game at a networked table is over: how another one starts there.

    ``free``: seats left empty since (their people left): the host fills them in
    the table's waiting room before the next game.
    """
    start = key_for(Command.PLAY_CARD, Context.TABLE)
    if is_host and free:
        return ngettext(
            "To play again at this table, press {start}, then fill the free seat "
            "in the waiting room.",
            "To play again at this table, press {start}, then fill the {count} "
            "free seats in the waiting room.",
            free,
        ).format(start=start, count=free)
    if is_host:
        return _(
            "To play again at this table with the same players, press {start}."
        ).format(start=start)
    return _(
        "The host can start another game at this table: wait for it, "
        "or leave from the game menu ({menu})."
    ).format(menu=key_for(Command.MENU, Context.TABLE))


def stayed_after_game_text(
    free: int = 0,
    *,
    is_host: bool = True,
    left_room: bool = False,
    leave: str | None = None,
) -> str:
    """Staying at the table after its game: what the player can do now.

    Said on N to "Start another game?" or to "Leave the table?" once the game is
    over, or when the host left the waiting room "Start another game?" opened.
    Where they are (the finished game's table), how to play again there, and how
    to leave (QA: only "The game is over." was said). ``free``: the seats left
    empty since the game, filled in the waiting room first; ``leave``: how to
    leave where the game menu is not the way (the browser page's button). Not
    the host (``is_host`` False), they wait for the host's next game or leave
    from the game menu, as :func:`play_again_text` says.
    """
    if left_room:
        where = _(
            "You left the waiting room and are back at the finished game's table."
        )
    else:
        where = _("The game is over; you stay at its table.")
    return _after_game_text(where, free, is_host=is_host, leave=leave)


def remind_after_game_text(
    free: int = 0, *, is_host: bool = True, leave: str | None = None
) -> str:
    """G (remind) at a networked table whose game is over: no one to remind.

    No turn is coming, so no one keeps the table waiting; then how to play again
    there or leave, as :func:`stayed_after_game_text` says it (QA: the server's
    "The game has not started yet." was said). ``free``, ``is_host`` and
    ``leave`` as there.
    """
    return _after_game_text(
        no_one_to_remind_after_game_text(), free, is_host=is_host, leave=leave
    )


def no_one_to_remind_after_game_text() -> str:
    """The first sentence of :func:`remind_after_game_text`."""
    return _("The game is over: there is no one to remind.")


def _after_game_text(where: str, free: int, *, is_host: bool, leave: str | None) -> str:
    """``where`` (the first sentence), then how to play again at the table or leave.

    Not the host, they wait for the host's next game or leave from the game menu,
    as :func:`play_again_text` says it.
    """
    if not is_host:
        return " ".join([where, play_again_text(False)])
    if leave is None:
        leave = _("To leave the table, use the game menu ({menu}).").format(
            menu=key_for(Command.MENU, Context.TABLE)
        )
    return " ".join([where, play_again_text(True, free), leave])


def play_again_action_text(is_host: bool) -> str:
    """F1's words for Enter (Space, N) at a networked table whose game is over."""
    if is_host:
        return _("start another game at this table (you are asked first)")
    return _("hear how another game starts at this table")


def play_again_question_text(missing: Sequence[tuple[int, str]] = ()) -> str:
    """The host pressed Enter at a networked table whose game is over.

    ``missing``: the empty seats (numbered from 0), each with who sat there last
    (empty if unknown): Y then goes to the waiting room to fill them.
    """
    keys = yes_no_keys()
    if not missing:
        return _(
            "Start another game at this table with the same players? "
            "{yes} starts, {no} stays."
        ).format(**keys)
    names = [
        seat_name(name) or _("Seat {number}").format(number=seat + 1)
        for seat, name in missing
    ]
    count = len(missing)
    return ngettext(
        "Start another game at this table? {names} left, so a seat is free: "
        "{yes} takes you to the waiting room to fill it, {no} stays.",
        "Start another game at this table? {names} left, so {count} seats are "
        "free: {yes} takes you to the waiting room to fill them, {no} stays.",
        count,
    ).format(names=join_list(names), count=count, **keys)


def watching_text(info: TableInfo, chair: int) -> str:
    """Said on sitting down to watch a game: from whose chair (named, never "you")."""
    held = next((s for s in info.seats if s.seat == chair), None)
    player = seat_name(held.name) if held is not None else ""
    return watching_from_text(info.name, chair, player, default_name=info.default_name)


def watching_from_text(
    table_name: str, chair: int, player: str, *, default_name: bool
) -> str:
    """From whose chair one watches ("You are watching Ann's table from seat 2.").

    ``player``: who sits in ``chair``, or "" for an empty seat (its number is said).
    ``default_name``: the table's name is its default (see :func:`heard_table_name`).
    """
    table_name = heard_table_name(table_name, default=default_name)
    named = is_default_table_name(table_name)
    if not player:
        return (
            # Translators: {name} says "table" itself, as "Ann's table".
            _("You are watching {name} from seat {number}.")
            if named
            else _("You are watching table {name} from seat {number}.")
        ).format(name=table_name, number=chair + 1)
    return (
        # Translators: {name} says "table" itself, as "Ann's table".
        _("You are watching {name} from the chair of {player}.")
        if named
        else _("You are watching table {name} from the chair of {player}.")
    ).format(name=table_name, player=player)


NOTHING_DONE: Final = DoneWhileAway()
"""Back with nothing done for the player (or not back at all)."""

LAST_CARDS_TOLD: Final = 3
"""Of the cards a computer player played for someone away, the last ones named."""


def done_while_away_text(away: DoneWhileAway, names: Sequence[str]) -> str:
    """What a computer player did for the player while they were away, or "".

    "While you were away, Hazel, a computer player, played for you. It bid 3. It
    played the king of hearts and the 4 of clubs." Many cards: their count and
    the last few. Its name when the server said it (an older one does not).

    Args:
        away: what it did: earlier hands scored meanwhile, redeals it asked for,
            and its bids, passes and plays for them in the hand under way.
        names: each seat's name.
    """
    done = away.done
    played = [n.card for n in done if isinstance(n, CardPlayed)]
    bids = [n.bid for n in done if isinstance(n, BidMade)]
    passes = [n for n in done if isinstance(n, CardsPassed)]
    if away.is_empty:
        return ""
    if away.name:
        # Translators: a computer player (its name: {name}) took the seat of the
        # player, whose connection was lost; now the player is back. "It" (below)
        # is that computer player.
        first = _("While you were away, {name}, a computer player, played for you.")
        parts = [first.format(name=seat_name(away.name))]
    else:
        # Translators: a computer player took the seat of the player, whose
        # connection was lost; now the player is back. "It" (below) is that
        # computer player.
        parts = [_("While you were away, a computer player played for you.")]
    hands = away.hands
    if hands:
        parts.append(
            ngettext(
                "{count} hand was scored meanwhile.",
                "{count} hands were scored meanwhile.",
                hands,
            ).format(count=hands)
        )
    if away.redeals:
        parts.append(
            ngettext(
                # Translators: "It" is the computer player who played for the
                # player: it threw in their hand (one spade or none), as the
                # rules allow, and the cards were dealt again.
                "It threw in your hand once; the cards were dealt again.",
                "It threw in your hand {count} times; the cards were dealt again.",
                away.redeals,
            ).format(count=away.redeals)
        )
    for bid in bids:
        # Translators: "It" is the computer player who played for the player.
        parts.append(_("It bid {bid}.").format(bid=bid_words(bid)))
    for given in passes:
        # Translators: "It" is the computer player who played for the player.
        parts.append(
            _("It passed {cards} to {player}.").format(
                cards=card_list(given.cards), player=_(names[given.to_seat])
            )
        )
    if len(played) > LAST_CARDS_TOLD:
        parts.append(
            ngettext(
                # Translators: "It" is the computer player who played for the
                # player; {cards} are the last three cards it played.
                "It played {count} card; the last three were {cards}.",
                "It played {count} cards; the last three were {cards}.",
                len(played),
            ).format(count=len(played), cards=card_list(played[-LAST_CARDS_TOLD:]))
        )
    elif played:
        # Translators: "It" is the computer player who played for the player.
        parts.append(_("It played {cards}.").format(cards=card_list(played)))
    return " ".join(parts)


def where_things_stand(
    view: SeatView,
    names: Sequence[str],
    *,
    restated: bool,
    returning: bool = True,
    table_name: str = "",
    default_name: bool = False,
    away: DoneWhileAway = NOTHING_DONE,
    people_away: str = "",
    played_for: bool = False,
    stand_in: str = "",
    seated: bool = True,
) -> str:
    """Where the game stands: the hand, the bids, the tricks, the turn, the scores.

    Said after a reconnection (``returning``), and on sitting down to watch a game
    or to take a seat in one under way. A game not dealt yet is starting: its
    start, and who plays, as those at the table heard them. A hand thrown in for
    a redeal is being dealt again: its cards, no one's now, are not said.

    Args:
        view: the seat's view now.
        names: each seat's name.
        restated: the player's turn (or question) is told right after, by the
            server's restated notice: whose turn it is need not be said here.
        returning: back after a lost connection (said first).
        table_name: returning, the table's name is said too ("Back at table
            Friday.", "Back at Ann's table."): the game was started again, and the
            server put the player back at a table they may not remember.
        default_name: ``table_name`` is the table's default (see
            :func:`heard_table_name`).
        away: what a computer player did for the player while they were away
            (see :func:`done_while_away_text`), said before the hand: "You bid 3"
            would not say whose bid it was.
        people_away: who else is away (see :func:`away_text`), said before the
            hand.
        played_for: a computer still plays the player's seat, they having been
            away at their turn: said last, with the key that gives it back
            (:func:`taken_over_text`).
        stand_in: the computer player playing the seat now, by name ("" for
            none, or one not known): the seat's turn is said as T says it, "To
            bid: Hazel, for you", not "Your turn" (a move not theirs to make).
        seated: the player has a seat (else they watch), for who plays at a
            game's start.
    """
    parts: list[str] = []
    table_name = heard_table_name(table_name, default=default_name)
    if returning and table_name and is_default_table_name(table_name):
        # Translators: {name} is a table's name that says "table" itself, as
        # "Ann's table" (the name a new table gets): "Back at Ann's table."
        parts.append(_("Back at {name}.").format(name=table_name))
    elif returning and table_name:
        # Translators: {name} is a table's name chosen by its host, as "Friday"
        # or "3": "Back at table 3."
        parts.append(_("Back at table {name}.").format(name=table_name))
    elif returning:
        parts.append(_("Back at the table."))
    done = done_while_away_text(away, names)
    if done:
        parts.append(done)
    if people_away:
        parts.append(people_away)
    if view.is_before_first_deal:
        # Came in the moment the game starts, before its first deal: its start
        # and who plays, as those at the table heard them; the deal is told
        # next (QA: "Hand 1. The next hand is being dealt." and the scores, all
        # 0, and "The game starts." never said).
        parts.append(_("The game starts."))
        parts.append(who_plays_text(names, view.rules, seated=seated))
        if played_for:
            # Away at the last game's end, one is still played for in this one.
            parts.append(taken_over_text())
        return " ".join(parts)
    # Between hands: the last is scored, the next not dealt yet (its tricks and
    # bids are still the last hand's). A hand thrown in is not between hands: it
    # is dealt again, and its cards are no one's now (QA: "Hand 1.", the cards
    # thrown in, "The next hand is being dealt.").
    thrown_in = view.is_thrown_in
    between = view.phase is Phase.DEALING and bool(view.history) and not thrown_in
    if (
        returning
        and view.history
        and not view.is_over
        and (
            between or (all(b is None for b in view.bids) and not view.completed_tricks)
        )
    ):
        # Back as a hand ends or begins: the one just scored may not have been
        # heard (QA: the link dropped with its last card, and the summary never
        # came); P's words, before the new hand's.
        parts.append(last_hand_text(view, names))
    if view.is_over:
        parts.append(_("The game is over."))
    elif between:
        pass  # (QA: "Hand 2. The next hand is being dealt.", and then again)
    else:
        parts.append(_("Hand {number}.").format(number=view.hands_played + 1))
        if view.hand and not view.hand_hidden and not thrown_in:
            parts.append(your_hand_text(view, names))
        if any(bid is not None for bid in view.bids):
            # Each bid and the tricks taken: one's own may have been made by the
            # computer player who stood in, or by the person whose seat this was.
            parts.append(trick_info_text(view, names))
    if view.completed_tricks and not view.is_over and not between:
        parts.append(last_trick_text(view, names))
    if view.trick:
        parts.append(cards_on_table_text(view, names))
    # Stood in for, the seat's turn is the computer player's, not "Your turn":
    # said as T says it (QA: the summary left whose turn it was out).
    computers_turn = (
        (played_for or bool(stand_in))
        and view.to_act is not None
        and is_you(view.to_act)
    )
    if not view.is_over and not restated:
        if not computers_turn:
            parts.append(whose_turn_text(view, names))
        elif stand_in and not view.question_open:
            turn = whose_turn_text(view, names, stand_in=stand_in)
            # Translators: whose turn it is as the picture's header says it,
            # "To bid: Hazel, for you", made a sentence among others where
            # things stand: "To bid: Hazel, for you."
            parts.append(_("{turn}.").format(turn=turn))
    if view.is_over:
        # Said first, it is not said again by the scores' last words (QA: "The
        # game is over. Milly: 62, 2 bags. ... The game is over.").
        parts.append(side_scores_text(view, names))
    else:
        parts.append(scores_text(view, names))
    if played_for and not view.is_over:
        parts.append(taken_over_text())
    return " ".join(parts)


def table_summary(
    table: RemoteTable,
    *,
    returning: bool,
    named: bool = False,
    arriving: bool = False,
) -> str:
    """:func:`where_things_stand` at an online table, from its seat's view.

    With what a computer did for the seat meanwhile; whose turn is left to the
    restated notice when it is the player's own (or a question is open), and
    named as T names it while a computer plays the seat ("To bid: Hazel, for
    you").
    ``named``: with the table's name ("Back at table Friday.").
    Coming back (``returning``) or sitting down at a game under way
    (``arriving``), with who is away (each is "back" when they come), and
    whether a computer still plays one's own seat.
    """
    view, restated = table.summary_view()
    told = returning or arriving
    return where_things_stand(
        view,
        table.names,
        restated=restated,
        returning=returning,
        table_name=table.info.name if named else "",
        default_name=table.info.default_name,
        away=table.done_while_away,
        people_away=away_text(table.info.seats, table.seat) if told else "",
        played_for=told and table.is_stood_in,
        stand_in=table.playing_for_me,
        seated=table.is_seated,
    )


# --- refusals ----------------------------------------------------------------------

TOO_FAST: Final = N_("Too many messages at once: wait a moment.")
"""The server's rate limit refused a message (and the page, keeping the same limit,
says it of a key it holds back)."""

VERSION_REFUSED: Final = N_(
    "This server runs another version of the game: one of them needs updating."
)
"""Also the browser page's word for a hello refused for its version (a page kept
from before the server was updated)."""

REFUSED: Final = N_("The server refused that.")
"""A refusal with no words of its own (also the page's, for a refused hello)."""

_REFUSALS: Final[dict[ErrorCode, str]] = {
    ErrorCode.BAD_JSON: N_("The server could not read a message from the game."),
    ErrorCode.BAD_MESSAGE: N_("The server refused a message from the game."),
    ErrorCode.TOO_LARGE: N_("That was too long for the server."),
    ErrorCode.RATE_LIMITED: TOO_FAST,
    ErrorCode.VERSION_MISMATCH: VERSION_REFUSED,
    ErrorCode.HELLO_FIRST: N_("The server does not know you yet: connect again."),
    ErrorCode.ALREADY_GREETED: N_("The server already knows this connection."),
    ErrorCode.NO_SUCH_TABLE: N_(
        "There is no such table: it may have closed, or the code is wrong."
    ),
    ErrorCode.NO_SUCH_SEAT: N_("That table has no such seat."),
    ErrorCode.NO_ONE_TO_REMIND: N_(
        "There is no one to remind: the table is not waiting for another player."
    ),
    ErrorCode.TOO_SOON: N_(
        "They were reminded less than half a minute ago: give them a moment."
    ),
    ErrorCode.NOT_ONLINE: N_(
        "That player cannot get your line: they have left the server, or their "
        "game is older."
    ),
    ErrorCode.SEAT_TAKEN: N_("That seat is taken."),
    ErrorCode.CHARACTER_SEATED: N_(
        "A player of that name already sits at this table: choose another "
        "computer player."
    ),
    ErrorCode.TABLE_FULL: N_("That table is full."),
    ErrorCode.ALREADY_AT_TABLE: N_("You are already at a table: leave it first."),
    ErrorCode.NOT_AT_TABLE: N_("You are not at a table."),
    ErrorCode.NOT_SEATED: N_("You are watching: only the players can do that."),
    ErrorCode.NOT_HOST: N_("Only the table's host can do that."),
    ErrorCode.BAD_RULES: N_("The server cannot play these rules."),
    ErrorCode.NO_SUCH_CHARACTER: N_("The server does not know that computer player."),
    ErrorCode.NOT_A_COMPUTER: N_("No computer player sits in that seat."),
    ErrorCode.SEATS_EMPTY: N_("Every seat must be taken before the game starts."),
    ErrorCode.GAME_STARTED: N_("The game has already started."),
    ErrorCode.GAME_NOT_STARTED: N_("The game has not started yet."),
    ErrorCode.NO_QUESTION: N_("There is no question to answer now."),
    ErrorCode.TOO_MANY_TABLES: N_("The server has no room for another table."),
    ErrorCode.SERVER_ERROR: N_("The server could not do that: try again."),
    ErrorCode.NOT_RENDERING: N_("The server takes keys only from a browser page."),
}


def refused_text(code: ErrorCode | None) -> str:
    """Why the server refused what the player asked for."""
    if code is None or code not in _REFUSALS:
        return _(REFUSED)
    return _(_REFUSALS[code])


# --- news to utterances ------------------------------------------------------------


_COMINGS_AND_GOINGS: Final = frozenset(
    {
        SeatChange.JOINED,
        SeatChange.LEFT,
        SeatChange.DISCONNECTED,
        SeatChange.RECONNECTED,
        SeatChange.TAKEN_OVER,
        SeatChange.RETURNED,
        SeatChange.WATCHING,
        SeatChange.STOPPED_WATCHING,
    }
)
"""Seat changes that are people coming and going, to play or to watch (not the
game starting, not a new host)."""


def news_utterance(
    news: OnlineNews,
    address: str,
    own_seat: int | None,
    *,
    in_game: bool = False,
    game_over: bool = False,
) -> Utterance | None:
    """What the player hears for one piece of online news (None: nothing).

    Chat lines come with the chat cue, refusals with the illegal-move cue, a lost
    or failed connection interrupts whatever is being said. Chat lines are
    remarks by the way: kept in the history (Page Up), but the repeat key (A,
    F5) still says the line before them, such as the player's turn (QA: A said
    one's own "Ann: ok" back, not "Your turn to bid."). ``in_game``: at a game's
    table, so are people coming and going ("Bob is back.", "Bob is watching.";
    after a server restart the others come back just after one's turn).
    ``game_over``: the table's game has ended (:func:`seat_change_text`).
    """
    from audiospades.net.remote import NewsKind

    match news.kind:
        case NewsKind.LINK if news.link is not None:
            urgent = news.link in (LinkState.LOST, LinkState.FAILED, LinkState.REPLACED)
            final = news.link in (LinkState.FAILED, LinkState.REPLACED)
            return Utterance(
                link_text(news.link, address, news.detail),
                Cue.ILLEGAL_MOVE if final else None,
                interrupt=urgent,
            )
        case NewsKind.CHAT if news.scope == "private":
            return Utterance(private_line_text(news), Cue.CHAT, remember=False)
        case NewsKind.CHAT:
            text = chat_text(news.sender, news.text)
            return Utterance(text, Cue.CHAT, remember=False)
        case NewsKind.PEOPLE:
            return Utterance(people_online_text(news.people, news.more))
        case NewsKind.REMINDER if news.is_own:
            return Utterance(reminded_text(news.people_names))
        case NewsKind.REMINDER:
            return Utterance(reminder_text(news.sender), Cue.YOUR_TURN, interrupt=True)
        case NewsKind.SEAT:
            text = seat_change_text(news, own_seat, game_over=game_over)
            if in_game and own_seat is None and not game_over:
                # A spectator may take the seat a computer now plays (QA: the
                # seat was offered only in the lobby, not to those watching).
                text = _with_seat_to_take(text, news)
            aside = in_game and news.change in _COMINGS_AND_GOINGS
            return Utterance(text, remember=not aside) if text else None
        case NewsKind.REFUSED:
            return Utterance(refused_text(news.code), Cue.ILLEGAL_MOVE, interrupt=True)
        case NewsKind.LEAVE_REFUSED:
            # Over "You left the table.", said when the leave was sent: it was not.
            return Utterance(leave_refused_text(), Cue.ILLEGAL_MOVE, interrupt=True)
        case NewsKind.UNDO_OFFLINE:
            return Utterance(undo_unavailable_text(), Cue.ILLEGAL_MOVE, interrupt=True)
        case NewsKind.HAND_KEPT:
            # The server took the N to the redeal offer (said only then: it
            # may refuse it, see NewsKind.KEEP_TOO_LATE).
            return Utterance(hand_kept_text())
        case NewsKind.KEEP_TOO_LATE:
            # After the lines that closed the question (the redeal, a computer
            # taking the seat), not over them.
            return Utterance(keep_too_late_text(news.redealt), Cue.ILLEGAL_MOVE)
        case NewsKind.SEAT_LOST:
            return Utterance(seat_lost_text(), Cue.ILLEGAL_MOVE, interrupt=True)
        case NewsKind.GAME_ENDED_AWAY:
            return Utterance(game_ended_away_text(), Cue.ILLEGAL_MOVE, interrupt=True)
        case NewsKind.TABLE_GONE if news.previous:
            # The last person left it (a spectator's table): who, then where.
            return Utterance(
                _(
                    "{name} left the table, the last person at it, and it has "
                    "closed: you are back in the lobby."
                ).format(name=seat_name(news.previous)),
                interrupt=True,
            )
        case NewsKind.TABLE_GONE:
            return Utterance(_(TABLE_GONE), interrupt=True)
    return None


def keep_too_late_text(redealt: bool) -> str:
    """An N to the redeal offer the server refused: the question had closed.

    ``redealt``: another player threw the hand in meanwhile; if not, a computer
    had taken the seat (its own lines say what it did).
    """
    if redealt:
        return _(
            "Your answer came too late: the question had already closed, and "
            "the hand was thrown in for a new deal."
        )
    return _("Your answer came too late: the question had already closed.")


def _with_seat_to_take(text: str, news: OnlineNews) -> str:
    """``text``, with how to take the seat someone left, if a spectator may.

    The seat is free in the game under way, a computer playing it: "Bob left
    the table; Hazel, a computer player, plays in their place. To take the
    seat: Escape, then Sit in seat 2." (The game's menu and the page's buttons,
    reached by Escape from the card table, both offer it so.)
    """
    info = news.table
    seat = news.real_seat
    if (
        news.change is not SeatChange.LEFT
        or info is None
        or seat is None
        or info.state is not TableState.PLAYING
        or seat not in info.free_seats
    ):
        return text
    return " ".join([text, take_seat_text(seat)])


def take_seat_text(seat: int) -> str:
    """How a spectator takes the free seat ``seat`` of the game watched."""
    return _("To take the seat: Escape, then Sit in seat {number}.").format(
        number=seat + 1
    )


TABLE_GONE: Final = N_("Your table is no longer there: you are back in the lobby.")
"""Said when the table watched has closed (and by the page after a reconnection
that finds its table gone)."""


GAME_ENDED_AWAY: Final = N_(
    "The game is over, and your seat was given up while the connection was "
    "down. You are back in the lobby."
)
SEAT_LOST: Final = N_(
    "Your seat was given up while the connection was down, before the game "
    "began. You are back in the lobby."
)


LEAVE_REFUSED: Final = N_("The game had already started: you are still in your seat.")
"""Said when leaving the waiting room came after the host started the game: the
server kept the seat, and the game's own question to leave follows."""


def leave_refused_text() -> str:
    """Leaving the waiting room came too late: the game had begun, still seated."""
    return _(LEAVE_REFUSED)


def game_ended_away_text() -> str:
    """After a reconnection the game had ended, and the seat was given up."""
    return _(GAME_ENDED_AWAY)


def seat_lost_text() -> str:
    """After a reconnection the seat was gone: back in the lobby."""
    return _(SEAT_LOST)
