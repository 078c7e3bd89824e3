"""At five or six players each for themselves, level 3 leaves other players' nils and
contracts alone, unless its style is to attack.

Breaking one player's nil, or setting one contract, costs the seat a trick it does
not need (a bag, or its own contract at risk) and helps the three or four other
opponents as much as itself. Measured over 400-game duplicate matches, level 3
without those attacks beat level 2 at both shapes, where with them it did not
(README, issue 14). With a partner, or at three and four players, it still attacks.
"""

from __future__ import annotations

import pytest

from audiospades.bots.policy import LEVEL_PLAY, Aim, PlayParams, aim_for
from audiospades.bots.sim import Sim
from audiospades.rules import Bid, Rules


def _made_bid_beside_a_nil(players: int, partnerships: bool) -> Sim:
    """Seat 0 has made its bid of 2; seat 1 bid nil and has taken nothing."""
    rules = Rules.from_preset("pagat", players=players, partnerships=partnerships)
    sim = Sim(rules)
    sim.bids = [Bid(2), Bid.nil()] + [Bid(2)] * (players - 2)
    played = 3
    sim.tricks_won = [2, 0, 1] + [0] * (players - 3)
    sim.trick_index = played
    assert sim.tricks_left == rules.trick_count - played
    return sim


def _overbid_beside(players: int, partnerships: bool) -> Sim:
    """Seat 0 has made its bid; seat 1 bid every trick but one and has none yet."""
    rules = Rules.from_preset("pagat", players=players, partnerships=partnerships)
    sim = Sim(rules)
    left = rules.trick_count - 2
    sim.bids = [Bid(2), Bid(left)] + [Bid(1)] * (players - 2)
    sim.tricks_won = [2, 0] + [0] * (players - 2)
    sim.trick_index = 2
    return sim


@pytest.mark.parametrize("players", [5, 6])
def test_alone_among_many_a_nil_is_left_alone(players: int) -> None:
    sim = _made_bid_beside_a_nil(players, partnerships=False)
    assert aim_for(sim, 0, LEVEL_PLAY[3]) == (Aim.DUCK, None)


@pytest.mark.parametrize("players", [5, 6])
def test_alone_among_many_an_overbid_is_not_chased(players: int) -> None:
    sim = _overbid_beside(players, partnerships=False)
    assert aim_for(sim, 0, LEVEL_PLAY[3]) == (Aim.DUCK, None)


@pytest.mark.parametrize(
    ("players", "partnerships"), [(3, False), (4, False), (4, True), (6, True)]
)
def test_elsewhere_a_nil_is_still_attacked(players: int, partnerships: bool) -> None:
    sim = _made_bid_beside_a_nil(players, partnerships)
    if partnerships and sim.sides[1] == sim.sides[0]:
        pytest.skip("seat 1 is seat 0's partner here")
    assert aim_for(sim, 0, LEVEL_PLAY[3]) == (Aim.ATTACK, 1)


@pytest.mark.parametrize(
    ("players", "partnerships"), [(3, False), (4, False), (4, True), (6, True)]
)
def test_elsewhere_an_overbid_is_still_set(players: int, partnerships: bool) -> None:
    sim = _overbid_beside(players, partnerships)
    assert aim_for(sim, 0, LEVEL_PLAY[3]) == (Aim.WIN, None)


@pytest.mark.parametrize("players", [5, 6])
def test_a_character_who_sets_and_attacks_keeps_its_style(players: int) -> None:
    """Nadia "attacks any nil she sees" (setting 0.9), at any table size."""
    setter = PlayParams(setting=0.9)
    sim = _made_bid_beside_a_nil(players, partnerships=False)
    assert aim_for(sim, 0, setter) == (Aim.ATTACK, 1)
    sim = _overbid_beside(players, partnerships=False)
    assert aim_for(sim, 0, setter) == (Aim.WIN, None)
