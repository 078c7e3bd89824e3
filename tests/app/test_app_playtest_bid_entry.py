"""Play-test: a digit that makes the bid too large is refused and the entry erased;
Backspace says what it erased; N without nil, and bid keys after the game."""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import my_bid_turn, play_until

from audiospades.app.harness import Harness
from audiospades.rules import Bid
from audiospades.storage import Settings


def test_five_then_zero_does_not_become_nil(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=5)
    h.press("return")
    play_until(h, my_bid_turn)
    h.press("5")
    assert h.last == "5"
    h.press("0")
    assert h.last == "50 is too many; the most is 13. Type your bid again."
    h.press("return")
    assert my_bid_turn(h)
    h.press("1", "2")
    h.press("return")
    h.settle()
    assert h.table.session.game.bids[0] == Bid(12)


def test_a_typo_in_a_two_digit_bid_places_nothing(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: "1 4" was refused, "Your bid is still 1.", and Enter bid 1: a fast
    typist got a bid never meant. The refused digit erases the entry; Enter then
    says how to bid, and nothing is placed."""
    h = make_harness(seed=1)
    h.press("return")
    play_until(h, my_bid_turn)
    h.press("1", "4")
    assert h.last == "14 is too many; the most is 13. Type your bid again."
    h.press("return")
    assert h.last.startswith("Your bid: type a number from 0 to 13"), h.last
    assert my_bid_turn(h)
    assert h.table.session.game.bids[0] is None


def test_backspace_says_what_it_erased(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: Backspace on a typed 3 said only "No bid typed."."""
    h = make_harness(seed=5)
    h.press("return")
    play_until(h, my_bid_turn)
    h.press("3", "backspace")
    assert h.last == "3 erased; no bid typed."
    h.press("backspace")
    assert h.last == "No bid typed."
    h.press("1", "2", "backspace")
    assert h.last == "2 erased; your bid is now 1."
    h.press("backspace")
    assert h.last == "1 erased; no bid typed."
    h.press("n", "backspace")
    assert h.last == "Nil erased; no bid typed."


def test_a_digit_above_six_players_eight_tricks_is_refused(
    make_harness: Callable[..., Harness],
) -> None:
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    rules["player_count"] = 6
    h = make_harness(
        seed=5, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return")
    play_until(h, my_bid_turn)
    h.press("9")
    assert h.last == "9 is too many; the most is 8."
    h.press("return")
    assert my_bid_turn(h)


def test_n_bids_nil_and_the_prompt_says_so(
    make_harness: Callable[..., Harness],
) -> None:
    """Issue 4: "B bid (digits then Enter, N or 0 for nil)"."""
    h = make_harness(seed=5)
    h.press("return")
    play_until(h, my_bid_turn)
    h.press("b")
    assert "or N for nil" in h.last
    h.press("n")
    assert h.last == "nil"
    h.press("return")
    h.settle()
    assert h.table is not None
    assert h.table.session.game.bids[0] == Bid.nil()


def test_without_nil_n_says_so_at_once_and_f1_does_not_offer_it(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: with nil not allowed, F1 listed "N: bid nil" and N said "nil"; only
    Enter said "Nil is not allowed in these rules."."""
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    rules |= {"nil_allowed": False, "blind_nil_allowed": False}
    h = make_harness(
        seed=3, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return")
    play_until(h, my_bid_turn)
    h.press("n")
    assert h.last == "Nil is not allowed in these rules."
    h.press("0")
    assert h.last == "Nil is not allowed in these rules."
    h.press("return")
    assert h.last.startswith("Your bid: these rules allow 1 to 13"), h.last
    h.press("f1")
    heard = [h.last]
    for _ in range(60):
        h.press("down")
        heard.append(h.last)
    assert not [line for line in heard if "nil" in line.lower()], heard
    assert any(line.startswith("Backspace: erase a digit, ") for line in heard)


def test_without_nil_f2_on_n_says_nil_is_not_allowed(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: F1 no longer listed N without nil, but F2 on N still said "N: bid nil."."""
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    rules |= {"nil_allowed": False, "blind_nil_allowed": False}
    h = make_harness(
        seed=3, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return")
    play_until(h, my_bid_turn)
    h.press("f2")
    h.press("n")
    assert h.last == "N: Nil is not allowed in these rules."
    h.press("f2")
    assert h.table is not None
    assert h.table.session.game.bids[0] is None


def test_after_the_game_b_and_a_digit_say_the_game_is_over(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: B and 5 said "Bidding is over: you bid 17." once the game was over."""
    h = make_harness(seed=3)
    h.press("return")
    play_until(h, lambda x: x.table is not None and x.table.finished)
    h.press("b")
    assert h.last == "The game is over."
    h.press("5")
    assert h.last == "The game is over."
    h.press("return")
    assert h.last.startswith(("Game over.", "The game is over:")), h.last


def test_back_from_the_game_menu_the_bid_typed_is_said(
    make_harness: Callable[..., Harness],
) -> None:
    """QA (keys: Enter 3 Escape Enter Space): back at the table from the game
    menu, only "Your turn to bid." was said; the 3 typed before waited unsaid,
    and an Enter meant to open the entry bid 3. Escape at the table opens the
    menu and keeps the entry (no key cancels it but Backspace): coming back, and
    T, say it as B does."""
    h = make_harness(seed=3)
    h.press("return")
    assert my_bid_turn(h)
    h.press("3", "escape")
    assert h.last == "Game menu. Back to the table, 1 of 6"
    h.press("return")
    assert h.last == "Your bid so far: 3. Press Enter to place it."
    h.press("t")
    assert h.last == "Your bid so far: 3. Press Enter to place it."
    h.press("backspace", "escape", "escape")  # the entry open, nothing typed
    assert h.last == (
        "Your bid: type a number from 0 to 13, or N for nil, and press Enter."
    )
    assert h.table.session.game.bids[0] is None
