"""Taking another free seat at one's own table (protocol version 9).

Friends at a waiting table choose to sit as partners: before, a player had to
leave and join again (the host could not at all without handing the table over),
and a spectator had to stop watching first. Now ``join_seat`` naming the table
one is at moves a seated player before the game, and seats a spectator; the others
hear ``moved`` (an older client: ``joined``, the seat left shown free).
"""

from __future__ import annotations

import asyncio
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
            # Seated, Dee is no spectator of this table, here or away: when she
            # sat down to watch is forgotten, as when a spectator leaves (it was
            # kept, for as long as the table lasted).
            assert dee.player_id is not None
            assert server.tables[table].away_watcher_since(dee.player_id) == 0.0
            for player in (ann, dee):
                await player.close()

    run(scenario(), DEADLINE)


def test_a_spectator_takes_a_seat_freed_during_the_game_and_sees_only_its_cards(
    tmp_path: Path,
) -> None:
    """Bob leaves a game under way; Hazel, a computer, plays his seat. Cid, who
    watches, takes it (version 14; before, ``game_started``, though someone in
    the lobby could take it): Hazel gives it up, the others are told in one
    change, and Cid is sent the seat's view (its hand, the trick, whose turn,
    the scores). No frame Cid was sent while watching holds a card of any hand,
    nor any after, but the seat's own: checked against the game's record."""
    from test_net_leaks import check_stream

    from audiospades.net.store import Store

    async def scenario() -> tuple[list[str], list[str], str]:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob, cid = (NetPlayer(url, n) for n in ("Ann", "Bob", "Cid"))
            for player in (ann, bob, cid):
                await player.connect()
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            table = (await ann.create(rules=rules)).table.id
            await bob.send({"type": "join_seat", "table": table, "seat": 1})
            await bob.expect(p.TableSnapshot)
            for seat, who in ((2, "milly"), (3, "bert")):
                await ann.send({"type": "add_bot", "seat": seat, "character": who})
            await ann.send({"type": "start_game"})
            await bob.expect(p.TableSnapshot)  # the game's start
            await cid.send({"type": "spectate", "table": table, "chair": 1})
            watching = await cid.expect(p.TableSnapshot)
            assert watching.seat is None
            await bob.send({"type": "leave"})
            left = await ann.seat_change(p.SeatChange.LEFT)
            assert left.table.seats[1].stand_in and 1 in left.table.free_seats
            await cid.seat_change(p.SeatChange.LEFT)
            before = len(cid.frames)
            await cid.send({"type": "join_seat", "table": table, "seat": 1})
            sat = await cid.expect(p.TableSnapshot)
            assert sat.seat == 1 and sat.view is not None
            view = cid.view
            assert view is not None and view.hand  # its hand, to play
            told = await ann.seat_change(p.SeatChange.JOINED)
            assert (told.seat, told.name, told.watched_as) == (1, "Cid", "Cid")
            assert told.table.seats[1].kind is p.SeatKind.HUMAN
            # The game goes on with Cid in the seat, to its end.
            outcome = await asyncio.gather(ann.play_to_the_end(), cid.play_to_the_end())
            assert all(o is not None for o in outcome)
            for player in (ann, bob, cid):
                await player.close()
            return cid.frames[:before], cid.frames[before:], table

    watched, seated, table = run(scenario(), DEADLINE * 2)
    store = Store(tmp_path / "s.db")
    row = store.table(table)
    assert row is not None and row.game_id is not None
    record = store.finished_record(row.game_id)
    store.close()
    assert record is not None
    check_stream(watched, None, record)  # the public view: no card of a hand
    assert check_stream(seated, 1, record) > 0
