"""Seat arithmetic for 3 to 6 players: the only place that knows the table's shape.

Seats are numbered ``0 .. n-1`` clockwise, so the next seat clockwise is the player on
one's left. With 4 players in partnerships seats 0 and 2 form side 0, seats 1 and 3 side
1; with 6 players in three partnerships seats ``s`` and ``s+3`` are partners and form
side ``s % 3``. In individual play each seat is its own side.

>>> next_seat(3, 4)
0
>>> previous_seat(0, 4)
3
>>> partner_of(1, 4, True), partner_of(4, 6, True), partner_of(1, 5, False)
(3, 1, None)
>>> side_of(5, 6, True), side_count(6, True), side_count(5, False)
(2, 3, 5)
>>> side_seats(1, 6, True)
(1, 4)
"""

from __future__ import annotations


def next_seat(seat: int, player_count: int) -> int:
    """The seat after ``seat`` clockwise (the player on its left)."""
    return (seat + 1) % player_count


def previous_seat(seat: int, player_count: int) -> int:
    """The seat before ``seat`` clockwise (the player on its right)."""
    return (seat - 1) % player_count


def side_count(player_count: int, partnerships: bool) -> int:
    """How many sides score separately."""
    return player_count // 2 if partnerships else player_count


def side_of(seat: int, player_count: int, partnerships: bool) -> int:
    """The side (team, or the seat itself in individual play) of a seat."""
    return seat % (player_count // 2) if partnerships else seat


def partner_of(seat: int, player_count: int, partnerships: bool) -> int | None:
    """The partner's seat, across the table, or None in individual play."""
    if not partnerships:
        return None
    return (seat + player_count // 2) % player_count


def side_seats(side: int, player_count: int, partnerships: bool) -> tuple[int, ...]:
    """The seats of a side, lowest first."""
    if not partnerships:
        return (side,)
    return (side, side + player_count // 2)


def relative_position(seat: int, viewer: int, player_count: int) -> int:
    """How many seats clockwise ``seat`` sits from ``viewer`` (0 is the viewer).

    >>> relative_position(1, 0, 4), relative_position(0, 1, 4)
    (1, 3)
    """
    return (seat - viewer) % player_count
