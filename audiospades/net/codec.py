"""The game's payloads on the wire: seat views, engine events and session notices.

:mod:`audiospades.net.wire` declares the wire twin of every payload; this module
converts between the two. Decoding is strict: a wrong type, an unknown field, a card
that is not in the table's deck or a seat that is not at the table raises
:class:`CodecError`; a bad object is never built. Encoding refuses what must not
cross the wire: a :class:`~audiospades.notices.StorageTrouble` concerns the server's
own files, and a finished game's statistics report
(:class:`~audiospades.notices.GameFinished`) stays on the machine that counted it, so
only its outcome is sent.

>>> from audiospades.rules import Card
>>> from audiospades.rules.events import CardPlayed
>>> wire = encode_notice(CardPlayed(2, Card.parse("QH"), 5))
>>> msgspec.json.encode(wire)
b'{"kind":"card_played","seat":2,"card":"QH","trick_index":5}'
>>> decode_notice(wire) == CardPlayed(2, Card.parse("QH"), 5)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, Final, Generic, TypeVar, cast

import msgspec

from audiospades.net.wire import (
    AnyWireNotice,
    BidText,
    OptionValue,
    WireBiddingComplete,
    WireBidMade,
    WireCardPlayed,
    WireCardsPassed,
    WireGameFinished,
    WireGameOver,
    WireHandDealt,
    WireHandHidden,
    WireHandScore,
    WireHandScored,
    WireHandShown,
    WireNil,
    WirePlayStarted,
    WireQuestion,
    WireRedealRequested,
    WireRefused,
    WireRules,
    WireSide,
    WireSpadesBroken,
    WireTrick,
    WireTrickWaiting,
    WireTrickWon,
    WireUndone,
    WireUndoRefused,
    WireView,
    WireViewChanges,
    WireYourTurn,
)
from audiospades.notices import (
    GameFinished,
    HandHidden,
    HandShown,
    Notice,
    Question,
    Refused,
    StorageTrouble,
    TrickWaiting,
    Undone,
    UndoRefused,
    YourTurn,
)
from audiospades.rules import (
    Bid,
    BiddingComplete,
    BidMade,
    Card,
    CardPlayed,
    CardsPassed,
    GameOver,
    HandDealt,
    HandScore,
    HandScored,
    IllegalAction,
    NilResult,
    PlayStarted,
    RedealRequested,
    Rules,
    RulesError,
    SeatView,
    SideScore,
    SpadesBroken,
    Suit,
    TrickWon,
    card_table,
)
from audiospades.rules.cards import BIG_JOKER, LITTLE_JOKER, STANDARD_DECK


class CodecError(ValueError):
    """A payload that cannot be encoded, or a wire value that is not a valid one."""


# --- cards, bids, rules -----------------------------------------------------------


_CARDS: Final[dict[str, Card]] = {
    str(c): c for c in (*STANDARD_DECK, BIG_JOKER, LITTLE_JOKER)
}
"""Every card by its record notation: a look-up, where parsing costs ten times more."""
_TEXTS: Final[dict[Card, str]] = {c: t for t, c in _CARDS.items()}


def _card(text: str) -> Card:
    card = _CARDS.get(text)
    if card is None:
        raise CodecError(f"not a card: {text!r}")
    return card


def _text(card: Card) -> str:
    return _TEXTS[card]


def _cards(texts: Iterable[str]) -> tuple[Card, ...]:
    return tuple(_card(t) for t in texts)


def _bid(value: int | str) -> Bid:
    try:
        return Bid.from_record(value)
    except ValueError:
        raise CodecError(f"not a bid: {value!r}") from None


def _bid_out(bid: Bid) -> BidText:
    return "blind_nil" if bid.blind else bid.tricks


@lru_cache(maxsize=256)
def encode_rules(rules: Rules) -> WireRules:
    """The wire form of ``rules``."""
    return WireRules(
        players=rules.player_count,
        partnerships=rules.partnerships,
        options=rules.to_dict(),
    )


def decode_rules(wire: WireRules) -> Rules:
    """Rules from the wire.

    Raises:
        CodecError: for an unknown option, a wrong value or an impossible mix.
    """
    return listed_rules(wire.players, wire.partnerships, wire.options)


def listed_rules(
    players: int, partnerships: bool, options: Mapping[str, OptionValue]
) -> Rules:
    """The rules a table's listing names (its players, partnerships, options).

    Raises:
        CodecError: as :func:`decode_rules`.
    """
    return _decode_rules(players, partnerships, tuple(sorted(options.items())))


@lru_cache(maxsize=256)
def _decode_rules(
    players: int, partnerships: bool, options: tuple[tuple[str, OptionValue], ...]
) -> Rules:
    for key, _ in options:
        if key in ("player_count", "partnerships"):
            raise CodecError(f"rule option {key!r} belongs beside the options")
    try:
        return Rules.from_dict(
            dict(options), players=players, partnerships=partnerships
        )
    except (RulesError, ValueError, TypeError) as error:
        raise CodecError(f"rules: {error}") from None


# --- scores and tricks ------------------------------------------------------------


_SIDE_FIELDS: Final = tuple(
    f.name for f in dataclasses.fields(SideScore) if f.name != "nils"
)


@lru_cache(maxsize=4096)
def _encode_score(score: HandScore) -> WireHandScore:
    # Cached: every view repeats the game's history, and scores never change.
    return WireHandScore(
        bids=[_bid_out(b) for b in score.bids],
        tricks=list(score.tricks),
        sides=[
            WireSide(
                **{name: getattr(side, name) for name in _SIDE_FIELDS},
                nils=[
                    WireNil(
                        seat=n.seat, blind=n.blind, tricks=n.tricks, points=n.points
                    )
                    for n in side.nils
                ],
            )
            for side in score.sides
        ],
    )


def _decode_score(wire: WireHandScore) -> HandScore:
    if len(wire.bids) != len(wire.tricks):
        raise CodecError("a hand score needs one bid and one trick count a seat")
    sides = tuple(
        SideScore(
            **{name: getattr(side, name) for name in _SIDE_FIELDS},
            nils=tuple(
                NilResult(n.seat, n.blind, n.tricks, n.points) for n in side.nils
            ),
        )
        for side in wire.sides
    )
    if [s.side for s in sides] != list(range(len(sides))):
        raise CodecError("a hand score's sides must come in order")
    return HandScore(tuple(_bid(b) for b in wire.bids), tuple(wire.tricks), sides)


def _trick_cards(cards: Iterable[tuple[int, Card]]) -> list[tuple[int, str]]:
    return [(seat, _text(card)) for seat, card in cards]


@lru_cache(maxsize=8192)
def _encode_trick(trick: TrickWon) -> WireTrick:
    # Cached: every view of a hand repeats its finished tricks, which never change.
    return WireTrick(
        seat=trick.seat, trick_index=trick.trick_index, cards=_trick_cards(trick.cards)
    )


def _decode_trick_cards(
    cards: Iterable[tuple[int, str]],
) -> tuple[tuple[int, Card], ...]:
    return tuple((seat, _card(text)) for seat, text in cards)


# --- the seat view ----------------------------------------------------------------


_K = TypeVar("_K")
_W = TypeVar("_W")


class _SameObject(Generic[_K, _W]):
    """Wire forms of immutable objects, found by identity.

    A server builds several views of every table after every action, and each
    repeats the table's rules, the hand's finished tricks and the game's history:
    the very same objects, whose hashes (dataclasses, computed in Python on every
    look-up) would cost more than building them again. Entries keep their object
    alive, so an id is never reused while it is here; at ``limit`` entries the
    cache starts again.
    """

    def __init__(self, make: Callable[[_K], _W], limit: int) -> None:
        self._make = make
        self._limit = limit
        self._entries: dict[int, tuple[_K, _W]] = {}

    def __call__(self, key: _K) -> _W:
        entry = self._entries.get(id(key))
        if entry is not None and entry[0] is key:
            return entry[1]
        if len(self._entries) >= self._limit:
            self._entries.clear()
        wire = self._make(key)
        self._entries[id(key)] = (key, wire)
        return wire


def _texts(cards: tuple[Card, ...]) -> list[str]:
    return [_text(c) for c in cards]


class _GrowingList(Generic[_K]):
    """The JSON of a game's list that only grows, found by its last item.

    A hand's finished tricks and a game's scored hands are such lists, each item
    a new object: its last item and the length name the whole list (a new hand
    starts the tricks again, with new objects). Entries keep their item alive, so
    an id is never reused while it is here; at ``limit`` entries the cache starts
    again.
    """

    def __init__(self, item: Callable[[_K], Any], limit: int) -> None:
        self._item = item
        self._limit = limit
        self._entries: dict[int, tuple[_K, int, msgspec.Raw]] = {}

    def __call__(self, items: Sequence[_K]) -> msgspec.Raw:
        if not items:
            return _EMPTY_LIST
        last = items[-1]
        entry = self._entries.get(id(last))
        if entry is not None and entry[0] is last and entry[1] == len(items):
            return entry[2]
        if len(self._entries) >= self._limit:
            self._entries.clear()
        item = self._item
        raw = msgspec.Raw(_ENCODER.encode([item(x) for x in items]))
        self._entries[id(last)] = (last, len(items), raw)
        return raw


_EMPTY_LIST: Final = msgspec.Raw(b"[]")

_RULES: Final = _SameObject(encode_rules, 4096)
_HANDS: Final = _SameObject(_texts, 65536)
"""A seat's cards in hand, which the game hands out as the same tuple until they
change (most seats' after an action)."""
_TRICKS: Final = _SameObject(_encode_trick, 65536)
_SCORES: Final = _SameObject(_encode_score, 65536)
_TRICKS_JSON: Final = _GrowingList(_TRICKS, 16384)
_SCORES_JSON: Final = _GrowingList(_SCORES, 16384)


def encode_view(view: SeatView) -> WireView:
    """The wire form of a seat view (or of a spectator's public view)."""
    return WireView(
        **_own_wire({name: getattr(view, name) for name in _OWN_FIELDS}),
        **_public_wire({name: getattr(view, name) for name in _PUBLIC_FIELDS}),
    )


class ViewJoiner:
    """Joins the JSON of a table's views from their parts, after every action.

    The parts are the fields of :class:`SeatView` as
    :meth:`~audiospades.table_core.TableCore.view_parts` gives them: the public
    part is encoded once for all the seats, and each view is its seat's own fields
    joined to it (the same object, its fields in another order, as
    :func:`encode_view` of the view). A seat's own part is kept encoded until it
    changes: most actions change only the player's and the next one's.

    Or only what changed (:meth:`changes`), for a client that keeps the last view
    it was sent: the public fields that changed are found and encoded once a
    moment for all whose last view was of the same moment.
    """

    def __init__(self) -> None:
        """No seat's part encoded yet."""
        self._own: dict[int, tuple[Mapping[str, Any], bytes]] = {}
        self._moment: Mapping[str, Any] | None = None
        """The public part the caches below are of."""
        self._shared: bytes | None = None
        self._since: dict[int, tuple[Mapping[str, Any], dict[str, Any]]] = {}
        """The public fields changed since an earlier moment's part, by its id."""

    def join(
        self, public: Mapping[str, Any], owns: Iterable[Mapping[str, Any]]
    ) -> list[msgspec.Raw]:
        """The JSON of each seat's view of ``owns``, at the moment of ``public``.

        Put into a message with :func:`as_wire_view`.
        """
        shared = self._shared_json(public)
        return [msgspec.Raw(self._own_head(own) + shared) for own in owns]

    def changes(
        self,
        public: Mapping[str, Any],
        own: Mapping[str, Any],
        base: tuple[Mapping[str, Any], Mapping[str, Any]],
    ) -> msgspec.Raw:
        """The JSON of the fields of ``own``'s view that differ from ``base``'s.

        ``base``: the parts of the last view the seat was sent. Put into a message
        with :func:`as_view_changes`.
        """
        base_public, base_own = base
        fields: dict[str, Any] = {}
        if base_own is not own:
            wire_of = _FIELD_WIRE
            for name in _OWN_FIELDS:
                was, now = base_own[name], own[name]
                if was is not now and was != now:
                    fields[name] = wire_of[name](now)
        if base_public is not public:
            fields.update(self._public_since(public, base_public))
        return msgspec.Raw(_ENCODER.encode(fields))

    def _own_head(self, own: Mapping[str, Any]) -> bytes:
        """``own``'s JSON without its closing brace, kept until it changes."""
        seat = own["seat"]
        kept = self._own.get(seat)
        if kept is None or (kept[0] is not own and kept[0] != own):
            wire = _own_wire(own, as_json=True)
            kept = self._own[seat] = (own, _ENCODER.encode(wire)[:-1])
        return kept[1]

    def _now(self, public: Mapping[str, Any]) -> None:
        if self._moment is not public:
            self._moment = public
            self._shared = None
            self._since = {}

    def _shared_json(self, public: Mapping[str, Any]) -> bytes:
        self._now(public)
        if self._shared is None:
            wire = _public_wire(public, as_json=True)
            self._shared = b"," + _ENCODER.encode(wire)[1:]
        return self._shared

    def _public_since(
        self, public: Mapping[str, Any], before: Mapping[str, Any]
    ) -> dict[str, Any]:
        self._now(public)
        found = self._since.get(id(before))
        if found is not None and found[0] is before:
            return found[1]
        wire_of = _FIELD_WIRE
        changed: dict[str, Any] = {}
        for name in _PLAIN_PUBLIC_FIELDS:
            was, now = before[name], public[name]
            if was is not now and was != now:
                changed[name] = wire_of[name](now)
        for name, default in _LEFT_OUT_AT_DEFAULT:
            now = public.get(name, default)
            if before.get(name, default) != now:
                changed[name] = wire_of[name](now)
        self._since[id(before)] = (before, changed)
        return changed


_LEFT_OUT_AT_DEFAULT: Final[tuple[tuple[str, Any], ...]] = (
    ("question_open", False),
    ("answering", ()),
)
"""Public fields a view's parts and its wire form leave out at their defaults."""


def as_view_changes(raw: msgspec.Raw) -> WireViewChanges:
    """:meth:`ViewJoiner.changes` where a message holds a view's changes.

    As :func:`as_wire_view`: only for a message that is encoded and sent.
    """
    return cast(WireViewChanges, raw)


def apply_changes(base: WireView, changes: WireViewChanges) -> WireView:
    """The view ``base`` with ``changes`` made: the view they were sent for."""
    fields = {
        name: value
        for name in changes.__struct_fields__
        if (value := getattr(changes, name)) is not msgspec.UNSET
    }
    return msgspec.structs.replace(base, **fields) if fields else base


def as_wire_view(raw: msgspec.Raw) -> WireView:
    """A view's JSON where a message holds a :class:`WireView`, to be encoded as is.

    Only for a message that is encoded and sent, never read: msgspec writes a
    ``Raw`` anywhere as the JSON it holds.
    """
    return cast(WireView, raw)


_OWN_FIELDS: Final = (
    "seat",
    "hand",
    "hand_hidden",
    "passed_out",
    "passed_in",
    "legal_plays",
    "legal_bids",
    "is_blind_nil_eligible",
    "can_request_redeal",
)
"""The fields of a seat view that differ from seat to seat at one moment."""

_PUBLIC_FIELDS: Final = (
    "rules",
    "phase",
    "dealer",
    "deal_count",
    "hands_played",
    "hand_sizes",
    "bids",
    "tricks_won",
    "trick",
    "completed_tricks",
    "trick_index",
    "spades_broken",
    "to_act",
    "totals",
    "bags",
    "history",
    "pending_pass",
    "winner",
    "is_draw",
    "question_open",
    "answering",
)
"""The fields of a seat view on the wire that every seat sees alike."""
_PLAIN_PUBLIC_FIELDS: Final = tuple(
    name for name in _PUBLIC_FIELDS if name not in ("question_open", "answering")
)
"""The public fields that a view's parts always hold."""


def _as_is(value: Any) -> Any:
    return value


_FIELD_WIRE: Final[dict[str, Callable[[Any], Any]]] = {
    "seat": _as_is,
    "hand": _HANDS,
    "hand_hidden": _as_is,
    "passed_out": _texts,
    "passed_in": _texts,
    "legal_plays": lambda cards: [_text(c) for c in sorted(cards)],
    "legal_bids": lambda bids: [_bid_out(b) for b in bids],
    "is_blind_nil_eligible": _as_is,
    "can_request_redeal": _as_is,
    "rules": _RULES,
    "phase": _as_is,
    "dealer": _as_is,
    "deal_count": _as_is,
    "hands_played": _as_is,
    "hand_sizes": list,
    "bids": lambda bids: [None if b is None else _bid_out(b) for b in bids],
    "tricks_won": list,
    "trick": _trick_cards,
    "completed_tricks": _TRICKS_JSON,
    "trick_index": _as_is,
    "spades_broken": _as_is,
    "to_act": _as_is,
    "totals": list,
    "bags": list,
    "history": _SCORES_JSON,
    "pending_pass": _as_is,
    "winner": _as_is,
    "is_draw": _as_is,
    "question_open": _as_is,
    "answering": list,
}
"""Each field of a view's parts as its JSON is written, to be encoded at once:
the finished tricks and the history, which change once a trick and once a hand,
as their JSON (kept); the cards in hand as a list kept for them (not to be
changed). A view's changes are written field by field."""

_STRUCT_FIELD_WIRE: Final[dict[str, Callable[[Any], Any]]] = {
    **_FIELD_WIRE,
    "hand": _texts,
    "completed_tricks": lambda tricks: [_TRICKS(t) for t in tricks],
    "history": lambda scores: [_SCORES(s) for s in scores],
}
"""Each field as :class:`WireView` holds it (:func:`encode_view`)."""


def _own_wire(own: Mapping[str, Any], *, as_json: bool = False) -> dict[str, Any]:
    """A seat's own fields (:data:`_OWN_FIELDS`) as :class:`WireView` holds them.

    ``as_json``: to be encoded at once (see :data:`_FIELD_WIRE`).
    """
    wire_of = _FIELD_WIRE if as_json else _STRUCT_FIELD_WIRE
    return {name: wire_of[name](own[name]) for name in _OWN_FIELDS}


def _public_wire(public: Mapping[str, Any], *, as_json: bool = False) -> dict[str, Any]:
    """The public fields (:data:`_PUBLIC_FIELDS`) as :class:`WireView` holds them.

    ``question_open`` and ``answering`` are left out at their defaults (or when
    ``public`` has none), as the wire leaves them out. ``as_json``: to be encoded
    at once (see :data:`_FIELD_WIRE`).
    """
    wire_of = _FIELD_WIRE if as_json else _STRUCT_FIELD_WIRE
    out = {name: wire_of[name](public[name]) for name in _PLAIN_PUBLIC_FIELDS}
    if public.get("question_open"):
        out["question_open"] = True
    if answering := public.get("answering"):
        out["answering"] = list(answering)
    return out


def decode_view(wire: WireView) -> SeatView:
    """A seat view from the wire, checked against its own rules.

    Raises:
        CodecError: for a card not in the table's deck, a seat not at the table, or
            per-seat and per-side lists of the wrong length.
    """
    rules = decode_rules(wire.rules)
    n, sides = rules.player_count, rules.side_count
    deck = card_table(rules).deck_set

    def cards(texts: Iterable[str], what: str) -> tuple[Card, ...]:
        out = _cards(texts)
        stray = [_text(c) for c in out if c not in deck]
        if stray:
            raise CodecError(f"{what}: {', '.join(stray)} not in this deck")
        return out

    def seat(value: int | None, what: str) -> None:
        if value is not None and value >= n:
            raise CodecError(f"{what}: no seat {value} at a table of {n}")

    for value, what in (
        (wire.seat, "seat"),
        (wire.dealer, "dealer"),
        (wire.to_act, "to_act"),
        *((s, "answering") for s in wire.answering),
        *((s, "pending_pass") for s in wire.pending_pass or ()),
    ):
        seat(value, what)
    if wire.winner is not None and wire.winner >= sides:
        raise CodecError(f"winner: no side {wire.winner}")
    for values, size, what in (
        (wire.hand_sizes, n, "hand_sizes"),
        (wire.bids, n, "bids"),
        (wire.tricks_won, n, "tricks_won"),
        (wire.totals, sides, "totals"),
        (wire.bags, sides, "bags"),
    ):
        if len(values) != size:
            raise CodecError(f"{what}: {len(values)} entries, not {size}")
    trick = _decode_trick_cards(wire.trick)
    completed = tuple(
        TrickWon(t.seat, t.trick_index, _decode_trick_cards(t.cards))
        for t in wire.completed_tricks
    )
    for t in (*completed, TrickWon(0, 0, trick)):
        for s, card in t.cards:
            seat(s, "trick")
            if card not in deck:
                raise CodecError(f"trick: {card} not in this deck")
        seat(t.seat, "trick winner")
    history = tuple(_decode_score(s) for s in wire.history)
    for score in history:
        if len(score.bids) != n or len(score.sides) != sides:
            raise CodecError("history: a hand score for another table")
    return SeatView(
        seat=wire.seat,
        rules=rules,
        phase=wire.phase,
        dealer=wire.dealer,
        deal_count=wire.deal_count,
        hands_played=wire.hands_played,
        hand=cards(wire.hand, "hand"),
        hand_hidden=wire.hand_hidden,
        hand_sizes=tuple(wire.hand_sizes),
        bids=tuple(None if b is None else _bid(b) for b in wire.bids),
        tricks_won=tuple(wire.tricks_won),
        trick=trick,
        completed_tricks=completed,
        trick_index=wire.trick_index,
        spades_broken=wire.spades_broken,
        to_act=wire.to_act,
        totals=tuple(wire.totals),
        bags=tuple(wire.bags),
        history=history,
        passed_out=cards(wire.passed_out, "passed_out"),
        passed_in=cards(wire.passed_in, "passed_in"),
        pending_pass=wire.pending_pass,
        legal_plays=frozenset(cards(wire.legal_plays, "legal_plays")),
        legal_bids=tuple(_bid(b) for b in wire.legal_bids),
        is_blind_nil_eligible=wire.is_blind_nil_eligible,
        can_request_redeal=wire.can_request_redeal,
        winner=wire.winner,
        is_draw=wire.is_draw,
        question_open=wire.question_open,
        answering=tuple(wire.answering),
    )


# --- notices ----------------------------------------------------------------------

_DETAIL_CARD: Final = "card"
_DETAIL_SUIT: Final = "suit"


def _encode_detail(detail: Mapping[str, object]) -> dict[str, str | int | None]:
    out: dict[str, str | int | None] = {}
    for key, value in detail.items():
        if isinstance(value, Card | Suit):
            out[key] = str(value) if isinstance(value, Card) else value.value
        elif value is None or (
            isinstance(value, int | str) and not isinstance(value, bool)
        ):
            out[key] = value
        else:
            raise CodecError(f"refusal detail {key!r} is not plain data")
    return out


def _decode_detail(detail: Mapping[str, str | int | None]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in detail.items():
        if key == _DETAIL_CARD and isinstance(value, str):
            out[key] = _card(value)
        elif key == _DETAIL_SUIT and isinstance(value, str):
            try:
                out[key] = Suit(value)
            except ValueError:
                raise CodecError(f"not a suit: {value!r}") from None
        else:
            out[key] = value
    return out


def is_wire_notice(notice: Notice) -> bool:
    """Whether ``notice`` may cross the wire (a storage problem never does)."""
    return not isinstance(notice, StorageTrouble)


def encode_notice(notice: Notice) -> AnyWireNotice:
    """The wire form of an engine event or a session notice.

    Raises:
        CodecError: for a notice that never crosses the wire (see the module doc),
            or a turn notice without its view (:func:`encode_notices` sends it
            with the frame's).
    """
    match notice:
        case HandDealt(hand_index, dealer):
            return WireHandDealt(hand_index=hand_index, dealer=dealer)
        case RedealRequested(seat):
            return WireRedealRequested(seat=seat)
        case BidMade(seat, bid):
            return WireBidMade(seat=seat, bid=_bid_out(bid))
        case BiddingComplete(bids):
            return WireBiddingComplete(bids=[_bid_out(b) for b in bids])
        case CardsPassed(from_seat, to_seat, cards):
            return WireCardsPassed(
                from_seat=from_seat, to_seat=to_seat, cards=[_text(c) for c in cards]
            )
        case PlayStarted(leader):
            return WirePlayStarted(leader=leader)
        case CardPlayed(seat, card, trick_index):
            return WireCardPlayed(seat=seat, card=_text(card), trick_index=trick_index)
        case SpadesBroken(seat):
            return WireSpadesBroken(seat=seat)
        case TrickWon(seat, trick_index, cards):
            return WireTrickWon(
                seat=seat, trick_index=trick_index, cards=_trick_cards(cards)
            )
        case HandScored(score):
            return WireHandScored(score=_encode_score(score))
        case GameOver(winner, totals):
            return WireGameOver(winner=winner, totals=list(totals))
        case Question(kind, behind):
            return WireQuestion(question=kind, behind=behind)
        case YourTurn(view):
            if view is None:
                raise CodecError("a turn's notice without its view")
            return WireYourTurn(view=encode_view(view))
        case HandShown(cards):
            return WireHandShown(cards=[_text(c) for c in cards])
        case HandHidden():
            return WireHandHidden()
        case Refused(error):
            return WireRefused(reason=error.reason, detail=_encode_detail(error.detail))
        case Undone(move_count):
            return WireUndone(move_count=move_count)
        case UndoRefused(reason):
            return WireUndoRefused(reason=reason)
        case TrickWaiting():
            return WireTrickWaiting()
        case GameFinished(outcome, _, game_id):
            return WireGameFinished(outcome=outcome, game=game_id)
    raise CodecError(f"{type(notice).__name__} does not cross the wire")


def decode_notice(wire: AnyWireNotice) -> Notice:
    """An engine event or session notice from the wire.

    Raises:
        CodecError: for a bad card, bid or score, or a view that does not check out.
    """
    match wire:
        case WireHandDealt(hand_index=hand_index, dealer=dealer):
            return HandDealt(hand_index, dealer)
        case WireRedealRequested(seat=seat):
            return RedealRequested(seat)
        case WireBidMade(seat=seat, bid=bid):
            return BidMade(seat, _bid(bid))
        case WireBiddingComplete(bids=bids):
            return BiddingComplete(tuple(_bid(b) for b in bids))
        case WireCardsPassed(from_seat=from_seat, to_seat=to_seat, cards=cards):
            return CardsPassed(from_seat, to_seat, _cards(cards))
        case WirePlayStarted(leader=leader):
            return PlayStarted(leader)
        case WireCardPlayed(seat=seat, card=card, trick_index=trick_index):
            return CardPlayed(seat, _card(card), trick_index)
        case WireSpadesBroken(seat=seat):
            return SpadesBroken(seat)
        case WireTrickWon(seat=seat, trick_index=trick_index, cards=cards):
            return TrickWon(seat, trick_index, _decode_trick_cards(cards))
        case WireHandScored(score=score):
            return HandScored(_decode_score(score))
        case WireGameOver(winner=winner, totals=totals):
            return GameOver(winner, tuple(totals))
        case WireQuestion(question=kind, behind=behind):
            return Question(kind, behind)
        case WireYourTurn(view=view):
            return YourTurn(None if view is None else decode_view(view))
        case WireHandShown(cards=cards):
            return HandShown(_cards(cards))
        case WireHandHidden():
            return HandHidden()
        case WireRefused(reason=reason, detail=detail):
            return Refused(IllegalAction(reason, **_decode_detail(detail)))
        case WireUndone(move_count=move_count):
            return Undone(move_count)
        case WireUndoRefused(reason=reason):
            return UndoRefused(reason)
        case WireTrickWaiting():
            return TrickWaiting()
        case WireGameFinished(outcome=outcome, game=game_id):
            return GameFinished(outcome, None, game_id)
    raise CodecError(f"not a notice: {type(wire).__name__}")  # pragma: no cover


def encode_notices(
    notices: Iterable[Notice],
    known: tuple[SeatView | None, WireView | None] | None = None,
) -> list[AnyWireNotice]:
    """The wire forms of the notices that may cross it, in order.

    ``known``: the view the frame carries, and its wire form; a turn notice with
    no view of its own (None), or with an equal one, is sent with that wire form
    (the turn usually comes with the very view the frame carries). A wire form of
    None leaves the turn's view out (version 12: the frame's view is the turn's).

    Raises:
        CodecError: a turn notice without a view, and no ``known`` view.
    """
    out: list[AnyWireNotice] = []
    for notice in notices:
        if not is_wire_notice(notice):
            continue
        if (
            known is not None
            and isinstance(notice, YourTurn)
            and (
                notice.view is None
                or notice.view is known[0]
                or notice.view == known[0]
            )
        ):
            out.append(WireYourTurn(view=known[1]))
        else:
            out.append(encode_notice(notice))
    return out


_VIEW_DECODER: Final = msgspec.json.Decoder(WireView)
_NOTICE_DECODER: Final[msgspec.json.Decoder[AnyWireNotice]] = msgspec.json.Decoder(
    AnyWireNotice
)
_ENCODER: Final = msgspec.json.Encoder()


def view_to_json(view: SeatView) -> bytes:
    """A seat view as JSON."""
    return _ENCODER.encode(encode_view(view))


def view_from_json(data: bytes | str) -> SeatView:
    """A seat view from JSON.

    Raises:
        CodecError: for bad JSON, a wrong type or a value that does not check out.
    """
    try:
        wire = _VIEW_DECODER.decode(data)
    except msgspec.DecodeError as error:
        raise CodecError(str(error)) from None
    return decode_view(wire)


def notice_to_json(notice: Notice) -> bytes:
    """A notice as JSON.

    Raises:
        CodecError: for a notice that never crosses the wire.
    """
    return _ENCODER.encode(encode_notice(notice))


def notice_from_json(data: bytes | str) -> Notice:
    """A notice from JSON.

    Raises:
        CodecError: for bad JSON, a wrong type or a value that does not check out.
    """
    try:
        wire = _NOTICE_DECODER.decode(data)
    except msgspec.DecodeError as error:
        raise CodecError(str(error)) from None
    return decode_notice(wire)


def to_builtins(value: Any) -> Any:
    """A wire struct as plain JSON-ready data (for logs and documentation)."""
    return msgspec.to_builtins(value)
