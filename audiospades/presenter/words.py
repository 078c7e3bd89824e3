"""Words for the pieces of the game: cards, suits, players, sides, bids, lists.

>>> from audiospades.rules import Card
>>> [card_name(Card.parse(c)) for c in ("KH", "TD", "BJ")]
['king of hearts', '10 of diamonds', 'big joker']
>>> the_card(Card.parse("QS"))
'the queen of spades'
>>> join_list(["a", "b", "c"])
'a, b and c'
>>> signed(-40), signed(12)
('minus 40', '12')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from enum import Enum
from typing import Final

from audiospades.i18n import _, ngettext, pgettext
from audiospades.notices import HUMAN
from audiospades.rules import Bid, Card, Rank, SeatView, Suit
from audiospades.rules.seats import partner_of, side_seats
from audiospades.textmark import N_

_RANKS: Final[dict[Rank, str]] = {
    Rank.TWO: N_("2"),
    Rank.THREE: N_("3"),
    Rank.FOUR: N_("4"),
    Rank.FIVE: N_("5"),
    Rank.SIX: N_("6"),
    Rank.SEVEN: N_("7"),
    Rank.EIGHT: N_("8"),
    Rank.NINE: N_("9"),
    Rank.TEN: N_("10"),
    Rank.JACK: N_("jack"),
    Rank.QUEEN: N_("queen"),
    Rank.KING: N_("king"),
    Rank.ACE: N_("ace"),
    Rank.LITTLE_JOKER: N_("little joker"),
    Rank.BIG_JOKER: N_("big joker"),
}


def rank_name(rank: Rank) -> str:
    """A rank's name: "2" to "10", "jack", "queen", "king", "ace"."""
    # The names are marked with N_ (no context), so they are looked up that way.
    return _(_RANKS[rank])


def suit_name(suit: Suit) -> str:
    """A suit's name as in "follow hearts" (plural)."""
    match suit:
        case Suit.CLUBS:
            return pgettext("suit", "clubs")
        case Suit.DIAMONDS:
            return pgettext("suit", "diamonds")
        case Suit.HEARTS:
            return pgettext("suit", "hearts")
        case Suit.SPADES:
            return pgettext("suit", "spades")
    return pgettext("suit", "jokers")


def suit_title(suit: Suit) -> str:
    """A suit's name as a heading when reading a hand ("Clubs")."""
    match suit:
        case Suit.CLUBS:
            return pgettext("suit heading", "Clubs")
        case Suit.DIAMONDS:
            return pgettext("suit heading", "Diamonds")
        case Suit.HEARTS:
            return pgettext("suit heading", "Hearts")
        case Suit.SPADES:
            return pgettext("suit heading", "Spades")
    return pgettext("suit heading", "Jokers")


def card_name(card: Card) -> str:
    """A card's full name: "king of hearts", "10 of diamonds", "big joker"."""
    if card.is_joker:
        return rank_name(card.rank)
    return _("{rank} of {suit}").format(
        rank=rank_name(card.rank), suit=suit_name(card.suit)
    )


def _ranks_with_article() -> dict[Rank, str]:
    # Translators: a card with its definite article, put into sentences such as
    # "You play {card}." and "Play {card}: it wins the trick.". There is one message
    # per rank so that the article (and any case ending) can agree with the rank:
    # "la dame de {suit}", "le roi de {suit}". {suit} is the suit as in "king of
    # hearts" (context "suit"). If your language needs no article, drop "the".
    return {
        Rank.TWO: pgettext("card with article", "the 2 of {suit}"),
        # Translators: the card with its article, agreeing with the rank.
        Rank.THREE: pgettext("card with article", "the 3 of {suit}"),
        # Translators: the card with its article, agreeing with the rank.
        Rank.FOUR: pgettext("card with article", "the 4 of {suit}"),
        # Translators: the card with its article, agreeing with the rank.
        Rank.FIVE: pgettext("card with article", "the 5 of {suit}"),
        # Translators: the card with its article, agreeing with the rank.
        Rank.SIX: pgettext("card with article", "the 6 of {suit}"),
        # Translators: the card with its article, agreeing with the rank.
        Rank.SEVEN: pgettext("card with article", "the 7 of {suit}"),
        # Translators: the card with its article, agreeing with the rank.
        Rank.EIGHT: pgettext("card with article", "the 8 of {suit}"),
        # Translators: the card with its article, agreeing with the rank.
        Rank.NINE: pgettext("card with article", "the 9 of {suit}"),
        # Translators: the card with its article, agreeing with the rank.
        Rank.TEN: pgettext("card with article", "the 10 of {suit}"),
        # Translators: the card with its article, agreeing with the rank.
        Rank.JACK: pgettext("card with article", "the jack of {suit}"),
        # Translators: the card with its article, agreeing with the rank.
        Rank.QUEEN: pgettext("card with article", "the queen of {suit}"),
        # Translators: the card with its article, agreeing with the rank.
        Rank.KING: pgettext("card with article", "the king of {suit}"),
        # Translators: the card with its article, agreeing with the rank.
        Rank.ACE: pgettext("card with article", "the ace of {suit}"),
        # Translators: the card with its article, agreeing with the rank.
        Rank.LITTLE_JOKER: pgettext("card with article", "the little joker"),
        # Translators: the card with its article, agreeing with the rank.
        Rank.BIG_JOKER: pgettext("card with article", "the big joker"),
    }


def the_card(card: Card) -> str:
    """A card with its article, for inside a sentence: "the king of hearts".

    Sentences that embed a card take this whole phrase as ``{card}`` ("You play
    {card}."), so the article is translated together with the rank it agrees with.
    Bare names (:func:`card_name`) are for lists and the cursor.
    """
    text = _ranks_with_article()[card.rank]
    return text if card.is_joker else text.format(suit=suit_name(card.suit))


def _joined(items: Sequence[str], last: str) -> str:
    """Join phrases with commas, the last one by ``last`` ("{list} and {last}")."""
    if not items:
        return ""
    head = items[0]
    for item in items[1:-1]:
        head = _("{list}, {item}").format(list=head, item=item)
    if len(items) == 1:
        return head
    return last.format(list=head, last=items[-1])


def join_list(items: Sequence[str]) -> str:
    """Join phrases as a spoken list: "a, b and c"."""
    return _joined(items, _("{list} and {last}"))


def join_choices(items: Sequence[str]) -> str:
    """Join alternatives as a spoken list: "a, b or c"."""
    # Translators: the last of several alternatives, as in "nil, 1 to 3 or 5 to 13".
    return _joined(items, _("{list} or {last}"))


def allowed_bids_words(view: SeatView) -> str | None:
    """The bids the rules allow now, when not the usual nil to every trick.

    Under mirror only the number of spades is allowed, under whiz that or nil,
    under suicide nil or at least four, with no hell all but one total: "5", "nil
    or 5", "nil, 1 to 3 or 5 to 13". None when any bid from nil up is allowed.
    """
    bids = [b for b in view.legal_bids if not b.blind]
    numbers = sorted({b.tricks for b in bids if not b.is_nil})
    has_nil = any(b.is_nil for b in bids)
    top = view.rules.trick_count
    if has_nil and numbers == list(range(1, top + 1)):
        return None
    parts = [_("nil")] if has_nil else []
    start = 0
    while start < len(numbers):
        end = start
        while end + 1 < len(numbers) and numbers[end + 1] == numbers[end] + 1:
            end += 1
        low, high = numbers[start], numbers[end]
        if low == high:
            parts.append(str(low))
        else:
            # Translators: a range of bids, as in "4 to 13".
            parts.append(_("{low} to {high}").format(low=low, high=high))
        start = end + 1
    return join_choices(parts)


def card_list(cards: Sequence[Card]) -> str:
    """Cards as a spoken list: "the ace of spades and the 4 of clubs"."""
    return join_list([the_card(c) for c in cards])


def signed(points: int) -> str:
    """A number of points, spoken with its sign: "minus 40", "12"."""
    if points < 0:
        return _("minus {points}").format(points=-points)
    return str(points)


_WATCHING: ContextVar[bool] = ContextVar("audiospades_watching", default=False)
"""Whether the words are for a spectator (see :func:`watching`)."""


@contextmanager
def watching(on: bool = True) -> Iterator[None]:
    """Words for a spectator while in this block (``on``): seat 0 is not "you".

    A spectator sees the table from a player's chair (seat 0), but is not that
    player: what the player does is told in the third person, by name ("Ann plays
    the 7 of hearts", "Ann and Bert: 40"), as any other seat's is.
    """
    token = _WATCHING.set(on)
    try:
        yield
    finally:
        _WATCHING.reset(token)


def is_watching() -> bool:
    """Whether the words are for a spectator (inside :func:`watching`)."""
    return _WATCHING.get()


def only_players_text() -> str:
    """A spectator asked for what only a player at the table can do."""
    return _("You are watching: only the players can do that.")


def hands_hidden_text() -> str:
    """A spectator asked about the cards in hand: no player's are shown."""
    return _("You are watching: the players' cards are not shown.")


def is_you(seat: int | None) -> bool:
    """Whether ``seat`` is the listener ("you"): seat 0, unless watching."""
    return seat == HUMAN and not _WATCHING.get()


def own_side(view: SeatView) -> int | None:
    """The listener's side, or None for a spectator."""
    return None if _WATCHING.get() else view.side


def player_name(seat: int, names: Sequence[str]) -> str:
    """A seat's name; seat 0 is "you"."""
    if is_you(seat):
        return _("you")
    return _(names[seat])


def player_title(seat: int, names: Sequence[str]) -> str:
    """A seat's name at the start of a sentence; seat 0 is "You"."""
    if is_you(seat):
        return _("You")
    return _(names[seat])


def side_name(
    side: int, view: SeatView, names: Sequence[str], *, opens: bool = True
) -> str:
    """A side's name: "You and Milly", "West and East".

    As it begins a sentence, unless ``opens`` is False: then "you and Milly", as
    in "Hand 2, you and Milly: bid 4 and 3" (a braille reader sees the capital).
    """
    rules = view.rules
    seats = side_seats(side, rules.player_count, rules.partnerships)
    if len(seats) == 1:
        return (player_title if opens else player_name)(seats[0], names)
    if HUMAN in seats and is_you(HUMAN):
        partner = partner_of(HUMAN, rules.player_count, True)
        assert partner is not None
        if not opens:
            # Translators: a side in mid-sentence, as in "Hand 2, you and Milly:
            # bid 4 and 3".
            return _("you and {partner}").format(partner=_(names[partner]))
        return _("You and {partner}").format(partner=_(names[partner]))
    return _("{first} and {second}").format(
        first=_(names[seats[0]]), second=_(names[seats[1]])
    )


class Subject(Enum):
    """Who a sentence about a side is about, for the verb to agree with it.

    "You and Omar bid 5" takes a plural (and in French "vous" agreement: "Vous et
    Omar avez annoncé"), "Omar bid 2" a singular, "You bid 2" the second person: a
    sentence whose subject is a side has one message for each.
    """

    YOU = "you"
    """The human, alone on a side (individual play)."""
    YOU_AND_PARTNER = "you_and_partner"
    """The human's partnership ("You and {partner}")."""
    OTHERS = "others"
    """A side without the human: one player or two ("{side}", singular or plural)."""


def side_subject(
    side: int, view: SeatView, names: Sequence[str]
) -> tuple[Subject, int, dict[str, str]]:
    """Who side ``side`` is, how many players it has, and its names to format with.

    The names are ``side`` (as :func:`side_name` says it) and ``partner`` (the
    human's partner, or an empty string).
    """
    rules = view.rules
    seats = side_seats(side, rules.player_count, rules.partnerships)
    values = {"side": side_name(side, view, names), "partner": ""}
    if HUMAN not in seats or not is_you(HUMAN):
        return Subject.OTHERS, len(seats), values
    if len(seats) == 1:
        return Subject.YOU, 1, values
    partner = partner_of(HUMAN, rules.player_count, True)
    assert partner is not None
    values["partner"] = _(names[partner])
    return Subject.YOU_AND_PARTNER, len(seats), values


def bid_words(bid: Bid) -> str:
    """A bid as a phrase: "3", "nil", "blind nil"."""
    if bid.blind:
        return _("blind nil")
    if bid.is_nil:
        return _("nil")
    return str(bid.tricks)


def tricks_words(count: int) -> str:
    """Say a number of tricks: "1 trick", "3 tricks"."""
    return ngettext("{count} trick", "{count} tricks", count).format(count=count)


def bags_words(count: int) -> str:
    """Say a number of bags: "1 bag", "3 bags"."""
    return ngettext("{count} bag", "{count} bags", count).format(count=count)
