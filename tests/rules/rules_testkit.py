"""Shared helpers for the rules tests: stacked decks, bidding rounds, play-outs.

Seats are numbered clockwise, so with four players we call them North 0, East 1,
South 2 and West 3: the player on a seat's left is the next seat. North and South
(seats 0 and 2) are side 0, East and West (seats 1 and 3) side 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

from audiospades.rules import (
    Bid,
    Card,
    Event,
    Game,
    IllegalAction,
    Phase,
    Reason,
    Rules,
    build_deck,
    parse_cards,
)
from audiospades.rules.deck import card_sort_key

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3


def deal_from(
    rules: Rules, hands: Mapping[int, str] | Sequence[str] = ()
) -> tuple[tuple[Card, ...], ...]:
    """Stack the deck: the given seats get exactly these cards, the rest is dealt out.

    ``hands`` maps seats to cards in record notation (``"AS KS 2C"``), or is a list
    of such strings from seat 0. A seat given fewer cards than a hand holds is
    topped up, and seats not named are filled, with the remaining cards of the deck
    in deck order (clubs first, low to high), seat by seat.
    """
    if not isinstance(hands, Mapping):
        hands = dict(enumerate(hands))
    size = rules.hand_size
    given = {seat: list(parse_cards(text)) for seat, text in hands.items()}
    used = [c for cards in given.values() for c in cards]
    assert len(used) == len(set(used)), "a card is stacked twice"
    deck = build_deck(rules)
    assert set(used) <= set(deck), f"not in this deck: {set(used) - set(deck)}"
    rest = [c for c in sorted(deck, key=card_sort_key) if c not in set(used)]
    out: list[tuple[Card, ...]] = []
    for seat in range(rules.player_count):
        cards = given.get(seat, [])
        assert len(cards) <= size, f"seat {seat} is given {len(cards)} cards"
        while len(cards) < size:
            cards.append(rest.pop(0))
        out.append(tuple(cards))
    return tuple(out)


def new_game(
    rules: Rules,
    hands: Mapping[int, str] | Sequence[str] = (),
    *,
    dealer: int = WEST,
) -> Game:
    """A game with its first hand stacked; by default West deals, North bids first."""
    game = Game(rules, first_dealer=dealer)
    game.deal(deal_from(rules, hands))
    return game


def bid_round(game: Game, bids: Mapping[int, int | Bid]) -> None:
    """Every seat bids in turn; ``bids`` maps seats to tricks or to a :class:`Bid`."""
    while game.phase is Phase.BIDDING:
        seat = game.to_act
        assert seat is not None
        wanted = bids[seat]
        game.bid(seat, wanted if isinstance(wanted, Bid) else Bid(wanted))


def lowest(game: Game, seat: int) -> Card:
    """Play the lowest legal card (by suit, then rank): a dull but fixed policy."""
    return min(game.legal_plays(seat), key=card_sort_key)


def play_out(game: Game, policy: Callable[[Game, int], Card] = lowest) -> None:
    """Play cards with ``policy`` until the hand is over."""
    while game.phase is Phase.PLAYING:
        seat = game.to_act
        assert seat is not None
        game.play(seat, policy(game, seat))


def play_hand(
    game: Game,
    bids: Mapping[int, int | Bid],
    hands: Mapping[int, str] | Sequence[str] = (),
    policy: Callable[[Game, int], Card] = lowest,
) -> None:
    """Deal a stacked hand (unless bidding has begun), bid, and play it out."""
    if game.phase is Phase.DEALING:
        game.deal(deal_from(game.rules, hands))
    bid_round(game, bids)
    play_out(game, policy)


#: North holds every spade, so North takes every trick whoever leads: a void seat
#: must trump a plain lead, and North leads spades once it has the lead.
NORTH_ALL_SPADES: Final = {NORTH: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"}


def all_spades(seat: int) -> dict[int, str]:
    """A stack in which ``seat`` holds the thirteen spades and takes every trick."""
    return {seat: NORTH_ALL_SPADES[NORTH]}


def play_trick(game: Game, cards: str) -> list[Event]:
    """Play these cards in turn, from the seat to act; returns the events."""
    events: list[Event] = []
    for card in parse_cards(cards):
        seat = game.to_act
        assert seat is not None
        events += game.play(seat, card)
    return events


def reason_for(action: Callable[[], object]) -> Reason:
    """The :class:`Reason` an action is refused for (fails if it is accepted)."""
    try:
        action()
    except IllegalAction as refused:
        return refused.reason
    raise AssertionError("the action was accepted")
