"""The protocol's messages: every intent decodes, every malformed one is refused
with a code and a detail that names the problem."""

from __future__ import annotations

import json

import msgspec
import pytest
from remote_snapshots import table_info

from audiospades.net import protocol as p
from audiospades.net.protocol import ErrorCode, ProtocolError
from audiospades.net.versions import for_version


def _decode(obj: object) -> p.AnyClientMessage:
    return p.decode_client(json.dumps(obj))


@pytest.mark.parametrize(
    ("obj", "expected"),
    [
        (
            {"type": "hello", "version": 2, "name": "Ann"},
            p.Hello(version=2, name="Ann"),
        ),
        (
            {
                "type": "hello",
                "version": 2,
                "name": "Zoë",
                "language": "fr",
                "token": "a" * 32,
            },
            p.Hello(version=2, name="Zoë", language="fr", token="a" * 32),
        ),
        ({"type": "list_tables"}, p.ListTables()),
        (
            {
                "type": "create_table",
                "name": "Friday",
                "rules": {"preset": "pagat"},
                "players": 6,
                "private": True,
            },
            p.CreateTable(
                name="Friday", rules={"preset": "pagat"}, players=6, private=True
            ),
        ),
        ({"type": "join_seat", "table": "ab12"}, p.JoinSeat(table="ab12")),
        (
            {"type": "join_seat", "table": "ab12", "seat": 3},
            p.JoinSeat(table="ab12", seat=3),
        ),
        (
            {"type": "spectate", "table": "ab12", "chair": 1},
            p.Spectate(table="ab12", chair=1),
        ),
        ({"type": "leave"}, p.Leave()),
        (
            {"type": "add_bot", "seat": 2, "character": "milly"},
            p.AddBot(seat=2, character="milly"),
        ),
        ({"type": "remove_bot", "seat": 2}, p.RemoveBot(seat=2)),
        ({"type": "start_game"}, p.StartGame()),
        ({"type": "bid", "bid": 4}, p.PlaceBid(bid=4)),
        ({"type": "bid", "bid": "blind_nil"}, p.PlaceBid(bid="blind_nil")),
        ({"type": "play", "card": "TD"}, p.PlayCard(card="TD")),
        ({"type": "pass", "cards": ["2C", "BJ"]}, p.PassCards(cards=["2C", "BJ"])),
        ({"type": "answer", "yes": False}, p.Answer(yes=False)),
        ({"type": "chat", "text": "good luck!"}, p.Chat(text="good luck!")),
        ({"type": "ping"}, p.Ping()),
    ],
)
def test_every_intent_decodes(obj: object, expected: p.AnyClientMessage) -> None:
    assert _decode(obj) == expected


@pytest.mark.parametrize(
    ("frame", "code", "named"),
    [
        ("{", ErrorCode.BAD_JSON, "truncated"),
        ("", ErrorCode.BAD_JSON, ""),
        ("[1, 2]", ErrorCode.BAD_MESSAGE, "object"),
        ('{"type": "dance"}', ErrorCode.BAD_MESSAGE, "$.type"),
        ('{"no_type": 1}', ErrorCode.BAD_MESSAGE, "type"),
        ('{"type": "play"}', ErrorCode.BAD_MESSAGE, "card"),
        ('{"type": "play", "card": "AS", "extra": 1}', ErrorCode.BAD_MESSAGE, "extra"),
        ('{"type": "play", "card": 14}', ErrorCode.BAD_MESSAGE, "$.card"),
        ('{"type": "bid", "bid": 18}', ErrorCode.BAD_MESSAGE, "$.bid"),
        ('{"type": "bid", "bid": -1}', ErrorCode.BAD_MESSAGE, "$.bid"),
        ('{"type": "bid", "bid": 1e300}', ErrorCode.BAD_MESSAGE, "$.bid"),
        (
            '{"type": "bid", "bid": 99999999999999999999999}',
            ErrorCode.BAD_MESSAGE,
            "$.bid",
        ),
        (
            '{"type": "join_seat", "table": "x", "seat": 6}',
            ErrorCode.BAD_MESSAGE,
            "$.seat",
        ),
        (
            '{"type": "join_seat", "table": "x", "seat": "some"}',
            ErrorCode.BAD_MESSAGE,
            "$.seat",
        ),
        ('{"type": "join_seat", "table": "../etc"}', ErrorCode.BAD_MESSAGE, "$.table"),
        ('{"type": "answer", "yes": 1}', ErrorCode.BAD_MESSAGE, "$.yes"),
        (
            '{"type": "pass", "cards": ["2C","3C","4C","5C","6C"]}',
            ErrorCode.BAD_MESSAGE,
            "$.cards",
        ),
        (
            '{"type": "hello", "version": 2, "name": "' + "x" * 25 + '"}',
            ErrorCode.BAD_MESSAGE,
            "$.name",
        ),
        (
            '{"type": "hello", "version": 2, "name": "a\\u0007b"}',
            ErrorCode.BAD_MESSAGE,
            "printable",
        ),
        (
            '{"type": "hello", "version": 2, "name": "   "}',
            ErrorCode.BAD_MESSAGE,
            "blank",
        ),
        (
            '{"type": "hello", "version": 2, "name": "A", "token": "short"}',
            ErrorCode.BAD_MESSAGE,
            "$.token",
        ),
        (
            '{"type": "chat", "text": "' + "x" * 301 + '"}',
            ErrorCode.BAD_MESSAGE,
            "$.text",
        ),
        (
            '{"type": "chat", "text": "line\\nbreak"}',
            ErrorCode.BAD_MESSAGE,
            "printable",
        ),
        (
            '{"type": "add_bot", "seat": 1, "character": "Milly!"}',
            ErrorCode.BAD_MESSAGE,
            "$.character",
        ),
        (
            '{"type": "create_table", "name": "t", "rules": {"moon": [1]}}',
            ErrorCode.BAD_MESSAGE,
            "$.rules",
        ),
        (
            '{"type": "create_table", "name": "t", "rules": {}, "players": 7}',
            ErrorCode.BAD_MESSAGE,
            "$.players",
        ),
        ('{"type": "ping", "nonce": -4}', ErrorCode.BAD_MESSAGE, "$.nonce"),
    ],
)
def test_a_bad_frame_is_refused_naming_the_problem(
    frame: str, code: ErrorCode, named: str
) -> None:
    with pytest.raises(ProtocolError) as caught:
        p.decode_client(frame)
    assert caught.value.code is code
    assert named in caught.value.detail


def test_a_frame_over_64_kb_is_refused() -> None:
    text = "x" * (p.MAX_FRAME_BYTES)
    frame = json.dumps({"type": "chat", "text": text})
    with pytest.raises(ProtocolError) as caught:
        p.decode_client(frame)
    assert caught.value.code is ErrorCode.TOO_LARGE
    # Multi-byte characters count as bytes, not characters.
    wide = json.dumps({"type": "chat", "text": "é" * 33_000}, ensure_ascii=False)
    assert len(wide) < p.MAX_FRAME_BYTES < p.frame_size(wide)
    with pytest.raises(ProtocolError, match="too_large"):
        p.decode_client(wide)


def test_text_that_is_not_utf8_is_refused() -> None:
    with pytest.raises(ProtocolError) as caught:
        p.decode_client('{"type": "chat", "text": "\ud800"}')
    assert caught.value.code is ErrorCode.BAD_JSON
    assert p.request_type('{"type": "chat", "text": "\ud800"}') is None
    with pytest.raises(ProtocolError, match="bad_json"):
        p.decode_client('{"type": "chat", "text": "a\\ud800b"}')


def test_deep_nesting_is_refused() -> None:
    deep = '{"type": "chat", "text": ' + "[" * 5000 + "]" * 5000 + "}"
    with pytest.raises(ProtocolError, match="bad_message"):
        p.decode_client(deep)
    assert p.request_type(deep) is None  # too deep to read even the type
    assert p.request_type("[" * 5000 + "]" * 5000) is None


def test_the_request_type_is_read_from_a_refused_frame() -> None:
    assert p.request_type('{"type": "play", "card": 1}') == "play"
    assert p.request_type("[1]") is None
    assert p.request_type("{") is None
    # A frame over the size limit is not read, even for its type.
    huge = '{"type": "leave", "pad": "' + "x" * p.MAX_FRAME_BYTES + '"}'
    assert p.request_type(huge) is None
    assert p.request_type(huge.encode()) is None


def test_server_messages_round_trip() -> None:
    info = p.TableInfo(
        id="t1",
        name="Friday",
        players=4,
        partnerships=True,
        target=500,
        hand_limit=None,
        preset="pagat",
        rules={"preset": "pagat"},
        private=False,
        state=p.TableState.WAITING,
        host="p1",
        seats=[
            p.SeatInfo(seat=0, kind=p.SeatKind.HUMAN, name="Ann"),
            p.SeatInfo(seat=1, kind=p.SeatKind.EMPTY),
        ],
        free_seats=[1],
        spectators=0,
    )
    messages: list[p.AnyServerMessage] = [
        p.Welcome(version=2, player="p1", token="t" * 32, name="Ann"),
        p.Error(code=ErrorCode.SEAT_TAKEN, detail="seat 2 is taken", request="join"),
        p.Lobby(tables=[info]),
        p.LobbyUpdate(tables=[info], gone=["t2"]),
        p.SeatChanged(change=p.SeatChange.JOINED, seat=0, name="Ann", table=info),
        p.ChatLine(scope="lobby", sender="Ann", player="p1", seat=None, text="hi"),
        p.Pong(nonce=5),
    ]
    for message in messages:
        assert p.decode_server(p.encode(message)) == message


def test_a_stand_ins_person_and_spectators_news_round_trip() -> None:
    """Version 3's additions round-trip; a seat listing from a version 2 server
    (no ``stands_in_for``, every field written) still decodes; a seat's fields at
    their defaults are left out of the frame."""
    hazel = p.SeatInfo(
        seat=1,
        kind=p.SeatKind.COMPUTER,
        name="Hazel",
        character="hazel",
        stand_in=True,
        stands_in_for="Ann",
    )
    info = p.TableInfo(
        id="t1",
        name="Friday",
        players=4,
        partnerships=True,
        target=500,
        hand_limit=None,
        preset="pagat",
        rules={"preset": "pagat"},
        private=False,
        state=p.TableState.PLAYING,
        host="p2",
        seats=[p.SeatInfo(seat=0, kind=p.SeatKind.HUMAN, name="Bob"), hazel],
        free_seats=[1],
        spectators=1,
    )
    messages: list[p.AnyServerMessage] = [
        p.Lobby(tables=[info]),
        p.SeatChanged(change=p.SeatChange.WATCHING, seat=None, name="Dan", table=info),
        p.SeatChanged(
            change=p.SeatChange.STOPPED_WATCHING, seat=None, name="Dan", table=info
        ),
    ]
    for message in messages:
        assert p.decode_server(p.encode(message)) == message
    assert json.loads(p.encode(hazel))["stands_in_for"] == "Ann"
    bob = p.SeatInfo(seat=0, kind=p.SeatKind.HUMAN, name="Bob")
    assert json.loads(p.encode(bob)) == {"seat": 0, "kind": "human", "name": "Bob"}
    older = {
        "seat": 1,
        "kind": "computer",
        "name": "Hazel",
        "character": "hazel",
        "connected": True,
        "stand_in": True,
    }
    seat = msgspec.json.decode(json.dumps(older), type=p.SeatInfo)
    assert seat == msgspec.structs.replace(hazel, stands_in_for=None)


def test_the_pages_winner_mark_and_chairs_are_optional() -> None:
    """A ``said`` frame of an older server (no ``won_trick``, no ``chairs``)
    still decodes: no card marked, no chair listed; the new fields round-trip."""
    old = {
        "type": "said",
        "lines": [],
        "screen": {
            "place": "table",
            "title": "T",
            "items": [{"id": "t1", "label": "Friday"}],
            "picture": {
                "header": [],
                "places": [
                    {
                        "seat": 0,
                        "label": "Ann",
                        "card": {"card": "AS", "label": "ace of spades"},
                        "is_turn": False,
                        "is_dealer": False,
                    }
                ],
                "hand": [],
                "focus": None,
                "bid_entry": "",
                "over": False,
            },
        },
    }
    said = p.decode_server(json.dumps(old))
    assert isinstance(said, p.Said) and said.screen is not None
    assert said.screen.picture is not None
    assert said.screen.picture.places[0].won_trick is False
    assert said.screen.picture.passing is False
    assert said.screen.items[0].chairs is None
    chairs = [p.ListItem(id="2", label="Watch from seat 3, Bert")]
    new = p.Said(
        lines=[],
        screen=p.Screen(
            place="lobby",
            title="1 table",
            items=[p.ListItem(id="t1", label="Friday", chairs=chairs)],
            picture=p.Picture(
                header=[],
                places=[
                    p.Place(
                        seat=0,
                        label="Ann",
                        card=p.CardFace(card="AS", label="ace of spades, won"),
                        is_turn=False,
                        is_dealer=False,
                        won_trick=True,
                    )
                ],
                hand=[],
                focus=None,
                bid_entry="",
                over=False,
            ),
        ),
    )
    assert p.decode_server(p.encode(new)) == new


def test_the_token_bucket_refills_at_its_rate() -> None:
    bucket = p.TokenBucket(rate=10.0, burst=20, now=0.0)
    assert sum(bucket.take(0.0) for _ in range(30)) == 20
    assert bucket.take(0.05) is False
    assert bucket.take(0.1) is True
    assert sum(bucket.take(100.0) for _ in range(30)) == 20


def test_a_version_2_client_is_sent_a_games_end_without_its_id() -> None:
    """The game id with a game's end came with version 3; a version 2 client
    refuses an unknown field and would skip the game's last frame whole."""
    from audiospades.net.wire import WireGameFinished, WireHandHidden
    from audiospades.storage import Outcome

    end = WireGameFinished(outcome=Outcome.WIN, game="g0123456789abcdef")
    update = p.TableUpdate(table="t1", notices=[WireHandHidden(), end], view=None)
    assert for_version(update, p.PROTOCOL_VERSION) is update
    older = for_version(update, 2)
    assert isinstance(older, p.TableUpdate)
    sent = json.loads(p.encode(older))
    assert sent["notices"] == [
        {"kind": "hand_hidden"},
        {"kind": "game_finished", "outcome": "win"},
    ]
    # Nothing new in it: the very message, encoded once for many.
    plain = p.TableUpdate(table="t1", notices=[WireHandHidden()], view=None)
    assert for_version(plain, 2) is plain


def test_a_version_3_client_is_sent_a_snapshot_without_the_watchers() -> None:
    """The snapshot's ``watchers`` came with version 4; a version 3 client refuses
    an unknown field and would skip the snapshot of every table it joins."""
    info = table_info(name="Friday", spectators=2)
    snapshot = p.TableSnapshot(
        table=info,
        seat=1,
        chair=1,
        is_host=False,
        code=None,
        view=None,
        notices=[],
        watchers=["Dee", "Eve"],
    )
    assert for_version(snapshot, p.PROTOCOL_VERSION) is snapshot
    assert json.loads(p.encode(snapshot))["watchers"] == ["Dee", "Eve"]
    for version in (3, 2):
        older = for_version(snapshot, version)
        assert isinstance(older, p.TableSnapshot)
        sent = json.loads(p.encode(older))
        assert "watchers" not in sent, version
        assert sent == {
            k: v for k, v in json.loads(p.encode(snapshot)).items() if k != "watchers"
        }
    # No one watching is said, not left out: [] is "nobody".
    nobody = msgspec.structs.replace(snapshot, watchers=[])
    assert json.loads(p.encode(nobody))["watchers"] == []
    assert p.decode_server(p.encode(nobody)) == nobody


def test_a_version_9_client_is_sent_a_snapshot_without_the_names_played_under() -> None:
    """The snapshot's ``played_by`` came with version 10; an older client would
    refuse the field and skip the snapshot (and the finished table with it)."""
    snapshot = p.TableSnapshot(
        table=table_info(name="Friday"),
        seat=0,
        chair=0,
        is_host=True,
        code=None,
        view=None,
        notices=[],
        watchers=[],
        played_by=["Ann", "Bob", "Milly", "Bert"],
    )
    assert for_version(snapshot, p.PROTOCOL_VERSION) is snapshot
    assert json.loads(p.encode(snapshot))["played_by"][1] == "Bob"
    for version in (9, 5, 2):
        older = for_version(snapshot, version)
        assert isinstance(older, p.TableSnapshot)
        assert "played_by" not in json.loads(p.encode(older)), version
    assert older.table == snapshot.table and older.seat == 0


def test_a_bucket_slowed_down_halves_its_rate_and_bursts_to_their_floors() -> None:
    """A client told ``rate_limited`` by a stricter server halves both its pace
    and its bursts (a full burst after an idle spell overflowed the server's
    smaller one again, and each overflow halved the rate alone), never below one
    message a burst nor the floor a second."""
    bucket = p.TokenBucket(rate=9.0, burst=18, now=0.0)
    bucket.slow_down(0.0, floor=0.5)
    assert (bucket.rate, bucket.burst) == (4.5, 9.0)
    assert bucket.wait(0.0) == pytest.approx(1 / 4.5)
    for _ in range(10):
        bucket.slow_down(0.0, floor=0.5)
    assert (bucket.rate, bucket.burst) == (0.5, 1.0)
    assert bucket.wait(100.0) == 0.0 and bucket.take(100.0)
    assert not bucket.take(100.0)  # one message a burst
