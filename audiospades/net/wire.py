"""The wire twins of the game's payloads: seat views, engine events, notices.

Each is a frozen :class:`msgspec.Struct` that refuses unknown fields and checks every
type and range as it is decoded (:mod:`audiospades.net.codec` converts them to and from
the engine's objects and checks what needs the table's rules). Cards travel in record
notation (``"AS"``, ``"TD"``, ``"BJ"``), bids as a number or ``"blind_nil"``, rules as
the game record writes them. ``docs/protocol.md`` describes every field.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

import msgspec
from msgspec import UNSET, Meta, UnsetType

from audiospades.notices import QuestionKind, UndoRefusal
from audiospades.rules import Phase, Reason
from audiospades.storage import Outcome

Seat: TypeAlias = Annotated[int, Meta(ge=0, le=5)]
"""A seat number: 0 to 5 (a table seats 3 to 6)."""
Count: TypeAlias = Annotated[int, Meta(ge=0, le=1_000_000)]
"""A count of deals, hands, tricks or cards."""
Points: TypeAlias = Annotated[int, Meta(ge=-1_000_000_000, le=1_000_000_000)]
"""A score, a bonus or a penalty."""
CardText: TypeAlias = Annotated[
    str, Meta(pattern=r"^(?:[2-9TJQKA][CDHS]|BJ|LJ)$", max_length=2)
]
"""A card in record notation: rank then suit (``"AS"``, ``"TD"``), or a joker."""
BidText: TypeAlias = Annotated[int, Meta(ge=0, le=17)] | Literal["blind_nil"]
"""A bid: a number of tricks, or ``"blind_nil"``."""
OptionName: TypeAlias = Annotated[str, Meta(min_length=1, max_length=40)]
OptionValue: TypeAlias = str | Points | bool | None
RuleOptions: TypeAlias = Annotated[dict[OptionName, OptionValue], Meta(max_length=64)]
"""Rule options as :meth:`Rules.to_dict` writes them (the preset and what differs)."""
DetailValue: TypeAlias = Annotated[str, Meta(max_length=40)] | Points | None


class Wire(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of every wire struct: immutable, and unknown fields are refused."""


class WireRules(Wire, frozen=True):
    """A table's rules."""

    players: Annotated[int, Meta(ge=3, le=6)]
    partnerships: bool
    options: RuleOptions


class WireNil(Wire, frozen=True):
    """:class:`~audiospades.rules.NilResult` on the wire."""

    seat: Seat
    blind: bool
    tricks: Count
    points: Points


class WireSide(Wire, frozen=True):
    """:class:`~audiospades.rules.SideScore` on the wire."""

    side: Seat
    contract: Count
    tricks: Count
    is_made: bool | None
    contract_points: Points
    overtricks: Count
    overtrick_points: Points
    nils: Annotated[list[WireNil], Meta(max_length=6)]
    nil_bags: Count
    nil_bag_points: Points
    exact_bonus: Points
    big_bid_bonus: Points
    bag_penalty_count: Count
    bag_penalty_points: Points
    bags_before: Points
    bags_after: Points
    total_before: Points
    points: Points
    shot_moon: bool


class WireHandScore(Wire, frozen=True):
    """:class:`~audiospades.rules.HandScore` on the wire."""

    bids: Annotated[list[BidText], Meta(max_length=6)]
    tricks: Annotated[list[Count], Meta(max_length=6)]
    sides: Annotated[list[WireSide], Meta(max_length=6)]


PlayedCard: TypeAlias = tuple[Seat, CardText]
"""A card played to a trick: (seat, card)."""
TrickCards: TypeAlias = Annotated[list[PlayedCard], Meta(max_length=6)]
CardList: TypeAlias = Annotated[list[CardText], Meta(max_length=54)]


class WireTrick(Wire, frozen=True):
    """A completed trick (:class:`~audiospades.rules.TrickWon`) inside a view."""

    seat: Seat
    trick_index: Count
    cards: TrickCards


class WireView(Wire, frozen=True, omit_defaults=True):
    """:class:`~audiospades.rules.SeatView` on the wire: what one seat may know.

    ``question_open`` and ``answering`` (version 5) are left out at their defaults.
    """

    seat: Seat
    rules: WireRules
    phase: Phase
    dealer: Seat
    deal_count: Count
    hands_played: Count
    hand: CardList
    hand_hidden: bool
    hand_sizes: Annotated[list[Count], Meta(max_length=6)]
    bids: Annotated[list[BidText | None], Meta(max_length=6)]
    tricks_won: Annotated[list[Count], Meta(max_length=6)]
    trick: TrickCards
    completed_tricks: Annotated[list[WireTrick], Meta(max_length=17)]
    trick_index: Count
    spades_broken: bool
    to_act: Seat | None
    totals: Annotated[list[Points], Meta(max_length=6)]
    bags: Annotated[list[Points], Meta(max_length=6)]
    history: Annotated[list[WireHandScore], Meta(max_length=10_000)]
    passed_out: CardList
    passed_in: CardList
    pending_pass: tuple[Seat, Seat] | None
    legal_plays: CardList
    legal_bids: Annotated[list[BidText], Meta(max_length=19)]
    is_blind_nil_eligible: bool
    can_request_redeal: bool
    winner: Seat | None
    is_draw: bool
    question_open: bool = False
    answering: Annotated[list[Seat], Meta(max_length=6)] = msgspec.field(
        default_factory=list
    )


class WireViewChanges(Wire, frozen=True, omit_defaults=True):
    """The fields of a :class:`WireView` that changed since the last one sent.

    Version 12's ``update`` carries these in place of the whole view: a field left
    out is as it was. Field for field as :class:`WireView` (a test keeps the two
    alike); :func:`~audiospades.net.codec.apply_changes` makes the new view.
    """

    seat: Seat | UnsetType = UNSET
    rules: WireRules | UnsetType = UNSET
    phase: Phase | UnsetType = UNSET
    dealer: Seat | UnsetType = UNSET
    deal_count: Count | UnsetType = UNSET
    hands_played: Count | UnsetType = UNSET
    hand: CardList | UnsetType = UNSET
    hand_hidden: bool | UnsetType = UNSET
    hand_sizes: Annotated[list[Count], Meta(max_length=6)] | UnsetType = UNSET
    bids: Annotated[list[BidText | None], Meta(max_length=6)] | UnsetType = UNSET
    tricks_won: Annotated[list[Count], Meta(max_length=6)] | UnsetType = UNSET
    trick: TrickCards | UnsetType = UNSET
    completed_tricks: Annotated[list[WireTrick], Meta(max_length=17)] | UnsetType = (
        UNSET
    )
    trick_index: Count | UnsetType = UNSET
    spades_broken: bool | UnsetType = UNSET
    to_act: Seat | UnsetType | None = UNSET
    totals: Annotated[list[Points], Meta(max_length=6)] | UnsetType = UNSET
    bags: Annotated[list[Points], Meta(max_length=6)] | UnsetType = UNSET
    history: Annotated[list[WireHandScore], Meta(max_length=10_000)] | UnsetType = UNSET
    passed_out: CardList | UnsetType = UNSET
    passed_in: CardList | UnsetType = UNSET
    pending_pass: tuple[Seat, Seat] | UnsetType | None = UNSET
    legal_plays: CardList | UnsetType = UNSET
    legal_bids: Annotated[list[BidText], Meta(max_length=19)] | UnsetType = UNSET
    is_blind_nil_eligible: bool | UnsetType = UNSET
    can_request_redeal: bool | UnsetType = UNSET
    winner: Seat | UnsetType | None = UNSET
    is_draw: bool | UnsetType = UNSET
    question_open: bool | UnsetType = UNSET
    answering: Annotated[list[Seat], Meta(max_length=6)] | UnsetType = UNSET


class WireNotice(Wire, frozen=True, tag_field="kind"):
    """Base of the notices: the ``kind`` field names which one it is."""


class WireHandDealt(WireNotice, frozen=True, tag="hand_dealt"):
    """:class:`~audiospades.rules.HandDealt`."""

    hand_index: Count
    dealer: Seat


class WireRedealRequested(WireNotice, frozen=True, tag="redeal_requested"):
    """:class:`~audiospades.rules.RedealRequested`."""

    seat: Seat


class WireBidMade(WireNotice, frozen=True, tag="bid_made"):
    """:class:`~audiospades.rules.BidMade`."""

    seat: Seat
    bid: BidText


class WireBiddingComplete(WireNotice, frozen=True, tag="bidding_complete"):
    """:class:`~audiospades.rules.BiddingComplete`."""

    bids: Annotated[list[BidText], Meta(max_length=6)]


class WireCardsPassed(WireNotice, frozen=True, tag="cards_passed"):
    """:class:`~audiospades.rules.CardsPassed`; cards empty but for the two seats."""

    from_seat: Seat
    to_seat: Seat
    cards: Annotated[list[CardText], Meta(max_length=4)]


class WirePlayStarted(WireNotice, frozen=True, tag="play_started"):
    """:class:`~audiospades.rules.PlayStarted`."""

    leader: Seat


class WireCardPlayed(WireNotice, frozen=True, tag="card_played"):
    """:class:`~audiospades.rules.CardPlayed`."""

    seat: Seat
    card: CardText
    trick_index: Count


class WireSpadesBroken(WireNotice, frozen=True, tag="spades_broken"):
    """:class:`~audiospades.rules.SpadesBroken`."""

    seat: Seat


class WireTrickWon(WireNotice, frozen=True, tag="trick_won"):
    """:class:`~audiospades.rules.TrickWon`."""

    seat: Seat
    trick_index: Count
    cards: TrickCards


class WireHandScored(WireNotice, frozen=True, tag="hand_scored"):
    """:class:`~audiospades.rules.HandScored`."""

    score: WireHandScore


class WireGameOver(WireNotice, frozen=True, tag="game_over"):
    """:class:`~audiospades.rules.GameOver`."""

    winner: Seat | None
    totals: Annotated[list[Points], Meta(max_length=6)]


class WireQuestion(WireNotice, frozen=True, tag="question"):
    """:class:`~audiospades.notices.Question`: answer with yes or no."""

    question: QuestionKind
    behind: Points = 0


class WireYourTurn(WireNotice, frozen=True, tag="your_turn", omit_defaults=True):
    """:class:`~audiospades.notices.YourTurn`: this seat must act now.

    ``view``: the seat's view; from version 12 usually left out in an
    ``update``, whose own view it is (there when the turn was an earlier
    moment's).
    """

    view: WireView | None = None


class WireHandShown(WireNotice, frozen=True, tag="hand_shown"):
    """:class:`~audiospades.notices.HandShown`: this seat looks at its cards."""

    cards: CardList


class WireHandHidden(WireNotice, frozen=True, tag="hand_hidden"):
    """:class:`~audiospades.notices.HandHidden`: cards stay hidden (blind nil)."""


class WireRefused(WireNotice, frozen=True, tag="refused"):
    """:class:`~audiospades.notices.Refused`: the rules refused this seat's action."""

    reason: Reason
    detail: Annotated[
        dict[Annotated[str, Meta(max_length=32)], DetailValue], Meta(max_length=8)
    ] = {}


class WireUndone(WireNotice, frozen=True, tag="undone"):
    """:class:`~audiospades.notices.Undone`."""

    move_count: Count


class WireUndoRefused(WireNotice, frozen=True, tag="undo_refused"):
    """:class:`~audiospades.notices.UndoRefused`."""

    reason: UndoRefusal


class WireTrickWaiting(WireNotice, frozen=True, tag="trick_waiting"):
    """:class:`~audiospades.notices.TrickWaiting`."""


class WireGameFinished(
    WireNotice, frozen=True, tag="game_finished", omit_defaults=True
):
    """:class:`~audiospades.notices.GameFinished`: the outcome for this seat's side."""

    outcome: Outcome
    game: str | None = None
    """The server's id of the game, so a client counts it once in its statistics
    (protocol version 3: older servers send none, and a version 2 client is sent
    none, being left out when None)."""


AnyWireNotice: TypeAlias = (
    WireHandDealt
    | WireRedealRequested
    | WireBidMade
    | WireBiddingComplete
    | WireCardsPassed
    | WirePlayStarted
    | WireCardPlayed
    | WireSpadesBroken
    | WireTrickWon
    | WireHandScored
    | WireGameOver
    | WireQuestion
    | WireYourTurn
    | WireHandShown
    | WireHandHidden
    | WireRefused
    | WireUndone
    | WireUndoRefused
    | WireTrickWaiting
    | WireGameFinished
)
"""Every notice that may cross the wire, told apart by its ``kind``."""
