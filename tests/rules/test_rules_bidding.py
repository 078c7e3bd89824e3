"""Bidding, blind nil and its card exchange, and the misdeal redeal, on stacked decks.

North 0, East 1, South 2, West 3 (clockwise); side 0 is North-South.
"""

from __future__ import annotations

import dataclasses

import pytest
from rules_testkit import (
    EAST,
    NORTH,
    SOUTH,
    WEST,
    all_spades,
    bid_round,
    deal_from,
    new_game,
    play_hand,
    play_out,
    reason_for,
)

from audiospades.rules import (
    Bid,
    BiddingComplete,
    BiddingStyle,
    BidMade,
    BidOrder,
    Card,
    CardsPassed,
    Game,
    HandDealt,
    HandScored,
    Phase,
    PlayStarted,
    Reason,
    RedealRequested,
    Rules,
    TrumpMode,
    parse_cards,
    seat_view,
    visible_events,
)

C = Card.parse
NIL = Bid.nil()
BLIND = Bid.blind_nil()


def test_seed_000_bidding_example() -> None:
    """Seed 000 "The Bidding": "South deals; West bids 3; North bids 1; East bids 4;
    South bids 4. The objective of North and South is to win at least 5 ticks (4+1),
    East and West try to win at least 7 (4+3)."."""
    game = new_game(Rules.pagat(), dealer=SOUTH)
    assert game.to_act == WEST
    for seat, tricks in ((WEST, 3), (NORTH, 1), (EAST, 4), (SOUTH, 4)):
        assert game.to_act == seat
        other = (seat + 1) % 4
        assert reason_for(lambda o=other: game.bid(o, Bid(1))) is Reason.NOT_YOUR_TURN
        assert game.bid(seat, Bid(tricks))[0] == BidMade(seat, Bid(tricks))
    assert BiddingComplete((Bid(1), Bid(4), Bid(4), Bid(3))) in game.events
    play_out(game)
    scored = game.events[-1]
    assert isinstance(scored, HandScored)
    assert [s.contract for s in scored.score.sides] == [5, 7]


def test_bidding_starts_at_the_dealers_left() -> None:
    """Seed 000: "The bidding begins with the player to dealer's left and continues
    clockwise"; the same player leads first."""
    game = new_game(Rules.pagat(), dealer=SOUTH)
    order = []
    while game.phase is Phase.BIDDING:
        assert game.to_act is not None
        order.append(game.to_act)
        game.bid(game.to_act, Bid(3))
    assert order == [WEST, NORTH, EAST, SOUTH]
    assert PlayStarted(WEST) in game.events


def test_seed_001_bidding_starts_at_the_dealers_right() -> None:
    """Seed 001 "Bidding": "Starting with the player to the right of the dealer, and
    proceeding clockwise round the table"; "Immediately after the bidding, the lead
    player is the player to the right of the dealer"."""
    rules = dataclasses.replace(Rules.pagat(), bid_order=BidOrder.DEALERS_RIGHT)
    game = new_game(rules, dealer=SOUTH)
    order = []
    while game.phase is Phase.BIDDING:
        assert game.to_act is not None
        order.append(game.to_act)
        game.bid(game.to_act, Bid(3))
    assert order == [EAST, SOUTH, WEST, NORTH]
    assert PlayStarted(EAST) in game.events
    assert game.to_act == EAST


@pytest.mark.parametrize(("players", "most"), [(3, 17), (4, 13), (5, 10), (6, 8)])
def test_bid_range_is_nil_to_the_hand_size(players: int, most: int) -> None:
    """Seed 004: "Each player must announce a number between 0 and 17, 13, 10 and 8
    respectively depending on the number of players"; seed 000: "in theory any number
    from 0 to 13 is allowed"."""
    game = new_game(Rules.pagat(players=players), dealer=0)
    seat = game.to_act
    assert seat is not None
    numbers = [b.tricks for b in game.legal_bids(seat) if not b.blind]
    assert numbers == list(range(most + 1))
    assert reason_for(lambda: game.bid(seat, Bid(most + 1))) is Reason.BID_OUT_OF_RANGE


def test_nil_not_allowed_option() -> None:
    """Seed 000: "A bid of 0 tricks is known as Nil"; without nil the least bid is 1."""
    rules = dataclasses.replace(
        Rules.pagat(), nil_allowed=False, blind_nil_allowed=False
    )
    game = new_game(rules)
    assert Bid(0) not in game.legal_bids(NORTH)
    assert reason_for(lambda: game.bid(NORTH, NIL)) is Reason.NIL_NOT_ALLOWED


@pytest.mark.parametrize("allowed", [True, False])
def test_double_nil_allowed_or_not(allowed: bool) -> None:
    """Seed 004 "Double nil or double zero": "when the two partners of the same team
    both bid 0 tricks"; some tables bar it."""
    rules = dataclasses.replace(Rules.pagat(), double_nil_allowed=allowed)
    game = new_game(rules)
    game.bid(NORTH, NIL)
    game.bid(EAST, NIL)  # the opponents' nil does not count
    assert game.can_bid(SOUTH, NIL) is allowed
    if not allowed:
        assert reason_for(lambda: game.bid(SOUTH, NIL)) is Reason.DOUBLE_NIL_NOT_ALLOWED
        assert NIL not in game.legal_bids(SOUTH)


# --- blind nil -------------------------------------------------------------------


def side_behind_by_150(rules: Rules) -> Game:
    """One hand in which North-South make 130 and East-West are set for -20.

    West deals hand 1; North (all the spades) takes every trick. Hand 2 is dealt by
    North, so East, 150 behind, bids first.
    """
    game = Game(rules, first_dealer=WEST)
    play_hand(game, {NORTH: 12, EAST: 1, SOUTH: 1, WEST: 1}, all_spades(NORTH))
    assert game.totals == [130, -20]
    game.deal(deal_from(rules))
    assert game.to_act == EAST
    return game


@pytest.mark.parametrize(
    ("behind", "east_may"), [(0, True), (100, True), (150, True), (200, False)]
)
def test_blind_nil_needs_the_side_to_be_behind(behind: int, east_may: bool) -> None:
    """Seed 003: "It is ordinarily agreed that Blind Nil could only be bid by a player
    whose facet is shedding by at minimum a hundred points"; seed 001 "Blind Nil
    Available": "if "200 Pts" is selected then you need to be 200 points behind"."""
    rules = dataclasses.replace(Rules.pagat(), blind_nil_behind=behind)
    game = side_behind_by_150(rules)
    assert game.can_bid(EAST, BLIND) is east_may
    assert (BLIND in game.legal_bids(EAST)) is east_may
    if not east_may:
        refusal = reason_for(lambda: game.bid(EAST, BLIND))
        assert refusal is Reason.BLIND_NIL_NOT_BEHIND
    game.bid(EAST, Bid(2))
    # South's side leads by 150: only with no threshold may it bid blind nil
    # (``Rules.blind_nil_behind``: "0 allows it at any time"; the engine used to
    # refuse the leading side even then).
    assert game.can_bid(SOUTH, BLIND) is (behind == 0)


def test_blind_nil_not_allowed_option() -> None:
    """Seed 003: "Some players allow a bid of Blind nil"; seed 004 does not."""
    rules = dataclasses.replace(Rules.seed_004(), blind_nil_behind=0)
    game = new_game(rules)
    assert reason_for(lambda: game.bid(NORTH, BLIND)) is Reason.BLIND_NIL_NOT_ALLOWED


def test_blind_nil_exchange_order() -> None:
    """Seed 002 "Bidding": "the blind nil player passes 2 cards ... face down to their
    teammate who picks them up and then gives back 2 cards"; seed 003: "the bidder
    discards two playing cards facial area down companion picks them up and gives
    again two playing cards facial area-down in return"."""
    game = side_behind_by_150(Rules.pagat())
    bid_round(game, {EAST: BLIND, SOUTH: 3, WEST: 5, NORTH: 3})
    assert game.phase is Phase.PASSING
    assert game.pending_pass() == (EAST, WEST)
    assert game.to_act == EAST
    east = game.hand(EAST)
    assert reason_for(lambda: game.pass_cards(WEST, game.hand(WEST)[:2])) is (
        Reason.NOT_YOUR_TURN
    )
    assert (
        reason_for(lambda: game.pass_cards(EAST, east[:1])) is Reason.WRONG_PASS_COUNT
    )
    assert (
        reason_for(lambda: game.pass_cards(EAST, east[:3])) is Reason.WRONG_PASS_COUNT
    )
    assert reason_for(lambda: game.pass_cards(EAST, [east[0], east[0]])) is (
        Reason.DUPLICATE_CARD
    )
    not_held = game.hand(WEST)[0]
    assert reason_for(lambda: game.pass_cards(EAST, [east[0], not_held])) is (
        Reason.CARD_NOT_HELD
    )
    events = game.pass_cards(EAST, east[-2:])
    assert events == (CardsPassed(EAST, WEST, east[-2:]),)
    assert game.pending_pass() == (WEST, EAST)
    assert set(east[-2:]) <= set(game.hand(WEST))
    # The partner may give back the very cards it received.
    events = game.pass_cards(WEST, east[-2:])
    assert events == (CardsPassed(WEST, EAST, east[-2:]), PlayStarted(EAST))
    assert game.hand(EAST) == east
    assert game.phase is Phase.PLAYING


def test_blind_nil_passes_are_seen_only_by_the_partners() -> None:
    """The exchange is "face down": only the two partners see the cards."""
    game = side_behind_by_150(Rules.pagat())
    bid_round(game, {EAST: BLIND, SOUTH: 3, WEST: 5, NORTH: 3})
    east = game.hand(EAST)
    game.pass_cards(EAST, east[:2])
    west_gives = game.hand(WEST)[-2:]
    game.pass_cards(WEST, west_gives)
    for seat in (NORTH, SOUTH):
        shown = [
            e for e in visible_events(game.events, seat) if isinstance(e, CardsPassed)
        ]
        assert [e.cards for e in shown] == [(), ()]
        view = seat_view(game, seat)
        assert view.passed_in == () and view.passed_out == ()
    view = seat_view(game, WEST)
    assert view.passed_in == east[:2] and view.passed_out == west_gives
    assert seat_view(game, EAST).passed_in == west_gives


@pytest.mark.parametrize("count", [0, 1, 2])
def test_blind_nil_pass_count(count: int) -> None:
    """Seeds 002 and 003 pass 2 cards; seed 001 "Card Passing": "a single card to be
    passed between partners"; or none."""
    rules = dataclasses.replace(Rules.pagat(), blind_nil_pass=count)
    game = side_behind_by_150(rules)
    bid_round(game, {EAST: BLIND, SOUTH: 3, WEST: 5, NORTH: 3})
    if count == 0:
        assert game.phase is Phase.PLAYING
        return
    game.pass_cards(EAST, game.hand(EAST)[:count])
    game.pass_cards(WEST, game.hand(WEST)[:count])
    passes = [e for e in game.events if isinstance(e, CardsPassed)]
    assert [(p.from_seat, p.to_seat, len(p.cards)) for p in passes] == [
        (EAST, WEST, count),
        (WEST, EAST, count),
    ]


def test_blind_nil_scores_200_when_played_out() -> None:
    """Seed 003: blind nil "wins 200 points if profitable"; here East holds the
    thirteen lowest clubs-and-diamonds cards after passing nothing and takes none."""
    rules = dataclasses.replace(Rules.pagat(), blind_nil_pass=0)
    game = Game(rules, first_dealer=WEST)
    play_hand(game, {NORTH: 12, EAST: 1, SOUTH: 1, WEST: 1}, all_spades(NORTH))
    play_hand(
        game,
        {EAST: BLIND, SOUTH: 1, WEST: 1, NORTH: 1},
        {NORTH: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"},
    )
    score = game.history[-1].sides[1]
    assert score.nils[0].blind and score.nils[0].is_made
    assert score.nil_points == 200


# --- bidding variants (seed 004) ---------------------------------------------------


def test_no_hell_last_bidder_may_not_make_the_total_thirteen() -> None:
    """Seed 004 "No hell": "If the first three players announced 3, 4 and 3 tricks
    respectively, then the last player isn't allowed to bid 3 (he can bid 2 or 4
    but not 3)"."""
    rules = dataclasses.replace(Rules.pagat(), no_hell=True)
    game = new_game(rules)
    for seat, tricks in ((NORTH, 3), (EAST, 4), (SOUTH, 3)):
        game.bid(seat, Bid(tricks))
    assert reason_for(lambda: game.bid(WEST, Bid(3))) is Reason.NO_HELL_TOTAL
    assert game.can_bid(WEST, Bid(2)) and game.can_bid(WEST, Bid(4))
    assert Bid(3) not in game.legal_bids(WEST)


def test_no_hell_does_not_bind_earlier_bidders() -> None:
    """Seed 004: only "the sum of all announcements" is restricted."""
    rules = dataclasses.replace(Rules.pagat(), no_hell=True)
    game = new_game(rules)
    game.bid(NORTH, Bid(13))
    assert game.can_bid(EAST, NIL)


def test_suicide_one_partner_nil_the_other_at_least_four() -> None:
    """Seed 004 "Suicide": "a player must bid at least 4 tricks while the other must
    go nil ... It is possible to play double nil"."""
    rules = dataclasses.replace(Rules.pagat(), bidding_style=BiddingStyle.SUICIDE)
    game = new_game(rules)
    assert reason_for(lambda: game.bid(NORTH, Bid(3))) is Reason.SUICIDE_NEEDS_FOUR
    game.bid(NORTH, Bid(4))
    game.bid(EAST, NIL)
    assert reason_for(lambda: game.bid(SOUTH, Bid(5))) is Reason.SUICIDE_NEEDS_NIL
    # Under four too, the reason is the one that leaves a choice: only nil is left.
    assert reason_for(lambda: game.bid(SOUTH, Bid(2))) is Reason.SUICIDE_NEEDS_NIL
    assert [b for b in game.legal_bids(SOUTH) if not b.blind] == [NIL]
    game.bid(SOUTH, NIL)
    # West's partner went nil: West may bid 4 or more, or nil too (double nil).
    legal = [b for b in game.legal_bids(WEST) if not b.blind]
    assert legal == [NIL, *(Bid(t) for t in range(4, 14))]


def test_mirror_bids_the_spades_held() -> None:
    """Mirror: each player bids exactly the number of spades held (nil with none)."""
    rules = dataclasses.replace(Rules.pagat(), bidding_style=BiddingStyle.MIRROR)
    game = new_game(rules, {NORTH: "AS KS QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH"})
    assert [b for b in game.legal_bids(NORTH) if not b.blind] == [Bid(3)]
    assert reason_for(lambda: game.bid(NORTH, Bid(4))) is (
        Reason.MIRROR_MUST_MATCH_SPADES
    )


def test_mirror_counts_added_trumps_as_spades() -> None:
    """Seed 001: added trumps are spades "for ... other rules" too."""
    rules = dataclasses.replace(
        Rules.pagat(),
        bidding_style=BiddingStyle.MIRROR,
        trump_mode=TrumpMode.NEW_YORK_CITY,
    )
    game = new_game(rules, {NORTH: "BJ LJ 2D AS 3H 4H 5H 6H 7H 8H 9H TH JH"})
    assert [b for b in game.legal_bids(NORTH) if not b.blind] == [Bid(4)]


def test_whiz_bids_the_spades_held_or_nil() -> None:
    """Whiz: each player bids the number of spades held, or nil."""
    rules = dataclasses.replace(Rules.pagat(), bidding_style=BiddingStyle.WHIZ)
    game = new_game(rules, {NORTH: "AS KS QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH"})
    assert [b for b in game.legal_bids(NORTH) if not b.blind] == [NIL, Bid(3)]
    assert reason_for(lambda: game.bid(NORTH, Bid(2))) is Reason.WHIZ_NIL_OR_SPADES


def test_minimum_side_bid() -> None:
    """House rule: a side's combined bid must reach the minimum, unless both of its
    players bid nil."""
    rules = dataclasses.replace(Rules.pagat(), minimum_side_bid=4)
    game = new_game(rules)
    game.bid(NORTH, Bid(1))  # the partner has not bid yet: no check
    game.bid(EAST, NIL)
    assert reason_for(lambda: game.bid(SOUTH, Bid(2))) is Reason.SIDE_BID_TOO_LOW
    assert reason_for(lambda: game.bid(SOUTH, NIL)) is Reason.SIDE_BID_TOO_LOW
    assert game.can_bid(SOUTH, Bid(3))
    game.bid(SOUTH, Bid(3))
    assert game.can_bid(WEST, NIL)  # double nil is allowed below the minimum
    assert not game.can_bid(WEST, Bid(3))


# --- misdeal (seed 002) -------------------------------------------------------------

ONE_SPADE = "AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"


@pytest.mark.parametrize("hand", [ONE_SPADE, "AH 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"])
def test_deficient_hand_may_ask_for_a_redeal(hand: str) -> None:
    """Seed 002 "Misdeal": "If dealt one or no spades, a deficient hand a player may
    choose to request that the cards be dealt again"; the same dealer deals again."""
    game = new_game(Rules.open_spades(), {SOUTH: hand})
    assert game.can_request_redeal(SOUTH)
    assert game.request_redeal(SOUTH) == (RedealRequested(SOUTH),)
    assert game.phase is Phase.DEALING
    assert game.to_act is None
    events = game.deal(deal_from(game.rules))
    assert events == (HandDealt(1, WEST),)
    assert game.to_act == NORTH


def test_a_hand_thrown_in_is_known_as_such_until_dealt_again() -> None:
    """Seed 002: between the request and the dealer's new deal, a seat's view says
    the hand was thrown in (not a game starting, nor a hand played out)."""
    rules = Rules.open_spades()
    fresh = seat_view(Game(rules, first_dealer=WEST), NORTH)
    assert fresh.is_before_first_deal and not fresh.is_thrown_in
    game = new_game(rules, {SOUTH: ONE_SPADE})
    assert not seat_view(game, NORTH).is_thrown_in
    game.request_redeal(SOUTH)
    thrown_in = seat_view(game, NORTH)
    assert thrown_in.is_thrown_in and not thrown_in.is_before_first_deal
    game.deal(deal_from(game.rules))
    assert not seat_view(game, NORTH).is_thrown_in


def test_deficient_hand_may_be_kept_for_a_nil() -> None:
    """Seed 002: "A player may desire to keep a deficient hand so that they may bid
    Nil": the redeal is a choice, bidding goes on if nobody asks."""
    game = new_game(Rules.open_spades(), {SOUTH: ONE_SPADE})
    game.bid(NORTH, Bid(3))
    game.bid(EAST, Bid(3))
    game.bid(SOUTH, NIL)
    assert game.bids[SOUTH] == NIL


def test_redeal_only_before_the_first_bid() -> None:
    """Seed 002: the request comes before bidding; the engine allows it only until
    the first bid is made."""
    game = new_game(Rules.open_spades(), {SOUTH: ONE_SPADE})
    game.bid(NORTH, Bid(3))
    assert reason_for(lambda: game.request_redeal(SOUTH)) is Reason.REDEAL_NOT_ALLOWED


def test_two_spades_are_not_a_misdeal() -> None:
    """Seed 002: "one or no spades" only."""
    game = new_game(
        Rules.open_spades(), {SOUTH: "AS KS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"}
    )
    assert reason_for(lambda: game.request_redeal(SOUTH)) is Reason.HAND_NOT_DEFICIENT


def test_no_redeal_without_the_option() -> None:
    """Pagat (seed 000) has no misdeal rule."""
    game = new_game(Rules.pagat(), {SOUTH: ONE_SPADE})
    assert reason_for(lambda: game.request_redeal(SOUTH)) is Reason.REDEAL_NOT_ALLOWED


def test_added_trumps_count_as_spades_for_a_misdeal() -> None:
    """Seed 001: added trumps are spades "for ... other rules"; a hand with one spade
    and a joker holds two trumps and is not deficient."""
    rules = dataclasses.replace(Rules.open_spades(), trump_mode=TrumpMode.JOKERS)
    game = new_game(rules, {SOUTH: "AS BJ 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"})
    assert not game.can_request_redeal(SOUTH)


def test_six_players_sit_in_three_partnerships() -> None:
    """Six players in partnerships: seat s's partner is seat s+3 (across the table),
    and the blind nil exchange goes between them."""
    rules = dataclasses.replace(Rules.pagat(players=6), blind_nil_behind=0)
    game = Game(rules, first_dealer=5)
    game.deal(deal_from(rules))
    assert [game.side_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    game.bid(0, BLIND)
    for seat in range(1, 6):
        game.bid(seat, Bid(1))
    assert game.pending_pass() == (0, 3)
    game.pass_cards(0, game.hand(0)[:2])
    assert game.pending_pass() == (3, 0)


def test_deal_must_be_the_whole_deck() -> None:
    """Seed 000 "The Deal": "until all 52 cards have been dealt and everyone has 13"."""
    game = Game(Rules.pagat())
    hands = list(deal_from(game.rules))
    assert reason_for(lambda: game.deal(hands[:3])) is Reason.BAD_DEAL
    short = [*hands[:3], hands[3][:12]]
    assert reason_for(lambda: game.deal(short)) is Reason.BAD_DEAL
    twice = [*hands[:3], (*hands[3][:12], hands[0][0])]
    assert reason_for(lambda: game.deal(twice)) is Reason.BAD_DEAL
    assert reason_for(lambda: game.bid(NORTH, Bid(1))) is Reason.WRONG_PHASE
    assert parse_cards(" ".join(str(c) for c in hands[0])) == hands[0]


def test_hidden_hand_view_does_not_reveal_spades_through_legal_bids() -> None:
    """Seed 003: blind nil is "declared before a player looks at his cards"; under
    mirror bidding the legal bids would tell the spade count, so a hidden view offers
    only the blind nil."""
    import dataclasses
    import random

    from audiospades.rules import BiddingStyle, Game, Rules, seat_view, shuffled_deal

    rules = dataclasses.replace(
        Rules.pagat(), bidding_style=BiddingStyle.MIRROR, blind_nil_behind=0
    )
    game = Game(rules, first_dealer=3)
    game.deal(shuffled_deal(rules, random.Random(3)))
    hidden = seat_view(game, 0, hide_hand=True)
    assert hidden.hand == ()
    assert [b.blind for b in hidden.legal_bids] == [True]
    assert len(seat_view(game, 0).legal_bids) == 2


@pytest.mark.parametrize(
    "style",
    [BiddingStyle.NORMAL, BiddingStyle.SUICIDE, BiddingStyle.MIRROR, BiddingStyle.WHIZ],
)
@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_seats_view_refuses_a_bid_as_the_engine_would(
    style: BiddingStyle, players: int
) -> None:
    """``SeatView.bid_refusal`` (what B says before Enter) matches the engine at
    every turn to bid of many random deals: None exactly for the legal bids, else
    the reason the engine gives (extra trumps, no hell and side minimums among
    the rules: mirror and whiz count the spades with the trumps)."""
    import random
    from functools import partial

    from audiospades.rules import shuffled_deal

    teams = players in (4, 6)
    if style is BiddingStyle.SUICIDE and not teams:
        return  # (suicide is a partnership game)
    for index in range(30):
        rng = random.Random(index)
        side_minimum = teams and style is BiddingStyle.NORMAL and index % 3 == 0
        rules = dataclasses.replace(
            Rules.pagat(players=players, partnerships=teams),
            bidding_style=style,
            no_hell=index % 2 == 0,
            minimum_side_bid=4 if side_minimum else 0,
            trump_mode=list(TrumpMode)[index % len(TrumpMode)]
            if players == 4
            else TrumpMode.NORMAL,
        )
        game = Game(rules, first_dealer=rng.randrange(players))
        game.deal(shuffled_deal(rules, rng))
        while game.phase is Phase.BIDDING:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            for tricks in range(rules.trick_count + 1):
                bid = Bid(tricks)
                refusal = view.bid_refusal(bid)
                if game.can_bid(seat, bid):
                    assert refusal is None, (seat, bid)
                else:
                    assert refusal is not None, (seat, bid)
                    made = partial(game.bid, seat, bid)
                    assert refusal.reason is reason_for(made)
            game.bid(seat, rng.choice(game.legal_bids(seat)))
