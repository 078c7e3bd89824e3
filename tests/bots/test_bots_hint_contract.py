"""The hint keeps to the player's contract (issue 12, item 10).

After bidding blind nil, holding the jack, 4 and 2 of clubs, H said "Play the jack of
clubs: it wins the trick." A nil (or blind nil) bidder's hint ducks, shedding the
highest card that cannot win; the partner of a nil bidder's hint covers the nil.
Each case is a stacked deal, played to the moment of the hint.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from audiospades import i18n
from audiospades.bots import HintKind, HintReason, hint
from audiospades.presenter.system import hint_text
from audiospades.rules import Bid, Card, Game, Phase, Rules, parse_cards, seat_view
from audiospades.rules.deck import build_deck, card_sort_key

#: Blind nil without being behind, and no passing, so a deal goes straight to play.
RULES = dataclasses.replace(Rules.pagat(), blind_nil_behind=0, blind_nil_pass=0)

YOU, LEFT, PARTNER, RIGHT = 0, 1, 2, 3


def _deal(hands: dict[int, str]) -> tuple[tuple[Card, ...], ...]:
    """These seats get these cards; the rest of the deck fills the others in order."""
    given = {seat: list(parse_cards(text)) for seat, text in hands.items()}
    used = {c for cards in given.values() for c in cards}
    rest = [c for c in sorted(build_deck(RULES), key=card_sort_key) if c not in used]
    out = []
    for seat in range(4):
        cards = given.get(seat, [])
        while len(cards) < 13:
            cards.append(rest.pop(0))
        out.append(tuple(cards))
    return tuple(out)


def _game(
    hands: dict[int, str], bids: dict[int, Bid], trick: str, *, dealer: int
) -> Game:
    """Deal, bid (from the dealer's left) and play ``trick``'s cards in turn."""
    game = Game(RULES, first_dealer=dealer)
    game.deal(_deal(hands))
    while game.phase is Phase.BIDDING:
        seat = game.to_act
        assert seat is not None
        game.bid(seat, bids.get(seat, Bid(3)))
    for card in parse_cards(trick):
        seat = game.to_act
        assert seat is not None
        game.play(seat, card)
    assert game.to_act == YOU
    return game


def _hint_for_you(game: Game) -> tuple[Card | None, HintReason, str]:
    i18n.set_language("en")
    found = hint(seat_view(game, YOU), random.Random(1), timed=False)
    assert found.kind is HintKind.PLAY
    return found.card, found.reason, hint_text(found)


_CLUBS = "JC 4C 2C 7H 5H 3H 6D 5D 4D 3D 2D 3S 2S"


def test_a_blind_nil_plays_under_the_card_winning_the_trick() -> None:
    """The issue's hand: jack, 4 and 2 of clubs after a 3 of clubs is led."""
    game = _game(
        {YOU: _CLUBS, RIGHT: "3C"}, {YOU: Bid.blind_nil()}, "3C", dealer=PARTNER
    )
    card, reason, text = _hint_for_you(game)
    assert card == Card.parse("2C")
    assert reason is HintReason.NIL_DUCK
    assert (
        text == "Play the 2 of clubs: it cannot win the trick, so your nil stays safe."
    )


def test_a_nil_sheds_its_highest_card_that_still_loses() -> None:
    game = _game({YOU: _CLUBS, RIGHT: "QC"}, {YOU: Bid.nil()}, "QC", dealer=PARTNER)
    card, reason, text = _hint_for_you(game)
    assert card == Card.parse("JC")
    assert reason is HintReason.NIL_SHED
    assert "wins the trick" not in text
    assert text.startswith("Play the jack of clubs: it cannot win the trick")


def test_a_void_nil_throws_a_high_plain_card_never_a_trump() -> None:
    """Void in the suit led and nobody has trumped: any spade would win the trick."""
    hand = "AH KH 7H 5H 3H KS 9S 7S 6S 4S 2S 6C 5C"
    game = _game({YOU: hand, RIGHT: "8D"}, {YOU: Bid.blind_nil()}, "8D", dealer=PARTNER)
    card, reason, _ = _hint_for_you(game)
    assert card == Card.parse("AH")
    assert reason is HintReason.NIL_SHED


def test_a_nil_that_must_beat_the_trick_so_far_plays_its_lowest() -> None:
    hand = "KC QC JC 7H 5H 3H 6D 5D 4D 3D 2D 3S 2S"
    game = _game({YOU: hand, RIGHT: "2C"}, {YOU: Bid.nil()}, "2C", dealer=PARTNER)
    card, reason, text = _hint_for_you(game)
    assert card == Card.parse("JC")
    assert reason is HintReason.NIL_LOWEST
    assert "later player" in text


def test_a_nil_last_to_play_and_forced_to_win_sheds_its_highest() -> None:
    hand = "KC QC JC 7H 5H 3H 6D 5D 4D 3D 2D 3S 2S"
    game = _game(
        {YOU: hand, LEFT: "2C", PARTNER: "3C", RIGHT: "4C"},
        {YOU: Bid.nil()},
        "2C 3C 4C",
        dealer=YOU,
    )
    card, reason, text = _hint_for_you(game)
    assert card == Card.parse("KC")
    assert reason is HintReason.NIL_LOST
    assert "your nil fails on this trick" in text


def test_a_nil_leads_the_card_most_likely_to_lose() -> None:
    hand = "AC KC QC 7H 5H 2H AD KD QD JD 3S 2S 9C"
    game = _game({YOU: hand}, {YOU: Bid.nil()}, "", dealer=RIGHT)
    card, reason, text = _hint_for_you(game)
    assert card == Card.parse("2H")
    assert reason is HintReason.NIL_LEAD
    assert text == "Play the 2 of hearts: it is the lead most likely to lose the trick."


def test_the_partner_of_a_nil_wins_the_trick_before_the_nil_plays() -> None:
    hand = "AH 2H 7C 5C 3C 6D 5D 4D 3D 2D 4S 3S 2S"
    game = _game(
        {YOU: hand, RIGHT: "5H", PARTNER: "KH QH JH"},
        {PARTNER: Bid.nil()},
        "5H",
        dealer=PARTNER,
    )
    card, reason, text = _hint_for_you(game)
    assert card == Card.parse("AH")
    assert reason is HintReason.PROTECT_PARTNER_NIL
    assert text.endswith("winning the trick keeps your partner's nil safe.")


def test_the_partner_of_a_nil_plays_over_the_nils_winning_card() -> None:
    hand = "TH 3H 7C 5C 3C 6D 5D 4D 3D 2D 4S 3S 2S"
    game = _game(
        {YOU: hand, LEFT: "2H", PARTNER: "9H", RIGHT: "4H"},
        {PARTNER: Bid.blind_nil()},
        "2H 9H 4H",
        dealer=YOU,
    )
    card, reason, text = _hint_for_you(game)
    assert card == Card.parse("TH")
    assert reason is HintReason.OVERTAKE_NIL
    assert text == (
        "Play the 10 of hearts: it beats your partner's card, "
        "so your partner's nil stays safe."
    )


def test_the_partner_of_a_nil_leads_high() -> None:
    hand = "AH 2H 7C 5C 3C 6D 5D 4D 3D 2D 4S 3S 2S"
    game = _game({YOU: hand}, {PARTNER: Bid.nil()}, "", dealer=RIGHT)
    card, reason, _ = _hint_for_you(game)
    assert card == Card.parse("AH")
    assert reason is HintReason.COVER_LEAD


def test_a_broken_nil_no_longer_ducks_at_all_costs() -> None:
    """Once the nil has a trick, the contract is gone: the hint is free again."""
    hand = "AC KC QC 7H 5H 3H 6D 5D 4D 3D 2D 3S 2S"
    game = _game(
        {YOU: hand, LEFT: "2C", PARTNER: "3C", RIGHT: "4C"},
        {YOU: Bid.nil()},
        "2C 3C 4C AC",
        dealer=YOU,
    )
    assert game.tricks_won[YOU] == 1
    _, reason, _ = _hint_for_you(game)
    nil_reasons = {
        HintReason.NIL_DUCK,
        HintReason.NIL_SHED,
        HintReason.NIL_LOWEST,
        HintReason.NIL_LOST,
        HintReason.NIL_LEAD,
    }
    assert reason not in nil_reasons


@pytest.mark.parametrize("lang", ["fr", "es", "de", "pt", "it"])
def test_the_nil_reasons_are_translated(lang: str) -> None:
    game = _game(
        {YOU: _CLUBS, RIGHT: "3C"}, {YOU: Bid.blind_nil()}, "3C", dealer=PARTNER
    )
    found = hint(seat_view(game, YOU), random.Random(1), timed=False)
    try:
        i18n.set_language(lang)
        text = hint_text(found)
    finally:
        i18n.set_language("en")
    assert "cannot win" not in text
    assert any(word in text.lower() for word in ("nil", "null", "nulo"))


# --- the look-ahead's reasons must be true too ----------------------------------


def _classify(game: Game, card: str) -> HintReason:
    from audiospades.bots.search import classify
    from audiospades.bots.sim import sim_from_view

    view = seat_view(game, YOU)
    return classify(sim_from_view(view), view, Card.parse(card))


def test_only_the_highest_losing_card_is_called_the_highest_that_loses() -> None:
    """The hint said "Play the 6 of hearts: it is the highest card that still loses
    the trick" while the 7 of hearts lost too."""
    hand = "7H 6H 2H 7C 5C 3C 6D 5D 4D 3D 2D 4S 3S"
    game = _game({YOU: hand, RIGHT: "AH"}, {}, "AH", dealer=PARTNER)
    assert _classify(game, "7H") is HintReason.DUCK_UNDER
    assert _classify(game, "6H") is not HintReason.DUCK_UNDER
    assert _classify(game, "2H") is HintReason.FOLLOW_LOW


def test_a_card_later_players_may_beat_should_win_it_does_not_win_it() -> None:
    hand = "KH 2H 7C 5C 3C 6D 5D 4D 3D 2D 4S 3S 2S"
    game = _game({YOU: hand, RIGHT: "5H"}, {}, "5H", dealer=PARTNER)
    assert _classify(game, "KH") is HintReason.LEAD_WINNER  # "it should win"
    last = _game(
        {YOU: hand, LEFT: "5H", PARTNER: "6H", RIGHT: "7H"},
        {},
        "5H 6H 7H",
        dealer=YOU,
    )
    assert _classify(last, "KH") is HintReason.WINS_TRICK


def test_third_hand_high_is_not_said_to_win_the_trick() -> None:
    """QA heard "Play the queen of hearts: it wins the trick" from the third
    player, and then the last player's ace took it. Playing high third makes the
    last player pay; it wins only if that player cannot beat it."""
    hand = "QH 9H 2H AC QC 9C AD TD 8D 2D KS 3S 2S"
    game = _game(
        {YOU: hand, PARTNER: "3H 8H", RIGHT: "TH 4H KH", LEFT: "AH 5H 7H"},
        {},
        "3H TH",
        dealer=LEFT,
    )
    card, reason, text = _hint_for_you(game)
    assert card == Card.parse("QH")
    assert reason is HintReason.MAKE_LAST_PAY
    assert "wins the trick" not in text
    assert "last player must beat it" in text
