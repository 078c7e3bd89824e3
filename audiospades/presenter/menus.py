"""Words for the rule settings, player selection, statistics and review screens.

Every option of :class:`~audiospades.rules.Rules` has a label, a one-line
explanation and spoken values here, so the rule settings screen can be generated from
the dataclass's fields and a new field without words is caught by a test.

>>> rule_value_text("target_score", None)
'none, play to the hand limit'
>>> rule_value_text("overtrick_points", -1)
'minus 1'
>>> percent_words(87.5), percent_words(50.0)
('87.5', '50')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from enum import StrEnum
from typing import Final

from audiospades.bots.characters import Character
from audiospades.i18n import _, ngettext, pgettext
from audiospades.presenter.words import (
    card_name,
    join_list,
    player_name,
    player_title,
    signed,
)
from audiospades.rules import Bid, Card
from audiospades.rules.options import (
    BiddingStyle,
    BidOrder,
    MoonRule,
    NilTricks,
    ScoringStyle,
    TieRule,
    TrumpMode,
)
from audiospades.storage import Outcome, Record
from audiospades.textmark import N_


def item_label(sentence: str) -> str:
    """A sentence as a menu item's label, without its final full stop.

    The item's position follows the label ("Rating: 50 of 100, 3 of 10").

    >>> item_label("Rating: 50 of 100."), item_label("Hand 1")
    ('Rating: 50 of 100', 'Hand 1')
    """
    return sentence[:-1] if sentence.endswith(".") else sentence


# --- rule settings --------------------------------------------------------------

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
    "misdeal_redeal": N_("Redeal a hand without spades"),
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
        "3 to 6 players; with 3, 5 or 6 the lowest twos leave the deck."
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


def preset_text(name: str) -> str:
    """A preset's spoken name: "pagat's rules"."""
    return _(_PRESETS[name]) if name in _PRESETS else name


def on_off(value: bool) -> str:
    """A yes-or-no option's value."""
    return _("on") if value else _("off")


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


_FIELD: Final = re.compile(r"[a-z][a-z_]+")


def rules_refused_text(name: str, value: object, problems: Sequence[str]) -> str:
    """Why a change was refused, naming the options it conflicts with.

    Args:
        name: the option the player tried to change.
        value: the value it would have taken.
        problems: the engine's problem notes (each names its options); only the
            option names are taken from them, so the sentence can be translated.
    """
    others: list[str] = []
    for problem in problems:
        for word in _FIELD.findall(problem):
            if word in _LABELS and word != name and word not in others:
                others.append(word)
    option = rule_label(name)
    shown = rule_value_text(name, value)
    if not others:
        return _(
            "Not allowed: {option} cannot be {value}. Nothing was changed."
        ).format(option=option, value=shown)
    return _(
        "Not allowed: {option}, {value}, conflicts with {others}. Nothing was changed."
    ).format(
        option=option,
        value=shown,
        others=join_list([rule_label(o) for o in others]),
    )


RULES_TITLE: Final = N_(
    "Rule settings. Left and right arrows change a value; Enter explains an option."
)
"""The rule settings screen's title (a message id), with its keys."""


def choose_players_label() -> str:
    """The item that opens player selection."""
    return _("Choose the players")


def start_game_label() -> str:
    """The item that deals a new game."""
    return _("Start a new game")


# --- player selection -----------------------------------------------------------


PLAYERS_TITLE: Final = N_("Player selection. Left and right arrows change the player.")
"""The player selection screen's title (a message id), with its keys."""


def seat_label(role: str, compass: str) -> str:
    """A computer seat: "Partner, North", "Left opponent, West".

    Args:
        role: one of ``"partner"``, ``"left"``, ``"right"``, ``"opponent"``.
        compass: the seat's compass name, translated.
    """
    match role:
        case "partner":
            return _("Partner, {seat}").format(seat=compass)
        case "left":
            return _("Left opponent, {seat}").format(seat=compass)
        case "right":
            return _("Right opponent, {seat}").format(seat=compass)
    return _("Opponent, {seat}").format(seat=compass)


def stars_words(count: int) -> str:
    """A star rating: "1 star", "4 stars"."""
    return ngettext("{count} star", "{count} stars", count).format(count=count)


def character_value(character: Character) -> str:
    """A character as a menu value: "Milly, 1 star"."""
    return _("{name}, {stars}").format(
        name=_(character.name), stars=stars_words(character.stars)
    )


def character_personality(character: Character) -> str:
    """The character's one-sentence personality."""
    return _(character.personality)


def match_difficulty_text(stars: int) -> str:
    """The match difficulty: "Match difficulty 9 of 14 stars."."""
    return _("Match difficulty {stars} of 14 stars.").format(stars=stars)


def match_difficulty_label() -> str:
    """The read-only item that shows the match difficulty."""
    return _("Match difficulty")


def match_difficulty_value(stars: int) -> str:
    """The match difficulty as an item value: "9 of 14 stars"."""
    return _("{stars} of 14 stars").format(stars=stars)


# --- statistics -----------------------------------------------------------------


def percent_words(value: float) -> str:
    """A percentage to at most one decimal, without a trailing ".0"."""
    text = f"{round(value, 1):.1f}"
    return text[:-2] if text.endswith(".0") else text


STATS_TITLE: Final = N_("Statistics.")
"""The statistics screen's title (a message id)."""


def record_words(record: Record) -> str:
    """Wins, losses and draws, a sentence each: "3 wins. 1 loss. 0 draws."."""
    return " ".join(
        [
            ngettext("{count} win.", "{count} wins.", record.wins).format(
                count=record.wins
            ),
            ngettext("{count} loss.", "{count} losses.", record.losses).format(
                count=record.losses
            ),
            ngettext("{count} draw.", "{count} draws.", record.draws).format(
                count=record.draws
            ),
        ]
    )


def totals_line(record: Record) -> str:
    """All games: "4 games played. 3 wins. 1 loss. 0 draws."."""
    played = ngettext(
        "{count} game played.", "{count} games played.", record.games
    ).format(count=record.games)
    return " ".join([played, record_words(record)])


def win_percentage_line(percentage: float | None) -> str:
    """Win percentage, a draw counting half a win."""
    if percentage is None:
        return _("Win percentage: no games yet.")
    return _("Win percentage: {percent} percent, a draw counting half.").format(
        percent=percent_words(percentage)
    )


def rating_line(rating: float) -> str:
    """The cumulative rating, 0 to 100."""
    return _("Rating: {rating} of 100.").format(rating=percent_words(rating))


def difficulty_line(stars: int, record: Record, percentage: float | None) -> str:
    """One match difficulty: "Match difficulty 9: 2 wins. 1 loss. 0 draws. ..."."""
    return " ".join(
        [
            _("Match difficulty {stars}:").format(stars=stars),
            record_words(record),
            _("Win percentage: {percent} percent.").format(
                percent=percent_words(percentage or 0)
            ),
        ]
    )


def character_line(name: str, as_partner: bool, record: Record) -> str:
    """One character's record with the player: as partner or as opponent.

    Args:
        name: the character's name, translated.
        as_partner: whether the record is of games with them as partner.
        record: the games.
    """
    if as_partner:
        head = _("With {name} as partner:").format(name=name)
    else:
        head = _("Against {name}:").format(name=name)
    return " ".join([head, record_words(record)])


def review_games_label() -> str:
    """The item that opens the finished games."""
    return _("Review finished games")


# --- finished-game review ---------------------------------------------------------


REVIEW_TITLE: Final = N_("Finished games, newest first. Enter reviews a game.")
"""The finished games list's title (a message id)."""


def no_finished_games_text() -> str:
    """When no finished game is kept."""
    return _("No finished games yet.")


def when_words(stamp: str) -> str:
    """An ISO time stamp as local date and time: "2025-03-01 at 14:05".

    >>> when_words("not a date")
    'not a date'
    """
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return _("{date} at {time}").format(
        date=moment.strftime("%Y-%m-%d"), time=moment.strftime("%H:%M")
    )


def outcome_words(outcome: Outcome) -> str:
    """A game's outcome for the player: "won", "lost", "drawn"."""
    match outcome:
        case Outcome.WIN:
            return _("won")
        case Outcome.LOSS:
            return _("lost")
    return _("drawn")


def finished_game_line(when: str, outcome: Outcome, scores: str) -> str:
    """One finished game: "2025-03-01 at 14:05: won, You and Milly 512, ...".

    Args:
        when: from :func:`when_words`.
        outcome: how it went for the player.
        scores: from :func:`final_scores_words`.
    """
    return _("{when}: {outcome}; {scores}.").format(
        when=when, outcome=outcome_words(outcome), scores=scores
    )


def unreadable_game_line(when: str) -> str:
    """A finished game whose record could not be replayed."""
    return _("{when}: this game's record could not be read.").format(when=when)


def final_scores_words(sides: Sequence[tuple[str, int]]) -> str:
    """Each side's final score: "You and Milly 512, West and East 340"."""
    return join_list(
        [
            _("{side} {points}").format(side=side, points=signed(points))
            for side, points in sides
        ]
    )


def game_review_title(when: str) -> str:
    """The review of one game."""
    return _("Game of {when}. Enter walks a hand trick by trick.").format(when=when)


def hand_review_title(number: int) -> str:
    """The review of one hand."""
    return _("Hand {number}.").format(number=number)


def bid_or_none(bid: Bid | None) -> str:
    """A bid as a phrase, or "no bid"."""
    if bid is None:
        return _("no bid")
    if bid.blind:
        return _("blind nil")
    if bid.is_nil:
        return _("nil")
    return str(bid.tricks)


def bids_line(bids: Sequence[Bid | None], names: Sequence[str]) -> str:
    """Everyone's bid: "Bids: you 3, West nil, North 4, East 2."."""
    return _("Bids: {bids}.").format(
        bids=join_list(
            [
                _("{player} {bid}").format(
                    player=player_name(seat, names), bid=bid_or_none(bid)
                )
                for seat, bid in enumerate(bids)
            ]
        )
    )


def tricks_line(tricks: Sequence[int], names: Sequence[str]) -> str:
    """Tricks each player took: "Tricks taken: you 4, West 0, North 5, East 4."."""
    return _("Tricks taken: {tricks}.").format(
        tricks=join_list(
            [
                _("{player} {count}").format(
                    player=player_name(seat, names), count=count
                )
                for seat, count in enumerate(tricks)
            ]
        )
    )


def dealer_line(dealer: int, names: Sequence[str]) -> str:
    """Who dealt the hand."""
    if dealer == 0:
        return _("You dealt.")
    return _("{player} dealt.").format(player=player_title(dealer, names))


def hand_line(number: int, parts: Sequence[str]) -> str:
    """A hand summary item: "Hand 2. Bids: ... Tricks taken: ... You and Milly: ..."."""
    return " ".join([_("Hand {number}.").format(number=number), *parts])


def trick_line(
    number: int,
    plays: Sequence[tuple[int, Card]],
    winner: int,
    names: Sequence[str],
) -> str:
    """One trick: "Trick 1: West 4 of hearts, you king of hearts, ...; you won it."."""
    cards = join_list(
        [
            _("{player} {card}").format(
                player=player_name(seat, names),
                card=card_name(card),
            )
            for seat, card in plays
        ]
    )
    if winner == 0:
        return _("Trick {number}: {cards}; you won it.").format(
            number=number, cards=cards
        )
    return _("Trick {number}: {cards}; {player} won it.").format(
        number=number, cards=cards, player=player_name(winner, names)
    )
