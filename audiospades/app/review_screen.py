"""Finished-game review: the games kept, a game hand by hand, a hand trick by trick.

* :class:`ReviewListScreen`: the finished games, newest first ("2025-03-01 at 14:05:
  won; You and Milly 512 and West and East 340."). Enter opens one.
* :class:`GameReviewScreen`: the result, then one item per hand with the bids, the
  tricks taken and the reason for every point (the presenter's scoring sentences,
  as key P says them at the table). Enter opens the hand.
* :class:`HandReviewScreen`: the dealer, the bids, the tricks taken, who played what
  in each trick and who won it, then each side's score explained.

A record is replayed with the rules engine (``record.game_from_record``), so what is
reviewed is what the engine makes of the record; a record that cannot be replayed is
listed as unreadable.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

from audiospades import storage
from audiospades.app.screen import MenuItem, MenuScreen, Push, Transition
from audiospades.app.services import Services
from audiospades.presenter.menus import (
    REVIEW_TITLE,
    bids_line,
    dealer_line,
    final_scores_words,
    finished_game_line,
    game_review_title,
    hand_line,
    hand_review_title,
    item_label,
    no_finished_games_text,
    trick_line,
    tricks_line,
    unreadable_game_line,
    when_words,
)
from audiospades.presenter.scoring import game_over_text, hand_summary_lines
from audiospades.presenter.words import side_name
from audiospades.record import RecordError, game_from_record
from audiospades.rules import Game, HandScore, RulesError, seat_view
from audiospades.rules.events import HandDealt, HandScored, TrickWon
from audiospades.seating import DEFAULT_NAMES
from audiospades.storage import Outcome

log = logging.getLogger(__name__)


@dataclass
class HandStory:
    """One scored hand of a game, as the events tell it."""

    dealer: int
    tricks: list[TrickWon] = field(default_factory=list)
    score: HandScore | None = None


def hand_stories(game: Game) -> list[HandStory]:
    """The scored hands of ``game`` in order (deals thrown in are left out)."""
    stories: list[HandStory] = []
    current: HandStory | None = None
    for event in game.events:
        match event:
            case HandDealt(dealer=dealer):
                current = HandStory(dealer)
            case TrickWon() if current is not None:
                current.tricks.append(event)
            case HandScored(score=score) if current is not None:
                current.score = score
                stories.append(current)
                current = None
    return stories


def outcome_of(game: Game) -> Outcome:
    """How the game went for seat 0's side."""
    if game.is_draw or game.winner is None:
        return Outcome.DRAW
    return Outcome.WIN if game.winner == game.side_of(0) else Outcome.LOSS


def names_of(saved: storage.SavedGame, game: Game) -> tuple[str, ...]:
    """The seat names kept with a game (compass names if none are)."""
    n = game.rules.player_count
    for source in (saved.meta.get("names"), saved.record.get("names")):
        if (
            isinstance(source, list)
            and len(source) == n
            and all(isinstance(x, str) for x in source)
        ):
            return tuple(source)
    return DEFAULT_NAMES[n]


@dataclass(frozen=True)
class ReviewedGame:
    """A finished game replayed, with what the review needs."""

    when: str
    game: Game
    names: tuple[str, ...]

    def final_scores(self) -> str:
        """Each side's final score, spoken mid-line ("won; you and Lena 545")."""
        view = seat_view(self.game, 0)
        return final_scores_words(
            [
                (side_name(side, view, self.names, opens=False), total)
                for side, total in enumerate(self.game.totals)
            ]
        )

    def line(self) -> str:
        """The game's line in the list."""
        return finished_game_line(self.when, outcome_of(self.game), self.final_scores())


def load_reviewed(info: storage.FinishedGameInfo) -> ReviewedGame | None:
    """Replay a finished game; None if it is not kept or cannot be replayed."""
    saved, _problem = storage.load_finished(info.game_id)
    if saved is None:
        return None
    try:
        game = game_from_record(saved.record)
    except (RecordError, RulesError, ValueError, TypeError, KeyError) as error:
        log.warning("finished game %s cannot be replayed: %s", info.game_id, error)
        return None
    return ReviewedGame(when_words(info.finished_at), game, names_of(saved, game))


class ReviewListScreen(MenuScreen):
    """The finished games kept, newest first."""

    def __init__(self) -> None:
        super().__init__(REVIEW_TITLE, [])

    def on_enter(self, services: Services) -> None:
        self.items = []
        for info in storage.list_finished():
            reviewed = load_reviewed(info)
            if reviewed is None:
                line = unreadable_game_line(when_words(info.finished_at))
                self.items.append(MenuItem(partial(item_label, line)))
                continue
            self.items.append(
                MenuItem(
                    partial(item_label, reviewed.line()),
                    action=partial(_open_game, reviewed=reviewed),
                )
            )
        if not self.items:
            self.intro = no_finished_games_text
        super().on_enter(services)


def _open_game(services: Services, *, reviewed: ReviewedGame) -> Transition:
    return Push(GameReviewScreen(reviewed))


def hand_parts(
    story: HandStory, game: Game, names: Sequence[str]
) -> tuple[str, str, list[str]]:
    """A hand's bids line, tricks line and side summaries."""
    score = story.score
    assert score is not None
    view = seat_view(game, 0)
    return (
        bids_line(score.bids, names),
        tricks_line(score.tricks, names),
        hand_summary_lines(score, view, names),
    )


class GameReviewScreen(MenuScreen):
    """One finished game: its result, then a hand an item."""

    def __init__(self, reviewed: ReviewedGame) -> None:
        self.reviewed = reviewed
        game, names = reviewed.game, reviewed.names
        items = [
            MenuItem(partial(item_label, game_over_text(seat_view(game, 0), names)))
        ]
        for number, story in enumerate(hand_stories(game), start=1):
            bids, tricks, sides = hand_parts(story, game, names)
            items.append(
                MenuItem(
                    partial(item_label, hand_line(number, [bids, tricks, *sides])),
                    action=partial(self._open, number=number, story=story),
                )
            )
        super().__init__(game_review_title(reviewed.when), items)

    def _open(self, services: Services, *, number: int, story: HandStory) -> Transition:
        return Push(HandReviewScreen(self.reviewed, number, story))


class HandReviewScreen(MenuScreen):
    """One hand: dealer, bids, tricks taken, each trick, each side's score."""

    def __init__(self, reviewed: ReviewedGame, number: int, story: HandStory) -> None:
        game, names = reviewed.game, reviewed.names
        bids, tricks, sides = hand_parts(story, game, names)
        lines = [dealer_line(story.dealer, names), bids, tricks]
        lines += [
            trick_line(won.trick_index + 1, won.cards, won.seat, names)
            for won in story.tricks
        ]
        lines += sides
        super().__init__(
            hand_review_title(number), [MenuItem(partial(item_label, x)) for x in lines]
        )
