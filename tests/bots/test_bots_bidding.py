"""Level 3's bidding judgement: what a sound player counts, on hands built for it.

Each test changes one feature of a hand and checks the count (or bid) moves the way a
sound player's would: sure tricks, protected honours, spade length, ruffing values,
the nil judgement, and the partner's bid and the bag count.
"""

from __future__ import annotations

import dataclasses
import random

from audiospades.bots import HeuristicBot
from audiospades.bots.bidding import estimate_tricks, nil_chance
from audiospades.rules import (
    Bid,
    Card,
    Game,
    Rules,
    SeatView,
    build_deck,
    parse_cards,
    seat_view,
)

RULES = Rules.pagat()


def count(text: str) -> float:
    return estimate_tricks(parse_cards(text), RULES)


def test_three_aces_count_about_three_and_a_hand_of_small_cards_almost_none() -> None:
    aces = count("AH 4H 3H AC 4C 3C AD 4D 3D 2D 2S 3S 4S")
    assert 2.6 <= aces <= 3.2
    assert count("2H 3H 4H 5H 2C 3C 4C 5C 2D 3D 4D 6D 7D") < 0.5


def test_a_protected_king_counts_and_a_bare_king_hardly() -> None:
    protected = count("KH 5H 4H 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D")
    bare = count("KH 7C 8C 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D")
    assert protected - bare >= 0.4


def test_spade_length_adds_tricks_beyond_the_honours() -> None:
    four = count("AS KS QS JS 2H 3H 4H 2C 3C 4C 2D 3D 4D")
    seven = count("AS KS QS JS 5S 6S 7S 2C 3C 4C 2D 3D 4D")
    assert 4.0 <= four <= 4.6
    assert seven - four >= 2.0


def test_a_void_with_spare_trumps_counts_ruffs() -> None:
    balanced = count("9S 5S 4S 3S 2H 3H 4H 2C 3C 4C 2D 3D 4D")
    void = count("9S 5S 4S 3S 2C 3C 4C 5C 6C 2D 3D 4D 5D")  # No hearts.
    assert void - balanced >= 1.0


def test_nil_is_judged_safe_on_low_cards_and_hopeless_with_the_ace_of_spades() -> None:
    low = parse_cards("2S 3S 2H 3H 4H 5H 2C 3C 4C 2D 3D 4D 5D")
    assert nil_chance(low, RULES, has_partner=True) > 0.6
    with_ace = [c for c in low if c != Card.parse("3S")] + [Card.parse("AS")]
    # The top trump takes a trick whenever it is played, partner or no partner.
    assert nil_chance(with_ace, RULES, has_partner=True) == 0.0
    # A king with only two low cards beside it lowers the chance.
    with_king = [c for c in low if c != Card.parse("2C")] + [Card.parse("KC")]
    assert nil_chance(with_king, RULES, True) < nil_chance(low, RULES, True)


def _first_bid_view(hand: str, dealer: int = 3) -> SeatView:
    """Seat 0 bids first (dealer 3) holding ``hand``; the rest of the deck is dealt."""
    mine = list(parse_cards(hand))
    rest = [c for c in build_deck(RULES) if c not in mine]
    random.Random(4).shuffle(rest)
    game = Game(RULES, first_dealer=dealer)
    game.deal([mine, rest[0:13], rest[13:26], rest[26:39]])
    return seat_view(game, 0)


def test_level_3_bids_nil_on_a_nil_hand_and_counts_a_strong_one() -> None:
    bot = HeuristicBot(3, random.Random(1))
    assert bot.choose_bid(
        _first_bid_view("2S 3S 2H 3H 4H 5H 2C 3C 4C 2D 3D 4D 5D")
    ).is_nil
    # Bidding first, it leaves room for the partner's tricks: the side's contract
    # is what counts, so a hand counted at about 8 bids somewhat less.
    strong = bot.choose_bid(_first_bid_view("AS KS QS JS 5S AH KH AC KC 2D 3D 4D 5D"))
    assert 5 <= strong.tricks <= 9


def test_level_3_bids_more_when_its_side_is_close_to_a_bag_penalty() -> None:
    # An overtrick is worth one point with no bags, but costs the side 100 when it is
    # the tenth bag: near the penalty, the marginal trick is bid rather than risked.
    bot = HeuristicBot(3, random.Random(1))
    hand = "AS KS 7S 4S AH QH 5H KC 6C 3C 8D 5D 2D"
    view = _first_bid_view(hand)
    calm = bot.choose_bid(view)
    near = bot.choose_bid(dataclasses.replace(view, bags=(9, 0)))
    assert near.tricks >= calm.tricks
    assert bot.bid_with_reason(dataclasses.replace(view, bags=(9, 0)))[0] == near


def _bid_after(bids: tuple[Bid, Bid], hand: str) -> SeatView:
    """Seat 0's view after seats 2 (its partner) and 3 bid ``bids`` (dealer 1)."""
    game = Game(RULES, first_dealer=1)
    mine = list(parse_cards(hand))
    rest = [c for c in build_deck(RULES) if c not in mine]
    random.Random(4).shuffle(rest)
    game.deal([mine, rest[0:13], rest[13:26], rest[26:39]])
    game.bid(2, bids[0])
    game.bid(3, bids[1])
    return seat_view(game, 0)


def test_level_3_covering_a_partners_nil_bids_its_hand_not_the_sides() -> None:
    bot = HeuristicBot(3, random.Random(1))
    hand = "AS KS 7S 4S AH QH 5H KC 6C 3C 8D 5D 2D"
    covering, reason, _ = bot.bid_with_reason(_bid_after((Bid.nil(), Bid(3)), hand))
    assert not covering.is_nil  # A double nil on this hand would throw away 200.
    assert covering.tricks >= 4  # It must take the side's tricks alone.
    assert reason.value == "cover_partner_nil"
    beside_four = bot.choose_bid(_bid_after((Bid(4), Bid(3)), hand))
    assert beside_four.tricks < covering.tricks
