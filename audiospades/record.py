"""Game records in the ``audiospades-record/1`` format (``shared/spec/game-record.md``).

A record is one JSON object holding the rules, every deal and every action, so any
program can replay the game. :func:`game_to_record` writes one from a :class:`Game`;
:func:`game_from_record` checks every action with the engine while rebuilding the game
and names the hand and action index of the first problem.

Action kinds: ``bid`` (an integer, or ``"blind_nil"``), ``pass`` (a list of cards),
``play`` (a card) and, for the misdeal variant (seed 002, rule option
``misdeal_redeal``), ``{"seat": s, "redeal": true}``, which ends that deal; the same
dealer then deals the next hand of the record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from audiospades.rules import (
    Bid,
    BidAction,
    Card,
    CardParseError,
    DealAction,
    Game,
    IllegalAction,
    PassAction,
    Phase,
    PlayAction,
    RedealAction,
    Rules,
    RulesError,
)
from audiospades.rules.errors import excerpt

FORMAT: Final = "audiospades-record/1"


class RecordError(ValueError):
    """A record that cannot be replayed; says where (hand and action index) and why."""

    def __init__(
        self,
        message: str,
        hand_index: int | None = None,
        action_index: int | None = None,
        reason: str | None = None,
    ) -> None:
        """Keep the place and the reason (a :class:`Reason` value where one applies)."""
        self.message = message
        self.hand_index = hand_index
        self.action_index = action_index
        self.reason = reason
        super().__init__(self.describe())

    def describe(self) -> str:
        """One line: where, then what."""
        where = []
        if self.hand_index is not None:
            where.append(f"hand {self.hand_index}")
        if self.action_index is not None:
            where.append(f"action {self.action_index}")
        return (", ".join(where) + ": " if where else "") + self.message


def game_to_record(game: Game, names: Sequence[str] | None = None) -> dict[str, Any]:
    """Write ``game`` as a record (a JSON-ready dict)."""
    return RecordWriter(names).record(game)


class RecordWriter:
    """Writes one game's record again and again as it grows, at the cost of what is new.

    A table server saves the record after every action; rebuilding it from the first
    deal each time costs the whole game's length per action. The writer keeps what
    it wrote and adds only the actions since the last call. The record is the same
    as :func:`game_to_record` gives (a test checks it); a game that is replaced
    (undo, a rebuilt table) is written afresh.
    """

    def __init__(self, names: Sequence[str] | None = None) -> None:
        """Write records with these seat names (None: no names)."""
        self.names = None if names is None else list(names)
        self._game: Game | None = None
        self._hands: list[dict[str, Any]] = []
        self._written = 0
        self._rules: dict[str, Any] = {}

    def record(self, game: Game) -> dict[str, Any]:
        """The record of ``game`` now (its ``hands`` list is shared: do not change)."""
        actions = game.actions
        if game is not self._game or self._written > len(actions):
            self._game, self._hands, self._written = game, [], 0
            self._rules = game.rules.to_dict()  # builds a preset: once a game
        hands = self._hands
        for action in actions[self._written :]:
            if isinstance(action, DealAction):
                hands.append(
                    {
                        "dealer": game.dealers[len(hands)],
                        "deal": [[str(c) for c in hand] for hand in action.hands],
                        "actions": [],
                    }
                )
            else:
                hands[-1]["actions"].append(_action_to_json(action))
        self._written = len(actions)
        record: dict[str, Any] = {
            "format": FORMAT,
            "rules": dict(self._rules),
            "players": game.rules.player_count,
            "partnerships": game.rules.partnerships,
        }
        if self.names is not None:
            record["names"] = list(self.names)
        record["first_dealer"] = game.first_dealer
        record["hands"] = hands
        return record


def _action_to_json(action: BidAction | PassAction | PlayAction | RedealAction) -> Any:
    match action:
        case BidAction(seat, bid):
            return {"seat": seat, "bid": bid.to_record()}
        case PassAction(seat, cards):
            return {"seat": seat, "pass": [str(c) for c in cards]}
        case PlayAction(seat, card):
            return {"seat": seat, "play": str(card)}
        case RedealAction(seat):
            return {"seat": seat, "redeal": True}
    raise TypeError(action)


def rules_from_record(data: Mapping[str, Any]) -> Rules:
    """The rules a record names.

    The top-level ``players`` and ``partnerships`` say the same as ``player_count``
    and ``partnerships`` inside ``rules``; where both are given they must agree.

    Raises:
        RecordError: for a missing or unknown rule option, a value of the wrong
            type, an impossible mix, or top-level keys that contradict ``rules``.
    """
    if not isinstance(data, Mapping):
        raise RecordError("the record is not a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(
            f"not an {FORMAT} record (format is {excerpt(data.get('format'))})"
        )
    players = data.get("players")
    if players is not None and not _is_whole_number(players):
        raise RecordError(f"'players' must be a whole number, not {excerpt(players)}")
    partnerships = data.get("partnerships")
    if partnerships is not None and not isinstance(partnerships, bool):
        raise RecordError(
            f"'partnerships' must be true or false, not {excerpt(partnerships)}"
        )
    raw_rules = data.get("rules", {"preset": "pagat"})
    if not isinstance(raw_rules, Mapping):
        raise RecordError(f"'rules' must be an object, not {excerpt(raw_rules)}")
    for top, inner, value in (
        ("players", "player_count", players),
        ("partnerships", "partnerships", partnerships),
    ):
        stated = raw_rules.get(inner)
        # A value of the wrong type is named by Rules.from_dict below.
        if value is None or type(stated) is not type(value) or stated == value:
            continue
        raise RecordError(
            f"'{top}' {excerpt(value)} disagrees with rules.{inner} {excerpt(stated)}"
        )
    try:
        return Rules.from_dict(raw_rules, players=players, partnerships=partnerships)
    except RulesError as error:
        raise RecordError(f"rules: {error}") from None


def game_from_record(data: Mapping[str, Any]) -> Game:
    """Rebuild a game from a record, checking every action with the engine.

    ``first_dealer`` may be left out: the first hand's dealer is then the first
    dealer, and a record with no hands starts with seat 0 to deal.

    Raises:
        RecordError: at the first malformed entry or illegal action.
    """
    rules = rules_from_record(data)
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        raise RecordError(f"'hands' must be a list, not {excerpt(hands)}")
    first_dealer = data.get("first_dealer")
    if first_dealer is None:
        first_dealer = 0
        if hands and isinstance(hands[0], Mapping):
            first_dealer = hands[0].get("dealer", 0)
    if not _is_whole_number(first_dealer) or not 0 <= first_dealer < rules.player_count:
        raise RecordError(f"the first dealer {excerpt(first_dealer)} is not a seat", 0)
    game = Game(rules, first_dealer=first_dealer)
    for hand_index, hand in enumerate(hands):
        _replay_hand(game, hand, hand_index, is_last=hand_index == len(hands) - 1)
    return game


def _shown(value: object) -> str:
    """A detail of an illegal action as text: a card as ``AS``, a suit as ``H``."""
    if type(value) is int:  # a seat from the file, perhaps of 4,000 digits
        return excerpt(value)
    return excerpt(str(value)).strip("'")


def _is_whole_number(value: object) -> bool:
    """A JSON integer: ``true`` and ``4.0`` are not."""
    return isinstance(value, int) and not isinstance(value, bool)


def _replay_hand(game: Game, hand: Any, hand_index: int, *, is_last: bool) -> None:
    if not isinstance(hand, Mapping):
        raise RecordError("a hand must be an object", hand_index)
    if game.phase is not Phase.DEALING:
        what = "the game is over" if game.is_over else "the previous hand is unfinished"
        raise RecordError(f"cannot deal: {what}", hand_index)
    dealer = hand.get("dealer", game.dealer)
    if dealer != game.dealer:
        raise RecordError(
            f"dealer {excerpt(dealer)} should be seat {game.dealer}",
            hand_index,
            None,
            "wrong_dealer",
        )
    if hand.get("kitty"):
        raise RecordError("these rules deal no kitty", hand_index)
    deal = hand.get("deal")
    if not isinstance(deal, list) or not all(isinstance(h, list) for h in deal):
        raise RecordError("'deal' must be a list of hands", hand_index)
    try:
        cards = [[Card.parse(c) for c in h] for h in deal]
    except CardParseError as error:
        raise RecordError(f"not a card: {error}", hand_index) from None
    try:
        game.deal(cards)
    except IllegalAction as error:
        raise RecordError(
            f"bad deal ({error.reason.value})", hand_index, None, error.reason.value
        ) from None
    actions = hand.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list", hand_index)
    for action_index, raw in enumerate(actions):
        action = _parse_action(raw, hand_index, action_index)
        try:
            game.apply(action)
        except IllegalAction as error:
            detail = ", ".join(f"{k} {_shown(v)}" for k, v in error.detail.items())
            text = error.reason.value.replace("_", " ") + (
                f" ({detail})" if detail else ""
            )
            raise RecordError(
                text, hand_index, action_index, error.reason.value
            ) from None
    if not is_last and game.phase not in (Phase.DEALING, Phase.GAME_OVER):
        raise RecordError("the hand is unfinished but more hands follow", hand_index)


def _parse_action(
    raw: Any, hand_index: int, action_index: int
) -> BidAction | PassAction | PlayAction | RedealAction:
    def fail(message: str) -> RecordError:
        return RecordError(message, hand_index, action_index)

    if not isinstance(raw, Mapping):
        raise fail("an action must be an object")
    seat = raw.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise fail("an action needs a whole-number 'seat'")
    kinds = [k for k in ("bid", "pass", "play", "redeal") if k in raw]
    if len(kinds) != 1:
        raise fail("an action needs exactly one of bid, pass, play, redeal")
    kind = kinds[0]
    value = raw[kind]
    if kind == "pass" and not isinstance(value, list):
        raise fail("'pass' must be a list of cards")
    try:
        if kind == "bid":
            return BidAction(seat, Bid.from_record(value))
        if kind == "pass":
            return PassAction(seat, tuple(Card.parse(c) for c in value))
        if kind == "play":
            return PlayAction(seat, Card.parse(value))
    except CardParseError as error:
        raise fail(f"not a card: {error}") from None
    except ValueError as error:
        raise fail(str(error)) from None
    if value is not True:
        raise fail("'redeal' must be true")
    return RedealAction(seat)
