"""Setting the opponents who overbid, and saving bags when they are safe.

Positions are built straight in the lean simulator: seat 0's side (0 and 2) has
made its bid, seat 3 has led the five of hearts, and seat 0 holds the ace and the
two. Taking the trick is a bag; it is worth it only to set an opponent side that
still needs nearly every trick left.
"""

from __future__ import annotations

from audiospades.bots.policy import LEVEL_PLAY, Aim, aim_for, choose_card
from audiospades.bots.sim import Sim
from audiospades.rules import Bid, Card, Rules, parse_cards


def _position(their_bids: tuple[int, int], their_tricks: tuple[int, int]) -> Sim:
    sim = Sim(Rules.pagat())
    sim.bids = [Bid(3), Bid(their_bids[0]), Bid(2), Bid(their_bids[1])]
    # Nine tricks played: seats 0 and 2 took five between them (bid five).
    sim.tricks_won = [3, their_tricks[0], 2, their_tricks[1]]
    assert sum(sim.tricks_won) == 9
    sim.trick_index = 9
    sim.hands[0] = set(parse_cards("AH 2H 3C 4C"))
    # Sixteen cards unplayed: seat 0's four, the five led, and eleven low ones.
    sim.remaining = set(parse_cards("AH 2H 3C 4C 5H 3H 4H 6H 2C 5C 6C 2D 3D 4D 2S 3S"))
    sim.trick = [(3, Card.parse("5H"))]
    sim.to_act = 0
    return sim


def test_a_side_that_overbid_is_set_with_the_ace() -> None:
    # They bid 8 and have 4 with 4 tricks left: every trick they lose sets them.
    sim = _position((4, 4), (2, 2))
    assert aim_for(sim, 0, LEVEL_PLAY[3])[0] is Aim.WIN
    card, _ = choose_card(sim, 0, sim.legal(0), LEVEL_PLAY[3])
    assert card == Card.parse("AH")


def test_a_side_sure_of_its_bid_is_left_the_trick_to_save_a_bag() -> None:
    # They bid 4 and have 4: nothing to set, so a trick would only be a bag.
    sim = _position((2, 2), (2, 2))
    assert aim_for(sim, 0, LEVEL_PLAY[3])[0] is Aim.DUCK
    card, _ = choose_card(sim, 0, sim.legal(0), LEVEL_PLAY[3])
    assert card == Card.parse("2H")
