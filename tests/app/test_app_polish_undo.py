"""Polish: undo stops at a blind nil once the cards were seen, and says where."""

from __future__ import annotations

from collections.abc import Callable

from app_helpers import my_bid_turn, play_until

from audiospades.app.harness import Harness
from audiospades.notices import QuestionKind
from audiospades.presenter.words import the_card
from audiospades.rules import Phase
from audiospades.storage import Settings

BLIND_ANY_SCORE = {
    "preset": "pagat",
    "target_score": None,
    "hand_limit": 1,
    "blind_nil_behind": 0,
}


def test_undo_cannot_take_back_a_blind_nil_after_the_cards_were_shown(
    make_harness: Callable[..., Harness],
) -> None:
    settings = Settings(language="en", pace="fast", last_rules=dict(BLIND_ANY_SCORE))
    h = make_harness(seed=11, settings=settings)
    h.press("return", "y")
    h.settle()
    session = h.table.session
    assert session.game.phase is Phase.PASSING and session.is_human_turn
    assert any(s.startswith("Your cards, 13:") for s in h.transcript)
    h.press("ctrl+z")
    assert h.last == "You cannot take back a blind nil after seeing your cards."
    assert session.game.phase is Phase.PASSING
    assert session.game.bids[0] is not None and session.game.bids[0].blind
    # The pass, once made, may still be taken back: back to choosing the cards.
    h.press("return", "right", "return", "right", "return")
    h.settle()
    assert session.game.phase is Phase.PLAYING
    if session.is_human_turn:
        h.press("ctrl+z")
        assert session.game.phase is Phase.PASSING
        assert session.game.bids[0] is not None and session.game.bids[0].blind


def test_undo_refused_while_passing_keeps_the_card_chosen_and_says_so(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: Ctrl+Z after choosing one card to pass did not say how to put it back,
    and the choice was quietly dropped. Undo takes back moves; choosing a card is
    not one, so the card stays chosen, and Enter on it puts it back."""
    settings = Settings(language="en", pace="fast", last_rules=dict(BLIND_ANY_SCORE))
    h = make_harness(seed=11, settings=settings)
    h.press("return", "y")
    h.settle()
    session = h.table.session
    chosen = h.table.focus
    assert chosen is not None
    h.press("return")
    assert h.last.endswith(" chosen; choose 1 more.")
    h.press("ctrl+z")
    assert h.last == (
        "You cannot take back a blind nil after seeing your cards. Still chosen "
        f"to pass: {the_card(chosen)}; press Enter on it to put it back."
    )
    assert h.table.pass_choice == [chosen]
    # One more card makes the pass, with the card chosen before the undo.
    h.press("right", "return")
    h.settle()
    assert chosen in session.view().passed_out
    assert len(session.view().passed_out) == 2


def test_undo_refused_keeps_a_bid_being_typed(
    make_harness: Callable[..., Harness],
) -> None:
    """Nothing to undo at the first bid: the number typed is not quietly lost."""
    h = make_harness(seed=7)
    play_until(h, my_bid_turn, limit=3000)
    game = h.table.session.game
    h.press("3", "ctrl+z")
    assert h.last == "There is nothing to undo."
    h.press("return")
    assert game.bids[0] is not None and game.bids[0].tricks == 3


def test_undo_says_where_the_game_stands_and_whose_turn(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7)
    h.press("return")
    h.settle()
    session = h.table.session
    assert session.game.phase is Phase.BIDDING and session.is_human_turn
    h.press("3", "return")
    h.settle()
    assert session.game.phase is Phase.PLAYING and session.is_human_turn
    h.press("return")  # play a card, then the bots play on to the next turn
    h.settle()
    mark = h.mark()
    h.press("ctrl+z")
    said = h.said_since(mark)
    assert said[0].startswith("Undone: ")
    assert " moves taken back. Hand 1, trick 1" in said[0]
    view = session.view()
    if view.trick:
        assert "On the table: " in said[0]
    else:
        assert said[0].endswith("no card on the table.")
    assert said[1].startswith("Your ")
    h.press("ctrl+z")
    said = h.said_since(mark)
    assert "Hand 1. So far: " in said[2] or "no one has bid yet" in said[2]
    assert said[3].startswith("Your turn to bid.")


def test_undo_while_a_question_waits_asks_for_its_answer(
    make_harness: Callable[..., Harness],
) -> None:
    settings = Settings(language="en", pace="fast", last_rules=dict(BLIND_ANY_SCORE))
    h = make_harness(seed=11, settings=settings)
    h.press("return")
    assert h.last.startswith("Bid blind nil, before looking at your cards?")
    offer = h.last
    h.press("ctrl+z")
    # The question again, as any key that would act under it.
    assert h.last == offer
    assert h.table.session.question is not None


TWO_HANDS = {"preset": "pagat", "target_score": None, "hand_limit": 2}


def _at_second_hands_bid(h: Harness) -> bool:
    return my_bid_turn(h) and any(s.startswith("Hand 2.") for s in h.transcript)


def _undo_into_the_first_hand_and_deal_again(h: Harness) -> list[str]:
    """From the second hand's bid: undo into the first hand's last trick, play
    it again to the second hand's bid; what was said meanwhile."""
    mark = h.mark()
    h.press("ctrl+z")
    assert "Hand 1, trick 13" in h.said_since(mark)[0]
    play_until(h, my_bid_turn)
    said = h.said_since(mark)
    assert any(s.startswith("Hand 2.") for s in said)
    return said


def test_undo_back_into_the_last_hand_says_the_next_hands_cards_again(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: undone from the second hand's bid into the first hand's last trick,
    the second hand was dealt again without a word of the player's cards."""
    h = make_harness(
        seed=7,
        settings=Settings(language="en", pace="fast", last_rules=dict(TWO_HANDS)),
    )
    play_until(h, _at_second_hands_bid)
    said = _undo_into_the_first_hand_and_deal_again(h)
    dealt = next(i for i, s in enumerate(said) if s.startswith("Hand 2."))
    assert said[dealt + 1].startswith("Your cards, 13:")


def test_cards_seen_before_an_undo_are_not_offered_for_a_blind_nil_again(
    make_harness: Callable[..., Harness],
) -> None:
    """The second hand's cards were seen (its blind nil declined) before the undo:
    dealt again, they are said, and blind nil is not offered for them."""
    rules = dict(TWO_HANDS, blind_nil_behind=0)
    h = make_harness(
        seed=7, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    play_until(h, _at_second_hands_bid)
    assert sum(s.startswith("Bid blind nil") for s in h.transcript) == 2
    said = _undo_into_the_first_hand_and_deal_again(h)
    assert not any(s.startswith("Bid blind nil") for s in said)
    assert any(s.startswith("Your cards, 13:") for s in said)


def test_cards_seen_before_an_undo_stay_seen_in_a_resumed_game(
    make_harness: Callable[..., Harness],
) -> None:
    """Saved and continued between the undo and the deal: still no blind nil."""
    rules = dict(TWO_HANDS, blind_nil_behind=0)
    settings = Settings(language="en", pace="fast", last_rules=rules)
    h = make_harness(seed=7, settings=settings)
    play_until(h, _at_second_hands_bid)
    h.press("ctrl+z")
    h.press("escape", "end", "up", "return")  # Save and go to the main menu
    assert h.table is None
    h = make_harness(seed=7, settings=settings)
    h.press("c", "return")
    mark = h.mark()
    play_until(h, my_bid_turn)
    said = h.said_since(mark)
    assert any(s.startswith("Hand 2.") for s in said)
    assert not any(s.startswith("Bid blind nil") for s in said)
    assert any(s.startswith("Your cards, 13:") for s in said)


def test_undoing_a_thrown_in_hand_asks_about_the_redeal_again(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: Ctrl+Z after throwing in a deficient hand (misdeal rule) took the game
    back to the old cards, unsaid, and never asked again: the player bid on a
    hand of no spades they had chosen to give up, and undo then found nothing."""
    rules = {
        "preset": "open_spades",
        "player_count": 6,
        "partnerships": False,
        "target_score": None,
        "hand_limit": 1,
    }
    h = make_harness(
        seed=2, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return")
    h.settle()
    session = h.table.session
    question = session.question
    assert question is not None and question.kind is QuestionKind.REDEAL
    offer = h.last
    first_cards = next(s for s in h.transcript if s.startswith("Your cards, 8:"))
    h.press("y")
    h.settle()
    assert session.game.deal_count == 2 and session.is_human_turn
    mark = h.mark()
    h.press("ctrl+z")
    h.settle()
    said = h.said_since(mark)
    assert said[0].startswith("Undone: ")
    # The cards given back are said again, then the question is asked again.
    assert said[1:] == [first_cards, offer], said
    question = session.question
    assert question is not None and question.kind is QuestionKind.REDEAL
    assert session.game.deal_count == 1
    h.press("n")
    h.settle()
    assert session.question is None and session.is_human_turn
