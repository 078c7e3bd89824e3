"""The table controller: commands in, word-free replies out, over a real local game.

No pygame and no presenter here: the controller decides, the presenter words (see
tests/app/test_app_table_replies.py), the screen speaks.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from audiospades.app.hint_ahead import HintAhead
from audiospades.bots import HintKind
from audiospades.commands import DIGITS, Command
from audiospades.controller import GameSession
from audiospades.keymap import Chord, Context
from audiospades.notices import QuestionKind, TrickWaiting
from audiospades.presenter.table import suit_led_text, whose_turn_text
from audiospades.presenter.words import suit_name
from audiospades.replies import (
    BidEntryChanged,
    BidEntryHeld,
    BidErased,
    BidRefused,
    CardsOnTable,
    FocusMove,
    FocusMoved,
    HintedCardMissing,
    HintGiven,
    Info,
    InfoKind,
    NilRefused,
    NoHint,
    NoHintReason,
    NothingToGather,
    PassChoiceChanged,
    QuestionAgain,
    RemindUnavailable,
    Reply,
    SuitLed,
    TrickGathered,
    UnboundKey,
    UndoUnavailable,
    WaitingTrickInfo,
    WhoseTurn,
)
from audiospades.rules import Bid, HandScored, Phase, Rules
from audiospades.seating import Seating
from audiospades.table_control import (
    QUERY_KEYS,
    TableController,
    TablePort,
    UnderQuestion,
    under_question,
    under_question_meanings,
)

ONE_HAND = {"preset": "pagat", "target_score": None, "hand_limit": 1}
BLIND_ANY_SCORE = {**ONE_HAND, "blind_nil_behind": 0}


def _table(
    seed: int = 3, rules: dict[str, object] | None = None
) -> tuple[GameSession, TableController]:
    """A one-hand local game against random players, waiting for seat 0."""
    chosen = Rules.from_dict(dict(rules or ONE_HAND), players=4)
    session = GameSession.new(
        chosen,
        seed=seed,
        seating=Seating.chosen(chosen, ["random"] * (chosen.player_count - 1)),
        persist=False,
    )
    control = TableController(session, HintAhead(background=False))
    _settle(session, control)
    return session, control


def _settle(session: GameSession, control: TableController) -> None:
    session.run_until_idle()
    control.drain()


def _press(control: TableController, *commands: Command) -> list[Reply | None]:
    return [control.handle(c, hints_enabled=True) for c in commands]


def _type(control: TableController, digits: str) -> list[Reply | None]:
    return _press(control, *(DIGITS[int(d)] for d in digits))


def _to_play(seed: int = 3) -> tuple[GameSession, TableController]:
    """Bid 3, then wait for seat 0's first card."""
    session, control = _table(seed)
    _type(control, "3")
    assert control.handle(Command.BID) is None
    _settle(session, control)
    assert session.is_human_turn and session.view().phase is Phase.PLAYING
    return session, control


def test_the_controller_needs_neither_pygame_nor_the_presenter() -> None:
    code = (
        "import sys, audiospades.table_control, audiospades.replies\n"
        "bad = [m for m in ('pygame', 'audiospades.presenter', 'audiospades.app')"
        " if m in sys.modules]\n"
        "sys.exit(str(bad) if bad else 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr or done.stdout


def test_a_local_game_is_a_table_port() -> None:
    session, _ = _table()
    port: TablePort = session
    assert port.supports_undo
    assert port.action_count == len(session.game.actions)


# --- bid entry ---
def test_digits_build_the_bid_and_enter_makes_it() -> None:
    session, control = _table()
    assert control.key_contexts() == (Context.BIDDING, Context.TABLE)
    assert _type(control, "1") == [BidEntryChanged("1")]
    assert _type(control, "0") == [BidEntryChanged("10")]
    assert control.handle(Command.ERASE) == BidErased("10", "1")
    assert control.handle(Command.ERASE) == BidErased("1", "")
    assert control.handle(Command.ERASE) == BidEntryChanged("")
    assert _type(control, "04") == [BidEntryChanged("0"), BidEntryChanged("4")]
    assert control.handle(Command.BID) is None
    assert control.bid_entry == ""
    assert session.view().bids[0] == Bid(4)


def test_a_digit_past_the_trick_count_is_refused_and_the_entry_erased() -> None:
    """ "5 0" must not silently become nil, nor "1 4" then Enter a bid of 1 (QA:
    a typo placed the first digit): the refused digit erases the entry, and Enter
    places nothing until the bid is typed again."""
    session, control = _table()
    before = session.action_count
    assert _type(control, "50") == [BidEntryChanged("5"), BidRefused("50", "5")]
    assert control.bid_entry == ""
    assert _type(control, "14") == [BidEntryChanged("1"), BidRefused("14", "1")]
    assert control.handle(Command.BID) == Info(InfoKind.BID_PROMPT)
    assert control.handle(Command.PLAY_CARD) == Info(InfoKind.BID_PROMPT)
    assert session.action_count == before
    assert session.view().bids[0] is None
    assert _type(control, "9") == [BidEntryChanged("9")]
    assert control.handle(Command.BID) is None
    assert session.view().bids[0] == Bid(9)


def test_a_refused_digit_erases_a_bid_stepped_to() -> None:
    """Up to a bid, then a digit too many alone: nothing is left for Enter."""
    session, control = _table(rules={**ONE_HAND, "player_count": 6})
    control.handle(Command.BID_OPEN)
    stepped = control.handle(Command.BID_UP)
    assert isinstance(stepped, BidEntryChanged) and stepped.entry
    assert _type(control, "9") == [BidRefused("9", stepped.entry)]
    assert control.bid_entry == ""
    assert control.handle(Command.BID) == Info(InfoKind.BID_PROMPT)
    assert session.view().bids[0] is None


def test_nil_key_up_and_down_step_through_the_legal_bids() -> None:
    _, control = _table()
    legal = [b.tricks for b in control.view.legal_bids if not b.blind]
    assert control.handle(Command.BID_NIL) == BidEntryChanged("0")
    control.handle(Command.ERASE)
    assert control.handle(Command.BID_UP) == BidEntryChanged(str(legal[1]))
    assert control.handle(Command.BID_UP) == BidEntryChanged(str(legal[2]))
    assert control.handle(Command.BID_DOWN) == BidEntryChanged(str(legal[1]))
    assert control.handle(Command.BID_DOWN) == BidEntryChanged(str(legal[0]))
    # At the lowest bid, down stays there.
    assert control.handle(Command.BID_DOWN) == BidEntryChanged(str(legal[0]))
    # From nothing typed, either arrow starts at the lowest bid above nil, never
    # round at the highest (Enter, Down, Enter bid 13), nor at nil; at the
    # highest, Up stays there.
    assert legal[0] == 0
    control.handle(Command.ERASE)
    assert control.handle(Command.BID_DOWN) == BidEntryChanged(str(legal[1]))
    control.handle(Command.ERASE)
    assert control.handle(Command.BID_UP) == BidEntryChanged(str(legal[1]))
    _type(control, str(legal[-1]))
    assert control.handle(Command.BID_UP) == BidEntryChanged(str(legal[-1]))


def test_a_digit_after_the_arrows_starts_a_new_number() -> None:
    """Up, 3 bids 3: the digit does not join the bid stepped to (Up, Up gave 1
    and QA saw "1 3" become 13). Typing goes on from a typed digit, and erasing
    edits the number shown."""
    session, control = _table()
    legal = [b.tricks for b in control.view.legal_bids if not b.blind]
    control.handle(Command.BID_OPEN)
    assert control.handle(Command.BID_UP) == BidEntryChanged(str(legal[1]))
    assert _type(control, "3") == [BidEntryChanged("3")]
    assert _type(control, "1") == [BidRefused("31", "3")]
    assert _type(control, "3") == [BidEntryChanged("3")]
    control.handle(Command.BID_UP)
    assert control.handle(Command.BID_UP) == BidEntryChanged("5")
    assert control.handle(Command.ERASE) == BidErased("5", "")
    assert _type(control, "12") == [BidEntryChanged("1"), BidEntryChanged("12")]
    control.handle(Command.BID_DOWN)
    assert control.handle(Command.ERASE) == BidErased("11", "1")
    assert _type(control, "0") == [BidEntryChanged("10")]
    assert control.handle(Command.BID) is None
    assert session.view().bids[0] == Bid(10)


def test_enter_with_nothing_typed_says_how_to_bid() -> None:
    session, control = _table()
    before = session.action_count
    assert control.handle(Command.BID) == Info(InfoKind.BID_PROMPT)
    assert control.handle(Command.PLAY_CARD) == Info(InfoKind.BID_PROMPT)
    assert session.action_count == before


def test_b_with_a_bid_typed_says_it_and_places_nothing() -> None:
    session, control = _table()
    before = session.action_count
    assert control.handle(Command.BID_OPEN) == Info(InfoKind.BID_PROMPT)
    _type(control, "2")
    assert control.handle(Command.BID_OPEN) == BidEntryHeld("2")
    assert session.action_count == before
    assert control.handle(Command.BID) is None
    assert session.view().bids[0] == Bid(2)


def test_enter_bids_what_was_typed() -> None:
    session, control = _table()
    _type(control, "2")
    assert control.key_contexts()[0] is Context.BIDDING  # Enter is BID here.
    assert control.handle(Command.BID) is None
    assert session.view().bids[0] == Bid(2)


def test_space_says_the_typed_bid_and_places_nothing() -> None:
    """Space plays a card; while bidding it never commits the bid (issue 12, 4)."""
    session, control = _table()
    _type(control, "2")
    before = session.action_count
    assert control.handle(Command.PLAY_CARD) == BidEntryHeld("2")
    assert session.action_count == before
    assert session.view().bids[0] is None


def test_t_with_a_bid_entry_open_says_the_entry() -> None:
    """T (and coming back to the table) says what Enter would do: place the bid
    typed, or with the entry open and empty, how to bid. Before, it said only
    "Your turn to bid.", and an Enter meant to open the entry placed the bid."""
    session, control = _table()
    assert control.turn_reply() == WhoseTurn()
    _type(control, "3")
    assert control.handle(Command.WHOSE_TURN) == BidEntryHeld("3")
    _press(control, Command.ERASE)
    assert control.is_bid_entry_open
    assert control.turn_reply() == Info(InfoKind.BID_PROMPT)
    assert session.view().bids[0] is None


def test_a_digit_with_no_bid_to_make_says_so() -> None:
    _, control = _to_play()
    assert control.key_contexts() == (Context.TABLE,)
    assert control.handle(None, "7") == Info(InfoKind.BID_NOT_NOW)
    assert control.handle(Command.BID) == Info(InfoKind.BID_PROMPT)


# --- the focus ---
def test_left_and_right_stop_at_the_edges_of_the_hand() -> None:
    _, control = _to_play()
    hand = control.view.hand
    assert control.handle(Command.FIRST_CARD) == FocusMoved(hand[0], False)
    assert control.handle(Command.PREV_CARD) == FocusMoved(
        hand[0], False, FocusMove.EDGE
    )
    assert control.handle(Command.NEXT_CARD) == FocusMoved(hand[1], False)
    assert control.handle(Command.LAST_CARD) == FocusMoved(hand[-1], False)
    assert control.handle(Command.NEXT_CARD) == FocusMoved(
        hand[-1], False, FocusMove.EDGE
    )
    assert control.focus == hand[-1]


def test_up_and_down_go_to_the_first_card_of_each_suit() -> None:
    _, control = _to_play()
    view = control.view
    hand = view.hand
    starts = [
        i
        for i, c in enumerate(hand)
        if i == 0 or view.suit_of(hand[i - 1]) != view.suit_of(c)
    ]
    assert len(starts) >= 2
    control.handle(Command.FIRST_CARD)
    for index in starts[1:]:
        assert control.handle(Command.NEXT_SUIT) == FocusMoved(hand[index], False)
    last_suit_end = FocusMoved(hand[-1], False, FocusMove.EDGE)
    assert control.handle(Command.NEXT_SUIT) == last_suit_end
    for index in reversed(starts[:-1]):
        assert control.handle(Command.PREV_SUIT) == FocusMoved(hand[index], False)
    assert control.handle(Command.PREV_SUIT) == FocusMoved(
        hand[0], False, FocusMove.EDGE
    )


def test_tab_goes_through_the_playable_cards_and_wraps() -> None:
    _, control = _to_play()
    hand = control.view.hand
    playable = [c for c in hand if c in control.view.legal_plays]
    assert len(playable) >= 2
    control.handle(Command.LAST_CARD)
    replies = _press(control, *[Command.NEXT_PLAYABLE] * (len(playable) + 1))
    assert all(isinstance(r, FocusMoved) for r in replies)
    cards = [r.card for r in replies if isinstance(r, FocusMoved)]
    moves = [r.move for r in replies if isinstance(r, FocusMoved)]
    # From the last card Tab wraps round to the first card that may be played,
    # then steps forward through the others, and wraps again past the last one.
    assert cards == [*playable, playable[0]]
    assert moves == [
        FocusMove.WRAPPED,
        *[FocusMove.STEP] * (len(playable) - 1),
        FocusMove.WRAPPED,
    ]
    # Shift+Tab from the first playable card wraps to the last.
    assert control.handle(Command.PREV_PLAYABLE) == FocusMoved(
        playable[-1], False, FocusMove.WRAPPED
    )
    assert control.handle(Command.PREV_PLAYABLE) == FocusMoved(playable[-2], False)


def test_tab_with_one_card_to_play_goes_to_it_with_no_wrap() -> None:
    """QA: with one card that may be played, Tab said "the end of a list" (the
    wrap) before the card. It goes to that card, as the only one, from anywhere."""
    checked = in_a_fuller_hand = 0
    for seed in (3, 4, 5):
        session, control = _to_play(seed)
        while session.view().phase is Phase.PLAYING and session.is_human_turn:
            view = control.view
            playable = [c for c in view.hand if c in view.legal_plays]
            if len(playable) == 1:
                control.handle(Command.FIRST_CARD)
                control.handle(Command.LAST_CARD)
                only = FocusMoved(playable[0], False, FocusMove.ONLY)
                assert control.handle(Command.NEXT_PLAYABLE) == only
                assert control.handle(Command.NEXT_PLAYABLE) == only
                assert control.handle(Command.PREV_PLAYABLE) == only
                checked += 1
                in_a_fuller_hand += len(view.hand) > 1
            control.handle(Command.NEXT_PLAYABLE)
            control.focus = min(view.legal_plays)
            assert control.handle(Command.PLAY_CARD) is None
            _settle(session, control)
    assert checked >= 3 and in_a_fuller_hand >= 1


def test_tab_with_no_card_to_play_says_so() -> None:
    _, control = _table()
    assert control.handle(Command.NEXT_PLAYABLE) == Info(InfoKind.NO_PLAYABLE)
    assert control.handle(Command.PREV_PLAYABLE) == Info(InfoKind.NO_PLAYABLE)


def test_a_new_turn_puts_the_focus_on_a_card_that_may_be_played() -> None:
    _, control = _to_play()
    assert control.focus in control.view.legal_plays


def test_enter_plays_the_focused_card() -> None:
    session, control = _to_play()
    card = control.focus
    assert card is not None
    assert control.handle(Command.PLAY_CARD) is None
    assert card not in session.view().hand


def test_the_first_tab_of_a_turn_says_the_playable_card_under_the_focus() -> None:
    """QA: the turn put the focus on the 6 of diamonds, unspoken, and Tab said
    the 8: the first Tab now says the card it starts on; the next one moves."""
    _, control = _to_play()
    here = control.focus
    playable = [c for c in control.view.hand if c in control.view.legal_plays]
    assert here in playable and len(playable) >= 2
    assert control.handle(Command.NEXT_PLAYABLE) == FocusMoved(here, False)
    moved = control.handle(Command.NEXT_PLAYABLE)
    assert isinstance(moved, FocusMoved) and moved.card != here


def test_the_first_tab_of_a_turn_goes_on_from_a_card_said_while_waiting() -> None:
    """QA, on the page: End said the queen of hearts before the player's lead
    came; the turn left the focus there, and Tab said the queen again without
    moving (the next Tab went round to the 3 of clubs). The card a key moved to
    while the others played was said: the turn's first Tab goes on from it, as
    every Tab of the turn does (from the last card, round to the first)."""
    checked = 0
    for seed in (3, 4, 5, 6):
        session, control = _to_play(seed)
        while session.is_human_turn and session.view().phase is Phase.PLAYING:
            control.focus = min(control.view.legal_plays)
            assert control.handle(Command.PLAY_CARD) is None
            if not session.view().hand:
                break
            said = control.handle(Command.LAST_CARD)  # the others still to play
            assert isinstance(said, FocusMoved)
            _settle(session, control)
            view = control.view
            playable = [c for c in view.hand if c in view.legal_plays]
            if not session.is_human_turn or control.focus != said.card:
                continue  # the hand is over, or the turn moved the focus: said
            if len(playable) < 2:
                continue
            here = view.hand.index(said.card)
            after = [c for c in playable if view.hand.index(c) > here]
            expected = after[0] if after else playable[0]
            tab = control.handle(Command.NEXT_PLAYABLE)
            assert isinstance(tab, FocusMoved) and tab.card == expected, tab
            checked += 1
    assert checked >= 3, checked


# --- passing ---
def test_choosing_cards_to_pass_counts_down_and_passes_at_the_last() -> None:
    session, control = _table(seed=11, rules=BLIND_ANY_SCORE)
    question = session.question
    assert question is not None and question.kind is QuestionKind.BLIND_NIL
    assert control.key_contexts() == (Context.QUESTION, Context.TABLE)
    assert control.handle(Command.YES) is None
    _settle(session, control)
    view = session.view()
    assert view.phase is Phase.PASSING and session.is_human_turn
    needed = view.rules.blind_nil_pass
    assert needed == 2
    first = control.focus
    assert first is not None
    assert control.handle(Command.PLAY_CARD) == PassChoiceChanged(first, True, 1)
    assert control.handle(Command.NEXT_CARD) == FocusMoved(view.hand[1], False)
    assert control.handle(Command.PREV_CARD) == FocusMoved(first, True)
    assert control.handle(Command.PLAY_CARD) == PassChoiceChanged(first, False, 2)
    assert control.pass_choice == []
    _press(control, Command.PLAY_CARD, Command.NEXT_CARD)
    second = control.focus
    assert second is not None
    assert control.handle(Command.PLAY_CARD) is None
    assert control.pass_choice == []
    assert set(session.view().passed_out) == {first, second}


def _passing(seed: int = 11) -> tuple[GameSession, TableController]:
    """A blind nil bid, then seat 0's turn to choose two cards to pass."""
    session, control = _table(seed=seed, rules=BLIND_ANY_SCORE)
    assert control.handle(Command.YES) is None
    _settle(session, control)
    assert session.view().phase is Phase.PASSING and session.is_human_turn
    return session, control


def test_the_pass_hint_names_only_the_cards_still_to_choose() -> None:
    """QA: "10 of clubs chosen; choose 1 more." then H named two cards to pass.
    With one chosen, H names the one card still to choose, the hint's best card
    not chosen; with a hinted card chosen, the other one."""
    _, control = _passing()
    whole = control.handle(Command.HINT)
    assert isinstance(whole, HintGiven) and whole.hint.kind is HintKind.PASS
    best, second = whole.hint.cards
    other = next(c for c in control.view.hand if c not in whole.hint.cards)
    control.focus = other
    assert control.handle(Command.PLAY_CARD) == PassChoiceChanged(other, True, 1)
    narrowed = control.handle(Command.HINT)
    assert isinstance(narrowed, HintGiven)
    assert narrowed.hint.cards == (best,)
    assert control.handle(Command.HINTED_CARD) == FocusMoved(best, False)
    control.focus = other
    control.handle(Command.PLAY_CARD)  # put back
    control.focus = best
    control.handle(Command.PLAY_CARD)
    narrowed = control.handle(Command.HINT)
    assert isinstance(narrowed, HintGiven)
    assert narrowed.hint.cards == (second,)


def test_the_first_tab_when_passing_says_the_card_the_focus_sits_on() -> None:
    _, control = _passing()
    here = control.focus
    assert here is not None
    assert control.handle(Command.NEXT_PLAYABLE) == FocusMoved(here, False)
    moved = control.handle(Command.NEXT_PLAYABLE)
    assert isinstance(moved, FocusMoved) and moved.card != here


# --- nil not allowed ---
NO_NIL = {**ONE_HAND, "nil_allowed": False, "blind_nil_allowed": False}


def test_n_says_at_once_that_nil_is_not_allowed() -> None:
    """QA: N said "nil", and only Enter said nil is not allowed in these rules."""
    session, control = _table(rules=NO_NIL)
    assert control.key_contexts()[0] is Context.BIDDING
    assert control.handle(Command.BID_NIL) == NilRefused()
    assert control.bid_entry == ""
    assert _type(control, "0") == [NilRefused()]
    assert control.bid_entry == ""
    assert _type(control, "10") == [BidEntryChanged("1"), BidEntryChanged("10")]
    control.handle(Command.ERASE)
    control.handle(Command.ERASE)
    assert control.handle(Command.BID) == Info(InfoKind.BID_PROMPT)
    assert session.view().bids[0] is None


def test_f1_leaves_out_n_for_nil_only_when_the_rules_allow_no_nil() -> None:
    """(And G, which reminds another person of their turn, in a local game.)"""
    _, control = _table(rules=NO_NIL)
    assert control.unavailable_keys() == {Command.BID_NIL, Command.REMIND}
    _, control = _table()
    assert control.unavailable_keys() == {Command.REMIND}
    assert control.handle(Command.BID_NIL) == BidEntryChanged("0")
    assert control.handle(Command.REMIND) == RemindUnavailable(None)


# --- questions ---
def test_a_waiting_question_is_put_again_for_t_b_enter_and_digits() -> None:
    session, control = _table(seed=11, rules=BLIND_ANY_SCORE)
    question = session.question
    assert question is not None
    for command in (
        Command.WHOSE_TURN,
        Command.BID,
        Command.BID_OPEN,
        Command.PLAY_CARD,
    ):
        assert control.handle(command) == QuestionAgain(question)
    assert control.handle(None, "4") == QuestionAgain(question)
    assert control.handle(Command.NO) is None
    assert session.question is None


@pytest.mark.parametrize(
    ("seed", "rules"),
    [(11, BLIND_ANY_SCORE), (1, {**ONE_HAND, "preset": "open_spades"})],
    ids=["blind nil", "redeal"],
)
def test_every_key_under_the_games_own_question_follows_the_rule(
    seed: int, rules: dict[str, object]
) -> None:
    """Under the blind nil and the redeal questions, as under a question over the
    table (:func:`under_question`): the keys that only ask answer, H gives the
    question's hint, and every other key, one with no meaning too, asks the
    question again (QA: Tab said "You cannot play a card now.", Backspace that
    it does nothing)."""
    session, control = _table(seed=seed, rules=rules)
    question = session.question
    assert question is not None
    again = QuestionAgain(question)
    for command in Command:
        if command in (Command.YES, Command.NO):
            continue
        reply = control.handle(command)
        if command in QUERY_KEYS or command is Command.HINT:
            assert reply != again, command
        else:
            assert reply == again, command
        assert session.question == question, command
    assert isinstance(control.handle(Command.HINT), HintGiven)
    for char in ("", "x", "4", "\b"):  # Backspace, a letter, a digit
        assert control.handle(None, char) == again, char


def test_the_hand_is_hidden_while_deciding_on_blind_nil() -> None:
    session, control = _table(seed=11, rules=BLIND_ANY_SCORE)
    assert session.hand_hidden
    assert control.handle(Command.READ_HAND) == Info(InfoKind.HIDDEN_HAND)
    assert control.handle(Command.NEXT_CARD) == Info(InfoKind.HIDDEN_HAND)
    assert control.focus is None


# --- the question keys ---
@pytest.mark.parametrize(
    ("command", "kind"),
    [
        (Command.TRICK_INFO, InfoKind.TRICK_INFO),
        (Command.SCORES, InfoKind.SCORES),
        (Command.LAST_TRICK, InfoKind.LAST_TRICK),
        (Command.LAST_HAND, InfoKind.LAST_HAND),
        (Command.RULES_IN_FORCE, InfoKind.RULES),
        (Command.MATCH_STANDING, InfoKind.MATCH_STANDING),
        (Command.READ_HAND, InfoKind.HAND),
    ],
)
def test_each_question_key_asks_for_its_answer(
    command: Command, kind: InfoKind
) -> None:
    session, control = _table()
    before = session.action_count
    assert control.handle(command) == Info(kind)
    assert session.action_count == before


def test_c_names_the_trick_still_shown_and_t_whose_turn() -> None:
    _, control = _table()
    assert control.handle(Command.CARDS_ON_TABLE) == CardsOnTable(None)
    assert control.handle(Command.WHOSE_TURN) == WhoseTurn(False)
    assert control.handle(Command.CONTINUE) == WhoseTurn(False)


def test_a_trick_waiting_to_be_gathered() -> None:
    chosen = Rules.from_dict(dict(ONE_HAND), players=4)
    session = GameSession.new(
        chosen,
        seed=3,
        seating=Seating.chosen(chosen, ["random"] * (chosen.player_count - 1)),
        persist=False,
        wait_after_trick=True,
    )
    control = TableController(session, HintAhead(background=False))
    _settle(session, control)
    _type(control, "3")
    control.handle(Command.BID)
    _settle(session, control)
    while not session.awaiting_trick_clear:
        control.handle(Command.NEXT_PLAYABLE)
        control.handle(Command.PLAY_CARD)
        _settle(session, control)
    shown = session.shown_trick
    assert shown is not None
    assert control.handle(Command.CARDS_ON_TABLE) == CardsOnTable(shown)
    # V and I tell that trick's number, not the next's (QA: "Trick 2 of 8").
    assert control.handle(Command.TRICK_INFO) == WaitingTrickInfo(shown)
    # F tells the lead of that trick, whose cards are still down, as C tells
    # them (it said "Nothing led yet" of the next one).
    assert control.handle(Command.SUIT_LED) == SuitLed(shown)
    view = session.view()
    leader, first = shown.cards[0]
    said = suit_led_text(view, session.names, shown)
    suit = suit_name(view.suit_of(first))
    # ... as a trick past, apart from what the next lead may be (QA: "Gus led
    # clubs. Spades are not broken: you may not lead one yet." mixed the two).
    who = "You" if leader == 0 else session.names[leader]
    assert said.startswith(f"{who} led {suit} to that trick. Spades "), said
    assert control.handle(Command.WHOSE_TURN) == WhoseTurn(True, shown)
    assert control.handle(Command.PLAY_CARD) == TrickGathered()  # Enter gathers it.
    assert not session.awaiting_trick_clear


def test_t_in_the_pause_after_a_trick_names_its_winner_as_the_next_leader() -> None:
    """QA: T while a trick just won was still shown said "Your turn to play."
    before the table had said "Your lead.": it names the trick's winner, who
    leads the next."""
    session, control = _to_play()
    now, checked = session.now_ms, 0
    while session.view().phase is Phase.PLAYING and checked < 4:
        if session.is_human_turn:
            control.handle(Command.NEXT_PLAYABLE)
            control.handle(Command.PLAY_CARD)
        now += 20
        session.advance(now)
        control.drain()
        shown, view = session.shown_trick, session.view()
        if shown is None or view.trick or view.to_act != shown.seat:
            continue
        assert control.handle(Command.WHOSE_TURN) == WhoseTurn(False, shown)
        said = whose_turn_text(view, session.names, False, shown)
        if shown.seat == 0:
            assert said == "You won that trick, and lead the next."
        else:
            name = session.names[shown.seat]
            assert said == f"{name} won that trick, and leads the next."
        checked += 1
        while session.shown_trick is not None:  # the pause ends
            now += 20
            session.advance(now)
            control.drain()
        assert control.handle(Command.WHOSE_TURN) == WhoseTurn(False, None)
    assert checked == 4


def test_unbound_keys_are_named_and_blank_ones_ignored() -> None:
    _, control = _table()
    chord = Chord("x")
    assert control.handle(None, "x", chord) == UnboundKey(chord)
    assert control.handle(None, " ", Chord("space")) is None
    assert control.handle(None, "", Chord("f7")) is None


# --- hints ---
def test_hints_off_and_on() -> None:
    _, control = _table()
    off = control.handle(Command.HINT, hints_enabled=False)
    assert off == NoHint(NoHintReason.HINTS_OFF)
    found = control.handle(Command.HINT)
    assert isinstance(found, HintGiven) and found.hint.kind is HintKind.BID
    # A bid is not a card: J says so, with the hint.
    assert control.handle(Command.HINTED_CARD) == HintedCardMissing(found.hint)


def test_j_moves_to_the_card_the_hint_names() -> None:
    _, control = _to_play()
    found = control.handle(Command.HINT)
    assert isinstance(found, HintGiven) and found.hint.card is not None
    assert control.handle(Command.HINTED_CARD) == FocusMoved(found.hint.card, False)
    assert control.focus == found.hint.card


# --- undo ---
def test_undo_takes_back_the_bid_and_clears_the_entry() -> None:
    session, control = _to_play()
    assert control.handle(Command.UNDO) is None
    _settle(session, control)
    assert session.view().phase is Phase.BIDDING and session.is_human_turn
    assert session.view().bids[0] is None
    assert control.bid_entry == ""


class _OnlineSeat:
    """A seat of a game without undo (as online), over a local game's table."""

    supports_undo = False

    def __init__(self, session: GameSession) -> None:
        self._session = session
        self.undo_asked = 0

    def __getattr__(self, name: str) -> object:
        return getattr(self._session, name)

    def undo(self) -> bool:
        self.undo_asked += 1
        return False


def test_undo_is_refused_in_a_game_without_it_and_nothing_changes() -> None:
    session, _ = _table()
    seat = _OnlineSeat(session)
    control = TableController(seat, HintAhead(background=False))  # type: ignore[arg-type]
    control.drain()
    _type(control, "3")
    before = session.action_count
    assert control.handle(Command.UNDO) == UndoUnavailable()
    assert seat.undo_asked == 0
    assert session.action_count == before
    assert control.bid_entry == "3"  # Nothing was undone: the entry stays.


# --- the end ---
def _play_out(session: GameSession, control: TableController) -> None:
    for _ in range(200):
        if control.finished:
            return
        if session.is_human_turn and session.view().phase is Phase.BIDDING:
            _type(control, "1")
            control.handle(Command.BID)
        elif session.is_human_turn:
            control.handle(Command.NEXT_PLAYABLE)
            control.handle(Command.PLAY_CARD)
        session.save_if_dirty()
        _settle(session, control)
    raise AssertionError("the game did not end")


def test_after_the_game_enter_and_continue_start_nothing() -> None:
    session, control = _table()
    _play_out(session, control)
    assert session.is_over
    before = session.action_count
    assert control.handle(Command.PLAY_CARD) == Info(InfoKind.GAME_OVER)
    assert control.handle(Command.CONTINUE) == Info(InfoKind.GAME_OVER)
    assert session.action_count == before


def test_after_the_game_b_and_digits_say_the_game_is_over() -> None:
    """QA: B and 5 said "Bidding is over: you bid 17." after the game ended."""
    session, control = _table()
    _play_out(session, control)
    over = Info(InfoKind.GAME_OVER_NO_BID)
    assert control.handle(Command.BID_OPEN) == over
    assert control.handle(None, "5") == over
    assert control.handle(Command.DIGIT_5) == over
    assert control.bid_entry == ""


@pytest.mark.parametrize("command", [Command.HINT, Command.HINTED_CARD, Command.UNDO])
def test_after_the_game_h_j_and_undo_say_the_game_is_over(command: Command) -> None:
    """QA: after the game H and J said "No hint now: it is not your decision."
    and Ctrl+Z "You can undo only when it is your turn.", as if a turn would come."""
    session, control = _table()
    _play_out(session, control)
    before = session.action_count
    assert control.handle(command) == Info(InfoKind.GAME_OVER_NO_BID)
    control.drain()
    assert session.action_count == before


# --- a refused bid ---
MINIMUM_SIX = {**ONE_HAND, "minimum_side_bid": 6}
"""Seed 19: the partner bids 3 before seat 0, who must then bid 3 or more."""


class _ServerPort:
    """A port whose refusals come later, as an online table's come from the server:
    Enter only sends the bid, and the answer arrives a drain after."""

    def __init__(self, session: GameSession) -> None:
        self._session = session
        self._sent: Bid | None = None
        self._waited = False

    def __getattr__(self, name: str) -> object:
        return getattr(self._session, name)

    def human_bid(self, bid: Bid) -> bool:
        self._sent = bid
        return True  # sent; the server decides

    def drain(self) -> list[object]:
        if self._sent is not None:
            if not self._waited:
                self._waited = True
                return []  # not answered yet
            bid, self._sent = self._sent, None
            self._session.human_bid(bid)
        return self._session.drain()


@pytest.mark.parametrize("answered_later", [False, True])
def test_a_refused_bid_leaves_the_entry_open_on_it(answered_later: bool) -> None:
    """QA: under no hell or a minimum bid, the entry closed on a refusal, so Up and
    Down moved in the hand. It reopens on the refused number, here or online."""
    session, control = _table(19, MINIMUM_SIX)
    view = session.view()
    assert view.bids[0] is None and view.bids[2] == Bid(3)
    if answered_later:
        control = TableController(_ServerPort(session), HintAhead(background=False))  # type: ignore[arg-type]
    _type(control, "2")
    _press(control, Command.BID)
    control.drain()
    if answered_later:
        control.drain()
    assert session.view().bids[0] is None
    assert control.is_bid_entry_open and control.bid_entry == "2"
    # Up and Down step through the bids from the refused one, not the hand.
    assert _press(control, Command.BID_UP) == [BidEntryChanged("3")]
    assert _press(control, Command.BID_UP) == [BidEntryChanged("4")]
    assert _press(control, Command.BID_DOWN) == [BidEntryChanged("3")]
    # A digit starts afresh; Enter places it.
    assert _type(control, "4") == [BidEntryChanged("4")]
    _press(control, Command.BID)
    control.drain()
    control.drain()
    assert session.view().bids[0] == Bid(4)
    assert not control.is_bid_entry_open


def test_down_from_a_refused_bid_under_the_lowest_says_the_lowest_allowed() -> None:
    """QA: Down from a refused 2 when 3 is the lowest bid allowed stayed on 2 and
    said 2 again, as if it could be placed. It goes to the nearest allowed bid."""
    session, control = _table(19, MINIMUM_SIX)
    legal = [b.tricks for b in session.view().legal_bids if not b.blind]
    assert min(legal) == 3 and 2 not in legal
    _type(control, "2")
    _press(control, Command.BID)
    control.drain()
    assert control.bid_entry == "2"
    assert _press(control, Command.BID_DOWN) == [BidEntryChanged("3")]
    # At the lowest allowed bid, Down stays there, as it always has.
    assert _press(control, Command.BID_DOWN) == [BidEntryChanged("3")]
    _press(control, Command.BID)
    control.drain()
    assert session.view().bids[0] == Bid(3)


def test_f1_after_the_game_leaves_out_the_keys_of_bidding_hints_and_play() -> None:
    """QA: F1 on a finished game listed B, J, H, G and Tab, which did nothing;
    Enter and N, which tell the result again, stay."""
    session, control = _table()
    assert Command.NEXT_PLAYABLE not in control.unavailable_keys()
    _play_out(session, control)
    hidden = control.unavailable_keys()
    for command in (
        Command.BID_OPEN,
        Command.HINT,
        Command.HINTED_CARD,
        Command.REMIND,
        Command.NEXT_PLAYABLE,
        Command.PREV_PLAYABLE,
    ):
        assert command in hidden, command
    assert not hidden & {Command.PLAY_CARD, Command.CONTINUE}


# --- the gathering key pressed by habit after a hand's last trick ---
TWO_HANDS = {**ONE_HAND, "hand_limit": 2}
TWO_HANDS_BLIND = {**TWO_HANDS, "blind_nil_behind": 0}


def _waiting_table(
    rules: dict[str, object], seed: int = 3
) -> tuple[GameSession, TableController]:
    """A local game that waits for a key after each trick, at seat 0's bid."""
    chosen = Rules.from_dict(dict(rules), players=4)
    session = GameSession.new(
        chosen,
        seed=seed,
        seating=Seating.chosen(chosen, ["random"] * (chosen.player_count - 1)),
        persist=False,
        wait_after_trick=True,
    )
    control = TableController(session, HintAhead(background=False))
    _settle(session, control)
    return session, control


def _to_the_hands_end(session: GameSession, control: TableController) -> None:
    """Bid 3 and play the hand out, gathering each trick with N, up to the moment
    its last trick is won: its summary just told, the next deal not yet come."""
    if session.question is not None:
        control.handle(Command.NO)  # the blind nil question: look at the cards
        _settle(session, control)
    _type(control, "3")
    control.handle(Command.BID)
    _settle(session, control)
    for _ in range(13):
        assert session.is_human_turn and session.view().phase is Phase.PLAYING
        control.handle(Command.NEXT_PLAYABLE)
        control.handle(Command.PLAY_CARD)
        for _ in range(100):  # the others play their cards, at the table's pace
            if session.awaiting_trick_clear or len(session.view().history) == 1:
                break
            session.advance(session.now_ms + 100)
        notices = control.drain()
        if session.awaiting_trick_clear:
            assert control.handle(Command.CONTINUE) == TrickGathered()
            assert not control.after_last_trick
            _settle(session, control)
            continue
        assert any(isinstance(n, HandScored) for n in notices)
        return
    raise AssertionError("the hand did not end")


def test_n_by_habit_after_a_hands_last_trick_tells_where_things_stand() -> None:
    """QA: with "wait for a key after each trick" on, the player presses N after
    every trick, and after the hand's last one too, which is not held (its summary
    came with it). That N said "The next hand is being dealt." over the summary;
    come at the player's bid, it opened a nil entry the player never asked for.
    It is answered with where things stand (said after the summary), and the
    next N is the player's own again."""
    session, control = _waiting_table(TWO_HANDS)
    _to_the_hands_end(session, control)
    assert control.after_last_trick
    assert session.view().phase is Phase.DEALING
    shown = session.shown_trick  # the last trick, still shown for its pause
    assert shown is not None
    habit = control.handle(Command.CONTINUE, "n")
    assert habit == NothingToGather(WhoseTurn(shown_trick=shown))
    assert not control.after_last_trick

    # The same N, come at the player's bid in the next hand: no nil entry.
    session, control = _waiting_table(TWO_HANDS)
    _to_the_hands_end(session, control)
    _settle(session, control)
    assert session.is_human_turn and session.view().phase is Phase.BIDDING
    assert control.key_contexts() == (Context.BIDDING, Context.TABLE)
    # The key means nil at the bid; at the table, under it, it gathers.
    answer = control.handle(Command.BID_NIL, "n", table_meaning=Command.CONTINUE)
    assert answer == NothingToGather(WhoseTurn())
    assert control.bid_entry == "" and not control.is_bid_entry_open
    # Pressed again, N is the nil it says it is.
    again = control.handle(Command.BID_NIL, "n", table_meaning=Command.CONTINUE)
    assert again == BidEntryChanged("0")


def test_enter_by_habit_at_the_next_bid_is_not_a_bid_prompt_over_the_summary() -> None:
    """Enter gathers a waiting trick too: pressed by habit, it is the same."""
    session, control = _waiting_table(TWO_HANDS)
    _to_the_hands_end(session, control)
    _settle(session, control)
    answer = control.handle(Command.BID, table_meaning=Command.PLAY_CARD)
    assert answer == NothingToGather(WhoseTurn())
    assert control.handle(Command.BID) == Info(InfoKind.BID_PROMPT)


def test_n_by_habit_never_answers_the_question_the_next_deal_asks() -> None:
    """N answers no to the blind nil question: by habit, it puts it again."""
    session, control = _waiting_table(TWO_HANDS_BLIND)
    _to_the_hands_end(session, control)
    _settle(session, control)
    question = session.question
    assert question is not None and question.kind is QuestionKind.BLIND_NIL
    answer = control.handle(Command.NO, "n", table_meaning=Command.CONTINUE)
    assert answer == NothingToGather(QuestionAgain(question))
    assert session.question == question and session.hand_hidden


def test_n_by_habit_after_the_games_last_trick_is_no_interruption() -> None:
    session, control = _waiting_table(ONE_HAND, seed=4)  # seed 3: a tie, a hand more
    _to_the_hands_end(session, control)
    assert session.is_over
    session.save_if_dirty()
    control.drain()
    assert control.finished
    shown = session.shown_trick
    habit = control.handle(Command.CONTINUE)
    assert habit == NothingToGather(WhoseTurn(shown_trick=shown))
    assert control.handle(Command.CONTINUE) == Info(InfoKind.GAME_OVER)


def test_any_other_key_first_ends_the_habit() -> None:
    session, control = _waiting_table(TWO_HANDS)
    _to_the_hands_end(session, control)
    _settle(session, control)
    assert control.handle(Command.SCORES) == Info(InfoKind.SCORES)
    answer = control.handle(Command.BID_NIL, "n", table_meaning=Command.CONTINUE)
    assert answer == BidEntryChanged("0")


class _NoTrickWaits:
    """A seat whose tricks are never waited on (as online: the server paces
    them, and a client drops the notice)."""

    def __init__(self, session: GameSession) -> None:
        self._session = session

    def __getattr__(self, name: str) -> object:
        return getattr(self._session, name)

    def drain(self) -> list[object]:
        return [n for n in self._session.drain() if not isinstance(n, TrickWaiting)]


def test_where_no_trick_waited_n_after_the_hand_is_the_players_own() -> None:
    """No habit where no trick was gathered by a key (an online table, a local
    one that does not wait): N at the next bid opens the nil entry at once."""
    chosen = Rules.from_dict(dict(TWO_HANDS), players=4)
    session = GameSession.new(
        chosen,
        seed=3,
        seating=Seating.chosen(chosen, ["random"] * (chosen.player_count - 1)),
        persist=False,
        wait_after_trick=True,
    )
    port = _NoTrickWaits(session)
    control = TableController(port, HintAhead(background=False))  # type: ignore[arg-type]
    _settle(session, control)
    _type(control, "3")
    control.handle(Command.BID)
    _settle(session, control)
    while session.view().phase is not Phase.BIDDING or not session.is_human_turn:
        if session.awaiting_trick_clear:
            session.clear_trick()
        elif session.is_human_turn:
            control.handle(Command.NEXT_PLAYABLE)
            control.handle(Command.PLAY_CARD)
        _settle(session, control)
    assert not control.after_last_trick
    answer = control.handle(Command.BID_NIL, "n", table_meaning=Command.CONTINUE)
    assert answer == BidEntryChanged("0")


_ANSWERED_AS_AT_THE_TABLE = frozenset(
    {
        Command.SCORES,
        Command.MATCH_STANDING,
        Command.LAST_HAND,
        Command.LAST_TRICK,
        Command.TRICK_INFO,
        Command.RULES_IN_FORCE,
        Command.CARDS_ON_TABLE,
        Command.SUIT_LED,
        Command.READ_HAND,
        Command.WHO_IS_HERE,
        Command.SCORE_SHEET,
        Command.NEXT_CARD,
        Command.PREV_CARD,
        Command.NEXT_SUIT,
        Command.PREV_SUIT,
        Command.FIRST_CARD,
        Command.LAST_CARD,
    }
)
"""The keys that answer as at the table under a yes/no question over it: S, M,
P, L, V and I, U, C, F, R, W, K and the arrows, Home and End, written out."""

_GAME_OWN = frozenset(
    {
        Command.HELP,
        Command.WHAT_KEY,
        Command.REPEAT,
        Command.HISTORY_BACK,
        Command.HISTORY_FORWARD,
        Command.SILENCE,
        Command.SPEECH_FASTER,
        Command.SPEECH_SLOWER,
        Command.CUE_LOUDER,
        Command.CUE_QUIETER,
        Command.FULLSCREEN,
        Command.QUIT,
    }
)
"""The game's keys of every screen (F1, F2, F5, Page Up...), written out."""

_PAGE_OWN = frozenset(
    {
        Command.HELP,
        Command.REPEAT,
        Command.HISTORY_BACK,
        Command.HISTORY_FORWARD,
        Command.CHAT,
    }
)
"""The page's own keys (F1, A, Page Up and Down, the chat key), written out."""


@pytest.mark.parametrize("own", [_GAME_OWN, _PAGE_OWN], ids=["game", "page"])
def test_every_key_under_a_question_over_the_table(own: frozenset[Command]) -> None:
    """Each key's answer under "Abandon the game?", "Leave the table?", "Start
    another game?": Y and N answer it, the keys that only ask answer as at the
    table, the client's own keys are its own, and every other key (Enter, N's
    gathering, B, T, H, Tab, Escape, the chat key in the game...) asks the
    question again. Written out key by key: a key whose answer changes fails."""
    expected: dict[Command | None, UnderQuestion] = {None: UnderQuestion.AGAIN}
    for command in Command:
        if command is Command.YES:
            expected[command] = UnderQuestion.YES
        elif command is Command.NO:
            expected[command] = UnderQuestion.NO
        elif command in _ANSWERED_AS_AT_THE_TABLE:
            expected[command] = UnderQuestion.ASKS
        elif command in own:
            expected[command] = UnderQuestion.OWN
        else:
            expected[command] = UnderQuestion.AGAIN
    answers = {command: under_question(command, own) for command in expected}
    assert answers == expected
    for acting in (
        Command.PLAY_CARD,
        Command.CONTINUE,
        Command.BID_OPEN,
        Command.WHOSE_TURN,
        Command.HINT,
        Command.NEXT_PLAYABLE,
        Command.MENU,
        Command.UNDO,
    ):
        assert answers[acting] is UnderQuestion.AGAIN, acting
    assert answers[Command.CHAT] is (
        UnderQuestion.OWN if own is _PAGE_OWN else UnderQuestion.AGAIN
    )


def test_f1_under_a_question_words_the_keys_that_ask_it_again() -> None:
    """F1's words under a question: the table's own for the keys that only ask
    (even one F1 leaves out at the table), "again" for the keys that would act,
    but those F1 leaves out at the table (hidden, or worded None there); none
    for the answers and the client's own keys."""
    table = {
        Command.SCORES: "the scores",
        Command.PLAY_CARD: "play the card",
        Command.UNDO: None,
    }
    hidden = {Command.HINT, Command.SCORES}
    words = under_question_meanings(table, {Command.HELP}, "again", hidden)
    assert words[Command.SCORES] == "the scores"
    assert words[Command.PLAY_CARD] == "again"
    left_out = {Command.UNDO, Command.HINT, Command.HELP, Command.YES, Command.NO}
    assert not left_out & words.keys()
    # The other keys that only ask: the table gives them no words of its own.
    assert not (_ANSWERED_AS_AT_THE_TABLE - {Command.SCORES}) & words.keys()
    assert {c for c, w in words.items() if w == "again"} == (
        set(Command) - _ANSWERED_AS_AT_THE_TABLE - left_out
    )
