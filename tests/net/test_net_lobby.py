"""The lobby and the host's tools: listing tables, private tables and their codes,
seats, computer players, starting, spectators, chat, and leaving."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import msgspec
import pytest
from net_client import NetPlayer, connected, run, running_server, url_of

from audiospades.net import protocol as p
from audiospades.net.protocol import ErrorCode, SeatChange, SeatKind, TableState
from audiospades.net.remote import merged_listing
from audiospades.net.wire import WireGameFinished
from audiospades.presenter.online import is_default_table_name
from audiospades.rules import CardPlayed, GameOver


async def _error(player: NetPlayer, frame: dict[str, object]) -> p.Error:
    await player.send(frame)
    return await player.expect(p.Error)


def test_the_lobby_lists_public_tables_in_one_line_each(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob, cy = (
                NetPlayer(url, "Ann"),
                NetPlayer(url, "Bob"),
                NetPlayer(url, "Cy"),
            )
            for player in (ann, bob, cy):
                await player.connect()
            await ann.create(name="Friday")
            await bob.create(
                name="Odd",
                rules={"preset": "seed_004", "target_score": 300},
                players=5,
            )
            await cy.create(name="Secret", private=True)
            late = NetPlayer(url, "Late")
            await late.connect()
            lobby = await late.expect(p.Lobby)
            listed = {t.name: t for t in lobby.tables}
            assert set(listed) == {"Friday", "Odd"}
            friday, odd = listed["Friday"], listed["Odd"]
            assert friday.preset == "pagat" and friday.players == 4
            assert friday.partnerships and friday.target == 500
            assert friday.free_seats == [1, 2, 3] and friday.state is TableState.WAITING
            assert (
                friday.seats[0].kind is SeatKind.HUMAN and friday.seats[0].name == "Ann"
            )
            assert odd.preset == "custom" and odd.players == 5 and odd.target == 300
            assert not odd.partnerships and odd.free_seats == [1, 2, 3, 4]

    run(scenario())


def test_a_private_table_is_joined_by_its_code(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob, eve = (
                NetPlayer(url, "Ann"),
                NetPlayer(url, "Bob"),
                NetPlayer(url, "Eve"),
            )
            for player in (ann, bob, eve):
                await player.connect()
            snap = await ann.create(private=True)
            code = snap.code
            assert code is not None and len(code) == 6 and snap.table.private
            wrong = await _error(eve, {"type": "join_seat", "table": "ABCDEF"})
            assert wrong.code is ErrorCode.NO_SUCH_TABLE
            await bob.send({"type": "join_seat", "table": code.lower()})
            joined = await bob.expect(p.TableSnapshot)
            assert joined.seat == 1 and joined.code == code
            seen = await ann.expect(p.SeatChanged)
            assert seen.change is SeatChange.JOINED and seen.name == "Bob"
            await eve.send({"type": "spectate", "table": code})
            watching = await eve.expect(p.TableSnapshot)
            assert watching.seat is None and watching.code is None

    run(scenario())


def test_a_private_tables_code_finds_its_seats_to_choose_from(tmp_path: Path) -> None:
    """Version 7: ``find_table`` answers a code with the table's listing, so a
    player chooses a free seat or a chair as at a listed table (before, a code
    could only be sat at in the first free seat, or watched from seat 1)."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            for player in (ann, bob):
                await player.connect()
            snap = await ann.create(private=True)
            code = snap.code
            assert code is not None
            wrong = await _error(bob, {"type": "find_table", "code": "ABCDEF"})
            assert wrong.code is ErrorCode.NO_SUCH_TABLE
            assert wrong.request == "find_table"
            await bob.send({"type": "find_table", "code": code.lower()})
            found = await bob.expect(p.TableFound)
            assert found.code == code
            assert found.table.id == snap.table.id and found.table.private
            assert found.table.free_seats == [1, 2, 3]
            await bob.send({"type": "join_seat", "table": found.table.id, "seat": 2})
            joined = await bob.expect(p.TableSnapshot)
            assert joined.seat == 2 and joined.code == code

    run(scenario())


def _listing() -> p.TableInfo:
    return p.TableInfo(
        id="t1",
        name="T",
        players=4,
        partnerships=True,
        target=500,
        hand_limit=None,
        preset="pagat",
        rules={},
        private=True,
        state=TableState.WAITING,
        host=None,
        seats=[],
        free_seats=[1, 2, 3],
        spectators=0,
    )


def test_an_older_client_is_sent_no_found_table() -> None:
    """A client older than version 7 never asks, and could not read the answer."""
    from audiospades.net.versions import for_version

    info = _listing()
    found = p.TableFound(code="ABCDEF", table=info)
    assert for_version(found, 6) is None
    assert for_version(found, 7) is found
    assert for_version(found, p.PROTOCOL_VERSION) is found
    # Version 8's changes of the table found: a version 7 client never asked.
    changed = p.TableFound(code="ABCDEF", table=info, changed=True)
    assert for_version(changed, 7) is None
    assert for_version(changed, p.PROTOCOL_VERSION) is changed


def test_each_version_keeps_what_it_can_read_and_no_more() -> None:
    """What versions 9 to 14 added reaches a client of that version and up,
    never one older. Before, the ladder stripped version 9's additions from every
    client below the newest version, not below 9: a version 9 client heard a
    friend's move as someone joining, and was never told its seat was given up
    while away. With version 11 a version 10 client (the page then) lost them too."""
    from audiospades.net.versions import for_version

    info = _listing()
    welcome = p.Welcome(version=9, player="p", token="t", name="Ann",
                        seat_given_up="before_start")  # fmt: skip
    snapshot = p.TableSnapshot(table=info, seat=None, chair=0, is_host=False,
                               code=None, view=None, notices=[],
                               played_by=["Ann", "Bob", "Cy", "Di"])  # fmt: skip
    moved = p.SeatChanged(change=p.SeatChange.MOVED, seat=2, name="Bob", table=info)
    people = p.PeopleOnline(people=[])
    default = msgspec.structs.replace(info, name="Ann's table", default_name=True)
    person = p.PersonOnline(name="Ann", player="p", place=p.Whereabouts.WAITING,
                            table=default.name, default_name=True)  # fmt: skip
    named = [
        p.Lobby(tables=[info, default]),
        p.LobbyUpdate(tables=[default], gone=[]),
        msgspec.structs.replace(snapshot, table=default),
        msgspec.structs.replace(moved, table=default),
        p.TableFound(code="K7Q", table=default),
        p.PeopleOnline(people=[person]),
    ]
    added = [(welcome, 9), (moved, 9), (snapshot, 10), (people, 11)]
    added += [(message, 13) for message in named]  # default_name
    sat = p.SeatChanged(change=p.SeatChange.JOINED, seat=2, name="Cid", table=info,
                        watched_as="Cid")  # fmt: skip
    added.append((sat, 14))
    for message, since in added:
        for version in range(p.OLDEST_PROTOCOL_VERSION, p.PROTOCOL_VERSION + 1):
            sent = for_version(message, version)
            assert (sent is message) == (version >= since), (message, version)
    assert for_version(people, 10) is None
    assert for_version(snapshot, 9).played_by is None  # type: ignore[union-attr]
    assert for_version(welcome, 8).seat_given_up is None  # type: ignore[union-attr]
    assert for_version(moved, 8).change is p.SeatChange.JOINED  # type: ignore[union-attr]
    for message in named:
        for version in range(p.OLDEST_PROTOCOL_VERSION, 13):
            older = for_version(message, version)
            assert older is None or "default_name" not in p.encode(older)
    for version in range(p.OLDEST_PROTOCOL_VERSION, 14):
        older = for_version(sat, version)
        assert older is not None and "watched_as" not in p.encode(older)


def test_the_host_seats_computer_players_and_starts(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            await ann.connect()
            await bob.connect()
            snap = await ann.create(rules={"preset": "pagat", "hand_limit": 1})
            table = snap.table.id
            await bob.send({"type": "join_seat", "table": table, "seat": "any"})
            assert (await bob.expect(p.TableSnapshot)).seat == 1
            taken = await _error(
                bob, {"type": "add_bot", "seat": 2, "character": "milly"}
            )
            assert taken.code is ErrorCode.NOT_HOST
            nobody = await _error(
                ann, {"type": "add_bot", "seat": 2, "character": "zed"}
            )
            assert nobody.code is ErrorCode.NO_SUCH_CHARACTER
            busy = await _error(
                ann, {"type": "add_bot", "seat": 1, "character": "milly"}
            )
            assert busy.code is ErrorCode.SEAT_TAKEN
            empty = await _error(ann, {"type": "start_game"})
            assert empty.code is ErrorCode.SEATS_EMPTY and "2, 3" in empty.detail
            await ann.send({"type": "add_bot", "seat": 2, "character": "milly"})
            await ann.send({"type": "add_bot", "seat": 3, "character": "bert"})
            await ann.send({"type": "remove_bot", "seat": 3})
            twice = await _error(  # two Millys could not be told apart
                ann, {"type": "add_bot", "seat": 3, "character": "milly"}
            )
            assert twice.code is ErrorCode.CHARACTER_SEATED
            await ann.send({"type": "add_bot", "seat": 3, "character": "hazel"})
            not_bot = await _error(ann, {"type": "remove_bot", "seat": 1})
            assert not_bot.code is ErrorCode.NOT_A_COMPUTER
            # A seat the table has not: said so, as add_bot says it.
            beyond = await _error(ann, {"type": "remove_bot", "seat": 5})
            assert beyond.code is ErrorCode.NO_SUCH_SEAT
            await ann.send({"type": "start_game"})
            started = await ann.expect(p.TableSnapshot)
            assert (
                started.view is not None and started.table.state is TableState.PLAYING
            )
            names = [s.name for s in started.table.seats]
            assert names == ["Ann", "Bob", "Milly", "Hazel"]
            late = await _error(
                ann, {"type": "add_bot", "seat": 3, "character": "milly"}
            )
            assert late.code is ErrorCode.GAME_STARTED
            await asyncio.gather(ann.play_to_the_end(), bob.play_to_the_end())

    run(scenario())


def test_bad_rules_are_refused_naming_the_option(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            ann = NetPlayer(url_of(server), "Ann")
            await ann.connect()
            for rules, named in (
                ({"preset": "martian"}, "martian"),
                ({"moon": "sometimes"}, "moon"),
                ({"nil_value": "lots"}, "nil_value"),
                ({"player_count": 5}, "player_count"),
            ):
                error = await _error(
                    ann, {"type": "create_table", "name": "T", "rules": rules}
                )
                assert error.code is ErrorCode.BAD_RULES and named in error.detail

    run(scenario())


def test_spectators_see_the_game_but_cannot_play(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, eve = NetPlayer(url, "Ann"), NetPlayer(url, "Eve")
            await ann.connect()
            await eve.connect()
            snap = await ann.create(rules={"preset": "pagat", "hand_limit": 1})
            for seat, who in ((1, "milly"), (2, "bert"), (3, "hazel")):
                await ann.send({"type": "add_bot", "seat": seat, "character": who})
            await eve.send({"type": "spectate", "table": snap.table.id, "chair": 2})
            watch = await eve.expect(p.TableSnapshot)
            assert watch.seat is None and watch.chair == 2 and watch.view is None
            await ann.send({"type": "start_game"})
            await eve.expect(p.TableSnapshot)
            assert eve.view is not None and eve.view.hand == () and eve.view.seat == 2
            refused = await _error(eve, {"type": "play", "card": "2C"})
            assert refused.code is ErrorCode.NOT_SEATED
            await ann.play_to_the_end()
            while not any(isinstance(n, GameOver) for n in eve.notices):
                await eve.recv()
            assert any(isinstance(n, CardPlayed) and n.seat == 0 for n in eve.notices)

    run(scenario())


def test_chat_reaches_the_table_or_the_lobby(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob, cy, dee = await connected(url, "Ann", "Bob", "Cy", "Dee")
            snap = await ann.create()
            await bob.send({"type": "join_seat", "table": snap.table.id})
            await bob.expect(p.TableSnapshot)
            await cy.send({"type": "spectate", "table": snap.table.id})
            await cy.expect(p.TableSnapshot)
            await bob.send({"type": "chat", "text": "  good luck, partner  "})
            for player in (ann, bob, cy):
                line = await player.expect(p.ChatLine)
                assert (line.scope, line.sender, line.seat, line.text) == (
                    "table",
                    "Bob",
                    1,
                    "good luck, partner",
                )
            await dee.send({"type": "chat", "text": "anyone for a game?"})
            heard = await dee.expect(p.ChatLine)
            assert heard.scope == "lobby" and heard.sender == "Dee"
            await ann.send({"type": "ping", "nonce": 8})
            await ann.expect(p.Pong)
            assert not any(
                isinstance(m, p.ChatLine) and m.scope == "lobby" for m in ann.messages
            )

    run(scenario())


def test_the_host_role_passes_on_and_an_empty_table_closes(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob, cy = (
                NetPlayer(url, "Ann"),
                NetPlayer(url, "Bob"),
                NetPlayer(url, "Cy"),
            )
            for player in (ann, bob, cy):
                await player.connect()
            snap = await ann.create()
            await bob.send({"type": "join_seat", "table": snap.table.id, "seat": 3})
            await bob.expect(p.TableSnapshot)
            await ann.send({"type": "leave"})
            await ann.expect(p.Lobby)
            left = await bob.expect(p.SeatChanged)
            assert left.change is SeatChange.LEFT and left.seat == 0
            host = await bob.expect(p.SeatChanged)
            assert host.change is SeatChange.HOST_CHANGED
            assert host.table.host == bob.player_id
            await bob.send({"type": "add_bot", "seat": 0, "character": "milly"})
            assert (await bob.expect(p.SeatChanged)).change is SeatChange.BOT_ADDED
            await bob.send({"type": "leave"})
            await bob.expect(p.Lobby)
            await cy.send({"type": "list_tables"})
            lobby = await cy.expect(p.Lobby)
            while lobby.tables:
                lobby = await cy.expect(p.Lobby)
            gone = await _error(cy, {"type": "join_seat", "table": snap.table.id})
            assert gone.code is ErrorCode.NO_SUCH_TABLE
            nothing = await _error(cy, {"type": "leave"})
            assert nothing.code is ErrorCode.NOT_AT_TABLE

    run(scenario())


def test_a_seat_left_in_a_game_is_open_to_anyone(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob, cy = (
                NetPlayer(url, "Ann"),
                NetPlayer(url, "Bob"),
                NetPlayer(url, "Cy"),
            )
            for player in (ann, bob, cy):
                await player.connect()
            snap = await ann.create(rules={"preset": "pagat", "hand_limit": 1})
            table = snap.table.id
            await bob.send({"type": "join_seat", "table": table, "seat": 2})
            await bob.expect(p.TableSnapshot)
            for seat, who in ((1, "milly"), (3, "bert")):
                await ann.send({"type": "add_bot", "seat": seat, "character": who})
            await ann.send({"type": "start_game"})
            await bob.expect(p.TableSnapshot)
            await bob.send({"type": "leave"})
            await bob.expect(p.Lobby)
            while True:  # Ann plays on, and hears Bob go
                message = await ann.recv()
                await ann.react()
                if (
                    isinstance(message, p.SeatChanged)
                    and message.change is SeatChange.LEFT
                ):
                    break
            seat = message.table.seats[2]
            assert seat.kind is SeatKind.COMPUTER and seat.stand_in
            assert message.table.free_seats == [2]
            await cy.send({"type": "join_seat", "table": table, "seat": "any"})
            joined = await cy.expect(p.TableSnapshot)
            assert joined.seat == 2 and cy.view is not None
            assert joined.table.seats[2].name == "Cy"
            await asyncio.gather(ann.play_to_the_end(), cy.play_to_the_end())

    run(scenario())


def test_spectators_are_told_and_a_stand_in_names_whose_seat_it_plays(
    tmp_path: Path,
) -> None:
    """Cy leaves a game: the seat's listing names him beside Hazel, who plays it;
    back in it, he is ``returned``, not ``joined``. Dee watching and leaving is told
    to the table. Old, a version 2 client, is sent none of it (it would skip every
    frame holding it, the table listings included) and the rest as before."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, cy, dee = (
                NetPlayer(url, "Ann"),
                NetPlayer(url, "Cy"),
                NetPlayer(url, "Dee"),
            )
            old = NetPlayer(url, "Old", version=2)
            for player in (ann, cy, dee):
                assert (await player.connect()).version == p.PROTOCOL_VERSION
            assert (await old.connect()).version == 2
            snap = await ann.create(rules={"preset": "pagat", "hand_limit": 1})
            table = snap.table.id
            for player, seat in ((old, 1), (cy, 2)):
                await player.send({"type": "join_seat", "table": table, "seat": seat})
                await player.expect(p.TableSnapshot)
            await ann.send({"type": "add_bot", "seat": 3, "character": "milly"})
            await ann.send({"type": "start_game"})
            await cy.expect(p.TableSnapshot)
            await cy.send({"type": "leave"})
            await cy.expect(p.Lobby)
            left = await ann.seat_change(SeatChange.LEFT)
            gone = left.table.seats[2]
            assert (gone.kind, gone.name, gone.stands_in_for) == (
                SeatKind.COMPUTER,
                "Hazel",
                "Cy",
            )

            await dee.send({"type": "spectate", "table": table})
            await dee.expect(p.TableSnapshot)
            came = await ann.seat_change(SeatChange.WATCHING)
            assert (came.name, came.seat, came.table.spectators) == ("Dee", None, 1)
            await dee.send({"type": "leave"})
            lobby = await dee.expect(p.Lobby)  # the lobby lists whose seat it was
            assert lobby.tables[0].seats[2].stands_in_for == "Cy"
            went = await ann.seat_change(SeatChange.STOPPED_WATCHING)
            assert (went.name, went.seat, went.table.spectators) == ("Dee", None, 0)

            await cy.send({"type": "join_seat", "table": table, "seat": 2})
            await cy.expect(p.TableSnapshot)
            back = await ann.seat_change(SeatChange.RETURNED)
            assert (back.seat, back.name) == (2, "Cy")
            assert back.table.seats[2].stands_in_for is None

            # Old heard Cy go and come back, and nothing of version 3's.
            assert (await old.seat_change(SeatChange.RETURNED)).name == "Cy"
            assert not any("stands_in_for" in f or "watching" in f for f in old.frames)
            assert [m.change for m in old.messages if isinstance(m, p.SeatChanged)] == [
                SeatChange.JOINED,
                SeatChange.BOT_ADDED,
                SeatChange.GAME_STARTED,
                SeatChange.LEFT,
                SeatChange.RETURNED,
            ]

    run(scenario())


async def _updates(watcher: NetPlayer, seconds: float = 0.4) -> list[p.LobbyUpdate]:
    """The lobby updates that come to ``watcher`` until it hears nothing for a while
    (anything else it is sent fails the test: it sits at no table)."""
    got: list[p.LobbyUpdate] = []
    while True:
        try:
            message = await watcher.recv(timeout=seconds)
        except TimeoutError:
            return got
        assert isinstance(message, p.LobbyUpdate), message
        got.append(message)


def test_the_lobby_is_told_only_the_tables_that_changed(tmp_path: Path) -> None:
    """Wes waits in the lobby while tables open, fill, start, lose a player to a
    stand-in and get them back, gain and lose a spectator, finish a game, start
    another, change host and close. He is sent each change as the changed tables
    only (before: the whole list every time, so a lobby of thousands of tables
    cost the server the whole list per player per change), never a word of the
    private table, and what he puts together is, at every step, the tables as they
    stand (read from the server's tables themselves, not from its kept listings)."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db", takeover_seconds=1.5) as server:
            url = url_of(server)

            def as_they_stand() -> list[p.TableInfo]:
                return [t.info() for t in server.tables.values() if t.code is None]

            wes = NetPlayer(url, "Wes")
            await wes.connect()
            listed = (await wes.expect(p.Lobby)).tables
            assert listed == []

            async def told(most: int = 3) -> list[p.LobbyUpdate]:
                nonlocal listed
                updates = await _updates(wes)
                for update in updates:
                    assert len(update.tables) + len(update.gone) <= most, update
                    listed = merged_listing(listed, update.tables, update.gone)
                assert listed == as_they_stand()
                return updates

            ann, bob, cy, dee, eve = await connected(
                url, "Ann", "Bob", "Cy", "Dee", "Eve"
            )
            one_hand = {"preset": "pagat", "hand_limit": 1}
            a = (await ann.create(name="Apple", rules=one_hand)).table.id
            b = (await bob.create(name="Birch")).table.id
            secret = (await cy.create(name="Secret", private=True)).table.id
            await told()
            assert [t.name for t in listed] == ["Apple", "Birch"]

            await dee.send({"type": "join_seat", "table": a, "seat": 1})
            await dee.expect(p.TableSnapshot)
            updates = await told()
            assert [[t.name for t in u.tables] for u in updates] == [["Apple"]]
            assert updates[0].gone == []

            await ann.send({"type": "add_bot", "seat": 2, "character": "milly"})
            await ann.send({"type": "add_bot", "seat": 3, "character": "bert"})
            await ann.send({"type": "start_game"})
            await ann.expect(p.TableSnapshot)
            await dee.close()  # a player's connection drops
            await told()
            assert not listed[0].seats[1].connected
            assert not listed[0].seats[1].stand_in
            await asyncio.sleep(1.5)  # a computer stands in
            await told()
            assert listed[0].seats[1].stand_in and not listed[0].seats[1].connected

            await dee.connect()  # back: the seat is hers again
            await dee.expect(p.TableSnapshot)
            await told()
            assert listed[0].seats[1].connected and not listed[0].seats[1].stand_in

            await eve.send({"type": "spectate", "table": a})
            await eve.expect(p.TableSnapshot)
            await told()
            assert listed[0].spectators == 1
            await eve.close()  # a spectator's connection drops
            await told()
            assert listed[0].spectators == 0

            await asyncio.gather(ann.play_to_the_end(), dee.play_to_the_end())
            await told()
            assert listed[0].state is TableState.FINISHED
            await ann.send({"type": "start_game"})  # the next game, same players
            await ann.expect(p.TableSnapshot)
            await told()
            assert listed[0].state is TableState.PLAYING
            await ann.send({"type": "leave"})  # Dee is the host now
            await ann.expect(p.Lobby)
            await told()
            assert listed[0].host == dee.player_id

            await bob.send({"type": "leave"})  # Birch, empty, closes
            await bob.expect(p.Lobby)
            await cy.send({"type": "leave"})  # and Secret
            await cy.expect(p.Lobby)
            updates = await told()
            assert [u.gone for u in updates if u.gone] == [[b]]
            assert [t.name for t in listed] == ["Apple"]
            assert not any(secret in frame for frame in wes.frames)

    run(scenario())


@pytest.mark.allow_error_log  # the two failed writes are logged
def test_a_table_changed_by_a_failed_write_is_listed_as_it_stands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database write that fails after a table changed (Bob is seated, Ann has
    left) still tells the lobby, and Ann, back in it, gets the whole list; the
    lobby's listings are not left as they were before the failure for good."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            wes, ann, bob = await connected(url, "Wes", "Ann", "Bob")
            listed = (await wes.expect(p.Lobby)).tables
            table = (await ann.create(name="Apple")).table.id
            real = server.store.save_table
            failures = 0

            def fails_once_when_asked(row: object) -> None:
                nonlocal failures
                if failures:
                    failures -= 1
                    raise sqlite3.OperationalError("disk I/O error")
                real(row)  # type: ignore[arg-type]

            monkeypatch.setattr(server.store, "save_table", fails_once_when_asked)
            failures = 1
            await bob.send({"type": "join_seat", "table": table, "seat": 2})
            assert (await bob.expect(p.Error)).code is ErrorCode.SERVER_ERROR
            failures = 1
            await ann.send({"type": "leave"})
            assert (await ann.expect(p.Error)).code is ErrorCode.SERVER_ERROR
            back = await ann.expect(p.Lobby)
            # The server joins each table's kept JSON into the list: the very
            # bytes msgspec writes for the whole message.
            assert ann.frames[-1].encode() == p.encode_utf8(back)
            for update in await _updates(wes):
                listed = merged_listing(listed, update.tables, update.gone)
            standing = [t.info() for t in server.tables.values() if t.code is None]
            assert listed == standing == back.tables
            [apple] = standing
            assert [s.name for s in apple.seats] == [None, None, "Bob", None]

    run(scenario())


def test_who_sits_down_after_a_game_is_not_told_its_end_as_theirs(
    tmp_path: Path,
) -> None:
    """Bob leaves a finished game and Dan takes his seat: Dan's snapshot does not
    carry the game's end, which his client would say (and count) as his own
    result. Bob, had he stayed, was told it with its id."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            url = url_of(server)
            ann = NetPlayer(url, "Ann")
            await ann.connect()
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await ann.send({"type": "create_table", "name": "T", "rules": rules})
            table = (await ann.expect(p.TableSnapshot)).table.id
            for seat, who in ((1, "milly"), (2, "bert")):
                await ann.send({"type": "add_bot", "seat": seat, "character": who})
            bob = NetPlayer(url, "Bob")
            await bob.connect()
            await bob.send({"type": "join_seat", "table": table, "seat": 3})
            await bob.expect(p.TableSnapshot)
            await ann.send({"type": "start_game"})
            ends = await asyncio.gather(ann.play_to_the_end(), bob.play_to_the_end())
            assert all(end.game_id and end.game_id.startswith("g") for end in ends)
            await bob.send({"type": "leave"})
            dan = NetPlayer(url, "Dan")
            await dan.connect()
            await dan.send({"type": "join_seat", "table": table, "seat": 3})
            snapshot = await dan.expect(p.TableSnapshot)
            assert snapshot.seat == 3 and snapshot.view is not None
            assert not [n for n in snapshot.notices if isinstance(n, WireGameFinished)]
            assert dan.outcome is None
            for player in (ann, bob, dan):
                await player.close()

    run(scenario(), timeout=120)


async def _whole_list(player: NetPlayer, count: int) -> list[p.TableInfo]:
    """The lobby's list, asked for until it holds ``count`` tables."""
    while True:
        await player.send({"type": "list_tables"})
        while not isinstance(message := await player.recv(), p.Lobby):
            pass
        if len(message.tables) == count:
            return message.tables
        await asyncio.sleep(0.01)


def test_a_default_name_is_told_apart_from_a_typed_one_and_kept(
    tmp_path: Path,
) -> None:
    """QA: a typed name of the default's shape ("Cy's table" typed by Bob) was
    taken for a default by every client (said in each language, "Table de Cy").
    Now a table made with no name given says so (``default_name``), and a typed
    name does not, whatever it looks like. A client older than version 13 still
    sends its default itself: its own name's default is taken for one, any other
    name as typed; it is never sent ``default_name`` (it would refuse the frame).
    The server keeps it through a restart; a table saved before it kept it (not
    known) is read as before, by the name's shape."""
    db = tmp_path / "s.db"

    def listed(tables: list[p.TableInfo]) -> dict[str, bool]:
        return {info.name: info.default_name for info in tables}

    expected = {
        "Ann's table": True,  # no name given
        "Cy's table": False,  # Bob typed it
        "Cy's table 2": True,  # Cy's own default, sent by an older game
        "Ann's table 2": False,  # Dan typed it, in an older game
    }

    async def scenario() -> None:
        async with running_server(db, takeover_seconds=30) as server:
            url = url_of(server)
            ann, bob, fay = (NetPlayer(url, name) for name in ("Ann", "Bob", "Fay"))
            cy, dan, eve = (
                NetPlayer(url, name, version=12) for name in ("Cy", "Dan", "Eve")
            )
            for player in (ann, bob, cy, dan, eve, fay):
                await player.connect()
            await ann.send({"type": "create_table", "rules": {"preset": "pagat"}})
            await ann.expect(p.TableSnapshot)
            await bob.create(name="Cy's table")
            await cy.create(name="Cy's table")
            await dan.create(name="Ann's table")
            assert listed([t.info() for t in server.tables.values()]) == expected
            assert listed(await _whole_list(fay, 4)) == expected
            older = await _whole_list(eve, 4)
            assert {info.name for info in older} == set(expected)
            assert not any(info.default_name for info in older)
            # Who is online names the tables too, each with its default_name.
            for player in (fay, eve):
                await player.send({"type": "who_is_online"})
            people = (await fay.expect(p.PeopleOnline)).people
            assert {o.table: o.default_name for o in people if o.table} == expected
            await eve.expect(p.PeopleOnline)
            assert all("default_name" not in frame for frame in eve.frames)
            assert all("default_name" not in frame for frame in cy.frames)
            for player in (ann, bob, cy, dan, eve, fay):
                await player.close()
        # Saved before the server kept it: not known, read by the name's shape.
        with sqlite3.connect(db) as saved:
            saved.execute(
                "UPDATE tables SET default_name = NULL WHERE name = 'Cy''s table'"
            )
        async with running_server(db, takeover_seconds=30) as server:
            assert listed([t.info() for t in server.tables.values()]) == {
                **expected,
                "Cy's table": True,
            }

    run(scenario())


def test_a_second_open_table_of_one_name_is_numbered(tmp_path: Path) -> None:
    """Two players called Ann each open "Ann's table": the second is listed as
    "Ann's table 2", so that the lobby's two lines differ (they were the same
    line twice), and it is still a name that says "table" itself ("Back at Ann's
    table 2."). Once the first has closed, the name is free again."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            first, second, third = (NetPlayer(url, "Ann") for _ in range(3))
            for player in (first, second, third):
                await player.connect()
            made = [
                (await player.create(name="Ann's table")).table.name
                for player in (first, second)
            ]
            assert made == ["Ann's table", "Ann's table 2"]
            assert is_default_table_name(made[1])
            long = "x" * p.MAX_TABLE_NAME_LENGTH
            await first.send({"type": "leave"})
            await first.expect(p.Lobby)
            await first.create(name=long)
            numbered = (await third.create(name=long)).table.name
            assert len(numbered) == p.MAX_TABLE_NAME_LENGTH
            assert numbered.endswith(" 2")
            await second.send({"type": "leave"})
            await second.expect(p.Lobby)
            assert (await second.create(name="Ann's table")).table.name == (
                "Ann's table"
            )
            for player in (first, second, third):
                await player.close()

    run(scenario())
