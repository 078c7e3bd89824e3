"""The 18 computer characters: a playing level, a style and a star rating.

Seed 001 ("Player Selection") lists "18 different characters to choose from,
including their face, name, difficulty (1 to 5 stars)", and warns that "it won't be so
easy to win with Milly as your partner". A character is a level (1 to 5, see
:func:`audiospades.bots.make_level_bot`) played in a :class:`Style`; its stars are what
the player-selection screen shows. Names and personalities are English marked with
``N_`` for the presenter to translate.

>>> len(ROSTER), character("milly").stars
(18, 1)
>>> find_character("nobody") is None
True
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass
from typing import Final

from audiospades.textmark import N_


@dataclass(frozen=True, slots=True)
class Style:
    """How a character leans, whatever its level.

    Attributes:
        bid_boldness: -1 bids cautiously (under its count) ... +1 boldly (over it).
        nil_appetite: 0 almost never bids nil ... 1 bids nil whenever it might work.
        setting: 0 ducks and protects its own contract ... 1 fights hard to set the
            opponents' contracts and nils.
    """

    bid_boldness: float = 0.0
    nil_appetite: float = 0.5
    setting: float = 0.5

    def __post_init__(self) -> None:
        """Reject values out of range.

        Raises:
            ValueError: if a field lies outside its documented range.
        """
        if not -1.0 <= self.bid_boldness <= 1.0:
            raise ValueError("bid_boldness must be between -1 and 1")
        if not 0.0 <= self.nil_appetite <= 1.0:
            raise ValueError("nil_appetite must be between 0 and 1")
        if not 0.0 <= self.setting <= 1.0:
            raise ValueError("setting must be between 0 and 1")


NEUTRAL: Final = Style()
"""The style of a bare level bot."""


@dataclass(frozen=True, slots=True)
class Character:
    """A named computer player.

    Attributes:
        id: a stable ASCII identifier, used in saves and statistics.
        name: the display name (English, marked with ``N_``).
        personality: one sentence the selection screen reads out (``N_``).
        stars: difficulty shown to the player, 1 (weak) to 5 (strong).
        level: the playing level, 1 to 5.
        style: how it bids and defends.
    """

    id: str
    name: str
    personality: str
    stars: int
    level: int
    style: Style


def _c(
    id_: str,
    name: str,
    personality: str,
    stars: int,
    level: int,
    boldness: float,
    nil: float,
    setting: float,
) -> Character:
    style = Style(boldness, nil, setting)
    return Character(id_, name, personality, stars, level, style)


ROSTER: Final[tuple[Character, ...]] = (
    # One star: beginners (level 1), who count roughly and play simply.
    _c(
        "milly",
        N_("Milly"),
        N_("Cheerful and hopeful; she bids what she would like to make."),
        1,
        1,
        0.6,
        0.3,
        0.2,
    ),
    _c(
        "bert",
        N_("Bert"),
        N_("Plays his cards as they come and rarely counts them."),
        1,
        1,
        0.0,
        0.1,
        0.4,
    ),
    _c(
        "poppy",
        N_("Poppy"),
        N_("Loves the thrill of a nil, whatever her hand."),
        1,
        1,
        -0.2,
        0.9,
        0.3,
    ),
    # Two stars: casual players (level 2).
    _c(
        "dennis",
        N_("Dennis"),
        N_("A steady club player who never bids more than he sees."),
        2,
        2,
        -0.5,
        0.2,
        0.4,
    ),
    _c(
        "rosa",
        N_("Rosa"),
        N_("Bids with her heart and plays with her head."),
        2,
        2,
        0.4,
        0.5,
        0.5,
    ),
    _c(
        "gus",
        N_("Gus"),
        N_("Likes to win tricks, even the ones he does not need."),
        2,
        2,
        0.2,
        0.2,
        0.8,
    ),
    _c(
        "ivy",
        N_("Ivy"),
        N_("Careful and quiet; she hates a bag."),
        2,
        2,
        -0.3,
        0.4,
        0.2,
    ),
    # Three stars: sound players (level 3) who count cards and cover a nil.
    _c(
        "hazel",
        N_("Hazel"),
        N_("Counts every card and every bag."),
        3,
        3,
        0.0,
        0.5,
        0.5,
    ),
    _c(
        "omar",
        N_("Omar"),
        N_("A patient defender who sets a greedy bid."),
        3,
        3,
        -0.2,
        0.4,
        0.9,
    ),
    _c(
        "lena",
        N_("Lena"),
        N_("Bids nil whenever her hand allows it."),
        3,
        3,
        0.1,
        0.9,
        0.5,
    ),
    _c(
        "frank",
        N_("Frank"),
        N_("Bold in the bidding and stubborn in the play."),
        3,
        3,
        0.6,
        0.3,
        0.6,
    ),
    # Four stars: thinkers (level 4) who look ahead at the play.
    _c(
        "walter",
        N_("Walter"),
        N_("Thinks through the play before every card."),
        4,
        4,
        0.0,
        0.5,
        0.5,
    ),
    _c(
        "nadia",
        N_("Nadia"),
        N_("Reads the table and attacks any nil she sees."),
        4,
        4,
        0.1,
        0.5,
        0.9,
    ),
    _c(
        "sam",
        N_("Sam"),
        N_("A careful partner who rarely goes set."),
        4,
        4,
        -0.4,
        0.4,
        0.4,
    ),
    _c(
        "yuki",
        N_("Yuki"),
        N_("Quick, daring and fond of a well-judged nil."),
        4,
        4,
        0.3,
        0.8,
        0.6,
    ),
    # Five stars: experts (level 5) who search deeply.
    _c(
        "victor",
        N_("Victor"),
        N_("The club champion: precise bids, no wasted trumps."),
        5,
        5,
        0.0,
        0.5,
        0.6,
    ),
    _c(
        "greta",
        N_("Greta"),
        N_("Remembers every card and punishes every overbid."),
        5,
        5,
        -0.1,
        0.5,
        0.9,
    ),
    _c(
        "the_professor",
        # Translators: a name said inside sentences too ("a win for {name}",
        # "partner of {name}"): leave out an article that would change with
        # the grammar (German "Professor", not "Der Professor").
        N_("The Professor"),
        N_("Calculates the odds of every bid and every card."),
        5,
        5,
        0.1,
        0.6,
        0.5,
    ),
)
"""Every character, weakest first."""

_BY_ID: Final[dict[str, Character]] = {c.id: c for c in ROSTER}


def character(character_id: str) -> Character:
    """The character with this id.

    Raises:
        KeyError: if there is no such character.
    """
    return _BY_ID[character_id]


def find_character(character_id: str) -> Character | None:
    """The character with this id, or None."""
    return _BY_ID.get(character_id)


def character_named(name: str | None) -> Character | None:
    """The character a person's ``name`` would be taken for (case aside), or None.

    A person called Milly at a table rules out Milly the computer player there:
    both would be heard as "Milly plays".
    """
    folded = name_key(name)
    return next((c for c in ROSTER if name_key(c.name) == folded), None)


def name_key(name: str | None) -> str:
    """A name as compared for sameness at a table ("milly " is Milly).

    Case and surrounding spaces aside.
    """
    return (name or "").strip().casefold()


def numbered_apart(
    name: str, taken: Container[str], *, limit: int | None = None
) -> str:
    """``name``, numbered ("Ann 2", the lowest number free) if ``taken`` has it.

    ``taken`` holds the :func:`name_key` of the names already in use where
    ``name`` will be heard: two people both heard as "Ann" cannot be told apart.
    ``limit``: the longest a numbered name may be (the name is cut to make room
    for its number).
    """
    if name_key(name) not in taken:
        return name
    number = 2
    while True:
        suffix = f" {number}"
        base = name if limit is None else name[: limit - len(suffix)].rstrip()
        if name_key(base + suffix) not in taken:
            return base + suffix
        number += 1
