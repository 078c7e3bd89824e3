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
from enum import StrEnum
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


class RecordProblem(StrEnum):
    """What is wrong with a record, as data: the presenter words each kind.

    The values a problem names (the file's value, a seat, the engine's reason) are in
    :attr:`RecordError.detail`, under the names given here.
    """

    NOT_AN_OBJECT = "not_an_object"
    """The record is not a JSON object."""
    WRONG_FORMAT = "wrong_format"
    """``format`` is not this format (``format``: the picture of the value)."""
    PLAYERS_NOT_A_NUMBER = "players_not_a_number"
    """Top-level ``players`` is not a whole number (``value``)."""
    PARTNERSHIPS_NOT_A_FLAG = "partnerships_not_a_flag"
    """Top-level ``partnerships`` is not true or false (``value``)."""
    RULES_NOT_AN_OBJECT = "rules_not_an_object"
    """``rules`` is not an object (``value``)."""
    DISAGREES_WITH_RULES = "disagrees_with_rules"
    """A top-level key (``key``, ``value``) says otherwise than ``rules`` (``option``,
    ``stated``)."""
    BAD_RULES = "bad_rules"
    """The rules refused their options (``problems``: the engine's English text, for
    logs; ``rules_problems``: each :class:`~audiospades.rules.RulesProblem`, as data
    for the presenter)."""
    HANDS_NOT_A_LIST = "hands_not_a_list"
    """``hands`` is not a list (``value``)."""
    FIRST_DEALER_NOT_A_SEAT = "first_dealer_not_a_seat"
    """The first dealer (``value``) is not a seat."""
    HAND_NOT_AN_OBJECT = "hand_not_an_object"
    """A hand is not an object."""
    DEAL_AFTER_GAME_OVER = "deal_after_game_over"
    """A hand follows the end of the game."""
    DEAL_BEFORE_HAND_ENDS = "deal_before_hand_ends"
    """A hand is dealt while the one before is still being played."""
    WRONG_DEALER = "wrong_dealer"
    """The hand names a dealer (``value``) other than the one due (``seat``)."""
    KITTY = "kitty"
    """The hand deals a kitty, which these rules do not."""
    DEAL_NOT_A_LIST = "deal_not_a_list"
    """``deal`` is not a list of hands."""
    NOT_A_CARD = "not_a_card"
    """A card that is not one (``value``)."""
    BAD_DEAL = "bad_deal"
    """The engine refused the deal (``reason``: its :class:`Reason` value;
    ``hand_size``: the cards each seat is dealt, when the engine says)."""
    ACTIONS_NOT_A_LIST = "actions_not_a_list"
    """``actions`` is not a list."""
    ILLEGAL_ACTION = "illegal_action"
    """The engine refused an action (``reason``: the :class:`Reason`; ``detail``: its
    data as ``name value`` pairs, or empty, for logs; ``engine``: the same data as a
    mapping of the engine's names to values as the file writes them ("KD", "1"), for
    the presenter to word)."""
    MORE_HANDS_FOLLOW = "more_hands_follow"
    """A hand is left unfinished, yet more hands follow it."""
    ACTION_NOT_AN_OBJECT = "action_not_an_object"
    """An action is not an object."""
    ACTION_WITHOUT_SEAT = "action_without_seat"
    """An action has no whole-number ``seat``."""
    ACTION_KIND_UNCLEAR = "action_kind_unclear"
    """An action has none, or more than one, of bid, pass, play and redeal."""
    PASS_NOT_A_LIST = "pass_not_a_list"
    """``pass`` is not a list of cards."""
    NOT_A_BID = "not_a_bid"
    """A bid that is not one (``value``)."""
    REDEAL_NOT_TRUE = "redeal_not_true"
    """``redeal`` is something other than true."""


class RecordError(ValueError):
    """A record that cannot be replayed; says where (hand and action index) and why.

    ``problem`` and ``detail`` say why as data, for the presenter to word in the
    player's language; ``message`` is the same in English, for logs.
    """

    def __init__(
        self,
        problem: RecordProblem,
        message: str,
        hand_index: int | None = None,
        action_index: int | None = None,
        *,
        reason: str | None = None,
        detail: Mapping[str, object] | None = None,
    ) -> None:
        """Keep the problem, the place and the reason (a :class:`Reason` value)."""
        self.problem = problem
        self.message = message
        self.hand_index = hand_index
        self.action_index = action_index
        self.reason = reason
        self.detail: Mapping[str, object] = dict(detail or {})
        super().__init__(self.describe())

    def describe(self) -> str:
        """One line in English: where, then what."""
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

    @property
    def hand_count(self) -> int:
        """The hands written so far (the last one may be in progress)."""
        return len(self._hands)

    def appended(self, game: Game) -> list[Any] | None:
        """The actions of ``game`` since the last call, written into its record.

        Only while they all belong to the hand being written (no new deal) of the
        same game: then they are returned, as the record writes them, and the
        record holds them too. Otherwise None, and nothing is written: call
        :meth:`record`. A server saves them as they are, without the record.
        """
        actions = game.actions
        if game is not self._game or not self._hands or self._written > len(actions):
            return None
        out: list[Any] = []
        for action in actions[self._written :]:
            if isinstance(action, DealAction):
                return None  # (nothing written yet)
            out.append(_action_to_json(action))
        self._hands[-1]["actions"].extend(out)
        self._written = len(actions)
        return out


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
        raise RecordError(
            RecordProblem.NOT_AN_OBJECT, "the record is not a JSON object"
        )
    if data.get("format") != FORMAT:
        shown = excerpt(data.get("format"))
        raise RecordError(
            RecordProblem.WRONG_FORMAT,
            f"not an {FORMAT} record (format is {shown})",
            detail={"format": shown},
        )
    players = data.get("players")
    if players is not None and not _is_whole_number(players):
        shown = excerpt(players)
        raise RecordError(
            RecordProblem.PLAYERS_NOT_A_NUMBER,
            f"'players' must be a whole number, not {shown}",
            detail={"value": shown},
        )
    partnerships = data.get("partnerships")
    if partnerships is not None and not isinstance(partnerships, bool):
        shown = excerpt(partnerships)
        raise RecordError(
            RecordProblem.PARTNERSHIPS_NOT_A_FLAG,
            f"'partnerships' must be true or false, not {shown}",
            detail={"value": shown},
        )
    raw_rules = data.get("rules", {"preset": "pagat"})
    if not isinstance(raw_rules, Mapping):
        shown = excerpt(raw_rules)
        raise RecordError(
            RecordProblem.RULES_NOT_AN_OBJECT,
            f"'rules' must be an object, not {shown}",
            detail={"value": shown},
        )
    for top, inner, value in (
        ("players", "player_count", players),
        ("partnerships", "partnerships", partnerships),
    ):
        stated = raw_rules.get(inner)
        # A value of the wrong type is named by Rules.from_dict below.
        if value is None or type(stated) is not type(value) or stated == value:
            continue
        detail = {
            "key": f"'{top}'",
            "value": excerpt(value),
            "option": f"rules.{inner}",
            "stated": excerpt(stated),
        }
        raise RecordError(
            RecordProblem.DISAGREES_WITH_RULES,
            "{key} {value} disagrees with {option} {stated}".format(**detail),
            detail=detail,
        )
    try:
        return Rules.from_dict(raw_rules, players=players, partnerships=partnerships)
    except RulesError as error:
        raise RecordError(
            RecordProblem.BAD_RULES,
            f"rules: {error}",
            detail={"problems": str(error), "rules_problems": error.details},
        ) from None


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
        shown = excerpt(hands)
        raise RecordError(
            RecordProblem.HANDS_NOT_A_LIST,
            f"'hands' must be a list, not {shown}",
            detail={"value": shown},
        )
    first_dealer = data.get("first_dealer")
    if first_dealer is None:
        first_dealer = 0
        if hands and isinstance(hands[0], Mapping):
            first_dealer = hands[0].get("dealer", 0)
    if not _is_whole_number(first_dealer) or not 0 <= first_dealer < rules.player_count:
        shown = excerpt(first_dealer)
        raise RecordError(
            RecordProblem.FIRST_DEALER_NOT_A_SEAT,
            f"the first dealer {shown} is not a seat",
            0,
            detail={"value": shown},
        )
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
        raise RecordError(
            RecordProblem.HAND_NOT_AN_OBJECT, "a hand must be an object", hand_index
        )
    if game.phase is not Phase.DEALING:
        if game.is_over:
            problem, what = RecordProblem.DEAL_AFTER_GAME_OVER, "the game is over"
        else:
            problem = RecordProblem.DEAL_BEFORE_HAND_ENDS
            what = "the previous hand is unfinished"
        raise RecordError(problem, f"cannot deal: {what}", hand_index)
    dealer = hand.get("dealer", game.dealer)
    if dealer != game.dealer:
        shown = excerpt(dealer)
        raise RecordError(
            RecordProblem.WRONG_DEALER,
            f"dealer {shown} should be seat {game.dealer}",
            hand_index,
            reason="wrong_dealer",
            detail={"value": shown, "seat": game.dealer},
        )
    if hand.get("kitty"):
        raise RecordError(RecordProblem.KITTY, "these rules deal no kitty", hand_index)
    deal = hand.get("deal")
    if not isinstance(deal, list) or not all(isinstance(h, list) for h in deal):
        raise RecordError(
            RecordProblem.DEAL_NOT_A_LIST, "'deal' must be a list of hands", hand_index
        )
    try:
        cards = [[Card.parse(c) for c in h] for h in deal]
    except CardParseError as error:
        raise RecordError(
            RecordProblem.NOT_A_CARD,
            f"not a card: {error}",
            hand_index,
            detail={"value": str(error)},
        ) from None
    try:
        game.deal(cards)
    except IllegalAction as error:
        reason = error.reason.value
        size = error.detail.get("hand_size")
        raise RecordError(
            RecordProblem.BAD_DEAL,
            f"bad deal ({reason})",
            hand_index,
            reason=reason,
            detail={} if size is None else {"hand_size": size},
        ) from None
    actions = hand.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(
            RecordProblem.ACTIONS_NOT_A_LIST, "'actions' must be a list", hand_index
        )
    for action_index, raw in enumerate(actions):
        action = _parse_action(raw, hand_index, action_index)
        try:
            game.apply(action)
        except IllegalAction as error:
            engine = {k: _shown(v) for k, v in error.detail.items()}
            detail = ", ".join(f"{k} {v}" for k, v in engine.items())
            text = error.reason.value.replace("_", " ") + (
                f" ({detail})" if detail else ""
            )
            raise RecordError(
                RecordProblem.ILLEGAL_ACTION,
                text,
                hand_index,
                action_index,
                reason=error.reason.value,
                detail={"detail": detail, "engine": engine},
            ) from None
    if not is_last and game.phase not in (Phase.DEALING, Phase.GAME_OVER):
        raise RecordError(
            RecordProblem.MORE_HANDS_FOLLOW,
            "the hand is unfinished but more hands follow",
            hand_index,
        )


def _parse_action(
    raw: Any, hand_index: int, action_index: int
) -> BidAction | PassAction | PlayAction | RedealAction:
    def fail(
        problem: RecordProblem, message: str, value: str | None = None
    ) -> RecordError:
        detail = None if value is None else {"value": value}
        return RecordError(problem, message, hand_index, action_index, detail=detail)

    if not isinstance(raw, Mapping):
        raise fail(RecordProblem.ACTION_NOT_AN_OBJECT, "an action must be an object")
    seat = raw.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise fail(
            RecordProblem.ACTION_WITHOUT_SEAT, "an action needs a whole-number 'seat'"
        )
    kinds = [k for k in ("bid", "pass", "play", "redeal") if k in raw]
    if len(kinds) != 1:
        raise fail(
            RecordProblem.ACTION_KIND_UNCLEAR,
            "an action needs exactly one of bid, pass, play, redeal",
        )
    kind = kinds[0]
    value = raw[kind]
    if kind == "pass" and not isinstance(value, list):
        raise fail(RecordProblem.PASS_NOT_A_LIST, "'pass' must be a list of cards")
    if kind == "bid":
        try:
            bid = Bid.from_record(value)
        except ValueError:
            shown = excerpt(value)
            raise fail(RecordProblem.NOT_A_BID, f"not a bid: {shown}", shown) from None
        return BidAction(seat, bid)
    try:
        if kind == "pass":
            return PassAction(seat, tuple(Card.parse(c) for c in value))
        if kind == "play":
            return PlayAction(seat, Card.parse(value))
    except CardParseError as error:
        raise fail(
            RecordProblem.NOT_A_CARD, f"not a card: {error}", str(error)
        ) from None
    if value is not True:
        raise fail(RecordProblem.REDEAL_NOT_TRUE, "'redeal' must be true")
    return RedealAction(seat)
