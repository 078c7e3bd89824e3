"""Helpers for the record tests (a module of its own: ``conftest`` is not
importable by name when several test folders run together)."""

from __future__ import annotations

import random
from typing import Any

from audiospades.record import FORMAT
from audiospades.rules import Game, Phase, Rules, shuffled_deal


def play_random_game(rules: Rules, seed: int, max_hands: int = 40) -> Game:
    rng = random.Random(seed)
    game = Game(rules, first_dealer=seed % rules.player_count)
    while not game.is_over and game.hands_played < max_hands:
        game.deal(shuffled_deal(rules, rng))
        while game.phase in (Phase.BIDDING, Phase.PASSING, Phase.PLAYING):
            seat = game.to_act
            assert seat is not None
            if game.phase is Phase.BIDDING:
                bids = [b for b in game.legal_bids(seat) if b.tricks in (2, 3, 4)]
                game.bid(seat, rng.choice(bids or list(game.legal_bids(seat))))
            elif game.phase is Phase.PASSING:
                game.pass_cards(seat, rng.sample(game.hand(seat), rules.blind_nil_pass))
            else:
                game.play(seat, rng.choice(sorted(game.legal_plays(seat))))
    return game


def suits_deal_record() -> dict[str, Any]:
    """A record written by hand, as another program would: each seat holds one suit.

    South (seat 0) holds every spade and so must lead spades and wins all 13 tricks.
    Bids: South 10, West nil, North 2, East nil. Pagat (seed 000): North/South bid 12
    and took 13: 120 + 1 overtrick = 121 and one bag; East/West both made nil: +100
    each = 200 ("If a bid of nil is successful, the nil bidder's side receives 100").
    """
    suits = ["S", "H", "D", "C"]
    ranks = "23456789TJQKA"
    deal = [[r + s for r in ranks] for s in suits]
    actions: list[dict[str, Any]] = [
        {"seat": 0, "bid": 10},
        {"seat": 1, "bid": 0},
        {"seat": 2, "bid": 2},
        {"seat": 3, "bid": 0},
    ]
    for trick in range(13):
        for seat in range(4):
            actions.append({"seat": seat, "play": ranks[12 - trick] + suits[seat]})
    return {
        "format": FORMAT,
        "rules": {"preset": "pagat"},
        "players": 4,
        "partnerships": True,
        "names": ["South", "West", "North", "East"],
        "hands": [{"dealer": 3, "deal": deal, "actions": actions}],
    }
