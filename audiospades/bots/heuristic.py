"""Levels 1 to 3: players that count and reason, without looking ahead.

- Level 1 counts tricks roughly (aces, kings, a few spades), follows low and wins when
  it is easy, and now and then plays a careless card.
- Level 2 counts its hand properly (half a trick in hand) and the cards played, and
  ducks once its side has enough tricks.
- Level 3 bids its expected tricks when it bids first for a partnership, and
  otherwise by the expected score of each bid (partner's bid, score and bags, nil and
  its chance); it bids blind nil only where the odds and the score make it pay,
  remembers voids, covers a partner's nil, attacks the opponents', sets overbidders
  and manages bags.
"""

from __future__ import annotations

import dataclasses
import math
import random

from audiospades.bots.bidding import (
    bid_values,
    blind_nil_odds,
    closest_bid,
    expected_tricks,
    nil_chance,
    nil_pass_order,
    partner_nil_view,
)
from audiospades.bots.characters import NEUTRAL, Style
from audiospades.bots.policy import LEVEL_PLAY, PlayParams, choose_card
from audiospades.bots.reasons import HintReason
from audiospades.bots.sim import sim_from_view
from audiospades.rules import Bid, Card, SeatView, Suit
from audiospades.rules.deck import card_table
from audiospades.rules.options import BiddingStyle, MoonRule, ScoringStyle

SPADES = Suit.SPADES


def rough_estimate(hand: tuple[Card, ...], view: SeatView) -> float:
    """A beginner's count: aces, kings, and every third spade."""
    table = card_table(view.rules)
    aces = sum(1 for c in hand if c.rank == 14)
    kings = sum(1 for c in hand if c.rank == 13)
    spades = sum(1 for c in hand if table.suit_of[c] is SPADES)
    top = sum(1 for c in hand if c in table.trumps[:2])
    return aces + 0.5 * kings + spades / 3 + top * 0.5


def behind_by(view: SeatView) -> int:
    """How far this seat's side trails the leading other side."""
    others = [t for s, t in enumerate(view.totals) if s != view.side]
    return (max(others) if others else 0) - view.totals[view.side]


BLIND_NIL_FLOOR = 0.5
"""A blind nil is never bid at a table where it survives less often than this.

Below an even chance a blind nil loses points on average, so a player who bids it
there pays for the gamble hand after hand (issue 14: a level-3 player at three
players, where 1 in 100 survive, bid it 14 hands running and ended on -3,060).
"""


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def hands_left(view: SeatView) -> float:
    """About how many hands the game has left, the one being bid included.

    To the hand limit, or at the pace a sound side scores (three quarters of ten a
    trick of its share) until the leader reaches the target, whichever is sooner.
    """
    rules = view.rules
    pace = 7.5 * rules.trick_count / rules.side_count
    left = math.inf
    if rules.target_score is not None:
        left = max(1.0, (rules.target_score - max(view.totals)) / pace)
    if rules.hand_limit is not None:
        left = min(left, float(max(1, rules.hand_limit - view.hands_played)))
    return left if left != math.inf else 10.0


def blind_nil_win_gain(view: SeatView, odds: float) -> float:
    """How much a blind nil now would raise the side's chance of catching the leader.

    A rough model of the rest of the game: the side's margin on the leader drifts
    evenly, spreading by about 1.3 times a hand's pace a hand. A blind nil moves it
    by its value either way (with ``odds`` of success), less the contract the seat
    gives up (its share of the tricks at ten points each).
    """
    rules = view.rules
    gap = behind_by(view)
    pace = 7.5 * rules.trick_count / rules.side_count
    spread = 1.3 * pace * math.sqrt(hands_left(view))
    value = rules.blind_nil_value
    forgone = 10.0 * rules.trick_count / rules.player_count
    normal = _normal_cdf(-gap / spread)
    made = _normal_cdf((value - forgone - gap) / spread)
    failed = _normal_cdf((-value - forgone - gap) / spread)
    return odds * made + (1 - odds) * failed - normal


def wants_blind_nil(view: SeatView, style: Style) -> tuple[bool, HintReason]:
    """Whether to bid blind nil before looking: only when the gamble pays.

    Never at a table where a blind nil is worse than an even bet
    (:data:`BLIND_NIL_FLOOR`, judged by :func:`blind_nil_odds` for the shape, its
    hand size and exchange), and elsewhere only when it raises the side's chance of
    winning the game by a few points (fewer for a style fond of nil).
    """
    rules = view.rules
    no = False, HintReason.NOT_BEHIND_ENOUGH
    if not view.is_blind_nil_eligible or not rules.blind_nil_allowed:
        return no
    if view.legal_bids and Bid.blind_nil() not in view.legal_bids:
        return no
    partner = view.partner
    if partner is not None:
        # A partner's nil, bid or said at the deal: a second one would leave both
        # uncovered.
        partner_bid = partner_nil_view(view).bids[partner]
        if partner_bid is not None and partner_bid.is_nil:
            return no
    if behind_by(view) <= 0:
        return no  # Level or ahead (where the rules allow it): no gamble is needed.
    odds = blind_nil_odds(rules)
    if odds < BLIND_NIL_FLOOR:
        return no
    need = 0.04 - 0.04 * style.nil_appetite
    if blind_nil_win_gain(view, odds) > need:
        return True, HintReason.FAR_BEHIND
    return no


def choose_pass_cards(view: SeatView) -> tuple[tuple[Card, ...], HintReason]:
    """Cards to pass after a blind nil: the nil passes its highest, its partner low.

    Seed 002: the blind nil player passes "preferably their highest ranked cards"
    (:func:`nil_pass_order`: high trumps and aces before low trumps); the partner
    returns low cards the nil can play under.
    """
    count = view.rules.blind_nil_pass
    table = card_table(view.rules)
    power = table.power
    my_bid = view.bids[view.seat]
    hand = list(view.hand)
    if my_bid is not None and my_bid.is_nil:
        ranked = nil_pass_order(hand, view.rules)
    else:
        # Low plain cards first (a low spade may force the nil to ruff), and never
        # back a card the nil has just passed (the one it most feared holding)
        # while another will do.
        received = set(view.passed_in)
        ranked = sorted(
            hand,
            key=lambda c: (c in received, table.suit_of[c] is SPADES, power[c]),
        )
    cards = tuple(ranked[:count])
    return cards, pass_reason(view, cards)


def pass_reason(view: SeatView, cards: tuple[Card, ...]) -> HintReason:
    """Why to pass ``cards`` after a blind nil, in words true of these cards.

    A blind nil passes the cards most likely to take a trick, and those may be
    trumps below an ace (a 10 of spades goes before a king of hearts). "The high
    cards" would be untrue of that 10, so passed trumps are named as trumps.
    """
    my_bid = view.bids[view.seat]
    if my_bid is None or not my_bid.is_nil:
        return HintReason.PASS_LOW
    trumps = set(card_table(view.rules).trumps)
    count = sum(1 for c in cards if c in trumps)
    if count == 0:
        return HintReason.PASS_HIGH
    if count == len(cards):
        return HintReason.PASS_TRUMPS
    return HintReason.PASS_TRUMP_AND_HIGH


class HeuristicBot:
    """A level 1, 2 or 3 player in a given style."""

    def __init__(self, level: int, rng: random.Random, style: Style = NEUTRAL) -> None:
        """Play at ``level`` (1 to 3) in ``style``, with ``rng`` for its randomness.

        Raises:
            ValueError: if ``level`` is not 1, 2 or 3.
        """
        if level not in (1, 2, 3):
            raise ValueError(f"no heuristic level {level}")
        self.level = level
        self.rng = rng
        self.style = style
        self.bag_charge = 0.8
        self.by_count = False
        """Bid the expected tricks (:func:`choose_by_count`) instead of the bid with
        the best expected score. Not the default: it lost 16.2 points a duplicate
        deal at four players and 18.5 at three (``benchmarks/bid_policy.py``)."""
        self.shade = 0.0
        """With ``by_count``, tricks bid under the expected count."""
        self.first_by_count = True
        """The first of two partners to bid bids its count; the second bids for the
        side's best expected score knowing it."""
        base = LEVEL_PLAY[level]
        self.params = PlayParams(
            counts_cards=base.counts_cards,
            reads_voids=base.reads_voids,
            nil_play=base.nil_play,
            saves_bags=base.saves_bags,
            setting=style.setting,
            blunder=base.blunder,
        )

    def choose_blind_nil(self, view: SeatView) -> bool:
        """Blind nil only when far behind (never at level 1)."""
        if self.level == 1:
            return False
        return wants_blind_nil(view, self.style)[0]

    def choose_redeal(self, view: SeatView) -> bool:
        """Throw in a deficient hand unless it looks like a nil."""
        if self.level == 1:
            return False
        return should_redeal(view)

    def choose_bid(self, view: SeatView) -> Bid:
        """A legal bid, judged as well as this level can."""
        return self.bid_with_reason(view)[0]

    def bid_with_reason(self, view: SeatView) -> tuple[Bid, HintReason, float]:
        """The bid, why, and the tricks the hand was counted at.

        Beside a partner's nil (bid, or said at the deal) it bids no nil.
        """
        view = partner_nil_view(view)
        legal = [b for b in view.legal_bids if not b.blind] or list(view.legal_bids)
        if len(legal) == 1:
            return legal[0], HintReason.ONLY_BID, 0.0
        style = self.style
        hand = view.hand
        rules = view.rules
        partner = view.partner
        if self.level == 1:
            est = rough_estimate(hand, view) + self.rng.uniform(-1.0, 1.0)
            est += style.bid_boldness
            nil_ok = any(b.is_nil for b in legal)
            if nil_ok and est < 1.0 + style.nil_appetite:
                return Bid.nil(), HintReason.NIL_HAND, est
            bid = closest_bid(legal, max(1.0, est))
            return bid, HintReason.COUNT_SURE_TRICKS, est
        est = expected_tricks(hand, rules)
        p_nil = nil_chance(hand, rules, partner is not None)
        if self.level == 2:
            est += self.rng.uniform(-0.5, 0.5) + 0.5 * style.bid_boldness
            nil_ok = any(b.is_nil for b in legal)
            if nil_ok and p_nil > 0.65 - 0.25 * style.nil_appetite and est < 3:
                return Bid.nil(), HintReason.NIL_HAND, est
            bid = closest_bid(legal, max(1.0, est - LEVEL_2_MARGIN))
            return bid, HintReason.COUNT_SURE_TRICKS, est
        est += 0.4 * style.bid_boldness
        if partner is not None:
            pb = view.bids[partner]
            if pb is not None and pb.is_nil:
                est += COVER_EXTRA.get(rules.player_count, 0.0)
        first = partner is not None and view.bids[partner] is None
        suicide = rules.bidding_style is BiddingStyle.SUICIDE
        by_count = self.by_count or (first and self.first_by_count and not suicide)
        near: set[Bid] | None = None
        if by_count:
            # Only the count, its neighbours and what nil must beat matter.
            numbers = [b for b in legal if not b.is_nil]
            target = est - self.shade
            count = min(numbers, key=lambda b: abs(b.tricks - target), default=None)
            near = {
                b
                for b in legal
                if b.is_nil or count is None or abs(b.tricks - count.tricks) <= 2
            }
        values = bid_values(
            view,
            est,
            p_nil,
            nil_bonus=60.0 * (style.nil_appetite - 0.5),
            bag_charge=self.bag_charge,
            only=near,
        )
        if not values:
            return closest_bid(legal, est), HintReason.COUNT_SURE_TRICKS, est
        if by_count:
            standard = plain_view(view)
            plain = (
                values  # Standard scoring and no bags yet: the same values.
                if standard.rules == rules and standard.bags == view.bags
                else bid_values(
                    standard, est, p_nil, bag_charge=self.bag_charge, only=near
                )
            )
            bid = choose_by_count(legal, est - self.shade, values, plain)
        else:
            bid = max(values, key=lambda b: (values[b], -b.tricks))
        if bid.is_nil:
            return bid, HintReason.NIL_HAND, est
        if partner is not None:
            pb = view.bids[partner]
            if pb is not None and pb.is_nil:
                return bid, HintReason.COVER_PARTNER_NIL, est
        bags = view.bags[view.side]
        if bid.tricks > round(est) and bags >= rules.bags_per_penalty - 3:
            return bid, HintReason.AVOID_BAGS, est
        return bid, HintReason.COUNT_SURE_TRICKS, est

    def choose_pass(self, view: SeatView) -> tuple[Card, ...]:
        """The nil passes its highest cards; its partner passes low ones."""
        return choose_pass_cards(view)[0]

    def choose_play(self, view: SeatView) -> Card:
        """A legal card by this level's heuristics."""
        return self.play_with_reason(view)[0]

    def play_with_reason(self, view: SeatView) -> tuple[Card, HintReason]:
        """The card and the reason for it."""
        legal = sorted(view.legal_plays, key=lambda c: c.index)
        if len(legal) == 1:
            return legal[0], HintReason.ONLY_CARD
        sim = sim_from_view(view)
        return choose_card(sim, view.seat, legal, self.params, self.rng)


COVER_EXTRA: dict[int, float] = {4: 0.95, 6: 0.25}
"""Tricks a seat takes beyond its expected count when its partner bid nil, by players.

The nil throws its high cards under, so tricks it would have won fall to its
partner: 0.96 of a trick at four players (311 such seats) and 0.25 at six (938
seats), by ``benchmarks/bid_calibration.py --hands 600 --seed 3 --shapes 4p,6p``.
"""

LEVEL_2_MARGIN = 0.5
"""Tricks a level-2 player keeps in hand below its count.

Bidding the count exactly, two level-2 sides (or one beside a level-3 side) bid every
trick in the hand between them and go set in turn: 9 of 200 games at four players
had not ended after 200 hands, and 42 of 60 with deuces trumps (issue 14's runs).
"""

NEIGHBOUR_GAIN = 5.0
"""Points the scoring must add to a bid next to the count for it to be bid instead.

The bid is the hand's expected tricks. Judged by expected score alone, the lower
bid nearly always looks better (a set costs more than a bag), yet a table where
every side underbids hands the spare tricks round as bags: level 3 bid 4.4 tricks a
side and paid a bag penalty every five hands (issue 14). So a neighbour is bid only
for what the score and the variant add to it beyond standard scoring with no bags:
a bag penalty within reach, an exact-bid or big-bid bonus, ten for two hundred,
quicksand.
"""


def plain_view(view: SeatView) -> SeatView:
    """The same view under standard scoring (pagat's bags) with no bags yet."""
    rules = dataclasses.replace(
        view.rules,
        scoring_style=ScoringStyle.STANDARD,
        exact_bid_bonus=0,
        big_bid_bonus=0,
        ten_for_two_hundred=False,
        moon=MoonRule.OFF,
        bag_penalty=100,
        bags_per_penalty=10,
        overtrick_points=1,
    )
    return dataclasses.replace(view, rules=rules, bags=(0,) * len(view.bags))


def choose_by_count(
    legal: list[Bid],
    expected: float,
    values: dict[Bid, float],
    plain: dict[Bid, float] | None = None,
) -> Bid:
    """The bid nearest the expected tricks, unless the scoring clearly says otherwise.

    Args:
        legal: the legal bids (blind nil excluded).
        expected: the tricks the hand should take.
        values: the expected points of each bid (:func:`bid_values`).
        plain: the same under standard scoring with no bags (:func:`plain_view`);
            None compares ``values`` alone.

    Returns:
        The legal number bid nearest ``expected`` (the higher on a tie); or a bid one
        trick either side of it when the scoring adds :data:`NEIGHBOUR_GAIN` points
        more to it than to the count; or nil when nil is worth more than that.
    """
    numbers = [b for b in legal if not b.is_nil]
    nil = next((b for b in legal if b.is_nil), None)
    if not numbers:
        return nil if nil is not None else legal[0]
    count = min(numbers, key=lambda b: (abs(b.tricks - expected), -b.tricks))
    bid, best = count, values.get(count, -math.inf)
    base = plain if plain is not None else dict.fromkeys(values, 0.0)
    extra = -math.inf
    for other in numbers:
        if abs(other.tricks - count.tricks) != 1 or other not in values:
            continue
        gain = values[other] - values.get(count, -math.inf)
        added = gain - (base.get(other, 0.0) - base.get(count, 0.0))
        if added > NEIGHBOUR_GAIN and added > extra:
            bid, best, extra = other, values[other], added
    # Nil is weighed against the best a number could score, as judged by expected
    # points alone: a nil beats a bid of the count only by beating every number.
    best_number = max((values.get(b, -math.inf) for b in numbers), default=best)
    if nil is not None and values.get(nil, -math.inf) > max(best, best_number):
        return nil
    return bid


REDEAL_SHARE = 0.5
"""A deficient hand is thrown in when it should take under this share of its seat's
fair share of the tricks (the hand's tricks over the players).

Seed 002 lets a hand with one spade or none ask for a redeal. Judged against a
fixed count of three tricks, nearly every such hand at six players (8 cards, a
fair share of 1.3 tricks) was thrown in, and a hand was thrown in 89 times in 100
(QA: six throw-ins in a row before a card was played). Judged by the level-3
count (:func:`~audiospades.bots.bidding.expected_tricks`) against half the fair
share, on 800 random deals with the option on, a hand is thrown in 24 times in
100 at six players each for themselves, 19 at six in partnerships, 6 at five,
under 3 at four and 1 at three.
"""


def should_redeal(view: SeatView) -> bool:
    """Whether a deficient hand should be thrown in (seed 002: unless it is a nil).

    Only a hand truly weak for its size: its expected tricks under
    :data:`REDEAL_SHARE` of the seat's fair share of the tricks.
    """
    if not view.can_request_redeal:
        return False
    rules = view.rules
    p_nil = nil_chance(view.hand, rules, view.partner is not None)
    if p_nil >= 0.45:
        return False  # A nil hand: bid nil instead.
    fair = rules.trick_count / rules.player_count
    return expected_tricks(view.hand, rules) < REDEAL_SHARE * fair
