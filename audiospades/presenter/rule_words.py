"""Words for the rule settings screen: every option's label, explanation and values.

Every option of :class:`~audiospades.rules.Rules` has a label, a one-line
explanation and spoken values here, so the rule settings screen can be generated from
the dataclass's fields and a new field without words is caught by a test.

>>> rule_value_text("target_score", None)
'none, play to the hand limit'
>>> rule_value_text("overtrick_points", -1)
'minus 1'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, Final

from audiospades.i18n import _, ngettext, pgettext
from audiospades.presenter.scoring import rule_choice_text
from audiospades.presenter.words import (
    join_list,
    signed,
)
from audiospades.rules import Rules, RulesError
from audiospades.rules.options import (
    BiddingStyle,
    BidOrder,
    MoonRule,
    NilTricks,
    ScoringStyle,
    TieRule,
    TrumpMode,
)
from audiospades.textmark import N_

_LABELS: Final[dict[str, str]] = {
    "preset": N_("Rule set"),
    "player_count": N_("Players"),
    "partnerships": N_("Partnerships"),
    "target_score": N_("Play to"),
    "hand_limit": N_("Hand limit"),
    "mercy_score": N_("Mercy score"),
    "tie_rule": N_("A tie at the end"),
    "bag_penalty": N_("Bag penalty"),
    "bags_per_penalty": N_("Bags per penalty"),
    "overtrick_points": N_("Overtrick points"),
    "nil_tricks": N_("A failed nil's tricks"),
    "nil_allowed": N_("Nil allowed"),
    "nil_value": N_("Nil bonus"),
    "double_nil_allowed": N_("Double nil allowed"),
    "blind_nil_allowed": N_("Blind nil allowed"),
    "blind_nil_value": N_("Blind nil bonus"),
    "blind_nil_behind": N_("Blind nil available when behind by"),
    "blind_nil_pass": N_("Cards passed after a blind nil"),
    "trump_mode": N_("Trumps"),
    "bid_order": N_("First to bid"),
    "spades_must_break": N_("Spades must be broken"),
    "spade_may_lead_first_trick": N_("Spade lead to the first trick"),
    "misdeal_redeal": N_("Redeal a hand with one spade or none"),
    "bidding_style": N_("Bidding style"),
    "no_hell": N_("No hell"),
    "minimum_side_bid": N_("Minimum side bid"),
    "scoring_style": N_("Scoring style"),
    "exact_bid_bonus": N_("Exact bid bonus"),
    "exact_bid_bonus_max": N_("Exact bid bonus up to a bid of"),
    "big_bid_bonus": N_("Big bid bonus per trick"),
    "big_bid_from": N_("Big bid bonus from trick"),
    "ten_for_two_hundred": N_("Ten for two hundred"),
    "moon": N_("Shooting the moon"),
}

_EXPLANATIONS: Final[dict[str, str]] = {
    "preset": N_(
        "A starting set of rules: pagat's, the commercial app's, Open Spades' or "
        "the online game room's. Choosing one resets the options below."
    ),
    "player_count": N_(
        "3 to 6 players; with 3, 5 or 6 the lowest cards leave the deck, so that "
        "it deals out evenly."
    ),
    "partnerships": N_(
        "Partners sit across the table and score together; with 3 or 5 players "
        "everyone plays alone."
    ),
    "target_score": N_("The first side to reach this score wins."),
    "hand_limit": N_("The game ends after this many hands; the higher score wins."),
    "mercy_score": N_("A side that falls to this score loses at once."),
    "tie_rule": N_("When two sides finish level: play another hand, or a draw."),
    "bag_penalty": N_("Points lost each time a side collects a full set of bags."),
    "bags_per_penalty": N_("How many bags make a set that costs the penalty."),
    "overtrick_points": N_("Points for each trick taken beyond the bid, at once."),
    "nil_tricks": N_(
        "How tricks taken by a player whose nil failed count for the side."
    ),
    "nil_allowed": N_("Whether a bid of no tricks, nil, is allowed."),
    "nil_value": N_("Points won for a nil made, and lost for a nil failed."),
    "double_nil_allowed": N_("Whether both partners may bid nil in the same hand."),
    "blind_nil_allowed": N_(
        "Whether a player may bid nil before looking at the cards."
    ),
    "blind_nil_value": N_("Points won for a blind nil made, and lost for one failed."),
    "blind_nil_behind": N_(
        "How far behind a side must be before its players may bid blind nil."
    ),
    "blind_nil_pass": N_(
        "Cards exchanged between partners after a blind nil, to help it succeed."
    ),
    "trump_mode": N_("Which cards are trumps besides the spades."),
    "bid_order": N_("Who bids, and then leads, first after the deal."),
    "spades_must_break": N_(
        "Whether spades may be led only after a spade has been played."
    ),
    "spade_may_lead_first_trick": N_(
        "Whether a spade may be led to the first trick of a hand."
    ),
    "misdeal_redeal": N_(
        "Whether a player dealt one spade or none may ask for a new deal."
    ),
    "bidding_style": N_("Limits on what each player may bid."),
    "no_hell": N_("Whether the bids may not add up to the number of tricks."),
    "minimum_side_bid": N_(
        "The least a side may bid together, unless its players all bid nil."
    ),
    "scoring_style": N_("How a contract is scored."),
    "exact_bid_bonus": N_(
        "Points for bidding a small number of tricks and taking exactly that."
    ),
    "exact_bid_bonus_max": N_("The largest bid that can earn the exact bid bonus."),
    "big_bid_bonus": N_("Points for each bid trick of a big contract that is made."),
    "big_bid_from": N_("The trick of the bid from which the big bid bonus counts."),
    "ten_for_two_hundred": N_(
        "Whether a made contract of 10 or more tricks scores double."
    ),
    "moon": N_("What bidding and taking every trick of a hand earns."),
}

_PRESETS: Final[dict[str, str]] = {
    "pagat": N_("pagat's rules"),
    "seed_001": N_("the commercial app's rules"),
    "open_spades": N_("Open Spades"),
    "seed_004": N_("the online game room's rules"),
}

_ENUM_VALUES: Final[dict[type[StrEnum], dict[str, str]]] = {
    # Keyed by enum class first: StrEnum members compare as their strings, so
    # TrumpMode.NORMAL and BiddingStyle.NORMAL would be one key in a flat table.
    TieRule: {TieRule.PLAY_ON: N_("play another hand"), TieRule.DRAW: N_("a draw")},
    NilTricks: {
        NilTricks.BAGS: N_("bags"),
        NilTricks.BAGS_NO_POINTS: N_("bags worth no points"),
        NilTricks.IGNORED: N_("not counted"),
        NilTricks.PARTNER_CONTRACT: N_("help the partner's bid"),
    },
    TrumpMode: {
        TrumpMode.NORMAL: N_("normal, spades only"),
        TrumpMode.JOKERS: N_("jokers above the spades"),
        TrumpMode.DEUCES: N_("deuces above the spades"),
        TrumpMode.NEW_YORK_CITY: N_("New York City"),
        TrumpMode.BARMORE: N_("Barmore"),
    },
    BidOrder: {
        BidOrder.DEALERS_LEFT: N_("the dealer's left"),
        BidOrder.DEALERS_RIGHT: N_("the dealer's right"),
    },
    BiddingStyle: {
        BiddingStyle.SUICIDE: N_("suicide"),
        BiddingStyle.MIRROR: N_("mirror"),
        BiddingStyle.WHIZ: N_("whiz"),
    },
    ScoringStyle: {
        ScoringStyle.STANDARD: N_("standard"),
        ScoringStyle.QUICKSAND: N_("quicksand"),
    },
    MoonRule: {
        MoonRule.OFF: N_("nothing special"),
        MoonRule.WINS_GAME: N_("wins the game"),
        MoonRule.SCORES_500: N_("scores 500"),
    },
}


def _zero_words(name: str) -> str | None:
    """How an option reads at 0, when that means something else than "0"."""
    # Each "none" has its own context: a translator may need a different word
    # (or gender) for no penalty, no cards and no minimum.
    match name:
        case "bag_penalty":
            return pgettext("bag penalty", "none")
        case "blind_nil_behind":
            return _("always available")
        case "blind_nil_pass":
            return pgettext("cards passed after a blind nil", "none")
        case "minimum_side_bid":
            return pgettext("minimum side bid", "none")
        case "exact_bid_bonus" | "big_bid_bonus":
            return _("off")
    return None


def pace_text(pace: str) -> str:
    """The pace of the computer players, as an option's value: "normal"."""
    match pace:
        case "slow":
            return pgettext("pace", "slow")
        case "fast":
            return pgettext("pace", "fast")
    return pgettext("pace", "normal")


def rule_option_names() -> tuple[str, ...]:
    """The option names that have words here (every field of ``Rules``)."""
    return tuple(_LABELS)


def rule_label(name: str) -> str:
    """An option's label: "Play to", "Bag penalty"."""
    return _(_LABELS[name]) if name in _LABELS else name


def rule_explanation(name: str) -> str:
    """One sentence on what an option does."""
    return _(_EXPLANATIONS[name]) if name in _EXPLANATIONS else ""


def rule_explanation_now(name: str, rules: Rules) -> str:
    """Enter on an option: what it does, then what its value now means.

    "Which cards are trumps besides the spades. Big joker, little joker, 2 of
    spades, then the spades." The second sentence is the rules summary's (key U)
    for the value chosen, where it has one; for an option quicksand scoring
    ignores, under quicksand, that it has no effect; for a failed nil's tricks
    helping a partner no one has, or counting as bags under quicksand, that
    they are not counted.
    """
    choice = rule_choice_text(rules, name)
    if name in QUICKSAND_UNUSED and rules.scoring_style is ScoringStyle.QUICKSAND:
        choice = no_effect_under_quicksand_explanation()
    elif name == "nil_tricks" and helps_no_partner(rules):
        choice = no_partner_to_help_explanation()
    elif name == "nil_tricks" and bags_under_quicksand(rules):
        choice = no_bags_under_quicksand_explanation()
    general = rule_explanation(name)
    return f"{general} {choice}" if choice and general else (choice or general)


def preset_text(name: str) -> str:
    """A preset's spoken name: "pagat's rules"."""
    return _(_PRESETS[name]) if name in _PRESETS else name


def rule_set_text(rules: Rules) -> str:
    """The "Rule set" value: the preset, or custom rules once an option differs.

    The online lobby calls a table whose options differ from its preset's
    "custom rules"; so does this screen, naming the preset it started from.
    """
    if rules.to_dict() == {"preset": rules.preset}:
        return preset_text(rules.preset)
    return _("custom rules, based on {preset}").format(preset=preset_text(rules.preset))


def on_off(value: bool) -> str:
    """A yes-or-no option's value."""
    return _("on") if value else _("off")


PARTNERSHIP_ONLY: Final = frozenset({"double_nil_allowed", "blind_nil_pass"})
"""Options that only partnerships use (a partner's nil, cards passed to one)."""


def unused_alone_text() -> str:
    """The value of a partnership option when each plays for themselves."""
    return _("not used: each plays for themselves")


def helps_no_partner(rules: Rules) -> bool:
    """Whether a failed nil's tricks are to help a partner's bid, with no partner.

    Each playing for themselves, ``rules/scoring.py`` then counts them nowhere,
    as "not counted" does; the rules in force (U) say so too.
    """
    return rules.nil_tricks is NilTricks.PARTNER_CONTRACT and not rules.partnerships


def no_partner_to_help_text(value: str) -> str:
    """The value "help the partner's bid" when each plays for themselves.

    Still said, with what it comes to: Left and Right still change it, and it
    applies again at a table of partnerships.
    """
    # Translators: the value of the rule option "A failed nil's tricks" when it
    # is "help the partner's bid" but each player plays alone, as in "A failed
    # nil's tricks, help the partner's bid; each plays for themselves, so they
    # are not counted, 8 of 35". "they": the failed nil's tricks.
    return _("{value}; each plays for themselves, so they are not counted").format(
        value=value
    )


def no_partner_to_help_explanation() -> str:
    """Enter on "A failed nil's tricks" set to help a partner no one has."""
    return _(
        "Each plays for themselves, so there is no partner's bid to help: a failed "
        "nil's tricks are not counted."
    )


def bags_under_quicksand(rules: Rules) -> bool:
    """Whether a failed nil's tricks are to count as bags, under quicksand.

    Quicksand scoring has no bags: ``rules/scoring.py`` then counts them nowhere,
    as "not counted" does ("help the partner's bid" still counts).
    """
    return rules.scoring_style is ScoringStyle.QUICKSAND and rules.nil_tricks in (
        NilTricks.BAGS,
        NilTricks.BAGS_NO_POINTS,
    )


def no_bags_under_quicksand_text(value: str) -> str:
    """The value "bags" (or "bags worth no points") under quicksand scoring.

    Still said, with what it comes to: Left and Right still change it, and it
    applies again under another scoring style.
    """
    # Translators: the value of the rule option "A failed nil's tricks" when it
    # is "bags" or "bags worth no points" under quicksand scoring, as in "A
    # failed nil's tricks, bags; quicksand scoring has no bags, so they are not
    # counted, 8 of 35". "they": the failed nil's tricks.
    return _("{value}; quicksand scoring has no bags, so they are not counted").format(
        value=value
    )


def no_bags_under_quicksand_explanation() -> str:
    """Enter on "A failed nil's tricks" set to bags, under quicksand scoring."""
    return _("Quicksand scoring has no bags: a failed nil's tricks are not counted.")


QUICKSAND_UNUSED: Final = frozenset(
    {"bag_penalty", "bags_per_penalty", "overtrick_points", "ten_for_two_hundred"}
)
"""Options quicksand scoring ignores (seed 004: "no bags"; an overtrick costs 10
and a contract scores 10 a trick, whatever these say): see ``rules/scoring.py``."""


def no_effect_under_quicksand_text(value: str) -> str:
    """An option quicksand ignores, with its value: "100; no effect under quicksand".

    The whole text is "100 points; no effect under quicksand scoring". The value is
    still said: Left and Right still change it, for the day the scoring style
    changes back.
    """
    # Translators: the value of a rule option (bag penalty, bags per penalty,
    # overtrick points, ten for two hundred) that quicksand scoring ignores, as in
    # "Bag penalty, 100; no effect under quicksand scoring, 9 of 35".
    return _("{value}; no effect under quicksand scoring").format(value=value)


def no_effect_under_quicksand_explanation() -> str:
    """Enter on an option quicksand ignores: the sentence after its explanation."""
    return _("This option has no effect under quicksand scoring.")


def rule_value_text(name: str, value: object) -> str:
    """An option's current value as spoken: "500", "none", "jokers above the spades".

    Args:
        name: the ``Rules`` field name.
        value: its value.
    """
    if isinstance(value, BiddingStyle) and value is BiddingStyle.NORMAL:
        return pgettext("bidding style", "normal")
    if isinstance(value, StrEnum):
        words = _ENUM_VALUES.get(type(value), {})
        return _(words[value]) if value in words else value.value
    if isinstance(value, bool):
        return on_off(value)
    if value is None:
        match name:
            case "target_score":
                return _("none, play to the hand limit")
            case "hand_limit":
                return _("no limit")
            case _:
                return _("off")
    if isinstance(value, int):
        zero = _zero_words(name) if value == 0 else None
        if zero is not None:
            return zero
        match name:
            case "player_count":
                return ngettext("{count} player", "{count} players", value).format(
                    count=value
                )
            case "target_score" | "nil_value" | "blind_nil_value" | "bag_penalty":
                return ngettext("{count} point", "{count} points", value).format(
                    count=value
                )
            case "hand_limit":
                return ngettext("{count} hand", "{count} hands", value).format(
                    count=value
                )
        return signed(value)
    if name == "preset" and isinstance(value, str):
        return preset_text(value)
    return str(value)


def _is_way_out(rules: Rules, switch: str, name: str, value: object) -> bool:
    """Whether ``switch`` flipped first, then ``name`` set to ``value``, is allowed.

    Both steps must be allowed, else the refusal gives no such advice (with three
    players, "turn Partnerships on first" would only be refused in turn).
    """
    flipped: dict[str, Any] = {switch: not getattr(rules, switch)}
    wanted: dict[str, Any] = {name: value}
    try:
        dataclasses.replace(dataclasses.replace(rules, **flipped), **wanted)
    except (RulesError, TypeError, ValueError):
        return False
    return True


def rules_refused_text(
    name: str, value: object, options: Sequence[str], rules: Rules | None = None
) -> str:
    """Why a change was refused, naming the options it conflicts with.

    When the one option in the way is switched on or off (``rules`` says which),
    the refusal says to switch it first: "Not allowed: Nil allowed cannot be off
    while Blind nil allowed is on; turn Blind nil allowed off first."

    Args:
        name: the option the player tried to change.
        value: the value it would have taken.
        options: the option names the engine's refusal involves
            (:attr:`~audiospades.rules.RulesError.options`); the engine's English
            text is not used, so the sentence can be translated.
        rules: the rules as they stand (unchanged), if known.
    """
    others = [o for o in dict.fromkeys(options) if o in _LABELS and o != name]
    option = rule_label(name)
    shown = rule_value_text(name, value)
    if not others:
        return _(
            "Not allowed: {option} cannot be {value}. Nothing was changed."
        ).format(option=option, value=shown)
    if len(others) == 1 and rules is not None:
        switch = getattr(rules, others[0], None)
        if isinstance(switch, bool) and _is_way_out(rules, others[0], name, value):
            if switch:
                text = _(
                    "Not allowed: {option} cannot be {value} while {other} is on; "
                    "turn {other} off first. Nothing was changed."
                )
            else:
                text = _(
                    "Not allowed: {option} cannot be {value} while {other} is off; "
                    "turn {other} on first. Nothing was changed."
                )
            return text.format(option=option, value=shown, other=rule_label(others[0]))
    return _(
        "Not allowed: {option}, {value}, conflicts with {others}. Nothing was changed."
    ).format(
        option=option,
        value=shown,
        others=join_list([rule_label(o) for o in others]),
    )


RULES_TITLE: Final = N_(
    "Rule settings. {left} and {right} change a value; {choose} explains an option."
)
"""The rule settings screen's title (a message id), with its keys."""


def choose_players_label() -> str:
    """The item that opens player selection."""
    return _("Choose the players")


def start_game_label() -> str:
    """The item that deals a new game."""
    return _("Start a new game")
