"""No frame carries another player's unplayed card.

Many random networked games (3 to 6 players, random rules, people at random seats,
blind nils and passes) are played over real websockets; every frame sent to every
person and every spectator is decoded and every card in it checked against what
that seat may know at that moment, from the game record the server kept: its own
deal, the cards passed to it once they are passed, and the cards played so far
(each play checked against the record, in order). About half the people say hello
as a browser page does (``render``): their worded ``said`` frames are checked too,
the cards of the picture and every card their lines name.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from pathlib import Path
from typing import Any

from net_client import NetPlayer, run, running_server, url_of
from net_helpers import random_rules

from audiospades.bots import ROSTER
from audiospades.net import codec
from audiospades.net import protocol as p
from audiospades.net.store import Store
from audiospades.notices import Question
from audiospades.presenter.words import card_name
from audiospades.rules import (
    Card,
    CardPlayed,
    CardsPassed,
    GameOver,
    HandDealt,
    Phase,
    Rules,
    SeatView,
)

GAMES = 10
LIGHT = [c.id for c in ROSTER if c.level <= 3]


def _cards_in(value: object, found: set[Card]) -> None:
    if isinstance(value, Card):
        found.add(value)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            _cards_in(item, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type | Rules):
        for f in dataclasses.fields(value):
            _cards_in(getattr(value, f.name), found)
    elif isinstance(value, Exception):
        _cards_in(tuple(getattr(value, "detail", {}).values()), found)


class RandomPerson(NetPlayer):
    """A person who bids, passes and plays at random, and sometimes goes blind."""

    rng: random.Random

    def answer(self, question: Question) -> bool:
        return self.rng.random() < 0.5

    async def act(self, view: SeatView) -> None:
        if view.phase is Phase.BIDDING:
            bid = self.rng.choice(view.legal_bids)
            await self.send({"type": "bid", "bid": bid.to_record()})
        elif view.phase is Phase.PASSING:
            cards = self.rng.sample(view.hand, view.rules.blind_nil_pass)
            await self.send({"type": "pass", "cards": [str(c) for c in cards]})
        elif view.phase is Phase.PLAYING:
            card = self.rng.choice(sorted(view.legal_plays))
            await self.send({"type": "play", "card": str(card)})


def check_stream(frames: list[str], seat: int | None, record: dict[str, Any]) -> int:
    """Check one client's frames; return how many cards were checked."""
    hands = record["hands"]
    deals = [
        [Card.parse(c) for c in h["deal"][seat]] if seat is not None else []
        for h in hands
    ]
    plays = [
        [(a["seat"], Card.parse(a["play"])) for a in h["actions"] if "play" in a]
        for h in hands
    ]
    hand = -1
    ever_played: set[Card] = set()
    """Cards played in this game so far (a said line may recall an earlier hand)."""
    played: set[Card] = set()
    play_index = 0
    passed_in: set[Card] = set()
    checked = 0

    def allowed() -> set[Card]:
        own = set(deals[hand]) if hand >= 0 else set()
        return own | played | passed_in

    def take_view(wire_view: Any) -> int:
        nonlocal hand, played, play_index, passed_in, ever_played
        view = codec.decode_view(wire_view)
        if view.deal_count - 1 != hand:
            # A snapshot (joining) starts in the middle of a hand.
            hand = view.deal_count - 1
            played = set(view.played_cards())
            play_index = len(played)
            passed_in = set(view.passed_in)
        found: set[Card] = set()
        _cards_in(view, found)
        assert found <= allowed(), f"seat {seat} was sent {found - allowed()}"
        ever_played |= set(view.played_cards())
        return len(found)

    for frame in frames:
        message = p.decode_server(frame)
        snapshot_view = isinstance(message, p.TableSnapshot) and message.view
        if snapshot_view:
            # Where things stand first: its notices (a turn, with the seat's
            # view) restate that moment (a seat taken mid-hand).
            checked += take_view(message.view)
        if isinstance(message, p.TableSnapshot | p.TableUpdate):
            for wire in message.notices:
                notice = codec.decode_notice(wire)
                if isinstance(notice, HandDealt):
                    hand, played, play_index, passed_in = (
                        notice.hand_index,
                        set(),
                        0,
                        set(),
                    )
                elif isinstance(notice, CardPlayed):
                    assert plays[hand][play_index] == (notice.seat, notice.card)
                    play_index += 1
                    played.add(notice.card)
                    ever_played.add(notice.card)
                elif isinstance(notice, CardsPassed) and notice.to_seat == seat:
                    passed_in |= set(notice.cards)
                found: set[Card] = set()
                _cards_in(notice, found)
                assert found <= allowed(), f"seat {seat} was sent {found - allowed()}"
                checked += len(found)
            if message.view is not None and not snapshot_view:
                checked += take_view(message.view)
            if isinstance(message, p.TableSnapshot) and message.stood_in:
                # What a computer did for the seat while away: its own cards.
                found = set()
                for wire in message.stood_in.notices:
                    _cards_in(codec.decode_notice(wire), found)
                assert found <= allowed(), f"seat {seat} was sent {found - allowed()}"
                checked += len(found)
        elif isinstance(message, p.Said):
            checked += _check_said(message, allowed() | ever_played, seat)
    return checked


ALL_CARDS = [Card.parse(r + s) for r in "23456789TJQKA" for s in "CDHS"] + [
    Card.parse("BJ"),
    Card.parse("LJ"),
]


def _check_said(said: p.Said, allowed: set[Card], seat: int | None) -> int:
    """A browser's worded frame: its cards, and the cards its lines name."""
    found: set[Card] = set()
    picture = said.screen.picture if said.screen is not None else None
    if picture is not None:
        faces = [*picture.hand, *(pl.card for pl in picture.places if pl.card)]
        found = {Card.parse(face.card) for face in faces}
    assert found <= allowed, f"seat {seat} was shown {found - allowed}"
    text = " ".join(line.text for line in said.lines).lower()
    named = {c for c in ALL_CARDS if c not in allowed and card_name(c) in text}
    assert not named, f"seat {seat} was told of {named}: {text}"
    return len(found) + len(said.lines)


async def _watch_to_the_end(watcher: NetPlayer) -> None:
    while not any(isinstance(n, GameOver) for n in watcher.notices):
        await watcher.recv()


async def _one_game(
    url: str, rng: random.Random, index: int
) -> tuple[str, list[tuple[list[str], int | None]]]:
    rules = random_rules(rng, hand_limit=1)
    n = rules.player_count
    humans = [0, *sorted(rng.sample(range(1, n), rng.randint(0, n - 1)))]
    people: list[RandomPerson] = []
    for seat in humans:
        person = RandomPerson(url, f"P{index}s{seat}")
        person.rng = random.Random(rng.random())
        person.render = person.rng.random() < 0.5  # a browser page, worded
        await person.connect()
        people.append(person)
    host = people[0]
    options = rules.to_dict()
    await host.send(
        {
            "type": "create_table",
            "name": f"Leak {index}",
            "rules": options,
            "players": n,
            "partnerships": rules.partnerships,
        }
    )
    table = (await host.expect(p.TableSnapshot)).table.id
    for person, seat in zip(people[1:], humans[1:], strict=True):
        await person.send({"type": "join_seat", "table": table, "seat": seat})
        await person.expect(p.TableSnapshot)
    computers = [seat for seat in range(n) if seat not in humans]
    # Different characters: the server seats each one once at a table.
    for seat, who in zip(computers, rng.sample(LIGHT, len(computers)), strict=True):
        await host.send({"type": "add_bot", "seat": seat, "character": who})
    watcher = NetPlayer(url, f"W{index}")
    await watcher.connect()
    await watcher.send({"type": "spectate", "table": table, "chair": rng.randrange(n)})
    await watcher.expect(p.TableSnapshot)
    await host.send({"type": "start_game"})
    await asyncio.gather(
        _watch_to_the_end(watcher), *(person.play_to_the_end() for person in people)
    )
    for person in people:
        # A redeal question is withdrawn when another person asks for the redeal
        # first; answering it then is refused, and changes nothing.
        errors = [e for e in person.errors if e.code is not p.ErrorCode.NO_QUESTION]
        assert not errors, errors
    await watcher.close()
    for person in people:
        await person.close()
    streams: list[tuple[list[str], int | None]] = [
        (person.frames, seat) for person, seat in zip(people, humans, strict=True)
    ]
    streams.append((watcher.frames, None))
    return table, streams


def test_no_frame_carries_another_players_unplayed_card(tmp_path: Path) -> None:
    db = tmp_path / "server.db"

    async def scenario() -> list[tuple[str, list[tuple[list[str], int | None]]]]:
        async with running_server(db, bot_workers=2) as server:
            url = url_of(server)
            games = []
            for index in range(GAMES):
                games.append(await _one_game(url, random.Random(index), index))
            return games

    games = run(scenario(), timeout=600)
    store = Store(db)
    checked = 0
    passes = 0
    for table_id, streams in games:
        row = store.table(table_id)
        assert row is not None and row.game_id is not None
        record = store.finished_record(row.game_id)
        assert record is not None
        passes += sum(1 for h in record["hands"] for a in h["actions"] if "pass" in a)
        for frames, seat in streams:
            assert frames
            checked += check_stream(frames, seat, record)
    store.close()
    assert checked > 1000
    worded = [f for _t, streams in games for fs, _s in streams for f in fs]
    assert any('"type":"said"' in f for f in worded), "some person should be a page"
    assert passes > 0, "some game should pass cards (pick other seeds)"


def test_people_followed_while_a_computer_plays_for_them_see_only_their_cards(
    tmp_path: Path,
) -> None:
    """Two people, still connected, keep the table waiting past the away time
    from the first deal: computer players play the whole game for them while
    they follow it, one sent whole views (version 11), one a browser page
    (worded). Every frame they were sent carries only the cards their seat may
    know, and they heard every card played, their own seat's among them."""
    db = tmp_path / "server.db"
    rules = random_rules(random.Random(11), players=4, hand_limit=1)

    async def scenario() -> tuple[str, list[tuple[list[str], int | None]]]:
        async with running_server(db, away_seconds=0.2) as server:
            url = url_of(server)
            ann = NetPlayer(url, "Ann", version=11)
            bob = NetPlayer(url, "Bob", render=True)
            for person in (ann, bob):
                await person.connect()
            await ann.send(
                {
                    "type": "create_table",
                    "name": "Away",
                    "rules": rules.to_dict(),
                    "players": 4,
                    "partnerships": rules.partnerships,
                }
            )
            table = (await ann.expect(p.TableSnapshot)).table.id
            await bob.send({"type": "join_seat", "table": table, "seat": 2})
            await bob.expect(p.TableSnapshot)
            for seat, who in ((1, LIGHT[0]), (3, LIGHT[1])):
                await ann.send({"type": "add_bot", "seat": seat, "character": who})
            await ann.send({"type": "start_game"})
            # Neither ever acts: they only listen, to the end.
            await asyncio.gather(_watch_to_the_end(ann), _watch_to_the_end(bob))
            for person in (ann, bob):
                assert not person.acted and not person.errors
                await person.close()
            return table, [(ann.frames, 0), (bob.frames, 2)]

    table_id, streams = run(scenario(), timeout=120)
    store = Store(db)
    row = store.table(table_id)
    assert row is not None and row.game_id is not None
    record = store.finished_record(row.game_id)
    store.close()
    assert record is not None
    plays = sum(1 for h in record["hands"] for a in h["actions"] if "play" in a)
    for frames, seat in streams:
        assert check_stream(frames, seat, record) > 0
        heard = [
            codec.decode_notice(wire)
            for frame in frames
            if isinstance(message := p.decode_server(frame), p.TableUpdate)
            for wire in message.notices
        ]
        played = [n for n in heard if isinstance(n, CardPlayed)]
        assert len(played) == plays
        assert any(n.seat == seat for n in played)
