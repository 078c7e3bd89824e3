"""Level 3's fast card choice decides exactly as the slow code it replaced.

``policy_reference.py`` is a verbatim copy of ``audiospades/bots/policy.py`` before
its speed refactor. Random games (any table shape, trump mode and variant, random
bids so that nil, cover and attack positions are common) give thousands of real
positions; at each, both codes choose for the seat to act, from its own view (as
levels 1 to 3 and the search's first guess see it) and with every hand known (as in
the search's play-outs), for each level's play and the setting styles. They must
give the same card, the same reason, the same aim and the same random draws.
"""

from __future__ import annotations

import random
from typing import Any

import policy_reference as ref
import pytest
from bots_helpers import random_rules

from audiospades.bots import make_level_bot, search
from audiospades.bots.policy import (
    LEVEL_PLAY,
    PlayParams,
    aim_for,
    choose_card,
    contract_card,
)
from audiospades.bots.reasons import HintReason
from audiospades.bots.search import SearchBot, side_value
from audiospades.bots.sim import Sim, sim_from_view
from audiospades.rules import Card, Game, Phase, seat_view, shuffled_deal

PARAMS = (
    LEVEL_PLAY[1],
    LEVEL_PLAY[2],
    LEVEL_PLAY[3],
    PlayParams(setting=0.0),
    PlayParams(setting=1.0),
)


def _positions(seed: int) -> list[tuple[Sim, int]]:
    """The seat to act's positions, view and all-hands, over one random game."""
    rng = random.Random(seed)
    rules = random_rules(rng)
    n = rules.player_count
    game = Game(rules, first_dealer=seed % n)
    game.deal(shuffled_deal(rules, rng))
    bots = [make_level_bot(3, random.Random(seed * 10 + s)) for s in range(n)]
    while game.phase is Phase.BIDDING:
        seat = game.to_act
        assert seat is not None
        game.bid(seat, rng.choice(list(game.legal_bids(seat))))
    while game.phase is Phase.PASSING:
        seat = game.to_act
        assert seat is not None
        game.pass_cards(seat, rng.sample(game.hand(seat), rules.blind_nil_pass))
    found: list[tuple[Sim, int]] = []
    while game.phase is Phase.PLAYING:
        seat = game.to_act
        assert seat is not None
        view = seat_view(game, seat)
        found.append((sim_from_view(view), seat))
        full = sim_from_view(view)
        full.hands = [set(game.hand(s)) for s in range(n)]
        found.append((full, seat))
        # Half the games play level 3's cards, half random ones (odder positions).
        if seed % 2:
            card = bots[seat].choose_play(view)
        else:
            card = rng.choice(sorted(game.legal_plays(seat)))
        game.play(seat, card)
    return found


@pytest.mark.parametrize("chunk", range(12))
def test_fast_choice_equals_the_reference_on_random_positions(chunk: int) -> None:
    compared = 0
    for seed in range(chunk * 6, chunk * 6 + 6):
        for sim, seat in _positions(seed):
            legal = sim.legal(seat)
            for index, params in enumerate(PARAMS):
                where = f"seed {seed}, trick {sim.trick_index}, seat {seat}, {params}"
                new_rng = random.Random(seed * 100 + index)
                old_rng = random.Random(seed * 100 + index)
                new = choose_card(sim, seat, legal, params, new_rng)
                old = ref.choose_card(sim, seat, legal, params, old_rng)  # type: ignore[arg-type]
                assert new == old, where
                assert new_rng.getstate() == old_rng.getstate(), where
                assert choose_card(sim, seat, legal, params) == ref.choose_card(
                    sim,
                    seat,
                    legal,
                    params,  # type: ignore[arg-type]
                ), where
                new_aim, new_nil = aim_for(sim, seat, params)
                old_aim, old_nil = ref.aim_for(sim, seat, params)  # type: ignore[arg-type]
                assert (new_aim.value, new_nil) == (old_aim.value, old_nil), where
                assert contract_card(sim, seat, legal, params) == ref.contract_card(
                    sim,
                    seat,
                    legal,
                    params,  # type: ignore[arg-type]
                ), where
                compared += 1
    # Enough positions that every branch is met many times over.
    assert compared > 1000


@pytest.mark.parametrize("chunk", range(4))
def test_playouts_choose_as_the_reference(
    chunk: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Level 5's play-outs (aims kept for the trick) play the reference's cards."""
    chosen: list[tuple[int, Card]] = []

    def recorded(sim: Sim, seat: int, *args: Any) -> tuple[Card, HintReason]:
        card, reason = choose_card(sim, seat, *args)
        chosen.append((seat, card))
        return card, reason

    monkeypatch.setattr(search, "choose_card", recorded)
    bot = make_level_bot(5, random.Random(chunk), timed=False)
    assert isinstance(bot, SearchBot)
    playouts = 0
    for seed in range(chunk * 5, chunk * 5 + 5):
        positions = _positions(seed)
        for index, (sim, seat) in enumerate(positions[1::2]):
            params = PARAMS[index % len(PARAMS)]
            bot.rollout = params
            new_sim = sim.copy()
            chosen.clear()
            new_value = bot._rollout(new_sim, seat)
            old_sim = sim.copy()
            expected: list[tuple[int, Card]] = []
            while not old_sim.is_over:
                actor = old_sim.to_act
                legal = old_sim.legal(actor)
                if len(legal) == 1:
                    card = legal[0]
                else:
                    card = ref.choose_card(old_sim, actor, legal, params)[0]  # type: ignore[arg-type]
                    expected.append((actor, card))
                old_sim.play(card)
            where = f"seed {seed}, trick {sim.trick_index}, seat {seat}, {params}"
            assert chosen == expected, where
            assert new_sim.tricks_won == old_sim.tricks_won, where
            assert new_value == side_value(
                old_sim.score(), old_sim.rules, old_sim.sides[seat]
            ), where
            playouts += 1
    assert playouts > 200
