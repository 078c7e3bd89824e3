"""Names at a table stay apart, so that every play can be told by ear.

QA: two people both called Ann, or a person called Milly beside Milly the
computer player, were each heard as "Ann plays ..." or "Milly plays ...". The
one who sits down later goes by "Ann 2" at that table (the lowest number free),
through a dropped connection too; the host cannot seat a computer player named
as a person there is; a computer standing in for someone is never named as a
person at the table, that person included.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from net_client import NetPlayer, connected, run, running_server, url_of

from audiospades.net import protocol as p
from audiospades.net import server as server_module


def _name(info: p.TableInfo, seat: int) -> str | None:
    return next(s.name for s in info.seats if s.seat == seat)


async def _line(player: NetPlayer, text: str) -> p.ChatLine:
    """The chat line saying ``text`` that ``player`` hears (others before it pass)."""
    while (line := await player.expect(p.ChatLine)).text != text:
        pass
    return line


async def _two_at_a_table(
    url: str, first: str, second: str, seat: int
) -> tuple[NetPlayer, NetPlayer, str, p.TableSnapshot]:
    """``first`` opens a table, ``second`` sits in ``seat``: both, the table's id,
    and the snapshot ``second`` was sent."""
    host, guest = NetPlayer(url, first), NetPlayer(url, second)
    await host.connect()
    await guest.connect()
    table = (await host.create()).table.id
    await guest.send({"type": "join_seat", "table": table, "seat": seat})
    return host, guest, table, await guest.expect(p.TableSnapshot)


def test_two_people_of_one_name_are_told_apart(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, other, table, seated = await _two_at_a_table(url, "Ann", "ann", 1)
            assert _name(seated.table, 0) == "Ann"
            assert _name(seated.table, 1) == "ann 2"
            told = await ann.seat_change(p.SeatChange.JOINED)
            assert told.name == "ann 2"
            third = NetPlayer(url, "Ann")
            await third.connect()
            await third.send({"type": "join_seat", "table": table, "seat": 2})
            assert _name((await third.expect(p.TableSnapshot)).table, 2) == "Ann 3"
            # Back after a dropped connection: still "ann 2", not a second "ann".
            await other.close()
            await ann.seat_change(p.SeatChange.DISCONNECTED)
            back = NetPlayer(url, "ann", token=other.token)
            await back.connect()
            again = await back.expect(p.TableSnapshot)
            assert _name(again.table, 1) == "ann 2"
            for player in (ann, third, back):
                await player.close()

    run(scenario())


def test_a_person_named_as_a_computer_player_is_told_apart(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            host, milly = NetPlayer(url, "Host"), NetPlayer(url, "Milly")
            await host.connect()
            await milly.connect()
            table = (await host.create()).table.id
            await host.send({"type": "add_bot", "seat": 1, "character": "milly"})
            await host.seat_change(p.SeatChange.BOT_ADDED)
            await milly.send({"type": "join_seat", "table": table, "seat": 2})
            assert _name((await milly.expect(p.TableSnapshot)).table, 2) == "Milly 2"
            # The other way round: no computer Gus beside a person called Gus.
            gus = NetPlayer(url, "gus")
            await gus.connect()
            await gus.send({"type": "join_seat", "table": table, "seat": 3})
            await gus.expect(p.TableSnapshot)
            await host.send({"type": "remove_bot", "seat": 1})
            await host.seat_change(p.SeatChange.BOT_REMOVED)
            await host.send({"type": "add_bot", "seat": 1, "character": "gus"})
            while not isinstance(refused := await host.recv(), p.Error):
                pass
            assert refused.code is p.ErrorCode.CHARACTER_SEATED, refused
            for player in (host, milly, gus):
                await player.close()

    run(scenario())


def test_no_one_stands_in_under_a_name_a_person_has_here(tmp_path: Path) -> None:
    """Hazel stands in for people who drop, unless a person here is called Hazel:
    here the one who dropped is ("Hazel, standing in for Hazel")."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db", takeover_seconds=0.3) as server:
            url = url_of(server)
            ann, hazel = NetPlayer(url, "Ann"), NetPlayer(url, "Hazel")
            await ann.connect()
            await hazel.connect()
            table = (await ann.create(rules={"preset": "pagat"})).table.id
            await hazel.send({"type": "join_seat", "table": table, "seat": 2})
            await hazel.expect(p.TableSnapshot)
            await ann.send({"type": "add_bot", "seat": 1, "character": "milly"})
            await ann.send({"type": "add_bot", "seat": 3, "character": "bert"})
            await ann.send({"type": "start_game"})
            await hazel.expect(p.TableSnapshot)  # the game starts
            await hazel.close()
            while True:
                message = await ann.recv()
                await ann.react()
                if (
                    isinstance(message, p.SeatChanged)
                    and message.change is p.SeatChange.TAKEN_OVER
                ):
                    break
            stand_in = next(s for s in message.table.seats if s.seat == 2)
            assert stand_in.stand_in and stand_in.character not in (None, "hazel")
            assert stand_in.character not in ("milly", "bert")
            await ann.close()

    run(scenario())


def test_a_chat_line_at_the_table_names_the_sender_as_the_table_does(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            ann, other, _table, _seated = await _two_at_a_table(
                url_of(server), "Ann", "Ann", 2
            )
            await other.send({"type": "chat", "text": "hello"})
            line = await ann.expect(p.ChatLine)
            assert (line.sender, line.seat, line.text) == ("Ann 2", 2, "hello")
            await ann.send({"type": "chat", "text": "hi"})
            assert (await _line(other, "hi")).sender == "Ann"
            for player in (ann, other):
                await player.close()

    run(scenario())


def test_a_numbered_name_may_pass_the_longest_name_a_player_may_give(
    tmp_path: Path,
) -> None:
    """A name of the greatest length allowed, numbered at a table, still travels:
    the seats' and the chat's names have no such bound (only ``hello``'s)."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            longest = "A" * p.MAX_NAME_LENGTH
            first, second, _table, seated = await _two_at_a_table(
                url_of(server), longest, longest, 1
            )
            assert _name(seated.table, 1) == f"{longest} 2"
            told = await first.seat_change(p.SeatChange.JOINED)
            assert told.name == f"{longest} 2"
            for player in (first, second):
                await player.close()

    run(scenario())


def test_two_people_of_one_name_chatting_in_the_lobby_are_told_apart(
    tmp_path: Path,
) -> None:
    """QA: two players called Ann in the lobby were both heard as "Ann: hello".

    The one connected later is "Ann 2" in the lobby's chat; the name is free again
    once its holder has gone. A spectator is named apart from the seats, too.
    """

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            first, second = NetPlayer(url, "Ann"), NetPlayer(url, "ann")
            await first.connect()
            await second.connect()
            await second.send({"type": "chat", "text": "hello"})
            line = await first.expect(p.ChatLine)
            assert (line.scope, line.sender, line.text) == ("lobby", "ann 2", "hello")
            await first.send({"type": "chat", "text": "hi"})
            assert (await _line(second, "hi")).sender == "Ann"
            # The first Ann goes: a third who comes is plain "Ann" again.
            await first.close()
            third = NetPlayer(url, "Ann")
            await third.connect()
            await third.send({"type": "chat", "text": "back"})
            assert (await _line(second, "back")).sender == "Ann"
            # A spectator called Milly, where Milly the computer plays, is not
            # heard as her.
            table = (await third.create()).table.id
            await third.send({"type": "add_bot", "seat": 1, "character": "milly"})
            await third.seat_change(p.SeatChange.BOT_ADDED)
            milly = NetPlayer(url, "Milly")
            await milly.connect()
            await milly.send({"type": "spectate", "table": table})
            await milly.expect(p.TableSnapshot)
            await milly.send({"type": "chat", "text": "watching"})
            assert (await _line(third, "watching")).sender == "Milly 2"
            await milly.close()
            for player in (second, third):
                await player.close()

    run(scenario())


def _where(answer: p.PeopleOnline) -> list[tuple[str, str, str | None, bool]]:
    return [(o.name, o.place.value, o.table, o.private) for o in answer.people]


def test_who_is_online_lists_the_others_where_they_are(tmp_path: Path) -> None:
    """``who_is_online`` (version 11): everyone else connected, the lobby first
    (they hear its chat), then by name, each named as the lobby's chat names them;
    a private table's name is not told; a version 10 client is sent nothing."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, zed, other = await connected(url, "Ann", "Zed", "ann")
            await ann.send({"type": "who_is_online"})
            answer = await ann.expect(p.PeopleOnline)
            assert _where(answer) == [
                ("ann 2", "lobby", None, False),
                ("Zed", "lobby", None, False),
            ]
            assert answer.more == 0
            # Zed opens a public table and starts it with computer players; the
            # other Ann opens a private one; Bo watches Zed's.
            await zed.create(name="Friday", players=3, partnerships=False)
            for seat, character in ((1, "milly"), (2, "bert")):
                await zed.send(
                    {"type": "add_bot", "seat": seat, "character": character}
                )
                await zed.seat_change(p.SeatChange.BOT_ADDED)
            await zed.send({"type": "start_game"})
            await zed.seat_change(p.SeatChange.GAME_STARTED)
            await other.create(name="Secret", private=True)
            bo = NetPlayer(url, "Bo")
            await bo.connect()
            table = zed.table_id
            await bo.send({"type": "spectate", "table": table})
            await bo.expect(p.TableSnapshot)
            await ann.send({"type": "who_is_online"})
            assert _where(await ann.expect(p.PeopleOnline)) == [
                ("ann 2", "waiting", None, True),
                ("Bo", "watching", "Friday", False),
                ("Zed", "playing", "Friday", False),
            ]
            # An older client never asks; if it did, the answer is not sent.
            old = NetPlayer(url, "Old", version=10)
            await old.connect()
            await old.send({"type": "who_is_online"})
            await old.send({"type": "ping", "nonce": 7})
            assert (await old.expect(p.Pong)).nonce == 7
            assert not any(isinstance(m, p.PeopleOnline) for m in old.messages)
            for player in (ann, zed, other, bo, old):
                await player.close()

    run(scenario())


def test_who_is_online_names_so_many_and_counts_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crowded server's answer stays one small frame: ``more`` counts the rest."""
    monkeypatch.setattr(server_module, "MAX_PEOPLE_LISTED", 2)

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            players = await connected(url, "Ann", "Cy", "Bo", "Di")
            await players[0].send({"type": "who_is_online"})
            answer = await players[0].expect(p.PeopleOnline)
            assert [o.name for o in answer.people] == ["Bo", "Cy"]
            assert answer.more == 1
            for player in players:
                await player.close()

    run(scenario())


def test_a_replaced_connection_keeps_its_players_lobby_name(tmp_path: Path) -> None:
    """Ann opening the game again elsewhere (her token, her first connection still
    open) is "Ann" in the lobby, not "Ann 2" beside her own old connection; the
    other Ann stays "ann 2"."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            first, other = NetPlayer(url, "Ann"), NetPlayer(url, "ann")
            await first.connect()
            await other.connect()
            again = NetPlayer(url, "Ann", token=first.token)
            await again.connect()
            await again.send({"type": "chat", "text": "still me"})
            assert (await _line(other, "still me")).sender == "Ann"
            await other.send({"type": "chat", "text": "and me"})
            assert (await _line(again, "and me")).sender == "ann 2"
            for player in (first, other, again):
                await player.close()

    run(scenario())


def test_a_private_line_reaches_its_player_alone(tmp_path: Path) -> None:
    """``chat`` with ``to`` (version 11): to that player and back to its sender,
    wherever each is, and to no one else; refused for a player not connected,
    oneself, or a game too old to read it."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            url = url_of(server)
            ann, bob, cy = await connected(url, "Ann", "Bob", "Cy")
            await bob.create(name="Secret", private=True)  # Bob at a table
            assert bob.player_id is not None
            await ann.send({"type": "chat", "text": "code?", "to": bob.player_id})
            line = await _line(bob, "code?")
            assert (line.scope, line.sender, line.to, line.to_name) == (
                "private",
                "Ann",
                bob.player_id,
                "Bob",
            )
            assert (await _line(ann, "code?")).sender == "Ann"  # the echo
            await cy.send({"type": "ping", "nonce": 1})
            await cy.expect(p.Pong)
            assert not any(isinstance(m, p.ChatLine) for m in cy.messages)
            for to in ("nobody", ann.player_id):
                await ann.send({"type": "chat", "text": "x", "to": to})
                error = await ann.recv()
                assert isinstance(error, p.Error)
                assert error.code is p.ErrorCode.NOT_ONLINE
            old = NetPlayer(url, "Old", version=10)
            await old.connect()
            await ann.send({"type": "chat", "text": "x", "to": old.player_id})
            error = await ann.recv()
            assert isinstance(error, p.Error)
            assert error.code is p.ErrorCode.NOT_ONLINE
            for player in (ann, bob, cy, old):
                await player.close()

    run(scenario())
