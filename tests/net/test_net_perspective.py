"""Turning the table: what a client at any chair hears is what seat 0 would hear.

The check is against the engine itself: the same game replayed with every seat
turned by ``k`` must give, at seat 0 and at every moment, exactly the view of seat
``k`` turned by :class:`Perspective`, and exactly its events turned.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from audiospades.net.perspective import Perspective
from audiospades.notices import Refused, YourTurn
from audiospades.rules import (
    Action,
    BidAction,
    DealAction,
    Game,
    IllegalAction,
    PassAction,
    Phase,
    PlayAction,
    Reason,
    RedealAction,
    Rules,
    seat_view,
    shuffled_deal,
    visible_events,
)

SHAPES = [
    (3, False),
    (4, True),
    (4, False),
    (5, False),
    (6, True),
    (6, False),
]


def _turned(action: Action, p: Perspective) -> Action:
    match action:
        case DealAction(hands=hands):
            return DealAction(p.by_seat(hands))
        case BidAction() | PassAction() | PlayAction() | RedealAction():
            return dataclasses.replace(action, seat=p.seat(action.seat))
    raise AssertionError(action)


def _random_actions(rules: Rules, seed: int) -> tuple[Game, list[Action]]:
    rng = random.Random(seed)
    game = Game(rules, first_dealer=seed % rules.player_count)
    while not game.is_over and game.hands_played < 3:
        game.deal(shuffled_deal(rules, rng))
        while game.phase in (Phase.BIDDING, Phase.PASSING, Phase.PLAYING):
            seat = game.to_act
            assert seat is not None
            if game.phase is Phase.BIDDING:
                game.bid(seat, rng.choice(list(game.legal_bids(seat))))
            elif game.phase is Phase.PASSING:
                game.pass_cards(seat, tuple(rng.sample(game.hand(seat), 2)))
            else:
                game.play(seat, rng.choice(sorted(game.legal_plays(seat))))
    return game, list(game.actions)


@pytest.mark.parametrize(("players", "partnerships"), SHAPES)
def test_a_turned_game_seen_from_seat_0_is_the_turned_view(
    players: int, partnerships: bool
) -> None:
    rules = Rules.pagat(players=players)
    rules = dataclasses.replace(
        rules,
        partnerships=partnerships,
        blind_nil_behind=0,
        blind_nil_pass=2 if partnerships else 0,
        target_score=None,
        hand_limit=3,
    )
    for seed in range(3):
        game, actions = _random_actions(rules, seed + 10 * players)
        for k in range(players):
            p = Perspective.of(k, players, rules.side_count)
            real = Game(rules, first_dealer=game.first_dealer)
            turned = Game(rules, first_dealer=p.seat(game.first_dealer))
            for action in actions:
                events = real.apply(action)
                turned_events = turned.apply(_turned(action, p))
                assert turned_events == tuple(p.notice(e) for e in events)
                assert visible_events(turned_events, 0) == tuple(
                    p.notice(e) for e in visible_events(events, k)
                )
                assert seat_view(turned, 0) == p.view(seat_view(real, k))


def test_notices_that_carry_a_view_or_a_seat_are_turned() -> None:
    rules = Rules.pagat()
    game, _ = _random_actions(rules, 3)
    p = Perspective.of(3, 4, 2)
    view = seat_view(game, 3)
    turned = p.notice(YourTurn(view))
    assert isinstance(turned, YourTurn) and turned.view.seat == 0
    refused = p.notice(Refused(IllegalAction(Reason.NOT_YOUR_TURN, to_act=1)))
    assert isinstance(refused, Refused) and refused.error.detail["to_act"] == 2
    assert [p.real_seat(p.seat(s)) for s in range(4)] == [0, 1, 2, 3]
