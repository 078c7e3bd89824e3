"""Helpers for the bot tests: a rules generator, quick bots, a protocol-order driver."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from audiospades.bots import Bot, make_level_bot
from audiospades.bots.search import SearchBot, SearchParams
from audiospades.rules import (
    BiddingStyle,
    Game,
    Phase,
    Rules,
    RulesError,
    SeatView,
    TrumpMode,
    seat_view,
    shuffled_deal,
)

#: A search too small to be strong but quick enough to test every variant.
QUICK_SEARCH = SearchParams(0.02, 0.02, 3, 3, True, 2)


def quick_bot(level: int, rng: random.Random) -> Bot:
    """A bot of ``level``, with a tiny search budget for levels 4 and 5."""
    if level >= 4:
        return SearchBot(level, rng, search=QUICK_SEARCH)
    return make_level_bot(level, rng)


def random_rules(rng: random.Random) -> Rules:
    """Random but playable rules: any preset, 3-6 players, any variant options."""
    while True:
        players = rng.choice((3, 4, 5, 6))
        teams = players in (4, 6) and rng.random() < 0.7
        base = Rules.from_preset(
            rng.choice(Rules.preset_names()), players=players, partnerships=teams
        )
        changes: dict[str, Any] = {
            "trump_mode": rng.choice(list(TrumpMode)),
            "bidding_style": rng.choice([BiddingStyle.NORMAL] * 3 + list(BiddingStyle)),
            "no_hell": rng.random() < 0.3,
            "minimum_side_bid": rng.choice((0, 0, 0, 4)),
            "misdeal_redeal": rng.random() < 0.4,
            "blind_nil_behind": rng.choice((0, 100)),
            "spade_may_lead_first_trick": rng.random() < 0.2,
            "spades_must_break": rng.random() < 0.8,
            "nil_allowed": rng.random() < 0.9,
        }
        if teams:
            changes["blind_nil_pass"] = rng.choice((0, 1, 2))
        changes["blind_nil_allowed"] = changes["nil_allowed"] and rng.random() < 0.8
        try:
            return dataclasses.replace(base, **changes)
        except RulesError:
            continue


Asker = Callable[[Game, list[Bot], random.Random, int], list[SeatView]]


def drive(
    game: Game,
    bots: list[Bot],
    rng: random.Random,
    hands: int,
    *,
    force_blind: float = 0.3,
) -> list[SeatView]:
    """Play ``hands`` hands, asking the bots in the order of bots/base.py.

    Every answer is checked against the view's legal choices. A seat that may bid
    blind nil is made to (with chance ``force_blind``) so passing gets exercised.
    Returns every view a bot was shown.
    """
    rules = game.rules
    shown: list[SeatView] = []
    asked: set[int] = set()
    played_hands = 0
    while not game.is_over and played_hands < hands:
        if game.phase is Phase.DEALING:
            if game.deal_count > played_hands + 20:
                break  # Redeals without end would be a bot bug; legal all the same.
            game.deal(shuffled_deal(rules, rng))
            asked.clear()
            continue
        seat = game.to_act
        assert seat is not None
        view = seat_view(game, seat)
        bot = bots[seat]
        if game.phase is Phase.BIDDING:
            blind = next((b for b in view.legal_bids if b.blind), None)
            if blind is not None and seat not in asked:
                asked.add(seat)
                hidden = seat_view(game, seat, hide_hand=True)
                shown.append(hidden)
                assert hidden.hand == ()
                wants = bot.choose_blind_nil(hidden)
                assert isinstance(wants, bool)
                if wants or rng.random() < force_blind:
                    game.bid(seat, blind)
                    continue
            if view.can_request_redeal:
                shown.append(view)
                if bot.choose_redeal(view):
                    game.request_redeal(seat)
                    continue
            shown.append(view)
            bid = bot.choose_bid(view)
            assert bid in view.legal_bids, (bid, view.legal_bids)
            game.bid(seat, bid)
        elif game.phase is Phase.PASSING:
            shown.append(view)
            cards = bot.choose_pass(view)
            assert len(cards) == rules.blind_nil_pass
            assert len(set(cards)) == len(cards)
            assert set(cards) <= set(view.hand)
            game.pass_cards(seat, cards)
        else:
            shown.append(view)
            card = bot.choose_play(view)
            assert card in view.legal_plays, (card, view.legal_plays)
            before = game.hands_played
            game.play(seat, card)
            played_hands += game.hands_played - before
    return shown
