"""Levels 4 and 5: look-ahead by sampling the unseen cards (determinized Monte Carlo).

For each decision the bot deals the cards it cannot see to the other seats many times
over, each deal consistent with what it knows: the voids shown in the play, the cards
it passed to its partner, and (level 5) weighted by how well each seat's sampled hand
fits the bid it made. In every sampled deal it tries each candidate card (or bid), plays
the hand out with level 3's policy for all seats in the lean simulator, and scores the
result with the engine's :func:`~audiospades.rules.score_hand`: the value is its side's
points minus the other sides' mean, with a share of the bag penalty charged for each
bag. Level 5 solves the last tricks exactly (each seat maximising its own side's value)
instead of playing them out. The candidate with the best mean value is chosen.

The candidates race (:class:`Race`): from a dozen deals on, one that is clearly worse
than the leader on the same deals is dropped, and the search ends when one is left, so
plain decisions are quick and the samples go to the close ones. Decisions stop at a
time budget (``time.perf_counter``) or a sample limit, whichever comes first; the
sample limit keeps matches reproducible on a fast machine.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from audiospades.bots.bidding import (
    BID_SHORTFALL,
    bid_values,
    expected_tricks,
    nil_chance,
    partner_nil_view,
)
from audiospades.bots.characters import NEUTRAL, Style
from audiospades.bots.heuristic import HeuristicBot
from audiospades.bots.policy import LEVEL_PLAY, PlayParams, choose_card
from audiospades.bots.reasons import HintReason
from audiospades.bots.sim import Sim, sim_from_view
from audiospades.rules import Bid, BidOrder, Card, HandScore, Rules, SeatView, Suit
from audiospades.rules.seats import next_seat, previous_seat

SPADES = Suit.SPADES
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class SearchParams:
    """How hard a search level looks.

    Attributes:
        play_budget: seconds per card, at most.
        bid_budget: seconds per bid, at most.
        play_samples: sampled deals per card, at most.
        bid_samples: sampled deals per bid, at most.
        infer_bids: weight sampled deals by how well they fit the bids made.
        exact_tricks: solve the last this many tricks exactly (0: never).
    """

    play_budget: float
    bid_budget: float
    play_samples: int
    bid_samples: int
    infer_bids: bool
    exact_tricks: int


LEVEL_SEARCH: dict[int, SearchParams] = {
    4: SearchParams(0.25, 0.5, 24, 24, False, 0),
    5: SearchParams(0.8, 1.5, 160, 120, True, 3),
}
"""The search effort of levels 4 and 5."""


class SearchBot(HeuristicBot):
    """A level 4 or 5 player: level 3's judgement checked by look-ahead."""

    def __init__(
        self,
        level: int,
        rng: random.Random,
        style: Style = NEUTRAL,
        *,
        search: SearchParams | None = None,
        timed: bool = True,
    ) -> None:
        """Play at ``level`` (4 or 5) in ``style``.

        Args:
            level: 4 or 5.
            rng: randomness for sampling deals.
            style: how it bids and defends.
            search: the search effort, if not the level's (tests use a small one).
            timed: stop at the time budget as well as the sample limit; without
                it every decision is the same on any machine, busy or not.

        Raises:
            ValueError: if ``level`` is not 4 or 5.
        """
        if level not in (4, 5):
            raise ValueError(f"no search level {level}")
        super().__init__(3, rng, style)
        self.level = level
        self.search = search if search is not None else LEVEL_SEARCH[level]
        self.rollout = PlayParams(setting=style.setting)
        self.timed = timed

    # --- play ---
    def play_with_reason(self, view: SeatView) -> tuple[Card, HintReason]:
        """The card with the best sampled value, and the reason for it."""
        legal = sorted(view.legal_plays, key=lambda c: c.index)
        if len(legal) == 1:
            return legal[0], HintReason.ONLY_CARD
        base = sim_from_view(view)
        heuristic, reason = choose_card(base, view.seat, legal, LEVEL_PLAY[3])
        candidates = distinct_cards(base, view.seat, legal)
        if len(candidates) == 1:
            card = candidates[0]
            return card, reason if card is heuristic else classify(base, view, card)
        card = self._search_play(view, base, candidates, heuristic)
        if card is heuristic:
            return card, reason
        return card, classify(base, view, card)

    def _search_play(
        self, view: SeatView, base: Sim, candidates: list[Card], heuristic: Card
    ) -> Card:
        params = self.search
        deadline = time.perf_counter() + params.play_budget
        race = Race(candidates, heuristic)
        seat = view.seat
        sampler = DealSampler(view, base, self.rng, params.infer_bids)
        exact = params.exact_tricks and base.tricks_left <= _exact_limit(
            params.exact_tricks, base.n
        )
        while self._more(race, params.play_samples, deadline):
            hands = sampler.sample()
            values = []
            for card in race.live:
                sim = base.copy()
                sim.hands = [set(h) for h in hands]
                sim.play(card)
                values.append(
                    solve(sim, seat, {}) if exact else self._rollout(sim, seat)
                )
            race.add(values)
        # Ties (and near ties) go to the heuristic's card: it explains itself better.
        return race.choice(0.5)

    def _more(self, race: Race[Any], limit: int, deadline: float) -> bool:
        """Whether to sample another deal.

        Yes while the race is open and the sample limit not reached, unless timed
        and, after four deals, the time budget is spent.
        """
        if race.decided or race.samples >= limit:
            return False
        return not (self.timed and race.samples >= 4 and time.perf_counter() > deadline)

    def _rollout(self, sim: Sim, seat: int) -> float:
        params = self.rollout
        while not sim.is_over:
            actor = sim.to_act
            legal = sim.legal(actor)
            card = (
                legal[0]
                if len(legal) == 1
                else choose_card(sim, actor, legal, params)[0]
            )
            sim.play(card)
        return self._value(sim, seat)

    def _value(self, sim: Sim, seat: int) -> float:
        """What a hand played out is worth to ``seat``'s side."""
        return side_value(sim.score(), sim.rules, sim.sides[seat])

    # --- bidding ---
    def bid_with_reason(self, view: SeatView) -> tuple[Bid, HintReason, float]:
        """The bid with the best sampled value, the reason, and the hand's count."""
        view = partner_nil_view(view)
        bid, reason, est = super().bid_with_reason(view)
        legal = [b for b in view.legal_bids if not b.blind]
        if len(legal) <= 1:
            return bid, reason, est
        rules = view.rules
        p_nil = nil_chance(view.hand, rules, view.partner is not None)
        values = bid_values(view, expected_tricks(view.hand, rules), p_nil)
        ranked = sorted(values, key=lambda b: -values[b])
        candidates = [b for b in ranked if not b.is_nil][:3]
        if bid not in candidates:
            candidates.append(bid)
        nil = next((b for b in legal if b.is_nil), None)
        if nil is not None and nil not in candidates and p_nil > 0.25:
            candidates.append(nil)
        if len(candidates) == 1:
            return bid, reason, est
        chosen = self._search_bid(view, candidates, bid)
        if chosen == bid:
            return bid, reason, est
        if chosen.is_nil:
            return chosen, HintReason.NIL_HAND, est
        return chosen, HintReason.COUNT_SURE_TRICKS, est

    def _search_bid(self, view: SeatView, candidates: list[Bid], heuristic: Bid) -> Bid:
        params = self.search
        deadline = time.perf_counter() + params.bid_budget
        rules = view.rules
        seat = view.seat
        n = rules.player_count
        base = sim_from_view(view)
        base.trick_index = 0
        base.to_act = _first_leader(view)
        sampler = DealSampler(view, base, self.rng, params.infer_bids)
        race = Race(candidates, heuristic)
        while self._more(race, params.bid_samples, deadline):
            hands = sampler.sample()
            bids: list[Bid | None] = list(view.bids)
            for other in range(n):
                if other != seat and bids[other] is None:
                    bids[other] = guess_bid(hands[other], rules)
            values = []
            for bid in race.live:
                sim = base.copy()
                sim.hands = [set(h) for h in hands]
                sim.bids = list(bids)
                sim.bids[seat] = bid
                values.append(self._rollout(sim, seat))
            race.add(values)
        return race.choice(1.0)


class Race(Generic[T]):
    """Candidates compared on the same sampled deals, the clearly worse dropped early.

    Every live candidate is scored on each sampled deal, so two candidates' values on
    a deal differ only by the choice (common random numbers). From :data:`RACE_FROM`
    deals on, every :data:`RACE_EVERY` deals, a candidate is dropped when the leader
    beats it by more than :data:`RACE_Z` standard errors of their paired differences,
    or when it has scored exactly the same as the leader on every deal so far (the two
    are the same play in effect). The search stops when one candidate is left: most
    decisions are plain, and the samples go to the close ones.
    """

    def __init__(self, candidates: list[T], preferred: T) -> None:
        """Race ``candidates``; ``preferred`` (the heuristic's) wins ties."""
        self.live = list(candidates)
        self.preferred = preferred
        self.values: dict[T, list[float]] = {c: [] for c in candidates}
        self.samples = 0

    @property
    def decided(self) -> bool:
        """Whether one candidate is left."""
        return len(self.live) == 1

    def add(self, values: list[float]) -> None:
        """Record one deal's values, in the order of :attr:`live`."""
        for candidate, value in zip(self.live, values, strict=True):
            self.values[candidate].append(value)
        self.samples += 1
        if self.samples >= RACE_FROM and self.samples % RACE_EVERY == 0:
            self._prune()

    def _mean(self, candidate: T) -> float:
        values = self.values[candidate]
        return sum(values) / len(values) if values else -math.inf

    def _leader(self) -> T:
        """The live candidate with the best mean (the preferred one on a tie)."""
        return max(self.live, key=lambda c: (self._mean(c), c == self.preferred))

    def _prune(self) -> None:
        leader = self._leader()
        top = self.values[leader]
        kept = []
        for candidate in self.live:
            if candidate == leader:
                kept.append(candidate)
                continue
            diffs = [a - b for a, b in zip(top, self.values[candidate], strict=True)]
            k = len(diffs)
            mean = sum(diffs) / k
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (k - 1))
            same = not any(diffs) and candidate != self.preferred
            if same or mean > RACE_Z * spread / math.sqrt(k):
                continue
            kept.append(candidate)
        self.live = kept

    def choice(self, margin: float) -> T:
        """The best candidate by mean value.

        The preferred candidate is kept unless the best beats it by more than
        ``margin`` points a deal.
        """
        best = self._leader()
        if self.preferred in self.live and (
            self._mean(best) - self._mean(self.preferred) < margin
        ):
            return self.preferred
        return best


RACE_FROM = 12
"""Deals sampled before any candidate may be dropped."""
RACE_EVERY = 4
"""Deals between two looks at the race."""
RACE_Z = 2.5
"""How many standard errors behind the leader a dropped candidate must be."""


def _exact_limit(tricks: int, n: int) -> int:
    return tricks if n <= 4 else min(tricks, 2)


def _first_leader(view: SeatView) -> int:
    n = view.rules.player_count
    if view.rules.bid_order is BidOrder.DEALERS_RIGHT:
        return previous_seat(view.dealer, n)
    return next_seat(view.dealer, n)


def guess_bid(hand: set[Card], rules: Rules) -> Bid:
    """What another seat would bid on a sampled hand (for the bidding look-ahead)."""
    est = expected_tricks(hand, rules)
    if rules.nil_allowed and est < 2.0 and nil_chance(hand, rules, False) > 0.55:
        return Bid(0)
    return Bid(min(rules.trick_count, max(1, round(est - BID_SHORTFALL))))


def side_value(score: HandScore, rules: Rules, side: int) -> float:
    """A side's points minus the other sides' mean, each side charged for its bags.

    A bag is charged half its share of the bag penalty (5 points under pagat's 100 per
    10) unless this hand already took the penalty for it.
    """
    per_bag = 0.5 * rules.bag_penalty / rules.bags_per_penalty
    values = []
    for s in score.sides:
        added = s.overtricks + s.nil_bags
        leftover = s.bags_after if s.bag_penalty_count else added
        values.append(s.points - per_bag * leftover)
    mine = values[side]
    others = [v for i, v in enumerate(values) if i != side]
    return mine - (sum(others) / len(others) if others else 0.0)


def distinct_cards(sim: Sim, seat: int, legal: list[Card]) -> list[Card]:
    """The legal cards that differ in effect.

    Of touching cards (no unplayed card of another seat between them) only the lowest
    is kept: playing either has the same effect.
    """
    suit_of = sim.table.suit_of
    power = sim.table.power
    hand = sim.hands[seat]
    others = [c for c in sim.remaining if c not in hand]
    others += [c for _, c in sim.trick]  # A card in the trick can split a run too.
    kept: list[Card] = []
    by_suit: dict[Suit, list[Card]] = {}
    for card in legal:
        by_suit.setdefault(suit_of[card], []).append(card)
    for suit, cards in by_suit.items():
        cards.sort(key=power.__getitem__)
        outside = sorted(power[c] for c in others if suit_of[c] is suit)
        previous: Card | None = None
        for card in cards:
            if previous is not None and not any(
                power[previous] < p < power[card] for p in outside
            ):
                continue  # Touches the card kept below it.
            kept.append(card)
            previous = card
        # A card that touches the one kept is skipped; ``previous`` stays the kept
        # one so a run of touching cards collapses to its lowest.
    return kept


class DealSampler:
    """Deals the unseen cards to the other seats, consistent with what is known."""

    def __init__(
        self, view: SeatView, base: Sim, rng: random.Random, infer_bids: bool
    ) -> None:
        """Prepare to sample deals from ``view``'s seat's knowledge.

        Args:
            view: the seat's view.
            base: the position built from it (known cards, voids).
            rng: randomness.
            infer_bids: weight deals by how well they fit the bids made.
        """
        self.rng = rng
        self.seat = view.seat
        self.n = base.n
        self.rules = base.rules
        self.suit_of = base.table.suit_of
        self.known = [set(h) for h in base.hands]
        known_all = set().union(*self.known)
        self.unknown = [c for c in base.remaining if c not in known_all]
        self.unknown.sort(key=lambda c: c.index)  # Reproducible whatever set order.
        self.need = [
            view.hand_sizes[s] - len(self.known[s]) if s != view.seat else 0
            for s in range(self.n)
        ]
        takers = [s for s in range(self.n) if self.need[s] > 0]
        shown = {suit for s in takers for suit in base.voids[s]}
        self.allowed: dict[Suit, list[int]] = {
            suit: [s for s in takers if suit not in base.voids[s]] for suit in shown
        }
        """The seats that may hold a suit, for each suit some seat has shown void in."""
        self.played: list[list[Card]] = [[] for _ in range(self.n)]
        for won in view.completed_tricks:
            for s, c in won.cards:
                self.played[s].append(c)
        for s, c in view.trick:
            self.played[s].append(c)
        self.bids = view.bids
        self.infer = infer_bids and any(
            b is not None for i, b in enumerate(view.bids) if i != view.seat
        )

    def sample(self) -> list[set[Card]]:
        """One deal: every seat's current cards (this seat's are its own)."""
        if not self.infer:
            return self._one()
        # Draw a few and keep one in proportion to how well it fits the bids.
        draws = [self._one() for _ in range(4)]
        weights = [self._fit(d) for d in draws]
        total = sum(weights)
        if total <= 0:
            return draws[0]
        pick = self.rng.random() * total
        for deal, weight in zip(draws, weights, strict=True):
            pick -= weight
            if pick <= 0:
                return deal
        return draws[-1]

    def _fit(self, deal: list[set[Card]]) -> float:
        weight = 1.0
        for s in range(self.n):
            bid = self.bids[s]
            if s == self.seat or bid is None:
                continue
            dealt = deal[s].union(self.played[s])
            if bid.blind:
                continue
            if bid.is_nil:
                weight *= 0.2 + nil_chance(dealt, self.rules, False)
            else:
                est = expected_tricks(dealt, self.rules) - BID_SHORTFALL
                weight *= math.exp(-((est - bid.tricks) ** 2) / 4.5)
        return weight

    def _one(self) -> list[set[Card]]:
        rng = self.rng
        for _ in range(20):
            deal = self._try(rng, respect_voids=True)
            if deal is not None:
                return deal
        deal = self._try(rng, respect_voids=False)
        if deal is not None:
            return deal
        # Unreachable with a consistent view; never let a bot crash on one.
        hands = [set(k) for k in self.known]
        cards = list(self.unknown)
        rng.shuffle(cards)
        for seat in range(self.n):
            while len(hands[seat]) - len(self.known[seat]) < self.need[seat] and cards:
                hands[seat].add(cards.pop())
        return hands

    def _try(self, rng: random.Random, respect_voids: bool) -> list[set[Card]] | None:
        """Deal the unseen cards at random; None if the voids left a card nowhere.

        Cards of a suit some seat has shown void in go first, the most constrained
        first, each to a seat that may hold it in proportion to its room; the rest
        fill the remaining room in shuffled order. Both give every consistent deal
        the same chance.
        """
        hands = [set(k) for k in self.known]
        room = list(self.need)
        cards = list(self.unknown)
        rng.shuffle(cards)
        if respect_voids:
            allowed = self.allowed
            suit_of = self.suit_of
            constrained = [c for c in cards if suit_of[c] in allowed]
            if constrained:
                constrained.sort(key=lambda c: len(allowed[suit_of[c]]))
                for card in constrained:
                    where = [s for s in allowed[suit_of[card]] if room[s] > 0]
                    if not where:
                        return None
                    chosen = rng.choices(where, [room[s] for s in where])[0]
                    hands[chosen].add(card)
                    room[chosen] -= 1
                cards = [c for c in cards if suit_of[c] not in allowed]
        start = 0
        for seat in range(self.n):
            if room[seat] > 0:
                hands[seat].update(cards[start : start + room[seat]])
                start += room[seat]
        return hands


def solve(sim: Sim, seat: int, cache: dict[tuple[int, ...], list[float]]) -> float:
    """The exact value for ``seat``'s side of the rest of the hand.

    Every seat plays to maximise its own side's value, all cards known (one sampled
    deal); ``cache`` keeps the value of each final trick count.
    """
    values = _solve(sim, cache)
    return values[sim.sides[seat]]


def _solve(sim: Sim, cache: dict[tuple[int, ...], list[float]]) -> list[float]:
    if sim.is_over:
        key = tuple(sim.tricks_won)
        found = cache.get(key)
        if found is None:
            score = sim.score()
            found = [side_value(score, sim.rules, s) for s in range(len(score.sides))]
            cache[key] = found
        return found
    actor = sim.to_act
    side = sim.sides[actor]
    legal = distinct_cards(sim, actor, sim.legal(actor))
    best: list[float] | None = None
    for card in legal:
        child = _child(sim, card)
        values = _solve(child, cache)
        if best is None or values[side] > best[side]:
            best = values
    assert best is not None
    return best


def _child(sim: Sim, card: Card) -> Sim:
    child = sim.copy()
    child.play(card)
    return child


def classify(sim: Sim, view: SeatView, card: Card) -> HintReason:
    """Name the reason for a card the search chose (the presenter words it)."""
    table = sim.table
    suit_of = table.suit_of
    power = table.power
    if not view.trick:
        return (
            HintReason.LEAD_WINNER
            if _is_top(sim, view.seat, card)
            else (HintReason.LEAD_SAFE)
        )
    led = suit_of[view.trick[0][1]]
    best = max(
        (
            power[c] if suit_of[c] is SPADES or suit_of[c] is led else -1
            for _, c in view.trick
        )
    )
    suit = suit_of[card]
    value = power[card] if suit is SPADES or suit is led else -1
    if value > best:
        if suit is SPADES and led is not SPADES:
            return HintReason.TRUMP_IN
        last = len(view.trick) == sim.n - 1
        if last or (suit is led and _is_top(sim, view.seat, card) and led is SPADES):
            return HintReason.WINS_TRICK
        # Later players may still beat it: say so with "should", not "wins".
        return HintReason.LEAD_WINNER
    if suit is not led:
        return HintReason.DISCARD_LOSER
    # The words must be true: "the highest card that still loses" only when no
    # higher card of the suit would lose too, "follow low" only for the lowest.
    losers = [c for c in view.legal_plays if suit_of[c] is led and power[c] <= best]
    if all(power[c] <= power[card] for c in losers) and len(losers) > 1:
        return HintReason.DUCK_UNDER
    if all(power[c] >= power[card] for c in view.legal_plays):
        return HintReason.FOLLOW_LOW
    return HintReason.BEST_OUTCOME


def _is_top(sim: Sim, seat: int, card: Card) -> bool:
    suit_of = sim.table.suit_of
    power = sim.table.power
    hand = sim.hands[seat]
    return not any(
        suit_of[c] is suit_of[card] and power[c] > power[card] and c not in hand
        for c in sim.remaining
    )
