"""The shared table: several people at one game, computer players taking seats over,
per-seat notices, and questions that survive a save."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from audiospades import i18n
from audiospades.bots import make_bot
from audiospades.notices import (
    HandHidden,
    HandShown,
    Question,
    QuestionKind,
    Refused,
    YourTurn,
)
from audiospades.presenter.system import illegal_text
from audiospades.rules import (
    Bid,
    BidAction,
    BidMade,
    Card,
    CardPlayed,
    CardsPassed,
    Game,
    Phase,
    Reason,
    Rules,
    SeatView,
    TrickWon,
    own_fields,
    seat_views,
    shuffled_deal,
)
from audiospades.rules.cards import STANDARD_DECK
from audiospades.seating import Seating
from audiospades.table_core import PACES, PUBLIC, TableCore


def _table(
    rules: Rules, humans: tuple[int, ...], seed: int = 5, *, turn_views: bool = True
) -> TableCore:
    n = rules.player_count
    chars = tuple(None if s in humans else "hazel" for s in range(n))
    names = tuple(f"P{s}" for s in range(n))
    return TableCore(
        Game(rules, first_dealer=0),
        seed=seed,
        seating=Seating(chars, names),
        humans=humans,
        delays=PACES["fast"],
        turn_views=turn_views,
    )


def _steps(table: TableCore, step_ms: int) -> Iterator[bool]:
    """Move ``table``'s clock on ``step_ms`` at a time until its game ends
    (bounded), seat 0's person answering and acting whenever it is theirs to
    (:func:`_act_for_people`); after each step, whether they acted."""
    now = 0
    for _ in range(20_000):
        if table.is_over:
            return
        now += step_ms
        table.advance(now)
        table.drain(0)
        acted = table.is_turn(0) or table.question(0) is not None
        if acted:
            _act_for_people(table)
        yield acted


def _act_for_people(table: TableCore) -> None:
    """Each person answers no, bids 2, passes and plays the lowest legal card."""
    game = table.game
    for seat in sorted(table.humans):
        if table.question(seat) is not None:
            table.answer(seat, False)
            return
    seat = game.to_act
    assert seat is not None and table.is_turn(seat)
    if game.phase is Phase.BIDDING:
        bid = next(b for b in game.legal_bids(seat) if b.tricks == 2 and not b.blind)
        assert table.bid(seat, bid)
    elif game.phase is Phase.PASSING:
        assert table.pass_cards(seat, game.hand(seat)[: game.rules.blind_nil_pass])
    else:
        assert table.play(seat, min(game.legal_plays(seat)))


def _play_out(table: TableCore, limit: int = 2000) -> None:
    for _ in range(limit):
        table.run_until_idle()
        if table.is_over:
            return
        _act_for_people(table)
    raise AssertionError("the game did not end")


def test_each_person_hears_only_their_own_turn_and_cards() -> None:
    rules = dataclasses.replace(Rules.pagat(), target_score=None, hand_limit=1)
    table = _table(rules, humans=(0, 2))
    table.run_until_idle()
    turns: dict[int, int] = {0: 0, 2: 0}
    while not table.is_over:
        for seat in (0, 2):
            for notice in table.drain(seat):
                if isinstance(notice, YourTurn):
                    assert notice.view.seat == seat
                    assert table.game.to_act == seat
                    turns[seat] += 1
                if isinstance(notice, HandShown):
                    assert notice.cards == table.game.hand(seat)
        _act_for_people(table)
        table.run_until_idle()
    assert turns[0] >= 13 and turns[2] >= 13  # a bid and 13 cards each, at least


@pytest.mark.parametrize("act_first", [False, True], ids=["sent", "moved_on"])
def test_a_core_without_turn_views_tells_the_same_turns(act_first: bool) -> None:
    """An online table's core tells a turn without its view: the frame carries
    the view of the moment. Review: a person who played at once after a trick's
    pause, before the turn was sent, was sent "Your turn" with the frame's later
    view (their card led); a turn the game moves on from gets its own view."""
    rules = dataclasses.replace(Rules.pagat(), target_score=None, hand_limit=1)
    with_views = _table(rules, humans=(0, 2), seed=7)
    without = _table(rules, humans=(0, 2), seed=7, turn_views=False)
    turns = given = 0
    for _ in range(500):
        for table in (with_views, without):
            table.run_until_idle()
            if act_first and not table.is_over:
                _act_for_people(table)  # before the turn is drained
        for seat in (0, 2):
            told, bare = with_views.drain(seat), without.drain(seat)
            assert [type(n) for n in told] == [type(n) for n in bare]
            for a, b in zip(told, bare, strict=True):
                if isinstance(a, YourTurn):
                    assert isinstance(b, YourTurn)
                    # None: the view that goes beside it, the present one.
                    present = without.view(seat)
                    assert (present if b.view is None else b.view) == a.view
                    turns += 1
                    given += b.view is not None
                else:
                    assert a == b
        if with_views.is_over:
            break
        if not act_first:
            _act_for_people(with_views)
            _act_for_people(without)
    assert with_views.is_over and without.is_over and turns >= 26
    assert given == (turns if act_first else 0)


def test_a_person_who_plays_in_the_pause_after_a_trick_is_told_the_lead_first() -> None:
    # QA (the browser page, which takes a key at once): a card played while the
    # trick just won was still shown came without "Your lead." at all.
    rules = dataclasses.replace(Rules.pagat(), target_score=None, hand_limit=1)
    table = _table(rules, humans=(0, 2), seed=7, turn_views=False)
    now = checked = 0
    for _ in range(50_000):
        now += 25
        table.advance(now)
        if table.is_over:
            break
        seat = table.game.to_act
        asked = any(table.question(s) is not None for s in (0, 2))
        if seat in (0, 2) and table.shown_trick is not None and not asked:
            assert not table.is_turn(seat)  # the pause: not told yet
            table.drain(seat)
            assert table.play(seat, min(table.game.legal_plays(seat)))
            told = table.drain(seat)
            turn = next(i for i, n in enumerate(told) if isinstance(n, YourTurn))
            played = next(
                i
                for i, n in enumerate(told)
                if isinstance(n, CardPlayed) and n.seat == seat
            )
            assert turn < played, told
            view = told[turn].view  # its moment's: the lead, nothing down yet
            assert view is not None and view.to_act == seat and not view.trick
            checked += 1
        elif asked or (seat in (0, 2) and table.is_turn(seat)):
            _act_for_people(table)
    assert table.is_over and checked >= 2


@pytest.mark.parametrize("preset", ["pagat", "open_spades"])
def test_a_seats_own_part_kept_from_moment_to_moment_is_always_as_built_now(
    preset: str,
) -> None:
    """A seat's own part is kept (the same object) while what it is built from
    holds; at every moment, each one is what :func:`own_fields` builds now, and
    kept parts are the same object only while equal."""
    base = Rules.from_dict({"preset": preset})
    rules = dataclasses.replace(base, target_score=None, hand_limit=2)
    table = _table(rules, humans=(0,), seed=7)
    seats = list(range(rules.player_count))
    kept = 0
    before: list[dict[str, object]] = []
    for _ in _steps(table, 37):
        _, owns = table.view_parts(seats)
        if table.question(0) is None:
            hidden = {s for s in seats if table.is_hand_hidden(s)}
            fresh = [own_fields(table.game, s, hide_hand=s in hidden) for s in seats]
            assert owns == fresh
        kept += sum(a is b for a, b in zip(before, owns, strict=False))
        before = owns
    assert table.is_over
    assert kept > 100  # most moments keep most seats' parts


def test_back_at_the_table_in_a_tricks_pause_the_trick_is_told_again() -> None:
    """Someone who comes back (online) while a trick just won is still on the
    table for its pause is told that trick: its winner leads when the pause ends.
    Not once the pause is over, and not where a local game resumes."""
    rules = dataclasses.replace(Rules.pagat(), target_score=None, hand_limit=1)
    table = _table(rules, humans=(0,), seed=7)
    told, pausing = 0, False
    for acted in _steps(table, 20):
        shown, game = table.shown_trick, table.game
        if pausing:
            if shown is None:  # the pause is over
                assert table.restate(0, trick=True) == []
                pausing = False
            continue
        if told == 3:
            break
        if acted:
            continue
        if shown is None or game.phase is not Phase.PLAYING or game.trick:
            assert not [
                n for n in table.restate(0, trick=True) if isinstance(n, TrickWon)
            ]
            continue
        assert table.restate(0, trick=True) == [shown]
        assert table.restate(0) == []
        told, pausing = told + 1, True
    assert told == 3


def test_views_are_always_of_this_moment_and_a_turns_view_is_not_built_twice() -> None:
    rules = dataclasses.replace(
        Rules.pagat(), target_score=None, hand_limit=2, blind_nil_behind=0
    )
    table = _table(rules, humans=(0, 2), seed=3)
    seats = list(range(rules.player_count))
    shared = hidden_seen = rewound = 0
    for step in range(3000):
        table.run_until_idle()
        hidden = {s for s in seats if table.is_hand_hidden(s)}
        hidden_seen += bool(hidden)
        fresh = seat_views(table.game, seats, hidden=hidden)
        asked = {s: q for s in seats if (q := table.question(s)) is not None}
        if asked:  # no one is to act while the table waits for answers
            blind = tuple(
                s for s, q in asked.items() if q.kind is QuestionKind.BLIND_NIL
            )
            fresh = [
                dataclasses.replace(
                    v,
                    to_act=None,
                    legal_bids=(),
                    legal_plays=frozenset(),
                    question_open=True,
                    answering=blind,
                )
                for v in fresh
            ]
        assert table.views(seats) == fresh
        assert [table.view(s) for s in seats] == fresh
        public, owns = table.view_parts(reversed(seats))
        assert [SeatView(**own, **public) for own in owns] == fresh[::-1]
        for seat in (0, 2):
            for notice in table.drain(seat):
                if isinstance(notice, YourTurn):
                    assert notice.view == fresh[seat]
                    shared += table.views([seat])[0] is notice.view
        if table.is_over:
            break
        if step == 40:  # undo: a new game of fewer actions, then the same count
            kept = table.game.action_count - 1
            table.rewind(kept)
            rewound += 1
            assert table.views(seats) == seat_views(table.game, seats)
            continue
        _act_for_people(table)
    assert table.is_over and shared > 20 and hidden_seen and rewound


def test_the_public_stream_never_shows_passed_cards() -> None:
    rules = dataclasses.replace(
        Rules.pagat(), target_score=None, hand_limit=3, blind_nil_behind=0
    )
    table = _table(rules, humans=(0,), seed=11)
    passes = 0
    for _ in range(3000):
        table.run_until_idle()
        for notice in table.drain(PUBLIC):
            if isinstance(notice, CardsPassed):
                passes += 1
                assert notice.cards == ()
        if table.is_over:
            break
        if table.question(0) is not None:
            table.answer(0, True)  # a blind nil: the partner and seat 0 pass
            continue
        _act_for_people(table)
    assert table.is_over and passes > 0


def test_a_person_acting_out_of_turn_is_refused_and_nothing_changes() -> None:
    rules = dataclasses.replace(Rules.pagat(), target_score=None, hand_limit=1)
    table = _table(rules, humans=(0, 1))
    table.run_until_idle()
    _ = table.drain(0), table.drain(1)
    waiting = 1 - table.game.to_act  # type: ignore[operator]
    before = table.game.action_count
    hand = table.game.hand(waiting)
    assert not table.play(waiting, hand[0])
    assert table.game.action_count == before
    assert any(isinstance(n, Refused) for n in table.drain(waiting))


def test_a_computer_player_takes_over_a_seat_and_gives_it_back() -> None:
    rules = dataclasses.replace(Rules.pagat(), target_score=None, hand_limit=1)
    table = _table(rules, humans=(0, 2))
    table.run_until_idle()
    for seat in (0, 2):
        if table.question(seat) is not None:
            table.answer(seat, False)
    table.run_until_idle()
    # Seat 2's person leaves: the game must not wait for them.
    table.set_human(2, False)
    assert 2 in table.bots and 2 not in table.humans
    for _ in range(200):
        table.run_until_idle()
        if table.game.to_act == 0 or table.is_over:
            break
    assert table.game.to_act == 0 or table.is_over
    # They come back and are told when it is their turn again.
    table.set_human(2, True)
    assert 2 not in table.bots
    _play_out(table)
    assert table.is_over


def _stood_in_at_first_decision(rules: Rules) -> TableCore:
    """A table of one person (seat 2), whom a computer stands in for at their
    first decision, the person still following the table (watched)."""
    table = _table(rules, humans=(2,), turn_views=False)
    table.run_until_idle()
    assert table.people_awaited() == {2}
    table.drain(2)
    table.views_changed = False
    table.set_human(2, False, watched=True)
    assert table.watched == {2} and 2 in table.bots and 2 not in table.humans
    return table


def test_a_seat_watched_while_a_computer_plays_it_hears_the_game_not_its_turn() -> None:
    """Online, a person away at their turn but still connected follows the game
    while a computer plays for them (QA: they were told nothing, their view
    frozen): the seat's notices are kept, the plays (the computer's for them
    among them) and its new hand at a deal; never a turn, a question or a
    refusal; its view offers no move, and goes again at the stand-in."""
    rules = dataclasses.replace(Rules.pagat(), target_score=None, hand_limit=2)
    table = _stood_in_at_first_decision(rules)
    assert table.views_changed  # the view offering the move is taken back
    start = len(table.game.events)
    told: list[object] = []
    now = table.now_ms
    for _ in range(20_000):
        if table.is_over:
            break
        if table.game.to_act == 2:
            view = table.view(2)
            assert not view.legal_plays and not view.legal_bids
            assert view.hand == table.game.hand(2)
            # The person acting before taking the seat back: nothing is done.
            assert not table.play(2, table.game.hand(2)[0])
        now += 50
        table.advance(now)
        told += table.drain(2)
    assert table.is_over
    played = [e for e in table.game.events[start:] if isinstance(e, CardPlayed)]
    assert [n for n in told if isinstance(n, CardPlayed)] == played
    assert sum(1 for e in played if e.seat == 2) == 26  # two hands of 13 cards
    shown = [n for n in told if isinstance(n, HandShown)]
    assert len(shown) == 1 and len(shown[0].cards) == 13  # the second deal's
    assert not [n for n in told if isinstance(n, YourTurn | Question | Refused)]


def test_a_seat_no_longer_watched_keeps_nothing_and_back_is_told_its_turn() -> None:
    """The person followed the seat and lost the connection: nothing is kept
    for them (what was done is told when back); back, their turn is told."""
    rules = dataclasses.replace(Rules.pagat(), target_score=None, hand_limit=1)
    table = _stood_in_at_first_decision(rules)
    table.advance(table.now_ms + 500)
    assert table.has_notices(2)
    table.watch(2, False)
    assert not table.watched and not table.has_notices(2)
    table.advance(table.now_ms + 500)
    assert not table.drain(2)
    table.set_human(2, True)
    for _ in range(200):
        table.run_until_idle()
        if table.is_turn(2) or table.is_over:
            break
    assert table.is_turn(2)
    assert any(isinstance(n, YourTurn) for n in table.drain(2))


def test_two_people_are_both_asked_about_blind_nil_and_nothing_moves_meanwhile() -> (
    None
):
    rules = dataclasses.replace(
        Rules.pagat(), target_score=None, hand_limit=1, blind_nil_behind=0
    )
    table = _table(rules, humans=(0, 1))
    table.run_until_idle()
    asked = {
        seat: [n for n in table.drain(seat) if isinstance(n, Question)]
        for seat in (0, 1)
    }
    assert all(q and q[0].kind is QuestionKind.BLIND_NIL for q in asked.values())
    assert table.view(0).hand == () and table.view(1).hand == ()
    table.answer(0, True)
    table.advance(table.now_ms + 60_000)
    assert not any(b is not None for b in table.game.bids)  # seat 1 still thinks
    assert any(isinstance(n, HandHidden) for n in table.drain(0))
    table.answer(1, False)
    assert table.view(1).hand == table.game.hand(1)
    _play_out(table)
    blind = table.game.history[0].bids[0] if table.game.history else None
    assert table.is_over and blind is not None and blind.blind


def test_a_table_rebuilt_from_its_actions_and_questions_goes_on_identically() -> None:
    """Nothing about a computer player needs saving: decisions are seeded afresh."""
    rules = dataclasses.replace(
        Rules.pagat(), target_score=None, hand_limit=2, blind_nil_behind=0
    )

    def run(stop_after: int | None) -> list[object]:
        table = _table(rules, humans=(0,), seed=21)
        steps = 0
        while not table.is_over:
            table.run_until_idle()
            if table.is_over:
                break
            if stop_after is not None and steps == stop_after:
                state = table.question_state()
                copy = TableCore(
                    Game.replay(rules, table.game.actions, first_dealer=0),
                    seed=21,
                    seating=table.seating,
                    humans=(0,),
                    delays=PACES["fast"],
                )
                copy.restore_questions(state)
                table, stop_after = copy, None
                continue
            steps += 1
            _act_for_people(table)
        return list(table.game.actions)

    whole = run(None)
    for stop in random.Random(4).sample(range(1, 20), 6):
        assert run(stop) == whole, stop


def test_bids_made_by_people_reach_every_seat_and_the_public() -> None:
    rules = dataclasses.replace(Rules.pagat(), target_score=None, hand_limit=1)
    table = _table(rules, humans=(0, 2))
    table.run_until_idle()
    for seat in (0, 2):
        if table.question(seat) is not None:
            table.answer(seat, False)
    table.run_until_idle()
    while table.game.phase is Phase.BIDDING:
        _act_for_people(table)
        table.run_until_idle()
    made = [(a.seat, a.bid) for a in table.game.actions if isinstance(a, BidAction)]
    assert len(made) == 4
    for stream in (0, 2, PUBLIC):
        heard = [(n.seat, n.bid) for n in table.drain(stream) if isinstance(n, BidMade)]
        assert heard == made


def test_a_blind_nil_bid_last_shows_the_cards_before_the_end_of_bidding() -> None:
    rules = dataclasses.replace(
        Rules.pagat(),
        target_score=None,
        hand_limit=1,
        blind_nil_behind=0,
    )
    table = _table(rules, humans=(0,), seed=5)  # seat 0 deals, so bids last
    table.run_until_idle()
    assert table.question(0) is not None
    table.answer(0, True)
    table.run_until_idle()
    notices = table.drain(0)
    kinds = [type(n).__name__ for n in notices]
    mine = next(
        i for i, n in enumerate(notices) if isinstance(n, BidMade) and n.seat == 0
    )
    assert isinstance(notices[mine + 1], HandShown), kinds
    assert "BiddingComplete" in kinds[mine + 2 :], kinds


def test_a_trick_waiting_to_be_gathered_waits_again_after_a_rebuild() -> None:
    rules = dataclasses.replace(Rules.pagat(), target_score=None, hand_limit=1)

    def waiting(copy_of: TableCore | None = None) -> TableCore:
        game = (
            Game(rules, first_dealer=0)
            if copy_of is None
            else Game.replay(rules, copy_of.game.actions, first_dealer=0)
        )
        return TableCore(
            game,
            seed=7,
            seating=Seating(
                (None, "hazel", "hazel", "hazel"), ("P0", "P1", "P2", "P3")
            ),
            humans=(0,),
            delays=PACES["fast"],
            wait_after_trick=True,
        )

    table = waiting()
    for _ in range(200):
        table.run_until_idle()
        if table.awaiting_trick_clear:
            break
        _act_for_people(table)
    assert table.awaiting_trick_clear
    state = table.question_state()
    copy = waiting(table)
    copy.restore_questions(state)
    assert copy.awaiting_trick_clear
    assert copy.shown_trick == table.game.completed_tricks[-1]
    before = copy.game.action_count
    copy.run_until_idle()
    assert copy.game.action_count == before  # nothing moves until it is gathered
    assert copy.clear_trick() and copy.dirty
    after = copy.question_state()
    assert after["trick_waiting"] is False


@pytest.mark.parametrize("seat", ["²", "٣", "1" * 5000, "-0", " 0", ""])
def test_a_saved_question_for_a_seat_that_is_no_number_is_left_out(seat: str) -> None:
    """'²'.isdigit() is true, and int('²') raised from a saved file (and 5,000
    digits exceed int()'s limit): the question is left out instead."""
    rules = dataclasses.replace(
        Rules.pagat(), target_score=None, hand_limit=1, blind_nil_behind=0
    )
    table = _table(rules, humans=(0,), seed=5)
    table.run_until_idle()
    assert table.question(0) is not None  # the blind nil question
    state = table.question_state()
    state["questions"] = {seat: ["blind_nil", 0]}
    copy = TableCore(
        Game.replay(rules, table.game.actions, first_dealer=0),
        seed=5,
        seating=table.seating,
        humans=(0,),
        delays=PACES["fast"],
    )
    copy.restore_questions(state)
    assert copy.question(0) is None


def test_an_illegal_bot_decision_is_logged_with_the_seat_counted_from_one(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Players count seats from 1; before, the log said "seat 0" for the first."""
    table = _table(Rules.pagat(), humans=())
    game = table.game
    while game.phase is not Phase.BIDDING:
        table.advance(table.next_wake_ms() or 0)
    seat = game.to_act
    assert seat is not None
    table._bot_acts(seat, Bid(99))  # more tricks than a hand holds
    while game.phase is Phase.BIDDING:
        table._bot_acts(game.to_act or 0, Bid(1))
    seat_to_play = game.to_act
    assert seat_to_play is not None
    held = set(game.hand(seat_to_play))
    table._bot_acts(seat_to_play, next(c for c in STANDARD_DECK if c not in held))
    said = [r.getMessage() for r in caplog.records if "illegally" in r.getMessage()]
    assert said[0].startswith(f"bot at seat {seat + 1} bid illegally")
    assert said[1].startswith(f"bot at seat {seat_to_play + 1} played illegally")


class _Spy:
    """A level-3 player that notes every view it is handed, in order."""

    def __init__(self, seat: int) -> None:
        self.bot = make_bot("hazel", random.Random(seat), timed=False)
        self.rng = random.Random(seat)
        self.seen: list[tuple[str, SeatView]] = []

    def choose_blind_nil(self, view: SeatView) -> bool:
        self.seen.append(("blind", view))
        return self.bot.choose_blind_nil(view)

    def choose_redeal(self, view: SeatView) -> bool:
        self.seen.append(("redeal", view))
        return self.bot.choose_redeal(view)

    def choose_bid(self, view: SeatView) -> Bid:
        self.seen.append(("bid", view))
        return self.bot.choose_bid(view)

    def choose_pass(self, view: SeatView) -> tuple[Card, ...]:
        return self.bot.choose_pass(view)

    def choose_play(self, view: SeatView) -> Card:
        return self.bot.choose_play(view)


def _behind_table(humans: tuple[int, ...]) -> TableCore:
    """Four seats, North bidding first; North and South far behind near the end.

    The deal is pinned (deal 0 of seed 3); a blind nil is decided unseen, so any
    deal would do. 230 behind with the leader at 430, a level-3 player gambles on a
    blind nil (tests/bots/test_bots_blind_nil_judgement.py).
    """
    rules = Rules.pagat()
    chars = tuple(None if s in humans else "hazel" for s in range(4))
    game = Game(rules, first_dealer=3)
    game.totals = [200, 430]
    table = TableCore(
        game,
        seed=3,
        seating=Seating(chars, tuple(f"P{s}" for s in range(4))),
        humans=humans,
        delays=PACES["fast"],
    )
    table.deals = [shuffled_deal(rules, random.Random("3/deal/0"))]
    return table


def _bid_out(table: TableCore) -> dict[int, Bid]:
    """The first hand's bids, the person at North (if any) bidding blind nil."""
    for _ in range(50):
        if table.question(0) is not None:
            table.answer(0, True)
        table.run_until_idle()
        made = [a for a in table.game.actions if isinstance(a, BidAction)][:4]
        if len(made) == 4:
            return {a.seat: a.bid for a in made}
    raise AssertionError("the bidding did not end")


def test_a_computer_player_bids_no_blind_nil_beside_its_partners() -> None:
    """QA: North and South, both computer players, both bid blind nil unseen at
    the deal; nobody covered either nil and the side lost about 400 points."""
    table = _behind_table(humans=())
    bids = _bid_out(table)
    # Both meant to at the deal; North, bidding first, heard South say so.
    assert bids[2] == Bid.blind_nil()
    assert not bids[0].is_nil


def test_a_computer_player_bids_no_blind_nil_beside_a_persons() -> None:
    """QA, seed 5: "You bid blind nil. … The Professor bids blind nil." """
    table = _behind_table(humans=(0,))
    bids = _bid_out(table)
    assert bids[0] == Bid.blind_nil()
    assert not bids[2].is_nil


def test_a_blind_nil_said_at_the_deal_is_heard_by_a_partner_who_bids_first() -> None:
    """A person's yes at the deal counts: the computer partner bidding before them
    neither bids nil nor blind nil, and bids to cover it."""
    table = _behind_table(humans=(2,))
    table.run_until_idle()
    assert table.question(2) is not None
    table.answer(2, True)
    table.run_until_idle()
    bids = {a.seat: a.bid for a in table.game.actions if isinstance(a, BidAction)}
    assert bids[2] == Bid.blind_nil()
    assert not bids[0].is_nil


def test_a_computer_player_decides_blind_nil_unseen_at_its_turn() -> None:
    """It is never shown its cards before its last word on blind nil, and it says
    that word at its turn, having heard the bids before it."""
    table = _behind_table(humans=())
    spies = {seat: _Spy(seat) for seat in range(4)}
    table.bots.update(spies)
    _bid_out(table)
    for seat in (0, 2):  # the side far behind
        seen = [(what, v) for what, v in spies[seat].seen if v.deal_count == 1]
        asked = [i for i, (what, _) in enumerate(seen) if what == "blind"]
        assert asked, seat
        for what, view in seen[: asked[-1] + 1]:
            assert view.hand == () and view.hand_hidden, (seat, what)
    # South's last word came at its turn, after North's bid.
    seen = [(what, v) for what, v in spies[2].seen if v.deal_count == 1]
    last = next(v for what, v in reversed(seen) if what == "blind")
    assert last.to_act == 2 and last.bids[0] is not None and not last.bids[0].is_nil
    # North's last word came at its turn, having heard South's blind nil said.
    seen = [(what, v) for what, v in spies[0].seen if v.deal_count == 1]
    last = next(v for what, v in reversed(seen) if what == "blind")
    assert last.to_act == 0 and last.blind_nil_declared == (2,)
    # It said no, then looked and bid: the only view with its cards.
    after = seen[seen.index(("blind", last)) + 1 :]
    assert [what for what, _ in after] == ["bid"] and after[0][1].hand


def _to_a_trick_won(table: TableCore) -> None:
    for _ in range(200):
        if table.shown_trick is not None:
            return
        table.run_until_idle()
        _act_for_people(table)
    raise AssertionError("no trick was won")


def test_a_trick_gathered_after_its_pause_is_sent_to_every_seat() -> None:
    """No notice says a trick was gathered: the seats not to lead next would keep
    it on the table, so the views are marked to be sent again, both when its pause
    ends and when a person acting at once cuts it short (even with a card refused)."""
    rules = dataclasses.replace(Rules.pagat(), target_score=None, hand_limit=1)
    table = _table(rules, humans=(0, 1, 2, 3))
    _to_a_trick_won(table)
    table.views_changed = False  # what the owner does when it sends them
    end = table.now_ms + PACES["fast"].trick
    table.advance(end - 1)
    assert table.shown_trick is not None and not table.views_changed
    table.advance(end)
    assert table.shown_trick is None and table.views_changed

    table.views_changed = False
    _to_a_trick_won(table)
    table.views_changed = False
    leader = table.game.to_act
    assert leader is not None
    held = set(table.game.hand(leader))
    card = next(c for c in STANDARD_DECK if c not in held)
    assert not table.play(leader, card)
    assert table.shown_trick is None and table.views_changed


def test_a_blind_nil_the_bids_since_forbid_is_refused_as_the_blind_nil() -> None:
    """QA: blind nil said yes to at the deal, then the partner's bid of 1 left the
    side under its minimum of 2: the person heard only "Your side must bid at
    least 2." before their cards, nothing tying it to their blind nil."""
    rules = dataclasses.replace(
        Rules.pagat(),
        target_score=None,
        hand_limit=1,
        blind_nil_behind=0,
        minimum_side_bid=2,
    )
    table = _table(rules, humans=(0, 2))  # partners; seat 1 bids first
    table.run_until_idle()
    table.answer(0, True)
    table.answer(2, False)
    table.run_until_idle()
    assert table.is_turn(2)
    assert table.bid(2, Bid(1))
    table.drain(0)
    table.run_until_idle()
    told = table.drain(0)
    refused = next(n for n in told if isinstance(n, Refused))
    assert refused.error.reason is Reason.SIDE_BID_TOO_LOW
    shown = told.index(refused) + 1
    assert isinstance(told[shown], HandShown)
    i18n.set_language("en")
    assert illegal_text(refused.error, table.view(0), ("You", "A", "B", "C")) == (
        "Your blind nil cannot be bid. Your side must bid at least 2."
    )
    assert table.is_turn(0) and Bid.blind_nil() not in table.game.legal_bids(0)


def test_a_computer_partner_bids_the_minimum_beside_a_blind_nil_said_at_the_deal() -> (
    None
):
    """QA: the person said blind nil at the deal; their computer partner, bidding
    first, bid 1 under a minimum side bid of 2, and the blind nil was refused at
    the person's turn. It now bids at least the minimum, so the blind nil stands."""
    for seed in range(1, 9):
        rules = dataclasses.replace(
            Rules.pagat(),
            target_score=None,
            hand_limit=1,
            blind_nil_behind=0,
            minimum_side_bid=4,
        )
        table = _table(rules, humans=(0,), seed=seed)
        table.run_until_idle()
        table.answer(0, True)
        table.run_until_idle()
        bids = {a.seat: a.bid for a in table.game.actions if isinstance(a, BidAction)}
        assert bids[2].tricks >= 4, (seed, bids)
        assert bids[0] == Bid.blind_nil(), (seed, bids)
