"""The game: a state machine driven by actions, each a verify/can/do triple.

A game is its rules, its first dealer and its list of actions; :meth:`Game.replay`
rebuilds any moment from them, which is how saves, undo and bots' look-ahead work.
Chance is outside the engine: a deal is an action like any other, made from a seeded
``random.Random`` by :func:`~audiospades.rules.deck.shuffled_deal` or read from a
record.

>>> import random
>>> from audiospades.rules.deck import shuffled_deal
>>> game = Game(Rules.pagat(), first_dealer=3)
>>> _ = game.deal(shuffled_deal(game.rules, random.Random(1)))
>>> game.phase, game.to_act
(<Phase.BIDDING: 'bidding'>, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Final

from audiospades.rules.actions import (
    Action,
    BidAction,
    DealAction,
    PassAction,
    PlayAction,
    RedealAction,
)
from audiospades.rules.bidding import Bid, refuse_bid
from audiospades.rules.cards import Card, Suit
from audiospades.rules.core import (
    cards_of,
    holds,
    is_lead_restricted,
    legal_mask,
    mask_of,
    play_core,
    trick_winner,
)
from audiospades.rules.deck import is_deficient
from audiospades.rules.errors import IllegalAction, Reason
from audiospades.rules.events import (
    BiddingComplete,
    BidMade,
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    PlayStarted,
    RedealRequested,
    SpadesBroken,
    TrickWon,
)
from audiospades.rules.options import BiddingStyle, BidOrder, MoonRule, Rules, TieRule
from audiospades.rules.scoring import HandScore, score_hand
from audiospades.rules.seats import (
    next_seat,
    partner_of,
    previous_seat,
    side_of,
)


class Phase(StrEnum):
    """Where the game stands."""

    DEALING = "dealing"
    BIDDING = "bidding"
    PASSING = "passing"
    PLAYING = "playing"
    GAME_OVER = "game_over"


#: Every bid a hand of up to 17 cards allows: blind nil, then nil to 17.
_ALL_BIDS: tuple[Bid, ...] = (Bid.blind_nil(), *(Bid(t) for t in range(18)))


# Enum members looked up on their class cost ten times a module global in CPython
# 3.11 (0.12 us against 0.01 us), and the play path looks up several per card.
_PLAYING: Final = Phase.PLAYING
_BIDDING: Final = Phase.BIDDING


def is_the_end(rules: Rules, totals: Sequence[int], hands_played: int) -> bool:
    """Whether the game ends after ``hands_played`` hands with these totals.

    It does when the target, the mercy score or the hand limit is reached, unless
    the lead is tied and ``rules.tie_rule`` says to play on.
    """
    return (
        (rules.target_score is not None and max(totals) >= rules.target_score)
        or (rules.mercy_score is not None and min(totals) <= rules.mercy_score)
        or (rules.hand_limit is not None and hands_played >= rules.hand_limit)
    )


class Game:
    """One game of Spades under a set of rules."""

    def __init__(self, rules: Rules, *, first_dealer: int = 0) -> None:
        """Start a game; the first action must be a deal by ``first_dealer``.

        Raises:
            ValueError: if ``first_dealer`` is not a seat.
        """
        if not 0 <= first_dealer < rules.player_count:
            raise ValueError(f"no seat {first_dealer}")
        self.rules = rules
        self.first_dealer = first_dealer
        n = rules.player_count
        self._core = core = play_core(rules)
        self._table = core.table
        self._hand_order = core.table.hand_order
        self._suit_of = core.table.suit_of
        self._trump_mask = core.trump_mask
        # Whether a lead may ever be restricted (decided per trick in _refresh_legal).
        self._may_restrict_lead = (
            not rules.spade_may_lead_first_trick or rules.spades_must_break
        )
        self._trick_count = rules.trick_count
        self._player_count = n
        self._plain_bidding = (
            rules.bidding_style is BiddingStyle.NORMAL
            and not rules.no_hell
            and not rules.minimum_side_bid
        )
        self._next_seat = tuple(next_seat(seat, n) for seat in range(n))
        self._side_of_seat = tuple(
            side_of(seat, n, rules.partnerships) for seat in range(n)
        )
        # The action log. Plays, the bulk of it, are kept as (seat, card) pairs and
        # become PlayAction objects only when someone reads ``actions``.
        self._log: list[Action | tuple[int, Card]] = []
        self._actions: list[Action] = []
        self.events: list[Event] = []
        self.phase = Phase.DEALING
        self.dealer = first_dealer
        self.deal_count = 0
        """Deals so far, redeals included."""
        self.hands_played = 0
        """Hands played out and scored."""
        self.totals: list[int] = [0] * rules.side_count
        self.bags: list[int] = [0] * rules.side_count
        self.history: list[HandScore] = []
        self.winner: int | None = None
        self.is_draw = False
        self.dealt: tuple[tuple[Card, ...], ...] = ()
        self.dealers: list[int] = []
        """The dealer of every deal so far, redeals included."""
        # Each hand as a mask of card bits (rules/core.py): following and leading
        # rules are one ``&``, and a hand's size is its bit count.
        self._hands: list[int] = [0] * n
        # The same cards as sets, all and by the suit they count as: only to hand
        # out legal plays as frozensets, which copy from a set fastest.
        self._hand_sets: list[set[Card]] = [set() for _ in range(n)]
        # Each seat's sorted cards as last handed out, with the mask they are of:
        # a server reads every seat's hand after every action, most unchanged.
        self._hands_out: list[tuple[int, tuple[Card, ...]]] = [(-1, ())] * n
        self._suit_sets: list[dict[Suit, set[Card]]] = [_buckets(()) for _ in range(n)]
        self._legal = 0
        """While playing, the mask of the cards the seat to act may play."""
        self.bids: list[Bid | None] = [None] * n
        self.tricks_won: list[int] = [0] * n
        self.trick: list[tuple[int, Card]] = []
        self.completed_tricks: list[TrickWon] = []
        self.trick_index = 0
        self.spades_broken = False
        self.to_act: int | None = None
        self.passes: list[CardsPassed] = []
        self._pending_passes: list[tuple[int, int]] = []
        self._bids_made = 0

    # --- queries ---
    @property
    def actions(self) -> list[Action]:
        """Every action so far, in order; treat the list as read-only."""
        log, actions = self._log, self._actions
        for item in log[len(actions) :]:
            actions.append(PlayAction(*item) if isinstance(item, tuple) else item)
        return actions

    @property
    def action_count(self) -> int:
        """How many actions have been taken (cheaper than ``len(actions)``)."""
        return len(self._log)

    @property
    def player_count(self) -> int:
        """How many players sit at the table."""
        return self.rules.player_count

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.GAME_OVER

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's cards, sorted by the suit they count as, then by power.

        Added trumps (the 2 of diamonds under deuces) sit with the spades, by their
        power, as they are followed, led and read out.
        """
        mask = self._hands[seat]
        out = self._hands_out[seat]
        if out[0] == mask:
            return out[1]
        cards = cards_of(mask)
        order = self._hand_order
        if order is not None:
            cards = tuple(sorted(cards, key=order.__getitem__))
        self._hands_out[seat] = (mask, cards)
        return cards

    def hand_size(self, seat: int) -> int:
        """How many cards a seat holds (public knowledge)."""
        return self._hands[seat].bit_count()

    def side_of(self, seat: int) -> int:
        """The side a seat scores for."""
        return self._side_of_seat[seat]

    def suit_of(self, card: Card) -> Suit:
        """The suit a card counts as (added trumps count as spades)."""
        return self._suit_of[card]

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the current trick, if a card has been led."""
        return self._suit_of[self.trick[0][1]] if self.trick else None

    def first_to_bid(self, dealer: int | None = None) -> int:
        """Who bids (and leads) first after ``dealer`` deals (seeds 000 and 001)."""
        d = self.dealer if dealer is None else dealer
        n = self.rules.player_count
        if self.rules.bid_order is BidOrder.DEALERS_RIGHT:
            return previous_seat(d, n)
        return next_seat(d, n)

    def pending_pass(self) -> tuple[int, int] | None:
        """The (from seat, to seat) of the next pass, during passing."""
        return self._pending_passes[0] if self._pending_passes else None

    def is_blind_nil_eligible(self, seat: int) -> bool:
        """Whether the seat's side is far enough behind to bid blind nil (seed 003)."""
        if not self.rules.blind_nil_allowed:
            return False
        if not self.rules.blind_nil_behind:
            # Rules.blind_nil_behind: "0 allows it at any time", even to the leader.
            return True
        totals = self.totals
        side = self._side_of_seat[seat]
        behind = self.rules.blind_nil_behind
        if totals[side] > max(totals) - behind:
            return False  # not that far behind even the leader (the usual case)
        others = [t for s, t in enumerate(totals) if s != side]
        leader = max(others) if others else totals[side]
        return totals[side] <= leader - behind

    def spade_count(self, seat: int) -> int:
        """Spades (including added trumps) in a seat's hand."""
        return (self._hands[seat] & self._trump_mask).bit_count()

    # --- dealing ---
    def verify_deal(self, hands: Sequence[Sequence[Card]]) -> None:
        """Check a deal: one hand a seat, the right size, the deck exactly once.

        Raises:
            IllegalAction: ``WRONG_PHASE``, ``GAME_OVER`` or ``BAD_DEAL``.
        """
        self._verify_phase(Phase.DEALING)
        size = self.rules.hand_size
        if len(hands) != self.rules.player_count or any(len(h) != size for h in hands):
            raise IllegalAction(Reason.BAD_DEAL, hand_size=size)
        # n distinct cards make a mask of n bits; a repeated card makes fewer (its
        # bits carry), so a full count and the deck's exact mask mean each card once.
        try:
            dealt = sum([1 << c for h in hands for c in h])
        except (TypeError, ValueError):
            raise IllegalAction(Reason.BAD_DEAL, hand_size=size) from None
        if dealt != self._core.deck_mask or size * len(hands) != len(self._table.deck):
            raise IllegalAction(Reason.BAD_DEAL, hand_size=size)

    def deal(self, hands: Sequence[Sequence[Card]]) -> tuple[Event, ...]:
        """Deal these hands (seat by seat) and open the bidding."""
        self.verify_deal(hands)
        n = self.rules.player_count
        self.dealt = tuple(tuple(h) for h in hands)
        self._log.append(DealAction(self.dealt))
        self.dealers.append(self.dealer)
        self._hands = [mask_of(h) for h in hands]
        self._hand_sets = [set(h) for h in hands]
        self._suit_sets = [_buckets(h, self._suit_of) for h in hands]
        self.bids = [None] * n
        self._bids_made = 0
        self.tricks_won = [0] * n
        self.trick = []
        self.completed_tricks = []
        self.trick_index = 0
        self.spades_broken = False
        self.passes = []
        self._pending_passes = []
        self.phase = Phase.BIDDING
        self.to_act = self.first_to_bid()
        self.deal_count += 1
        return self._emit(HandDealt(self.deal_count - 1, self.dealer))

    # --- redeal ---
    def verify_redeal(self, seat: int) -> None:
        """Check a redeal request: before the first bid, one spade or none (seed 002).

        Raises:
            IllegalAction: if the request is not allowed.
        """
        self._verify_phase(Phase.BIDDING)
        self._verify_seat(seat)
        if not self.rules.misdeal_redeal or self._bids_made:
            raise IllegalAction(Reason.REDEAL_NOT_ALLOWED)
        if not is_deficient(self.hand(seat), self.rules):
            raise IllegalAction(Reason.HAND_NOT_DEFICIENT)

    def can_request_redeal(self, seat: int) -> bool:
        """Whether :meth:`request_redeal` would be accepted."""
        if not self.rules.misdeal_redeal or self.phase is not Phase.BIDDING:
            return False  # the usual answer, without building a refusal to catch
        return self._can(self.verify_redeal, seat)

    def request_redeal(self, seat: int) -> tuple[Event, ...]:
        """Throw the hand in; the same dealer deals again."""
        self.verify_redeal(seat)
        self._log.append(RedealAction(seat))
        self.phase = Phase.DEALING
        self.to_act = None
        return self._emit(RedealRequested(seat))

    # --- bidding ---
    def verify_bid(self, seat: int, bid: Bid) -> None:
        """Check a bid for the seat whose turn it is.

        Raises:
            IllegalAction: with the reason the bid is refused.
        """
        if self._plain_bidding and self._is_plain_bid_legal(seat, bid):
            return
        self._verify_phase(Phase.BIDDING)
        self._verify_turn(seat)
        last = self._bids_made == self.rules.player_count - 1
        args = (self.spade_count(seat), self.is_blind_nil_eligible(seat))
        refusal = refuse_bid(self.rules, seat, bid, self.bids, *args, last)
        if refusal is None:
            return
        if refusal.reason is Reason.NO_HELL_TOTAL and not any(
            refuse_bid(self.rules, seat, other, self.bids, *args, True) is None
            for other in _ALL_BIDS[: self._trick_count + 2]
        ):
            # No hell gives way when every bid the other rules allow would make the
            # total equal the tricks (as mirror bidding can): someone must bid.
            return
        raise refusal

    def can_bid(self, seat: int, bid: Bid) -> bool:
        """Whether :meth:`bid` would be accepted."""
        return self._can(self.verify_bid, seat, bid)

    def legal_bids(self, seat: int) -> tuple[Bid, ...]:
        """Every bid the seat may make now (blind nil first, if allowed)."""
        if self.phase is not Phase.BIDDING or seat != self.to_act:
            return ()
        rules = self.rules
        blind_ok = self.is_blind_nil_eligible(seat)
        if self._plain_bidding:
            # Fast path for the common rules: every number, nil unless a double nil
            # is barred. tests/rules check it against the general path below.
            partner = partner_of(seat, rules.player_count, rules.partnerships)
            partner_bid = None if partner is None else self.bids[partner]
            nil_ok = rules.nil_allowed and not (
                partner_bid is not None
                and partner_bid.is_nil
                and not rules.double_nil_allowed
            )
            first = 0 if nil_ok else 1
            bids = _ALL_BIDS[first + 1 : self._trick_count + 2]
            return (_ALL_BIDS[0], *bids) if nil_ok and blind_ok else bids
        return self._legal_bids_general(seat, blind_ok)

    def _is_plain_bid_legal(self, seat: int, bid: Bid) -> bool:
        """Whether ``bid`` is among the fast path's :meth:`legal_bids` (plain rules).

        Decided without building the tuple; False sends the bid through the
        general check, which finds the reason for a refusal.
        """
        if self.phase is not _BIDDING or seat != self.to_act or type(bid) is not Bid:
            return False
        tricks = bid.tricks
        if type(tricks) is not int:
            return False
        if tricks:
            return not bid.blind and 0 < tricks <= self._trick_count
        rules = self.rules
        if not rules.nil_allowed:
            return False
        partner = partner_of(seat, rules.player_count, rules.partnerships)
        partner_bid = None if partner is None else self.bids[partner]
        if (
            partner_bid is not None
            and partner_bid.is_nil
            and not rules.double_nil_allowed
        ):
            return False
        return not bid.blind or self.is_blind_nil_eligible(seat)

    def _legal_bids_general(self, seat: int, blind_ok: bool) -> tuple[Bid, ...]:
        args = (self.spade_count(seat), blind_ok)
        last = self._bids_made == self.rules.player_count - 1
        legal: list[Bid] = []
        hell_refused: list[Bid] = []
        for bid in _ALL_BIDS[: self._trick_count + 2]:
            refusal = refuse_bid(self.rules, seat, bid, self.bids, *args, last)
            if refusal is None:
                legal.append(bid)
            elif refusal.reason is Reason.NO_HELL_TOTAL:
                hell_refused.append(bid)
        # No hell gives way when it would leave no bid at all (see verify_bid).
        return tuple(legal) if legal else tuple(hell_refused)

    def bid(self, seat: int, bid: Bid) -> tuple[Event, ...]:
        """Make a bid; the last bid starts the passing or the play."""
        self.verify_bid(seat, bid)
        self._log.append(BidAction(seat, bid))
        self.bids[seat] = bid
        self._bids_made += 1
        events: list[Event] = [BidMade(seat, bid)]
        n = self.rules.player_count
        if self._bids_made < n:
            self.to_act = next_seat(seat, n)
            return self._emit(*events)
        bids = tuple(b for b in self.bids if b is not None)
        events.append(BiddingComplete(bids))
        self._pending_passes = self._passes_due()
        if self._pending_passes:
            self.phase = Phase.PASSING
            self.to_act = self._pending_passes[0][0]
        else:
            events.append(self._start_play())
        return self._emit(*events)

    def _passes_due(self) -> list[tuple[int, int]]:
        count = self.rules.blind_nil_pass
        if not count or not self.rules.partnerships:
            return []
        due: list[tuple[int, int]] = []
        served: set[int] = set()
        first = self.first_to_bid()
        n = self.rules.player_count
        for i in range(n):
            seat = (first + i) % n
            bid = self.bids[seat]
            side = self.side_of(seat)
            if bid is not None and bid.blind and side not in served:
                served.add(side)
                partner = partner_of(seat, n, True)
                assert partner is not None
                due += [(seat, partner), (partner, seat)]
        return due

    # --- passing ---
    def verify_pass(self, seat: int, cards: Sequence[Card]) -> None:
        """Check cards passed after a blind nil (seeds 001, 002, 003).

        Raises:
            IllegalAction: with the reason the pass is refused.
        """
        self._verify_phase(Phase.PASSING)
        self._verify_turn(seat)
        if len(cards) != self.rules.blind_nil_pass:
            raise IllegalAction(
                Reason.WRONG_PASS_COUNT, count=self.rules.blind_nil_pass
            )
        if len(set(cards)) != len(cards):
            raise IllegalAction(Reason.DUPLICATE_CARD)
        for card in cards:
            if not holds(self._hands[seat], card):
                raise IllegalAction(Reason.CARD_NOT_HELD, card=card)

    def can_pass(self, seat: int, cards: Sequence[Card]) -> bool:
        """Whether :meth:`pass_cards` would be accepted."""
        return self._can(self.verify_pass, seat, cards)

    def pass_cards(self, seat: int, cards: Sequence[Card]) -> tuple[Event, ...]:
        """Pass cards face down to the partner."""
        self.verify_pass(seat, cards)
        cards = tuple(cards)
        self._log.append(PassAction(seat, cards))
        _, to_seat = self._pending_passes.pop(0)
        moved = mask_of(cards)
        self._hands[seat] &= ~moved
        self._hands[to_seat] |= moved
        self._hand_sets[seat].difference_update(cards)
        self._hand_sets[to_seat].update(cards)
        for card in cards:
            suit = self._suit_of[card]
            self._suit_sets[seat][suit].discard(card)
            self._suit_sets[to_seat][suit].add(card)
        passed = CardsPassed(seat, to_seat, cards)
        self.passes.append(passed)
        events: list[Event] = [passed]
        if self._pending_passes:
            self.to_act = self._pending_passes[0][0]
        else:
            events.append(self._start_play())
        return self._emit(*events)

    def _start_play(self) -> PlayStarted:
        self.phase = _PLAYING
        self.to_act = self.first_to_bid()
        self._refresh_legal()
        return PlayStarted(self.to_act)

    # --- play ---
    def verify_play(self, seat: int, card: Card) -> None:
        """Check a card for the seat whose turn it is (seed 000, "The Play").

        Raises:
            IllegalAction: ``CARD_NOT_HELD``, ``MUST_FOLLOW_SUIT`` (detail ``suit``),
                ``SPADES_NOT_BROKEN``, ``NO_SPADE_ON_FIRST_LEAD`` and turn errors.
        """
        if self.phase is not _PLAYING or seat != self.to_act:
            self._verify_phase(_PLAYING)
            self._verify_turn(seat)
        hand = self._hands[seat]
        if not holds(hand, card):
            raise IllegalAction(Reason.CARD_NOT_HELD, card=card)
        if self._legal >> card & 1:
            return
        if self.trick:
            raise IllegalAction(
                Reason.MUST_FOLLOW_SUIT, suit=self._suit_of[self.trick[0][1]]
            )
        # A lead refused: a trump while holding a plain card, and leads restricted.
        if self.trick_index == 0 and not self.rules.spade_may_lead_first_trick:
            raise IllegalAction(Reason.NO_SPADE_ON_FIRST_LEAD)
        raise IllegalAction(Reason.SPADES_NOT_BROKEN)

    def can_play(self, seat: int, card: Card) -> bool:
        """Whether :meth:`play` would be accepted."""
        return self._can(self.verify_play, seat, card)

    def legal_plays(self, seat: int) -> frozenset[Card]:
        """The cards the seat may play now (empty when it is not its turn)."""
        if self.phase is not _PLAYING or seat != self.to_act:
            return frozenset()
        legal = self._legal
        if legal == self._hands[seat]:
            return frozenset(self._hand_sets[seat])
        # Short of the whole hand, the core allows the suit led or, on a
        # restricted lead, the plain cards: both are at hand as sets.
        suits = self._suit_sets[seat]
        if self.trick:
            return frozenset(suits[self._suit_of[self.trick[0][1]]])
        return frozenset(self._hand_sets[seat] - suits[Suit.SPADES])

    def _refresh_legal(self) -> None:
        """Work out the legal cards of the seat to act, by the core's rules."""
        seat = self.to_act
        assert seat is not None
        trick = self.trick
        if trick:
            self._legal = legal_mask(self._core, self._hands[seat], trick[0][1], False)
            return
        restricted = self._may_restrict_lead and is_lead_restricted(
            self.rules, self.trick_index, self.spades_broken
        )
        self._legal = legal_mask(self._core, self._hands[seat], None, restricted)

    def play(self, seat: int, card: Card) -> tuple[Event, ...]:
        """Play a card; completing a trick, a hand or the game emits their events."""
        trick = self.trick
        # The common case decided inline (a legal card, by the mask worked out when
        # the turn came); anything else goes through verify_play, which also gives
        # the reason for a refusal.
        if not (
            seat == self.to_act
            and self.phase is _PLAYING
            and type(card) is Card
            and self._legal >> card & 1
        ):
            self.verify_play(seat, card)
        entry = (seat, card)
        self._log.append(entry)
        self._hands[seat] ^= 1 << card
        self._hand_sets[seat].remove(card)
        self._suit_sets[seat][self._suit_of[card]].remove(card)
        trick.append(entry)
        played = _PLAYED[self.trick_index][seat].get(card)
        if played is None:
            played = _card_played(seat, card, self.trick_index)
        if not self.spades_broken and self._trump_mask >> card & 1:
            self.spades_broken = True
            return self._after_play(seat, [played, SpadesBroken(seat)])
        if len(trick) < self._player_count:
            # The common case, kept short: this path runs a quarter million times a
            # second in the throughput benchmark.
            self.to_act = after = self._next_seat[seat]
            self._legal = legal_mask(self._core, self._hands[after], trick[0][1], False)
            self.events.append(played)
            return (played,)
        return self._after_play(seat, [played])

    def _after_play(self, seat: int, events: list[Event]) -> tuple[Event, ...]:
        if len(self.trick) < self._player_count:
            self.to_act = self._next_seat[seat]
            self._refresh_legal()
            return self._emit(*events)
        winner = self._trick_winner()
        won = TrickWon(winner, self.trick_index, tuple(self.trick))
        events.append(won)
        self.completed_tricks.append(won)
        self.tricks_won[winner] += 1
        self.trick = []
        self.trick_index += 1
        self.to_act = winner
        if self.trick_index == self._trick_count:
            events += self._finish_hand()
        else:
            self._refresh_legal()
        return self._emit(*events)

    def _trick_winner(self) -> int:
        return trick_winner(self._core, self.trick)

    def _finish_hand(self) -> list[Event]:
        bids = [b for b in self.bids if b is not None]
        score = score_hand(self.rules, bids, self.tricks_won, self.totals, self.bags)
        self.history.append(score)
        self.totals = list(score.totals)
        self.bags = list(score.bags)
        self.hands_played += 1
        self.to_act = None
        events: list[Event] = [HandScored(score)]
        if self._check_game_over(score):
            self.phase = Phase.GAME_OVER
            events.append(GameOver(self.winner, tuple(self.totals)))
        else:
            self.phase = Phase.DEALING
            self.dealer = next_seat(self.dealer, self.rules.player_count)
        return events

    def _check_game_over(self, score: HandScore) -> bool:
        rules = self.rules
        if rules.moon is MoonRule.WINS_GAME:
            moon = [s.side for s in score.sides if s.shot_moon]
            if moon:
                self.winner = moon[0]
                return True
        totals = self.totals
        if not is_the_end(rules, totals, self.hands_played):
            return False
        best = max(totals)
        leaders = [side for side, t in enumerate(totals) if t == best]
        if len(leaders) == 1:
            self.winner = leaders[0]
            return True
        if rules.tie_rule is TieRule.DRAW:
            self.is_draw = True
            return True
        return False  # Seed 000: the higher score wins, so play on to break the tie.

    # --- replay ---
    def apply(self, action: Action) -> tuple[Event, ...]:
        """Carry out one logged action."""
        match action:
            case DealAction(hands):
                return self.deal(hands)
            case BidAction(seat, bid):
                return self.bid(seat, bid)
            case PassAction(seat, cards):
                return self.pass_cards(seat, cards)
            case PlayAction(seat, card):
                return self.play(seat, card)
            case RedealAction(seat):
                return self.request_redeal(seat)
        raise TypeError(f"not an action: {action!r}")

    @classmethod
    def replay(
        cls, rules: Rules, actions: Iterable[Action], *, first_dealer: int = 0
    ) -> Game:
        """Rebuild a game from its actions.

        Raises:
            IllegalAction: at the first action the rules refuse.
        """
        game = cls(rules, first_dealer=first_dealer)
        for action in actions:
            game.apply(action)
        return game

    def copy(self) -> Game:
        """An independent game at the same moment (by replay)."""
        return Game.replay(self.rules, self.actions, first_dealer=self.first_dealer)

    # --- helpers ---
    def _emit(self, *events: Event) -> tuple[Event, ...]:
        self.events.extend(events)
        return events

    def _verify_phase(self, phase: Phase) -> None:
        if self.phase is Phase.GAME_OVER:
            raise IllegalAction(Reason.GAME_OVER)
        if self.phase is not phase:
            raise IllegalAction(Reason.WRONG_PHASE, phase=self.phase.value)

    def _verify_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.rules.player_count:
            raise IllegalAction(Reason.NO_SUCH_SEAT, seat=seat)

    def _verify_turn(self, seat: int) -> None:
        self._verify_seat(seat)
        if seat != self.to_act:
            raise IllegalAction(Reason.NOT_YOUR_TURN, to_act=self.to_act)

    @staticmethod
    def _can(verify: object, *args: object) -> bool:
        try:
            verify(*args)  # type: ignore[operator]
        except IllegalAction:
            return False
        return True


_PLAYED: Final[list[list[dict[Card, CardPlayed]]]] = [
    [{} for _ in range(6)] for _ in range(17)
]
"""Every ``CardPlayed`` made so far, by trick index, seat and card.

Events are frozen values, so one instance serves every game: a lookup costs a
fifth of making the event, and this runs for every card played.
"""


def _card_played(seat: int, card: Card, trick_index: int) -> CardPlayed:
    played = CardPlayed(seat, card, trick_index)
    _PLAYED[trick_index][seat][card] = played
    return played


_SUITS: tuple[Suit, ...] = tuple(Suit)
"""Every suit, once: iterating the enum class itself is slow."""


def _buckets(
    cards: Iterable[Card], suit_of: dict[Card, Suit] | None = None
) -> dict[Suit, set[Card]]:
    buckets: dict[Suit, set[Card]] = {suit: set() for suit in _SUITS}
    if suit_of is not None:
        for card in cards:
            buckets[suit_of[card]].add(card)
    return buckets
