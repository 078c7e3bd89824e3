"""Win, loss and draw records: by match difficulty, by computer character, in total.

With a computer character as partner, a game counts as it ended for the player's
side. Against one as opponent it counts head to head: whether the player's side
finished above theirs, below it or level (see `GameResult.opponents`).

Recording is a read-modify-write of ``stats.json`` under the cross-process lock, and is
idempotent by game id: the ids of the last `COUNTED_IDS_KEPT` games counted are kept in
the file, so the sequence "save finished game, record it, clear the current game" can be
repeated after a crash at any point without counting a game twice.

Totals and the rating are derived from the per-difficulty records rather than stored,
so they can never disagree with them.

An entry that cannot be understood (a count in quotes, a count beyond `MAX_COUNT`, a
difficulty out of range) is left out, but never silently lost: under the lock, the
file as read is kept as ``stats.json.broken-...``, the problem names each entry left
out, and the file is rewritten with the rest, so the player hears of it once.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Final

from audiospades.storage import paths
from audiospades.storage.atomic import (
    DEFAULT_LOCK_TIMEOUT,
    LockTimeoutError,
    file_lock,
    try_write_json,
)
from audiospades.storage.problems import (
    LoadProblem,
    ProblemKind,
    SaveProblem,
    SaveProblemKind,
)
from audiospades.storage.safe_load import (
    load_json_object,
    partly_used,
    read_json_object,
)
from audiospades.storage.settings import entry_name

log = logging.getLogger(__name__)

STATS_VERSION: Final = 2
"""The ``"version"`` of the stats file this module writes.

2 counts each opponent head to head (``as_opponent``). Version 1 counted, under the
same name, the whole game's result for the player's side, whoever finished where: in
a game of three or more sides a player last but one counted a loss against the one
last. Those counts cannot be recomputed (the games are not kept with them), so a
version-1 file is read, each ``as_opponent`` kept apart as ``earlier_as_opponent``
(`CharacterRecord.earlier_as_opponent`), never added to; it is written as version 2
when the next game is counted. A version-1 program moves a version-2 file aside
whole, as it does any file of another version: nothing is lost."""
OLDER_STATS_VERSIONS: Final = (1,)
"""Versions read and brought up to `STATS_VERSION`."""
MIN_DIFFICULTY: Final = 2
MAX_DIFFICULTY: Final = 14
"""Match difficulty in stars, as the player chooses it."""
COUNTED_IDS_KEPT: Final = 1000
MAX_COUNT: Final = 1_000_000_000
"""More games than anyone plays: a larger count is damage (and 10^400 would not even
convert to a float for a percentage)."""
MAX_NAME_LENGTH: Final = 64
"""Of a character id."""
MAX_ID_LENGTH: Final = 100
"""Of a counted game id (game ids are at most 100 characters)."""


class Outcome(StrEnum):
    """How a game ended for the human player (and their partner, if any)."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameResult:
    """One finished game, from the human player's side of the table.

    Raises:
        ValueError: an empty game id, a difficulty outside the star range, or an
            opponent not given as a (character id, `Outcome`) pair.
    """

    game_id: str
    outcome: Outcome
    difficulty: int
    partner: str | None
    """The partner's character id; None in a game without partnerships."""
    opponents: tuple[tuple[str, Outcome], ...]
    """Each opponent's character id, with the player's result head to head against
    them: a win if the player's side finished above theirs, a loss if below, a draw
    if level. With two sides it is `outcome`; in individual play, and with three
    partnerships, a player can lose the game yet beat some opponents."""
    finished_at: str
    """An ISO 8601 time stamp, kept as given."""

    def __post_init__(self) -> None:
        if not self.game_id:
            raise ValueError("a game result needs a game id")
        if not MIN_DIFFICULTY <= self.difficulty <= MAX_DIFFICULTY:
            raise ValueError(f"difficulty {self.difficulty} is out of range")
        for pair in self.opponents:
            if not (
                isinstance(pair, tuple)
                and len(pair) == 2
                and isinstance(pair[0], str)
                and isinstance(pair[1], Outcome)
            ):
                raise ValueError(f"opponent {pair!r} is not (id, Outcome)")


@dataclass(slots=True)
class Record:
    """Wins, losses and draws."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        """How many games this record counts."""
        return self.wins + self.losses + self.draws

    def add(self, outcome: Outcome) -> None:
        """Count one more game ending in `outcome`."""
        match outcome:
            case Outcome.WIN:
                self.wins += 1
            case Outcome.LOSS:
                self.losses += 1
            case Outcome.DRAW:
                self.draws += 1


@dataclass(slots=True)
class CharacterRecord:
    """The player's record with one computer character as partner and as opponent."""

    as_partner: Record = field(default_factory=Record)
    """Games with them as partner, as the game ended for the player's side."""
    as_opponent: Record = field(default_factory=Record)
    """Games against them, head to head (see `GameResult.opponents`)."""
    earlier_as_opponent: Record = field(default_factory=Record)
    """Games against them counted by a version-1 file (see `STATS_VERSION`): the
    whole game's result for the player's side, not head to head. Kept as read;
    no game is added to it."""


@dataclass(slots=True)
class Stats:
    """All the statistics; see `rating` for how the rating is defined."""

    by_difficulty: dict[int, Record] = field(default_factory=dict)
    by_character: dict[str, CharacterRecord] = field(default_factory=dict)
    counted_ids: list[str] = field(default_factory=list)
    """Ids of the games counted, oldest first, at most `COUNTED_IDS_KEPT`."""
    online: Record = field(default_factory=Record)
    """Games played online at a table server, seated (not watched). They are not
    in `totals` nor in the rating, which measure play against the computer
    players' difficulty."""

    @property
    def totals(self) -> Record:
        """All games at every difficulty."""
        total = Record()
        for r in self.by_difficulty.values():
            total.wins += r.wins
            total.losses += r.losses
            total.draws += r.draws
        return total

    @property
    def rating(self) -> float:
        """The cumulative rating, from 0 to 100.

        Each game scores ``s * d / MAX_DIFFICULTY`` points, where ``s`` is 1 for a win,
        0.5 for a draw and 0 for a loss, and ``d`` the match difficulty in stars (2 to
        14). The rating is 100 times the mean over all games: winning every game at 14
        stars gives 100, winning half of them 50, and winning every game at 7 stars
        also 50. No games, or only losses, give 0.
        """
        games = 0
        points = 0.0
        for d, r in self.by_difficulty.items():
            games += r.games
            points += (r.wins + 0.5 * r.draws) * d
        if games == 0:
            return 0.0
        return 100.0 * points / (MAX_DIFFICULTY * games)


def win_percentage(record: Record) -> float | None:
    """Percent of the games won, a draw counting half a win; None with no games.

    >>> win_percentage(Record(wins=3, losses=0, draws=1))
    87.5
    >>> win_percentage(Record()) is None
    True
    """
    if record.games == 0:
        return None
    return 100.0 * (record.wins + 0.5 * record.draws) / record.games


class RecordStatus(StrEnum):
    """What `record_game` did."""

    COUNTED = "counted"
    ALREADY_COUNTED = "already_counted"
    NOT_SAVED = "not_saved"
    """The game could not be written; it can be recorded again later."""


@dataclass(frozen=True, slots=True)
class RecordReport:
    """The outcome of `record_game`."""

    status: RecordStatus
    stats: Stats
    """The statistics including this game, to show at once; when the status is
    `RecordStatus.NOT_SAVED` after a failed write they include it only in memory."""
    load_problem: LoadProblem | None = None
    """The stats file was bad and was moved aside before this game was counted."""
    save_problem: SaveProblem | None = None


def load_stats() -> tuple[Stats, LoadProblem | None]:
    """Read ``stats.json``; empty statistics (perhaps with a problem) if bad.

    A file only partly understood gives the statistics understood and a
    `ProblemKind.PARTLY_USED` problem (see the module docstring).
    """
    path = paths.stats_path()
    stats, ignored, problem = _read(path)
    if not ignored:
        return stats, problem
    # Repair under the lock, so a game another copy is recording is not lost.
    try:
        with file_lock(path, remove=True):
            return _read_and_repair(path)
    except (LockTimeoutError, OSError) as exc:
        log.warning("cannot lock %s to keep its unusable entries: %s", path, exc)
        return stats, LoadProblem(ProblemKind.PARTLY_USED, path, None, ignored)


def record_game(
    result: GameResult, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
) -> RecordReport:
    """Count `result` once, however often it is recorded; never raises on OS errors."""
    return _count_once(
        result.game_id, lambda stats: apply_result(stats, result), lock_timeout
    )


def online_game_id(server: str, game_id: str) -> str:
    """The id an online game is counted under.

    The server's game id is only unique at that server, and either may be long,
    so both are hashed into one.
    """
    digest = hashlib.sha256(f"{server}\0{game_id}".encode()).hexdigest()
    return f"online-{digest[:32]}"


def record_online_game(
    counted_id: str, outcome: Outcome, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
) -> RecordReport:
    """Count a game played online (see `online_game_id`) once.

    Never raises on OS errors.

    Raises:
        ValueError: an empty id, or one longer than `MAX_ID_LENGTH`.
    """
    if not 0 < len(counted_id) <= MAX_ID_LENGTH:
        raise ValueError("an online game's id must be 1 to 100 characters")

    def apply(stats: Stats) -> None:
        stats.online.add(outcome)
        _counted(stats, counted_id)

    return _count_once(counted_id, apply, lock_timeout)


def _count_once(
    game_id: str, apply: Callable[[Stats], None], lock_timeout: float
) -> RecordReport:
    path = paths.stats_path()
    try:
        with file_lock(path, timeout=lock_timeout, remove=True):
            stats, load_problem = _read_and_repair(path)
            if game_id in stats.counted_ids:
                return RecordReport(RecordStatus.ALREADY_COUNTED, stats, load_problem)
            apply(stats)
            save_problem = try_write_json(path, stats_to_dict(stats), pretty=True)
    except LockTimeoutError:
        log.warning(
            "stats are locked by another copy of the game; %s not counted", path
        )
        problem = SaveProblem(SaveProblemKind.BUSY, path)
        return RecordReport(RecordStatus.NOT_SAVED, _read(path)[0], None, problem)
    except OSError as exc:
        log.warning("cannot lock %s: %s", path, exc)
        problem = SaveProblem(SaveProblemKind.UNWRITABLE, path)
        return RecordReport(RecordStatus.NOT_SAVED, _read(path)[0], None, problem)
    status = RecordStatus.COUNTED if save_problem is None else RecordStatus.NOT_SAVED
    return RecordReport(status, stats, load_problem, save_problem)


def _read(path: Path) -> tuple[Stats, tuple[str, ...], LoadProblem | None]:
    """The statistics in `path` and the entries not used; no repair, no lock."""
    obj, problem = load_json_object(
        path, version=STATS_VERSION, older=OLDER_STATS_VERSIONS
    )
    if obj is None:
        return Stats(), (), problem
    stats, ignored = parse_stats(obj)
    return stats, ignored, None


def _read_and_repair(path: Path) -> tuple[Stats, LoadProblem | None]:
    """Read `path`, keeping a partly understood file aside; call with the lock held."""
    loaded, problem = read_json_object(
        path, version=STATS_VERSION, older=OLDER_STATS_VERSIONS
    )
    if loaded is None:
        return Stats(), problem
    stats, ignored = parse_stats(loaded.value)
    if not ignored:
        return stats, None
    problem, kept = partly_used(path, loaded.raw, ignored)
    if kept:
        try_write_json(path, stats_to_dict(stats), pretty=True)
    return stats, problem


def apply_result(stats: Stats, result: GameResult) -> None:
    """Add `result` to `stats` in memory (no check for an already-counted id)."""
    stats.by_difficulty.setdefault(result.difficulty, Record()).add(result.outcome)
    if result.partner is not None:
        stats.by_character.setdefault(result.partner, CharacterRecord())
        stats.by_character[result.partner].as_partner.add(result.outcome)
    for opponent, head_to_head in result.opponents:
        stats.by_character.setdefault(opponent, CharacterRecord())
        stats.by_character[opponent].as_opponent.add(head_to_head)
    _counted(stats, result.game_id)


def _counted(stats: Stats, game_id: str) -> None:
    stats.counted_ids.append(game_id)
    del stats.counted_ids[:-COUNTED_IDS_KEPT]


def stats_to_dict(stats: Stats) -> dict[str, object]:
    """The JSON object stored for `stats`."""
    return {
        "version": STATS_VERSION,
        "by_difficulty": {
            str(d): _record_out(r) for d, r in stats.by_difficulty.items()
        },
        "by_character": {c: _character_out(r) for c, r in stats.by_character.items()},
        "counted_game_ids": list(stats.counted_ids),
        "online": _record_out(stats.online),
    }


def stats_from_dict(data: dict[str, object]) -> Stats:
    """Build `Stats` from a loaded object, skipping (and logging) unusable entries."""
    stats, ignored = parse_stats(data)
    if ignored:
        log.warning("stats partly unusable, not used: %s", ", ".join(ignored))
    return stats


_SECTIONS: Final = (
    "version",
    "by_difficulty",
    "by_character",
    "counted_game_ids",
    "online",
)


def parse_stats(data: dict[str, object]) -> tuple[Stats, tuple[str, ...]]:
    """`Stats` from a loaded object, and the entries not used, section by section.

    An object of version 1 (see `STATS_VERSION`) is brought up to date: its
    ``as_opponent`` counts become `CharacterRecord.earlier_as_opponent`.
    """
    version_1 = data.get("version") == 1
    stats = Stats()
    ignored: list[str] = []
    bad: list[str] = []
    for key, value in _section(data, "by_difficulty", ignored):
        record = _record_in(value)
        difficulty = int(key) if key.isdecimal() and len(key) < 4 else 0
        if record is None or not MIN_DIFFICULTY <= difficulty <= MAX_DIFFICULTY:
            bad.append(key)
        else:
            stats.by_difficulty[difficulty] = record
    ignored += [f"by_difficulty {entry_name(k)}" for k in sorted(bad)]
    bad = []
    for key, value in _section(data, "by_character", ignored):
        parts = value if isinstance(value, dict) else {}
        partner = _record_in(parts.get("as_partner"))
        opponent = _record_in(parts.get("as_opponent"))
        # Absent before version 2, and in version 2 while it counts no game.
        earlier = _record_in(parts.get("earlier_as_opponent", _NO_GAMES))
        if version_1 and opponent is not None:
            opponent, earlier = Record(), opponent
        if (
            partner is None
            or opponent is None
            or earlier is None
            or not 0 < len(key) <= MAX_NAME_LENGTH
        ):
            bad.append(key)
        else:
            stats.by_character[key] = CharacterRecord(partner, opponent, earlier)
    ignored += [f"by_character {entry_name(k)}" for k in sorted(bad)]
    ids = data.get("counted_game_ids", [])
    good_ids = (
        [i for i in ids if isinstance(i, str) and 0 < len(i) <= MAX_ID_LENGTH]
        if isinstance(ids, list)
        else []
    )
    if not isinstance(ids, list) or len(good_ids) != len(ids):
        ignored.append("counted_game_ids")
    stats.counted_ids = good_ids[-COUNTED_IDS_KEPT:]
    if "online" in data:  # absent before online games were counted
        online = _record_in(data["online"])
        if online is None:
            ignored.append("online")
        else:
            stats.online = online
    ignored += [entry_name(k) for k in sorted(data) if k not in _SECTIONS]
    return stats, tuple(ignored)


_NO_GAMES: Final = {"wins": 0, "losses": 0, "draws": 0}


def _section(
    data: dict[str, object], name: str, ignored: list[str]
) -> list[tuple[str, object]]:
    """The entries of the table `name` (none if missing); names it if not a table."""
    value = data.get(name, {})
    if not isinstance(value, dict):
        ignored.append(name)
        return []
    return [(str(k), v) for k, v in value.items()]


def _character_out(record: CharacterRecord) -> dict[str, object]:
    out: dict[str, object] = {
        "as_partner": _record_out(record.as_partner),
        "as_opponent": _record_out(record.as_opponent),
    }
    if record.earlier_as_opponent.games:
        out["earlier_as_opponent"] = _record_out(record.earlier_as_opponent)
    return out


def _record_out(record: Record) -> dict[str, int]:
    return {"wins": record.wins, "losses": record.losses, "draws": record.draws}


def _record_in(value: object) -> Record | None:
    if not isinstance(value, dict):
        return None
    counts = [value.get(k) for k in ("wins", "losses", "draws")]
    if all(
        isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_COUNT
        for n in counts
    ):
        return Record(*counts)  # type: ignore[arg-type]
    return None
