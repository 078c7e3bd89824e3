"""Constructed positions: covering a partner's nil, and the search's endgame."""

from __future__ import annotations

import random

from audiospades.bots import HeuristicBot, HintReason
from audiospades.bots.search import DealSampler, SearchBot, SearchParams
from audiospades.bots.sim import sim_from_view
from audiospades.rules import (
    Bid,
    Card,
    Game,
    Phase,
    Rules,
    SeatView,
    TrickWon,
    build_deck,
    parse_cards,
    seat_view,
)


def _deal(rules: Rules, fixed: dict[int, str]) -> list[list[Card]]:
    hands = {seat: list(parse_cards(text)) for seat, text in fixed.items()}
    used = {c for h in hands.values() for c in h}
    rest = [c for c in build_deck(rules) if c not in used]
    out = []
    for seat in range(rules.player_count):
        hand = hands.get(seat, [])
        while len(hand) < rules.hand_size:
            hand.append(rest.pop())
        out.append(hand)
    return out


def _bid_game(
    dealer: int, fixed: dict[int, str], bids: tuple[tuple[int, Bid], ...]
) -> Game:
    """A pagat game dealt ``fixed`` hands (the rest at random) and bid ``bids``."""
    rules = Rules.pagat()
    game = Game(rules, first_dealer=dealer)
    game.deal(_deal(rules, fixed))
    for seat, bid in bids:
        game.bid(seat, bid)
    assert game.phase is Phase.PLAYING
    return game


def test_level_3_covers_partners_nil_with_a_high_card() -> None:
    """Seat 0's partner (seat 2) bid nil and plays last: seat 0 wins the trick high."""
    game = _bid_game(
        2,  # Seat 3 bids and leads first.
        {
            0: "AH 4H 2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D",
            3: "3H 8C 9C TC JC 7D 8D 9D TD JD 2S 3S 4S",
            2: "KH QH 5H 6H 7H 8H QC KC AC QD KD AD 5S",
        },
        ((3, Bid(3)), (0, Bid(4)), (1, Bid(3)), (2, Bid.nil())),
    )
    game.play(3, Card.parse("3H"))
    view = seat_view(game, 0)
    bot = HeuristicBot(3, random.Random(1))
    assert bot.choose_play(view) == Card.parse("AH")
    # Without the partner's nil, second hand plays low.
    assert HeuristicBot(2, random.Random(1)).params.nil_play is False


def _endgame(tricks_won: tuple[int, ...], bags: tuple[int, int]) -> SeatView:
    """Two tricks left; seat 0 is last to play to QD 2D 5D holding KD and 3D.

    The others' last cards are 4C, 6H and 7S: if seat 0 wins with KD and leads 3D,
    seat 3 ruffs; if it ducks, it takes nothing. All 44 other cards were played
    suit by suit, so no void has shown.
    """
    rules = Rules.pagat()
    unplayed = set(parse_cards("KD 3D QD 2D 5D 4C 6H 7S"))
    played = [c for c in build_deck(rules) if c not in unplayed]
    played.sort(key=lambda c: c.index)
    tricks = []
    for index in range(11):
        cards = played[index * 4 : index * 4 + 4]
        tricks.append(
            TrickWon(index % 4, index, tuple((s, c) for s, c in enumerate(cards)))
        )
    trick = ((1, Card.parse("QD")), (2, Card.parse("2D")), (3, Card.parse("5D")))
    return SeatView(
        seat=0,
        rules=rules,
        phase=Phase.PLAYING,
        dealer=0,
        deal_count=1,
        hands_played=0,
        hand=parse_cards("3D KD"),
        hand_hidden=False,
        hand_sizes=(2, 1, 1, 1),
        bids=(Bid(3), Bid(2), Bid(3), Bid(3)),
        tricks_won=tricks_won,
        trick=trick,
        completed_tricks=tuple(tricks),
        trick_index=11,
        spades_broken=True,
        to_act=0,
        totals=(200, 200),
        bags=bags,
        history=(),
        passed_out=(),
        passed_in=(),
        pending_pass=None,
        legal_plays=frozenset(parse_cards("3D KD")),
        legal_bids=(),
        is_blind_nil_eligible=False,
        can_request_redeal=False,
        winner=None,
        is_draw=False,
    )


def test_search_wins_the_trick_its_contract_needs() -> None:
    """Side 0 bid 6 and has 5: only KD now makes the contract."""
    view = _endgame((2, 3, 3, 3), (0, 0))
    for level in (4, 5):
        bot = SearchBot(level, random.Random(level))
        assert bot.choose_play(view) == Card.parse("KD")


def test_search_ducks_when_a_trick_would_only_be_a_costly_bag() -> None:
    """Both sides made their bids; side 0 has 9 bags, so a 10th costs 100."""
    view = _endgame((3, 2, 3, 3), (9, 0))
    for level in (4, 5):
        bot = SearchBot(level, random.Random(level))
        assert bot.choose_play(view) == Card.parse("3D")


def test_a_card_passed_back_is_not_counted_in_the_partners_hand() -> None:
    """Seeds 002/003: after a blind nil the partners exchange cards; one may return."""
    rules = Rules.pagat()
    game = Game(rules, first_dealer=3)
    game.totals = [0, 300]
    game.deal(_deal(rules, {0: "AS KS QS JS TS 9S 8S 2H 3H 4H 5H 6H 7H"}))
    game.bid(0, Bid.blind_nil())
    for seat in (1, 2, 3):
        game.bid(seat, Bid(3))
    assert game.phase is Phase.PASSING
    game.pass_cards(0, parse_cards("AS KS"))
    game.pass_cards(2, parse_cards("AS 2C") if Card.parse("2C") in game.hand(2) else
                    (Card.parse("AS"), game.hand(2)[0]))  # fmt: skip
    assert game.to_act == 0
    view = seat_view(game, 0)
    assert Card.parse("AS") in view.hand
    assert Card.parse("AS") in view.passed_out
    sampler = DealSampler(view, sim_from_view(view), random.Random(1), True)
    for _ in range(5):
        hands = sampler.sample()
        assert [len(h) for h in hands] == list(view.hand_sizes)
    bot = SearchBot(5, random.Random(1), search=SearchParams(0.05, 0.05, 4, 4, True, 2))
    assert bot.choose_play(view) in view.legal_plays


def _position_with_a_void(seed: int) -> SeatView:
    """Seat 0's view, mid-hand, after some other seat has shown a void."""
    rules = Rules.pagat()
    rng = random.Random(seed)
    deck = list(build_deck(rules))
    rng.shuffle(deck)
    game = Game(rules, first_dealer=3)
    game.deal([deck[i * 13 : i * 13 + 13] for i in range(4)])
    bots = [HeuristicBot(3, random.Random(s)) for s in range(4)]
    while game.phase is Phase.BIDDING:
        seat = game.to_act
        assert seat is not None
        game.bid(seat, bots[seat].choose_bid(seat_view(game, seat)))
    while True:
        seat = game.to_act
        assert seat is not None
        view = seat_view(game, 0)
        if seat == 0 and any(sim_from_view(view).voids[1:]):
            return view
        game.play(seat, bots[seat].choose_play(seat_view(game, seat)))


def test_sampled_deals_respect_shown_voids_and_spread_the_rest_evenly() -> None:
    view = next(
        v
        for v in (_position_with_a_void(seed) for seed in range(40))
        if len(v.hand) >= 6
    )
    base = sim_from_view(view)
    sampler = DealSampler(view, base, random.Random(7), False)
    unseen = base.remaining - set(view.hand)
    free = [c for c in unseen if not any(c.suit in v for v in base.voids[1:])]
    counts = {c: [0] * 4 for c in free}
    draws = 600
    for _ in range(draws):
        hands = sampler.sample()
        assert hands[0] == set(view.hand)
        assert [len(h) for h in hands] == list(view.hand_sizes)
        assert set().union(*hands[1:]) == unseen
        for seat in (1, 2, 3):
            assert not any(c.suit in base.voids[seat] for c in hands[seat])
        for card in free:
            for seat in (1, 2, 3):
                counts[card][seat] += card in hands[seat]
    # A card no void constrains can be anywhere there is room: each seat gets it
    # sometimes (with 600 draws a seat with a fair share almost never misses).
    for card in free:
        assert all(counts[card][seat] > 0 for seat in (1, 2, 3)), card


def _attack_position(seat_1_bid: Bid) -> SeatView:
    """Seat 3 has led 3H; seat 0 holds AH 2H and plays before seat 1.

    Seat 0's side (seats 0 and 2) bid 5 with thirteen tricks to play; seat 1 bid
    ``seat_1_bid``.
    """
    game = _bid_game(
        2,  # Seat 3 bids and leads first.
        {
            0: "AH 2H 2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D",
            1: "4H 5H 6H 8C 9C 7D 8D 9D TD 2S 3S 4S 5S",
            3: "3H 7H TH JH QH TC JC QC KC AC JD QD KD",
        },
        ((3, Bid(4)), (0, Bid(2)), (1, seat_1_bid), (2, Bid(3))),
    )
    game.play(3, Card.parse("3H"))
    return seat_view(game, 0)


def test_level_3_attacks_an_opponents_nil_by_playing_under_it() -> None:
    # With a live nil still to play, the ace would only let the nil bidder drop a
    # low heart safely; the two forces it to beat 2H or play its own low card under.
    bot = HeuristicBot(3, random.Random(1))
    card, reason = bot.play_with_reason(_attack_position(Bid.nil()))
    assert card == Card.parse("2H")
    assert reason is HintReason.ATTACK_NIL
    # Without the nil, second hand takes the trick its side needs with the ace.
    assert bot.choose_play(_attack_position(Bid(3))) == Card.parse("AH")


def test_level_3_leads_low_into_an_opponents_nil() -> None:
    game = _bid_game(
        3,  # Seat 0 bids and leads first.
        {
            0: "AS KS 2H 9H 3C 4C 5C 6C TD JD QD KD AD",
            1: "3H 4H 5H 7C 8C 9C 2D 3D 4D 5D 2S 3S 4S",
        },
        ((0, Bid(5)), (1, Bid.nil()), (2, Bid(3)), (3, Bid(3))),
    )
    card, reason = HeuristicBot(3, random.Random(1)).play_with_reason(
        seat_view(game, 0)
    )
    assert reason is HintReason.ATTACK_NIL
    assert card == Card.parse("2H")  # The lowest card, in a suit the nil can follow.
