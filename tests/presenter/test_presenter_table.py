"""The picture's header says what the table waits on, in every phase, for a
player and for a spectator."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from audiospades import i18n
from audiospades.notices import Question, QuestionKind, YourTurn
from audiospades.presenter.events import describe
from audiospades.presenter.table import (
    bid_field_text,
    cards_on_table_text,
    dealer_shown,
    hand_text,
    hidden_hand_text,
    passing_state_text,
    question_text,
    seat_holders,
    seat_marks,
    seats_to_act,
    trick_info_text,
    turn_header_text,
    whose_turn_text,
)
from audiospades.presenter.web import picture_header
from audiospades.presenter.words import card_name, the_card, watching
from audiospades.replies import Company, HolderKind, Occupant
from audiospades.rules import (
    Card,
    Game,
    Phase,
    Rules,
    TrickWon,
    seat_view,
    shuffled_deal,
)

NAMES = ("Ann", "Rosa", "Lee", "Omar")


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _view(**changes: object):  # type: ignore[no-untyped-def]
    view = seat_view(Game(Rules.from_dict({"preset": "pagat"})), 0)
    return dataclasses.replace(view, **changes)


def test_the_header_names_who_bids_passes_or_plays() -> None:
    assert turn_header_text(_view(phase=Phase.BIDDING, to_act=1), NAMES) == (
        "To bid: Rosa"
    )
    assert turn_header_text(_view(phase=Phase.PASSING, to_act=0), NAMES) == (
        "To pass: You"
    )
    assert turn_header_text(_view(phase=Phase.PLAYING, to_act=0), NAMES) == (
        "To play: You"
    )
    assert turn_header_text(_view(phase=Phase.DEALING, to_act=None), NAMES) is None


def test_the_header_names_the_computer_playing_for_one_away() -> None:
    """Online, a computer stands in for a person away at their turn: the header
    says it plays for them, not "You", whose move it is not (the page's too)."""
    playing = _view(phase=Phase.PLAYING, to_act=0)
    assert turn_header_text(playing, NAMES, stand_in="Hazel") == (
        "To play: Hazel, for you"
    )
    bidding = _view(phase=Phase.BIDDING, to_act=0)
    assert turn_header_text(bidding, NAMES, stand_in="Hazel") == (
        "To bid: Hazel, for you"
    )
    # Another's turn is told as ever.
    assert turn_header_text(
        _view(phase=Phase.PLAYING, to_act=1), NAMES, stand_in="Hazel"
    ) == ("To play: Rosa")
    assert picture_header(playing, NAMES, stand_in="Hazel")[-1] == (
        "To play: Hazel, for you"
    )


def test_the_picture_frames_the_seats_the_header_names() -> None:
    assert seats_to_act(_view(phase=Phase.BIDDING, to_act=1)) == (1,)
    asked = _view(phase=Phase.BIDDING, to_act=None, question_open=True)
    assert seats_to_act(dataclasses.replace(asked, answering=(0, 2))) == (0, 2)
    assert seats_to_act(asked) == ()  # a redeal question names no one
    assert seats_to_act(_view(phase=Phase.PLAYING, to_act=2), trick_waits=True) == ()
    assert seats_to_act(_view(phase=Phase.DEALING, to_act=None)) == ()


def test_the_dealer_badge_stays_with_the_hand_still_shown() -> None:
    won = TrickWon(seat=1, trick_index=12, cards=())
    # The hand is over: the engine names the next dealer, the table still shows it.
    over = _view(phase=Phase.DEALING, dealer=2, completed_tricks=(won,))
    assert dealer_shown(over) == 1
    assert dealer_shown(_view(phase=Phase.BIDDING, dealer=2)) == 2
    # A hand thrown in is dealt again by the same dealer.
    assert dealer_shown(_view(phase=Phase.DEALING, dealer=2)) == 2
    assert (
        dealer_shown(_view(phase=Phase.DEALING, dealer=0, completed_tricks=(won,))) == 3
    )


def test_the_bid_field_names_the_bid_typed() -> None:
    view = _view(phase=Phase.BIDDING, to_act=0)
    assert bid_field_text("12", view) == "Your bid: 12"
    assert bid_field_text("0", view) == "Your bid: nil"
    assert bid_field_text("", view) == "Your bid: "


def test_a_spectator_sees_the_watched_player_named_not_you() -> None:
    with watching():
        assert turn_header_text(_view(phase=Phase.PLAYING, to_act=0), NAMES) == (
            "To play: Ann"
        )
        assert picture_header(_view(phase=Phase.PLAYING, to_act=0), NAMES)[-1] == (
            "To play: Ann"
        )


def test_a_trick_to_gather_is_not_someone_to_play() -> None:
    view = _view(phase=Phase.PLAYING, to_act=2)
    assert turn_header_text(view, NAMES, trick_waits=True) == "Trick complete"
    assert picture_header(view, NAMES, trick_waits=True)[-1] == "Trick complete"


def test_the_end_of_the_game_shows_the_winner_or_the_draw() -> None:
    over = _view(phase=Phase.GAME_OVER, to_act=None, winner=1)
    assert turn_header_text(over, NAMES) == "Game over. Winner: Rosa and Omar"
    won = _view(phase=Phase.GAME_OVER, to_act=None, winner=0)
    assert turn_header_text(won, NAMES) == "Game over. Winner: You and Lee"
    drawn = _view(phase=Phase.GAME_OVER, to_act=None, winner=None, is_draw=True)
    assert turn_header_text(drawn, NAMES) == "Game over: a draw"


def test_you_inside_a_trick_s_list_is_lower_case_and_opens_it_capitalised() -> None:
    """ "On the table: Rosa, 4 of spades and you, 10 of spades": a capital "You" in
    mid-sentence is wrong (and shows on a braille display), the trick just won
    and still shown too (its list opened its sentence once; it is "On the
    table:" now, as any other)."""
    trick = ((1, Card.parse("4S")), (0, Card.parse("TS")))
    said = cards_on_table_text(_view(phase=Phase.PLAYING, trick=trick), NAMES)
    assert said.startswith("On the table: Rosa, 4 of spades and you, 10 of spades.")
    won = TrickWon(seat=0, trick_index=0, cards=tuple(reversed(trick)))
    said = cards_on_table_text(_view(phase=Phase.PLAYING, trick=()), NAMES, won)
    assert said == "On the table: you, 10 of spades and Rosa, 4 of spades. You won it."


def test_the_blind_nil_question_alone_says_behind_the_leader() -> None:
    """Each for themselves, "behind" alone named no one: it is the leader."""
    question = Question(QuestionKind.BLIND_NIL, behind=100)
    assert question_text(question, partnerships=False).startswith(
        "You are 100 or more points behind the leader. Bid blind nil, "
    )
    assert question_text(question).startswith(
        "Your side is 100 or more points behind. Bid blind nil, "
    )


def test_the_blind_nil_question_of_three_sides_says_behind_the_leader() -> None:
    """With two sides "behind" is behind the other one; with three, the leader."""
    question = Question(QuestionKind.BLIND_NIL, behind=100)
    assert question_text(question, partnerships=True, sides=2).startswith(
        "Your side is 100 or more points behind. Bid blind nil, "
    )
    assert question_text(question, partnerships=True, sides=3).startswith(
        "Your side is 100 or more points behind the leader. Bid blind nil, "
    )


def test_the_hidden_hand_after_a_yes_to_blind_nil_says_until_the_turn() -> None:
    """R while the question waits: answer it. After a yes, while another person
    still thinks, the cards stay hidden until the blind nil is bid at the turn;
    "until you answer the question" sent the player looking for one."""
    from audiospades.seating import Seating
    from audiospades.table_core import PACES, TableCore

    rules = dataclasses.replace(
        Rules.pagat(), target_score=None, hand_limit=1, blind_nil_behind=0
    )
    table = TableCore(
        Game(rules, first_dealer=0),
        seed=5,
        seating=Seating((None, None, "hazel", "hazel"), ("A", "B", "C", "D")),
        humans=(0, 1),
        delays=PACES["fast"],
    )
    table.run_until_idle()
    assert table.view(0).hand_hidden
    assert hidden_hand_text(table.view(0)) == (
        "Your cards are hidden until you answer the blind nil question."
    )
    table.answer(0, True)
    view = table.view(0)
    assert view.hand_hidden and view.question_open  # seat 1 still thinks
    assert hidden_hand_text(view) == (
        "Your cards stay hidden until your turn to bid, when your blind nil is bid."
    )


@pytest.mark.parametrize(
    ("pending", "chosen", "words"),
    [
        (
            (0, 2),
            (),
            "Passing, before the first trick: you have chosen 0 of 2 cards to pass "
            "to Lee.",
        ),
        (
            (0, 2),
            (Card.parse("AH"),),
            "Passing, before the first trick: you have chosen 1 of 2 cards to pass "
            "to Lee. Chosen: the ace of hearts.",
        ),
        (
            (2, 0),
            (),
            "Passing, before the first trick: Lee is choosing 2 cards to pass to you.",
        ),
        (
            (1, 3),
            (),
            "Passing, before the first trick: Rosa is choosing 2 cards to pass to "
            "Omar.",
        ),
    ],
)
def test_the_passing_state_says_who_passes_to_whom(
    pending: tuple[int, int], chosen: tuple[Card, ...], words: str
) -> None:
    """Keys V and I while passing: no trick is under way, so no trick number."""
    view = _view(phase=Phase.PASSING, pending_pass=pending, to_act=pending[0])
    assert passing_state_text(view, NAMES, chosen) == words


def test_one_card_to_pass_is_said_in_the_singular() -> None:
    rules = Rules.from_dict({"preset": "pagat", "blind_nil_pass": 1})
    view = dataclasses.replace(
        seat_view(Game(rules), 0),
        phase=Phase.PASSING,
        pending_pass=(0, 2),
        to_act=0,
    )
    assert passing_state_text(view, NAMES) == (
        "Passing, before the first trick: you have chosen 0 of 1 card to pass to Lee."
    )


def test_a_turn_without_its_own_view_is_told_from_the_view_after_it() -> None:
    view = _view(phase=Phase.BIDDING, to_act=0)
    names = ["You", "West", "North", "East"]
    assert describe(YourTurn(None), view, names) == describe(
        YourTurn(view), view, names
    )
    assert "bid" in describe(YourTurn(None), view, names)[0].text


def test_tab_to_the_only_card_says_it_is_the_only_one_with_no_edge_cue() -> None:
    from audiospades.presenter.replies import reply_utterances
    from audiospades.replies import FocusMove, FocusMoved
    from audiospades.sound import Cue

    ace = Card.parse("AS")
    view = _view(
        phase=Phase.PLAYING, to_act=0, hand=(ace, Card.parse("2H")), legal_plays={ace}
    )
    only = FocusMoved(ace, False, FocusMove.ONLY)
    (said,) = reply_utterances(only, view, NAMES)
    assert said.text == "ace of spades, the only card you can play"
    assert said.cue is Cue.CARD_FOCUS
    (brief,) = reply_utterances(only, view, NAMES, "brief")
    assert brief.text == said.text  # brief or not: there is no other card
    passing = dataclasses.replace(view, phase=Phase.PASSING, legal_plays=frozenset())
    (said,) = reply_utterances(only, passing, NAMES)
    assert said.text == "ace of spades, the only card not chosen to pass"
    wrapped = reply_utterances(FocusMoved(ace, False, FocusMove.WRAPPED), view, NAMES)
    assert [u.cue for u in wrapped] == [Cue.EDGE, Cue.CARD_FOCUS]


def test_n_by_habit_after_a_hands_end_is_said_after_what_is_being_said() -> None:
    """The words of where things stand, as T says them, but not over the summary."""
    from audiospades.presenter.replies import reply_utterances
    from audiospades.replies import NothingToGather, WhoseTurn

    view = _view(phase=Phase.BIDDING, to_act=0)
    (turn,) = reply_utterances(WhoseTurn(), view, NAMES)
    (habit,) = reply_utterances(NothingToGather(WhoseTurn()), view, NAMES)
    assert turn.interrupt and not habit.interrupt
    assert habit.text == turn.text == "Your turn to bid."


def test_t_in_a_tricks_pause_names_its_winner_who_leads_next() -> None:
    cards = ((1, Card.parse("2H")), (2, Card.parse("AH")), (3, Card.parse("3H")))
    won_by_lee = TrickWon(2, 0, ((0, Card.parse("4H")), *cards))
    view = _view(phase=Phase.PLAYING, to_act=2, trick=())
    assert whose_turn_text(view, NAMES, False, won_by_lee) == (
        "Lee won that trick, and leads the next."
    )
    won_by_you = dataclasses.replace(won_by_lee, seat=0)
    mine = dataclasses.replace(view, to_act=0)
    assert whose_turn_text(mine, NAMES, False, won_by_you) == (
        "You won that trick, and lead the next."
    )
    # Once the next trick has begun, or a trick waits to be gathered: as before.
    begun = dataclasses.replace(view, to_act=3, trick=((2, Card.parse("KS")),))
    assert whose_turn_text(begun, NAMES, False, won_by_lee) == "Omar is playing."
    assert whose_turn_text(view, NAMES, True, won_by_lee).startswith(
        "The trick is complete"
    )


def _partner_passed(seed: int = 3) -> Game:
    """A game where Lee (seat 2, the partner) bid blind nil and passed two cards
    to you: you choose two to pass back."""
    import random

    from audiospades.rules import Bid, shuffled_deal

    rules = Rules.from_dict({"preset": "pagat", "blind_nil_behind": 0})
    game = Game(rules, first_dealer=0)
    game.deal(shuffled_deal(rules, random.Random(seed)))
    while game.phase is Phase.BIDDING:
        seat = game.to_act
        assert seat is not None
        game.bid(seat, Bid.blind_nil() if seat == 2 else Bid(3))
    assert game.pending_pass() == (2, 0)
    game.pass_cards(2, game.hand(2)[:2])
    return game


def _said(reply: object, view: object, verbosity: str = "full") -> str:
    from audiospades.presenter.replies import reply_utterances

    (said,) = reply_utterances(reply, view, NAMES, verbosity)  # type: ignore[arg-type]
    return said.text


def test_a_card_passed_to_you_says_who_passed_it_under_the_cursor() -> None:
    """QA: "Lee passes you ..." was said once; then the cursor named those cards
    as any other, and the player passed her partner's own card straight back.
    Until the first trick is complete (as long as the picture tags them), each
    says so: "from Lee" (briefly "new"); the other cards are said as before."""
    from audiospades.replies import FocusMove, FocusMoved

    game = _partner_passed()
    view = seat_view(game, 0)
    assert view.phase is Phase.PASSING and view.is_my_turn
    given, kept = (
        view.passed_in[0],
        next(c for c in view.hand if c not in view.passed_in),
    )
    name, other = card_name(given), card_name(kept)
    assert _said(FocusMoved(given, False), view) == f"{name}, from Lee"
    assert _said(FocusMoved(given, False), view, "brief") == f"{name}, new"
    assert _said(FocusMoved(given, True), view) == f"{name}, from Lee, chosen to pass"
    assert _said(FocusMoved(kept, False), view) == other
    assert _said(FocusMoved(kept, False), view, "brief") == other
    only = FocusMoved(given, False, FocusMove.ONLY)
    assert _said(only, view) == f"{name}, from Lee, the only card not chosen to pass"

    # Passed back, the first trick: the cursor says it beside whether it plays.
    game.pass_cards(0, [c for c in game.hand(0) if c not in view.passed_in][:2])
    while game.to_act != 0:
        seat = game.to_act
        assert seat is not None
        game.play(seat, sorted(game.legal_plays(seat), key=str)[0])
    view = seat_view(game, 0)
    for card in view.passed_in:
        playable = "playable" if card in view.legal_plays else "not playable"
        name = card_name(card)
        assert _said(FocusMoved(card, False), view) == f"{name}, from Lee, {playable}"
        brief = f"{name}, new" + ("" if card in view.legal_plays else ", not playable")
        assert _said(FocusMoved(card, False), view, "brief") == brief

    # The first trick complete, the tag is gone, and so are the words.
    game.play(0, sorted(game.legal_plays(0), key=str)[0])
    while game.to_act != 0:
        seat = game.to_act
        assert seat is not None
        game.play(seat, sorted(game.legal_plays(seat), key=str)[0])
    view = seat_view(game, 0)
    assert view.completed_tricks
    for card in view.passed_in:
        if card in view.hand:
            assert "Lee" not in _said(FocusMoved(card, False), view)
            assert "new" not in _said(FocusMoved(card, False), view, "brief")


def test_reading_the_hand_names_the_cards_passed_to_you_after_it() -> None:
    """R: the whole hand, then the cards passed to you, in the hand's order,
    while the picture tags them; nothing more once the first trick is complete."""
    from audiospades.replies import Info, InfoKind

    game = _partner_passed()
    view = seat_view(game, 0)
    said = _said(Info(InfoKind.HAND), view)
    whole = hand_text(view.hand, view.rules)
    high, low = sorted(view.passed_in, key=lambda c: -int(c.rank))
    assert said == f"{whole} From Lee: {the_card(high)} and {the_card(low)}."
    # Nothing received: the hand as before.
    plain = seat_view(Game(Rules.from_dict({"preset": "pagat"})), 0)
    assert _said(Info(InfoKind.HAND), plain) == hand_text(plain.hand, plain.rules)
    done = dataclasses.replace(
        view, completed_tricks=(TrickWon(seat=1, trick_index=0, cards=()),)
    )
    assert _said(Info(InfoKind.HAND), done) == whole


def _game_then(dealt: int, thrown_in: bool = False) -> Game:
    """A game (misdeal rule) of ``dealt`` deals; the last thrown in if asked."""
    import random

    rules = Rules.open_spades()
    for seed in range(200):
        game = Game(rules, first_dealer=0)
        rng = random.Random(seed)
        for _ in range(dealt):
            game.deal(shuffled_deal(rules, rng))
        asking = [s for s in range(4) if game.can_request_redeal(s)]
        if not thrown_in:
            return game
        if asking:
            game.request_redeal(asking[0])
            return game
    raise AssertionError("no seed gave a hand to throw in")


@pytest.mark.parametrize("seat", [0, 2])
def test_t_and_v_before_the_first_deal_say_the_game_is_starting(seat: int) -> None:
    """QA: T or V between the game's start and its first deal said "The next hand
    is being dealt.", of a game whose first hand it is."""
    view = seat_view(_game_then(0), seat)
    starting = "The game is starting: the cards are being dealt."
    assert whose_turn_text(view, NAMES) == starting
    assert trick_info_text(view, NAMES) == starting


def test_t_and_v_while_a_hand_thrown_in_is_dealt_again_say_so() -> None:
    """QA: T or V while a hand thrown in (seed 002's misdeal) was dealt again said
    "The next hand is being dealt."; now what the redeal itself said, "The cards
    are dealt again."."""
    view = seat_view(_game_then(1, thrown_in=True), 0)
    assert whose_turn_text(view, NAMES) == "The cards are dealt again."
    assert trick_info_text(view, NAMES) == "The cards are dealt again."


@pytest.mark.parametrize(
    ("holder", "tag"),
    [
        (Occupant(HolderKind.PERSON, "Bob"), None),
        (Occupant(HolderKind.COMPUTER, "Hazel", character="hazel"), "computer"),
        (
            Occupant(HolderKind.COMPUTER, "Hazel", stand_in=True, stands_in_for="Ann"),
            "computer",
        ),
        (Occupant(HolderKind.PERSON, "Bob", connected=False), "away"),
        (
            Occupant(HolderKind.PERSON, "Bob", connected=False, stand_in=True),
            "computer plays",
        ),
        (Occupant(HolderKind.PERSON, "Bob", stand_in=True), "computer plays"),
        (Occupant(HolderKind.EMPTY), "left"),
    ],
)
def test_an_online_label_is_tagged_with_who_holds_its_seat(
    holder: Occupant, tag: str | None
) -> None:
    """Online, each label says who holds its seat (between its other tags); a
    local table's labels (no holder) say nothing of it."""
    view = seat_view(Game(Rules.pagat()), 0)
    local = seat_marks(1, view, 1)
    assert local == ("dealer",)
    marks = seat_marks(1, view, 1, holder)
    assert marks == (("dealer",) if tag is None else (tag, "dealer"))
    assert seat_marks(2, view, 1, holder)[0] == "partner"


def test_only_online_tables_name_who_holds_each_seat() -> None:
    """A local table (no one watches it: ``watchers`` is None) tags no label
    with "computer", though every other seat is one."""
    seats = (
        Occupant(HolderKind.PERSON, "You"),
        *(Occupant(HolderKind.COMPUTER, name) for name in ("Rosa", "Lee", "Omar")),
    )
    assert seat_holders(Company(seats), 4) == [None] * 4
    assert seat_holders(Company(seats, watchers=()), 4) == list(seats)


def test_the_page_header_puts_who_watches_before_whose_turn() -> None:
    """The browser page's header, as the game's: who watches (online) comes
    after the goal, the table's wait last."""
    view = _view(phase=Phase.PLAYING, to_act=0)
    plain = picture_header(view, NAMES)
    header = picture_header(view, NAMES, watchers="Watching: Dee.")
    assert header == [*plain[:-1], "Watching: Dee.", plain[-1]]


def test_once_the_game_is_over_a_person_a_computer_played_for_is_away() -> None:
    """No computer plays for anyone once the game has ended: the person it
    played for is tagged "away" (Bob's label said "computer plays" over the
    finished game)."""
    view = _view(phase=Phase.GAME_OVER)
    bob = Occupant(HolderKind.PERSON, "Bob", stand_in=True)
    assert seat_marks(1, view, 3, bob) == ("away",)
    hazel = Occupant(HolderKind.COMPUTER, "Hazel", stand_in=True)
    assert seat_marks(1, view, 3, hazel) == ("computer",)
