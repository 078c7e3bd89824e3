"""The server's websocket connection hands whole messages over as they come: in
order, fragments joined, held until a handler is attached, none after detaching."""

from __future__ import annotations

import asyncio

from websockets.frames import Frame, Opcode
from websockets.server import ServerProtocol

from audiospades.net.server import Connection, text_frame


def test_messages_are_held_joined_handed_over_in_order_and_dropped_when_detached() -> (
    None
):
    async def scenario() -> list[tuple[bytes, bool]]:
        connection = Connection(ServerProtocol(), None)  # type: ignore[arg-type]
        connection.request = object()  # type: ignore[assignment]  # handshake done
        got: list[tuple[bytes, bool]] = []
        connection.process_event(Frame(Opcode.TEXT, b"one"))
        connection.process_event(Frame(Opcode.BINARY, b"\x00two"))
        connection.attach(lambda data, text: got.append((data, text)))
        connection.process_event(Frame(Opcode.TEXT, b"thr", fin=False))
        connection.process_event(Frame(Opcode.CONT, b"ee", fin=False))
        connection.process_event(Frame(Opcode.CONT, b"!"))
        connection.process_event(Frame(Opcode.TEXT, b"four"))
        connection.detach()
        connection.process_event(Frame(Opcode.TEXT, b"five"))
        return got

    assert asyncio.run(scenario()) == [
        (b"one", True),
        (b"\x00two", False),
        (b"three!", True),
        (b"four", True),
    ]


def test_a_frame_written_by_the_server_is_websockets_own_text_frame() -> None:
    # Around each of the length field's three sizes (RFC 6455, 5.2).
    for size in (0, 1, 125, 126, 127, 65535, 65536, 70000):
        payload = bytes(i % 251 for i in range(size))
        expected = Frame(Opcode.TEXT, payload).serialize(mask=False, extensions=[])
        assert text_frame(payload) == expected, size
