"""Engine throughput: complete hands with random legal play, through the public API.

Run: .venv/bin/python benchmarks/engine_throughput.py [--hands N] [--players N]
Prints hands per second on one core (the target for 4 players is 5,000).

The harness is kept thin so that it measures the engine: random choices index a
sequence with ``rng.random()`` (uniform for these sizes) rather than going through
``rng.choice``, whose Python-level ``_randbelow`` cost a fifth of the run.
"""

from __future__ import annotations

import argparse
import random
import time

from audiospades.rules import Game, Phase, Rules, shuffled_deal


def play_hands(rules: Rules, hand_count: int, seed: int) -> int:
    """Play ``hand_count`` hands with random legal actions; return the plays made."""
    rng = random.Random(seed)
    random_ = rng.random
    bidding, passing, playing = Phase.BIDDING, Phase.PASSING, Phase.PLAYING
    plays = 0
    game = Game(rules, first_dealer=0)
    for hand_index in range(hand_count):
        # A new game when one ends or after 16 hands (seed 001's longest hand limit):
        # random bids make games that never end, and one endless game would hoard
        # every event and end up measuring the garbage collector.
        if game.is_over or game.hands_played == 16:
            game = Game(rules, first_dealer=hand_index % rules.player_count)
        game.deal(shuffled_deal(rules, rng))
        while game.phase is bidding:
            seat = game.to_act
            assert seat is not None
            bids = game.legal_bids(seat)
            game.bid(seat, bids[int(random_() * len(bids))])
        while game.phase is passing:
            seat = game.to_act
            assert seat is not None
            game.pass_cards(seat, rng.sample(game.hand(seat), rules.blind_nil_pass))
        while game.phase is playing:
            seat = game.to_act
            assert seat is not None
            cards = tuple(game.legal_plays(seat))
            game.play(seat, cards[int(random_() * len(cards))])
            plays += 1
    return plays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = Rules.pagat(players=args.players)
    start = time.perf_counter()
    plays = play_hands(rules, args.hands, args.seed)
    elapsed = time.perf_counter() - start
    rate = args.hands / elapsed
    print(
        f"{args.hands} hands ({plays} cards) of {args.players}-player Spades in "
        f"{elapsed:.2f} s: {rate:,.0f} hands/s on one core"
    )


if __name__ == "__main__":
    main()
