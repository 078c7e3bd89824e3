"""Why a first connection failed, in the game's words, not the system's.

QA: "Could not connect to ws://127.0.0.1:1: [Errno 111] Connect call failed
('127.0.0.1', 1)." was the system's English with its error number, in every
language. The usual failures are named now; anything else keeps the system's
short text. The real ones are made on 127.0.0.1 only: a closed port, and a
program there that answers something other than a websocket handshake.
"""

from __future__ import annotations

import asyncio
import errno
import socket

import pytest
from websockets.asyncio.client import connect

from audiospades.net.client import FailReason, LinkState, _why
from audiospades.presenter.online import link_text


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _failure(url: str) -> BaseException:
    try:
        async with connect(url, open_timeout=5):
            pass
    except Exception as error:  # the failure is what is checked
        return error
    raise AssertionError(f"{url} connected")


def test_a_closed_port_is_said_to_have_no_server() -> None:
    url = f"ws://127.0.0.1:{_closed_port()}"
    reason = _why(asyncio.run(_failure(url)))
    assert reason == FailReason.REFUSED
    assert link_text(LinkState.FAILED, url, reason) == (
        f"Could not connect to {url}: no server is running at that address and "
        "port; check both, or ask whoever runs the server."
    )


def test_a_program_that_is_no_websocket_server_is_said_so() -> None:
    async def scenario() -> BaseException:
        async def garbage(
            reader: asyncio.StreamReader, writer: asyncio.StreamWriter
        ) -> None:
            writer.write(b"hello, this is not HTTP\r\n\r\n")
            await writer.drain()
            writer.close()

        server = await asyncio.start_server(garbage, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            return await _failure(f"ws://127.0.0.1:{port}")

    reason = _why(asyncio.run(scenario()))
    assert reason == FailReason.NOT_A_SERVER
    assert link_text(LinkState.FAILED, "ws://x:1", reason) == (
        "Could not connect to ws://x:1: something answers at that address and "
        "port, but it is not an Audio Spades server."
    )


@pytest.mark.parametrize(
    ("error", "reason", "words"),
    [
        (
            socket.gaierror(socket.EAI_NONAME, "Name or service not known"),
            FailReason.UNKNOWN_HOST,
            "that server name could not be found; check its spelling",
        ),
        (
            OSError(errno.ENETUNREACH, "Network is unreachable"),
            FailReason.UNREACHABLE,
            "that address cannot be reached from this computer",
        ),
        (
            OSError(errno.EHOSTUNREACH, "No route to host"),
            FailReason.UNREACHABLE,
            "that address cannot be reached from this computer",
        ),
        (TimeoutError(), FailReason.TIMED_OUT, "the server did not answer in time"),
    ],
)
def test_the_other_usual_failures_are_named(
    error: BaseException, reason: FailReason, words: str
) -> None:
    assert _why(error) == reason
    assert link_text(LinkState.FAILED, "ws://x:1", _why(error)) == (
        f"Could not connect to ws://x:1: {words}."
    )


def test_anything_else_keeps_the_systems_short_text() -> None:
    error = OSError(errno.EACCES, "Permission denied")
    assert _why(error) == "[Errno 13] Permission denied"
