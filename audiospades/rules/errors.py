"""Why an action is illegal, as data the presenter can put into any language."""

from __future__ import annotations

from enum import StrEnum


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
