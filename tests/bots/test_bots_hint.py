"""The hint gives a legal action and a reason (seed 001 "HINT")."""

from __future__ import annotations

import random

from bots_helpers import quick_bot

from audiospades.bots import Hint, HintKind, HintReason, hint
from audiospades.bots.hints import hint as hint_fn
from audiospades.rules import Bid, Game, Phase, Rules, seat_view, shuffled_deal


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
