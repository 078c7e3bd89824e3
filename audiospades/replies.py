"""What the table controller answers to a key: plain data, worded by the presenter.

:class:`~audiospades.table_control.TableController` decides what a key does at the
table; when the answer is something to say (rather than an action whose news comes
back as :mod:`~audiospades.notices`), it returns one of these *replies*, and
:func:`audiospades.presenter.replies.reply_utterances` turns it into words and cues.
Nothing here holds a word, so the same decisions serve every language, the pygame
client and a networked one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from audiospades.bots import Hint
from audiospades.keymap import Chord
from audiospades.notices import Question
from audiospades.rules import Card, IllegalAction, TrickWon


class InfoKind(StrEnum):
    """An answer read from the seat's view alone (and the seat names)."""

    TRICK_INFO = "trick_info"
    SCORES = "scores"
    HAND = "hand"
    HIDDEN_HAND = "hidden_hand"
    """The cards are hidden (a blind nil decision): nothing to read or browse."""
    EMPTY_HAND = "empty_hand"
    LAST_TRICK = "last_trick"
    LAST_HAND = "last_hand"
    RULES = "rules"
    MATCH_STANDING = "match_standing"
    GAME_OVER = "game_over"
    """The game is over: Enter must not start anything (Escape leads away)."""
    GAME_OVER_NO_BID = "game_over_no_bid"
    """B, a digit or another bid key, H, J or undo once the game is over: there
    is no bid, hint or turn to come."""
    BID_PROMPT = "bid_prompt"
    """How to bid (or that it is not the player's bid)."""
    BID_NOT_NOW = "bid_not_now"
    """A digit typed when no bid is asked for."""
    NO_PLAYABLE = "no_playable"
    """Tab or Shift+Tab with no card to play now."""
    HAND_KEPT = "hand_kept"
    """N (or Escape) to the redeal question: the hand is kept, and the next bid
    may come only a moment later, so the answer itself is said."""


@dataclass(frozen=True, slots=True)
class Info:
    """Answer a question key from the view."""

    kind: InfoKind


@dataclass(frozen=True, slots=True)
class CardsOnTable:
    """Key C: the cards on the table, or the complete trick still shown."""

    shown_trick: TrickWon | None


@dataclass(frozen=True, slots=True)
class SuitLed:
    """Key F: the suit led, of the complete trick still shown if no card is down."""

    shown_trick: TrickWon | None


@dataclass(frozen=True, slots=True)
class WhoseTurn:
    """Key T: who acts now (or that a complete trick waits to be gathered).

    ``shown_trick``: a trick just won, still on the table for its pause: its
    winner leads the next, which is not announced yet. ``played_for``: the
    computer player playing one's seat meanwhile (online, away at one's turn),
    by name: the seat's turn is its, not one's own.
    """

    trick_waiting: bool = False
    shown_trick: TrickWon | None = None
    played_for: str = ""


@dataclass(frozen=True, slots=True)
class QuestionAgain:
    """The table waits for yes or no: put the question again."""

    question: Question


class FocusMove(StrEnum):
    """How the focus reached its card."""

    STEP = "step"
    """An ordinary move (or a jump to a chosen card)."""
    EDGE = "edge"
    """The move went past the end of the hand: the focus stays at the edge."""
    WRAPPED = "wrapped"
    """Tab or Shift+Tab went round the end of the hand to the other side."""
    ONLY = "only"
    """Tab or Shift+Tab found one card to go to: the only one that may be played
    (or, choosing cards to pass, the only one not chosen yet)."""


@dataclass(frozen=True, slots=True)
class FocusMoved:
    """The focus is on ``card`` (``chosen``: already chosen to pass)."""

    card: Card
    chosen: bool
    move: FocusMove = FocusMove.STEP


@dataclass(frozen=True, slots=True)
class BidEntryChanged:
    """The bid being typed is now ``entry`` (empty: nothing typed)."""

    entry: str


@dataclass(frozen=True, slots=True)
class BidEntryHeld:
    """B again with a bid typed: ``entry`` is what Enter will place (not placed).

    ``refusal``: why the rules would refuse it (Enter would be answered so), or
    None when Enter places it.
    """

    entry: str
    refusal: IllegalAction | None = None


@dataclass(frozen=True, slots=True)
class BidRefused:
    """A digit was refused: ``typed`` would bid more tricks than there are.

    ``erased`` is the bid that was being typed, now erased: Enter must not place
    what is left of a mistyped number ("1 4" is not a bid of 1, "5 0" not nil), so
    the player types the bid again.
    """

    typed: str
    erased: str


@dataclass(frozen=True, slots=True)
class BidErased:
    """Backspace erased the last digit of ``erased``; ``entry`` is what is left."""

    erased: str
    entry: str


@dataclass(frozen=True, slots=True)
class NilRefused:
    """N while bidding when nil may not be bid now (the rules, or a double nil)."""


@dataclass(frozen=True, slots=True)
class PassChoiceChanged:
    """``card`` was chosen to pass (or put back); ``remaining`` still to choose."""

    card: Card
    chosen: bool
    remaining: int


@dataclass(frozen=True, slots=True)
class WaitingTrickInfo:
    """Key V or I while a complete trick waits to be gathered (N).

    ``trick``: that trick, still on the table: its number is said, not the
    next's (QA: "Trick 2 of 8" while trick 1 waited for N).
    """

    trick: TrickWon


@dataclass(frozen=True, slots=True)
class PassingInfo:
    """Key V or I while cards are passed: no trick yet, so the pass in hand.

    ``chosen``: the cards the player has chosen to pass so far.
    """

    chosen: tuple[Card, ...]


class NoHintReason(StrEnum):
    """Why H or J found no hint."""

    HINTS_OFF = "hints_off"
    NONE_NOW = "none_now"
    """It is not the player's decision, or there is nothing to suggest."""


@dataclass(frozen=True, slots=True)
class HintGiven:
    """Key H: the hint for this moment."""

    hint: Hint


@dataclass(frozen=True, slots=True)
class NoHint:
    """H or J: no hint now."""

    reason: NoHintReason


@dataclass(frozen=True, slots=True)
class HintedCardMissing:
    """J: the hint names no card in the hand to move to (a bid, or all chosen)."""

    hint: Hint


@dataclass(frozen=True, slots=True)
class UnboundKey:
    """A key that does nothing at the table."""

    chord: Chord


@dataclass(frozen=True, slots=True)
class TrickGathered:
    """The finished trick on the table was gathered by the player's key."""


@dataclass(frozen=True, slots=True)
class NothingToGather:
    """The gathering key pressed out of habit just after a hand's last trick.

    With "wait for a key after each trick" on, every trick but a hand's last waits
    for the key (the last comes with the hand's summary, and the next hand is
    dealt at the table's pace). The first key pressed after it, if it is one that
    gathers a trick, is the player's habit, not a new request: ``answer`` (where
    things stand: the next hand being dealt, the player's bid, the question the
    deal brought, the game over) is said after what is being said, not over the
    summary, and it never bids nil or answers the question.
    """

    answer: Reply


@dataclass(frozen=True, slots=True)
class UndoUnavailable:
    """Undo was asked for in a game that has none (an online game)."""


@dataclass(frozen=True, slots=True)
class AwaitingServer:
    """Enter or Space while the server has not answered the last intent.

    Nothing more is sent: a second press is never taken for a card (online only).
    """


@dataclass(frozen=True, slots=True)
class RemindUnavailable:
    """A reminder was asked for in a local game: computer players never wait."""

    chord: Chord | None


class HolderKind(StrEnum):
    """Who holds a seat (the values of the server's seat kinds)."""

    PERSON = "human"
    COMPUTER = "computer"
    EMPTY = "empty"
    """No one: a seat whose person left a finished online game."""


@dataclass(frozen=True, slots=True)
class Occupant:
    """Who holds one seat (at a server, as its seat listing says)."""

    kind: HolderKind
    name: str = ""
    """The person's name, or the computer character's (English) name; at a local
    table, a computer without a character is called by its seat's compass point."""
    character: str | None = None
    """The computer character's id (also for one standing in for a person)."""
    number: int | None = None
    """The seat's number at the server (0 is the table's first seat); None at a
    local table, whose seats are called by their compass points."""
    connected: bool = True
    """False while a person's connection is lost (online)."""
    stand_in: bool = False
    """A computer plays the seat for its person (online: away, or gone)."""
    stands_in_for: str | None = None
    """A computer standing in for a person who left the game: that person's name."""


@dataclass(frozen=True, slots=True)
class Company:
    """Who is at the table, and who watches it."""

    seats: tuple[Occupant, ...]
    """Each seat's holder in playing order from the listener's chair (first)."""
    watchers: tuple[str, ...] | None = None
    """The names of the others watching (online); None at a local table, which
    no one can watch."""
    watching: bool = False
    """The listener watches from the first seat's chair rather than plays."""
    table_name: str = ""
    """The online table's name."""
    table_default_name: bool = False
    """The online table's name is its default, said in the listener's language
    (see :func:`~audiospades.presenter.online.heard_table_name`)."""


@dataclass(frozen=True, slots=True)
class WhoIsHere:
    """Key W: who sits where, and who watches."""

    company: Company


Reply = (
    Info
    | CardsOnTable
    | SuitLed
    | WhoseTurn
    | QuestionAgain
    | FocusMoved
    | BidEntryChanged
    | BidEntryHeld
    | BidRefused
    | BidErased
    | NilRefused
    | PassChoiceChanged
    | PassingInfo
    | WaitingTrickInfo
    | HintGiven
    | NoHint
    | HintedCardMissing
    | UnboundKey
    | TrickGathered
    | NothingToGather
    | UndoUnavailable
    | AwaitingServer
    | RemindUnavailable
    | WhoIsHere
)
"""Everything the table controller may answer to a key."""
