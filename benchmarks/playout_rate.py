"""Level 5's play-outs per CPU second, and its decisions, on a fixed set of positions.

Run: .venv/bin/python benchmarks/playout_rate.py [--root CHECKOUT] [--positions N]
     [--json FILE]

The positions are seat views met in level-3 games (4-player partnership and 3-player
individual, pagat rules, fixed seeds); each is decided by a level-5 bot, untimed (so
it samples to its limit, the same on any machine) with a fixed seed. The report
gives every decision with its play-out count, and the play-outs per CPU second over
all of them. Run it on two checkouts (``--root``, say an older commit unpacked with
``git archive``) to compare: equal decisions and counts mean the same search, and the
rates then say how much faster one plays out.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", type=Path, default=HERE.parent)
    parser.add_argument("--positions", type=int, default=24, help="per table shape")
    parser.add_argument("--json", type=Path, help="also write the report here")
    args = parser.parse_args()
    sys.path.insert(0, str(args.root.resolve()))
    from audiospades.bots import make_level_bot
    from audiospades.rules import Game, Phase, Rules, SeatView, seat_view, shuffled_deal

    def positions(rules: Rules, count: int, seed: int) -> list[SeatView]:
        n = rules.player_count
        players = [make_level_bot(3, random.Random(seed + s)) for s in range(n)]
        found: list[SeatView] = []
        for hand in itertools.count():
            game = Game(rules, first_dealer=hand % n)
            game.deal(shuffled_deal(rules, random.Random(seed * 1000 + hand)))
            while game.phase is not Phase.DEALING and not game.is_over:
                seat = game.to_act
                assert seat is not None
                view = seat_view(game, seat)
                # Every other seat's decisions, so positions spread over the hand.
                if game.phase is not Phase.PASSING and (hand + seat) % 2 == 0:
                    found.append(view)
                    if len(found) == count:
                        return found
                bot = players[seat]
                if game.phase is Phase.BIDDING:
                    game.bid(seat, bot.choose_bid(view))
                elif game.phase is Phase.PASSING:
                    game.pass_cards(seat, bot.choose_pass(view))
                else:
                    game.play(seat, bot.choose_play(view))
        raise AssertionError("unreachable")

    decisions: list[dict[str, Any]] = []
    playouts = 0
    cpu = 0.0
    for players in (4, 3):
        rules = Rules.pagat(players=players)
        for index, view in enumerate(positions(rules, args.positions, players)):
            bot = make_level_bot(5, random.Random(index), timed=False)
            count = 0
            rollout = bot._rollout  # type: ignore[attr-defined]

            def counted(*a: Any, _rollout: Any = rollout) -> float:
                nonlocal count
                count += 1
                return float(_rollout(*a))

            bot._rollout = counted  # type: ignore[attr-defined]
            start = time.process_time()
            if view.phase is Phase.BIDDING:
                choice = str(bot.choose_bid(view))
            else:
                choice = str(bot.choose_play(view))
            cpu += time.process_time() - start
            playouts += count
            decisions.append(
                {"players": players, "position": index, "choice": choice, "n": count}
            )
    report = {
        "command": " ".join(["benchmarks/playout_rate.py", *sys.argv[1:]]),
        "checkout": str(args.root.resolve()),
        "playouts": playouts,
        "cpu_s": round(cpu, 3),
        "playouts_per_cpu_s": round(playouts / cpu, 1),
        "decisions": decisions,
    }
    text = json.dumps(report, indent=1)
    if args.json:
        args.json.write_text(text + "\n")
    sys.stdout.write(
        f"{playouts} play-outs in {cpu:.2f} CPU s: "
        f"{playouts / cpu:,.0f} a CPU second ({args.root})\n"
    )


if __name__ == "__main__":
    main()
