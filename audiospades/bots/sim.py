"""A lean simulator of the trick play, for the bots' look-ahead.

:class:`Sim` holds one hand in play with every seat's cards known (a real hand, or one
the search has sampled) and plays cards far faster than :class:`~audiospades.rules.Game`
because it keeps no log, emits no events and checks nothing a bot could get wrong: the
cards offered come from :meth:`Sim.legal`. Its rules are the engine's own: legal
plays and trick winners come from the engine's core (``rules/core.py``: following,
leading, breaking spades, the first lead), and ``tests/bots/test_bots_sim.py`` plays
random games through both to show they agree.
Hands are scored by the engine's own :func:`~audiospades.rules.score_hand`.

A :class:`Sim` built by :func:`sim_from_view` is also the position the heuristic policy
reads: it knows only the viewer's hand (the other hands are empty), plus the public
record: bids, tricks, the current trick, the unplayed cards and the voids shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiospades.rules import Bid, Card, HandScore, Rules, SeatView, Suit, score_hand
from audiospades.rules.core import PlayCore, is_lead_restricted, legal_cards, play_core
from audiospades.rules.core import trick_winner as core_trick_winner
from audiospades.rules.deck import CardTable
from audiospades.rules.seats import partner_of, side_of

SPADES = Suit.SPADES


class Sim:
    """One hand's trick play, every seat's cards known to the simulator.

    Attributes:
        rules: the rules in force.
        core: the engine's play core for the rules (legal plays, trick winners).
        table: the rules' card table (suits cards count as, trick-taking power).
        n: players at the table.
        sides: the side of each seat.
        partners: the partner of each seat (None in individual play).
        hands: each seat's cards (only the viewer's, for a view's position).
        bids: each seat's bid, or None while unknown.
        tricks_won: tricks taken by each seat so far.
        trick: the current trick, (seat, card) in order.
        to_act: whose turn it is.
        trick_index: the number of completed tricks.
        spades_broken: whether a trump has been played this hand.
        remaining: every card not yet played to a completed or current trick.
        voids: the suits each seat has shown it lacks (by failing to follow).
        totals: the sides' scores before this hand.
        bags: the sides' bags before this hand.
    """

    __slots__ = (
        "bags",
        "bids",
        "core",
        "hands",
        "n",
        "partners",
        "remaining",
        "rules",
        "sides",
        "spades_broken",
        "table",
        "to_act",
        "totals",
        "trick",
        "trick_count",
        "trick_index",
        "tricks_won",
        "voids",
    )

    def __init__(self, rules: Rules) -> None:
        """An empty position under ``rules``; fill it with :func:`sim_from_view`."""
        self.rules = rules
        self.core: PlayCore = play_core(rules)
        self.table: CardTable = self.core.table
        n = rules.player_count
        self.n = n
        self.trick_count = rules.trick_count
        self.sides = tuple(side_of(s, n, rules.partnerships) for s in range(n))
        self.partners = tuple(partner_of(s, n, rules.partnerships) for s in range(n))
        self.hands: list[set[Card]] = [set() for _ in range(n)]
        self.bids: list[Bid | None] = [None] * n
        self.tricks_won: list[int] = [0] * n
        self.trick: list[tuple[int, Card]] = []
        self.to_act = 0
        self.trick_index = 0
        self.spades_broken = False
        self.remaining: set[Card] = set(self.table.deck)
        self.voids: list[set[Suit]] = [set() for _ in range(n)]
        self.totals: tuple[int, ...] = (0,) * rules.side_count
        self.bags: tuple[int, ...] = (0,) * rules.side_count

    def copy(self) -> Sim:
        """An independent copy (hands, trick and counters are new lists and sets)."""
        other = Sim.__new__(Sim)
        other.rules = self.rules
        other.core = self.core
        other.table = self.table
        other.n = self.n
        other.trick_count = self.trick_count
        other.sides = self.sides
        other.partners = self.partners
        other.hands = [set(h) for h in self.hands]
        other.bids = list(self.bids)
        other.tricks_won = list(self.tricks_won)
        other.trick = list(self.trick)
        other.to_act = self.to_act
        other.trick_index = self.trick_index
        other.spades_broken = self.spades_broken
        other.remaining = set(self.remaining)
        other.voids = [set(v) for v in self.voids]
        other.totals = self.totals
        other.bags = self.bags
        return other

    @property
    def is_over(self) -> bool:
        """Whether every trick has been played."""
        return self.trick_index >= self.trick_count

    @property
    def tricks_left(self) -> int:
        """Tricks not yet completed, the current one included."""
        return self.trick_count - self.trick_index

    def legal(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now, by the engine's rules.

        They come in the order of the seat's hand set, which the play-outs' choices
        depend on.
        """
        trick = self.trick
        if trick:
            return legal_cards(self.core, self.hands[seat], trick[0][1], False)
        restricted = is_lead_restricted(
            self.rules, self.trick_index, self.spades_broken
        )
        return legal_cards(self.core, self.hands[seat], None, restricted)

    def play(self, card: Card) -> int | None:
        """Play ``card`` for the seat to act; return the trick's winner if it ends."""
        seat = self.to_act
        suit_of = self.table.suit_of
        suit = suit_of[card]
        self.hands[seat].discard(card)
        self.remaining.discard(card)
        trick = self.trick
        if trick:
            led = suit_of[trick[0][1]]
            if suit is not led:
                self.voids[seat].add(led)
        trick.append((seat, card))
        if suit is SPADES:
            self.spades_broken = True
        if len(trick) < self.n:
            self.to_act = (seat + 1) % self.n
            return None
        winner = core_trick_winner(self.core, trick)
        self.tricks_won[winner] += 1
        self.trick = []
        self.trick_index += 1
        self.to_act = winner
        return winner

    def score(self) -> HandScore:
        """The engine's score of the hand as it stands (call when it is over)."""
        bids = [b if b is not None else Bid(0) for b in self.bids]
        return score_hand(self.rules, bids, self.tricks_won, self.totals, self.bags)


def trick_winner(trick: Sequence[tuple[int, Card]], table: CardTable) -> int:
    """The seat that wins a complete trick, as the engine decides it.

    The highest trump wins, else the highest card of the suit led. :class:`Sim`
    itself asks the core (:func:`audiospades.rules.core.trick_winner`); this reads
    the same powers from a card table, for callers that hold only the table.
    """
    power = table.power_when_led[table.suit_of[trick[0][1]]]
    best_seat, best = -1, -1
    for seat, card in trick:
        value = power[card]
        if value > best:
            best_seat, best = seat, value
    return best_seat


def sim_from_view(view: SeatView) -> Sim:
    """The position as ``view``'s seat knows it: its own hand and the public record.

    Voids come from the play so far (a seat that did not follow the led suit has none
    of it left); cards this seat passed to its partner are recorded in the partner's
    hand, as the seat knows they are there unless played since.
    """
    sim = Sim(view.rules)
    sim.hands[view.seat] = set(view.hand)
    sim.bids = list(view.bids)
    sim.tricks_won = list(view.tricks_won)
    sim.trick = list(view.trick)
    sim.to_act = view.to_act if view.to_act is not None else view.seat
    sim.trick_index = view.trick_index
    sim.spades_broken = view.spades_broken
    sim.totals = view.totals
    sim.bags = view.bags
    suit_of = sim.table.suit_of
    played: set[Card] = set()
    for won in view.completed_tricks:
        _note_voids(sim, won.cards, suit_of)
        played.update(c for _, c in won.cards)
    _note_voids(sim, view.trick, suit_of)
    played.update(c for _, c in view.trick)
    sim.remaining = set(sim.table.deck) - played
    partner = view.partner
    if partner is not None and view.passed_out:
        # A card passed back to this seat is in its own hand, not the partner's.
        mine = sim.hands[view.seat]
        sim.hands[partner] = {
            c for c in view.passed_out if c in sim.remaining and c not in mine
        }
    return sim


def _note_voids(
    sim: Sim, cards: Sequence[tuple[int, Card]], suit_of: dict[Card, Suit]
) -> None:
    if not cards:
        return
    led = suit_of[cards[0][1]]
    for seat, card in cards[1:]:
        if suit_of[card] is not led:
            sim.voids[seat].add(led)
