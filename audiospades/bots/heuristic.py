"""Levels 1 to 3: players that count and reason, without looking ahead.

- Level 1 counts tricks roughly (aces, kings, a few spades), follows low and wins when
  it is easy, and now and then plays a careless card.
- Level 2 counts its hand properly and the cards played, and ducks once its side has
  enough tricks.
- Level 3 bids by the expected score of each bid (partner's bid, score and bags, nil
  and its chance), remembers voids, covers a partner's nil, attacks the opponents',
  sets overbidders and manages bags.
"""

from __future__ import annotations

import random

from audiospades.bots.bidding import (
    bid_values,
    closest_bid,
    estimate_tricks,
    nil_chance,
)
from audiospades.bots.characters import NEUTRAL, Style
from audiospades.bots.policy import LEVEL_PLAY, PlayParams, choose_card
from audiospades.bots.reasons import HintReason
from audiospades.bots.sim import sim_from_view
from audiospades.rules import Bid, Card, SeatView, Suit
from audiospades.rules.deck import card_table

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


def wants_blind_nil(view: SeatView, style: Style) -> tuple[bool, HintReason]:
    """Whether to bid blind nil before looking: only when far behind, or desperate."""
    rules = view.rules
    if not view.is_blind_nil_eligible or not rules.blind_nil_allowed:
        return False, HintReason.NOT_BEHIND_ENOUGH
    if view.legal_bids and Bid.blind_nil() not in view.legal_bids:
        return False, HintReason.NOT_BEHIND_ENOUGH
    partner = view.partner
    if partner is not None:
        partner_bid = view.bids[partner]
        if partner_bid is not None and partner_bid.is_nil:
            return False, HintReason.NOT_BEHIND_ENOUGH
    gap = behind_by(view)
    need = 300 - 150 * style.nil_appetite
    target = rules.target_score
    leader = max(view.totals)
    if target is not None and leader >= target - 120 and gap >= 100:
        return True, HintReason.FAR_BEHIND
    if gap >= need:
        return True, HintReason.FAR_BEHIND
    return False, HintReason.NOT_BEHIND_ENOUGH


def choose_pass_cards(view: SeatView) -> tuple[tuple[Card, ...], HintReason]:
    """Cards to pass after a blind nil: the nil passes its highest, its partner low.

    Seed 002: the blind nil player passes "preferably their highest ranked cards";
    the partner returns low cards the nil can play under.
    """
    count = view.rules.blind_nil_pass
    table = card_table(view.rules)
    power = table.power
    my_bid = view.bids[view.seat]
    hand = list(view.hand)
    if my_bid is not None and my_bid.is_nil:
        ranked = sorted(hand, key=power.__getitem__, reverse=True)
        return tuple(ranked[:count]), HintReason.PASS_HIGH
    # Low plain cards first (a low spade may force the nil to ruff); short suits last.
    ranked = sorted(
        hand,
        key=lambda c: (table.suit_of[c] is SPADES, power[c]),
    )
    return tuple(ranked[:count]), HintReason.PASS_LOW


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
        self.calibrate = True
        self.bag_charge = 0.8
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
        """The bid, why, and the tricks the hand was counted at."""
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
        est = estimate_tricks(hand, rules)
        p_nil = nil_chance(hand, rules, partner is not None)
        if self.level == 2:
            est += self.rng.uniform(-0.5, 0.5) + 0.5 * style.bid_boldness
            nil_ok = any(b.is_nil for b in legal)
            if nil_ok and p_nil > 0.65 - 0.25 * style.nil_appetite and est < 3:
                return Bid.nil(), HintReason.NIL_HAND, est
            bid = closest_bid(legal, max(1.0, est))
            return bid, HintReason.COUNT_SURE_TRICKS, est
        est += 0.4 * style.bid_boldness
        values = bid_values(
            view,
            est,
            p_nil,
            nil_bonus=60.0 * (style.nil_appetite - 0.5),
            calibrate=self.calibrate,
            bag_charge=self.bag_charge,
        )
        if not values:
            return closest_bid(legal, est), HintReason.COUNT_SURE_TRICKS, est
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


def should_redeal(view: SeatView) -> bool:
    """Whether a deficient hand should be thrown in (seed 002: unless it is a nil)."""
    if not view.can_request_redeal:
        return False
    rules = view.rules
    est = estimate_tricks(view.hand, rules)
    p_nil = nil_chance(view.hand, rules, view.partner is not None)
    return p_nil < 0.45 and est < 3.0
