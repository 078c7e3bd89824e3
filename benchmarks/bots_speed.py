"""Bot decision time per level: median and 95th percentile, bids and cards apart.

Run: .venv/bin/python benchmarks/bots_speed.py [--hands N] [--levels 1,2,3,4,5]
    [--players 3..6] [--individual]
Targets (on the 2-core reference machine): levels 1-3 within 20 ms; level 5 a card
within 1 s and a bid within 2 s at the 95th percentile.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from audiospades.bots import make_level_bot
from audiospades.rules import Game, Phase, Rules, seat_view, shuffled_deal


def measure(
    level: int,
    hands: int,
    seed: int,
    rules: Rules | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[list[float], list[float]]:
    """Play ``hands`` hands with bots of ``level`` at every seat; time each decision.

    ``clock`` is the wall clock by default; ``time.process_time`` counts only the
    processor time this process used, which a busy machine does not inflate.
    """
    rules = rules if rules is not None else Rules.pagat()
    n = rules.player_count
    rng = random.Random(seed)
    bots = [make_level_bot(level, random.Random(seed + s)) for s in range(n)]
    bids: list[float] = []
    plays: list[float] = []
    for hand in range(hands):
        game = Game(rules, first_dealer=hand % n)
        game.deal(shuffled_deal(rules, rng))
        while game.phase is not Phase.DEALING and not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            start = clock()
            if game.phase is Phase.BIDDING:
                bid = bots[seat].choose_bid(view)
                bids.append(clock() - start)
                game.bid(seat, bid)
            elif game.phase is Phase.PASSING:
                game.pass_cards(seat, bots[seat].choose_pass(view))
            else:
                card = bots[seat].choose_play(view)
                plays.append(clock() - start)
                game.play(seat, card)
    return bids, plays


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--levels", default="1,2,3,4,5")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5, 6))
    parser.add_argument("--individual", action="store_true")
    parser.add_argument(
        "--cpu", action="store_true", help="processor time, not wall-clock time"
    )
    args = parser.parse_args()
    rules = Rules.pagat(
        players=args.players, partnerships=False if args.individual else None
    )
    kind = "partnerships" if rules.partnerships else "each for themselves"
    print(f"{args.players} players, {kind}, {'cpu' if args.cpu else 'wall'} time")
    for level in (int(x) for x in args.levels.split(",")):
        clock = time.process_time if args.cpu else time.perf_counter
        bids, plays = measure(level, args.hands, args.seed, rules, clock)
        for what, values in (("bid", bids), ("card", plays)):
            print(
                f"level {level} {what}: n={len(values)}"
                f" median {statistics.median(values) * 1000:.1f} ms"
                f" p95 {p95(values) * 1000:.1f} ms"
                f" max {max(values) * 1000:.1f} ms"
            )


if __name__ == "__main__":
    main()
