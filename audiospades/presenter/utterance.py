"""The presenter's output: an :class:`Utterance`, and shared helpers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from audiospades.notices import HUMAN
from audiospades.presenter.grammar import polish
from audiospades.rules.seats import relative_position
from audiospades.sound import Cue, card_cue, seat_pan


@dataclass(frozen=True, slots=True)
class Utterance:
    """Something to say, perhaps with a sound cue.

    Attributes:
        text: Translated words; empty for a cue on its own.
        cue: A sound cue to play with it, or None.
        interrupt: Cut current speech first (answers to keys); events queue.
        pan: Stereo position of the cue, -1.0 (left) to +1.0 (right).
        remember: Whether the repeat key (A at the table, F5) may say it again.
            False for a remark by the way, such as a chat line or someone at an
            online table coming back: it stays in the message history, and A
            still repeats the line before it (the player's turn).
    """

    text: str
    cue: Cue | None = None
    interrupt: bool = False
    pan: float = 0.0
    remember: bool = True

    def __post_init__(self) -> None:
        # The language's fix-ups where names meet words ("de Omar" -> "d'Omar").
        object.__setattr__(self, "text", polish(self.text))


def pan_for(seat: int, player_count: int) -> float:
    """The stereo pan of a seat, heard from seat 0."""
    return seat_pan(relative_position(seat, HUMAN, player_count), player_count)


def card_cue_for(seat: int, player_count: int) -> Cue:
    """The card-played cue of a seat, heard from seat 0 (the seat across: its own)."""
    return card_cue(relative_position(seat, HUMAN, player_count), player_count)


def answer(text: str, cue: Cue | None = None) -> Utterance:
    """An answer to a key: it interrupts whatever is being said."""
    return Utterance(text, cue, interrupt=True)


def is_brief(verbosity: str) -> bool:
    """Whether the player chose brief wording."""
    return verbosity == "brief"


def names_of(names: Sequence[str]) -> tuple[str, ...]:
    """The names as a tuple (for hashing and indexing)."""
    return tuple(names)
