"""Play-test: arrow keys never place a bid (issue 12, item 4).

'return down down up return' bid 13, and 'return b up b' bid nil: while bidding a
player needs the arrows to review the hand by suit, as in play. Up and Down now step
through the bids only inside an opened entry (B, a digit or N), and each step says
the value Enter will place.
"""

from __future__ import annotations

from collections.abc import Callable

from audiospades.app.harness import Harness


def _bidding(h: Harness) -> None:
    h.press("return")
    h.settle()
    assert h.table is not None and h.table.session.is_human_turn
    assert h.table.session.game.phase.value == "bidding"


def test_arrows_while_bidding_review_the_hand_and_place_nothing(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7)
    _bidding(h)
    hand = h.table.session.view().hand
    mark = h.mark()
    h.press("down", "down", "up", "return")
    said = h.said_since(mark)
    assert h.table.session.game.bids[0] is None
    assert not any(line.startswith("You bid") for line in said)
    # Each arrow moved through the hand by suit: a card's name, as in play.
    assert len(said) == 4 and said[-1].startswith("Your bid: type a number")
    assert all(" of " in line for line in said[:3]), said
    assert h.table.focus in hand


def test_b_opens_the_entry_and_the_arrows_step_there_until_enter(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7)
    _bidding(h)
    h.press("b", "up")
    assert h.last == "nil"
    assert h.table.session.game.bids[0] is None  # said, not placed
    h.press("up")
    assert h.last == "1"
    h.press("return")
    assert h.table.session.game.bids[0] is not None
    assert h.table.session.game.bids[0].tricks == 1


def test_b_again_after_a_stray_arrow_places_nothing(
    make_harness: Callable[..., Harness],
) -> None:
    """Issue 12, item 4: 'return b up b' bid nil; only Enter may place a bid."""
    h = make_harness(seed=7)
    _bidding(h)
    h.press("b", "up", "b")
    assert h.table.session.game.bids[0] is None
    assert h.last == "Your bid so far: nil. Press Enter to place it."
    h.press("b", "b")
    assert h.table.session.game.bids[0] is None
    h.press("down", "return")
    # Down from nil stays at nil, the lowest bid; Enter places what was said.
    h.settle()
    assert h.table.session.game.bids[0] is not None
    assert h.table.session.game.bids[0].tricks == 0


def test_space_after_a_digit_places_nothing(
    make_harness: Callable[..., Harness],
) -> None:
    """Only Enter places a bid: Space, which plays a card, says what Enter would."""
    h = make_harness(seed=7)
    _bidding(h)
    h.press("3", "space")
    assert h.table.session.game.bids[0] is None
    assert h.last == "Your bid so far: 3. Press Enter to place it."
    h.press("return")
    h.settle()
    assert h.table.session.game.bids[0] is not None
    assert h.table.session.game.bids[0].tricks == 3
