"""Play-test: F says whether spades are broken and whether you may lead one; C says
who is winning the trick so far (issue 12, items 8 and 9)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from app_helpers import play_until

from audiospades.app.harness import Harness
from audiospades.presenter.words import player_title, the_card
from audiospades.rules import Game, Phase, Rules, Suit, TrumpMode, seat_view
from audiospades.rules import shuffled_deal as deal
from audiospades.storage import Settings


def _my_lead(h: Harness) -> bool:
    t = h.table
    if t is None or not t.session.is_human_turn:
        return False
    view = t.session.view()
    return view.phase is Phase.PLAYING and not view.trick and not view.spades_broken


def test_f_at_your_lead_says_spades_are_not_broken_and_you_may_not_lead_one(
    make_harness: Callable[..., Harness],
) -> None:
    for seed in range(1, 30):
        h = make_harness(seed=seed)
        h.press("return")
        play_until(h, lambda h: _my_lead(h) or h.table.session.is_over)
        view = h.table.session.view()
        if not _my_lead(h):
            h.stop()
            continue
        h.press("f")
        spades_only = all(view.suit_of(c) is Suit.SPADES for c in view.legal_plays)
        if spades_only:
            assert h.last.endswith("you may lead one: you hold nothing else.")
        else:
            assert h.last == (
                "Nothing led yet: it is your lead. "
                "Spades are not broken: you may not lead one yet."
            )
            return
    raise AssertionError("no seed gave the player the lead before spades broke")


def test_f_says_when_spades_are_broken(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(seed=3)
    h.press("return")
    play_until(
        h,
        lambda h: (
            h.table.session.is_human_turn
            and h.table.session.view().spades_broken
            and bool(h.table.session.view().trick)
        ),
    )
    h.press("f")
    assert " led " in h.last and h.last.endswith(". Spades are broken.")


def test_c_says_who_is_winning_so_far(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(seed=5)
    h.press("return")
    play_until(
        h,
        lambda h: (
            h.table.session.is_human_turn and len(h.table.session.view().trick) >= 2
        ),
    )
    view = h.table.session.view()
    h.press("c")
    seat, card = view.winning_play  # type: ignore[misc]
    who = (
        f"You are winning with {the_card(card)}."
        if seat == 0
        else f"{player_title(seat, h.table.session.names)} is winning with "
        f"{the_card(card)}."
    )
    assert h.last.startswith("On the table: ") and h.last.endswith(who)


def test_the_winner_so_far_of_a_whole_trick_is_the_engines_winner() -> None:
    """winning_play agrees with the engine on every trick of random games, in every
    trump mode and table size."""
    rng = random.Random(1)
    checked = 0
    for mode in TrumpMode:
        for players in (3, 4, 5, 6):
            rules = dataclasses.replace(
                Rules.pagat(players=players),
                trump_mode=mode,
                target_score=None,
                hand_limit=1,
            )
            game = Game(rules, first_dealer=0)
            game.deal(deal(rules, rng))
            while game.phase in (Phase.BIDDING, Phase.PLAYING):
                seat = game.to_act
                assert seat is not None
                if game.phase is Phase.BIDDING:
                    game.bid(seat, rng.choice(game.legal_bids(seat)))
                else:
                    game.play(seat, rng.choice(sorted(game.legal_plays(seat))))
            view = seat_view(game, 0)
            for won in view.completed_tricks:
                whole = dataclasses.replace(view, trick=won.cards)
                assert whole.winning_play == (
                    won.seat,
                    dict(won.cards)[won.seat],
                )
                checked += 1
    assert checked > 100


def test_you_inside_the_list_of_a_trick_is_not_capitalised(
    make_harness: Callable[..., Harness],
) -> None:
    """C and L name each card's player inside a sentence: "and you, 10 of
    diamonds", not "and You" (a capital in mid-sentence shows on a braille
    display); only a list that opens its sentence starts with "You"."""
    h = make_harness(seed=3)
    h.press("return", "n", "3", "return")
    play_until(
        h,
        lambda h: (
            h.table.session.is_human_turn
            and len(h.table.session.view().completed_tricks) >= 1
        ),
    )
    h.press("l")
    assert h.last.startswith("Last trick: ") and "you, " in h.last, h.last
    assert "You, " not in h.last


def test_f_and_u_say_no_spade_leads_the_first_trick_where_spades_need_no_breaking(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: spades need no breaking, but none may lead the first trick (the rules
    screen's two options): at the first lead F said "Spades may be led at any
    time.", and Enter on the ace of spades then said "You may not lead a spade to
    the first trick."; U did not say it either."""
    rules = {"preset": "pagat", "hand_limit": 1, "spades_must_break": False}
    h = make_harness(
        seed=3, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return", "n", "3", "return")
    play_until(h, lambda h: h.table.session.is_human_turn)
    view = h.table.session.view()
    assert view.phase is Phase.PLAYING and view.trick_index == 0 and not view.trick
    assert any(view.suit_of(c) is Suit.SPADES for c in view.hand)
    h.press("f")
    assert h.last == (
        "Nothing led yet: it is your lead. Spades may be led from the second trick on."
    )
    h.press("u")
    assert "A spade may not be led to the first trick." in h.last
    assert "Spades may not be led until broken." not in h.last
    h.press("tab", "return")
    play_until(h, lambda h: h.table.session.is_human_turn)
    h.press("f")
    assert h.last.endswith(" Spades may be led at any time."), h.last


def test_no_spades_broken_news_where_spades_need_no_breaking(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: with 'spades must be broken' off, the first spade played was still
    announced, "Spades are broken.", news of a rule not in force (F and U rightly
    say spades may be led at any time)."""
    rules = {
        "preset": "pagat",
        "hand_limit": 1,
        "spades_must_break": False,
        "spade_may_lead_first_trick": True,
    }
    h = make_harness(
        seed=3, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    h.press("return", "n", "3", "return")
    play_until(h, lambda h: h.table.session.is_over)
    assert h.table.session.game.history, "the hand was played"
    assert not any("Spades are broken" in s for s in h.transcript)
