"""Hand evaluation and bid choice for the heuristic levels.

:func:`estimate_tricks` counts a hand's likely tricks: sure tricks (aces, protected
kings and queens), trump honours and length, and ruffs (voids and singletons with spare
trumps). :func:`nil_chance` judges how likely a nil is to survive. :func:`bid_values`
turns both into the expected score of every legal bid, through the engine's
:func:`~audiospades.rules.score_hand`, so bags, bag penalties, nil values and every
scoring variant count exactly as the rules say.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache

from audiospades.rules import Bid, Card, Rank, Rules, SeatView, Suit, score_hand
from audiospades.rules.cards import PLAIN_SUITS
from audiospades.rules.deck import card_table
from audiospades.rules.seats import side_seats

SPADES = Suit.SPADES


def estimate_tricks(hand: Iterable[Card], rules: Rules) -> float:
    """The tricks a hand should take on its own, as a sound player counts them."""
    table = card_table(rules)
    suit_of = table.suit_of
    by_suit: dict[Suit, list[Card]] = {s: [] for s in PLAIN_SUITS}
    for card in hand:
        by_suit[suit_of[card]].append(card)
    n = rules.player_count
    crowded = 0.8 if n >= 5 else 1.0  # More players: side honours get ruffed sooner.
    total = 0.0
    short = 0.0
    for suit in PLAIN_SUITS:
        if suit is SPADES:
            continue
        cards = sorted(by_suit[suit], key=table.power.__getitem__, reverse=True)
        k = len(cards)
        ranks = {c.rank for c in cards}
        long_factor = 0.75 if k >= 5 else 1.0
        if Rank.ACE in ranks:
            total += 0.95 if k <= 5 else 0.75
        if Rank.KING in ranks:
            if k == 1:
                total += 0.2
            else:
                value = 0.85 if Rank.ACE in ranks else 0.7
                total += value * long_factor * crowded
        if Rank.QUEEN in ranks and k >= 3:
            honours = (Rank.ACE in ranks) + (Rank.KING in ranks)
            total += (0.25, 0.45, 0.6)[honours] * long_factor * crowded
        short += max(0.0, 2.0 - k) if k < 2 else (0.4 if k == 2 else 0.0)
    trumps = table.trumps
    mine = sorted(by_suit[SPADES], key=trumps.index)
    length = len(mine)
    honour_tricks = 0.0
    honours = 0
    for i, card in enumerate(mine):
        higher_out = trumps.index(card) - i
        lower_mine = length - i - 1
        if higher_out == 0:
            honour_tricks += 1.0
            honours += 1
        elif higher_out <= lower_mine:
            honour_tricks += max(0.3, 0.85 - 0.2 * higher_out)
            honours += 1
    long_trumps = max(0, length - max(3, honours)) * 0.8
    spare = max(0, length - honours - (1 if length > 3 else 0))
    ruffs = min(float(spare), short) * 0.7
    return total + honour_tricks + long_trumps + ruffs


def nil_chance(hand: Iterable[Card], rules: Rules, has_partner: bool) -> float:
    """The chance a nil on this hand survives (a rough, monotone judgement)."""
    table = card_table(rules)
    suit_of = table.suit_of
    trumps = table.trumps
    by_suit: dict[Suit, list[Card]] = {s: [] for s in PLAIN_SUITS}
    for card in hand:
        by_suit[suit_of[card]].append(card)
    spades = by_suit[SPADES]
    if trumps[0] in spades:
        return 0.0  # The top trump wins whatever trick it is played to.
    p = 1.0
    for card in spades:
        from_top = trumps.index(card) / max(1, len(trumps) - 1)  # 0 top ... 1 bottom
        fail = 0.95 if from_top < 0.16 else max(0.03, 0.75 * (1 - from_top) ** 1.6)
        p *= 1 - fail
    if len(spades) > 3:
        p *= 0.55 ** (len(spades) - 3)
    for suit in PLAIN_SUITS:
        if suit is SPADES:
            continue
        cards = sorted(by_suit[suit], key=table.power.__getitem__)
        for cover, card in enumerate(cards):
            fail = (int(card.rank) - 7 - 2.5 * cover) / 7
            if card.rank is Rank.ACE and len(cards) <= 3:
                fail = max(fail, 0.9)
            p *= 1 - min(0.95, max(0.0, fail))
    if has_partner:
        p += (1 - p) * 0.3  # A partner who covers saves some of the close calls.
    return p


@lru_cache(maxsize=256)
def _spread(mean: float, sd: float, top: int) -> tuple[tuple[int, float], ...]:
    """A discrete, roughly normal distribution of trick counts in ``0 .. top``."""
    weights = [math.exp(-((k - mean) ** 2) / (2 * sd * sd)) for k in range(top + 1)]
    total = sum(weights)
    return tuple((k, w / total) for k, w in enumerate(weights) if w / total > 0.005)


def bid_values(
    view: SeatView,
    estimate: float,
    p_nil: float,
    *,
    nil_bonus: float = 0.0,
    partner_estimate: float | None = None,
    calibrate: bool = True,
    bag_charge: float = 0.8,
) -> dict[Bid, float]:
    """The expected points for this seat's side of each legal bid.

    Args:
        view: the bidder's view (bids so far, scores, bags).
        estimate: the tricks this hand should take.
        p_nil: the chance a nil would survive.
        nil_bonus: a style's extra liking (or dislike) for nil, in points.
        partner_estimate: the partner's expected tricks when the partner has not bid.
        calibrate: pull the count towards the table's average, as play shows it
            should be (a weak hand takes more than it counts, a strong one less).
        bag_charge: the share of the bag penalty charged to each bag.

    Returns:
        Each legal bid (blind nil excluded: that is decided unseen) and its value.
    """
    rules = view.rules
    n = rules.player_count
    seat = view.seat
    partner = view.partner
    side = view.side
    top = rules.trick_count
    partner_bid: Bid | None = None
    partner_dist: tuple[tuple[int, float], ...] = ((0, 1.0),)
    if partner is not None:
        partner_bid = view.bids[partner]
        if partner_bid is None:
            mean = (
                partner_estimate
                if partner_estimate is not None
                else max(0.0, (top - estimate) / (n - 1))
            )
            partner_bid = Bid(max(0, round(mean)))
            partner_dist = _spread(mean, 1.4, top)
        elif not partner_bid.is_nil:
            partner_dist = _spread(partner_bid.tricks + 0.2, 1.1, top)
    bag_cost = bag_charge * rules.bag_penalty / rules.bags_per_penalty
    if calibrate:
        # Fitted on level-3 play (4 players, 300 hands): tricks taken average
        # est + 0.35 * (tricks per seat - est) + 0.3, residual deviation 1.2.
        estimate += 0.35 * (top / n - estimate) + 0.3
    side_seat_list = side_seats(side, n, rules.partnerships)
    filler = Bid(1)

    def side_value(bids_mine: Bid, my_tricks: int, partner_tricks: int) -> float:
        bids = [filler] * n
        tricks = [1] * n
        bids[seat] = bids_mine
        tricks[seat] = my_tricks
        if partner is not None and partner_bid is not None:
            bids[partner] = partner_bid
            tricks[partner] = partner_tricks
        for s in side_seat_list:
            if s not in (seat, partner):
                bids[s] = filler
        score = score_hand(rules, bids, tricks, view.totals, view.bags).sides[side]
        added = score.overtricks + score.nil_bags
        leftover = score.bags_after if score.bag_penalty_count else added
        return score.points - bag_cost * leftover

    mine = _spread(estimate, 1.0 + 0.06 * estimate, top)
    sums: dict[int, float] = {}
    for mt, mp in mine:
        for pt, pp in partner_dist:
            if mt + pt <= top:
                sums[mt + pt] = sums.get(mt + pt, 0.0) + mp * pp
    norm = sum(sums.values()) or 1.0
    side_dist = [(k, p / norm) for k, p in sums.items() if p / norm > 0.003]
    values: dict[Bid, float] = {}
    for bid in view.legal_bids:
        if bid.blind:
            continue
        total = 0.0
        if bid.is_nil:
            for pt, pp in partner_dist:
                ok = side_value(bid, 0, pt)
                bust = side_value(bid, 1, pt)
                total += pp * (p_nil * ok + (1 - p_nil) * bust)
            values[bid] = total + nil_bonus
            continue
        if bid.tricks > estimate + 5 or bid.tricks < estimate - 4:
            values[bid] = -1000.0 - abs(bid.tricks - estimate)
            continue
        for st, sp in side_dist:
            # Only the side's total matters when neither partner bid nil.
            mt = min(st, top)
            total += sp * side_value(bid, mt, st - mt)
        values[bid] = total
    return values


def closest_bid(legal: Sequence[Bid], target: float) -> Bid:
    """The legal (not blind) bid nearest ``target`` tricks, the lower on a tie."""
    pool = [b for b in legal if not b.blind] or list(legal)
    return min(pool, key=lambda b: (abs(b.tricks - target), b.tricks))
