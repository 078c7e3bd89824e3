"""Polish: F1 help lines read "Y: yes, 1 of 36", no full stop before the count."""

from __future__ import annotations

import re
from collections.abc import Callable

from app_helpers import play_until

from audiospades.app.harness import Harness
from audiospades.storage import Settings


def test_help_lines_have_no_full_stop_before_the_position(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7)
    h.press("return")
    h.settle()
    h.press("f1")
    assert h.last.startswith("Keys. Escape to go back. ")
    heard = [h.last]
    for _ in range(70):
        h.press("down")
        heard.append(h.last)
    assert not any("., " in line for line in heard), [x for x in heard if "., " in x]
    assert any(
        line.startswith("B: open the bid entry, or hear your bid, ") for line in heard
    )
    # "What does this key do" still answers in a whole sentence.
    h.press("escape", "f2", "b")
    assert h.last == "B: open the bid entry, or hear your bid."


def test_the_help_for_f_says_what_f_says(
    make_harness: Callable[..., Harness],
) -> None:
    """F tells the suit led and whether spades are broken; F1 and F2 say both."""
    h = make_harness(seed=7)
    h.press("return", "n", "3", "return", "f")
    assert h.last.endswith("Spades are not broken.")
    h.press("f2", "f")
    assert h.last == "F: the suit led, and whether spades are broken."
    h.press("f2", "f1")
    heard = [h.last]
    for _ in range(10):
        h.press("down")
        heard.append(h.last)
    assert any(
        line.startswith("F: the suit led, and whether spades are broken, ")
        for line in heard
    )


def test_the_help_for_b_says_what_b_says_in_play(
    make_harness: Callable[..., Harness],
) -> None:
    """In play B tells the player's bid; its help line says so, not "the entry"."""
    h = make_harness(seed=7)
    h.press("return", "n", "3", "return", "b")
    assert h.last == "Bidding is over: you bid 3."
    h.press("f2", "b")
    assert h.last == "B: open the bid entry, or hear your bid."


def test_the_help_at_a_finished_table_says_what_enter_does_there(
    make_harness: Callable[..., Harness],
) -> None:
    """Once the game is over, Enter (Space, N) tells the result again: F1 and F2
    say so. Before, F1 still read "Enter: play the card, or choose it to pass"."""
    h = make_harness(seed=3)
    h.press("return")
    play_until(h, lambda x: x.table is not None and x.table.finished)
    h.press("return")
    assert h.last.startswith(("Game over.", "The game is over:")), h.last
    h.press("f1")
    heard = [h.last]
    for _ in range(45):
        h.press("down")
        heard.append(h.last)
    assert not [line for line in heard if "play the card" in line], heard
    assert not [line for line in heard if "gather the trick" in line], heard
    for key in ("Enter", "Space", "N"):
        line = f"{key}: the final result again (the game is over), "
        assert any(s.startswith(line) for s in heard), (key, heard)
    h.press("escape", "f2", "return")
    assert h.last == "Enter: the final result again (the game is over)."


def test_the_help_for_the_arrows_says_their_order_in_a_suit(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: R reads each suit high to low, Right moves low to high, and the help did
    not say which way the arrows go; it says so now (the order is unchanged)."""
    h = make_harness(seed=7)
    h.press("return", "n", "3", "return")
    h.press("f2", "right")
    assert h.last == "Right arrow: next card, each suit from low to high."
    h.press("left")  # F2 stays on until pressed again
    assert h.last == "Left arrow: previous card, each suit from high to low."


def test_space_at_ones_bid_turn_is_said_to_tell_the_bid_not_to_play(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: at one's bid turn F1 and F2 said Space would "play the card", while it
    says the bid typed so far (or how to bid) and never places one. In play it
    plays the card, and F1 says so again."""
    h = make_harness(seed=7)
    h.press("return", "n")  # the game, no blind nil
    space = "Space: hear your bid so far, or how to bid; only Enter places it."
    assert _help_lines(h).count(space) == 1
    h.press("f2", "space")
    assert h.last == space
    h.press("f2", "3", "space")
    assert h.last == "Your bid so far: 3. Press Enter to place it."
    h.press("return")
    play_until(h, lambda x: x.table is not None and x.table.view.is_my_turn)
    lines = _help_lines(h)
    assert space not in lines, lines
    assert [t for t in lines if t.startswith("Space: play the card")], lines


def _help_lines(h: Harness) -> list[str]:
    """F1's list, every line once, as sentences ("Space: ...."), then Escape."""
    h.press("f1")
    first = h.last.removeprefix("Keys. Escape to go back. ")
    lines = [first]
    while True:
        h.press("down")
        if h.last == first:  # the list wraps
            break
        lines.append(h.last)
    h.press("escape")
    return [re.sub(r", \d+ of \d+$", ".", line) for line in lines]


def test_the_keys_at_the_blind_nil_question_are_said_as_they_work(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: at the blind nil question F1 said Enter and Space "play the card" and
    B "opens the bid entry", and the arrows and R read the hand, while each of
    them asks the question again or says the cards are hidden."""
    settings = Settings(
        language="en",
        pace="fast",
        last_rules={"preset": "pagat", "blind_nil_behind": 0, "hand_limit": 1},
    )
    h = make_harness(seed=2, settings=settings)
    h.press("return")
    assert h.last.startswith("Bid blind nil, before looking at your cards?")
    lines = _help_lines(h)
    for key in ("Enter", "Space", "B"):
        assert f"{key}: hear the question again." in lines, lines
    # As they work: the keys that would act ask it again (QA: F1 said Tab moved
    # to a card one may play); H's hint is on the question.
    for key in ("Tab", "Shift+Tab", "J", "T", "Control+Z"):
        assert f"{key}: hear the question again." in lines, lines
    assert "H: a hint." in lines, lines
    hidden = "nothing yet: your cards are hidden for the blind nil."
    for key in ("Right arrow", "Down arrow", "Home", "R"):
        assert f"{key}: {hidden}" in lines, lines
    assert not [t for t in lines if "play the card" in t or "bid entry" in t], lines
    h.press("f2", "return")
    assert h.last == "Enter: hear the question again."
    h.press("f2", "right")
    assert h.last == "Your cards are hidden until you answer the blind nil question."
    h.press("n")  # the cards are seen: the keys read them again
    lines = _help_lines(h)
    assert "Right arrow: next card, each suit from low to high." in lines, lines


def test_left_and_right_are_listed_only_where_a_value_can_change(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: F1 in the main menu, the statistics or the lobby listed Left and Right
    as "lower the value" and "raise the value", where no item has one (they only
    say the item again). Options keeps them."""
    h = make_harness(seed=7)
    lines = _help_lines(h)
    assert not [t for t in lines if t.startswith(("Left arrow", "Right arrow"))]
    assert "Down arrow: next item." in lines, lines
    h.press("f2", "left")
    assert h.last == "Left arrow: nothing to change in this list."
    h.press("f2", "left")  # F2 off: Left says the item again, as before
    assert h.last == "New game, 1 of 12"
    h.press("o", "return")
    assert h.last.startswith("Options.")
    lines = _help_lines(h)
    assert "Left arrow: lower the value." in lines, lines
    assert "Right arrow: raise the value." in lines, lines
