"""The lean simulator agrees with the engine on random games."""

from __future__ import annotations

import random

import pytest
from bots_helpers import random_rules

from audiospades.bots.sim import Sim, sim_from_view
from audiospades.rules import Game, Phase, seat_view, shuffled_deal


@pytest.mark.parametrize("seed", range(30))
def test_sim_matches_engine_legal_plays_winners_and_score(seed: int) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng)
    game = Game(rules, first_dealer=seed % rules.player_count)
    game.deal(shuffled_deal(rules, rng))
    while game.phase is Phase.BIDDING:
        seat = game.to_act
        assert seat is not None
        game.bid(seat, rng.choice([b for b in game.legal_bids(seat)]))
    while game.phase is Phase.PASSING:
        seat = game.to_act
        assert seat is not None
        game.pass_cards(seat, rng.sample(game.hand(seat), rules.blind_nil_pass))
    sim: Sim = sim_from_view(seat_view(game, 0))
    sim.hands = [set(game.hand(s)) for s in range(rules.player_count)]
    while game.phase is Phase.PLAYING:
        seat = game.to_act
        assert seat == sim.to_act
        assert set(sim.legal(seat)) == set(game.legal_plays(seat))
        card = rng.choice(sorted(game.legal_plays(seat)))
        game.play(seat, card)
        sim.play(card)
        assert sim.tricks_won == game.tricks_won
        assert (
            sim.spades_broken == game.spades_broken or game.phase is not Phase.PLAYING
        )
    assert sim.is_over
    assert sim.score() == game.history[-1]
