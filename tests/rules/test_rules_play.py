"""The play of the hand, on stacked decks: leading, following, breaking, winning.

North 0, East 1, South 2, West 3; West deals, so North bids and leads first.
"""

from __future__ import annotations

import dataclasses

import pytest
from rules_testkit import (
    EAST,
    NORTH,
    SOUTH,
    WEST,
    bid_round,
    new_game,
    play_out,
    play_trick,
    reason_for,
)

from audiospades.rules import (
    Card,
    CardPlayed,
    Game,
    HandScored,
    IllegalAction,
    Phase,
    PlayStarted,
    Reason,
    Rules,
    SpadesBroken,
    Suit,
    TrickWon,
    TrumpMode,
    parse_cards,
)

C = Card.parse

#: North: eight hearts and five top spades; East: five low hearts and eight clubs;
#: South: eight low spades and five top diamonds; West: the rest (low clubs and
#: diamonds).
STACK = {
    NORTH: "AH KH QH JH TH 9H 8H 7H AS KS QS JS TS",
    EAST: "2H 3H 4H 5H 6H AC KC QC JC TC 9C 8C 7C",
    SOUTH: "2S 3S 4S 5S 6S 7S 8S 9S AD KD QD JD TD",
}


def ready(rules: Rules | None = None, stack: dict[int, str] | None = None) -> Game:
    """A stacked game, bid (1 each), at the first lead."""
    game = new_game(rules or Rules.pagat(), STACK if stack is None else stack)
    bid_round(game, dict.fromkeys(range(game.player_count), 1))
    assert game.phase is Phase.PLAYING
    return game


def test_player_to_dealers_left_leads_first() -> None:
    """Seed 000 "The Play of the Hand": "The player to dealer's left leads"."""
    game = ready()
    assert game.to_act == NORTH
    assert any(e == PlayStarted(NORTH) for e in game.events)


def test_first_lead_may_not_be_a_spade() -> None:
    """Seed 000: "leads any card except a spade to the first trick"."""
    game = ready()
    assert (
        reason_for(lambda: game.play(NORTH, C("AS"))) is Reason.NO_SPADE_ON_FIRST_LEAD
    )
    assert game.legal_plays(NORTH) == frozenset(parse_cards(STACK[NORTH])[:8])


def test_first_lead_may_be_a_spade_when_the_leader_has_only_spades() -> None:
    """Seed 000: spades may be led when "the leader has nothing but spades left"."""
    game = ready(stack={NORTH: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"})
    events = game.play(NORTH, C("2S"))
    assert SpadesBroken(NORTH) in events


def test_spade_may_lead_first_trick_option() -> None:
    """The first-lead ban of seed 000 is an option; the leading rule still applies
    unless spades need not be broken."""
    rules = dataclasses.replace(
        Rules.pagat(), spade_may_lead_first_trick=True, spades_must_break=False
    )
    game = ready(rules)
    assert game.can_play(NORTH, C("AS"))
    rules = dataclasses.replace(Rules.pagat(), spade_may_lead_first_trick=True)
    game = ready(rules)
    assert reason_for(lambda: game.play(NORTH, C("AS"))) is Reason.SPADES_NOT_BROKEN


def test_must_follow_suit() -> None:
    """Seed 000: "Each player, in turn, clockwise, must follow suit if able"."""
    game = ready()
    game.play(NORTH, C("AH"))
    assert game.to_act == EAST
    with pytest.raises(IllegalAction) as refused:
        game.play(EAST, C("AC"))
    assert refused.value.reason is Reason.MUST_FOLLOW_SUIT
    assert refused.value.detail == {"suit": Suit.HEARTS}
    assert game.legal_plays(EAST) == frozenset(parse_cards("2H 3H 4H 5H 6H"))


def test_void_player_may_play_any_card_and_a_spade_breaks_spades() -> None:
    """Seed 000: "if unable to follow suit, the player may play any card"; "Playing
    the first spade is known as breaking spades"."""
    game = ready()
    game.play(NORTH, C("AH"))
    game.play(EAST, C("2H"))
    assert game.legal_plays(SOUTH) == frozenset(parse_cards(STACK[SOUTH]))
    events = game.play(SOUTH, C("2S"))
    assert events == (CardPlayed(SOUTH, C("2S"), 0), SpadesBroken(SOUTH))
    assert game.spades_broken


def test_trick_with_a_spade_is_won_by_the_highest_spade() -> None:
    """Seed 000: "A trick containing a spade is won by the highest spade played"."""
    game = ready()
    events = play_trick(game, "AH 2H 2S 2C")
    won = events[-1]
    assert isinstance(won, TrickWon)
    assert won.seat == SOUTH
    assert won.cards == (
        (NORTH, C("AH")),
        (EAST, C("2H")),
        (SOUTH, C("2S")),
        (WEST, C("2C")),
    )
    assert game.to_act == SOUTH  # "The winner of each trick leads to the next."
    assert game.tricks_won == [0, 0, 1, 0]


def test_trick_without_a_spade_is_won_by_the_highest_card_of_the_suit_led() -> None:
    """Seed 000: "if no spade is played, the trick is won by the highest card of the
    suit led"; a higher card of another suit does not win."""
    game = ready()
    events = play_trick(game, "7H 6H AD 2C")
    assert events[-1] == TrickWon(
        NORTH, 0, ((NORTH, C("7H")), (EAST, C("6H")), (SOUTH, C("AD")), (WEST, C("2C")))
    )
    assert not game.spades_broken


def test_spades_cannot_be_led_before_broken() -> None:
    """Seed 000: "Spades may not be led until either some player has played a spade
    (on the lead of another suit, of course), or the leader has nothing but spades
    left in hand"."""
    game = ready()
    play_trick(game, "AH 2H AD 2C")
    assert game.to_act == NORTH
    assert reason_for(lambda: game.play(NORTH, C("AS"))) is Reason.SPADES_NOT_BROKEN
    assert all(c.suit is Suit.HEARTS for c in game.legal_plays(NORTH))


def test_spades_may_be_led_once_broken() -> None:
    """Seed 000: once "some player has played a spade" spades may be led."""
    game = ready()
    play_trick(game, "AH 2H 2S 2C")
    assert game.can_play(SOUTH, C("9S"))
    events = play_trick(game, "9S 3C TS 3H")
    assert not any(isinstance(e, SpadesBroken) for e in events)
    assert events[-1].seat == NORTH  # type: ignore[union-attr]


def test_spades_need_not_break_when_the_option_is_off() -> None:
    """With ``spades_must_break`` off, spades may be led from the second trick."""
    rules = dataclasses.replace(Rules.pagat(), spades_must_break=False)
    game = ready(rules)
    play_trick(game, "AH 2H AD 2C")
    assert game.can_play(NORTH, C("AS"))


def test_spades_broken_is_announced_once() -> None:
    """Only the first spade of the hand breaks spades."""
    game = ready()
    play_out(game)
    broken = [e for e in game.events if isinstance(e, SpadesBroken)]
    assert len(broken) == 1


def test_a_hand_plays_out_to_thirteen_tricks_and_is_scored() -> None:
    """Seed 001: "Once all 13 tricks have been played ... the Hand is over and can be
    scored"; the dealer then passes to the left (seed 000: "the turn to deal
    rotates clockwise")."""
    game = ready()
    play_out(game)
    tricks = [e for e in game.events if isinstance(e, TrickWon)]
    assert [t.trick_index for t in tricks] == list(range(13))
    assert sum(game.tricks_won) == 13
    assert isinstance(game.events[-1], HandScored)
    assert game.phase is Phase.DEALING
    assert game.dealer == NORTH


def test_out_of_turn_and_unheld_cards_are_refused() -> None:
    """Play is clockwise; a card must be in the hand."""
    game = ready()
    assert reason_for(lambda: game.play(EAST, C("2H"))) is Reason.NOT_YOUR_TURN
    assert reason_for(lambda: game.play(NORTH, C("2C"))) is Reason.CARD_NOT_HELD
    assert reason_for(lambda: game.play(7, C("2C"))) is Reason.NO_SUCH_SEAT
    assert game.legal_plays(EAST) == frozenset()


# --- trump modes (seed 001 "Trumps") ----------------------------------------------


def trump_rules(mode: TrumpMode, *, open_lead: bool = False) -> Rules:
    rules = dataclasses.replace(Rules.pagat(), trump_mode=mode)
    if open_lead:
        rules = dataclasses.replace(
            rules, spades_must_break=False, spade_may_lead_first_trick=True
        )
    return rules


def test_new_york_city_2d_follows_a_spade_lead() -> None:
    """Seed 001: "The added trumps are always considered Spades for the sake of
    following suit"."""
    rules = trump_rules(TrumpMode.NEW_YORK_CITY, open_lead=True)
    game = ready(
        rules,
        {
            NORTH: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AH",
            EAST: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        },
    )
    game.play(NORTH, C("3S"))
    assert game.legal_plays(EAST) == frozenset({C("2D")})
    assert reason_for(lambda: game.play(EAST, C("3D"))) is Reason.MUST_FOLLOW_SUIT


def test_new_york_city_2d_is_not_a_diamond() -> None:
    """Seed 001: the 2D is a spade, so it cannot follow a diamond lead and a player
    whose only "diamond" is the 2D is void in diamonds."""
    rules = trump_rules(TrumpMode.NEW_YORK_CITY)
    game = ready(
        rules,
        {
            NORTH: "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 3C",
            EAST: "2D AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
        },
    )
    game.play(NORTH, C("3D"))
    assert game.legal_plays(EAST) == frozenset(parse_cards(rules_hand(game, EAST)))
    events = game.play(EAST, C("2D"))
    assert SpadesBroken(EAST) in events  # and for breaking spades


def rules_hand(game: Game, seat: int) -> str:
    return " ".join(str(c) for c in game.hand(seat))


def test_new_york_city_2d_may_not_be_led_before_spades_break() -> None:
    """Seed 001: added trumps are spades "for the sake of ... leading"."""
    rules = trump_rules(TrumpMode.NEW_YORK_CITY)
    game = ready(rules, {NORTH: "2D BJ AH KH QH JH TH 9H 8H 7H 6H 5H 4H"})
    assert (
        reason_for(lambda: game.play(NORTH, C("2D"))) is Reason.NO_SPADE_ON_FIRST_LEAD
    )
    assert (
        reason_for(lambda: game.play(NORTH, C("BJ"))) is Reason.NO_SPADE_ON_FIRST_LEAD
    )


@pytest.mark.parametrize(
    ("mode", "cards", "winner"),
    [
        # "Red/Large Joker is top trump, followed by Black/Small Joker, 2D, 2S, and
        # then the rest of the Spades with Ace high."
        (TrumpMode.NEW_YORK_CITY, "AS 2S 2D LJ", WEST),
        (TrumpMode.NEW_YORK_CITY, "AS 2S 2D 3S", SOUTH),
        (TrumpMode.NEW_YORK_CITY, "AS 2S KS QS", EAST),
        (TrumpMode.NEW_YORK_CITY, "LJ BJ 2D 2S", EAST),
        # "Barmore ... the same as New York City above, but 2D is not a trump."
        (TrumpMode.BARMORE, "AS 2S LJ KS", SOUTH),
        (TrumpMode.BARMORE, "AS 2S KS QS", EAST),
        # "Deuces: The top trump is 2S, followed by 2D, 2C, 2H and then the rest of
        # the Spades with Ace high."
        (TrumpMode.DEUCES, "AS 2H 2C KS", SOUTH),
        (TrumpMode.DEUCES, "2H 2C 2D 2S", WEST),
        (TrumpMode.DEUCES, "2H 2C 2D AS", SOUTH),
        (TrumpMode.DEUCES, "AS 2H KS QS", EAST),
        # "Jokers: ... the Jokers the top trumps (Red/Large Joker highest), followed by
        # the Spades with Ace high."
        (TrumpMode.JOKERS, "AS LJ BJ KS", SOUTH),
        (TrumpMode.JOKERS, "AS KS QS LJ", WEST),
        # "Normal: Only the Spades are trumps, with Ace high."
        (TrumpMode.NORMAL, "KS AS 2S QS", EAST),
    ],
)
def test_top_trump_order_decides_a_trump_trick(
    mode: TrumpMode, cards: str, winner: int
) -> None:
    """Seed 001 "Trumps": the order of the top trumps in each mode, played out. Each
    seat is dealt its card (the rest of its hand is filled from the deck)."""
    rules = trump_rules(mode, open_lead=True)
    played = parse_cards(cards)
    hands = {seat: str(card) for seat, card in enumerate(played)}
    game = ready(rules, hands)
    # Every stacked card counts as a spade, so each follows the lead legally.
    assert all(game.suit_of(card) is Suit.SPADES for card in played)
    events = play_trick(game, cards)
    assert events[-1].seat == winner  # type: ignore[union-attr]


def test_barmore_2d_is_an_ordinary_diamond() -> None:
    """Seed 001 "Barmore": "the same as New York City above, but 2D is not a trump".
    It follows diamonds, loses to a higher diamond and does not break spades."""
    rules = trump_rules(TrumpMode.BARMORE)
    game = ready(
        rules,
        {
            NORTH: "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 3C",
            EAST: "2D AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
        },
    )
    game.play(NORTH, C("3D"))
    assert game.suit_of(C("2D")) is Suit.DIAMONDS
    assert game.legal_plays(EAST) == frozenset({C("2D")})
    events = game.play(EAST, C("2D"))
    assert not any(isinstance(e, SpadesBroken) for e in events)
    game.play(SOUTH, min(game.legal_plays(SOUTH), key=lambda c: c.index))
    last = game.play(WEST, min(game.legal_plays(WEST), key=lambda c: c.index))
    won = last[-1]
    assert isinstance(won, TrickWon)
    assert won.seat != EAST
