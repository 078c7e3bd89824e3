"""Walk "Learn to play" by keys, as a newcomer would (helpers for the tests).

Keys are worked out the way a listener would: the tour's request names a key,
and the key pressed is the one whose spoken name that is; a card is reached by
Home and Right arrow presses counted along the hand, as it is read out.
"""

from __future__ import annotations

import itertools

from audiospades.app.harness import Harness
from audiospades.app.tutorial import LessonScreen, TourScreen, TutorialMenu
from audiospades.keymap import Chord, Context
from audiospades.presenter.keynames import key_label
from audiospades.rules import Bid, Card, Phase
from audiospades.tutorial.model import Lesson


class RecordingHarness(Harness):
    """A harness that keeps every key token pressed, to replay as a key script."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.pressed: list[str] = []

    def press(self, *tokens: str) -> None:
        self.pressed += tokens
        super().press(*tokens)


def token(chord: Chord) -> str:
    """The harness's name for a chord ("page up" is written page_up)."""
    return str(chord).replace(" ", "_")


def chord_named(h: Harness, label: str, chain: tuple[Context, ...]) -> Chord:
    """The chord bound in ``chain`` whose spoken name is ``label``."""
    for context in (*chain, Context.GLOBAL):
        for chord, _command in h.services.keymap.bindings(context):
            if key_label(chord) == label:
                return chord
    raise AssertionError(f"no key is called {label!r}")


def top(h: Harness) -> object:
    """The screen on top."""
    return h.app.stack.top


_SAME_MEANING = ("your turn", "to gather")
"""Words that, in two lines in a row, say the same thing twice (QA: the game's
"Press N to gather the trick." and the tour's "Press N to gather it.")."""


def assert_no_doubles(said: list[str]) -> None:
    """No line repeats the one before it word for word, nor says in meaning what
    one of the two before it said (the tour's words may fall between)."""
    for line, after in itertools.pairwise(said):
        assert line != after, line
    for index, line in enumerate(said):
        for earlier in said[max(0, index - 2) : index]:
            for words in _SAME_MEANING:
                assert not (words in earlier.lower() and words in line.lower()), (
                    earlier,
                    line,
                )


def walk_tour(h: Harness) -> None:
    """From the tutorial's menu on the tour item, press every key the tour asks."""
    assert isinstance(top(h), TutorialMenu)
    h.press("return")
    screen = top(h)
    assert isinstance(screen, TourScreen)
    while isinstance(top(h), TourScreen):
        h.settle()
        step = screen.step
        label = screen._key_name(step)
        request = h.last
        assert label in request, (label, request)
        chord = chord_named(h, label, screen.key_contexts())
        before = screen.step_index
        h.press(token(chord))
        # Only the asked-for command is taken: the step moved on.
        assert screen.step_index == before + 1 or not isinstance(top(h), TourScreen)


def card_keys(h: Harness, card: Card) -> list[str]:
    """Home, then Right arrow along the hand until ``card``, then Enter."""
    hand = list(h.table.view.hand)
    return ["home", *["right"] * hand.index(card), "return"]


def bid_keys(bid: Bid) -> list[str]:
    """The keys of a bid: N for nil, else its digits; then Enter."""
    return ["n" if bid.is_nil else str(bid.tricks), "return"]


def play_lesson(h: Harness, lesson: Lesson, *, as_written: bool = True) -> None:
    """Play the lesson open on top to its end, by keys.

    ``as_written``: play the script's cards; otherwise Tab and Enter in the
    free part (any playable card), the lesson's choice where it teaches.
    """
    screen = top(h)
    assert isinstance(screen, LessonScreen)
    for _ in range(400):
        h.settle()
        if screen.done:
            return
        session = screen.session
        if session.awaiting_trick_clear:
            h.press("n")
            continue
        if session.question is not None:
            h.press("y")  # the blind nil lesson's question
            continue
        assert session.is_human_turn, "the lesson waits for nothing"
        decision = len(screen.decisions())
        taught = screen.taught.get(decision)
        phase = session.view().phase
        if phase is Phase.PASSING:
            passed = lesson.expected(decision)
            assert isinstance(passed, tuple)
            for card in passed:
                h.press(*card_keys(h, card))
            continue
        if phase is Phase.BIDDING:
            expected = lesson.expected(decision)
            assert isinstance(expected, Bid)
            h.press(*bid_keys(expected))
            continue
        if taught is not None and taught.decision is None:
            h.press("j", "return")  # the hint's card is the point's choice
        elif as_written or not lesson.is_free(decision):
            card = lesson.expected(decision)
            assert isinstance(card, Card)
            h.press(*card_keys(h, card))
        else:
            h.press("tab", "return")
    raise AssertionError("the lesson did not end")
