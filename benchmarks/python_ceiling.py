"""How fast could any pure-Python engine be behind the comparison loop? A ceiling.

Run: .venv/bin/python benchmarks/python_ceiling.py [--hands N] [--rounds R]

A deliberately bare 4-player hand on the engine's core (``rules/core.py``): the same
deal, legal plays handed out as frozensets and checked, trick winners; but no events,
no action log objects, no bid rules (any of 1-13), no scoring and no game around the
hand, which the real engine must all do. It runs in the loop of
``compare_openspiel.py``, beside OpenSpiel's C++ Spades (both ways of sampling its
chance nodes), by CPU time. If even this falls short of a target, the engine's own
throughput cannot meet it without leaving pure Python.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from compare_openspiel import openspiel_hands  # noqa: E402

from audiospades.rules import Card, Rules, Suit  # noqa: E402
from audiospades.rules.core import (  # noqa: E402
    legal_mask,
    mask_of,
    play_core,
    shuffled_hands,
    trick_winner,
)

RULES = Rules.pagat()
CORE = play_core(RULES)
SUIT_OF = CORE.table.suit_of
BIDS = tuple(range(1, 14))
EMPTY: frozenset[Card] = frozenset()


class BareHand:
    """One hand, four seats, with only what the loop needs."""

    def deal(self, hands: tuple[tuple[Card, ...], ...]) -> None:
        """Take the hands and open the bidding."""
        self.masks = [mask_of(h) for h in hands]
        self.sets = [set(h) for h in hands]
        self.suits: list[dict[Suit, set[Card]]] = []
        for hand in hands:
            by_suit: dict[Suit, set[Card]] = {suit: set() for suit in Suit}
            for card in hand:
                by_suit[SUIT_OF[card]].add(card)
            self.suits.append(by_suit)
        self.to_act = 0
        self.trick: list[tuple[int, Card]] = []
        self.phase = 1
        self.won = [0] * 4
        self.bids: list[int] = []
        self.legal = 0

    def legal_bids(self, seat: int) -> tuple[int, ...]:
        """Any bid of 1 to 13."""
        return BIDS

    def bid(self, seat: int, bid: int) -> None:
        """Bid; the fourth bid starts the play."""
        self.bids.append(bid)
        self.to_act = (seat + 1) % 4
        if len(self.bids) == 4:
            self.phase = 2
            self.legal = legal_mask(CORE, self.masks[self.to_act], None, True)

    def legal_plays(self, seat: int) -> frozenset[Card]:
        """The legal cards, as the engine hands them out."""
        if self.phase != 2 or seat != self.to_act:
            return EMPTY
        if self.legal == self.masks[seat]:
            return frozenset(self.sets[seat])
        if self.trick:
            return frozenset(self.suits[seat][SUIT_OF[self.trick[0][1]]])
        return frozenset(self.sets[seat] - self.suits[seat][Suit.SPADES])

    def play(self, seat: int, card: Card) -> None:
        """Play a legal card."""
        if not (seat == self.to_act and self.legal >> card & 1):
            raise ValueError(card)
        self.masks[seat] ^= 1 << card
        self.sets[seat].remove(card)
        self.suits[seat][SUIT_OF[card]].remove(card)
        trick = self.trick
        trick.append((seat, card))
        if len(trick) < 4:
            self.to_act = after = (seat + 1) % 4
            self.legal = legal_mask(CORE, self.masks[after], trick[0][1], False)
            return
        winner = trick_winner(CORE, trick)
        self.won[winner] += 1
        self.trick = []
        self.to_act = winner
        if self.masks[winner]:
            self.legal = legal_mask(CORE, self.masks[winner], None, False)
        else:
            self.phase = 3


def bare_hands(hand_count: int, seed: int) -> None:
    """Play ``hand_count`` bare hands by the comparison loop."""
    rng = random.Random(seed)
    random_ = rng.random
    hand = BareHand()
    for _ in range(hand_count):
        hand.deal(shuffled_hands(CORE.table.deck, 4, rng))
        while hand.phase == 1:
            seat = hand.to_act
            bids = hand.legal_bids(seat)
            hand.bid(seat, bids[int(random_() * len(bids))])
        while hand.phase == 2:
            seat = hand.to_act
            cards = tuple(hand.legal_plays(seat))
            hand.play(seat, cards[int(random_() * len(cards))])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    import pyspiel

    game = pyspiel.load_game("spades")
    runs: dict[str, Any] = {
        "bare_python_hand": lambda seed: bare_hands(args.hands, seed),
        "openspiel_chance_outcomes": lambda seed: openspiel_hands(
            game, args.hands, seed, True
        ),
        "openspiel_legal_actions": lambda seed: openspiel_hands(
            game, args.hands, seed, False
        ),
    }
    best = {name: 0.0 for name in runs}
    for index in range(args.rounds):
        for name, run in runs.items():
            start = time.process_time()
            run(index + 1)
            best[name] = max(best[name], args.hands / (time.process_time() - start))
    report = {
        "command": " ".join(["benchmarks/python_ceiling.py", *sys.argv[1:]]),
        "best_hands_per_cpu_s": {k: round(v, 1) for k, v in best.items()},
        "bare_over_openspiel_chance_outcomes": round(
            best["bare_python_hand"] / best["openspiel_chance_outcomes"], 3
        ),
        "bare_over_openspiel_legal_actions": round(
            best["bare_python_hand"] / best["openspiel_legal_actions"], 3
        ),
    }
    text = json.dumps(report, indent=2)
    if args.json:
        args.json.write_text(text + "\n")
    sys.stdout.write(text + "\n")


if __name__ == "__main__":
    main()
