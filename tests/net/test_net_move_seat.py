"""Taking another free seat at one's own table (protocol version 9).

Friends at a waiting table choose to sit as partners: before, a player had to
leave and join again (the host could not at all without handing the table over),
and a spectator had to stop watching first. Now ``join_seat`` naming the table
one is at moves a seated player before the game, and seats a spectator; the others
hear ``moved`` (an older client: ``joined``, the seat left shown free).
"""

from __future__ import annotations

import json
from pathlib import Path

from net_client import NetPlayer, run, running_server, url_of

from audiospades.net import protocol as p

DEADLINE = 60.0


def _holder(info: p.TableInfo, seat: int) -> p.SeatInfo:
    return next(s for s in info.seats if s.seat == seat)


def test_a_player_moves_before_the_game_and_the_others_hear_where(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            old = NetPlayer(url, "Old", version=8)
            for player in (ann, bob, old):
                await player.connect()
            table = (await ann.create()).table.id
            await bob.send({"type": "join_seat", "table": table, "seat": 1})
            assert (await bob.expect(p.TableSnapshot)).seat == 1
            await old.send({"type": "join_seat", "table": table, "seat": 3})
            await old.expect(p.TableSnapshot)
            await ann.seat_change(p.SeatChange.JOINED)  # Bob
            await ann.seat_change(p.SeatChange.JOINED)  # Old

            # Bob moves to seat 2, across from Ann: her partner.
            await bob.send({"type": "join_seat", "table": table, "seat": 2})
            moved = await bob.expect(p.TableSnapshot)
            assert (moved.seat, _holder(moved.table, 2).name) == (2, "Bob")
            assert 1 in moved.table.free_seats and 2 not in moved.table.free_seats
            told = await ann.seat_change(p.SeatChange.MOVED)
            assert (told.seat, told.name) == (2, "Bob")
            assert _holder(told.table, 1).kind is p.SeatKind.EMPTY

            # A version 8 client cannot read "moved": told as Bob sitting down
            # in seat 2, with seat 1 free in the listing.
            seen = len(old.frames)
            older = await old.seat_change(p.SeatChange.JOINED)
            assert (older.seat, older.name) == (2, "Bob")
            assert 1 in older.table.free_seats
            assert not any('"moved"' in f for f in old.frames[seen:])

            # A seat taken, or none such, is refused, and nothing changes.
            for seat, code in ((0, "seat_taken"), (5, "no_such_seat")):
                await bob.send({"type": "join_seat", "table": table, "seat": seat})
                error = await bob.expect(p.Error)
                assert error.code.value == code
            await ann.send({"type": "add_bot", "seat": 1, "character": "milly"})
            await bob.seat_change(p.SeatChange.BOT_ADDED)
            await ann.send({"type": "start_game"})
            await bob.expect(p.TableSnapshot)  # the game's start
            # Once the game has started, seats stay as they are.
            await bob.send({"type": "join_seat", "table": table, "seat": 1})
            error = await bob.expect(p.Error)
            assert error.code is p.ErrorCode.GAME_STARTED
            assert bob.seat == 2
            for player in (ann, bob, old):
                await player.close()

    run(scenario(), DEADLINE)


def test_a_spectator_sits_down_in_a_free_seat_of_the_table_watched(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, dee = NetPlayer(url, "Ann"), NetPlayer(url, "Dee")
            for player in (ann, dee):
                await player.connect()
            table = (await ann.create()).table.id
            await dee.send({"type": "spectate", "table": table})
            assert (await dee.expect(p.TableSnapshot)).seat is None
            await ann.seat_change(p.SeatChange.WATCHING)
            # The seat Ann holds is refused: Dee still watches.
            await dee.send({"type": "join_seat", "table": table, "seat": 0})
            assert (await dee.expect(p.Error)).code is p.ErrorCode.SEAT_TAKEN
            await dee.send({"type": "join_seat", "table": table, "seat": 3})
            sat = await dee.expect(p.TableSnapshot)
            assert (sat.seat, sat.table.spectators) == (3, 0)
            # One change (version 14): no "stopped watching" before it.
            joined = await ann.expect(p.SeatChanged)
            assert (joined.change, joined.seat, joined.name, joined.watched_as) == (
                p.SeatChange.JOINED,
                3,
                "Dee",
                "Dee",
            )
            frames = [json.loads(f) for f in dee.frames]
            assert [f["code"] for f in frames if f["type"] == "error"] == ["seat_taken"]
            for player in (ann, dee):
                await player.close()

    run(scenario(), DEADLINE)
