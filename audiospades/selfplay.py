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
from audiospades.selfplay_stats import (
    ROLES,
    arrangements,
    mean_interval,
    new_stats,
    note_hand,
    note_ranks,
    player_report,
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
    options: tuple[tuple[str, Any], ...] = ()
    """Rule options over the preset (``--rule``), as :meth:`Rules.from_dict` reads."""

    def rules(self) -> Rules:
        """The rules of every game of the match."""
        if self.options:
            data = {"preset": self.preset, **dict(self.options)}
            rules = Rules.from_dict(
                data, players=self.players, partnerships=self.partnerships
            )
        else:
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


def play_game(config: MatchConfig, game_index: int, arrangement: int) -> dict[str, Any]:
    """Play one game; return its statistics by role ("a" and "b").

    Args:
        config: the match.
        game_index: which game (the deals depend on it and the seed only, so every
            arrangement of a duplicate set sees the same deals).
        arrangement: which seating of A and B (see :func:`arrangements`; 0 is A on
            the even sides, 1 the same swapped).
    """
    rules = config.rules()
    n = rules.player_count
    game = Game(rules, first_dealer=game_index % n)
    seatings = arrangements(rules.side_count)
    side_roles = list(seatings[arrangement % len(seatings)])
    seat_roles = [side_roles[game.side_of(s)] for s in range(n)]
    bots: list[Bot] = []
    for seat in range(n):
        spec = config.a if seat_roles[seat] == "a" else config.b
        rng = random.Random(f"{config.seed}:{game_index}:{arrangement}:{seat}")
        bots.append(build_bot(spec, rng))
    stats = new_stats(game_index, arrangement)
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
                    note_hand(stats, event, seat_roles, side_roles, game.deal_count)
    if game.is_over:
        if game.is_draw or game.winner is None:
            stats["result"] = 0.5
        else:
            stats["result"] = 1.0 if side_roles[game.winner] == "a" else 0.0
        note_ranks(stats, game.totals, side_roles)
    stats["hands"] = game.hands_played
    return stats


def _run_task(task: tuple[MatchConfig, int, int]) -> dict[str, Any]:
    return play_game(*task)


def run_match(
    config: MatchConfig, games: int, duplicate: bool, jobs: int
) -> list[dict[str, Any]]:
    """Play the match's games, over ``jobs`` processes when more than one.

    With ``duplicate`` each set of games, one per arrangement, shares its deals;
    without it every game has its own deals, and the arrangements still take turns.
    """
    seatings = len(arrangements(config.rules().side_count))
    tasks: list[tuple[MatchConfig, int, int]] = []
    for index in range(games):
        group = index // seatings if duplicate else index
        tasks.append((config, group, index % seatings))
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


def duplicate_margins(
    results: Sequence[dict[str, Any]], tables: int = 2
) -> list[float]:
    """A's margin on each deal played at every table of a duplicate set.

    The ``tables`` games of a set see the same cards at the same seats deal by deal,
    with A and B in each arrangement; the mean of A's margins on a deal cancels the
    luck of the cards, so these values, one per duplicate deal, vary far less than
    single hands do. A deal some game of the set never reached (it ended sooner) is
    left out, as is a set with a game missing.
    """
    sets: dict[int, list[dict[int, float]]] = {}
    for result in results:
        by_deal = dict(zip(result["deals"], result["margins"], strict=True))
        sets.setdefault(result["game_index"], []).append(by_deal)
    paired: list[float] = []
    for games in sets.values():
        if len(games) != tables:
            continue
        first = games[0]
        for deal in sorted(first):
            if all(deal in other for other in games[1:]):
                paired.append(sum(g[deal] for g in games) / tables)
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
    seatings = len(arrangements(config.rules().side_count))
    report["partnerships"] = config.rules().partnerships
    report["rules"] = config.rules().to_dict()
    report["arrangements"] = seatings
    if duplicate:
        paired = duplicate_margins(results, seatings)
        m, lo, hi = mean_interval(paired)
        report["duplicate_deals"] = len(paired)
        report["margin_per_duplicate_deal"] = m
        report["margin_per_duplicate_deal_ci95"] = [lo, hi]
    for key in ("nil", "blind_nil"):
        report[key] = {
            role: {
                "attempts": sum(r[key][role][0] for r in results),
                "made": sum(r[key][role][1] for r in results),
                "net_points": sum(r[key][role][2] for r in results),
            }
            for role in ROLES
        }
    report["players_report"] = {role: player_report(results, role) for role in ROLES}
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
    for role in ROLES:
        lines += _player_lines(role.upper(), report["players_report"][role])
    for label, kinds in report["decision_time"].items():
        for kind, t in kinds.items():
            lines.append(
                f"{label} {kind}: n={t['count']} median {t['median_ms']} ms"
                f"  p95 {t['p95_ms']} ms"
            )
    return "\n".join(lines) + "\n"


def _player_lines(name: str, p: dict[str, Any]) -> list[str]:
    seat, side = p["bid_minus_tricks_per_seat"], p["bid_minus_tricks_per_side"]
    rank, points = p["mean_rank"], p["points_per_deal"]
    nil, blind = p["nil"], p["blind_nil"]
    return [
        f"{name}: bid minus tricks per seat {seat['mean']} (sd {seat['sd']}),"
        f" per side {side['mean']} (sd {side['sd']});"
        f" contract per side {p['contract_per_side']['mean']}",
        f"{name}: bag penalties per 100 side-hands"
        f" {p['bag_penalties_per_100_side_hands']}; mean rank {rank['mean']}"
        f" {rank['ci95']}; points per deal {points['mean']} {points['ci95']}",
        f"{name}: nil {nil['made']}/{nil['attempts']} net {nil['net_points']};"
        f" blind nil {blind['made']}/{blind['attempts']} net {blind['net_points']}",
    ]


def parse_rule(text: str) -> tuple[str, Any]:
    """Read a ``--rule NAME=VALUE`` (the value as JSON, else as a string).

    >>> parse_rule("trump_mode=jokers"), parse_rule("no_hell=true")
    (('trump_mode', 'jokers'), ('no_hell', True))

    Raises:
        ValueError: without an ``=``.
    """
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise ValueError(f"not NAME=VALUE: {text!r}")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


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
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option over the preset, e.g. trump_mode=jokers (repeatable)",
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        # A match of no games printed a report of nothing, and said all was well.
        parser.error(f"--games must be 1 or more, not {args.games}")
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
        options = tuple(parse_rule(text) for text in args.rule)
        config = dataclasses.replace(config, options=options)
        seatings = len(arrangements(config.rules().side_count))
    except ValueError as error:
        parser.error(str(error))
    games = args.games
    if args.duplicate:
        games += -games % seatings  # Whole duplicate sets only.
    results = run_match(config, games, args.duplicate, max(1, args.jobs))
    report = summarise(config, results, args.duplicate)
    if args.json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        sys.stdout.write(_text(report))
    return 0
