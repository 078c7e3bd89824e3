"""``audiospades replay FILE [--json]``: check a game record and report its scores.

Every action is checked by the rules engine. On success the per-hand and running
scores go to standard output (text, or JSON in the shape of the spec's "Replay
output"); on any problem one line naming the hand and action index goes to standard
error, nothing to standard output, and the exit status is 2.

FILE is a record, or one of the game's own files (``current_game.json``,
``finished/GAME_ID.json``), which keep the record inside a wrapper
(``{"version": 1, "record": {...}, "meta": {...}}``): see :func:`record_in`.

This is a tool for exchanging games with other programs, so it speaks English only;
it names hands and sides as the game does (hands from 1, sides by their players'
names where the record has them), through the presenter's words for them.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from audiospades.presenter.words import player_name, side_name, watching
from audiospades.record import FORMAT, RecordError, game_from_record
from audiospades.rules import (
    Game,
    HandScore,
    HandScored,
    RedealRequested,
    SideScore,
    public_view,
)
from audiospades.storage.saves import MAX_NAME_LENGTH


def record_in(data: Any) -> Any:
    """The record in ``data``: ``data`` itself, or the record the game wrapped.

    The game keeps its records as ``{"version": 1, "record": {...}, "meta": {...}}``.
    A top level with no ``"format"`` whose ``"record"`` is an object in this format
    is such a wrapper; anything else is returned as it is, for
    :func:`game_from_record` to accept or refuse. Nothing in the data is taken as a
    path: only the file named on the command line is read.
    """
    if isinstance(data, Mapping) and "format" not in data:
        inner = data.get("record")
        if isinstance(inner, Mapping) and inner.get("format") == FORMAT:
            return inner
    return data


def replay_summary(game: Game) -> dict[str, Any]:
    """The spec's replay output for a rebuilt game.

    ``hands`` has one entry per deal in the record: a scored hand, a deal thrown in
    for a redeal (``"redeal_by"``), or the unfinished last hand (``"complete": false``
    and null points). ``side_bags`` are the bags each side took in that hand;
    ``totals`` and ``bags`` are running figures after the last complete hand.
    """
    n = game.rules.player_count
    sides = game.rules.side_count
    hands: list[dict[str, Any]] = []
    deal_bids: list[Any] = [None] * n
    for event in game.events:
        if isinstance(event, HandScored):
            hands.append(_hand_entry(event.score))
            deal_bids = [None] * n
        elif isinstance(event, RedealRequested):
            hands.append(
                {
                    "redeal_by": event.seat,
                    "complete": True,
                    "bids": [],
                    "tricks": [],
                    "side_points": [0] * sides,
                    "side_bags": [0] * sides,
                    "breakdown": [],
                }
            )
    if game.deal_count > len(hands):
        deal_bids = [None if b is None else b.to_record() for b in game.bids]
        hands.append(
            {
                "complete": False,
                "bids": deal_bids,
                "tricks": list(game.tricks_won),
                "side_points": None,
                "side_bags": None,
                "breakdown": [],
            }
        )
    return {
        "hands": hands,
        "totals": list(game.totals),
        "bags": list(game.bags),
        "finished": game.is_over,
        "winner": game.winner,
        "draw": game.is_draw,
    }


def _hand_entry(score: HandScore) -> dict[str, Any]:
    return {
        "complete": True,
        "bids": [b.to_record() for b in score.bids],
        "tricks": list(score.tricks),
        "side_points": list(score.points),
        "side_bags": [s.overtricks + s.nil_bags for s in score.sides],
        "breakdown": [_breakdown(s) for s in score.sides],
    }


def _breakdown(side: SideScore) -> dict[str, Any]:
    return {
        "side": side.side,
        "contract": side.contract,
        "tricks": side.tricks,
        "made": side.is_made,
        "contract_points": side.contract_points,
        "overtricks": side.overtricks,
        "overtrick_points": side.overtrick_points,
        "nils": [
            {"seat": n.seat, "blind": n.blind, "tricks": n.tricks, "points": n.points}
            for n in side.nils
        ],
        "nil_bags": side.nil_bags,
        "nil_bag_points": side.nil_bag_points,
        "exact_bonus": side.exact_bonus,
        "big_bid_bonus": side.big_bid_bonus,
        "bag_penalty": side.bag_penalty_points,
        "points": side.points,
        "total": side.total_after,
    }


def format_text(
    summary: dict[str, Any], game: Game | None = None, names: Any = None
) -> str:
    """The replay summary as plain lines for a person.

    Hands are counted from 1, as the game counts them. With ``game`` and usable
    ``names`` (the record's: one short line of text a seat), seats and sides are
    named as the game names them to a spectator ("West and East"); without, by
    their numbers in the record.
    """
    usable = None
    if game is not None and _names_are_usable(names, game.rules.player_count):
        usable = list(names)
    lines: list[str] = []
    for number, hand in enumerate(summary["hands"], start=1):
        if "redeal_by" in hand:
            seat = hand["redeal_by"]
            who = f"seat {seat}" if usable is None else _seat_words(seat, usable)
            lines.append(f"Hand {number}: thrown in, {who} asked")
            continue
        bids = ", ".join(_bid_text(b) for b in hand["bids"])
        tricks = ", ".join(str(t) for t in hand["tricks"])
        if not hand["complete"]:
            lines.append(f"Hand {number}: unfinished; bids {bids}; tricks {tricks}")
            continue
        points = ", ".join(f"{p:+d}" for p in hand["side_points"])
        totals = ", ".join(str(b["total"]) for b in hand["breakdown"])
        lines.append(
            f"Hand {number}: bids {bids}; tricks {tricks}; points {points}; "
            f"totals {totals}"
        )
    totals = ", ".join(str(t) for t in summary["totals"])
    bags = ", ".join(str(b) for b in summary["bags"])
    lines.append(f"Totals {totals}; bags {bags}")
    if summary["finished"]:
        if summary["draw"]:
            lines.append("Game over: a draw")
        else:
            winner = _winner_words(summary["winner"], game, usable)
            lines.append(f"Game over: {winner}")
    else:
        lines.append("Game not finished")
    return "\n".join(lines) + "\n"


def _names_are_usable(names: Any, player_count: int) -> bool:
    """One name a seat, each a short line of text (the record's may be anything)."""
    return (
        isinstance(names, list)
        and len(names) == player_count
        and all(
            isinstance(n, str)
            and 0 < len(n) <= MAX_NAME_LENGTH
            and n.isprintable()
            and n.strip() == n
            for n in names
        )
    )


def _seat_words(seat: int, names: Sequence[str]) -> str:
    """A seat by its name, as the game names it to a spectator."""
    with watching():
        return player_name(seat, names)


def _winner_words(side: int, game: Game | None, names: Sequence[str] | None) -> str:
    """Who won: "West and East win", "Ann wins", or "side 1 wins" without names."""
    if game is None or names is None:
        return f"side {side} wins"
    with watching():
        who = side_name(side, public_view(game), names)
    return f"{who} win" if game.rules.partnerships else f"{who} wins"


def _bid_text(bid: Any) -> str:
    if bid is None:
        return "-"
    if bid == "blind_nil":
        return "blind nil"
    return "nil" if bid == 0 else str(bid)


def main(argv: Sequence[str]) -> int:
    """Run the replay command; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="audiospades replay", description="Check a game record and score it."
    )
    parser.add_argument("file", help="the game record (JSON)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(list(argv))
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return _refuse(f"cannot read {args.file}: {error}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return _refuse(f"{args.file}: malformed JSON: {error}")
    except ValueError:
        # json reads integers with int(), which refuses more digits than
        # sys.get_int_max_str_digits() (4,300 by default).
        limit = sys.get_int_max_str_digits()
        return _refuse(f"{args.file}: a number has more than {limit} digits")
    except RecursionError:
        return _refuse(f"{args.file}: malformed JSON: nested too deeply")
    record = record_in(data)
    try:
        game = game_from_record(record)
    except RecordError as error:
        return _refuse(f"{args.file}: {error.describe()}")
    summary = replay_summary(game)
    if args.json:
        sys.stdout.write(json.dumps(summary, indent=2) + "\n")
    else:
        sys.stdout.write(format_text(summary, game, record.get("names")))
    return 0


def _refuse(message: str) -> int:
    """Write one line to standard error; return the exit status for a bad record."""
    line = f"audiospades replay: {message}"
    sys.stderr.write(line.replace("\r", "\\r").replace("\n", "\\n") + "\n")
    return 2
