"""``audiospades selfplay``: bot-versus-bot matches for strength and speed.

Two players, ``--a`` and ``--b``, each a level (``1`` to ``5``) or a character id
(``milly``), share the table: A holds sides 0, 2, ... and B sides 1, 3, ... (with four
players in partnerships A is seats 0 and 2). With ``--duplicate`` every game is played
twice from the same deals, the second time with A and B swapped, which cancels most of
the luck of the cards. Reported: A's game win rate with its 95% Wilson interval (a draw
counts half), the mean points per deal margin (A minus B, averaged over their sides)
with its 95% interval (and, with ``--duplicate``, the same margin per duplicate deal:
the mean of A's margins on a deal at both tables, which cancels the cards' luck), nil
and blind nil attempts and successes, contracts set, bag penalties, and each player's
decision time (median and 95th percentile).

Games are split over a process pool (``--jobs``, default: the number of cores, at most
2 used for long matches); if the pool cannot start, they run in this process.

Example::

    audiospades selfplay --a 5 --b 3 --games 40 --duplicate --seed 1 --json
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from audiospades.bots import Bot, find_character, make_bot, make_level_bot
from audiospades.rules import (
    Game,
    HandScored,
    Phase,
    Rules,
    seat_view,
    shuffled_deal,
)

MAX_HANDS = 200
"""A game that has not ended after this many hands is stopped and not counted."""


@dataclasses.dataclass(frozen=True, slots=True)
class MatchConfig:
    """Everything a worker needs to play one game."""

    a: str
    b: str
    preset: str
    players: int
    partnerships: bool | None
    target: int | None
    hands_per_game: int | None
    seed: int

    def rules(self) -> Rules:
        """The rules of every game of the match."""
        rules = Rules.from_preset(
            self.preset, players=self.players, partnerships=self.partnerships
        )
        changes: dict[str, Any] = {}
        if self.target is not None:
            changes["target_score"] = self.target
        if self.hands_per_game is not None:
            changes["hand_limit"] = self.hands_per_game
        return dataclasses.replace(rules, **changes) if changes else rules


def player_label(spec: str) -> str:
    """Check a ``--a``/``--b`` value: a level 1-5 or a character id.

    Raises:
        ValueError: if it is neither.
    """
    if spec.isdigit() and 1 <= int(spec) <= 5:
        return spec
    if find_character(spec) is not None:
        return spec
    raise ValueError(f"not a level or character: {spec!r}")


def level_of(spec: str) -> int:
    """The playing level behind a player label."""
    if spec.isdigit():
        return int(spec)
    who = find_character(spec)
    assert who is not None
    return who.level


def build_bot(spec: str, rng: random.Random) -> Bot:
    """The bot for a player label."""
    if spec.isdigit():
        return make_level_bot(int(spec), rng)
    return make_bot(spec, rng)


def play_game(config: MatchConfig, game_index: int, swapped: bool) -> dict[str, Any]:
    """Play one game; return its statistics by role ("a" and "b").

    Args:
        config: the match.
        game_index: which game (the deals depend on it and the seed only, so the
            swapped replay of a duplicate pair sees the same deals).
        swapped: whether A and B change places.
    """
    rules = config.rules()
    n = rules.player_count
    game = Game(rules, first_dealer=game_index % n)

    def role_of_side(side: int) -> str:
        role = "a" if side % 2 == 0 else "b"
        if swapped:
            role = "b" if role == "a" else "a"
        return role

    seat_roles = [role_of_side(game.side_of(s)) for s in range(n)]
    side_roles = [role_of_side(s) for s in range(rules.side_count)]
    bots: list[Bot] = []
    for seat in range(n):
        spec = config.a if seat_roles[seat] == "a" else config.b
        rng = random.Random(f"{config.seed}:{game_index}:{int(swapped)}:{seat}")
        bots.append(build_bot(spec, rng))
    stats: dict[str, Any] = {
        "game_index": game_index,
        "swapped": swapped,
        "margins": [],
        "deals": [],
        "times": {"a": {"bid": [], "play": []}, "b": {"bid": [], "play": []}},
        "nil": {"a": [0, 0], "b": [0, 0]},
        "blind_nil": {"a": [0, 0], "b": [0, 0]},
        "set": {"a": 0, "b": 0},
        "bag_penalties": {"a": 0, "b": 0},
        "result": None,
        "hands": 0,
    }
    asked: set[int] = set()
    clock = time.perf_counter
    while not game.is_over and game.hands_played < MAX_HANDS:
        if game.phase is Phase.DEALING:
            deal_rng = random.Random(f"{config.seed}:{game_index}:{game.deal_count}")
            game.deal(shuffled_deal(rules, deal_rng))
            asked.clear()
            continue
        actor = game.to_act
        assert actor is not None
        role = seat_roles[actor]
        view = seat_view(game, actor)
        if game.phase is Phase.BIDDING:
            start = clock()
            blind = next((b for b in view.legal_bids if b.blind), None)
            if blind is not None and actor not in asked:
                # Asked once, at its turn, before it looks (bots/base.py's order).
                asked.add(actor)
                hidden = seat_view(game, actor, hide_hand=True)
                if not bots[actor].choose_blind_nil(hidden):
                    blind = None
            else:
                blind = None
            redeal = blind is None and view.can_request_redeal
            if redeal and bots[actor].choose_redeal(view):
                game.request_redeal(actor)
                continue
            bid = blind if blind is not None else bots[actor].choose_bid(view)
            stats["times"][role]["bid"].append(clock() - start)
            game.bid(actor, bid)
        elif game.phase is Phase.PASSING:
            game.pass_cards(actor, bots[actor].choose_pass(view))
        else:
            start = clock()
            card = bots[actor].choose_play(view)
            stats["times"][role]["play"].append(clock() - start)
            events = game.play(actor, card)
            for event in events:
                if isinstance(event, HandScored):
                    _note_hand(stats, event, side_roles, game.deal_count)
    if game.is_over:
        if game.is_draw or game.winner is None:
            stats["result"] = 0.5
        else:
            stats["result"] = 1.0 if side_roles[game.winner] == "a" else 0.0
    stats["hands"] = game.hands_played
    return stats


def _note_hand(
    stats: dict[str, Any], event: HandScored, side_roles: list[str], deal: int
) -> None:
    by_role: dict[str, list[int]] = {"a": [], "b": []}
    for side in event.score.sides:
        role = side_roles[side.side]
        by_role[role].append(side.points)
        if side.is_made is False:
            stats["set"][role] += 1
        stats["bag_penalties"][role] += side.bag_penalty_count
        for nil in side.nils:
            key = "blind_nil" if nil.blind else "nil"
            stats[key][role][0] += 1
            stats[key][role][1] += int(nil.is_made)
    a, b = by_role["a"], by_role["b"]
    if a and b:
        stats["margins"].append(sum(a) / len(a) - sum(b) / len(b))
        stats["deals"].append(deal)


def _run_task(task: tuple[MatchConfig, int, bool]) -> dict[str, Any]:
    return play_game(*task)


def run_match(
    config: MatchConfig, games: int, duplicate: bool, jobs: int
) -> list[dict[str, Any]]:
    """Play the match's games, over ``jobs`` processes when more than one."""
    tasks: list[tuple[MatchConfig, int, bool]] = []
    for index in range(games):
        if duplicate:
            pair = index // 2
            tasks.append((config, pair, index % 2 == 1))
        else:
            tasks.append((config, index, index % 2 == 1))
    if jobs > 1 and len(tasks) > 1:
        try:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                return list(pool.map(_run_task, tasks, chunksize=1))
        except (OSError, RuntimeError, ImportError):
            pass  # No processes here (a sandbox, a frozen app): one core will do.
    return [_run_task(task) for task in tasks]


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion.

    >>> [round(x, 3) for x in wilson(7, 10)]
    [0.397, 0.892]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(
    values: Sequence[float], z: float = 1.96
) -> tuple[float, float, float]:
    """The mean and its normal 95% interval.

    >>> mean_interval([1.0, 3.0])
    (2.0, 0.04, 3.96)
    """
    if not values:
        return (0.0, 0.0, 0.0)
    m = statistics.fmean(values)
    if len(values) < 2:
        return (m, m, m)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (round(m, 2), round(m - half, 2), round(m + half, 2))


def duplicate_margins(results: Sequence[dict[str, Any]]) -> list[float]:
    """A's margin on each deal played at both tables of a duplicate pair.

    The two games of a pair see the same cards at the same seats deal by deal, with A
    and B swapped; the mean of A's two margins on a deal cancels the luck of the cards,
    so these values, one per duplicate deal, vary far less than single hands do. A deal
    only one of the two games reached (one game ended sooner) has no partner and is
    left out.
    """
    tables: dict[int, list[dict[int, float]]] = {}
    for result in results:
        by_deal = dict(zip(result["deals"], result["margins"], strict=True))
        tables.setdefault(result["game_index"], []).append(by_deal)
    paired: list[float] = []
    for pair in tables.values():
        if len(pair) != 2:
            continue
        first, second = pair
        paired += [(first[d] + second[d]) / 2 for d in sorted(first) if d in second]
    return paired


def _timing(values: list[float]) -> dict[str, float | int]:
    if not values:
        return {"count": 0, "median_ms": 0.0, "p95_ms": 0.0}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {
        "count": len(values),
        "median_ms": round(statistics.median(ordered) * 1000, 2),
        "p95_ms": round(p95 * 1000, 2),
    }


def summarise(
    config: MatchConfig, results: list[dict[str, Any]], duplicate: bool
) -> dict[str, Any]:
    """The match report as plain data (the ``--json`` output)."""
    finished = [r for r in results if r["result"] is not None]
    wins = sum(r["result"] for r in finished)
    margins = [m for r in results for m in r["margins"]]
    report: dict[str, Any] = {
        "a": config.a,
        "b": config.b,
        "preset": config.preset,
        "players": config.players,
        "duplicate": duplicate,
        "seed": config.seed,
        "games": len(results),
        "games_finished": len(finished),
        "hands": sum(r["hands"] for r in results),
        "a_wins": wins,
        "a_win_rate": round(wins / len(finished), 4) if finished else None,
        "a_win_rate_ci95": [round(x, 4) for x in wilson(wins, len(finished))],
    }
    m, lo, hi = mean_interval(margins)
    report["margin_per_deal"] = m
    report["margin_per_deal_ci95"] = [lo, hi]
    if duplicate:
        paired = duplicate_margins(results)
        m, lo, hi = mean_interval(paired)
        report["duplicate_deals"] = len(paired)
        report["margin_per_duplicate_deal"] = m
        report["margin_per_duplicate_deal_ci95"] = [lo, hi]
    for key in ("nil", "blind_nil"):
        report[key] = {
            role: {
                "attempts": sum(r[key][role][0] for r in results),
                "made": sum(r[key][role][1] for r in results),
            }
            for role in ("a", "b")
        }
    report["contracts_set"] = {
        role: sum(r["set"][role] for r in results) for role in ("a", "b")
    }
    report["bag_penalties"] = {
        role: sum(r["bag_penalties"][role] for r in results) for role in ("a", "b")
    }
    timing: dict[str, Any] = {}
    for role, spec in (("a", config.a), ("b", config.b)):
        label = f"level_{level_of(spec)}"
        entry = timing.setdefault(label, {"bid": [], "play": []})
        for r in results:
            entry["bid"] += r["times"][role]["bid"]
            entry["play"] += r["times"][role]["play"]
    report["decision_time"] = {
        label: {kind: _timing(v) for kind, v in entry.items()}
        for label, entry in timing.items()
    }
    return report


def _text(report: dict[str, Any]) -> str:
    lines = [
        f"A={report['a']} vs B={report['b']}  preset={report['preset']}"
        f" players={report['players']} duplicate={report['duplicate']}",
        f"games {report['games']} (finished {report['games_finished']}),"
        f" hands {report['hands']}",
        f"A win rate {report['a_win_rate']}  95% CI {report['a_win_rate_ci95']}",
        f"margin per deal (A-B) {report['margin_per_deal']}"
        f"  95% CI {report['margin_per_deal_ci95']}",
    ]
    if report["duplicate"]:
        lines.append(
            f"margin per duplicate deal (A-B, {report['duplicate_deals']} deals)"
            f" {report['margin_per_duplicate_deal']}"
            f"  95% CI {report['margin_per_duplicate_deal_ci95']}"
        )
    lines += [
        f"nil A {report['nil']['a']}  B {report['nil']['b']}",
        f"blind nil A {report['blind_nil']['a']}  B {report['blind_nil']['b']}",
        f"contracts set A {report['contracts_set']['a']}"
        f"  B {report['contracts_set']['b']}",
        f"bag penalties A {report['bag_penalties']['a']}"
        f"  B {report['bag_penalties']['b']}",
    ]
    for label, kinds in report["decision_time"].items():
        for kind, t in kinds.items():
            lines.append(
                f"{label} {kind}: n={t['count']} median {t['median_ms']} ms"
                f"  p95 {t['p95_ms']} ms"
            )
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    """Run ``audiospades selfplay`` with ``argv``; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="audiospades selfplay", description="Bot-versus-bot matches."
    )
    parser.add_argument("--a", required=True, help="level 1-5 or character id")
    parser.add_argument("--b", required=True, help="level 1-5 or character id")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="pagat", choices=Rules.preset_names())
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5, 6))
    parser.add_argument(
        "--individual", action="store_true", help="no partnerships (cutthroat)"
    )
    parser.add_argument("--duplicate", action="store_true")
    parser.add_argument("--target", type=int, default=None)
    parser.add_argument("--hands-per-game", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        a, b = player_label(args.a), player_label(args.b)
    except ValueError as error:
        parser.error(str(error))
    config = MatchConfig(
        a=a,
        b=b,
        preset=args.preset,
        players=args.players,
        partnerships=False if args.individual else None,
        target=args.target,
        hands_per_game=args.hands_per_game,
        seed=args.seed,
    )
    try:
        config.rules()
    except ValueError as error:
        parser.error(str(error))
    games = args.games + (args.games % 2 if args.duplicate else 0)
    results = run_match(config, games, args.duplicate, max(1, args.jobs))
    report = summarise(config, results, args.duplicate)
    if args.json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        sys.stdout.write(_text(report))
    return 0
