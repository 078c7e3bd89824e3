"""Helpers for the record tests (a module of its own: ``conftest`` is not
importable by name when several test folders run together)."""

from __future__ import annotations

import random

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
