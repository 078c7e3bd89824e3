"""The table from one chair: seats renumbered so that the viewer sits at seat 0.

The server speaks of seats as they are (seat 2 is seat 2 for everyone); a client's
presenter, table controller and picture speak from seat 0 ("you", "your partner",
the pan of a card). :class:`Perspective` turns what the server sends into what the
client would have seen had it sat at seat 0, and back for the seats a client names.

Every seat rule of the engine is invariant under turning the table: the next seat is
``s + 1``, partners sit ``n // 2`` apart, and a seat's side is ``s % side_count`` (or
the seat itself in individual play), so turning seats by ``k`` turns sides by
``k % side_count``. A test checks the whole of it against the engine: a game replayed
with every seat turned gives, from seat 0, exactly the turned view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from audiospades.notices import Notice, Refused, YourTurn
from audiospades.rules import (
    BiddingComplete,
    BidMade,
    CardPlayed,
    CardsPassed,
    GameOver,
    HandDealt,
    HandScored,
    IllegalAction,
    PlayStarted,
    RedealRequested,
    SeatView,
    SpadesBroken,
    TrickWon,
)
from audiospades.rules.scoring import HandScore, NilResult, SideScore

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Perspective:
    """Seats turned by ``offset`` at a table of ``player_count`` seats."""

    offset: int
    """The viewer's real seat: it becomes seat 0."""
    player_count: int
    side_count: int

    @classmethod
    def of(cls, seat: int, player_count: int, side_count: int) -> Perspective:
        """The perspective of ``seat``."""
        return cls(seat % player_count, player_count, side_count)

    # --- numbers ---
    def seat(self, real: int) -> int:
        """The seat number the viewer uses for real seat ``real``.

        >>> Perspective.of(2, 4, 2).seat(2), Perspective.of(2, 4, 2).seat(1)
        (0, 3)
        """
        return (real - self.offset) % self.player_count

    def real_seat(self, seen: int) -> int:
        """The real seat of the viewer's seat ``seen``.

        >>> Perspective.of(2, 4, 2).real_seat(3)
        1
        """
        return (seen + self.offset) % self.player_count

    def side(self, real: int) -> int:
        """The side number the viewer uses for real side ``real``."""
        return (real - self.offset) % self.side_count

    def by_seat(self, values: Sequence[T]) -> tuple[T, ...]:
        """A per-seat sequence, the viewer's seat first.

        >>> Perspective.of(1, 4, 2).by_seat("abcd")
        ('b', 'c', 'd', 'a')
        """
        k = self.offset % len(values) if values else 0
        return tuple(values[k:]) + tuple(values[:k])

    def by_side(self, values: Sequence[T]) -> tuple[T, ...]:
        """A per-side sequence, the viewer's side first."""
        k = self.offset % len(values) if values else 0
        return tuple(values[k:]) + tuple(values[:k])

    def _optional_seat(self, real: int | None) -> int | None:
        return None if real is None else self.seat(real)

    def _optional_side(self, real: int | None) -> int | None:
        return None if real is None else self.side(real)

    def _pairs(self, pairs: Sequence[tuple[int, T]]) -> tuple[tuple[int, T], ...]:
        return tuple((self.seat(s), c) for s, c in pairs)

    # --- the engine's data ---
    def score(self, score: HandScore) -> HandScore:
        """A hand's score with seats and sides turned."""
        sides = [self._side_score(s) for s in score.sides]
        return replace(
            score,
            bids=self.by_seat(score.bids),
            tricks=self.by_seat(score.tricks),
            sides=tuple(sorted(sides, key=lambda s: s.side)),
        )

    def _side_score(self, side: SideScore) -> SideScore:
        return replace(
            side,
            side=self.side(side.side),
            # The engine lists a side's nils by seat: keep that order after turning.
            nils=tuple(sorted((self._nil(n) for n in side.nils), key=_seat_of)),
        )

    def _nil(self, nil: NilResult) -> NilResult:
        return replace(nil, seat=self.seat(nil.seat))

    def trick(self, trick: TrickWon) -> TrickWon:
        """A won trick with its seats turned."""
        return replace(
            trick, seat=self.seat(trick.seat), cards=self._pairs(trick.cards)
        )

    def view(self, view: SeatView) -> SeatView:
        """``view`` as if its seat were seat 0."""
        pending = view.pending_pass
        return replace(
            view,
            seat=self.seat(view.seat),
            dealer=self.seat(view.dealer),
            hand_sizes=self.by_seat(view.hand_sizes),
            bids=self.by_seat(view.bids),
            tricks_won=self.by_seat(view.tricks_won),
            trick=self._pairs(view.trick),
            completed_tricks=tuple(self.trick(t) for t in view.completed_tricks),
            to_act=self._optional_seat(view.to_act),
            totals=self.by_side(view.totals),
            bags=self.by_side(view.bags),
            history=tuple(self.score(h) for h in view.history),
            pending_pass=(
                None
                if pending is None
                else (self.seat(pending[0]), self.seat(pending[1]))
            ),
            winner=self._optional_side(view.winner),
            answering=tuple(sorted(self.seat(s) for s in view.answering)),
        )

    def notice(self, notice: Notice) -> Notice:
        """An event or table notice with its seats and sides turned."""
        match notice:
            case HandDealt(dealer=dealer):
                return replace(notice, dealer=self.seat(dealer))
            case (
                RedealRequested(seat=seat)
                | BidMade(seat=seat)
                | SpadesBroken(seat=seat)
                | CardPlayed(seat=seat)
            ):
                return replace(notice, seat=self.seat(seat))
            case BiddingComplete(bids=bids):
                return replace(notice, bids=self.by_seat(bids))
            case CardsPassed(from_seat=giver, to_seat=taker):
                return replace(
                    notice, from_seat=self.seat(giver), to_seat=self.seat(taker)
                )
            case PlayStarted(leader=leader):
                return replace(notice, leader=self.seat(leader))
            case TrickWon():
                return self.trick(notice)
            case HandScored(score=score):
                return replace(notice, score=self.score(score))
            case GameOver(winner=winner, totals=totals):
                return replace(
                    notice,
                    winner=self._optional_side(winner),
                    totals=self.by_side(totals),
                )
            case YourTurn(view=view):
                return YourTurn(None if view is None else self.view(view))
            case Refused(error=error):
                return Refused(self.error(error))
        return notice

    def error(self, error: IllegalAction) -> IllegalAction:
        """A refusal whose details name seats (``to_act``, ``seat``) turned."""
        detail = dict(error.detail)
        for key in ("to_act", "seat"):
            value = detail.get(key)
            if type(value) is int:
                detail[key] = self.seat(value)
        return IllegalAction(error.reason, **detail)


def _seat_of(nil: NilResult) -> int:
    return nil.seat
