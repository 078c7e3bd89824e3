"""Hints and refusals speak of "you" when each plays for themselves, and of
"your side" in partnerships."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from audiospades import i18n
from audiospades.bots.hints import Hint
from audiospades.bots.reasons import HintKind, HintReason
from audiospades.presenter.replies import reply_utterances
from audiospades.presenter.system import hint_text, illegal_text, new_game_text
from audiospades.replies import HintGiven
from audiospades.rules import (
    Bid,
    Card,
    Game,
    IllegalAction,
    Reason,
    Rules,
    seat_view,
    shuffled_deal,
)

NAMES = ("You", "Milly", "Bert", "Lee")


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("reason", "alone", "side"),
    [
        (
            HintReason.SAVE_BAGS,
            "you have your tricks: avoid a bag",
            "your side has its tricks: avoid a bag",
        ),
        (
            HintReason.AVOID_BAGS,
            "you are close to a bag penalty",
            "your side is close to a bag penalty",
        ),
        (
            HintReason.FAR_BEHIND,
            "you are far enough behind to gamble",
            "your side is far enough behind to gamble",
        ),
    ],
)
def test_a_hint_for_a_player_alone_never_says_your_side(
    reason: HintReason, alone: str, side: str
) -> None:
    found = Hint(HintKind.BID, bid=Bid(5), reason=reason)
    assert hint_text(found, alone=True) == f"Bid 5: {alone}."
    assert hint_text(found) == f"Bid 5: {side}."


@pytest.mark.parametrize(
    ("count", "trick_words"), [(1, "about 1 trick"), (3, "about 3 tricks")]
)
def test_a_bid_hint_says_when_the_rules_forbid_the_count(
    count: int, trick_words: str
) -> None:
    found = Hint(
        HintKind.BID,
        bid=Bid(4),
        reason=HintReason.COUNT_NOT_ALLOWED,
        detail={"tricks": count + 0.2, "count": count},
    )
    assert hint_text(found) == (
        f"Bid 4: your hand should take {trick_words}, "
        f"but the rules do not allow a bid of {count}."
    )


@pytest.mark.parametrize(
    ("alone", "words"),
    [
        (False, "your side has its tricks: each extra trick costs 10 points"),
        (True, "you have your tricks: each extra trick costs 10 points"),
    ],
)
def test_under_quicksand_a_hint_to_lose_a_trick_speaks_of_points_not_bags(
    alone: bool, words: str
) -> None:
    """Seed 004 "Quicksand": no bags; each overtrick costs 10."""
    found = Hint(HintKind.PLAY, card=Card.parse("3S"), reason=HintReason.SAVE_BAGS)
    assert hint_text(found, alone, quicksand=True) == f"Play the 3 of spades: {words}."
    assert "bag" in hint_text(found, alone)


def _refusal(rules: Rules) -> str:
    game = Game(rules, first_dealer=0)
    game.deal(shuffled_deal(rules, random.Random(5)))
    names = NAMES[: rules.player_count]
    for _ in range(rules.player_count):
        seat = game.to_act
        assert seat is not None
        try:
            game.bid(seat, Bid(1))
        except IllegalAction as error:
            return illegal_text(error, seat_view(game, seat), names)
    raise AssertionError("no bid of 1 was refused")


def test_the_minimum_bid_is_the_players_own_when_each_plays_alone() -> None:
    alone = Rules.from_dict(
        {"preset": "pagat", "player_count": 3, "minimum_side_bid": 3}
    )
    assert _refusal(alone) == "You must bid at least 3."
    sides = Rules.from_dict({"preset": "pagat", "minimum_side_bid": 4})
    assert _refusal(sides) == "Your side must bid at least 4."


def test_the_hint_key_words_the_reason_for_the_table_shape() -> None:
    found = Hint(HintKind.BID, bid=Bid(5), reason=HintReason.AVOID_BAGS)
    for rules, said in (
        (
            Rules.from_dict({"preset": "pagat", "player_count": 3}),
            "Bid 5: you are close to a bag penalty.",
        ),
        (Rules.pagat(), "Bid 5: your side is close to a bag penalty."),
    ):
        view = seat_view(Game(rules), 0)
        names = NAMES[: rules.player_count]
        texts = [u.text for u in reply_utterances(HintGiven(found), view, names)]
        assert texts == [said]


def test_the_new_game_says_which_opponents_play_together() -> None:
    six = Rules.pagat(players=6)
    names = ("South", "Hazel", "Omar", "Lena", "Frank", "Dennis")
    assert new_game_text(names, six) == (
        "New game with Hazel, Omar, Lena, Frank and Dennis, in playing order. "
        "Lena is your partner. Hazel and Frank play together, and so do Omar "
        "and Dennis."
    )
    four = Rules.pagat()
    assert new_game_text(names[:4], four) == (
        "New game with Hazel, Omar and Lena, in playing order. Omar is your partner."
    )


def _blind_nil_refusal(rules: Rules) -> str:
    """The words when the first bidder asks for blind nil at 0 to 0."""
    game = Game(rules, first_dealer=0)
    game.deal(shuffled_deal(rules, random.Random(5)))
    seat = game.to_act
    assert seat is not None
    try:
        game.bid(seat, Bid.blind_nil())
    except IllegalAction as error:
        names = (*NAMES, "Ann", "Bo")
        return illegal_text(error, seat_view(game, seat), names[: rules.player_count])
    raise AssertionError("blind nil was allowed at 0 to 0")


@pytest.mark.parametrize(
    ("shape", "said"),
    [
        ({}, "Blind nil needs your side to be 100 points behind."),
        (
            {"player_count": 3},
            "Blind nil needs you to be 100 points behind the leader.",
        ),
        (
            {"player_count": 6, "partnerships": True},
            "Blind nil needs your side to be 100 points behind the leader.",
        ),
    ],
)
def test_blind_nil_refused_says_behind_whom(
    shape: dict[str, object], said: str
) -> None:
    """A player alone has no side, and with three sides there is no one "other
    side" to be behind: the refusal says behind the leader, as the question does."""
    rules = Rules.from_dict(
        {
            "preset": "pagat",
            "blind_nil_allowed": True,
            "blind_nil_behind": 100,
            **shape,
        }
    )
    assert _blind_nil_refusal(rules) == said


def test_not_your_turn_while_another_bids_says_they_are_bidding() -> None:
    """Enter pressed online while Milly bids: "Milly is bidding.", as T says
    (before: "It is not your turn: Milly is to play.", though no card was due)."""
    game = Game(Rules.pagat(), first_dealer=0)
    game.deal(shuffled_deal(Rules.pagat(), random.Random(5)))
    assert game.to_act == 1
    error = IllegalAction(Reason.NOT_YOUR_TURN, to_act=1)
    assert illegal_text(error, seat_view(game, 0), NAMES) == (
        "It is not your turn. Milly is bidding."
    )


def test_the_online_identity_file_is_named_with_what_was_left_out() -> None:
    from pathlib import Path

    from audiospades.presenter.system import identity_trouble_text
    from audiospades.storage import LoadProblem, ProblemKind

    kept = Path("online.json.broken-1")
    partly = LoadProblem(
        ProblemKind.PARTLY_USED, Path("online.json"), kept, ("ws://a Ann", "ws://b Bo")
    )
    assert identity_trouble_text(partly) == (
        "Some entries in your online identity file could not be used and are left "
        "out: ws://a Ann and ws://b Bo. Your file was kept as online.json.broken-1."
    )
    not_kept = LoadProblem(ProblemKind.PARTLY_USED, Path("online.json"), None, ("x",))
    assert identity_trouble_text(not_kept) == (
        "Your online identity could not be saved; next time, this server will take "
        "you for a new player."
    )
    unmoved = LoadProblem(ProblemKind.UNREADABLE, Path("online.json"), None)
    assert identity_trouble_text(unmoved) == (
        "Your online identity file could not be used; servers will take you for a "
        "new player."
    )
