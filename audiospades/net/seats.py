"""Who sits in each seat of an online table, as stored and as listed.

A seat holds a person (present, or away since a connection dropped), a computer
character, or no one. A computer *stands in* for a person who is away after the
takeover delay, or who left during a game; a stand-in for someone who left leaves the
seat free for anyone to take, and keeps that person's name (the lobby says whose seat
it was) and id (the same person sitting down again is back, not new).
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from audiospades.net.protocol import SeatInfo, SeatKind
from audiospades.net.store import SeatResult
from audiospades.rules import (
    BidMade,
    CardPlayed,
    CardsPassed,
    Event,
    Game,
    HandDealt,
    Phase,
    RedealRequested,
)
from audiospades.rules.seats import side_of
from audiospades.storage import Outcome


@dataclass(slots=True)
class SeatHolder:
    """Who sits in one seat."""

    kind: SeatKind = SeatKind.EMPTY
    player: str | None = None
    """The person's player id; kept while the person is away."""
    name: str | None = None
    character: str | None = None
    """The computer character playing the seat (itself, or standing in)."""
    connected: bool = False
    stand_in: bool = False
    """A computer plays the seat for its person (away, or gone if ``player`` is
    None)."""
    gone_name: str | None = None
    """A computer standing in for a person gone for good: that person's name."""
    gone_player: str | None = None
    """... and that person's player id."""
    stood_in_from: int | None = None
    """While a computer stands in for a person: how many events the game had when
    it began (what it did since is told to the person when they are back)."""
    away: bool = False
    """The computer stands in because its person, connected, kept the table
    waiting at their turn (not for a lost connection): only their ``back`` gives
    the seat back, not their game reconnecting by itself (after a server
    restart, say), which says nothing of whether they are there."""
    _json: dict[str, Any] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """:meth:`to_json`, kept until a field changes."""

    def __setattr__(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)
        if name != "_json":
            object.__setattr__(self, "_json", None)

    def to_json(self) -> dict[str, Any]:
        """Plain data for the database; do not change it.

        The same dict until a field changes: a server saves who sits where with
        every action, and compares it with what it saved before.
        """
        kept = self._json
        if kept is None:
            kept = self._json = {
                "kind": self.kind.value,
                "player": self.player,
                "name": self.name,
                "character": self.character,
                "stand_in": self.stand_in,
                "gone_name": self.gone_name,
                "gone_player": self.gone_player,
                "stood_in_from": self.stood_in_from,
            }
            if self.away:  # (an older server's seating has no such key)
                kept["away"] = True
        return kept

    @classmethod
    def from_json(cls, data: object) -> SeatHolder:
        """Read :meth:`to_json` back; anything malformed reads as an empty seat."""
        if not isinstance(data, dict):
            return cls()
        try:
            kind = SeatKind(str(data.get("kind")))
        except ValueError:
            return cls()
        text = {k: data.get(k) for k in ("player", "name", "character")}
        if not all(v is None or isinstance(v, str) for v in text.values()):
            return cls()
        holder = cls(kind, text["player"], text["name"], text["character"])
        holder.stand_in = data.get("stand_in") is True
        gone_name, gone_player = data.get("gone_name"), data.get("gone_player")
        if holder.stand_in and isinstance(gone_name, str):
            holder.gone_name = gone_name
            holder.gone_player = gone_player if isinstance(gone_player, str) else None
        start = data.get("stood_in_from")
        if holder.stand_in and type(start) is int and start >= 0:
            holder.stood_in_from = start
        # Saved before there was such a field: a reconnection gives the seat
        # back, as it did then.
        holder.away = holder.stand_in and data.get("away") is True
        return holder

    def stop_standing_in(self) -> None:
        """The computer plays the seat as its own (a new game has begun)."""
        self.stand_in = False
        self.gone_name = self.gone_player = None
        self.stood_in_from = None
        self.away = False

    @property
    def is_free(self) -> bool:
        """Whether a person may sit here: empty, or a stand-in for someone gone."""
        return self.kind is SeatKind.EMPTY or (
            self.kind is SeatKind.COMPUTER and self.stand_in and self.player is None
        )


class Watching(NamedTuple):
    """Where a spectator (here or away) watches a table from, as saved."""

    chair: int
    """The chair they watch from."""
    name: str | None
    """The name the table heard them come under, while it knows them as
    watching (None: away, and the table was told they stopped)."""
    since: float = 0.0
    """When they last sat down to watch here (seconds since the epoch; 0: not
    known, saved by an older server). Away from several tables, a spectator
    back watches again at the one watched last."""


Watched = dict[str, Watching]
"""Each spectator's player id: where they watch from (see :class:`Watching`)."""


def seating_json(seats: list[SeatHolder], watched: Watched) -> list[dict[str, Any]]:
    """Who sits where for the database, with who watches from each chair.

    ``watched``: each spectator (here or away), see :data:`Watched`. A chair's
    spectators go in its seat's object under ``watchers``, a list of player ids;
    those the table knows as watching under ``watching_as`` too, with their
    names: after a restart they are still among those watching, and their
    coming back is not told as a new arrival; and when each sat down to watch,
    under ``watching_since``: after a restart, one away from several tables
    watches again at the one watched last. A seat no one watches from has no
    such key (an older server's seating has none, and an older server reads
    past them).

    >>> seats = [SeatHolder(), SeatHolder()]
    >>> saved = seating_json(
    ...     seats, {"p2": Watching(1, "Cleo", 5.5), "p1": Watching(1, None)}
    ... )
    >>> [(s.get("watchers"), s.get("watching_as")) for s in saved]
    [(None, None), (['p2', 'p1'], {'p2': 'Cleo'})]
    >>> saved[1]["watching_since"]
    {'p2': 5.5}
    >>> seating_json(seats, {})[0] is seats[0].to_json()
    True
    """
    out = [h.to_json() for h in seats]
    if not watched:
        return out
    by_chair: dict[int, list[str]] = {}
    named: dict[int, dict[str, str]] = {}
    since: dict[int, dict[str, float]] = {}
    for player, (chair, name, sat_down) in watched.items():
        by_chair.setdefault(chair, []).append(player)
        if name is not None:
            named.setdefault(chair, {})[player] = name
        if sat_down > 0:
            since.setdefault(chair, {})[player] = sat_down
    for chair, players in by_chair.items():
        if 0 <= chair < len(out):
            out[chair] = {**out[chair], "watchers": players}
            if chair in named:
                out[chair]["watching_as"] = named[chair]
            if chair in since:
                out[chair]["watching_since"] = since[chair]
    return out


def watchers_from_json(seating: list[Any], seat_count: int) -> Watched:
    """Who watched from which chair, as :func:`seating_json` saved it.

    A seat without ``watchers`` (an older server's) has none; one without
    ``watching_as`` names none of them (an older server's: the table was told
    of none as watching still); one without ``watching_since`` (an older
    server's) knows not when they sat down (0). Anything malformed is left out,
    and a player is kept at the first chair naming them.

    >>> saved = [{"watchers": ["p1", 3], "watching_as": {"p1": "Cleo", "p2": 4}},
    ...     {}, {"watchers": ["p1", "p2"], "watching_as": {"p2": "Dee"},
    ...     "watching_since": {"p2": 7.25, "p1": 9.0}}]
    >>> for player, where in watchers_from_json(saved, 3).items():
    ...     print(player, where)
    p1 Watching(chair=0, name='Cleo', since=0.0)
    p2 Watching(chair=2, name='Dee', since=7.25)
    >>> watchers_from_json([{"watchers": "p1"}, None, {"watchers": ["p9"]}], 2)
    {}
    >>> watchers_from_json([{"watchers": ["p1"], "watching_as": ["p1"],
    ...     "watching_since": {"p1": True}}], 1)
    {'p1': Watching(chair=0, name=None, since=0.0)}
    >>> watchers_from_json([{"watchers": ["p1"], "watching_since": {"p1": 3}}], 1)
    {'p1': Watching(chair=0, name=None, since=3.0)}
    """
    watched: Watched = {}
    for chair, data in enumerate(seating[:seat_count]):
        players = data.get("watchers") if isinstance(data, dict) else None
        if not isinstance(players, list):
            continue
        names = data.get("watching_as")
        if not isinstance(names, dict):
            names = {}
        times = data.get("watching_since")
        if not isinstance(times, dict):
            times = {}
        for player in players:
            if isinstance(player, str) and player and player not in watched:
                name = names.get(player)
                known = name if isinstance(name, str) and name else None
                watched[player] = Watching(chair, known, _since(times.get(player)))
    return watched


def _since(saved: object) -> float:
    """A saved ``watching_since`` time; 0 for anything else (not known).

    >>> _since(12.5), _since(3), _since(-1.0), _since(float("nan")), _since("9")
    (12.5, 3.0, 0.0, 0.0, 0.0)
    """
    if isinstance(saved, bool) or not isinstance(saved, int | float):
        return 0.0
    value = float(saved)
    return value if math.isfinite(value) and value > 0 else 0.0


def done_for_seat(game: Game, seat: int, start: int) -> tuple[int, list[Event]]:
    """What a computer standing in for ``seat`` since event ``start`` did for it.

    Returns the number of earlier hands (over now) in which it acted, and its
    actions in the hand under way: the seat's bids, passes and plays, which the
    seat saw made anyway. A hand over and not yet followed by the next deal is an
    earlier one.

    >>> from audiospades.rules import Bid, Card, Rules
    >>> game = Game(Rules.pagat())
    >>> game.events[:] = [HandDealt(0, 0), BidMade(1, Bid(3)), BidMade(2, Bid(4)),
    ...     CardPlayed(2, Card.parse("KH"), 0), HandDealt(1, 1), BidMade(2, Bid(2))]
    >>> game.phase = Phase.BIDDING
    >>> done_for_seat(game, 2, 0)
    (1, [BidMade(seat=2, bid=Bid(2))])
    >>> done_for_seat(game, 2, 5), done_for_seat(game, 1, 2)
    ((0, [BidMade(seat=2, bid=Bid(2))]), (0, []))
    >>> game.phase = Phase.DEALING  # the hand is over, the next not dealt yet
    >>> done_for_seat(game, 2, 0)
    (2, [])
    """
    hands: list[list[Event]] = [[]]
    for event in game.events[start:]:
        match event:
            case HandDealt():
                hands.append([])
            case BidMade(seat=s) | CardPlayed(seat=s) if s == seat:
                hands[-1].append(event)
            case CardsPassed(from_seat=s) if s == seat:
                hands[-1].append(event)
    under_way = game.phase in (Phase.BIDDING, Phase.PASSING, Phase.PLAYING)
    now = hands.pop() if under_way else []
    return sum(1 for hand in hands if hand), now


def redeals_for_seat(game: Game, seat: int, start: int) -> int:
    """How often a computer standing in since event ``start`` asked for a redeal.

    It threw in ``seat``'s hand (a rule option, seed 002). A redeal comes before
    the first bid and the cards are dealt again: no hand is left in which it
    shows, so it is counted apart.

    >>> from audiospades.rules import Rules
    >>> game = Game(Rules.pagat())
    >>> game.events[:] = [HandDealt(0, 0), RedealRequested(2), HandDealt(1, 0)]
    >>> redeals_for_seat(game, 2, 0), redeals_for_seat(game, 1, 0)
    (1, 0)
    >>> redeals_for_seat(game, 2, 2)
    0
    """
    return sum(
        1
        for event in game.events[start:]
        if isinstance(event, RedealRequested) and event.seat == seat
    )


def new_code() -> str:
    """A private table's short code: 6 letters and digits that cannot be misread."""
    return "".join(secrets.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6))


def seat_infos(seats: list[SeatHolder]) -> list[SeatInfo]:
    """The seats as a table listing shows them."""
    return [
        SeatInfo(
            seat=seat,
            kind=h.kind,
            name=h.name,
            character=h.character,
            connected=h.connected or h.kind is not SeatKind.HUMAN,
            stand_in=h.stand_in,
            stands_in_for=h.gone_name if h.stand_in else None,
        )
        for seat, h in enumerate(seats)
    ]


def seat_names(seats: list[SeatHolder]) -> list[str]:
    """The name of each seat for the game record (``Seat N`` for no one)."""
    return [h.name or f"Seat {s + 1}" for s, h in enumerate(seats)]


def outcome_of(game: Game, seat: int) -> Outcome:
    """How a finished game went for ``seat``'s side."""
    if game.is_draw or game.winner is None:
        return Outcome.DRAW
    side = side_of(seat, game.player_count, game.rules.partnerships)
    return Outcome.WIN if game.winner == side else Outcome.LOSS


def seat_results(seats: list[SeatHolder], game: Game) -> list[SeatResult]:
    """Each seat's result in a finished game: who played it, the side's score."""
    names = seat_names(seats)
    results = []
    for seat, holder in enumerate(seats):
        side = side_of(seat, game.player_count, game.rules.partnerships)
        results.append(
            SeatResult(
                seat=seat,
                side=side,
                player_id=holder.player,
                character=holder.character,
                name=names[seat],
                score=game.totals[side],
                outcome=outcome_of(game, seat).value,
            )
        )
    return results
