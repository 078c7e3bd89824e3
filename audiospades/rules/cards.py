"""Suits, ranks and cards, with the notation of the game record format.

Cards are interned: ``Card.of(rank, suit)`` and ``Card.parse(text)`` always return the
same object for the same card, so cards compare and hash by identity, which keeps the
engine fast enough to play thousands of hands a second.

>>> Card.parse("AS")
Card.parse('AS')
>>> Card.parse("10h") is Card.parse("TH")
True
>>> str(Card.parse("bj"))
'BJ'
>>> sorted(Card.parse(c) for c in ["AS", "2C", "KD"])
[Card.parse('2C'), Card.parse('KD'), Card.parse('AS')]
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import ClassVar, Final

from audiospades.rules.errors import excerpt


class Suit(StrEnum):
    """The four suits, plus the pseudo-suit of the jokers, by record letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    JOKER = "J"


class Rank(IntEnum):
    """Card ranks, low to high; the jokers rank above the ace."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    LITTLE_JOKER = 15
    BIG_JOKER = 16

    @property
    def letter(self) -> str:
        """The rank's letter in record notation (``T`` for ten, ``L``/``B`` jokers)."""
        return _RANK_LETTERS[self]


_RANK_LETTERS: Final[dict[Rank, str]] = {
    **{rank: str(int(rank)) for rank in Rank if rank <= Rank.NINE},
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.LITTLE_JOKER: "L",
    Rank.BIG_JOKER: "B",
}
_LETTER_RANKS: Final[dict[str, Rank]] = {v: k for k, v in _RANK_LETTERS.items()}

#: The four plain suits in the order used for sorting hands and for removing low cards.
PLAIN_SUITS: Final[tuple[Suit, ...]] = (
    Suit.CLUBS,
    Suit.DIAMONDS,
    Suit.HEARTS,
    Suit.SPADES,
)


class CardParseError(ValueError):
    """Raised for text that is not a card in record notation."""


class Card(int):
    """One playing card. Use :meth:`of` or :meth:`parse`; instances are interned.

    A card is an ``int`` whose value is its sort index (suit, then rank), so cards
    hash and compare by that number in C: set and dict order is the same in every
    process (seeded games replay identically) and the engine stays fast. Compare
    cards with cards only, and write them with ``str(card)``: ``json.dumps`` would
    write the number.
    """

    _interned: ClassVar[dict[tuple[Rank, Suit], Card]] = {}

    rank: Rank
    suit: Suit

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        """Return the one card of this rank and suit."""
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is not None:
            return card
        is_joker = rank >= Rank.LITTLE_JOKER
        if is_joker != (suit is Suit.JOKER):
            raise CardParseError(f"{rank!r} of {suit!r}")
        suit_order = (*PLAIN_SUITS, Suit.JOKER).index(suit)
        card = super().__new__(cls, suit_order * 20 + int(rank))
        card.__dict__["rank"] = rank
        card.__dict__["suit"] = suit
        cls._interned[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        """Cards are immutable."""
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        """Unpickle to the interned card."""
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        """Cards are values: a copy is the card itself."""
        return self

    def __deepcopy__(self, memo: object) -> Card:
        """Cards are values: a copy is the card itself."""
        return self

    @property
    def index(self) -> int:
        """The sort index: suit (clubs, diamonds, hearts, spades, jokers), then rank."""
        return int(self)

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """Return the card of this rank and suit."""
        return cls(rank, suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse record notation: rank then suit (``AS``, ``TD``, ``10h``, ``BJ``).

        Raises:
            CardParseError: if the text is not a card.
        """
        if not isinstance(text, str):
            raise CardParseError(excerpt(text))
        t = text.strip().upper()
        if t in ("BJ", "LJ"):
            return cls(Rank.BIG_JOKER if t == "BJ" else Rank.LITTLE_JOKER, Suit.JOKER)
        if len(t) == 3 and t.startswith("10"):
            t = "T" + t[2]
        if len(t) != 2 or t[0] not in _LETTER_RANKS or t[1] not in "CDHS":
            raise CardParseError(excerpt(text))
        rank = _LETTER_RANKS[t[0]]
        if rank >= Rank.LITTLE_JOKER:
            raise CardParseError(excerpt(text))
        return cls(rank, Suit(t[1]))

    @property
    def is_joker(self) -> bool:
        """Whether this card is one of the two jokers."""
        return self.suit is Suit.JOKER

    def __str__(self) -> str:
        """Record notation: ``AS``, ``TD``, ``BJ``, ``LJ``."""
        if self.suit is Suit.JOKER:
            return "BJ" if self.rank is Rank.BIG_JOKER else "LJ"
        return self.rank.letter + self.suit.value

    def __repr__(self) -> str:
        """Show the card as the call that makes it."""
        return f"Card.parse({str(self)!r})"


#: The 52 plain cards, clubs first, each suit from the two up.
STANDARD_DECK: Final[tuple[Card, ...]] = tuple(
    Card(rank, suit) for suit in PLAIN_SUITS for rank in Rank if rank <= Rank.ACE
)
BIG_JOKER: Final[Card] = Card(Rank.BIG_JOKER, Suit.JOKER)
LITTLE_JOKER: Final[Card] = Card(Rank.LITTLE_JOKER, Suit.JOKER)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas.

    >>> parse_cards("AS, KS 2c")
    (Card.parse('AS'), Card.parse('KS'), Card.parse('2C'))
    """
    return tuple(Card.parse(t) for t in text.replace(",", " ").split())
