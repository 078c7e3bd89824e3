"""Every rule option, as one frozen :class:`Rules` object with named presets.

Seed documents cited below (``../shared/seeds/``): 000 pagat's rules, 001 a commercial
app's rule settings, 002 Open Spades, 003 a garbled copy of pagat's text (the only seed
copy of pagat's blind nil paragraph), 004 an online game room for blind players.
Where the documents disagree, each reading is its own enum member and pagat's is the
default. :meth:`Rules.to_dict` and :meth:`Rules.from_dict` use the field names below,
which are the documented option names of the game record.

>>> Rules.pagat().target_score
500
>>> five = Rules.seed_004(players=5)
>>> Rules.from_dict(five.to_dict(), players=5) == five
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Final

from audiospades.rules.errors import (
    RulesError,
    RulesProblem,
    RulesProblemKind,
    excerpt,
)


class TrumpMode(StrEnum):
    """Which cards are trumps (seed 001, "Trumps")."""

    NORMAL = "normal"
    """Only the spades, ace high."""
    JOKERS = "jokers"
    """Big joker, little joker, then spades; 2H and 2C leave the deck."""
    DEUCES = "deuces"
    """2S, 2D, 2C, 2H on top of the spades, ace high below them."""
    NEW_YORK_CITY = "new_york_city"
    """Big joker, little joker, 2D, 2S, then spades; 2C and 2H leave the deck."""
    BARMORE = "barmore"
    """As New York City, but 2D is an ordinary diamond."""


class TieRule(StrEnum):
    """What a tie for first place at the end of the game means."""

    PLAY_ON = "play_on"
    """Seed 000: the higher score wins, so a tie is broken by playing another hand."""
    DRAW = "draw"
    """Seed 001 keeps draws in its statistics: a tie ends the game as a draw."""


class NilTricks(StrEnum):
    """How the tricks taken by a failed nil bidder count."""

    BAGS = "bags"
    """Seed 000: not towards the partner's bid, but as bags for the side (worth the
    overtrick credit each, as seeds 002 and 004 count them)."""
    BAGS_NO_POINTS = "bags_no_points"
    """They count as bags, but earn no overtrick credit."""
    IGNORED = "ignored"
    """Seed 001: neither towards the partner's bid nor as bags."""
    PARTNER_CONTRACT = "partner_contract"
    """A house rule: they help the partner make the side's bid."""


class BidOrder(StrEnum):
    """Who bids and leads first after the deal."""

    DEALERS_LEFT = "dealers_left"
    """Seeds 000, 002, 004: the player to the dealer's left."""
    DEALERS_RIGHT = "dealers_right"
    """Seed 001: "starting with the player to the right of the dealer"."""


class BiddingStyle(StrEnum):
    """Constraints on what each player may bid."""

    NORMAL = "normal"
    """Any number from nil to the number of tricks."""
    SUICIDE = "suicide"
    """Seed 004: one partner must bid nil, the other at least 4 (or nil too)."""
    MIRROR = "mirror"
    """Each player bids exactly the number of spades they hold (nil with none)."""
    WHIZ = "whiz"
    """Each player bids the number of spades held, or nil."""


class ScoringStyle(StrEnum):
    """How a contract is scored."""

    STANDARD = "standard"
    """Seed 000: 10 a trick bid, overtricks as bags, minus 10 a trick bid if set."""
    QUICKSAND = "quicksand"
    """Seed 004: exact is 10 a trick; each overtrick costs 10; a set contract loses
    10 per missing trick; no bags at all."""


class MoonRule(StrEnum):
    """Bidding and taking every trick of a hand ("shooting the moon")."""

    OFF = "off"
    """No special reward beyond the contract."""
    WINS_GAME = "wins_game"
    """The side that bids all the tricks and takes them wins the game at once."""
    SCORES_500 = "scores_500"
    """Such a contract scores 500 instead of its usual value."""


_PRESETS: Final = ("pagat", "seed_001", "open_spades", "seed_004")
_HAND_SIZES: Final = {3: 17, 4: 13, 5: 10, 6: 8}


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """The complete set of rule options for one game.

    Raises:
        RulesError: from construction when options contradict each other.
    """

    preset: str = "pagat"
    """The preset this set of rules started from (recorded, not enforced)."""

    player_count: int = 4
    """3 to 6 players (seed 004: "can also be played with 3, 5 or 6 players")."""
    partnerships: bool = True
    """Fixed partnerships across the table (4 players: 2 sides; 6 players: 3 sides),
    or individual play, each seat a side ("cutthroat", seed 004)."""

    # --- game end ---
    target_score: int | None = 500
    """Seed 000: "The side which reaches 500 points first wins"; seed 001 also offers
    300, seed 004 1000, 1500, 2000. None plays to the hand limit only."""
    hand_limit: int | None = None
    """Seed 001: "a limit of 8 or 16 hands"; the higher score then wins."""
    mercy_score: int | None = None
    """Seed 002: a side pushed to -200 or lower loses the game at once."""
    tie_rule: TieRule = TieRule.PLAY_ON
    """Seed 000: "If both sides reach 500 ... the side with the higher score wins"."""

    # --- bags ---
    bag_penalty: int = 100
    """Seed 000: 100 points lost per cycle of bags; seed 001 also offers none (0)."""
    bags_per_penalty: int = 10
    """Seed 000: ten bags per penalty; 5 and 7 are common house rules."""
    overtrick_points: int = 1
    """Seed 001 "Overtrick Points": the immediate credit per bag, 1, 0 or -1."""
    nil_tricks: NilTricks = NilTricks.BAGS
    """Seed 000 vs seed 001: how a failed nil bidder's tricks count."""

    # --- nil ---
    nil_allowed: bool = True
    """Seed 000: a bid of 0 is nil."""
    nil_value: int = 100
    """Seed 000: +100 if nil succeeds, -100 if it fails (a setting in seed 001)."""
    double_nil_allowed: bool = True
    """Seed 004 "Double nil": both partners may bid nil, each scored on its own."""
    blind_nil_allowed: bool = True
    """Seed 003 (pagat's text): "Some players allow a bid of Blind nil"."""
    blind_nil_value: int = 200
    """Seed 003: blind nil "wins 200 points if successful and loses 200"."""
    blind_nil_behind: int = 100
    """Seed 003: only "by a player whose side is losing by at least 100 points";
    seed 001 makes it a setting (e.g. 200). 0 allows it at any time."""
    blind_nil_pass: int = 2
    """Cards exchanged with the partner after a blind nil: 2 (seeds 002, 003), 1
    (seed 001 "Card Passing") or 0."""

    # --- deal and play ---
    trump_mode: TrumpMode = TrumpMode.NORMAL
    """Seed 001 "Trumps": normal, jokers, deuces, New York City, Barmore."""
    bid_order: BidOrder = BidOrder.DEALERS_LEFT
    """Seed 000 vs seed 001: who bids, and then leads, first."""
    spades_must_break: bool = True
    """Seed 000: spades may not be led until broken or the leader holds only spades."""
    spade_may_lead_first_trick: bool = False
    """Seed 000: the first lead is "any card except a spade" (unless only spades)."""
    misdeal_redeal: bool = False
    """Seed 002 "Misdeal": a player dealt one or no spades may ask for a redeal."""

    # --- bidding ---
    bidding_style: BiddingStyle = BiddingStyle.NORMAL
    """Suicide (seed 004), mirror and whiz: constraints on each bid."""
    no_hell: bool = False
    """Seed 004 "No hell": the total of the bids may not equal the number of tricks."""
    minimum_side_bid: int = 0
    """A side's combined bid must reach this (a common house rule), unless all of the
    side's players bid nil."""

    # --- scoring ---
    scoring_style: ScoringStyle = ScoringStyle.STANDARD
    """Standard scoring, or seed 004's quicksand."""
    exact_bid_bonus: int = 0
    """Seed 004: 20 points for bidding 1 or 2 and taking exactly that (3-4 players)."""
    exact_bid_bonus_max: int = 2
    """The largest contract that earns the exact-bid bonus (seed 004: 2)."""
    big_bid_bonus: int = 0
    """Seed 004: 10 points per trick of a big contract that is made."""
    big_bid_from: int = 7
    """Seed 004: the bonus counts bid tricks from this one on (10, 7, 6, 5 for 3, 4,
    5, 6 players); its example, bid 10 take 11 scores 141, counts the 7th itself."""
    ten_for_two_hundred: bool = False
    """A made contract of 10 or more scores double (10 bid and made is 200)."""
    moon: MoonRule = MoonRule.OFF
    """Bidding all the tricks and taking them: nothing special, game won, or 500."""

    def __post_init__(self) -> None:
        """Reject impossible combinations, naming the options involved."""
        problems: list[RulesProblem] = []

        def bound(option: str, text: str) -> None:
            value = excerpt(getattr(self, option))
            problems.append(
                RulesProblem(RulesProblemKind.OUT_OF_RANGE, (option,), text, value)
            )

        def conflict(text: str, *options: str) -> None:
            problems.append(RulesProblem(RulesProblemKind.CONFLICT, options, text))

        if not 3 <= self.player_count <= 6:
            bound("player_count", "player_count must be 3 to 6")
        if self.partnerships and self.player_count not in (4, 6):
            conflict(
                "partnerships need player_count 4 or 6", "partnerships", "player_count"
            )
        if self.target_score is None and self.hand_limit is None:
            conflict(
                "target_score and hand_limit cannot both be none",
                "target_score",
                "hand_limit",
            )
        if self.target_score is not None and self.target_score <= 0:
            bound("target_score", "target_score must be positive")
        if self.hand_limit is not None and self.hand_limit <= 0:
            bound("hand_limit", "hand_limit must be positive")
        if (
            self.mercy_score is not None
            and self.target_score is not None
            and self.mercy_score >= self.target_score
        ):
            conflict(
                "mercy_score must be below target_score", "mercy_score", "target_score"
            )
        if self.bags_per_penalty <= 0:
            bound("bags_per_penalty", "bags_per_penalty must be positive")
        if self.bag_penalty < 0:
            bound("bag_penalty", "bag_penalty must not be negative")
        if self.overtrick_points not in (-1, 0, 1):
            bound("overtrick_points", "overtrick_points must be 1, 0 or -1")
        if self.blind_nil_pass not in (0, 1, 2):
            bound("blind_nil_pass", "blind_nil_pass must be 0, 1 or 2")
        if self.blind_nil_pass and self.blind_nil_allowed and not self.partnerships:
            conflict(
                "blind_nil_pass needs partnerships (no partner to pass to)",
                "blind_nil_pass",
                "partnerships",
            )
        if self.blind_nil_allowed and not self.nil_allowed:
            conflict(
                "blind_nil_allowed needs nil_allowed",
                "blind_nil_allowed",
                "nil_allowed",
            )
        if self.nil_value < 0:
            bound("nil_value", "nil_value must not be negative")
        if self.blind_nil_value < 0:
            bound("blind_nil_value", "blind_nil_value must not be negative")
        if self.blind_nil_behind < 0:
            bound("blind_nil_behind", "blind_nil_behind must not be negative")
        style = self.bidding_style
        if style is BiddingStyle.SUICIDE:
            if not self.partnerships:
                conflict(
                    "bidding_style suicide needs partnerships",
                    "bidding_style",
                    "partnerships",
                )
            if not self.nil_allowed:
                conflict(
                    "bidding_style suicide needs nil_allowed",
                    "bidding_style",
                    "nil_allowed",
                )
            if self.minimum_side_bid > 4:
                # A first partner's 4 forces the other to bid nil, leaving a side
                # bid of 4 whether or not double nil is allowed.
                conflict(
                    "bidding_style suicide conflicts with minimum_side_bid above 4",
                    "bidding_style",
                    "minimum_side_bid",
                )
        if style in (BiddingStyle.MIRROR, BiddingStyle.WHIZ):
            if self.minimum_side_bid:
                conflict(
                    f"bidding_style {style.value} conflicts with minimum_side_bid"
                    " (bids are fixed by the spades held)",
                    "bidding_style",
                    "minimum_side_bid",
                )
            if not self.nil_allowed:
                # A player with no spades must bid 0, which is a nil.
                conflict(
                    f"bidding_style {style.value} needs nil_allowed",
                    "bidding_style",
                    "nil_allowed",
                )
            if self.partnerships and not self.double_nil_allowed:
                # Two partners without spades must both bid 0: a double nil.
                conflict(
                    f"bidding_style {style.value} needs double_nil_allowed",
                    "bidding_style",
                    "double_nil_allowed",
                )
        if self.minimum_side_bid < 0 or self.minimum_side_bid > self.hand_size:
            bound(
                "minimum_side_bid",
                "minimum_side_bid must be between 0 and the hand size",
            )
        if self.exact_bid_bonus < 0:
            bound("exact_bid_bonus", "exact_bid_bonus must not be negative")
        if self.big_bid_bonus < 0:
            bound("big_bid_bonus", "big_bid_bonus must not be negative")
        if self.big_bid_from < 1:
            bound("big_bid_from", "big_bid_from must be at least 1")
        if self.exact_bid_bonus_max < 1:
            bound("exact_bid_bonus_max", "exact_bid_bonus_max must be at least 1")
        if problems:
            raise RulesError(problems)

    # --- derived figures ---
    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 17, 13, 10 or 8 (seed 004)."""
        return _HAND_SIZES.get(self.player_count, 13)

    @property
    def trick_count(self) -> int:
        """Tricks in one hand (the hand size)."""
        return _HAND_SIZES.get(self.player_count, 13)

    @property
    def side_count(self) -> int:
        """How many sides score separately."""
        return self.player_count // 2 if self.partnerships else self.player_count

    # --- presets ---
    @classmethod
    def pagat(cls, *, players: int = 4, partnerships: bool | None = None) -> Rules:
        """Pagat's rules (seeds 000 and 003): the default."""
        return cls(
            preset="pagat",
            player_count=players,
            partnerships=_default_partnerships(players, partnerships),
            blind_nil_pass=2 if _default_partnerships(players, partnerships) else 0,
        )

    @classmethod
    def seed_001(cls, *, players: int = 4, partnerships: bool | None = None) -> Rules:
        """The commercial app's defaults (seed 001)."""
        teams = _default_partnerships(players, partnerships)
        return cls(
            preset="seed_001",
            player_count=players,
            partnerships=teams,
            bid_order=BidOrder.DEALERS_RIGHT,
            nil_tricks=NilTricks.IGNORED,
            blind_nil_pass=0,
            tie_rule=TieRule.DRAW,
        )

    @classmethod
    def open_spades(
        cls, *, players: int = 4, partnerships: bool | None = None
    ) -> Rules:
        """Open Spades (seed 002): misdeal redeal, mercy at -200, two cards passed."""
        teams = _default_partnerships(players, partnerships)
        return cls(
            preset="open_spades",
            player_count=players,
            partnerships=teams,
            mercy_score=-200,
            misdeal_redeal=True,
            blind_nil_pass=2 if teams else 0,
        )

    @classmethod
    def seed_004(cls, *, players: int = 4, partnerships: bool | None = None) -> Rules:
        """The online game room for blind players (seed 004).

        Its exact-bid bonus applies with 3 or 4 players only, and its big-bid bonus
        counts from the 10th, 7th, 6th or 5th trick for 3, 4, 5 or 6 players.
        """
        teams = _default_partnerships(players, partnerships)
        return cls(
            preset="seed_004",
            player_count=players,
            partnerships=teams,
            blind_nil_allowed=False,
            blind_nil_pass=0,
            exact_bid_bonus=20 if players <= 4 else 0,
            big_bid_bonus=10,
            big_bid_from={3: 10, 4: 7, 5: 6, 6: 5}.get(players, 7),
        )

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        """The names :meth:`from_preset` accepts, the default first."""
        return _PRESETS

    @classmethod
    def from_preset(
        cls, name: str, *, players: int = 4, partnerships: bool | None = None
    ) -> Rules:
        """Build a named preset.

        Raises:
            RulesError: for an unknown preset name.
        """
        if name not in _PRESETS:
            raise RulesError(
                [
                    RulesProblem(
                        RulesProblemKind.UNKNOWN_PRESET,
                        ("preset",),
                        f"unknown preset {excerpt(name)}",
                        excerpt(name),
                    )
                ]
            )
        factory = getattr(cls, name)
        rules: Rules = factory(players=players, partnerships=partnerships)
        return rules

    # --- (de)serialisation ---
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data: the preset name and the options that differ from it.

        Player count and partnerships are left out: the game record keeps them as
        its own top-level keys.
        """
        base = Rules.from_preset(
            self.preset if self.preset in _PRESETS else "pagat",
            players=self.player_count,
            partnerships=self.partnerships,
        )
        out: dict[str, Any] = {"preset": self.preset}
        for field in dataclasses.fields(self):
            if field.name in ("preset", "player_count", "partnerships"):
                continue
            value = getattr(self, field.name)
            if value != getattr(base, field.name):
                out[field.name] = value.value if isinstance(value, StrEnum) else value
        return out

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        *,
        players: int | None = None,
        partnerships: bool | None = None,
    ) -> Rules:
        """Rebuild rules from :meth:`to_dict` output (or a hand-written record).

        Every value must have its JSON type, nothing is converted: a whole number
        (not ``true``, ``4.0`` or ``"4"``), ``true`` or ``false``, one of an
        option's readings as a string, or ``null`` where an option can be none.
        ``player_count`` and ``partnerships`` in ``data`` take the place of the
        keyword arguments (the game record checks that they agree).

        Raises:
            RulesError: for an unknown option, a wrong type or an impossible mix;
                every problem with a value is named, not only the first.
        """
        problems: list[RulesProblem] = []
        values: dict[str, Any] = {}
        for name, raw in data.items():
            if name not in _DEFAULTS:
                problems.append(
                    RulesProblem(
                        RulesProblemKind.UNKNOWN_OPTION,
                        (name if isinstance(name, str) else excerpt(name),),
                        f"unknown rule option {excerpt(name)}",
                        excerpt(name),
                    )
                )
                continue
            value = _read_option(name, raw)
            if isinstance(value, RulesProblem):
                problems.append(value)
            else:
                values[name] = value
        if problems:
            raise RulesError(problems)
        base = cls.from_preset(
            values.pop("preset", "pagat"),
            players=values.pop("player_count", 4 if players is None else players),
            partnerships=values.pop("partnerships", partnerships),
        )
        return dataclasses.replace(base, **values)


def _default_partnerships(players: int, partnerships: bool | None) -> bool:
    if partnerships is not None:
        return partnerships
    return players in (4, 6)


_OPTIONAL_INT_FIELDS: Final = ("target_score", "hand_limit", "mercy_score")
_LARGEST_NUMBER: Final = 1_000_000_000
"""No option needs a number this big; a limit keeps scores far from the size at
which Python refuses to write an integer as text (4,300 digits)."""


def _read_option(name: str, raw: object) -> object | RulesProblem:
    """The value of option ``name`` read from ``raw`` JSON data, or the problem."""

    def problem(kind: RulesProblemKind, text: str) -> RulesProblem:
        shown = excerpt(raw)
        return RulesProblem(kind, (name,), f"rule option {name!r} {text}", shown)

    wrong_type = RulesProblemKind.WRONG_TYPE
    default = _DEFAULTS[name]
    if name == "preset":
        if not isinstance(raw, str):
            return problem(wrong_type, f"must be a preset name, not {excerpt(raw)}")
        if raw not in _PRESETS:
            shown = excerpt(raw)
            return RulesProblem(
                RulesProblemKind.UNKNOWN_PRESET,
                (name,),
                f"unknown preset {shown}",
                shown,
            )
        return raw
    if isinstance(default, StrEnum):
        readings = [member.value for member in type(default)]
        if not isinstance(raw, str):
            return problem(wrong_type, f"must be a string, not {excerpt(raw)}")
        if raw not in readings:
            return problem(
                RulesProblemKind.UNKNOWN_READING,
                f"has no reading {excerpt(raw)} (readings: {', '.join(readings)})",
            )
        return type(default)(raw)
    if isinstance(default, bool):
        if not isinstance(raw, bool):
            return problem(wrong_type, f"must be true or false, not {excerpt(raw)}")
        return raw
    optional = name in _OPTIONAL_INT_FIELDS
    if optional and raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int):
        wanted = "a whole number or null" if optional else "a whole number"
        return problem(wrong_type, f"must be {wanted}, not {excerpt(raw)}")
    if abs(raw) > _LARGEST_NUMBER:
        return problem(
            RulesProblemKind.OUT_OF_RANGE,
            f"must be between -{_LARGEST_NUMBER} and {_LARGEST_NUMBER},"
            f" not {excerpt(raw)}",
        )
    return raw


_DEFAULTS: Final[dict[str, object]] = {
    field.name: getattr(Rules(), field.name) for field in dataclasses.fields(Rules)
}
"""Each option's default value, which gives its type for :meth:`Rules.from_dict`."""
