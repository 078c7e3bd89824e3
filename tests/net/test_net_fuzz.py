"""Bad input never hurts the server: over 10,000 random and malformed frames (bad
JSON, wrong types, huge values, unknown types, out-of-turn actions, other seats'
cards, binary and oversized frames) while two people play a game at the same table.

The server answers each bad frame with an error or ignores it, logs no error, stays
up, and the people's game goes on: they finish it, see no error, and every action of
their seats in the record is one they sent.
"""

from __future__ import annotations

import asyncio
import json
import random
import string
from pathlib import Path
from typing import Any

from net_client import NetPlayer, run, running_server, url_of
from websockets.asyncio.client import connect

from audiospades.net import protocol as p
from audiospades.net.store import Store
from audiospades.rules.cards import BIG_JOKER, LITTLE_JOKER, STANDARD_DECK

CARDS = [str(c) for c in (*STANDARD_DECK, BIG_JOKER, LITTLE_JOKER)]
TYPES = [
    "hello",
    "list_tables",
    "who_is_online",
    "find_table",
    "create_table",
    "join_seat",
    "spectate",
    "leave",
    "add_bot",
    "remove_bot",
    "start_game",
    "bid",
    "play",
    "pass",
    "answer",
    "chat",
    "ping",
]
SEATED_TYPES = [
    "bid",
    "play",
    "pass",
    "answer",
    "chat",
    "ping",
    "add_bot",
    "remove_bot",
    "start_game",
    "list_tables",
    "who_is_online",
    "hello",
]
VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    3,
    17,
    18,
    2**31,
    -(2**63),
    2**64,
    10**30,
    1.5,
    1e308,
    "",
    "x",
    "AS",
    "blind_nil",
    "any",
    [],
    [1],
    {},
    {"a": 1},
    "\u0000",
]


def _text(rng: random.Random, size: int) -> str:
    pool = string.printable + "éßπ東京🂡\u200b\u202e"
    return "".join(rng.choice(pool) for _ in range(size))


def junk(rng: random.Random, table: str, types: list[str]) -> str | bytes:
    """One random bad (or merely pointless) frame."""
    kind = rng.randrange(14)
    if kind == 0:
        return rng.randbytes(rng.randrange(1, 200))
    if kind == 1:
        return _text(rng, rng.randrange(0, 300))
    if kind == 2:
        whole = json.dumps({"type": rng.choice(types), "card": rng.choice(CARDS)})
        return whole[: rng.randrange(len(whole))]
    if kind == 3:
        return json.dumps(rng.choice(VALUES))
    if kind == 4:
        return json.dumps({"type": _text(rng, rng.randrange(1, 20))})
    if kind == 5:
        fields = [
            "seat",
            "card",
            "bid",
            "cards",
            "yes",
            "text",
            "table",
            "name",
            "version",
            "token",
            "rules",
            "players",
            "nonce",
            "chair",
        ]
        obj = {"type": rng.choice(types)}
        for name in rng.sample(fields, rng.randrange(0, 5)):
            obj[name] = rng.choice(VALUES)
        return json.dumps(obj)
    if kind == 6:
        obj = {
            "type": rng.choice(types),
            rng.choice(["text", "name", "table"]): "x"
            * rng.choice([25, 301, 5000, 60_000]),
            "nonce": 10 ** rng.randrange(10, 40),
        }
        return json.dumps(obj)
    if kind == 7 and rng.random() < 0.1:
        return json.dumps(
            {"type": "chat", "text": "y" * rng.randrange(66_000, 200_000)}
        )
    if kind == 8:
        return json.dumps({"type": "play", "card": rng.choice(CARDS)})
    if kind == 9:
        return json.dumps(
            rng.choice(
                [
                    {"type": "bid", "bid": rng.randrange(0, 18)},
                    {"type": "bid", "bid": "blind_nil"},
                    {"type": "pass", "cards": rng.sample(CARDS, rng.randrange(0, 5))},
                    {"type": "answer", "yes": rng.random() < 0.5},
                ]
            )
        )
    if kind == 10 and "join_seat" in types:
        return json.dumps(
            rng.choice(
                [
                    {
                        "type": "join_seat",
                        "table": rng.choice([table, "t00000000", "ZZZZZZ"]),
                        "seat": rng.choice([0, 1, 2, 3, 5, "any"]),
                    },
                    {"type": "spectate", "table": table, "chair": rng.randrange(6)},
                    {"type": "leave"},
                    {
                        "type": "create_table",
                        "name": _text(rng, 5).strip() or "t",
                        "rules": {
                            rng.choice(
                                ["preset", "moon", "nope", "target_score"]
                            ): rng.choice(VALUES[:18])
                        },
                        "players": rng.choice([3, 4, 6]),
                    },
                ]
            )
        )
    if kind == 11:
        return json.dumps({"type": "chat", "text": _text(rng, rng.randrange(0, 320))})
    if kind == 12:
        return json.dumps(
            {
                "type": "hello",
                "version": rng.choice([0, 1, 2, -5]),
                "name": _text(rng, rng.randrange(0, 30)),
                "token": rng.choice([None, "x" * 43, "short"]),
            }
        )
    if kind == 13:
        depth = rng.randrange(100, 3000)
        return '{"type": "chat", "text": ' + "[" * depth + "]" * depth + "}"
    return json.dumps(
        {
            "type": rng.choice(types),
            "seat": rng.randrange(8),
            "character": rng.choice(["milly", "nobody", "HAZEL"]),
        }
    )


class Recorder(NetPlayer):
    """A person who keeps the actions it sends."""

    sent: list[dict[str, Any]]

    async def send(self, message: dict[str, Any] | p.Message) -> None:
        if isinstance(message, dict) and message.get("type") in ("bid", "pass", "play"):
            self.sent.append(message)
        await super().send(message)


class SeatedFuzzer(NetPlayer):
    """A player at the table who plays its turns and sends junk all the while."""

    rng: random.Random
    junk_sent = 0

    async def react(self) -> None:
        await super().react()
        # Junk after each table message, not after the errors junk brings back
        # (that would snowball).
        if isinstance(self.messages[-1], p.TableUpdate | p.TableSnapshot):
            for _ in range(8):
                await self._junk()

    async def _junk(self) -> None:
        assert self.ws is not None and self.table_id is not None
        await self.ws.send(junk(self.rng, self.table_id, SEATED_TYPES))
        self.junk_sent += 1


async def _fuzz_connection(
    url: str, seed: int, count: int, table: str, greet: bool
) -> tuple[int, int]:
    """Send ``count`` junk frames on one connection; return (errors, pongs)."""
    rng = random.Random(seed)
    errors = pongs = 0
    async with connect(url, max_size=2**22) as ws:
        if greet:
            hello = {"type": "hello", "version": p.PROTOCOL_VERSION, "name": "Fuzz"}
            await ws.send(json.dumps(hello))

        async def read() -> None:
            nonlocal errors, pongs
            async for frame in ws:
                message = p.decode_server(frame)
                if isinstance(message, p.Error):
                    errors += 1
                elif isinstance(message, p.Pong):
                    pongs += 1
                    if message.nonce == 424242:
                        return

        reader = asyncio.create_task(read())
        for index in range(count):
            await ws.send(junk(rng, table, TYPES))
            if index % 50 == 0:
                await asyncio.sleep(0)
        await ws.send(json.dumps({"type": "ping", "nonce": 424242}))
        await asyncio.wait_for(reader, 60)
    return errors, pongs


def test_ten_thousand_bad_frames_leave_the_server_and_the_game_alone(
    tmp_path: Path,
) -> None:
    db = tmp_path / "server.db"

    async def scenario() -> tuple[Recorder, Recorder, str]:
        async with running_server(db, rate=5000.0, burst=5000) as server:
            url = url_of(server)
            ann, bob = Recorder(url, "Ann"), Recorder(url, "Bob")
            ann.sent, bob.sent = [], []
            fuzz = SeatedFuzzer(url, "Fuzz")
            fuzz.rng = random.Random(99)
            for player in (ann, bob, fuzz):
                await player.connect()
            await ann.send(
                {
                    "type": "create_table",
                    "name": "Fuzzed",
                    "rules": {"preset": "pagat", "hand_limit": 1},
                }
            )
            table = (await ann.expect(p.TableSnapshot)).table.id
            await bob.send({"type": "join_seat", "table": table, "seat": 2})
            await bob.expect(p.TableSnapshot)
            await fuzz.send({"type": "join_seat", "table": table, "seat": 1})
            await fuzz.expect(p.TableSnapshot)
            await ann.send({"type": "add_bot", "seat": 3, "character": "hazel"})
            await ann.send({"type": "start_game"})
            outside = [
                _fuzz_connection(url, seed, 3500, table, greet=seed % 2 == 0)
                for seed in range(2)
            ]
            results = await asyncio.gather(
                ann.play_to_the_end(),
                bob.play_to_the_end(),
                fuzz.play_to_the_end(),
                *outside,
            )

            async def read_until_pong() -> None:
                while not any(
                    isinstance(m, p.Pong) and m.nonce == 7 for m in fuzz.messages
                ):
                    await fuzz.recv()

            reader = asyncio.create_task(read_until_pong())
            while fuzz.junk_sent < 3100:
                await fuzz._junk()
                if fuzz.junk_sent % 50 == 0:
                    await asyncio.sleep(0)
            await fuzz.send({"type": "ping", "nonce": 7})
            await asyncio.wait_for(reader, 60)
            total = fuzz.junk_sent + 7000
            assert total >= 10_000
            answered = sum(errors for errors, _ in results[3:]) + len(fuzz.errors)
            assert 0 < answered <= total
            assert not ann.errors and not bob.errors, (ann.errors, bob.errors)
            assert results[0].outcome == results[1].outcome
            # The server is still up for a newcomer.
            late = NetPlayer(url, "Late")
            await late.connect()
            await late.send({"type": "ping", "nonce": 1})
            assert (await late.expect(p.Pong)).nonce == 1
            for player in (ann, bob, fuzz, late):
                await player.close()
            return ann, bob, table

    ann, bob, table = run(scenario(), timeout=600)
    store = Store(db)
    row = store.table(table)
    assert row is not None and row.game_id is not None
    record = store.finished_record(row.game_id)
    assert record is not None
    for seat, person in ((0, ann), (2, bob)):
        mine = [
            {k: v for k, v in a.items() if k != "seat"}
            for h in record["hands"]
            for a in h["actions"]
            if a["seat"] == seat
        ]
        sent = [
            {"bid": m["bid"]}
            if m["type"] == "bid"
            else {"play": m["card"]}
            if m["type"] == "play"
            else {"pass": m["cards"]}
            for m in person.sent
        ]
        assert mine == sent
    store.close()
