"""The codec: every view and notice of many random games survives the wire unchanged,
and decoding refuses every malformed payload instead of building a bad object."""

from __future__ import annotations

import json
import random
import typing

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec import UnsetType
from net_helpers import random_game, random_rules, refusals

from audiospades.net import codec
from audiospades.net.codec import CodecError
from audiospades.net.protocol import TableUpdate
from audiospades.net.wire import WireView, WireViewChanges, WireYourTurn
from audiospades.notices import (
    FileKind,
    GameFinished,
    HandHidden,
    HandShown,
    Notice,
    Question,
    QuestionKind,
    Refused,
    StorageTrouble,
    TrickWaiting,
    Undone,
    UndoRefusal,
    UndoRefused,
    YourTurn,
)
from audiospades.rules import (
    Card,
    CardPlayed,
    Game,
    Phase,
    Rules,
    SeatView,
    Suit,
    own_fields,
    public_fields,
    public_view,
    seat_view,
    shuffled_deal,
    visible_events,
)
from audiospades.storage import Outcome, SaveProblem, SaveProblemKind

_JSON = msgspec.json.Encoder()
_VIEW = msgspec.json.Decoder(WireView)


def same_notice(a: Notice, b: Notice) -> bool:
    """Equality, comparing refusals by reason and detail (exceptions compare by id)."""
    if isinstance(a, Refused) and isinstance(b, Refused):
        return (a.error.reason, a.error.detail) == (b.error.reason, b.error.detail)
    return a == b


def round_trip_view(view: SeatView) -> None:
    back = codec.view_from_json(codec.view_to_json(view))
    assert back == view


def round_trip_notice(notice: Notice) -> None:
    back = codec.notice_from_json(codec.notice_to_json(notice))
    assert same_notice(back, notice), (notice, back)
    assert type(back) is type(notice)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([3, 4, 5, 6]))
def test_every_view_and_notice_of_a_random_game_round_trips(
    seed: int, players: int
) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng, players=players)
    n = rules.player_count
    for game, events in random_game(rng, rules, max_hands=2):
        for seat in range(n):
            view = seat_view(game, seat)
            round_trip_view(view)
            for event in visible_events(events, seat):
                round_trip_notice(event)
            if game.phase is Phase.BIDDING and game.to_act == seat:
                round_trip_view(seat_view(game, seat, hide_hand=True))
                round_trip_notice(YourTurn(view))
                round_trip_notice(HandShown(view.hand))
        round_trip_view(public_view(game, rng.randrange(n)))
        for event in events:
            round_trip_notice(event)
        if rng.random() < 0.2:
            for error in refusals(game, rng):
                round_trip_notice(Refused(error))


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([3, 4, 5, 6]))
def test_views_encoded_from_their_parts_are_each_seats_own_view(
    seed: int, players: int
) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng, players=players)
    n = rules.player_count
    joiner = codec.ViewJoiner()  # one for the game: it keeps each seat's part
    for game, _ in random_game(rng, rules, max_hands=2):
        public = public_fields(game)
        if rng.random() < 0.2:  # the table waits on questions
            asked = tuple(sorted(rng.sample(range(n), rng.randint(0, 2))))
            public = {**public, "to_act": None, "question_open": True}
            public["answering"] = asked
        seats = rng.sample(range(n), rng.randint(1, n))
        owns = [own_fields(game, seat, hide_hand=rng.random() < 0.2) for seat in seats]
        raws = joiner.join(public, owns)
        views = [SeatView(**own, **public) for own in owns]
        wires = [_VIEW.decode(raw) for raw in raws]
        assert wires == [codec.encode_view(v) for v in views]
        assert [codec.decode_view(w) for w in wires] == views
        if not public.get("question_open"):
            assert views == [
                seat_view(game, seat, hide_hand=own["hand_hidden"])
                for seat, own in zip(seats, owns, strict=True)
            ]


_CHANGES = msgspec.json.Decoder(WireViewChanges)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([3, 4, 5, 6]))
def test_a_views_changes_make_the_view_they_were_sent_for(
    seed: int, players: int
) -> None:
    """Version 12: from any earlier view of a seat (the last moment's, or one a
    few moments back), the changes made to it give the view now; every field
    changed is there, and no field that did not change."""
    rng = random.Random(seed)
    rules = random_rules(rng, players=players)
    n = rules.player_count
    joiner = codec.ViewJoiner()
    moments: list[tuple[dict[str, object], list[dict[str, object]]]] = []
    for game, _ in random_game(rng, rules, max_hands=3):
        public = public_fields(game)
        if rng.random() < 0.2:  # the table waits on questions, then no longer
            asked = tuple(sorted(rng.sample(range(n), rng.randint(0, 2))))
            public = {**public, "to_act": None, "question_open": True}
            public["answering"] = asked
        hidden = rng.random() < 0.1
        owns = [own_fields(game, seat, hide_hand=hidden) for seat in range(n)]
        moments.append((public, owns))
        for back in {1, rng.randint(1, 4)}:
            if back > len(moments) - 1:
                continue
            was_public, was_owns = moments[-1 - back]
            seat = rng.randrange(n)
            # Someone who moved seats before the game: another seat's view.
            was_seat = rng.randrange(n) if rng.random() < 0.1 else seat
            base = codec.encode_view(SeatView(**was_owns[was_seat], **was_public))
            raw = joiner.changes(public, owns[seat], (was_public, was_owns[was_seat]))
            changes = _CHANGES.decode(raw)
            want = codec.encode_view(SeatView(**owns[seat], **public))
            assert codec.apply_changes(base, changes) == want
            sent = {
                name
                for name in WireViewChanges.__struct_fields__
                if getattr(changes, name) is not msgspec.UNSET
            }
            differ = {
                name
                for name in WireView.__struct_fields__
                if getattr(base, name) != getattr(want, name)
            }
            assert sent == differ


def test_a_views_changes_are_its_fields_each_optional() -> None:
    view = typing.get_type_hints(WireView, include_extras=True)
    changes = typing.get_type_hints(WireViewChanges, include_extras=True)
    assert WireViewChanges.__struct_fields__ == WireView.__struct_fields__
    for name, kind in view.items():
        assert changes[name] == kind | UnsetType, name
        assert getattr(WireViewChanges(), name) is msgspec.UNSET
    assert _JSON.encode(WireViewChanges()) == b"{}"


def test_no_changes_leave_the_view_as_it_was() -> None:
    rules = random_rules(random.Random(5), players=4)
    game = next(iter(random_game(random.Random(5), rules, max_hands=1)))[0]
    public, own = public_fields(game), own_fields(game, 1)
    raw = codec.ViewJoiner().changes(public, own, (public, own))
    assert bytes(raw) == b"{}"
    wire = codec.encode_view(seat_view(game, 1))
    assert codec.apply_changes(wire, _CHANGES.decode(raw)) is wire


def test_a_views_json_from_its_parts_goes_into_a_frame_as_it_is() -> None:
    rules = random_rules(random.Random(5), players=4)
    game = next(iter(random_game(random.Random(5), rules, max_hands=1)))[0]
    (raw,) = codec.ViewJoiner().join(public_fields(game), [own_fields(game, 2)])
    frame = _JSON.encode(
        TableUpdate(table="t", notices=[], view=codec.as_wire_view(raw))
    )
    decoded = msgspec.json.decode(frame, type=TableUpdate)
    assert decoded.view == codec.encode_view(seat_view(game, 2))


def test_a_turn_notice_reuses_an_equal_views_wire_form_only() -> None:
    rules = random_rules(random.Random(3), players=4)
    game = next(iter(random_game(random.Random(3), rules, max_hands=1)))[0]
    mine, other = seat_view(game, 0), seat_view(game, 1)
    wire = codec.encode_view(mine)
    same, different = codec.encode_notices(
        [YourTurn(seat_view(game, 0)), YourTurn(other)], (mine, wire)
    )
    assert isinstance(same, WireYourTurn) and same.view is wire
    assert isinstance(different, WireYourTurn)
    assert codec.decode_view(different.view) == other


def test_a_turn_notice_without_a_view_goes_with_the_frames_view() -> None:
    # An online table's core builds no view for a turn's notice.
    rules = random_rules(random.Random(3), players=4)
    game = next(iter(random_game(random.Random(3), rules, max_hands=1)))[0]
    wire = codec.encode_view(seat_view(game, 0))
    (turn,) = codec.encode_notices([YourTurn(None)], (None, wire))
    assert isinstance(turn, WireYourTurn) and turn.view is wire
    with pytest.raises(CodecError):
        codec.encode_notices([YourTurn(None)])


@pytest.mark.parametrize(
    "notice",
    [
        Question(QuestionKind.BLIND_NIL, 100),
        Question(QuestionKind.REDEAL),
        HandHidden(),
        TrickWaiting(),
        Undone(3),
        UndoRefused(UndoRefusal.BLIND_NIL_SEEN),
        GameFinished(Outcome.WIN, None),
        GameFinished(Outcome.DRAW, None),
        GameFinished(Outcome.LOSS, None, "g0123456789abcdef"),
    ],
)
def test_session_notices_round_trip(notice: Notice) -> None:
    round_trip_notice(notice)


def test_storage_trouble_never_crosses_the_wire() -> None:
    from pathlib import Path

    trouble = StorageTrouble(
        FileKind.SAVED_GAME, SaveProblem(SaveProblemKind.UNWRITABLE, Path("/x"))
    )
    assert not codec.is_wire_notice(trouble)
    with pytest.raises(CodecError):
        codec.encode_notice(trouble)
    played = CardPlayed(0, Card.parse("AS"), 0)
    assert codec.encode_notices([trouble, played]) == [codec.encode_notice(played)]


def _a_view() -> SeatView:
    rules = Rules.pagat()
    game = Game(rules, first_dealer=0)
    game.deal(shuffled_deal(rules, random.Random(3)))
    return seat_view(game, 1)


def _mutated(field: str, value: object) -> bytes:
    data = json.loads(codec.view_to_json(_a_view()))
    data[field] = value
    return json.dumps(data).encode()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("seat", "1"),
        ("seat", 7),
        ("seat", True),
        ("seat", 2**70),
        ("hand", ["AS", "XX"]),
        ("hand", ["as"]),
        ("hand", "AS"),
        ("hand", ["BJ"]),  # no jokers in Pagat's deck
        ("bids", [None, None, None]),
        ("totals", [0, 0, 0]),
        ("to_act", 4),
        ("phase", "napping"),
        ("legal_bids", [18]),
        ("legal_bids", ["blind"]),
        ("pending_pass", [1, 2, 3]),
        ("rules", {"players": 4, "partnerships": True, "options": {"moon": "x"}}),
        ("rules", {"players": 4, "partnerships": True, "options": {"nope": 1}}),
        ("rules", {"players": 9, "partnerships": True, "options": {}}),
        (
            "rules",
            {"players": 4, "partnerships": True, "options": {"player_count": 5}},
        ),
        ("trick", [[0, "AS"], [9, "KS"]]),
        ("unknown_field", 1),
    ],
)
def test_a_bad_view_is_refused(field: str, value: object) -> None:
    with pytest.raises(CodecError):
        codec.view_from_json(_mutated(field, value))


def test_a_missing_view_field_is_refused() -> None:
    data = json.loads(codec.view_to_json(_a_view()))
    del data["hand"]
    with pytest.raises(CodecError, match="hand"):
        codec.view_from_json(json.dumps(data))


@pytest.mark.parametrize(
    "text",
    [
        b"",
        b"{",
        b"[]",
        b'{"kind": "card_played", "seat": 0, "card": "ZZ", "trick_index": 0}',
        b'{"kind": "card_played", "seat": 0, "card": "AS"}',
        b'{"kind": "card_played", "seat": 0, "card": "AS", "trick_index": -1}',
        b'{"kind": "card_played", "seat": 0, "card": "AS", "trick_index": 0, "x": 1}',
        b'{"kind": "storage_trouble"}',
        b'{"kind": "bid_made", "seat": 1, "bid": 18}',
        b'{"kind": "bid_made", "seat": 1, "bid": "nil"}',
        b'{"kind": "refused", "reason": "because"}',
        b'{"kind": "refused", "reason": "card_not_held", "detail": {"card": "1S"}}',
        b'{"kind": "refused", "reason": "must_follow_suit", "detail": {"suit": "Q"}}',
        b'{"kind": "question", "question": "why"}',
        b'{"kind": "game_finished", "outcome": "win", "report": {}}',
        b'{"kind": "hand_scored", "score": {"bids": [1], "tricks": [], "sides": []}}',
        b'{"kind": "your_turn", "view": {}}',
    ],
)
def test_a_bad_notice_is_refused(text: bytes) -> None:
    with pytest.raises(CodecError):
        codec.notice_from_json(text)


def test_card_text_is_record_notation() -> None:
    view = _a_view()
    data = json.loads(codec.view_to_json(view))
    assert data["hand"] == [str(c) for c in view.hand]
    assert all(isinstance(c, str) and len(c) == 2 for c in data["hand"])


def test_wire_structs_are_frozen() -> None:
    wire = codec.encode_view(_a_view())
    with pytest.raises(AttributeError):
        wire.seat = 2  # type: ignore[misc]


def test_a_refusal_keeps_its_card_and_suit() -> None:
    rules = Rules.pagat()
    game = Game(rules, first_dealer=0)
    game.deal(shuffled_deal(rules, random.Random(1)))
    errors = refusals(game, random.Random(2))
    assert errors
    for error in errors:
        back = codec.notice_from_json(codec.notice_to_json(Refused(error)))
        assert isinstance(back, Refused)
        assert back.error.detail == error.detail
        for key, value in back.error.detail.items():
            assert type(value) is type(error.detail[key]) or (
                key == "suit" and isinstance(value, Suit)
            )
