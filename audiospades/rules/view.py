"""What one seat may know: the only place hidden cards are filtered out.

Bots and the presenter see the game through a :class:`SeatView`: the seat's own hand
(unless it is still deciding on a blind nil, unseen), every public fact, and the cards
it passed or received. Nothing in it refers back to the :class:`Game`. Spectators of
an online table get :func:`public_view` and :func:`public_events`: no hidden card
at all.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass, replace
from typing import Any

from audiospades.rules.bidding import Bid, refuse_bid
from audiospades.rules.cards import Card, Suit
from audiospades.rules.deck import card_table
from audiospades.rules.errors import IllegalAction
from audiospades.rules.events import CardsPassed, Event, TrickWon
from audiospades.rules.game import Game, Phase
from audiospades.rules.options import Rules
from audiospades.rules.scoring import HandScore
from audiospades.rules.seats import partner_of, side_of


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat may know at one moment."""

    seat: int
    rules: Rules
    phase: Phase
    dealer: int
    deal_count: int
    hands_played: int
    hand: tuple[Card, ...]
    """The seat's own cards, sorted; empty while ``hand_hidden``."""
    hand_hidden: bool
    """True while the seat is deciding on a blind nil before looking."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds (public)."""
    bids: tuple[Bid | None, ...]
    tricks_won: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    """The current trick: (seat, card) in the order played."""
    completed_tricks: tuple[TrickWon, ...]
    trick_index: int
    spades_broken: bool
    to_act: int | None
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    history: tuple[HandScore, ...]
    passed_out: tuple[Card, ...]
    """Cards this seat passed to its partner this hand."""
    passed_in: tuple[Card, ...]
    """Cards this seat received from its partner this hand."""
    pending_pass: tuple[int, int] | None
    legal_plays: frozenset[Card]
    legal_bids: tuple[Bid, ...]
    is_blind_nil_eligible: bool
    can_request_redeal: bool
    winner: int | None
    is_draw: bool
    question_open: bool = False
    """The table waits for a yes/no answer before anyone bids (``to_act`` is then
    None). The engine never sets it: the table does (:mod:`audiospades.table_core`)."""
    answering: tuple[int, ...] = ()
    """The seats whose blind nil answer the table waits for (public: whom the rules
    let bid it is). A redeal question goes unnamed: it would tell of a weak hand."""
    blind_nil_declared: tuple[int, ...] = ()
    """The seats that said, when the cards were dealt, that they will bid blind nil
    at their turn and have not bid yet: what a later bidder at the table has heard.
    The engine never sets it: the table does, for a computer player's bid
    (:mod:`audiospades.table_core`)."""

    @property
    def player_count(self) -> int:
        """Players at the table."""
        return self.rules.player_count

    @property
    def side(self) -> int:
        """This seat's side."""
        return side_of(self.seat, self.rules.player_count, self.rules.partnerships)

    @property
    def partner(self) -> int | None:
        """This seat's partner, if any."""
        return partner_of(self.seat, self.rules.player_count, self.rules.partnerships)

    def side_of(self, seat: int) -> int:
        """The side of any seat."""
        return side_of(seat, self.rules.player_count, self.rules.partnerships)

    def suit_of(self, card: Card) -> Suit:
        """The suit a card counts as under these rules."""
        return card_table(self.rules).suit_of[card]

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the current trick."""
        return self.suit_of(self.trick[0][1]) if self.trick else None

    @property
    def winning_play(self) -> tuple[int, Card] | None:
        """The seat and card winning the current trick so far (None: no card yet).

        The highest trump played wins, else the highest card of the suit led, as
        the engine decides a finished trick.
        """
        if not self.trick:
            return None
        table = card_table(self.rules)
        led = table.suit_of[self.trick[0][1]]
        best: tuple[int, Card] | None = None
        best_value = -1
        for seat, card in self.trick:
            suit = table.suit_of[card]
            value = table.power[card] if suit is Suit.SPADES or suit is led else -1
            if value > best_value:
                best, best_value = (seat, card), value
        return best

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat must act now."""
        return self.to_act == self.seat

    def bid_refusal(self, bid: Bid) -> IllegalAction | None:
        """Why this seat's ``bid`` would be refused now (None: it is allowed).

        What the engine would say to it (:func:`refuse_bid`), from what the seat
        may know: a player told what Enter would place hears before pressing it
        that it is refused, and why.
        """
        if bid in self.legal_bids:
            return None
        table = card_table(self.rules)
        spades = sum(1 for card in self.hand if table.suit_of[card] is Suit.SPADES)
        last = sum(b is None for b in self.bids) == 1
        return refuse_bid(
            self.rules,
            self.seat,
            bid,
            self.bids,
            spades,
            self.is_blind_nil_eligible,
            last,
        )

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.GAME_OVER

    @property
    def is_before_first_deal(self) -> bool:
        """Whether the game has started and its first hand is not dealt yet."""
        return self.phase is Phase.DEALING and self.deal_count == 0

    @property
    def is_thrown_in(self) -> bool:
        """Whether the hand was thrown in for a redeal and is not dealt again yet.

        Seed 002 "Misdeal" (``Rules.misdeal_redeal``): its cards are still held
        until the dealer deals again, where a hand played out leaves none.
        """
        return self.phase is Phase.DEALING and any(self.hand_sizes)

    def played_cards(self) -> tuple[Card, ...]:
        """Every card played this hand, in order (public knowledge)."""
        done = tuple(c for t in self.completed_tricks for _, c in t.cards)
        return done + tuple(c for _, c in self.trick)


def seat_view(game: Game, seat: int, *, hide_hand: bool = False) -> SeatView:
    """The view of ``game`` from ``seat``.

    Args:
        game: the game.
        seat: whose view.
        hide_hand: hide the seat's own cards (a blind nil decision before looking).
    """
    return seat_views(game, (seat,), hidden=(seat,) if hide_hand else ())[0]


def seat_views(
    game: Game, seats: Iterable[int], *, hidden: Container[int] = ()
) -> list[SeatView]:
    """The views of ``game`` from several ``seats`` at one moment.

    Each is :func:`seat_view` of its seat; they share the public part (the very same
    tuples), built once: a server builds every seat's view after every action.

    Args:
        game: the game.
        seats: whose views, in this order.
        hidden: the seats whose own cards are hidden (a blind nil decision).
    """
    public = public_fields(game)
    return [
        SeatView(**own_fields(game, seat, hide_hand=seat in hidden), **public)
        for seat in seats
    ]


def public_fields(game: Game) -> dict[str, Any]:
    """The fields of :class:`SeatView` that every seat sees alike, by name.

    With :func:`own_fields` of a seat, everything that seat's view holds (a server
    builds the public part once for all the seats it sends views to).
    """
    n = game.player_count
    return {
        "rules": game.rules,
        "phase": game.phase,
        "dealer": game.dealer,
        "deal_count": game.deal_count,
        "hands_played": game.hands_played,
        "hand_sizes": tuple(game.hand_size(s) for s in range(n)),
        "bids": tuple(game.bids),
        "tricks_won": tuple(game.tricks_won),
        "trick": tuple(game.trick),
        "completed_tricks": tuple(game.completed_tricks),
        "trick_index": game.trick_index,
        "spades_broken": game.spades_broken,
        "to_act": game.to_act,
        "totals": tuple(game.totals),
        "bags": tuple(game.bags),
        "history": tuple(game.history),
        "pending_pass": game.pending_pass(),
        "winner": game.winner,
        "is_draw": game.is_draw,
    }


def own_fields(game: Game, seat: int, *, hide_hand: bool = False) -> dict[str, Any]:
    """The fields of ``seat``'s :class:`SeatView` that only that seat sees, by name.

    ``hide_hand``: the seat is deciding on a blind nil and has not looked.
    """
    passed_out: tuple[Card, ...] = ()
    passed_in: tuple[Card, ...] = ()
    for passed in game.passes:
        if passed.from_seat == seat:
            passed_out += passed.cards
        if passed.to_seat == seat:
            passed_in += passed.cards
    mine = game.to_act == seat
    legal_bids = game.legal_bids(seat) if mine else ()
    if hide_hand:
        # A seat deciding on a blind nil has not looked: under mirror or whiz its
        # legal bids would give its spade count away, so it sees only blind nil.
        legal_bids = tuple(b for b in legal_bids if b.blind)
    return {
        "seat": seat,
        "hand": () if hide_hand else game.hand(seat),
        "hand_hidden": hide_hand,
        "passed_out": passed_out,
        "passed_in": passed_in,
        "legal_plays": (
            frozenset() if hide_hand or not mine else game.legal_plays(seat)
        ),
        "legal_bids": legal_bids,
        "is_blind_nil_eligible": game.is_blind_nil_eligible(seat),
        "can_request_redeal": not hide_hand and game.can_request_redeal(seat),
    }


def public_view(game: Game, seat: int = 0) -> SeatView:
    """What a spectator may know, watching from ``seat``'s chair.

    Every public fact of :func:`seat_view`, but no cards in hand, no cards passed or
    received, no legal plays or bids and no redeal offer: only cards already played
    appear in it. The seat is the chair the spectator watches from (it decides the
    point of view of "your partner", "on your left"), not a hand it can see.

    Args:
        game: the game.
        seat: the chair to watch from.

    Raises:
        ValueError: if ``seat`` is not a seat at this table.
    """
    if not 0 <= seat < game.player_count:
        raise ValueError(f"no seat {seat}")
    # The seat's view with its hand hidden, less what only that seat knows.
    return replace(
        seat_view(game, seat, hide_hand=True),
        hand_hidden=False,
        passed_out=(),
        passed_in=(),
        legal_bids=(),
    )


def public_events(events: Iterable[Event]) -> tuple[Event, ...]:
    """Events as a spectator may see them: every passed card hidden."""
    return visible_events(events, -1)


def visible_events(events: Iterable[Event], seat: int) -> tuple[Event, ...]:
    """Events as ``seat`` may see them: passed cards hidden from other seats."""
    out: list[Event] = []
    for event in events:
        if isinstance(event, CardsPassed) and seat not in (
            event.from_seat,
            event.to_seat,
        ):
            event = replace(event, cards=())
        out.append(event)
    return tuple(out)
