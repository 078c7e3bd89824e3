"""No second nil beside a partner's nil: somebody must cover it.

QA: at four players a computer player bid blind nil after its partner's blind nil,
and at six in three partnerships both partners did; nobody covered either nil and
the side lost about 400 points. A partner's nil counts once bid, or once said at the
deal (``SeatView.blind_nil_declared``): a later bidder at the table has heard it.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from audiospades.bots import make_bot, make_level_bot
from audiospades.rules import (
    Bid,
    Game,
    Rules,
    SeatView,
    build_deck,
    parse_cards,
    seat_view,
    shuffled_deal,
)

RULES = dataclasses.replace(Rules.pagat(), blind_nil_behind=0)
"""Pagat's rules, blind nil allowed at any score (so a partner may bid it)."""
LOW = "2C 3C 4C 5C 6C 2D 3D 4D 5D 2H 3H 4H 5H"
"""A hand every level would bid nil on: no card above a six, no spade."""


def _after_partner(partner_bid: Bid) -> SeatView:
    """South's view holding :data:`LOW`, North having bid ``partner_bid``."""
    game = Game(RULES, first_dealer=3)
    mine = list(parse_cards(LOW))
    rest = [c for c in build_deck(RULES) if c not in mine]
    random.Random(4).shuffle(rest)
    game.deal([rest[0:13], rest[13:26], mine, rest[26:39]])
    game.bid(0, partner_bid)
    game.bid(1, Bid(3))
    return seat_view(game, 2)


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("partner_bid", [Bid.nil(), Bid.blind_nil()])
def test_no_level_bids_nil_beside_a_partners_nil(level: int, partner_bid: Bid) -> None:
    view = _after_partner(partner_bid)
    assert Bid.nil() in view.legal_bids  # the rules allow a double nil
    for seed in range(3):
        bid = make_level_bot(level, random.Random(seed), timed=False).choose_bid(view)
        assert not bid.is_nil, (level, seed)


def test_a_partners_blind_nil_said_at_the_deal_counts_as_bid() -> None:
    """North has said it will bid blind nil at its turn; South, bidding first,
    bids no nil and bids to cover it."""
    game = Game(RULES, first_dealer=1)
    mine = list(parse_cards(LOW))
    rest = [c for c in build_deck(RULES) if c not in mine]
    random.Random(4).shuffle(rest)
    game.deal([rest[0:13], rest[13:26], mine, rest[26:39]])
    view = seat_view(game, 2)
    heard = dataclasses.replace(view, blind_nil_declared=(0,))
    for level in (1, 2, 3, 4, 5):
        bot = make_level_bot(level, random.Random(1), timed=False)
        assert bot.choose_bid(view).is_nil, level  # unheard: a nil hand
        assert not bot.choose_bid(heard).is_nil, level


def _behind_hidden(seat: int, partner_bid: Bid | None) -> SeatView:
    """``seat``'s view before it looks, its side 230 behind near the end."""
    # The partner (if it bids) and the seat before bid first.
    first = (seat + 2) % 4 if partner_bid is not None else (seat + 3) % 4
    game = Game(RULES, first_dealer=(first - 1) % 4)
    game.totals = [200, 430]
    game.deal(shuffled_deal(RULES, random.Random(5)))
    if partner_bid is not None:
        game.bid((seat + 2) % 4, partner_bid)
    game.bid((seat + 3) % 4, Bid(3))
    return seat_view(game, seat, hide_hand=True)


def test_no_blind_nil_beside_a_partners_blind_nil_said_or_bid() -> None:
    alone = _behind_hidden(0, Bid(3))
    bot = make_bot("hazel", random.Random(1))
    assert bot.choose_blind_nil(alone)  # far behind: the gamble pays
    assert not bot.choose_blind_nil(_behind_hidden(0, Bid.blind_nil()))
    assert not bot.choose_blind_nil(_behind_hidden(0, Bid.nil()))
    said = dataclasses.replace(_behind_hidden(0, None), blind_nil_declared=(2,))
    assert not bot.choose_blind_nil(said)
    assert bot.choose_blind_nil(dataclasses.replace(said, blind_nil_declared=(1,)))


@pytest.mark.parametrize("level", [2, 3, 5])
def test_a_blind_nils_partner_never_passes_back_the_cards_it_was_given(
    level: int,
) -> None:
    """QA: after North's blind nil passed it the 2 and 3 of clubs, South, holding
    only higher cards, passed the very same cards back (its lowest), and the
    nil held again the cards it had passed away. South passes its own lowest."""
    game = Game(RULES, first_dealer=3)
    south = list(parse_cards("9C TC JC QC 8D 9D TD 8H 9H TH AS KS QS"))
    north = list(parse_cards("2C 3C 4D 5D 6D 2H 3H 4H 5H 6H 7H 7C 2S"))
    rest = [c for c in build_deck(RULES) if c not in south + north]
    game.deal([north, rest[0:13], south, rest[13:26]])
    game.bid(0, Bid.blind_nil())
    for seat, bid in ((1, Bid(3)), (2, Bid(5)), (3, Bid(3))):
        game.bid(seat, bid)
    game.pass_cards(0, parse_cards("2C 3C"))  # (a blind nil cannot see them)
    view = seat_view(game, 2)
    assert set(view.passed_in) == set(parse_cards("2C 3C"))
    chosen = make_level_bot(level, random.Random(1), timed=False).choose_pass(view)
    assert not set(chosen) & set(view.passed_in), chosen
    assert set(chosen) == set(parse_cards("8D 8H")), chosen
