"""The pass hint after a blind nil gives a reason true of the cards it names.

QA: after a blind nil, H said "Pass the 6 of spades and the 5 of spades: give your
partner the high cards". The nil then ranked every trump above every plain card;
it now passes the cards most likely to take a trick (high trumps and aces, low
spades kept: :func:`audiospades.bots.bidding.nil_pass_order`), and the reason names
passed trumps as trumps.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from audiospades import i18n
from audiospades.bots import HintKind, HintReason, hint
from audiospades.presenter.system import hint_text
from audiospades.rules import Bid, Card, Game, Phase, Rules, TrumpMode, seat_view
from audiospades.rules.cards import parse_cards
from audiospades.rules.deck import build_deck, card_sort_key

RULES = dataclasses.replace(Rules.pagat(), blind_nil_behind=0)
NIL, PARTNER = 0, 2


def _passing(hand: str, rules: Rules = RULES) -> Game:
    """Seat 0 holds ``hand`` and bids blind nil; the others bid 3; then the pass."""
    given = list(parse_cards(hand))
    rest = [c for c in sorted(build_deck(rules), key=card_sort_key) if c not in given]
    hands: list[tuple[Card, ...]] = [tuple(given)]
    for _ in range(3):
        hands.append(tuple(rest[:13]))
        rest = rest[13:]
    game = Game(rules, first_dealer=3)
    game.deal(tuple(hands))
    game.bid(NIL, Bid.blind_nil())
    while game.phase is Phase.BIDDING:
        seat = game.to_act
        assert seat is not None
        game.bid(seat, Bid(3))
    assert game.phase is Phase.PASSING
    return game


@pytest.mark.parametrize(
    ("hand", "rules", "passed", "reason", "words"),
    [
        (
            "AS KS 5S AH KH QD JD TD QC JC TC 9C 8C",
            RULES,
            "AS KS",
            HintReason.PASS_TRUMPS,
            "Pass the ace of spades and the king of spades: "
            "give your partner your highest trumps.",
        ),
        (
            "KS 5S AH QH JH KD QD JD KC QC JC TC 9C",
            RULES,
            "KS AH",
            HintReason.PASS_TRUMP_AND_HIGH,
            "Pass the king of spades and the ace of hearts: "
            "give your partner the cards most likely to take a trick.",
        ),
        (
            # Low trumps stay: an ace and a king are likelier to take a trick.
            "6S 5S AH KH QH QD JD TD QC JC TC 9C 8C",
            RULES,
            "AH KH",
            HintReason.PASS_HIGH,
            "Pass the ace of hearts and the king of hearts: "
            "give your partner the high cards.",
        ),
        (
            "AS 5S AH KH QH AD KD QD AC KC QC JC TC",
            dataclasses.replace(RULES, blind_nil_pass=1),
            "AS",
            HintReason.PASS_TRUMPS,
            "Pass the ace of spades: give your partner your highest trump.",
        ),
        (
            "BJ 3S AH KH QH QD JD TD QC JC TC 9C 8C",
            dataclasses.replace(RULES, trump_mode=TrumpMode.JOKERS),
            "BJ AH",
            HintReason.PASS_TRUMP_AND_HIGH,
            None,
        ),
    ],
)
def test_the_blind_nils_pass_reason_fits_its_cards(
    hand: str,
    rules: Rules,
    passed: str,
    reason: HintReason,
    words: str | None,
) -> None:
    game = _passing(hand, rules)
    view = seat_view(game, NIL)
    assert view.is_my_turn
    found = hint(view, random.Random(0))
    assert found.kind is HintKind.PASS
    assert set(found.cards) == set(parse_cards(passed))
    assert found.reason is reason
    if words is not None:
        i18n.set_language("en")
        assert hint_text(found) == words


def test_the_partner_of_a_blind_nil_passes_low_cards() -> None:
    game = _passing("6S 5S AH KH QH AD KD QD AC KC QC JC TC")
    nil_cards = parse_cards("6S 5S")
    if game.to_act == NIL:
        game.pass_cards(NIL, tuple(nil_cards))
    view = seat_view(game, PARTNER)
    assert view.is_my_turn
    found = hint(view, random.Random(0))
    assert found.reason is HintReason.PASS_LOW
