"""How often a blind nil survives at each table shape, under level-3 play.

Run: .venv/bin/python benchmarks/blind_nil_odds.py [--hands N] [--seed S]

In each shape (pagat rules, blind nil allowed at any score), seat 0 bids blind nil
every hand and every seat is a level-3 player: its partner covers and passes low
cards, the opponents attack. Printed per shape: the attempts, the share that
survived with its 95% Wilson interval, and the estimate the bots use
(:func:`audiospades.bots.bidding.blind_nil_odds`), which should lie near it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys

from audiospades.bots import make_level_bot
from audiospades.bots.bidding import blind_nil_odds
from audiospades.rules import (
    Bid,
    Game,
    HandScored,
    Phase,
    Rules,
    seat_view,
    shuffled_deal,
)
from audiospades.selfplay import wilson

SHAPES = {
    "3i": (3, False),
    "4p": (4, True),
    "4i": (4, False),
    "5i": (5, False),
    "6i": (6, False),
    "6p": (6, True),
}


def blind_nil_hands(rules: Rules, hands: int, seed: int) -> list[tuple[bool, float]]:
    """Seat 0's blind nil in each of ``hands`` hands: whether it survived, and its
    side's points that hand less the mean of the other sides'."""
    n = rules.player_count
    rng = random.Random(seed)
    out: list[tuple[bool, float]] = []
    for index in range(hands):
        # Seat 0 bids first: the dealer is the seat before it.
        game = Game(rules, first_dealer=n - 1)
        bots = [
            make_level_bot(3, random.Random(seed * 1000 + index * 10 + s))
            for s in range(n)
        ]
        game.deal(shuffled_deal(rules, rng))
        while game.phase is not Phase.DEALING and not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            if game.phase is Phase.BIDDING:
                bid = Bid.blind_nil() if seat == 0 else bots[seat].choose_bid(view)
                game.bid(seat, bid)
            elif game.phase is Phase.PASSING:
                game.pass_cards(seat, bots[seat].choose_pass(view))
            else:
                for event in game.play(seat, bots[seat].choose_play(view)):
                    if isinstance(event, HandScored):
                        points = event.score.points
                        others = sum(points[1:]) / (len(points) - 1)
                        out.append((event.score.tricks[0] == 0, points[0] - others))
    return out


def measure(rules: Rules, hands: int, seed: int) -> tuple[int, int]:
    """(attempts, survived) of seat 0's blind nils over ``hands`` hands."""
    results = blind_nil_hands(rules, hands, seed)
    return len(results), sum(1 for survived, _ in results if survived)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shapes", default=",".join(SHAPES))
    args = parser.parse_args()
    out = {}
    for name in args.shapes.split(","):
        players, partnerships = SHAPES[name]
        rules = Rules.pagat(players=players, partnerships=partnerships)
        rules = dataclasses.replace(
            rules,
            blind_nil_behind=0,
            blind_nil_pass=rules.blind_nil_pass if partnerships else 0,
        )
        attempts, made = measure(rules, args.hands, args.seed)
        low, high = wilson(made, attempts)
        out[name] = {
            "attempts": attempts,
            "survived": made,
            "rate": round(made / attempts, 3),
            "ci95": [round(low, 3), round(high, 3)],
            "bots_estimate": round(blind_nil_odds(rules), 3),
        }
    sys.stdout.write(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
