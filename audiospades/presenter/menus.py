"""Words for the player selection, statistics and review screens.

The rule settings screen's words are in :mod:`audiospades.presenter.rule_words`.

>>> percent_words(87.5), percent_words(50.0)
('87.5', '50')
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Final

from audiospades.bots.characters import Character
from audiospades.i18n import _, ngettext
from audiospades.presenter.keynames import menu_keys
from audiospades.presenter.words import (
    card_name,
    join_list,
    player_name,
    player_title,
    signed,
)
from audiospades.rules import Bid, Card
from audiospades.storage import Outcome, Record
from audiospades.textmark import N_


def item_label(sentence: str) -> str:
    """A sentence as a menu item's label, without its final full stop.

    The item's position follows the label ("Rating: 50 of 100, 3 of 10").

    >>> item_label("Rating: 50 of 100."), item_label("Hand 1")
    ('Rating: 50 of 100', 'Hand 1')
    """
    return sentence[:-1] if sentence.endswith(".") else sentence


# --- player selection -----------------------------------------------------------


PLAYERS_TITLE: Final = N_(
    "Player selection. {left} and {right} change the player; {choose} describes them."
)
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


def players_now_kept_text() -> str:
    """The player selection's first opening: what New game does from now on."""
    return _(
        "Until now each new game drew its computer players at random; from now on "
        "it seats these."
    )


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


def rating_explained_text() -> str:
    """What the rating means (Enter on its line): how each game counts."""
    return _(
        "Each game against computer players counts its match difficulty: a win "
        "at 14 stars 100, a win at 7 stars 50, a draw half a win, a loss nothing. "
        "The rating is the average over all those games."
    )


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


def online_line(record: Record, percentage: float | None) -> str:
    """Games played online at one's own seat: "Online games: 2 wins. 1 loss. ..."."""
    return " ".join(
        [
            # Translators: games played at a table server with other people,
            # counted apart from the games against the computer players.
            _("Online games:"),
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
        as_partner: whether the record is of games with them as partner (as the
            game ended for the player's side); else against them, head to head.
        record: the games.
    """
    if as_partner:
        head = _("With {name} as partner:").format(name=name)
    else:
        # Translators: the player's record against one opponent: a win when the
        # player (or the player's side) finished the game above them, a loss when
        # below, whoever won the game.
        head = _("Against {name}, head to head:").format(name=name)
    return " ".join([head, record_words(record)])


def earlier_opponent_line(name: str, record: Record) -> str:
    """Games against a character counted before head to head (a version-1 file).

    Args:
        name: the character's name, translated.
        record: the games, as each game ended for the player's side.
    """
    # Translators: games with this opponent counted by an older version of the
    # game, which counted the whole game's result (won or lost by the player),
    # not whether the player finished above or below this opponent.
    head = _("Against {name}, earlier games, by the game's result:").format(name=name)
    return " ".join([head, record_words(record)])


def review_games_label() -> str:
    """The item that opens the finished games."""
    return _("Review finished games")


# --- finished-game review ---------------------------------------------------------


REVIEW_TITLE: Final = N_("Finished games, newest first. {choose} reviews a game.")
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
    """One finished game: "2025-03-01 at 14:05: won; you and Milly 512, ...".

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
    """Each side's final score: "you and Milly 512, West and East 340"."""
    return join_list(
        [
            _("{side} {points}").format(side=side, points=signed(points))
            for side, points in sides
        ]
    )


def game_review_title(when: str) -> str:
    """The review of one game."""
    return menu_keys(_("Game of {when}. {choose} walks a hand trick by trick.")).format(
        when=when
    )


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
