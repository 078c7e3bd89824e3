"""A lesson's wrong choice holds the table until it is taken back (QA).

After a wrong bid the others used to play on to the player's turn: the last
thing heard was "Your turn. You may play any heart.", and the Enter it invited
was refused ("First press Control+Z ..."). Now nothing moves until the choice is
taken back, the request to take it back stays the last thing heard, whatever
the player asks meanwhile, and it is made again when the lesson is taken up in
a later run. Every test drives the real loop by keys.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from audiospades import i18n
from audiospades.app.harness import Harness
from audiospades.app.tutorial import LessonScreen, TutorialMenu, offer_on_first_start
from audiospades.presenter import tutorial as words
from audiospades.rules import Bid, Card, PassAction
from audiospades.storage import Settings
from audiospades.tutorial.lessons import BLIND_NIL, FIRST_HAND, LESSONS
from audiospades.tutorial.model import Lesson, Point

WRONG_BID = (
    "That is not the choice this lesson teaches. A strong player: Bid 3: that is "
    "how many tricks your hand should take. Press Control+Z to take it back and "
    "try again."
)
WRONG_CARD = (
    "That is not the choice this lesson teaches. A strong player: Play the ace of "
    "hearts: it is the lowest card sure to win the trick. Press Control+Z to take "
    "it back and try again."
)
UNDO_FIRST = "First press Control+Z to take back your choice, then try again."


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each test gets its own settings, progress and kept lessons."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("AUDIOSPADES_HOME", str(home))
    yield home
    i18n.set_language("en")


def _lesson(lesson_id: str, h: Harness | None = None) -> tuple[Harness, LessonScreen]:
    """Learn to play from the first start's offer, then the lesson by its place."""
    if h is None:
        h = Harness(seed=7, settings=Settings(language="en"))
        offer_on_first_start(h.app.stack)  # as the game does on a first start
        h.press("y")
    assert isinstance(h.app.stack.top, TutorialMenu)
    index = [lesson.id for lesson in LESSONS].index(lesson_id)
    h.press("home", *["down"] * (index + 1), "return")
    screen = h.app.stack.top
    assert isinstance(screen, LessonScreen)
    h.settle()
    return h, screen


def _wrong_bid() -> tuple[Harness, LessonScreen, int]:
    """A first hand, bid 4 where the lesson teaches 3; the mark before the bid."""
    h, screen = _lesson(FIRST_HAND.id)
    assert h.last == words.before_text(Point.FIRST_BID)
    mark = h.mark()
    h.press("4", "return")
    h.settle()
    return h, screen, mark


def test_after_a_wrong_bid_the_others_wait_and_the_undo_is_the_last_word() -> None:
    h, screen, mark = _wrong_bid()
    said = h.said_since(mark)
    assert said[-1] == WRONG_BID, said
    assert not [line for line in said if " plays the " in line], said
    assert not [line for line in said if "Your turn" in line], said
    assert screen.game_session.game.to_act == 1  # West, who leads, waits
    h.clock.advance(60_000)  # however long the player listens
    h.settle()
    assert h.last == WRONG_BID
    assert len(screen.game_session.game.actions) == len(screen.decisions()) + 4


def test_while_a_wrong_bid_waits_keys_ask_for_the_undo_not_a_move() -> None:
    h, screen, _ = _wrong_bid()
    for key in ("return", "t", "n", "tab", "shift+tab"):
        h.press(key)
        assert h.last == UNDO_FIRST, key
    h.press("f1")
    h.press("escape")  # back from the help
    assert h.last == UNDO_FIRST
    for key in ("h", "j"):  # not "No hint now: it is not your decision."
        h.press(key)
        assert h.last == (
            "Your last choice is not the one this lesson teaches. A strong player: "
            "Bid 3: that is how many tricks your hand should take. Press Control+Z "
            "to take it back and try again."
        ), key
    assert screen.game_session.game.to_act == 1


def test_a_wrong_bid_is_taken_back_at_once_and_the_lesson_goes_on() -> None:
    h, screen, _ = _wrong_bid()
    mark = h.mark()
    h.press("ctrl+z")
    h.settle()
    said = h.said_since(mark)
    assert said[0].startswith("Undone: 1 move taken back."), said
    assert said[-2:] == [words.try_again_text(), words.before_text(Point.FIRST_BID)]
    h.press("3", "return")
    h.settle()
    assert screen.decisions()[0].bid == Bid(3)  # type: ignore[union-attr]
    assert h.last == words.before_text(Point.FIRST_FOLLOW)
    assert not screen.needs_undo


def test_a_wrong_card_is_not_followed_by_an_invitation_to_gather() -> None:
    h, _screen = _lesson(FIRST_HAND.id)
    h.press("3", "return")
    h.settle()
    mark = h.mark()
    h.press("tab", "return")  # the 2 of hearts, which loses to the king
    h.settle()
    said = h.said_since(mark)
    assert said[-1] == WRONG_CARD, said
    assert not [line for line in said if "gather" in line], said
    h.press("t")
    assert h.last == UNDO_FIRST


def test_a_wrong_choice_kept_to_the_next_run_is_explained_again() -> None:
    h, _screen, _ = _wrong_bid()
    h.press("alt+f4")
    again = Harness(seed=7, settings=Settings(language="en"))
    again.press("end", "up", "up", "return")  # Learn to play
    assert isinstance(again.app.stack.top, TutorialMenu)
    mark = again.mark()
    again.press("return")  # the lesson under way has the focus
    again.settle()
    said = again.said_since(mark)
    assert said == [
        "Welcome back to the lesson: A first hand.",
        "Your last choice is not the one this lesson teaches. A strong player: Bid "
        "3: that is how many tricks your hand should take. Press Control+Z to take "
        "it back and try again.",
    ]
    screen = again.app.stack.top
    assert isinstance(screen, LessonScreen)
    assert screen.game_session.game.to_act == 1  # still held before West's lead
    again.press("ctrl+z")
    again.settle()
    assert again.last == words.before_text(Point.FIRST_BID)


def test_a_wrong_pass_holds_the_lead_until_it_is_taken_back() -> None:
    h, screen = _lesson(BLIND_NIL.id)
    h.press("y")
    h.settle()
    mark = h.mark()
    h.press("down", "return", "down", "return")  # two low cards, not the spades
    h.settle()
    said = h.said_since(mark)
    assert said[-1].startswith("That is not the choice this lesson teaches."), said
    assert not [line for line in said if " leads the " in line], said
    assert isinstance(screen.decisions()[-1], PassAction)
    h.press("ctrl+z")  # West is to lead: taken back all the same
    h.settle()
    assert h.last == words.before_text(Point.BLIND_PASS)
    assert not screen.needs_undo


# --- every lesson's wrong choices: nothing of the play moving on is said ---
_MOVING_ON = (" leads.", "your turn", "gather")
"""Words of the next turn ("West leads.", "Your turn to play.", "Press N to
gather the trick."): while the table is held, the play does not move on."""


def _strict_points() -> list[tuple[str, int | None]]:
    """(lesson, decision) of every point that calls a choice wrong (None: the
    point made where the hint gives its reason)."""
    return [
        (lesson.id, teach.decision)
        for lesson in LESSONS
        for teach in lesson.teach
        if teach.strict
    ]


def _keys_for(h: Harness, card: Card) -> list[str]:
    """Home, then Right along the hand to ``card``, then Enter."""
    return ["home", *["right"] * list(h.table.view.hand).index(card), "return"]


def _bid_keys(bid: Bid) -> list[str]:
    return ["n" if bid.is_nil else str(bid.tricks), "return"]


def _wrong_choice_at(
    lesson_id: str, decision: int | None
) -> tuple[Harness, LessonScreen, int]:
    """The lesson played as written up to ``decision``, there a choice other
    than the lesson's; the mark before that choice's keys."""
    h, screen = _lesson(lesson_id)
    lesson = screen.lesson
    for _ in range(100):
        h.settle()
        session = screen.game_session
        if session.awaiting_trick_clear:
            h.press("n")
            continue
        if session.question is not None:
            h.press("y")  # the blind nil lesson's question
            continue
        made = len(screen.decisions())
        view = session.view()
        taught = screen.taught.get(made)
        if decision is None and taught is not None and taught.decision is None:
            hint = screen.hints[made]
            assert hint is not None
            wrong = next(c for c in view.legal_plays if c != hint.card)
            mark = h.mark()
            h.press(*_keys_for(h, wrong))
            return h, screen, mark
        expected = lesson.expected(made)
        if made != decision:
            if isinstance(expected, Bid):
                h.press(*_bid_keys(expected))
            elif isinstance(expected, tuple):
                for card in expected:
                    h.press(*_keys_for(h, card))
            else:
                h.press(*_keys_for(h, expected))
            continue
        mark = h.mark()
        if isinstance(expected, Bid):
            h.press(*_bid_keys(Bid(expected.tricks + 1)))
        elif isinstance(expected, tuple):
            others = [c for c in view.hand if c not in expected][: len(expected)]
            for card in others:
                h.press(*_keys_for(h, card))
        else:
            h.press(*_keys_for(h, next(c for c in view.legal_plays if c != expected)))
        return h, screen, mark
    raise AssertionError("the decision never came")


@pytest.mark.parametrize(("lesson_id", "decision"), _strict_points())
def test_a_wrong_choice_is_followed_by_nothing_of_the_next_turn(
    lesson_id: str, decision: int | None
) -> None:
    # QA: after a wrong bid that closed the bidding, "West leads." came between
    # "Bidding is over. ..." and the request to take the bid back; after a wrong
    # pass, between the cards passed back and that request.
    h, screen, mark = _wrong_choice_at(lesson_id, decision)
    h.settle()
    said = h.said_since(mark)
    assert screen.needs_undo, said
    assert said[-1].startswith("That is not the choice this lesson teaches."), said
    moving_on = [
        line for line in said if any(word in line.lower() for word in _MOVING_ON)
    ]
    assert not moving_on, said
    h.clock.advance(60_000)
    h.settle()
    assert h.said_since(mark) == said  # held: nothing more, however long


@pytest.mark.parametrize(
    ("lesson", "decision", "turn", "leader"),
    [
        (
            FIRST_HAND,
            0,
            "Your turn to bid. Type a number and press Enter; 0 is nil.",
            "West",
        ),
        (BLIND_NIL, 1, "Choose 2 cards to pass to North: press Enter on each.", "West"),
    ],
)
def test_taken_back_the_turn_is_told_and_the_lead_after_the_right_choice(
    lesson: Lesson, decision: int, turn: str, leader: str
) -> None:
    h, screen, _mark = _wrong_choice_at(lesson.id, decision)
    h.settle()
    mark = h.mark()
    h.press("ctrl+z")
    h.settle()
    said = h.said_since(mark)
    assert said[0].startswith("Undone:"), said
    assert said[1:3] == [turn, words.try_again_text()], said
    mark = h.mark()
    expected = lesson.expected(decision)
    if isinstance(expected, Bid):
        h.press(*_bid_keys(expected))
    else:
        assert isinstance(expected, tuple)
        for card in expected:
            h.press(*_keys_for(h, card))
    h.settle()
    assert f"{leader} leads." in h.said_since(mark)
    assert not screen.needs_undo
