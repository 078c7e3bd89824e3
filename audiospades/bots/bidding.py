"""Hand evaluation and bid choice for the heuristic levels.

:func:`estimate_tricks` counts a hand's likely tricks: sure tricks (aces, protected
kings and queens), trump honours and length, and ruffs (voids and singletons with spare
trumps); :func:`expected_tricks` turns that count into the tricks the hand takes at
this table's shape. :func:`nil_chance` judges how likely a nil is to survive, and
:func:`blind_nil_odds` how likely an unseen one is at this table. :func:`bid_values`
turns them into the expected score of every legal bid, through the engine's
:func:`~audiospades.rules.score_hand`, so bags, bag penalties, nil values and every
scoring variant count exactly as the rules say.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache

from audiospades.rules import Bid, Card, Rank, Rules, SeatView, Suit, score_hand
from audiospades.rules.cards import PLAIN_SUITS
from audiospades.rules.deck import card_table, shuffled_deal
from audiospades.rules.options import BiddingStyle, TrumpMode
from audiospades.rules.seats import partner_of, side_seats

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


SHAPE_FIT: dict[tuple[int, bool], tuple[float, float]] = {
    (3, False): (1.453, 1.033),
    (4, True): (0.988, 0.897),
    (4, False): (0.717, 0.898),
    (5, False): (0.283, 0.767),
    (6, False): (-0.038, 0.709),
    (6, True): (-0.179, 0.869),
}
"""Tricks taken by level-3 seats against their count, per (players, partnerships).

``tricks = intercept + slope * count``, fitted by least squares on 600 hands of
level-3 play per shape, the players bidding by this line's previous fit
(``benchmarks/bid_calibration.py --hands 600 --seed 2``; residual spread 0.9 to 1.2
tricks a seat): a count made
for 13-card hands at four players undercounts 17-card hands at three (long suits and
queens make tricks) and overcounts 8-card hands at six (side aces get ruffed).
"""


BID_SHORTFALL = 0.7
"""How far under its expected tricks a level-3 seat bids, on average.

Bidding for the best expected score, a seat leaves room for a set's cost: 0.71 of a
trick at four players in partnership and 0.82 at three (the selfplay reports in
``benchmarks/results/issue14``). The look-ahead reads other seats' bids with it.
"""


def expected_tricks(hand: Iterable[Card], rules: Rules) -> float:
    """The tricks a level-3 seat holding ``hand`` takes on average at this table.

    The count of :func:`estimate_tricks` through the table shape's fitted line
    (:data:`SHAPE_FIT`), never below zero nor above the tricks in a hand.
    """
    est = estimate_tricks(hand, rules)
    fitted = SHAPE_FIT.get((rules.player_count, rules.partnerships))
    if fitted is None:  # pragma: no cover - every legal shape is fitted
        top = rules.trick_count
        return est + 0.35 * (top / rules.player_count - est) + 0.3
    intercept, slope = fitted
    tricks = intercept + slope * est
    if rules.trump_mode is not TrumpMode.NORMAL:
        tricks *= _trump_mode_scale(rules)
    return min(float(rules.trick_count), max(0.0, tricks))


@lru_cache(maxsize=32)
def _trump_mode_scale(rules: Rules) -> float:
    """What brings the count under extra trumps back to the tricks there are.

    :data:`SHAPE_FIT` was fitted with the thirteen spades as trumps. Jokers or deuces
    make more cards count as trumps, so every hand counts more, yet the table still
    shares the same tricks: over random deals the fitted counts must add up to them
    as they do under normal trumps. Without this, every seat overbid and games with
    deuces seldom ended.
    """
    normal = dataclasses.replace(rules, trump_mode=TrumpMode.NORMAL)
    rng = random.Random(20261124)
    total = {id(rules): 0.0, id(normal): 0.0}
    for table_rules in (rules, normal):
        fitted = SHAPE_FIT.get(_shape(table_rules), (0.0, 1.0))
        for _ in range(EXPECTED_SCALE_DEALS):
            for hand in shuffled_deal(table_rules, rng):
                est = estimate_tricks(hand, table_rules)
                total[id(table_rules)] += max(0.0, fitted[0] + fitted[1] * est)
    mine = total[id(rules)]
    return total[id(normal)] / mine if mine else 1.0


EXPECTED_SCALE_DEALS = 60
"""Random deals behind :func:`_trump_mode_scale` (a fixed seed)."""


BLIND_NIL_EXPONENT: dict[tuple[int, bool], float] = {
    (3, False): 2.1,
    (4, True): 0.40,
    (4, False): 1.28,
    (5, False): 0.72,
    (6, False): 0.53,
    (6, True): 0.13,
}
"""The power that turns the nil judgement of random hands into blind nil survival.

Fitted so the mean over random hands (after the exchange) matches how often a blind
nil survived under level-3 play, 300 forced blind nils per shape
(``benchmarks/blind_nil_odds.py --hands 300``): 1% at three players, 6% at four and
16% at five each for themselves, 26% at six each for themselves; the two shapes
with an exchange refitted to 2,000 each (``--hands 2000 --shapes 4p,6p``) once the
pass kept its low trumps (:data:`NIL_PASS_TRUMP_DANGER`): 74% at four in
partnership and 94% at six in partnerships. Above 1 the judgement is too hopeful
for the shape (17-card hands at three players), below 1 too gloomy: with more
players a low card has more cards to hide under, and a covering partner saves more
than :func:`nil_chance` credits it with.
"""


def _shape(rules: Rules) -> tuple[int, bool]:
    return (rules.player_count, rules.partnerships)


def nil_chance(hand: Iterable[Card], rules: Rules, has_partner: bool) -> float:
    """The chance a nil on this hand survives (a rough, monotone judgement).

    Every card is judged by how likely it is to be forced to win a trick, so a
    longer hand (17 cards at three players) has more ways to fail.
    """
    return _raw_nil_chance(hand, rules, has_partner)


def _raw_nil_chance(hand: Iterable[Card], rules: Rules, has_partner: bool) -> float:
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
            if card.rank is Rank.ACE:
                # An ace never ducks: short, it is caught at once; long, it must
                # still win when the suit is led for the last time or ruffed low.
                fail = max(fail, 0.9 if len(cards) <= 3 else 0.6)
            elif card.rank is Rank.KING:
                fail = max(fail, 0.25)
            p *= 1 - min(0.95, max(0.0, fail))
    if has_partner:
        # A partner who covers saves some of the close calls, not a hopeless hand.
        p += 0.3 * p * (1 - p)
    return p


NIL_PASS_TRUMP_DANGER = 4
"""How many ranks a trump counts above a plain card of its rank when a blind nil
chooses what to pass: a king of spades goes before an ace of hearts, the ace of
hearts before a 9 of spades. Ranking every trump above every plain card (passing
a 5 of spades and keeping that ace) let fewer blind nils survive: over the same
4,000 forced blind nils per shape under level-3 play
(``benchmarks/nil_pass_order.py``), 67.5% survived at four players in partnership
and 92.6% at six in partnerships, against 72.6% and 94.1% with this count (3 gave
73.2% and 93.2%), and the side scored 19.4 points a blind nil hand more at four
players [15.5, 23.3] and 4.9 more at six [2.0, 7.7] (paired, 95%)."""


def nil_pass_order(cards: Iterable[Card], rules: Rules) -> list[Card]:
    """``cards`` most likely to take a trick first: what a blind nil passes.

    Plain cards by rank, trumps by theirs raised by :data:`NIL_PASS_TRUMP_DANGER`
    (and added trumps, jokers or deuces, above the ace of spades); ties go to the
    card with more power.
    """
    power = card_table(rules).power

    def danger(card: Card) -> tuple[int, int]:
        value = power[card]
        # Trumps have power 100 and up by their order (the lowest at 100).
        rank = value - 100 + 2 + NIL_PASS_TRUMP_DANGER if value >= 100 else value
        return rank, value

    return sorted(cards, key=danger, reverse=True)


BLIND_NIL_SAMPLES = 240
"""Random deals behind :func:`blind_nil_odds` (a fixed seed: the same every run)."""


def blind_nil_odds(rules: Rules) -> float:
    """The chance a blind nil survives at this table, judged before the deal.

    The mean of the nil judgement over random hands of this table's size, after the
    exchange the rules allow (the blind nil passes its highest cards, its partner
    returns its lowest plain ones), fitted to each shape by
    :data:`BLIND_NIL_EXPONENT` (an unseen hand is no chosen nil); variants such as
    jokers or deuces change it through the deck. It is what sets 17-card hands at
    three players (about 1 in 100 survive) apart from 13-card hands beside a
    covering partner (about 3 in 5); ``benchmarks/blind_nil_odds.py`` compares it
    with the rate level-3 play gives.
    """
    return _unseen_nil_odds(rules, exchange=True)


def forced_nil_odds(rules: Rules) -> float:
    """The chance a nil survives on a hand nobody chose for it (suicide's forced nil).

    As :func:`blind_nil_odds`, without the exchange.
    """
    return _unseen_nil_odds(rules, exchange=False)


@lru_cache(maxsize=64)
def _unseen_nil_odds(rules: Rules, exchange: bool) -> float:
    table = card_table(rules)
    power = table.power
    suit_of = table.suit_of
    n = rules.player_count
    partner = partner_of(0, n, rules.partnerships)
    give = rules.blind_nil_pass if partner is not None and exchange else 0
    rng = random.Random(20261124)
    total = 0.0
    for _ in range(BLIND_NIL_SAMPLES):
        hands = shuffled_deal(rules, rng)
        mine = nil_pass_order(hands[0], rules)
        if give and partner is not None:
            theirs = sorted(
                hands[partner], key=lambda c: (suit_of[c] is SPADES, power[c])
            )
            mine = mine[give:] + theirs[:give]
        raw = _raw_nil_chance(mine, rules, partner is not None)
        total += raw ** BLIND_NIL_EXPONENT.get(_shape(rules), 2.3)
    return total / BLIND_NIL_SAMPLES


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
    bag_charge: float = 0.8,
    only: Collection[Bid] | None = None,
) -> dict[Bid, float]:
    """The expected points for this seat's side of each legal bid.

    Args:
        view: the bidder's view (bids so far, scores, bags).
        estimate: the tricks this hand should take (:func:`expected_tricks`).
        p_nil: the chance a nil would survive.
        nil_bonus: a style's extra liking (or dislike) for nil, in points.
        partner_estimate: the partner's expected tricks when the partner has not bid.
        bag_charge: the share of the bag penalty charged to each bag.
        only: the bids to value (None: every legal bid).

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
    # Suicide (seed 004): one partner of each side must bid nil, so a number bid
    # first forces the partner's nil, on whatever hand it holds.
    forces_nil = (
        rules.bidding_style is BiddingStyle.SUICIDE
        and partner is not None
        and view.bids[partner] is None
    )
    bag_cost = bag_charge * rules.bag_penalty / rules.bags_per_penalty
    side_seat_list = side_seats(side, n, rules.partnerships)
    filler = Bid(1)

    def side_value(
        bids_mine: Bid, my_tricks: int, partner_tricks: int, their: Bid | None = None
    ) -> float:
        bids = [filler] * n
        tricks = [1] * n
        bids[seat] = bids_mine
        tricks[seat] = my_tricks
        partner_call = their if their is not None else partner_bid
        if partner is not None and partner_call is not None:
            bids[partner] = partner_call
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
    numbers = sum(1 for b in view.legal_bids if not b.is_nil)
    for bid in view.legal_bids:
        if bid.blind or (only is not None and bid not in only):
            continue
        total = 0.0
        if bid.is_nil:
            # Under suicide the partner answers a nil with four or more.
            answer = (
                Bid(max(4, partner_bid.tricks)) if forces_nil and partner_bid else None
            )
            for pt, pp in partner_dist:
                ok = side_value(bid, 0, pt, answer)
                bust = side_value(bid, 1, pt, answer)
                total += pp * (p_nil * ok + (1 - p_nil) * bust)
            values[bid] = total + nil_bonus
            continue
        far = bid.tricks > estimate + 3 or bid.tricks < estimate - 4
        if far and numbers > 3:
            # Not worth scoring: a nearer bid is open and far better.
            values[bid] = -1000.0 - abs(bid.tricks - estimate)
            continue
        if forces_nil:
            q = forced_nil_odds(rules)
            nil = Bid.nil()
            for mt, mp in mine:
                made = side_value(bid, mt, 0, nil)
                failed = side_value(bid, mt, 1, nil)
                total += mp * (q * made + (1 - q) * failed)
            values[bid] = total
            continue
        for st, sp in side_dist:
            # Only the side's total matters when neither partner bid nil.
            mt = min(st, top)
            total += sp * side_value(bid, mt, st - mt)
        values[bid] = total
    return values


def partner_nil_view(view: SeatView) -> SeatView:
    """``view`` as a bidder reads it beside a partner's nil: no second nil.

    A partner's blind nil said at the deal (``view.blind_nil_declared``) and not
    bid yet counts as bid. Beside a partner's nil or blind nil the seat must cover
    it: a second nil leaves both uncovered (QA: two blind nils side by side lost
    about 400 points), so nil and blind nil leave the legal bids (unless nothing
    else is legal). Under a minimum side bid, a partner's blind nil still to be
    bid leaves only bids that reach the minimum alone.
    """
    partner = view.partner
    if partner is None:
        return view
    bids = view.bids
    if bids[partner] is None and partner in view.blind_nil_declared:
        bids = (*bids[:partner], Bid.blind_nil(), *bids[partner + 1 :])
    partner_bid = bids[partner]
    if partner_bid is None or not partner_bid.is_nil:
        return view
    legal = tuple(b for b in view.legal_bids if not b.is_nil) or view.legal_bids
    minimum = view.rules.minimum_side_bid
    if minimum and view.bids[partner] is None:
        # The partner's blind nil, said at the deal, is bid after this one: the
        # side's bid is then this bid alone, and under the minimum side bid the
        # blind nil would be refused at the partner's turn (QA).
        legal = tuple(b for b in legal if b.tricks >= minimum) or legal
    return dataclasses.replace(view, bids=bids, legal_bids=legal)


def closest_bid(legal: Sequence[Bid], target: float) -> Bid:
    """The legal (not blind) bid nearest ``target`` tricks, the lower on a tie."""
    pool = [b for b in legal if not b.blind] or list(legal)
    return min(pool, key=lambda b: (abs(b.tricks - target), b.tricks))
