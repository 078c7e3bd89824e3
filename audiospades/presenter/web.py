"""Words for the browser page: its picture's header, its lists, and its own chrome.

The page has no sentences of its own. The server words its announcements with the
rest of the presenter (:mod:`audiospades.net.render`); this module adds what only a
page shows: the header over the picture (the same words as the game's picture), the
name of the card that won a trick, a seat's line in the waiting room, the help's
first line, and :func:`chrome_words`, the labels of the page's own buttons and
fields, which the server hands the page as JSON in the player's language
(``/chrome/<lang>.json``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from audiospades.i18n import _
from audiospades.keymap import Chord
from audiospades.net.protocol import SeatInfo, TableInfo
from audiospades.presenter import online as online_words
from audiospades.presenter.keynames import key_label, typed_key_names, yes_no_keys
from audiospades.presenter.online import (
    GAME_ENDED_AWAY,
    JOIN_PRIVATE,
    LEAVE_LAST_PLAYING,
    LEAVE_PLAYING,
    NOTHING_SENT,
    PRIVATE_ITEM,
    REFUSED,
    REPLACED,
    SEAT_LOST,
    TABLE_CODE,
    TABLE_GONE,
    TOO_FAST,
    UNPRINTABLE,
    VERSION_REFUSED,
    WHO_IS_ONLINE,
    occupant_text,
    seat_item_label,
)
from audiospades.presenter.scoring import goal_text
from audiospades.presenter.table import side_score_text, turn_header_text
from audiospades.presenter.words import card_name
from audiospades.rules import Card, SeatView
from audiospades.textmark import N_


def picture_header(
    view: SeatView,
    names: Sequence[str],
    trick_waits: bool = False,
    *,
    stand_in: str = "",
    watchers: str | None = None,
) -> list[str]:
    """Above the table: each side's score, the goal, and what the table waits on.

    That is who is to bid, pass or play, a trick to gather, or the winner.
    ``watchers``: who is watching, before it (see
    :func:`~audiospades.presenter.who.watchers_header_text`; None: no item).
    """
    # With three partnerships each other side is lettered, as its players' tags.
    items = [
        side_score_text(side, view, names) for side in range(view.rules.side_count)
    ]
    items.append(goal_text(view.rules))
    if watchers is not None:
        items.append(watchers)
    waits = turn_header_text(view, names, trick_waits, stand_in=stand_in)
    if waits is not None:
        items.append(waits)
    return items


def won_trick_card_text(card: Card) -> str:
    """The name of the card that won the finished trick still on the picture.

    "ace of spades, won the trick": the page frames that card, and a screen reader
    reads this as its name (the game's picture frames it too).
    """
    # Translators: {card} is a card's bare name, as in "ace of spades".
    return _("{card}, won the trick").format(card=card_name(card))


def seat_line(held: SeatInfo, info: TableInfo, mine: int | None) -> str:
    """A seat in the waiting room: "Seat 2, your partner: Hazel, computer"."""
    return _("{seat}: {occupant}").format(
        seat=seat_item_label(held.seat, mine, info), occupant=occupant_text(held)
    )


def help_intro() -> str:
    """The first line of F1's help on the page."""
    return _("Keys at the card table:")


def game_over_text(is_host: bool, free: int = 0) -> str:
    """The game at the page's table is over: what the page's buttons offer now.

    (The game's own words say "Press Escape for the menu", a menu the page has
    not: its Escape goes to its buttons.) ``free`` as in
    :func:`play_again_buttons_text`.
    """
    return " ".join([_("The game is over."), play_again_buttons_text(is_host, free)])


def play_again_buttons_text(
    is_host: bool, free: int = 0, *, watching: bool = False
) -> str:
    """What the page's buttons offer once its table's game is over.

    Said alone after where things stand, which has just said the game is over
    (back at a finished game's table): see :func:`game_over_text`. ``free``:
    seats left empty since the game (their people left), which the host fills
    in the waiting room first: then not "with the same players" (QA: a host
    back at such a table heard it). ``watching``: a spectator, who plays in no
    game here but watches the next one, if the host starts it (QA: told nothing
    of what the page offers).
    """
    leave = _(CHROME["leave"])  # the button's own name
    if watching:
        return _(
            "If the host starts another game here, you will watch it too; "
            "{leave} goes back to the lobby."
        ).format(leave=leave)
    if is_host and free:
        return " ".join([online_words.play_again_text(True, free), _leave_text()])
    if is_host:
        text = _(
            "{start} plays again with the same players; {leave} goes back to the lobby."
        )
    else:
        text = _(
            "The host can start another game here; {leave} goes back to the lobby."
        )
    return text.format(start=_(CHROME["start"]), leave=leave)


def _leave_text() -> str:
    """How to leave the page's table after its game: by its button."""
    return _("To leave the table, press {leave}.").format(leave=_(CHROME["leave"]))


def stayed_after_game_text(free: int = 0, *, left_room: bool = False) -> str:
    """N or Escape to "Start another game?" on the page, or leaving its seats.

    Where the host is and what they can do now, as the game says it (leaving by
    the page's button, the page having no game menu).
    """
    return online_words.stayed_after_game_text(
        free, left_room=left_room, leave=_leave_text()
    )


def remind_after_game_text(free: int, *, is_host: bool) -> str:
    """G (remind) at the page's table once its game is over: no one to remind.

    Then how to play again or leave, as the page offers it (QA: "The game has
    not started yet." was said). ``free`` as in :func:`play_again_buttons_text`.
    """
    if not is_host:
        return " ".join(
            [
                online_words.no_one_to_remind_after_game_text(),
                play_again_buttons_text(False),
            ]
        )
    return online_words.remind_after_game_text(free, is_host=True, leave=_leave_text())


def page_keys_text(*, asking: bool = False) -> str:
    """The last line of F1's help on the page: the keys only the page has.

    ``asking``: the host's "Start another game?" is open, where Escape answers
    no, as the game's does (QA: F1 said it went back to the page's buttons).
    """
    if asking:
        return _(
            "O: sound cues on or off. Escape: no, as {no} does; once the "
            "question is answered, Escape goes back to the page's buttons."
        ).format(no=yes_no_keys()["no"])
    return _(
        "O: sound cues on or off. Escape: back to the page's buttons, and from "
        "them back to the card table."
    )


def take_seat_key_text(seat: int) -> str:
    """F1's line for a spectator, on the page: the seat ``seat`` it may take.

    A computer plays it for someone who left the game watched; the page's
    button for it comes first after Escape.
    """
    return _(
        "Escape, then Sit in seat {number}: take the seat a computer plays for "
        "someone who left."
    ).format(number=seat + 1)


CHROME: Final[dict[str, str]] = {
    "title": N_("audiospades: Spades for everyone"),
    "skip": N_("Skip to the game"),
    "join_heading": N_("Join the game"),
    "name_label": N_("Your name"),
    "language_label": N_("Language"),
    "connect": N_("Connect"),
    "connecting": N_("Connecting…"),
    "connect_failed": N_("The server cannot be reached. Try again in a moment."),
    "reconnecting": N_("Connection lost, reconnecting."),
    "reconnected": N_("Reconnected."),
    "replaced": REPLACED,
    "name_needed": N_("Type a name first."),
    # A key typed into a field already at its length: the browser drops it
    # without a sound (the name, the table's name, its code, a chat line).
    "field_full": N_("This field is full: nothing more can be typed in it."),
    # Text the server refuses, as the game says it.
    "unprintable": UNPRINTABLE,
    # A page kept open from before the server was updated.
    "version_refused": VERSION_REFUSED,
    "refused": REFUSED,
    # The game's own words for a code that cannot be one (an empty one too).
    "bad_code": N_("A table code is made of letters and digits."),
    "table_gone": TABLE_GONE,
    "seat_lost": SEAT_LOST,
    "game_ended_away": GAME_ENDED_AWAY,
    "lobby_heading": N_("Tables"),
    "table_name_label": N_("Name of a new table"),
    # The create form's list of table shapes, worded as the game's create-table
    # screen words its "Rules" item.
    "players_label": N_("Players"),
    "players_partners": N_("{count} players in partnerships"),
    "players_alone": N_("{count} players, each for themselves"),
    "create": N_("Create a table"),
    "short_game": N_("Short game: one hand"),
    "private": PRIVATE_ITEM,
    "table_code": TABLE_CODE,
    "join_code": JOIN_PRIVATE,
    "refresh": N_("Refresh the list"),
    "who_online": WHO_IS_ONLINE,
    "join": N_("Join"),
    "watch": N_("Watch"),
    "cancel": N_("Cancel"),
    "waiting_heading": N_("Waiting room"),
    "add_bot": N_("Add a computer player"),
    "character_label": N_("Computer player for {seat}"),
    "remove_bot": N_("Remove"),
    "sit_here": N_("Sit here"),
    "start": N_("Start the game"),
    "leave": N_("Leave the table"),
    # Escape in the lobby or the waiting room with nothing to close (not in a
    # field, nor in a seat's choices): said, not met with silence. The page has no
    # way off the server but closing it; {leave} is the waiting room's button.
    "escape_lobby": N_(
        "Escape closes nothing here. To leave the server, close the page."
    ),
    "escape_waiting": N_(
        "Escape closes nothing here. To leave the table, press {leave}."
    ),
    # Enter or Space on a screen's heading, where the page puts the focus (a
    # second Enter on Connect lands there): said, not met with silence.
    "heading_enter": N_("{heading}: Tab moves through what is here."),
    # A key that types a character and does nothing off the card table (the
    # lobby, the waiting room, the table's buttons), as the game says it: {key}
    # is the key's name (see key_names), {help} F1.
    "key_nothing": N_("{key} does nothing here. {help} lists the keys."),
    # The page's "Leave the table?", in a game under way: the game's own words,
    # {yes} and {no} its keys (Y and N, as the page names them).
    "leave_confirm": LEAVE_PLAYING,
    # The same, for the only person seated: the server closes the table then.
    "leave_confirm_last": LEAVE_LAST_PLAYING,
    # The buttons answering the leave question above (the page asks it on the
    # page, not in the browser's own box, which held back everything meanwhile).
    "leave_yes": N_("Yes, leave"),
    "leave_no": N_("No, stay"),
    # F1 in the leave question, after the question itself: its other keys.
    # {no} is N's name; {yes_button} and {no_button} the two buttons above.
    "leave_keys": N_(
        "With Escape you stay too, as with {no}; Tab moves between {yes_button} "
        "and {no_button}."
    ),
    # The game ended while the leave question was open: it is closed (leaving
    # after the game loses nothing, and is not asked). {leave} is the button.
    "leave_over": N_(
        "The game is over, so the leave question is closed: {leave} now goes "
        "back to the lobby at once."
    ),
    "board_label": N_("Card table"),
    # Translators: a control's name and what it is for, as in "Join: Table 3, 4
    # players" or "Card table: Friday game" (French puts a space before the colon).
    "labelled": N_("{action}: {item}"),
    "board_help": N_(
        "The card table takes the game's keys while it has the focus: move to it "
        "with Tab (screen readers switch to it by themselves), press F1 there for "
        "the keys, Escape to come back to the page."
    ),
    "hand_heading": N_("Your hand"),
    # Over the buttons a spectator takes a seat with (a computer plays it for
    # someone who left the game).
    "free_seats_heading": N_("Free seats"),
    "keys_heading": N_("Questions"),
    "history_heading": N_("Messages"),
    "chat_label": N_("Chat line"),
    "chat_to": N_("To"),
    "chat_to_all": N_("Everyone here"),
    "send": N_("Send"),
    # Enter on an empty chat line, as the game says it.
    "nothing_sent": NOTHING_SENT,
    "sound": N_("Sound cues"),
    "page_keys": N_(
        "Also on this page: A repeats the last message, Page Up and Page Down "
        "walk through the messages, the apostrophe opens the chat line, O turns "
        "sound cues on or off."
    ),
    # F1 off the card table (the browser's own F1 opened its help, off the
    # game): what this screen holds, said before "page_keys". {connect},
    # {join}, {watch}, {create}, {code}, {start} and {leave} are the page's own
    # buttons and field, in their words here.
    "help_join": N_("Type your name, choose a language, then press {connect}."),
    "help_lobby": N_(
        "Tables: Tab moves through them, each with {join} and {watch}; then "
        "{create}, and {code} for a private table."
    ),
    "help_waiting": N_(
        "Waiting room: Tab moves through the seats, where the host adds and "
        "removes computer players; then {start}, for the host, and {leave}."
    ),
    "sound_on": N_("Sound cues on."),
    "sound_off": N_("Sound cues off."),
    "no_more": N_("No more messages."),
    # Said, with sound cues off, where the game only sounds its edge cue (the
    # hand's end, or a move round to its start): its name in the cues' list.
    "edge": N_("the end of a list"),
    "scores": N_("Scores"),
    "cards_on_table": N_("Cards on the table"),
    "whose_turn": N_("Whose turn"),
    "who_is_here": N_("Who is here"),
    "trick_info": N_("Bids and tricks"),
    "read_hand": N_("Read my hand"),
    "help": N_("Keys"),
    "too_fast": TOO_FAST,
}
"""The page's own words (not the game's): its buttons, fields and headings."""


def chrome_words() -> dict[str, str]:
    """The page's own words in the language now in force."""
    return {key: _(text) for key, text in CHROME.items()}


def key_names() -> dict[str, str]:
    """The names the page gives the keys it words, by the key's own name there.

    The keys typing a character not said as their name (punctuation, Y: see
    :func:`~audiospades.presenter.keynames.typed_key_names`), and F1, in the
    language now in force; the page names any other character upper case.
    """
    return {**typed_key_names(), "f1": key_label(Chord("f1"))}
