"""The hint gives a legal action and a reason (seed 001 "HINT")."""

from __future__ import annotations

import dataclasses
import random

import pytest
from bots_helpers import quick_bot

from audiospades.bots import Hint, HintKind, HintReason, hint
from audiospades.bots.hints import hint as hint_fn
from audiospades.bots.hints import trick_count_of
from audiospades.rules import (
    Bid,
    BiddingStyle,
    Game,
    Phase,
    Rules,
    seat_view,
    shuffled_deal,
)


def test_hint_is_legal_with_a_reason_through_a_hand() -> None:
    rules = Rules.open_spades()
    rng = random.Random(5)
    game = Game(rules)
    bots = [quick_bot(3, random.Random(s)) for s in range(4)]
    seen = set()
    while game.hands_played < 1:
        if game.phase is Phase.DEALING:
            game.deal(shuffled_deal(rules, rng))
            continue
        seat = game.to_act
        assert seat is not None
        view = seat_view(game, seat)
        h = hint_fn(view, rng, level=4)
        assert isinstance(h, Hint)
        assert isinstance(h.reason, HintReason)
        seen.add(h.kind)
        if h.kind is HintKind.REDEAL:
            if h.detail["yes"]:
                game.request_redeal(seat)
                continue
            bid = bots[seat].choose_bid(view)
            game.bid(seat, bid)
        elif h.kind is HintKind.BID:
            assert h.bid in view.legal_bids
            game.bid(seat, h.bid)
        elif h.kind is HintKind.PASS:
            game.pass_cards(seat, h.cards)
        else:
            assert h.kind is HintKind.PLAY
            assert h.card in view.legal_plays
            game.play(seat, h.card)
    assert {HintKind.BID, HintKind.PLAY} <= seen


@pytest.mark.parametrize(
    "changes",
    [
        {"bidding_style": BiddingStyle.WHIZ},
        {"bidding_style": BiddingStyle.SUICIDE},
        {"no_hell": True},
        {"minimum_side_bid": 5},
    ],
)
def test_a_bid_hint_never_counts_a_bid_the_rules_forbid(
    changes: dict[str, object],
) -> None:
    """Whiz, suicide, no hell and a minimum bid forbid some counts: the hint then
    says the count is not allowed, and "that is how many tricks your hand should
    take" only when its bid is the count."""
    rules = dataclasses.replace(Rules.pagat(), **changes)  # type: ignore[arg-type]
    reasons = set()
    for seed in range(12):
        game = Game(rules)
        game.deal(shuffled_deal(rules, random.Random(seed)))
        rng = random.Random(seed)
        while game.phase is Phase.BIDDING:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            found = hint_fn(view, rng, level=3)
            assert found.bid is not None and found.bid in view.legal_bids
            count = trick_count_of(found.detail["tricks"])
            reasons.add(found.reason)
            if found.reason is HintReason.COUNT_SURE_TRICKS:
                assert Bid(count) in view.legal_bids, (seed, seat, found)
            if found.reason is HintReason.COUNT_NOT_ALLOWED:
                assert found.detail["count"] == count
                assert Bid(count) not in view.legal_bids
                assert found.bid != Bid(count)
            game.bid(seat, found.bid)
    assert HintReason.COUNT_NOT_ALLOWED in reasons


def test_blind_nil_hint_before_looking() -> None:
    rules = Rules.pagat()
    game = Game(rules)
    game.totals = [0, 300]  # Far behind: the side trails by 300.
    game.deal(shuffled_deal(rules, random.Random(1)))
    seat = game.to_act
    assert seat is not None
    hidden = seat_view(game, seat, hide_hand=True)
    h = hint(hidden, random.Random(1))
    assert h.kind is HintKind.BLIND_NIL
    assert h.detail["yes"] == (h.bid == Bid.blind_nil())
    if seat % 2 == 0:
        assert h.reason is HintReason.FAR_BEHIND
