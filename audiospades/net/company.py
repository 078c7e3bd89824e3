"""Who is at an online table, as the table controller hands it to key W.

The server's listing (:class:`~audiospades.net.protocol.TableInfo`) says who holds
each seat; the client keeps who watches (the table snapshot's ``watchers``, then
the ``watching`` and ``stopped_watching`` seat changes). :func:`company_of` puts
them together as plain data, turned so that one's own chair (or the one watched
from) comes first.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiospades.net import protocol as p
from audiospades.net.perspective import Perspective
from audiospades.replies import Company, HolderKind, Occupant


def company_of(
    info: p.TableInfo,
    perspective: Perspective,
    watchers: Sequence[str],
    *,
    watching: bool,
) -> Company:
    """Each seat's holder from the viewer's chair, and the others watching.

    >>> info = p.TableInfo(id="t1", name="Friday", players=3, partnerships=False,
    ...     target=500, hand_limit=None, preset="pagat", rules={}, private=False,
    ...     state=p.TableState.PLAYING, host=None, free_seats=[], spectators=1,
    ...     seats=[p.SeatInfo(seat=1, kind=p.SeatKind.HUMAN, name="Bob")])
    >>> company = company_of(info, Perspective.of(1, 3, 3), ["Dee"], watching=False)
    >>> [(s.number, s.kind.value, s.name) for s in company.seats]
    [(1, 'human', 'Bob'), (2, 'empty', ''), (0, 'empty', '')]
    >>> company.watchers, company.table_name
    (('Dee',), 'Friday')
    """
    listed = {held.seat: held for held in info.seats}
    seats = []
    for seen in range(info.players):
        real = perspective.real_seat(seen)
        held = listed.get(real)
        if held is None:
            seats.append(Occupant(HolderKind.EMPTY, number=real))
            continue
        seats.append(
            Occupant(
                HolderKind(held.kind.value),
                name=held.name or "",
                character=held.character,
                number=real,
                connected=held.connected,
                stand_in=held.stand_in,
                stands_in_for=held.stands_in_for,
            )
        )
    return Company(
        tuple(seats),
        watchers=tuple(watchers),
        watching=watching,
        table_name=info.name,
        table_default_name=info.default_name,
    )


def follow_watchers(
    watchers: list[str],
    change: p.SeatChange,
    name: str,
    watched_as: str | None = None,
) -> None:
    """Someone came to watch, or stopped: ``watchers`` follows (in place).

    The server tells everyone at the table but the spectator, so one's own coming
    and going is never among them. Two people may share a name: one of them goes.
    ``watched_as``: a spectator sat down, who watched under that name (version 14).

    >>> watchers = ["Dee", "Eve", "Dee"]
    >>> follow_watchers(watchers, p.SeatChange.STOPPED_WATCHING, "Dee")
    >>> follow_watchers(watchers, p.SeatChange.WATCHING, "Fay")
    >>> follow_watchers(watchers, p.SeatChange.JOINED, "Gus")
    >>> follow_watchers(watchers, p.SeatChange.JOINED, "Fay", watched_as="Fay")
    >>> watchers
    ['Eve', 'Dee']
    """
    if change is p.SeatChange.WATCHING:
        watchers.append(name)
        return
    gone = name if change is p.SeatChange.STOPPED_WATCHING else watched_as
    if gone is not None and gone in watchers:
        watchers.remove(gone)
