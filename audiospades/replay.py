"""``audiospades replay FILE``: check a game record and report its scores.

Every action is checked by the rules engine. On success the per-hand and running
scores go to standard output (text, or with ``--json`` JSON in the shape of the
spec's "Replay output"); on any problem one line naming the hand and action index
goes to standard error, nothing to standard output, and the exit status is 2.

FILE is a record, or one of the game's own files (``current_game.json``,
``finished/GAME_ID.json``), which keep the record inside a wrapper
(``{"version": 1, "record": {...}, "meta": {...}}``): see :func:`record_in`.

Blind players use it to check their own saved games, so the text and the line of
trouble are in the player's language: ``--language CODE``, or the one in the player's
settings, or the one the game would choose at its start (the system's). A settings
file that cannot be read is left alone (the game tells of it at its next start) and
does not stop the replay. Every word comes from :mod:`audiospades.presenter.replay`;
this module lays out the lines and their numbers, which are kept as they are, and
names hands and sides as the game does (hands from 1, sides by their players' names
where the record has them). The JSON is for other programs: its keys and values are
the spec's, in no language.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import stat
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from audiospades import i18n
from audiospades.languages import SUPPORTED_LANGUAGES
from audiospades.presenter.replay import (
    replay_bad_record_text,
    replay_bid_text,
    replay_draw_line,
    replay_hand_line,
    replay_malformed_json_text,
    replay_nested_too_deeply_text,
    replay_not_a_file_text,
    replay_not_finished_line,
    replay_thrown_in_line,
    replay_too_large_text,
    replay_too_many_digits_text,
    replay_totals_line,
    replay_unfinished_line,
    replay_unreadable_text,
    replay_winner_line,
)
from audiospades.record import FORMAT, RecordError, game_from_record
from audiospades.rules import (
    Game,
    HandScore,
    HandScored,
    RedealRequested,
    ScoringStyle,
    SideScore,
    public_view,
)
from audiospades.storage.saves import MAX_NAME_LENGTH
from audiospades.storage.settings import saved_language


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


def format_text(summary: dict[str, Any], game: Game, names: Any) -> str:
    """The replay summary as plain lines for a person, in the current language.

    Hands are counted from 1, as the game counts them. With usable ``names`` (the
    record's: one short line of text a seat), seats and sides are named as the
    game names them to a spectator ("West and East"); without, by their numbers
    in the record.
    """
    usable = None
    if _names_are_usable(names, game.rules.player_count):
        usable = list(names)
    lines: list[str] = []
    for number, hand in enumerate(summary["hands"], start=1):
        if "redeal_by" in hand:
            lines.append(replay_thrown_in_line(number, hand["redeal_by"], usable))
            continue
        bids = _joined(replay_bid_text(b) for b in hand["bids"])
        tricks = _joined(str(t) for t in hand["tricks"])
        if not hand["complete"]:
            lines.append(replay_unfinished_line(number, bids, tricks))
            continue
        points = _joined(f"{p:+d}" for p in hand["side_points"])
        totals = _joined(str(b["total"]) for b in hand["breakdown"])
        lines.append(replay_hand_line(number, bids, tricks, points, totals))
    bags = None
    if game.rules.scoring_style is not ScoringStyle.QUICKSAND:  # quicksand: no bags
        bags = _joined(str(b) for b in summary["bags"])
    lines.append(replay_totals_line(_joined(str(t) for t in summary["totals"]), bags))
    if not summary["finished"]:
        lines.append(replay_not_finished_line())
    elif summary["draw"]:
        lines.append(replay_draw_line())
    else:
        lines.append(replay_winner_line(summary["winner"], public_view(game), usable))
    return "\n".join(lines) + "\n"


def _joined(items: Iterable[str]) -> str:
    """One figure a seat or a side, in seat or side order: "10, 0, 2, 0"."""
    return ", ".join(items)


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


def replay_language(wanted: str | None = None) -> str:
    """The language to word the replay in: ``wanted``, or as the game would choose.

    Without ``wanted``, the language in the player's settings, if the file can be
    read and names one; else the system's, as the game chooses at its start
    (English for a language the game does not ship).
    """
    return i18n.chosen_language(wanted or saved_language())


def main(argv: Sequence[str]) -> int:
    """Run the replay command; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="audiospades replay", description="Check a game record and score it."
    )
    parser.add_argument("file", help="the game record (JSON)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument(
        "--language",
        choices=SUPPORTED_LANGUAGES,
        default=None,
        help="the language of the text and of the error line (default: the one in "
        "your settings, else the system's)",
    )
    args = parser.parse_args(list(argv))
    with i18n.speaking(replay_language(args.language)):
        return _replay(args.file, as_json=args.json)


MAX_RECORD_BYTES: Final = 16 * 1024 * 1024
"""A game of a thousand hands is a few megabytes: anything larger is not a record
(and reading a file of hundreds of megabytes whole would take as much memory)."""


class _NotAFileError(OSError):
    """A folder, a named pipe or a device: never read."""


class _TooLargeError(OSError):
    """More than `MAX_RECORD_BYTES`: read no further."""


def read_record_file(file: str) -> str:
    """The text of the record file named on the command line.

    A link is followed (the player named it); a named pipe is not waited on, a
    device not read, and a file larger than any record not read whole.

    Raises:
        OSError: it cannot be read (`_NotAFileError`, `_TooLargeError` among them).
        UnicodeDecodeError: it is not UTF-8 text.
    """
    # O_NONBLOCK: opening a named pipe does not wait for a writer.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(file, flags)
    try:
        is_file = stat.S_ISREG(os.fstat(fd).st_mode)
    except BaseException:
        os.close(fd)
        raise
    if not is_file:
        os.close(fd)
        raise _NotAFileError(errno.EINVAL, "not a regular file", file)
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise _TooLargeError(errno.EFBIG, "larger than any record", file)
    return data.decode("utf-8")


def _replay(file: str, *, as_json: bool) -> int:
    try:
        text = read_record_file(file)
    except _NotAFileError:
        return _refuse(replay_not_a_file_text(file))
    except _TooLargeError:
        return _refuse(replay_too_large_text(file, MAX_RECORD_BYTES // (1024 * 1024)))
    except (OSError, UnicodeDecodeError) as error:
        return _refuse(replay_unreadable_text(file, str(error)))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return _refuse(replay_malformed_json_text(file, str(error)))
    except ValueError:
        # json reads integers with int(), which refuses more digits than
        # sys.get_int_max_str_digits() (4,300 by default).
        return _refuse(replay_too_many_digits_text(file, sys.get_int_max_str_digits()))
    except RecursionError:
        return _refuse(replay_nested_too_deeply_text(file))
    record = record_in(data)
    try:
        game = game_from_record(record)
    except RecordError as error:
        return _refuse(replay_bad_record_text(file, error))
    summary = replay_summary(game)
    if as_json:
        sys.stdout.write(json.dumps(summary, indent=2) + "\n")
    else:
        sys.stdout.write(format_text(summary, game, record.get("names")))
    return 0


def _refuse(message: str) -> int:
    """Write one line to standard error; return the exit status for a bad record."""
    line = f"audiospades replay: {message}"
    sys.stderr.write(line.replace("\r", "\\r").replace("\n", "\\n") + "\n")
    return 2
