"""What the game session tells the presenter, besides the engine's events.

The session (:mod:`audiospades.controller`) queues these *notices* with the engine
events seat 0 may see; screens drain them and the presenter words them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from audiospades.rules import Card, Event, IllegalAction, SeatView
from audiospades.storage import LoadProblem, Outcome, RecordReport, SaveProblem

HUMAN: Final = 0
"""The human player's seat: the session seats the player at 0, and every notice,
sentence and sound pan is from that seat's point of view."""


class QuestionKind(StrEnum):
    """A yes/no question put to the human."""

    BLIND_NIL = "blind_nil"
    REDEAL = "redeal"


@dataclass(frozen=True, slots=True)
class Question:
    """The session waits for a yes or no (``behind``: the blind nil threshold)."""

    kind: QuestionKind
    behind: int = 0


@dataclass(frozen=True, slots=True)
class YourTurn:
    """Seat 0 must act now; ``view`` is its view at that moment.

    None: the view of that moment goes beside the notice, not in it (an online
    table's core builds none: its frame carries the view). A client is always sent
    one (:mod:`audiospades.net.codec`).
    """

    view: SeatView | None


@dataclass(frozen=True, slots=True)
class HandShown:
    """Seat 0 looks at its cards (after the blind nil question, if any)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandHidden:
    """Seat 0 chose blind nil: the cards stay hidden until it is bid."""


@dataclass(frozen=True, slots=True)
class Refused:
    """The engine refused the human's action."""

    error: IllegalAction


class UndoRefusal(StrEnum):
    """Why undo did nothing."""

    NOT_YOUR_TURN = "not_your_turn"
    NOTHING_TO_UNDO = "nothing_to_undo"
    BLIND_NIL_SEEN = "blind_nil_seen"
    """The previous decision is a blind nil, and the cards have been seen since."""
    QUESTION_OPEN = "question_open"
    """A yes/no question (blind nil, a redeal) waits for its answer first."""


@dataclass(frozen=True, slots=True)
class Undone:
    """Moves were taken back; ``move_count`` actions were removed."""

    move_count: int


@dataclass(frozen=True, slots=True)
class UndoRefused:
    """Undo was not possible.

    ``chosen``: the cards the player had chosen to pass, which stay chosen (undo
    takes back moves, and choosing a card is not one: Enter on it puts it back).
    """

    reason: UndoRefusal
    chosen: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class TrickWaiting:
    """The trick stays on the table until the player presses the continue key."""


class FileKind(StrEnum):
    """Which of the player's files a storage problem concerns."""

    SETTINGS = "settings"
    STATISTICS = "statistics"
    SAVED_GAME = "saved_game"
    FINISHED_GAME = "finished_game"


@dataclass(frozen=True, slots=True)
class StorageTrouble:
    """A file could not be loaded or saved."""

    file: FileKind
    problem: LoadProblem | SaveProblem


@dataclass(frozen=True, slots=True)
class GameFinished:
    """The game is over and recorded (``report`` None if statistics are off).

    Online, the server sends its ``game_id`` with the outcome, so the player's own
    machine counts the game once, however often the news comes (a reconnection).
    """

    outcome: Outcome
    report: RecordReport | None
    game_id: str | None = None


Notice = (
    Event
    | Question
    | YourTurn
    | HandShown
    | HandHidden
    | Refused
    | Undone
    | UndoRefused
    | TrickWaiting
    | StorageTrouble
    | GameFinished
)


@dataclass(frozen=True, slots=True)
class DoneWhileAway:
    """What a computer player did for an online seat while its person was away.

    Told when the person is back, before where the game stands, so that a bid or a
    card gone is not taken for their own.
    """

    hands: int = 0
    """Earlier hands, scored meanwhile, in which it played for them."""
    done: tuple[Notice, ...] = ()
    """Its bids, passes and plays for them in the hand under way, in order."""
    name: str = ""
    """The computer character's (English) name; empty when the server did not
    say (an older one)."""
    redeals: int = 0
    """How often it threw in their hand for a redeal."""

    @property
    def is_empty(self) -> bool:
        """Whether it did nothing to tell."""
        return not (self.hands or self.done or self.redeals)
