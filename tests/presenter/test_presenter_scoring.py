"""The score's words at every table shape: who leads (M), what ends the game (U),
and a tie at the top that makes the game go on."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from audiospades import i18n
from audiospades.presenter.events import describe
from audiospades.presenter.scoring import (
    game_over_text,
    goal_text,
    hand_summary_lines,
    match_standing_text,
    rule_choice_text,
    rules_text,
    scores_text,
    side_reasons,
)
from audiospades.presenter.words import signed, watching
from audiospades.rules import (
    Bid,
    Game,
    HandScored,
    Phase,
    Rules,
    TieRule,
    score_hand,
    seat_view,
    shuffled_deal,
)

THREE = ("You", "Milly", "Bert")
SIX = ("You", "Lee", "Omar", "Zoe", "Ann", "Bob")


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _rules(**options: object) -> Rules:
    return Rules.from_dict({"preset": "pagat", **options})


def _standing(rules: Rules, totals: tuple[int, ...], names: tuple[str, ...]) -> str:
    view = seat_view(Game(rules), 0)
    return match_standing_text(
        dataclasses.replace(view, totals=totals, hands_played=2), names
    )


def test_m_says_who_shares_the_lead_when_only_some_players_are_level() -> None:
    three = _rules(player_count=3, target_score=500)
    assert _standing(three, (10, 50, 50), THREE) == (
        "2 hands played. Milly and Bert share the lead at 50. You are third with "
        "10, 40 behind. Playing to 500 points."
    )
    assert _standing(three, (42, 41, 42), THREE).startswith(
        "2 hands played. You and Bert share the lead at 42. Playing"
    )
    assert _standing(three, (50, 50, 50), THREE).startswith(
        "2 hands played. The scores are level at 50."
    )


def test_m_names_the_two_partnerships_level_at_the_top_of_three() -> None:
    six = _rules(player_count=6, partnerships=True, target_score=500)
    # Sides: you and Zoe, Lee and Ann, Omar and Bob.
    assert _standing(six, (100, 120, 120), SIX) == (
        "2 hands played. Lee and Ann, and Omar and Bob share the lead at 120. "
        "Your side is third with 100, 20 behind. Playing to 500 points."
    )
    assert _standing(six, (120, 100, 120), SIX).startswith(
        "2 hands played. You and Zoe, and Omar and Bob share the lead at 120. "
    )


def test_the_goal_counts_one_hand_in_the_singular() -> None:
    assert goal_text(_rules(target_score=500, hand_limit=1)) == (
        "Playing to 500 points or 1 hand."
    )
    assert goal_text(_rules(target_score=500, hand_limit=3)) == (
        "Playing to 500 points or 3 hands."
    )


def test_u_says_how_a_tie_at_the_end_is_settled() -> None:
    assert "A tie for first place is played off with more hands." in rules_text(
        _rules()
    )
    drawn = rules_text(_rules(tie_rule=TieRule.DRAW.value))
    assert "A tie is a draw." in drawn
    assert "played off" not in drawn


def _first_hand(rules: Rules, seed: int) -> tuple[Game, HandScored]:
    """One hand of random legal bids and plays."""
    rng = random.Random(seed)
    game = Game(rules, first_dealer=0)
    game.deal(shuffled_deal(rules, rng))
    while True:
        seat = game.to_act
        assert seat is not None
        if game.phase is Phase.BIDDING:
            bids = [b for b in game.legal_bids(seat) if not b.blind]
            events = game.bid(seat, rng.choice(bids))
        else:
            events = game.play(seat, rng.choice(sorted(game.legal_plays(seat))))
        scored = [e for e in events if isinstance(e, HandScored)]
        if scored:
            return game, scored[0]


def test_a_tie_at_the_top_that_plays_on_is_said_with_the_hand_and_only_then() -> None:
    rules = _rules(player_count=3, target_score=None, hand_limit=1)
    said_tie = said_plain = 0
    for seed in range(400):
        game, event = _first_hand(rules, seed)
        totals = event.score.totals
        tied = totals.count(max(totals)) > 1
        text = " ".join(u.text for u in describe(event, seat_view(game, 0), THREE))
        if tied:
            assert not game.is_over
            assert text.endswith(
                f"The lead is tied at {signed(max(totals))}: another hand is played."
            ), text
            said_tie += 1
        else:
            assert game.is_over
            assert "tied" not in text
            said_plain += 1
        if said_tie >= 2 and said_plain >= 2:
            break
    assert said_tie >= 2 and said_plain >= 2


def test_a_tie_that_ends_in_a_draw_or_before_the_end_says_nothing_more() -> None:
    for rules in (
        _rules(player_count=3, target_score=None, hand_limit=1, tie_rule="draw"),
        _rules(player_count=3, target_score=None, hand_limit=2),
    ):
        for seed in range(400):
            game, event = _first_hand(rules, seed)
            totals = event.score.totals
            if totals.count(max(totals)) > 1:
                break
        else:
            raise AssertionError("no tie at the top in 400 hands")
        text = " ".join(u.text for u in describe(event, seat_view(game, 0), THREE))
        assert "another hand" not in text


def _side(rules: Rules, bids: tuple[int, ...], tricks: tuple[int, ...], seat: int = 0):  # type: ignore[no-untyped-def]
    score = score_hand(
        rules,
        [Bid(b) for b in bids],
        tricks,
        [0] * rules.side_count,
        [0] * rules.side_count,
    )
    return score, score.sides[seat]


def test_quicksand_itemises_the_overtricks_and_speaks_of_no_bags() -> None:
    rules = _rules(player_count=3, scoring_style="quicksand")
    score, mine = _side(rules, (3, 1, 4), (8, 5, 4))
    assert mine.contract_points == -20  # 30 for the contract, 50 off for 5 over
    assert side_reasons(mine, THREE, rules) == [
        "Contract made: 30 points.",
        "5 overtricks: minus 50 points.",
    ]
    view = dataclasses.replace(seat_view(Game(rules), 0), history=(score,))
    summary = hand_summary_lines(score, view, THREE)[0]
    assert summary.endswith("This hand: minus 20 points. Score: minus 20 points.")
    assert scores_text(view, THREE).startswith("You: 0. Milly: 0. Bert: 0.")


def test_shooting_the_moon_and_ten_for_two_hundred_are_said() -> None:
    wins = _rules(player_count=3, moon="wins_game", ten_for_two_hundred=True)
    _, mine = _side(wins, (17, 0, 0), (17, 0, 0))
    assert mine.shot_moon
    assert side_reasons(mine, THREE, wins)[:3] == [
        "Shot the moon: every trick bid and taken, which wins the game.",
        "Contract made: 340 points.",
        "A bid of 10 or more scores 20 points a trick.",
    ]
    five_hundred = _rules(player_count=3, moon="scores_500", ten_for_two_hundred=True)
    _, mine = _side(five_hundred, (17, 0, 0), (17, 0, 0))
    assert side_reasons(mine, THREE, five_hundred)[:2] == [
        "Shot the moon: every trick bid and taken, for 500 points.",
        "Contract made: 500 points.",
    ]
    plain = _rules(player_count=3)
    _, mine = _side(plain, (17, 0, 0), (17, 0, 0))
    assert not any(
        "moon" in r or "20 points a trick" in r
        for r in side_reasons(mine, THREE, plain)
    )


def test_u_names_every_option_that_changes_the_score_or_the_bidding() -> None:
    text = rules_text(
        _rules(
            player_count=5,
            big_bid_bonus=10,
            big_bid_from=5,
            ten_for_two_hundred=True,
            minimum_side_bid=2,
            exact_bid_bonus=20,
            exact_bid_bonus_max=3,
            moon="scores_500",
            overtrick_points=-1,
            bid_order="dealers_right",
            target_score=300,
            mercy_score=-200,
        )
    )
    for sentence in (
        "Bidding and taking exactly 1 to 3 tricks earns 20.",
        "A contract of 5 or more, made, earns 10 more for each trick bid from 5 up.",
        "A contract of 10 or more, made, scores 20 points a trick; set, it loses "
        "10 a trick.",
        "Bidding and taking every trick scores 500.",
        "Each player must bid at least 2, or nil.",
        "Each bag scores minus 1 point at once.",
        "Bidding starts at the dealer's right.",
        "A player at minus 200 or lower ends the game at once.",
    ):
        assert sentence in text, sentence
    partners = rules_text(
        _rules(
            minimum_side_bid=4,
            double_nil_allowed=False,
            nil_tricks="partner_contract",
            moon="wins_game",
        )
    )
    for sentence in (
        "A side must bid at least 4 in all.",
        "Partners may not both bid nil.",
        "A failed nil's tricks count towards the partner's bid.",
        "Bidding and taking every trick wins the game at once.",
    ):
        assert sentence in partners, sentence
    plain = rules_text(_rules())
    for absent in ("every trick", "bag scores", "ends the game at once", "at least"):
        assert absent not in plain, absent


def test_u_offers_no_way_out_by_nil_that_the_rules_forbid() -> None:
    """QA: with nil off, U said "Nil is not allowed." and then "Each player must
    bid at least 2, or nil."; with double nil barred, "... unless both partners
    bid nil." beside "Partners may not both bid nil."."""
    alone = rules_text(
        _rules(
            player_count=3,
            nil_allowed=False,
            blind_nil_allowed=False,
            minimum_side_bid=2,
        )
    )
    assert "Nil is not allowed." in alone
    assert "Each player must bid at least 2." in alone, alone
    assert "or nil" not in alone, alone
    sides = rules_text(
        _rules(minimum_side_bid=4, nil_allowed=False, blind_nil_allowed=False)
    )
    assert "A side must bid at least 4 in all." in sides, sides
    assert "unless" not in sides, sides
    both = rules_text(_rules(minimum_side_bid=4))
    assert "A side must bid at least 4 in all, unless both partners bid nil." in both
    alone_nil = rules_text(_rules(player_count=3, minimum_side_bid=2))
    assert "Each player must bid at least 2, or nil." in alone_nil
    no_nil = _rules(nil_allowed=False, blind_nil_allowed=False)
    assert rule_choice_text(no_nil, "bidding_style") == (
        "Normal bidding: any number of tricks."
    )
    assert rule_choice_text(_rules(), "bidding_style") == (
        "Normal bidding: any number of tricks, or nil."
    )


def test_the_end_says_the_mercy_rule_and_a_tie_for_first_of_three() -> None:
    rules = _rules(player_count=3, mercy_score=-100, tie_rule="draw")
    view = seat_view(Game(rules), 0)
    fell = dataclasses.replace(
        view, phase=Phase.GAME_OVER, totals=(60, -110, 20), winner=0
    )
    assert game_over_text(fell, THREE) == (
        "Game over. You win! Mercy rule: Milly is at minus 110; the limit is "
        "minus 100. You: 60. Milly: minus 110. Bert: 20."
    )
    tied = dataclasses.replace(
        view, phase=Phase.GAME_OVER, totals=(60, 60, 20), winner=None, is_draw=True
    )
    assert game_over_text(tied, THREE) == (
        "The game is over: You and Milly tie for first place. "
        "You: 60. Milly: 60. Bert: 20."
    )


def test_the_end_says_ones_own_place_among_three_sides_or_more() -> None:
    """The scores come in seat order: with three sides or more, a player not
    first hears where they finished (a place shared with another, too)."""
    view = seat_view(Game(_rules(player_count=3, partnerships=False)), 0)

    def over(totals: tuple[int, ...], winner: int | None) -> str:
        ended = dataclasses.replace(
            view,
            phase=Phase.GAME_OVER,
            totals=totals,
            winner=winner,
            is_draw=winner is None,
        )
        return game_over_text(ended, THREE)

    assert over((20, 60, 40), 1) == (
        "Game over. Milly wins. You: 20. Milly: 60. Bert: 40. "
        "You finish in place 3 of 3."
    )
    assert over((40, 60, 40), 1).endswith("Bert: 40. You share place 2 of 3.")
    assert over((20, 60, 60), None).endswith("You finish in place 3 of 3.")
    assert over((60, 20, 40), 0).endswith("Bert: 40.")  # the winner: no place
    assert over((60, 60, 20), None).endswith("Bert: 20.")  # tied for first
    with watching():
        assert over((20, 60, 40), 1).endswith("Bert: 40.")  # not one's own place
    pairs = seat_view(Game(_rules(player_count=6, partnerships=True)), 0)
    ended = dataclasses.replace(
        pairs, phase=Phase.GAME_OVER, totals=(10, 90, 50), winner=1
    )
    six = ("You", "Milly", "Bert", "Rosa", "Gus", "Ivy")
    assert game_over_text(ended, six).endswith(" Your side finishes in place 3 of 3.")
    two = seat_view(Game(_rules()), 0)
    lost = dataclasses.replace(two, phase=Phase.GAME_OVER, totals=(10, 90), winner=1)
    assert "place" not in game_over_text(lost, six[:4])


def test_m_and_s_say_the_game_goes_on_past_its_end_while_the_lead_is_tied() -> None:
    rules = _rules(player_count=3, target_score=None, hand_limit=1)
    view = dataclasses.replace(
        seat_view(Game(rules), 0), totals=(42, 41, 42), hands_played=1
    )
    goes_on = "The game goes on until the tie for the lead is broken."
    assert match_standing_text(view, THREE).endswith(goes_on)
    assert scores_text(view, THREE).endswith(goes_on)
    before = dataclasses.replace(view, hands_played=0)
    assert match_standing_text(before, THREE).endswith("Playing 1 hand.")


FIVE = ("You", "Hazel", "Omar", "Lena", "Frank")


def test_m_with_three_sides_or_more_names_the_runner_up_and_your_place() -> None:
    """QA: "Lena leads by 42, 72 to 30." named neither Frank's 30 nor your place."""
    five = _rules(player_count=5, target_score=500)
    assert _standing(five, (-40, -9, 21, 72, 30), FIVE) == (
        "2 hands played. Lena leads with 72, Frank second with 30; you are fifth "
        "with minus 40, 112 behind. Playing to 500 points."
    )
    assert _standing(five, (30, -9, 21, 72, 10), FIVE).startswith(
        "2 hands played. Lena leads with 72; you are second with 30, 42 behind."
    )
    assert _standing(five, (72, -9, 21, 30, 30), FIVE).startswith(
        "2 hands played. You lead with 72, Lena and Frank second with 30, 42 behind."
    )
    three = _rules(player_count=3, target_score=500)
    assert _standing(three, (60, 50, 50), THREE).startswith(
        "2 hands played. You lead with 60, Milly and Bert second with 50, 10 behind."
    )


def test_m_with_three_partnerships_says_where_your_side_stands() -> None:
    """QA: "Omar and Dennis lead by 240, 201 to minus 39." (your side, unnamed)."""
    six = _rules(player_count=6, partnerships=True, target_score=500)
    # Sides: you and Zoe, Lee and Ann, Omar and Bob.
    assert _standing(six, (-39, 150, 201), SIX) == (
        "2 hands played. Omar and Bob lead with 201, Lee and Ann second with 150; "
        "your side is third with minus 39, 240 behind. Playing to 500 points."
    )
    assert _standing(six, (150, -39, 201), SIX).startswith(
        "2 hands played. Omar and Bob lead with 201; your side is second with 150, "
        "51 behind."
    )


def test_m_with_two_sides_keeps_its_wording() -> None:
    four = _rules(target_score=500)
    names = ("You", "West", "North", "East")
    assert _standing(four, (120, 80), names).startswith(
        "2 hands played. Your side leads by 40, 120 to 80."
    )


def test_two_failed_nils_give_bags_from_the_failed_nils() -> None:
    rules = _rules(player_count=4)
    names = ("You", "West", "North", "East")
    _, mine = _side(rules, (0, 3, 0, 3), (2, 5, 3, 3))
    assert "5 bags from the failed nils: 5 points." in side_reasons(mine, names, rules)
    _, one = _side(rules, (0, 3, 2, 3), (2, 5, 3, 3))
    assert "2 bags from the failed nil: 2 points." in side_reasons(one, names, rules)


def test_the_mercy_rule_is_said_in_a_sentence() -> None:
    rules = _rules(player_count=3, mercy_score=-200, tie_rule="draw")
    view = seat_view(Game(rules), 0)
    fell = dataclasses.replace(
        view, phase=Phase.GAME_OVER, totals=(-340, 110, 20), winner=1
    )
    assert game_over_text(fell, THREE).startswith(
        "Game over. Milly wins. Mercy rule: you are at minus 340; the limit is "
        "minus 200. You: minus 340."
    )


def test_u_names_the_cards_left_out_of_the_deck() -> None:
    """Seed 004: the lowest cards leave, but never a top trump (so the 3s at six
    players under deuces, and the 2 of diamonds too under jokers at three)."""
    deuces = rules_text(_rules(player_count=6, trump_mode="deuces"))
    assert (
        "The 3 of clubs, 3 of diamonds, 3 of hearts and 3 of spades are left out "
        "of the deck." in deuces
    )
    jokers = rules_text(_rules(player_count=3, trump_mode="jokers"))
    assert (
        "The 2 of clubs, 2 of diamonds and 2 of hearts are left out of the deck."
        in jokers
    )
    assert "The 2 of clubs is left out of the deck." in rules_text(
        _rules(player_count=3)
    )
    assert "left out" not in rules_text(_rules())


def test_u_says_exactly_what_the_bidding_and_scoring_variants_do() -> None:
    ten = rules_text(_rules(ten_for_two_hundred=True))
    assert (
        "A contract of 10 or more, made, scores 20 points a trick; set, it loses "
        "10 a trick." in ten
    )
    suicide = rules_text(_rules(bidding_style="suicide"))
    assert (
        "Suicide: one partner bids nil, the other at least 4, or both bid nil."
        in suicide
    )
    single = rules_text(_rules(bidding_style="suicide", double_nil_allowed=False))
    assert "Suicide: one partner bids nil, the other at least 4." in single
    quicksand = rules_text(_rules(scoring_style="quicksand"))
    assert (
        "Quicksand scoring: a contract made scores 10 a trick bid, less 10 for "
        "each overtrick; a contract set loses 10 for each trick short; there are "
        "no bags." in quicksand
    )
    mirror = rules_text(_rules(bidding_style="mirror"))
    assert (
        "Mirror: everyone bids their number of spades, unless they bid blind nil."
        in mirror
    )
    no_blind = rules_text(_rules(bidding_style="mirror", blind_nil_allowed=False))
    assert "Mirror: everyone bids their number of spades." in no_blind


def test_u_says_what_a_failed_nils_tricks_do_in_every_shape_and_scoring() -> None:
    """QA: U told a table of five each for themselves "A failed nil's tricks
    count towards the partner's bid." (no one has a partner: they count for
    nothing, as the hand's summary shows), and under quicksand, which has "no
    bags", "A failed nil's tricks count as bags, with no points."."""
    towards = "A failed nil's tricks count towards the partner's bid."
    no_bags = "A failed nil's tricks do not count as bags."
    as_bags = "A failed nil's tricks count as bags, with no points."
    alone = rules_text(
        _rules(player_count=5, partnerships=False, nil_tricks="partner_contract")
    )
    assert towards not in alone and no_bags in alone, alone
    partners = rules_text(_rules(nil_tricks="partner_contract"))
    assert towards in partners and no_bags not in partners
    quick_partners = rules_text(
        _rules(nil_tricks="partner_contract", scoring_style="quicksand")
    )
    assert towards in quick_partners  # the tricks still help the contract
    for option in ("bags_no_points", "ignored", "bags"):
        quick = rules_text(_rules(nil_tricks=option, scoring_style="quicksand"))
        assert "bags," not in quick and no_bags not in quick, (option, quick)
        quick_alone = rules_text(
            _rules(
                player_count=3,
                partnerships=False,
                nil_tricks="partner_contract",
                scoring_style="quicksand",
            )
        )
        assert "failed nil's tricks" not in quick_alone, quick_alone
    assert as_bags in rules_text(_rules(nil_tricks="bags_no_points"))
    assert no_bags in rules_text(_rules(nil_tricks="ignored"))


def test_u_leaves_out_bonuses_for_contracts_a_six_player_hand_cannot_hold() -> None:
    """QA: at six players (8 tricks a hand) U said "A contract of 10 or more,
    made, scores 20 points a trick ..." and offered a big bid bonus from the 9th
    trick: rules no contract there can meet."""
    for partners in (True, False):
        six = rules_text(
            _rules(
                player_count=6,
                partnerships=partners,
                ten_for_two_hundred=True,
                big_bid_bonus=10,
                big_bid_from=9,
            )
        )
        assert "10 or more" not in six, six
        assert "9 or more" not in six, six
    five = rules_text(
        _rules(
            player_count=5,
            partnerships=False,
            ten_for_two_hundred=True,
            big_bid_bonus=10,
            big_bid_from=6,
        )
    )
    assert "A contract of 10 or more, made, scores 20 points a trick" in five
    assert "A contract of 6 or more, made, earns 10 more" in five


def test_u_says_no_hell_only_where_it_can_refuse_a_bid() -> None:
    """QA: mirror bidding at four players with the plain deck makes every hand's
    bids add up to 13 (all 13 spades are dealt), so no hell always gives way
    there, yet U said "No hell: the bids may not add up to the number of
    tricks."."""
    no_hell = "No hell: the bids may not add up to the number of tricks."
    assert no_hell not in rules_text(_rules(bidding_style="mirror", no_hell=True))
    # Jokers make 15 trumps: the bids may add up to 13 or not, no hell holds.
    jokers = _rules(bidding_style="mirror", no_hell=True, trump_mode="jokers")
    assert no_hell in rules_text(jokers)
    assert no_hell in rules_text(_rules(no_hell=True))
    three = _rules(player_count=3, bidding_style="whiz", no_hell=True)
    assert no_hell in rules_text(three)


def test_u_says_bags_cost_nothing_without_a_bag_penalty() -> None:
    """QA: with the bag penalty set to none (seed 001 offers it), U said "10 bags
    cost 0 points.": a penalty of nothing, counted as if it were one."""
    free = rules_text(_rules(bag_penalty=0))
    assert "cost 0 points" not in free, free
    assert "Bags carry no penalty." in free
    assert "10 bags cost 100 points." in rules_text(_rules())
    assert "7 bags cost 100 points." in rules_text(_rules(bags_per_penalty=7))


def test_a_hands_total_is_not_said_when_one_reason_carries_all_its_points() -> None:
    """QA (quicksand, six each for themselves): "Poppy took 3 tricks. Poppy's nil
    failed: minus 100 points. This hand: minus 100 points." The tricks taken are
    no reason for points; one reason carried them all, and was said twice."""
    quicksand = _rules(player_count=3, scoring_style="quicksand")
    score, _ = _side(quicksand, (0, 1, 4), (3, 5, 9))
    view = seat_view(Game(quicksand), 0)
    mine = hand_summary_lines(score, view, THREE)[0]
    assert mine == (
        "You took 3 tricks. Your nil failed: minus 100 points. Score: minus 100 points."
    ), mine
    # With a failed nil's bags there are two reasons: the total is said.
    bags = _rules(player_count=3)
    score, _ = _side(bags, (0, 1, 4), (3, 5, 9))
    mine = hand_summary_lines(score, seat_view(Game(bags), 0), THREE)[0]
    assert mine.endswith(
        "3 bags from the failed nil: 3 points. This hand: minus 97 points. "
        "Score: minus 97 points, 3 bags."
    ), mine
    # Shot the moon for 500: the contract's line carries the 500.
    moon = _rules(player_count=3, moon="scores_500")
    score, _ = _side(moon, (17, 0, 0), (17, 0, 0))
    mine = hand_summary_lines(score, seat_view(Game(moon), 0), THREE)[0]
    assert "This hand" not in mine, mine
