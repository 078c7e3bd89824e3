"""Why an action or a set of rule options is refused, as data for any language.

Each refusal carries its reason as an enum and the names or values involved as
plain data, so the presenter words it in the player's language; the English text
kept beside it is for logs (and, for rule options, for ``audiospades replay``'s
error line, where it stays in English).
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Sequence
from enum import StrEnum
from typing import Final

EXCERPT_LENGTH: Final = 40
"""The longest picture of a value that an error message holds."""

_REPR: Final = reprlib.Repr()
_REPR.maxlevel = 2
_REPR.maxstring = EXCERPT_LENGTH
_REPR.maxother = EXCERPT_LENGTH
_REPR.maxlong = EXCERPT_LENGTH
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4


def excerpt(value: object, limit: int = EXCERPT_LENGTH) -> str:
    """A short one-line picture of ``value`` for an error message.

    Values read from a file can be of any size or depth: a message echoes only
    their start, so a ten-megabyte card string gives a short line, and building
    the picture never walks the whole value.

    >>> excerpt("QS")
    "'QS'"
    >>> excerpt("ZZ-not-a-card" + "Z" * 10_000)
    "'ZZ-not-a-cardZZZZZZZZZZZZZZZZZZZZZZZ..."
    >>> excerpt(7**100)
    '32344765096247...(85 digits)'
    >>> excerpt([[[[1]]]])
    '[[[...]]]'
    """
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            digits = str(value)
        except ValueError:  # beyond Python's int-to-text limit
            return f"<a number of {value.bit_length()} bits>"
        if len(digits) <= limit:
            return digits
        return f"{digits[:14]}...({len(digits.lstrip('-'))} digits)"
    if isinstance(value, str):
        # Keep the start: it is what a reader can find in the file.
        text = repr(value[:limit]) + ("..." if len(value) > limit else "")
    else:
        try:
            text = _REPR.repr(value)
        except (ValueError, RecursionError):
            return f"<{type(value).__name__}>"
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


class Reason(StrEnum):
    """The reasons an action can be refused."""

    GAME_OVER = "game_over"
    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    NO_SUCH_SEAT = "no_such_seat"
    CARD_NOT_HELD = "card_not_held"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    SPADES_NOT_BROKEN = "spades_not_broken"
    NO_SPADE_ON_FIRST_LEAD = "no_spade_on_first_lead"
    BID_OUT_OF_RANGE = "bid_out_of_range"
    NIL_NOT_ALLOWED = "nil_not_allowed"
    DOUBLE_NIL_NOT_ALLOWED = "double_nil_not_allowed"
    BLIND_NIL_NOT_ALLOWED = "blind_nil_not_allowed"
    BLIND_NIL_NOT_BEHIND = "blind_nil_not_behind"
    NO_HELL_TOTAL = "no_hell_total"
    SUICIDE_NEEDS_NIL = "suicide_needs_nil"
    SUICIDE_NEEDS_FOUR = "suicide_needs_four"
    MIRROR_MUST_MATCH_SPADES = "mirror_must_match_spades"
    WHIZ_NIL_OR_SPADES = "whiz_nil_or_spades"
    SIDE_BID_TOO_LOW = "side_bid_too_low"
    WRONG_PASS_COUNT = "wrong_pass_count"
    DUPLICATE_CARD = "duplicate_card"
    REDEAL_NOT_ALLOWED = "redeal_not_allowed"
    HAND_NOT_DEFICIENT = "hand_not_deficient"
    BAD_DEAL = "bad_deal"
    WRONG_DEALER = "wrong_dealer"


class IllegalAction(ValueError):
    """An action the rules do not allow; ``reason`` says why, ``detail`` adds data.

    ``detail`` holds plain values the presenter may use, such as the suit that must
    be followed or the bid that no hell forbids.
    """

    def __init__(self, reason: Reason, **detail: object) -> None:
        """Keep the reason and its details."""
        self.reason = reason
        self.detail = detail
        super().__init__(reason.value + (f" {detail}" if detail else ""))


class RulesProblemKind(StrEnum):
    """Why a set of rule options was refused."""

    UNKNOWN_OPTION = "unknown_option"
    """A name that is not a rule option."""
    UNKNOWN_PRESET = "unknown_preset"
    """A preset name that :meth:`Rules.preset_names` does not list."""
    WRONG_TYPE = "wrong_type"
    """A value of the wrong JSON type (a string for a whole number, 1 for true)."""
    UNKNOWN_READING = "unknown_reading"
    """A value that an option with named readings (an enum) does not have."""
    OUT_OF_RANGE = "out_of_range"
    """A number the option cannot take."""
    CONFLICT = "conflict"
    """Options that cannot be played together."""


@dataclasses.dataclass(frozen=True, slots=True)
class RulesProblem:
    """One refused option or combination of options.

    Attributes:
        kind: Why it was refused.
        options: The rule option names involved, the one at fault first.
        text: The same in English, for logs.
        value: The value refused, as an excerpt of what was given ("'x'", "7"),
            when one option's value is at fault; "" for a conflict.
    """

    kind: RulesProblemKind
    options: tuple[str, ...]
    text: str
    value: str = ""


class RulesError(ValueError):
    """Rule options that cannot be played together, or are not options at all.

    Attributes:
        details: Each :class:`RulesProblem`, with its kind and option names.
        problems: Each problem's English text (the same order as ``details``).
    """

    def __init__(self, problems: Sequence[RulesProblem]) -> None:
        """Keep each problem and join their texts for the message."""
        self.details = tuple(problems)
        self.problems = tuple(p.text for p in self.details)
        super().__init__("; ".join(self.problems))

    def __reduce__(self) -> tuple[type[RulesError], tuple[tuple[RulesProblem, ...]]]:
        """Pickle by the problems (an error can cross a process pool)."""
        return (type(self), (self.details,))

    @property
    def options(self) -> tuple[str, ...]:
        """Every option named by any problem, once each, in order."""
        return tuple(dict.fromkeys(o for p in self.details for o in p.options))
