"""What the player asked for, independent of which key asked: the `Command` enum.

Keys map to commands in :mod:`audiospades.keymap`; screens act on commands only, so
remapping a key never touches a screen.
"""

from __future__ import annotations

from enum import StrEnum


class Command(StrEnum):
    """Every action a key can trigger."""

    # --- table questions (seed 004's keys) ---
    BID = "bid"
    """Place the bid being typed (Enter in the bid entry), or hear how to bid."""
    BID_OPEN = "bid_open"
    """Open the bid entry (B), or hear the bid it holds: it never places a bid."""
    CARDS_ON_TABLE = "cards_on_table"
    SUIT_LED = "suit_led"
    TRICK_INFO = "trick_info"
    SCORES = "scores"
    WHOSE_TURN = "whose_turn"
    READ_HAND = "read_hand"
    LAST_TRICK = "last_trick"
    LAST_HAND = "last_hand"
    RULES_IN_FORCE = "rules_in_force"
    MATCH_STANDING = "match_standing"
    SCORE_SHEET = "score_sheet"
    """Open the score sheet: every hand played so far, a line each."""
    WHO_IS_HERE = "who_is_here"
    """Who sits in each seat, and (online) who is watching."""
    REMIND = "remind"
    """Online: remind whoever the table waits for that it is their turn."""
    HINT = "hint"
    # --- the hand ---
    NEXT_CARD = "next_card"
    PREV_CARD = "prev_card"
    NEXT_SUIT = "next_suit"
    PREV_SUIT = "prev_suit"
    FIRST_CARD = "first_card"
    LAST_CARD = "last_card"
    NEXT_PLAYABLE = "next_playable"
    PREV_PLAYABLE = "prev_playable"
    HINTED_CARD = "hinted_card"
    PLAY_CARD = "play_card"
    CONTINUE = "continue"
    UNDO = "undo"
    # --- bidding entry ---
    DIGIT_0 = "digit_0"
    DIGIT_1 = "digit_1"
    DIGIT_2 = "digit_2"
    DIGIT_3 = "digit_3"
    DIGIT_4 = "digit_4"
    DIGIT_5 = "digit_5"
    DIGIT_6 = "digit_6"
    DIGIT_7 = "digit_7"
    DIGIT_8 = "digit_8"
    DIGIT_9 = "digit_9"
    BID_UP = "bid_up"
    BID_DOWN = "bid_down"
    BID_NIL = "bid_nil"
    ERASE = "erase"
    # --- yes/no questions ---
    YES = "yes"
    NO = "no"
    # --- menus ---
    MENU_UP = "menu_up"
    MENU_DOWN = "menu_down"
    MENU_FIRST = "menu_first"
    MENU_LAST = "menu_last"
    MENU_CHOOSE = "menu_choose"
    MENU_LEFT = "menu_left"
    MENU_RIGHT = "menu_right"
    BACK = "back"
    # --- online play ---
    CHAT = "chat"
    """Open the one-line chat entry (at a networked table and in the lobby)."""
    # --- a line of text being typed ---
    TEXT_ACCEPT = "text_accept"
    TEXT_CANCEL = "text_cancel"
    TEXT_ERASE = "text_erase"
    TEXT_READ = "text_read"
    TEXT_CLEAR = "text_clear"
    # --- everywhere ---
    MENU = "menu"
    REPEAT = "repeat"
    HISTORY_BACK = "history_back"
    HISTORY_FORWARD = "history_forward"
    SILENCE = "silence"
    HELP = "help"
    WHAT_KEY = "what_key"
    SPEECH_FASTER = "speech_faster"
    SPEECH_SLOWER = "speech_slower"
    FULLSCREEN = "fullscreen"
    CUE_LOUDER = "cue_louder"
    CUE_QUIETER = "cue_quieter"
    QUIT = "quit"


DIGITS: tuple[Command, ...] = (
    Command.DIGIT_0,
    Command.DIGIT_1,
    Command.DIGIT_2,
    Command.DIGIT_3,
    Command.DIGIT_4,
    Command.DIGIT_5,
    Command.DIGIT_6,
    Command.DIGIT_7,
    Command.DIGIT_8,
    Command.DIGIT_9,
)
"""The digit commands, indexed by their value."""

HAND_MOVES: frozenset[Command] = frozenset(
    {
        Command.NEXT_CARD,
        Command.PREV_CARD,
        Command.NEXT_SUIT,
        Command.PREV_SUIT,
        Command.FIRST_CARD,
        Command.LAST_CARD,
    }
)
"""The commands that move the focus through the hand."""
