"""Limits: the rate of messages, the size of frames, binary frames, and the order of
the greeting. A refused frame gets an error and the connection carries on."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from pathlib import Path

import pytest
from net_client import NetPlayer, run, running_server, url_of
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from audiospades.net import protocol as p
from audiospades.net.protocol import ErrorCode
from audiospades.net.server import MAX_WIRE_BYTES


def test_a_flood_is_cut_to_the_rate_limit_and_the_connection_survives(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(
            tmp_path / "s.db", rate=p.RATE_PER_SECOND, burst=p.RATE_BURST
        ) as server:
            player = NetPlayer(url_of(server), "Flood")
            await player.connect()
            started = asyncio.get_running_loop().time()
            for nonce in range(200):
                await player.send({"type": "ping", "nonce": nonce})
            await player.send({"type": "ping", "nonce": 999})
            elapsed = asyncio.get_running_loop().time() - started
            await asyncio.sleep(0.3)
            while True:
                try:
                    await player.recv(timeout=0.5)
                except TimeoutError:
                    break
            pongs = [m for m in player.messages if isinstance(m, p.Pong)]
            limited = [e for e in player.errors if e.code is ErrorCode.RATE_LIMITED]
            # The burst (less the hello), plus what the rate refilled meanwhile.
            assert len(pongs) <= p.RATE_BURST + p.RATE_PER_SECOND * elapsed + 1
            assert len(pongs) >= p.RATE_BURST - 1
            assert 1 <= len(limited) <= 1 + p.RATE_PER_SECOND * elapsed + 1
            await asyncio.sleep(1.0)
            await player.send({"type": "ping", "nonce": 5})
            assert (await player.expect(p.Pong)).nonce == 5

    run(scenario())


def test_a_frame_over_64_kb_is_refused_and_the_connection_survives(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            player = NetPlayer(url_of(server), "Big")
            await player.connect()
            await player.send({"type": "chat", "text": "x" * 100_000})
            error = await player.expect(p.Error)
            assert error.code is ErrorCode.TOO_LARGE and error.request is None
            await player.send({"type": "ping", "nonce": 3})
            assert (await player.expect(p.Pong)).nonce == 3

    run(scenario())


def test_a_frame_over_the_wire_limit_closes_the_connection(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            async with connect(url_of(server), max_size=2**22) as ws:
                await ws.send("x" * (MAX_WIRE_BYTES + 10))
                with pytest.raises(ConnectionClosed) as caught:
                    await asyncio.wait_for(ws.recv(), 10)
                assert caught.value.rcvd is not None
                assert caught.value.rcvd.code == 1009
            # The server is still there for others.
            other = NetPlayer(url_of(server), "Other")
            await other.connect()

    run(scenario())


def test_binary_frames_and_bad_json_get_errors(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            player = NetPlayer(url_of(server), "Bin")
            await player.connect()
            assert player.ws is not None
            await player.ws.send(b"\x00\x01binary")
            assert (await player.expect(p.Error)).code is ErrorCode.BAD_JSON
            await player.ws.send("{not json")
            assert (await player.expect(p.Error)).code is ErrorCode.BAD_JSON
            await player.send({"type": "play", "card": 12})
            error = await player.expect(p.Error)
            assert error.code is ErrorCode.BAD_MESSAGE
            assert error.request == "play" and "$.card" in error.detail
            await player.send({"type": "teleport"})
            error = await player.expect(p.Error)
            assert error.code is ErrorCode.BAD_MESSAGE and "teleport" in error.detail

    run(scenario())


def test_text_that_is_not_utf8_gets_an_error_and_fragments_are_put_together(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            player = NetPlayer(url_of(server), "Frag")
            await player.connect()
            assert player.ws is not None
            # A text frame holding bytes that are not UTF-8: refused, not closed.
            await player.ws.send(b'{"type": "chat", "text": "caf\xe9"}', text=True)
            error = await player.expect(p.Error)
            assert error.code is ErrorCode.BAD_JSON and "UTF-8" in error.detail
            # One message in three fragments is read as one message.
            await player.ws.send(['{"type": "pi', 'ng", "no', 'nce": 7}'])
            pong = await player.expect(p.Pong)
            assert pong.nonce == 7
            await player.send({"type": "ping", "nonce": 8})
            assert (await player.expect(p.Pong)).nonce == 8

    run(scenario())


async def _greeting_checks(url: str) -> None:
    async with connect(url) as ws:

        async def answer(frame: dict[str, object]) -> p.AnyServerMessage:
            await ws.send(json.dumps(frame))
            return p.decode_server(await asyncio.wait_for(ws.recv(), 10))

        first = await answer({"type": "list_tables"})
        assert isinstance(first, p.Error) and first.code is ErrorCode.HELLO_FIRST
        assert isinstance(await answer({"type": "ping", "nonce": 2}), p.Pong)
        wrong = await answer({"type": "hello", "version": 99, "name": "A"})
        assert isinstance(wrong, p.Error)
        assert wrong.code is ErrorCode.VERSION_MISMATCH
        hello = {"type": "hello", "version": p.PROTOCOL_VERSION, "name": "A"}
        welcome = await answer(hello)
        assert isinstance(welcome, p.Welcome) and len(welcome.token) >= 43
        lobby = p.decode_server(await asyncio.wait_for(ws.recv(), 10))
        assert isinstance(lobby, p.Lobby)
        again = await answer(hello)
        assert isinstance(again, p.Error)
        assert again.code is ErrorCode.ALREADY_GREETED


def test_the_greeting_comes_first_once_in_the_right_version(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            await _greeting_checks(url_of(server))

    run(scenario())


def test_an_unknown_token_gets_a_new_identity_and_a_known_one_the_same(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            first = NetPlayer(url_of(server), "Ann")
            await first.connect()
            await first.close()
            again = NetPlayer(url_of(server), "Annie", token=first.token)
            welcome = await again.connect()
            assert welcome.player == first.player_id and welcome.name == "Annie"
            stranger = NetPlayer(url_of(server), "Eve", token="A" * 43)
            other = await stranger.connect()
            assert other.player != first.player_id and other.token != "A" * 43

    run(scenario())


def test_a_second_connection_replaces_the_first(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db") as server:
            first = NetPlayer(url_of(server), "Ann")
            await first.connect()
            second = NetPlayer(url_of(server), "Ann", token=first.token)
            await second.connect()
            with pytest.raises(ConnectionClosed) as caught:
                while True:
                    await first.recv(timeout=10)
            assert caught.value.rcvd is not None and caught.value.rcvd.code == 4000
            await second.send({"type": "ping", "nonce": 1})
            assert (await second.expect(p.Pong)).nonce == 1

    run(scenario())


def test_the_rate_limit_holds_for_a_player_who_reconnects(tmp_path: Path) -> None:
    """Ten messages a second, bursts of twenty, a player: reconnecting (the same
    token) does not bring a full bucket (before, each new connection had its own)."""

    async def scenario() -> tuple[int, float]:
        async with running_server(
            tmp_path / "server.db", rate=10.0, burst=20
        ) as server:
            url = url_of(server)
            listener = NetPlayer(url, "Lia")
            await listener.connect()
            await listener.expect(p.Lobby)
            sam = NetPlayer(url, "Sam")
            start = time.monotonic()
            for _ in range(10):
                await sam.connect()  # the same token after the first time
                for i in range(20):
                    await sam.send({"type": "chat", "text": f"line {i}"})
                await sam.close()
            seconds = time.monotonic() - start
            got = 0
            with contextlib.suppress(TimeoutError):
                while True:
                    message = await listener.recv(timeout=1.0)
                    if isinstance(message, p.ChatLine) and message.sender == "Sam":
                        got += 1
            await listener.close()
            return got, seconds

    got, seconds = run(scenario())
    # The first burst (less the hello it began with), then ten a second at most.
    assert 19 <= got <= 20 + 10 * (seconds + 1.0)


def test_a_replaced_connection_is_not_heard_any_more(tmp_path: Path) -> None:
    async def scenario() -> list[str]:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            listener = NetPlayer(url, "Lia")
            await listener.connect()
            await listener.expect(p.Lobby)
            first = NetPlayer(url, "Sam")
            await first.connect()
            assert first.player_id is not None
            old = server.clients[first.player_id]
            second = NetPlayer(url, "Sam", token=first.token)
            await second.connect()
            # What the old connection still sends before its close completes:
            server.on_frame(old, '{"type": "chat", "text": "from the old one"}')
            await second.send({"type": "chat", "text": "from the new one"})
            lines: list[str] = []
            with contextlib.suppress(TimeoutError):
                while True:
                    message = await listener.recv(timeout=0.5)
                    if isinstance(message, p.ChatLine):
                        lines.append(message.text)
            for player in (listener, first, second):
                await player.close()
            return lines

    assert run(scenario()) == ["from the new one"]
