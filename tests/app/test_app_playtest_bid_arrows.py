"""Play-test: arrow keys never place a bid (issue 12, item 4).

'return down down up return' bid 13, and 'return b up b' bid nil: while bidding a
player needs the arrows to review the hand by suit, as in play. Up and Down now step
through the bids only inside an opened entry (B, a digit or N), and each step says
the value Enter will place.
"""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import at_the_human_turn

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
    assert h.last == "1"  # the lowest bid above nil: a stray step never nil
    assert h.table.session.game.bids[0] is None  # said, not placed
    h.press("up")
    assert h.last == "2"
    h.press("return")
    assert h.table.session.game.bids[0] is not None
    assert h.table.session.game.bids[0].tricks == 2


def test_b_again_after_a_stray_arrow_places_nothing(
    make_harness: Callable[..., Harness],
) -> None:
    """Issue 12, item 4: 'return b up b' bid nil; only Enter may place a bid."""
    h = make_harness(seed=7)
    _bidding(h)
    h.press("b", "up", "b")
    assert h.table.session.game.bids[0] is None
    assert h.last == "Your bid so far: 1. Press Enter to place it."
    h.press("b", "b")
    assert h.table.session.game.bids[0] is None
    h.press("down", "down", "return")
    # Down from 1 is nil, and from nil stays there, the lowest bid; Enter places
    # what was said.
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


def test_after_a_refused_bid_the_entry_stays_open_for_the_arrows(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: under no hell, Enter on a refused bid closed the entry, so Up and Down
    then moved in the hand. It stays open on the refused number: the arrows step
    to the allowed bids either side, a digit starts afresh, and Enter places."""
    h = at_the_human_turn(make_harness, 39, no_hell=True)
    game = h.table.session.game
    assert [b.tricks for b in game.bids[1:]] == [3, 3, 3]  # 4 more makes 13
    focus = h.table.focus
    mark = h.mark()
    h.press("4", "return")
    assert h.said_since(mark)[-1] == "The bids may not add up to 13."
    assert game.bids[0] is None
    h.press("up")
    assert h.last == "5"
    h.press("down")
    assert h.last == "3"
    assert h.table.focus == focus  # the hand was not moved through
    h.press("2", "return")
    assert game.bids[0] is not None and game.bids[0].tricks == 2


def test_after_a_bid_under_the_minimum_the_entry_stays_open(
    make_harness: Callable[..., Harness],
) -> None:
    h = at_the_human_turn(make_harness, 5, minimum_side_bid=5)
    game = h.table.session.game
    assert game.bids[2] is not None and game.bids[2].tricks == 1  # the partner's
    mark = h.mark()
    h.press("1", "return")
    said = h.said_since(mark)
    assert game.bids[0] is None and said[-1] != "1", said
    h.press("up")
    assert h.last == "4"
    h.press("return")
    assert game.bids[0] is not None and game.bids[0].tricks == 4


def test_down_from_a_refused_bid_below_the_minimum_says_the_lowest_allowed(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: Down from a refused 1 when 4 is the lowest allowed bid stayed on 1 and
    said "1" again; it says the nearest allowed bid, which Enter then places."""
    h = at_the_human_turn(make_harness, 5, minimum_side_bid=5)
    game = h.table.session.game
    assert game.bids[2] is not None and game.bids[2].tricks == 1  # the partner's
    h.press("1", "return")
    assert game.bids[0] is None
    h.press("down")
    assert h.last == "4"
    h.press("down")
    assert h.last == "4"  # the lowest allowed: Down stays there
    h.press("return")
    assert game.bids[0] is not None and game.bids[0].tricks == 4
