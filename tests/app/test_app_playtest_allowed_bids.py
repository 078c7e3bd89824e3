"""Play-test: the bid prompt names the bids the rules allow when not every bid is.

A sighted player sees which bids a bid box offers; a blind one heard "type a number
from 0 to 13" under mirror (only the number of spades is allowed), whiz, suicide,
no hell (the last bidder may not make the total 13) and rules without nil. The turn
prompt and B now say what may be bid; a refused bid still says why.
"""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import my_bid_turn, past_new_game_question, play_until

from audiospades.app.harness import Harness
from audiospades.rules import Bid, Suit
from audiospades.sound import Cue
from audiospades.storage import Settings


def _harness(
    make_harness: Callable[..., Harness], seed: int, **rules: object
) -> Harness:
    last = {"preset": "pagat", "target_score": None, "hand_limit": 1, **rules}
    h = make_harness(
        seed=seed, settings=Settings(language="en", pace="fast", last_rules=last)
    )
    h.press("return")
    past_new_game_question(h)
    play_until(h, my_bid_turn)
    assert my_bid_turn(h)
    return h


def _spades(h: Harness) -> int:
    game = h.table.session.game
    return sum(1 for c in game.hand(0) if c.suit is Suit.SPADES)


def test_mirror_names_the_one_bid_and_b_repeats_it(
    make_harness: Callable[..., Harness],
) -> None:
    h = _harness(make_harness, 16, bidding_style="mirror")
    count = _spades(h)
    turn = f"Your turn to bid. You must bid {count}: type it and press Enter."
    assert turn in h.transcript
    h.press("b")
    assert h.last == f"Your bid: you must bid {count}; type it and press Enter."
    wrong = 1 if count != 1 else 2
    h.press(str(wrong), "return")
    assert h.last == f"Bid your number of spades: {count}."
    assert h.table.session.game.bids[0] is None
    h.press("backspace", *str(count), "return")
    h.settle()
    assert h.table.session.game.bids[0] == Bid(count)


def test_b_and_space_say_a_typed_bid_the_rules_refuse_is_refused_and_why(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: under suicide, "2" then B said "Your bid so far: 2. Press Enter to
    place it.", and Enter then refused it. B and Space now say what Enter would
    answer; a bid the rules allow is still offered to Enter."""
    h = _harness(make_harness, 7, bidding_style="suicide")
    h.press("2", "b")
    refused = "Your bid so far: 2, which these rules refuse. Bid nil, or at least 4."
    assert h.last == refused
    assert h.sound.cues[-1] is Cue.ILLEGAL_MOVE
    h.press("space")
    assert h.last == refused
    h.press("return")
    assert h.last == "Bid nil, or at least 4."
    assert h.table.session.game.bids[0] is None
    h.press("backspace", "4", "b")
    assert h.last == "Your bid so far: 4. Press Enter to place it."


def test_mirror_b_says_a_typed_bid_other_than_the_spades_is_refused(
    make_harness: Callable[..., Harness],
) -> None:
    h = _harness(make_harness, 16, bidding_style="mirror")
    count = _spades(h)
    wrong = 1 if count != 1 else 2
    h.press(str(wrong), "b")
    assert h.last == (
        f"Your bid so far: {wrong}, which these rules refuse. "
        f"Bid your number of spades: {count}."
    )
    h.press("backspace", *str(count), "b")
    assert h.last == f"Your bid so far: {count}. Press Enter to place it."


def test_whiz_names_nil_or_the_spades(make_harness: Callable[..., Harness]) -> None:
    h = _harness(make_harness, 17, bidding_style="whiz")
    count = _spades(h)
    assert (
        f"Your turn to bid. These rules allow nil or {count}: type your bid and "
        "press Enter." in h.transcript
    )


def test_without_nil_the_prompt_does_not_offer_it(
    make_harness: Callable[..., Harness],
) -> None:
    h = _harness(make_harness, 5, nil_allowed=False, blind_nil_allowed=False)
    assert (
        "Your turn to bid. These rules allow 1 to 13: type your bid and press Enter."
        in h.transcript
    )
    h.press("b")
    assert (
        h.last == "Your bid: these rules allow 1 to 13; type your bid and press Enter."
    )


def test_no_hell_tells_the_last_bidder_the_total_it_may_not_make(
    make_harness: Callable[..., Harness],
) -> None:
    # Find a seed where the player bids last (the dealer), so one total is barred.
    for seed in range(1, 40):
        h = _harness(make_harness, seed, no_hell=True)
        game = h.table.session.game
        others = [b for i, b in enumerate(game.bids) if i != 0]
        if all(b is not None for b in others) and sum(b.tricks for b in others) < 12:
            break
    else:  # pragma: no cover - the seeds above include a dealer's deal
        raise AssertionError("no seed gave the player the last bid")
    barred = 13 - sum(b.tricks for i, b in enumerate(game.bids) if i != 0 and b)
    allowed = [b.tricks for b in game.legal_bids(0) if not b.blind and not b.is_nil]
    assert barred not in allowed and len(allowed) == 12
    low = f"1 to {barred - 1}" if barred > 2 else "1"
    high = f"{barred + 1} to 13" if barred < 12 else "13"
    parts = ["nil", low, high] if barred > 1 else ["nil", high]
    words = (
        (", ".join(parts[:-1]) + " or " + parts[-1])
        if len(parts) > 2
        else (" or ".join(parts))
    )
    h.press("b")
    assert (
        h.last == f"Your bid: these rules allow {words}; type your bid and press Enter."
    )
