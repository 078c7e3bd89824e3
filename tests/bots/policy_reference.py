# A verbatim copy of audiospades/bots/policy.py as it was before the speed refactor
# (commit 85eb974): the slow reference that tests/bots/test_bots_policy_speed.py
# holds the fast code to, decision by decision. A change of judgement made in
# policy.py applies to this file as the same patch (it is the same text).
# ruff: noqa
"""The heuristic card play shared by levels 1 to 3 and by the search's play-outs.

:func:`choose_card` reads a :class:`~audiospades.bots.sim.Sim` position from the point
of view of the seat to act: only that seat's hand and the public record (unplayed cards,
voids shown, bids, tricks) are used, so the same code serves a real seat (through
:func:`~audiospades.bots.sim.sim_from_view`) and a simulated one. It first decides what
the seat wants from the trick (:class:`Aim`), then which card serves that aim, and
names the reason (:class:`~audiospades.bots.hints.HintReason`) for the hint.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum

from audiospades.bots.reasons import HintReason
from audiospades.bots.sim import Sim
from audiospades.rules import Card, Rank, Suit

SPADES = Suit.SPADES


class Aim(Enum):
    """What the seat to act wants from the current trick."""

    WIN = "win"
    """Its side still needs tricks, or it fights to set the opponents."""
    DUCK = "duck"
    """Its side has enough: another trick would be a bag."""
    NIL = "nil"
    """It bid nil and has not yet taken a trick."""
    COVER = "cover"
    """Its partner bid nil and has not yet taken a trick."""
    ATTACK = "attack"
    """An opponent bid nil and has not yet taken a trick."""


@dataclass(frozen=True, slots=True)
class PlayParams:
    """What a level of play knows how to do.

    Attributes:
        counts_cards: uses the cards played to know which cards are now highest
            (beginners only trust an ace).
        reads_voids: remembers which seats have shown a void.
        nil_play: covers a partner's nil and attacks an opponent's.
        saves_bags: ducks once its side has enough tricks.
        setting: 0 ducks ... 1 fights to set the opponents (the character's style).
        blunder: the chance of an idle, random legal card.
    """

    counts_cards: bool = True
    reads_voids: bool = True
    nil_play: bool = True
    saves_bags: bool = True
    setting: float = 0.5
    blunder: float = 0.0


LEVEL_PLAY: dict[int, PlayParams] = {
    1: PlayParams(
        counts_cards=False,
        reads_voids=False,
        nil_play=False,
        saves_bags=False,
        blunder=0.15,
    ),
    2: PlayParams(reads_voids=False, nil_play=False, blunder=0.04),
    3: PlayParams(),
}
"""The play of each heuristic level (levels 4 and 5 play out with level 3's)."""


def side_need(sim: Sim, side: int) -> int:
    """Tricks a side still needs for its contract (nil bidders' tricks excluded)."""
    need = 0
    for seat in range(sim.n):
        if sim.sides[seat] != side:
            continue
        bid = sim.bids[seat]
        if bid is None or bid.is_nil:
            continue
        need += bid.tricks - sim.tricks_won[seat]
    # Nil bidders' tricks do not count (seed 000), so subtract only the bidders'.
    return need


def _live_nil(sim: Sim, seat: int) -> bool:
    bid = sim.bids[seat]
    return bid is not None and bid.is_nil and sim.tricks_won[seat] == 0


def aim_for(sim: Sim, seat: int, params: PlayParams) -> tuple[Aim, int | None]:
    """What ``seat`` wants from this trick, and the nil seat it concerns if any."""
    if _live_nil(sim, seat):
        return Aim.NIL, seat
    side = sim.sides[seat]
    need = side_need(sim, side)
    left = sim.tricks_left
    if params.nil_play:
        partner = sim.partners[seat]
        if partner is not None and _live_nil(sim, partner):
            return Aim.COVER, partner
        crowded = partner is None and sim.n >= 5 and params.setting < 0.75
        if not crowded and (need <= 0 or left - need >= 2):
            for other in range(sim.n):
                if sim.sides[other] != side and _live_nil(sim, other):
                    return Aim.ATTACK, other
    my_bid = sim.bids[seat]
    if my_bid is not None and my_bid.is_nil:
        return Aim.DUCK, None  # A failed nil: further tricks are only bags.
    if need > 0:
        return Aim.WIN, None
    if not params.saves_bags:
        return Aim.WIN, None
    rules = sim.rules
    if rules.bag_penalty == 0 and rules.overtrick_points > 0:
        return Aim.WIN, None
    if sim.partners[seat] is None and sim.n >= 5 and params.setting < 0.75:
        return Aim.DUCK, None  # Issue 14: no attacks at five or six each alone.
    for other_side in set(sim.sides):
        if other_side == side:
            continue
        their = side_need(sim, other_side)
        # Worth fighting to set them when they still need most of what is left.
        if their > 0 and (their >= left - 1 or params.setting >= 0.75):
            return Aim.WIN, None
    return Aim.DUCK, None


class _Ctx:
    """Facts about the trick for the seat to act, computed once."""

    __slots__ = (
        "best_card",
        "best_seat",
        "best_value",
        "hand",
        "later",
        "led",
        "params",
        "seat",
        "sim",
    )

    def __init__(self, sim: Sim, seat: int, params: PlayParams) -> None:
        self.sim = sim
        self.seat = seat
        self.params = params
        self.hand = sim.hands[seat]
        trick = sim.trick
        self.later = [(seat + i) % sim.n for i in range(1, sim.n - len(trick))]
        self.led: Suit | None = None
        self.best_seat = -1
        self.best_value = -1
        self.best_card: Card | None = None
        if trick:
            suit_of = sim.table.suit_of
            power = sim.table.power
            led = suit_of[trick[0][1]]
            self.led = led
            for s, c in trick:
                suit = suit_of[c]
                v = power[c] if suit is SPADES or suit is led else -1
                if v > self.best_value:
                    self.best_seat, self.best_value, self.best_card = s, v, c

    def value(self, card: Card) -> int:
        """Trick-taking value of a card in this trick (-1: cannot win it)."""
        suit = self.sim.table.suit_of[card]
        if suit is SPADES or suit is self.led or self.led is None:
            return self.sim.table.power[card]
        return -1

    def is_top(self, card: Card) -> bool:
        """Whether no unseen card of the same suit outranks ``card``."""
        sim = self.sim
        if not self.params.counts_cards:
            # A beginner trusts only the top card of the deck's suit.
            suit = sim.table.suit_of[card]
            if suit is SPADES:
                return card is sim.table.trumps[0]
            return card.rank is Rank.ACE
        suit_of = sim.table.suit_of
        power = sim.table.power
        suit = suit_of[card]
        mine = power[card]
        hand = self.hand
        for other in sim.remaining:
            if (
                other is not card
                and suit_of[other] is suit
                and power[other] > mine
                and other not in hand
            ):
                return False
        return True

    def outstanding_in(self, suit: Suit) -> int:
        """Unseen cards of ``suit`` (not in this hand, not played)."""
        suit_of = self.sim.table.suit_of
        hand = self.hand
        return sum(
            1 for c in self.sim.remaining if suit_of[c] is suit and c not in hand
        )

    def may_trump(self, seat: int, suit: Suit) -> bool:
        """Whether ``seat`` might ruff a lead of ``suit`` (as far as is known)."""
        if suit is SPADES:
            return False
        if self.params.reads_voids:
            voids = self.sim.voids[seat]
            return suit in voids and SPADES not in voids
        return False

    def holds(self, card: Card) -> bool:
        """Whether ``card`` is sure to win the trick if played now."""
        if self.value(card) <= self.best_value:
            return False
        if not self.later:
            return True
        if not self.is_top(card):
            return False
        suit = self.sim.table.suit_of[card]
        if suit is SPADES:
            return True
        sim = self.sim
        opponents = [s for s in self.later if sim.sides[s] != sim.sides[self.seat]]
        if any(self.may_trump(s, suit) for s in opponents):
            return False
        # Too few unseen cards of the suit for every later player to follow: someone
        # may be void and ruff.
        return (
            self.outstanding_in(suit) >= len(self.later)
            or self.outstanding_in(SPADES) == 0
        )


def _length(sim: Sim, hand: set[Card], suit: Suit) -> int:
    suit_of = sim.table.suit_of
    return sum(1 for c in hand if suit_of[c] is suit)


def choose_card(
    sim: Sim,
    seat: int,
    legal: list[Card],
    params: PlayParams,
    rng: random.Random | None = None,
) -> tuple[Card, HintReason]:
    """The card ``seat`` plays from ``legal``, and why.

    Args:
        sim: the position (only ``seat``'s hand and public facts are read).
        seat: the seat to act.
        legal: its legal cards (never empty).
        params: what this level of play knows.
        rng: randomness for blunders (None: no blunders).

    Returns:
        The card and the reason for it.
    """
    if len(legal) == 1:
        return legal[0], HintReason.ONLY_CARD
    if rng is not None and params.blunder and rng.random() < params.blunder:
        return rng.choice(sorted(legal, key=_key)), HintReason.ONLY_CARD
    ctx = _Ctx(sim, seat, params)
    aim, nil_seat = aim_for(sim, seat, params)
    if sim.trick:
        return _follow(ctx, legal, aim, nil_seat)
    return _lead(ctx, legal, aim, nil_seat)


def _key(card: Card) -> int:
    return card.index


def _follow(
    ctx: _Ctx, legal: list[Card], aim: Aim, nil_seat: int | None
) -> tuple[Card, HintReason]:
    sim = ctx.sim
    power = sim.table.power
    suit_of = sim.table.suit_of
    led = ctx.led
    following = suit_of[legal[0]] is led
    winners = sorted(
        (c for c in legal if ctx.value(c) > ctx.best_value), key=power.__getitem__
    )
    losers = sorted(
        (c for c in legal if ctx.value(c) <= ctx.best_value), key=power.__getitem__
    )
    partner = sim.partners[ctx.seat]
    played = {s for s, _ in sim.trick}

    if aim is Aim.NIL:
        return _nil_follow(ctx, winners, losers)

    if aim is Aim.COVER and nil_seat is not None:
        covered = _cover_follow(ctx, nil_seat, winners, losers, following)
        if covered is not None:
            return covered
        aim = Aim.WIN

    if aim is Aim.ATTACK and nil_seat is not None:
        if nil_seat in played and ctx.best_seat == nil_seat:
            if losers:
                return _discard_high(ctx, losers), HintReason.ATTACK_NIL
            return winners[0], HintReason.ATTACK_NIL
        if nil_seat not in played:
            return _low(ctx, legal, following), HintReason.ATTACK_NIL
        aim = Aim.WIN

    if aim is Aim.DUCK:
        if partner is not None and ctx.best_seat == partner:
            return _low(ctx, legal, following), HintReason.SAVE_BAGS
        if losers:
            return _discard_high(ctx, losers), HintReason.SAVE_BAGS
        if ctx.later:
            return winners[0], HintReason.SAVE_BAGS
        return winners[-1], HintReason.SAVE_BAGS

    # Aim.WIN
    if partner is not None and ctx.best_seat == partner:
        partner_card = ctx.best_card
        assert partner_card is not None
        safe = not ctx.later or (
            ctx.is_top(partner_card)
            and not any(
                ctx.may_trump(s, suit_of[partner_card])
                for s in ctx.later
                if sim.sides[s] != sim.sides[ctx.seat]
            )
        )
        if safe or not winners:
            return _low(ctx, losers or legal, following), HintReason.PARTNER_WINNING
        sure = [c for c in winners if ctx.holds(c)]
        if sure:
            return sure[0], HintReason.CHEAPEST_WINNER
        return _low(ctx, losers or legal, following), HintReason.PARTNER_WINNING
    if not winners:
        if following:
            return losers[0], HintReason.FOLLOW_LOW
        return _low(ctx, losers, following), HintReason.DISCARD_LOSER
    if not ctx.later:
        card = winners[0]
        trumping = not following and suit_of[card] is SPADES
        return card, HintReason.TRUMP_IN if trumping else HintReason.CHEAPEST_WINNER
    sure = [c for c in winners if ctx.holds(c)]
    if sure:
        card = sure[0]
        trumping = not following and suit_of[card] is SPADES
        return card, HintReason.TRUMP_IN if trumping else HintReason.WINS_TRICK
    if not following:
        # Ruff: the cheapest trump that wins now; later players may still overruff.
        return winners[0], HintReason.TRUMP_IN
    if len(ctx.later) == 1:
        # Third hand high: make the last player pay for the trick.
        return winners[-1], HintReason.MAKE_LAST_PAY
    return losers[0] if losers else winners[0], HintReason.FOLLOW_LOW


def _nil_follow(
    ctx: _Ctx, winners: list[Card], losers: list[Card]
) -> tuple[Card, HintReason]:
    """A live nil follows: lose the trick, shedding the highest card that loses."""
    if losers:
        card = _discard_high(ctx, losers)
        reason = HintReason.NIL_SHED if len(losers) > 1 else HintReason.NIL_DUCK
        return card, reason
    if ctx.later:
        # Every card beats the trick so far: the lowest leaves later players the
        # most room to beat it.
        return winners[0], HintReason.NIL_LOWEST
    return winners[-1], HintReason.NIL_LOST


def _cover_follow(
    ctx: _Ctx,
    nil_seat: int,
    winners: list[Card],
    losers: list[Card],
    following: bool,
) -> tuple[Card, HintReason] | None:
    """The partner of a live nil follows: win what the nil may win (None: it is safe).

    Before the nil has played, a winner takes the trick over its head; once it has
    played, a card over the nil's winning card. A nil already beaten by another
    seat's card is safe in this trick, and the choice is free again.
    """
    played = {s for s, _ in ctx.sim.trick}
    if nil_seat in played and ctx.best_seat != nil_seat:
        return None
    if not winners:
        return _low(ctx, losers, following), HintReason.CANNOT_BEAT
    sure = [c for c in winners if ctx.holds(c)]
    card = sure[0] if sure else winners[-1]
    if nil_seat in played:
        return card, HintReason.OVERTAKE_NIL
    return card, HintReason.PROTECT_PARTNER_NIL


def _cover_lead(ctx: _Ctx, legal: list[Card]) -> tuple[Card, HintReason]:
    """The partner of a live nil leads high: a sure winner, else its highest card."""
    power = ctx.sim.table.power
    tops = [c for c in legal if ctx.is_top(c)]
    return max(tops or legal, key=power.__getitem__), HintReason.COVER_LEAD


def contract_card(
    sim: Sim, seat: int, legal: list[Card], params: PlayParams = LEVEL_PLAY[3]
) -> tuple[Card, HintReason] | None:
    """The card a nil contract calls for, or None when it leaves the choice free.

    A seat whose nil (or blind nil) is still unbroken ducks: it loses the trick if
    it can, shedding the highest card that loses. The partner of such a seat covers:
    it leads high, and wins a trick the nil is in danger of winning. This is what
    the hint gives whatever a look-ahead would prefer: the player chose the nil.

    Args:
        sim: the position (only ``seat``'s hand and public facts are read).
        seat: the seat to act.
        legal: its legal cards (never empty).
        params: what this level of play knows.
    """
    aim, nil_seat = aim_for(sim, seat, params)
    if aim not in (Aim.NIL, Aim.COVER) or nil_seat is None:
        return None
    if len(legal) == 1:
        return legal[0], HintReason.ONLY_CARD
    ctx = _Ctx(sim, seat, params)
    if not sim.trick:
        return _lead(ctx, legal, aim, nil_seat)
    power = sim.table.power
    winners = sorted(
        (c for c in legal if ctx.value(c) > ctx.best_value), key=power.__getitem__
    )
    losers = sorted(
        (c for c in legal if ctx.value(c) <= ctx.best_value), key=power.__getitem__
    )
    if aim is Aim.NIL:
        return _nil_follow(ctx, winners, losers)
    following = sim.table.suit_of[legal[0]] is ctx.led
    return _cover_follow(ctx, nil_seat, winners, losers, following)


def _low(ctx: _Ctx, cards: list[Card], following: bool) -> Card:
    """The cheapest card: when discarding, from a short plain suit, sparing trumps."""
    sim = ctx.sim
    power = sim.table.power
    suit_of = sim.table.suit_of
    if following:
        return min(cards, key=power.__getitem__)
    plain = [c for c in cards if suit_of[c] is not SPADES]
    pool = plain or cards
    hand = ctx.hand

    def rank(card: Card) -> tuple[int, int]:
        # Shorten the shortest suit (towards a void to ruff in), lowest card first.
        return (_length(sim, hand, suit_of[card]), power[card])

    return min(pool, key=rank)


def _discard_high(ctx: _Ctx, cards: list[Card]) -> Card:
    """The most dangerous card that still loses: highest, trumps above plain cards."""
    power = ctx.sim.table.power
    return max(cards, key=power.__getitem__)


def _safety(ctx: _Ctx, card: Card) -> tuple[int, int]:
    """How safely ``card`` loses a trick it leads: the unseen cards above it."""
    sim = ctx.sim
    suit_of = sim.table.suit_of
    power = sim.table.power
    hand = ctx.hand
    suit = suit_of[card]
    above = sum(
        1
        for c in sim.remaining
        if suit_of[c] is suit and power[c] > power[card] and c not in hand
    )
    return (above - (3 if suit is SPADES else 0), -power[card])


def _lead(
    ctx: _Ctx, legal: list[Card], aim: Aim, nil_seat: int | None
) -> tuple[Card, HintReason]:
    sim = ctx.sim
    suit_of = sim.table.suit_of
    power = sim.table.power
    hand = ctx.hand

    def safety(card: Card) -> tuple[int, int]:
        return _safety(ctx, card)

    if aim is Aim.NIL:
        return max(legal, key=lambda c: _safety(ctx, c)), HintReason.NIL_LEAD
    if aim is Aim.ATTACK and nil_seat is not None:
        voids = sim.voids[nil_seat] if ctx.params.reads_voids else set()
        pool = [c for c in legal if suit_of[c] not in voids] or legal
        plain = [c for c in pool if suit_of[c] is not SPADES] or pool
        return min(plain, key=power.__getitem__), HintReason.ATTACK_NIL
    tops = [c for c in legal if ctx.is_top(c)]
    if aim is Aim.COVER:
        return _cover_lead(ctx, legal)
    if aim is Aim.DUCK:
        return max(legal, key=safety), HintReason.SAVE_BAGS
    # Aim.WIN: cash a sure winner, drawing trumps first when strong in them.
    trumps = [c for c in legal if suit_of[c] is SPADES]
    top_trumps = [c for c in tops if suit_of[c] is SPADES]
    my_trumps = _length(sim, hand, SPADES)
    if top_trumps and my_trumps >= 2 and ctx.outstanding_in(SPADES) > 0:
        return top_trumps[0], HintReason.LEAD_WINNER
    safe_tops = []
    for card in tops:
        suit = suit_of[card]
        if suit is SPADES:
            safe_tops.append(card)
            continue
        mine = sim.sides[ctx.seat]
        others = [s for s in range(sim.n) if sim.sides[s] != mine]
        if not any(ctx.may_trump(s, suit) for s in others) and ctx.outstanding_in(
            suit
        ) >= min(3, sim.n - 1):
            safe_tops.append(card)
    if safe_tops:
        return min(safe_tops, key=power.__getitem__), HintReason.LEAD_WINNER
    plain = [c for c in legal if suit_of[c] is not SPADES]
    if plain and trumps and len(trumps) < len(hand):
        # Lead low from a short suit to make a void to ruff in.
        short = min(plain, key=lambda c: (_length(sim, hand, suit_of[c]), power[c]))
        if _length(sim, hand, suit_of[short]) <= 2:
            return short, HintReason.LEAD_SHORT_SUIT
    if plain:
        longest = max(plain, key=lambda c: (_length(sim, hand, suit_of[c]), -power[c]))
        return longest, HintReason.LEAD_SAFE
    return min(legal, key=power.__getitem__), HintReason.LEAD_SAFE
