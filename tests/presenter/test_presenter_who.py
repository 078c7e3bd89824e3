"""Key W, "who is here": bound at the table, named by F1 and F2, and worded.

Before, no key said who sits where: a blind player heard the seats once, as the
game was dealt ("New game with Milly, Rosa and Hazel, in playing order"), and
online never heard who was watching after the moment they came.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from audiospades import i18n
from audiospades.bots import Hint
from audiospades.commands import Command
from audiospades.controller import GameSession
from audiospades.keymap import DEFAULT_KEYMAP, Chord, Context
from audiospades.presenter.replies import reply_utterances
from audiospades.presenter.system import key_help_text
from audiospades.presenter.who import watchers_header_text, who_is_here_text
from audiospades.replies import Company, HolderKind, Occupant, WhoIsHere
from audiospades.rules import Rules
from audiospades.seating import Seating
from audiospades.table_control import TableController, TablePort

W = Chord("w")


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_w_asks_who_is_here_at_the_table_and_collides_with_nothing() -> None:
    keymap = DEFAULT_KEYMAP
    for chain in (
        (Context.TABLE, Context.GLOBAL),
        (Context.BIDDING, Context.TABLE, Context.GLOBAL),
        (Context.QUESTION, Context.TABLE, Context.GLOBAL),
        (Context.TABLE, Context.ONLINE, Context.GLOBAL),
    ):
        assert keymap.lookup(W, chain) is Command.WHO_IS_HERE, chain
    bound = [
        (context, chord)
        for context in Context
        for chord, command in keymap.bindings(context)
        if command is Command.WHO_IS_HERE or chord == W
    ]
    # And in the waiting room, over its list (its letters are no item's).
    assert bound == [(Context.TABLE, W), (Context.ROOM, W)]


def test_f1_and_f2_say_what_w_does() -> None:
    assert key_help_text(W, Command.WHO_IS_HERE) == (
        "W: who sits in each seat, and who is watching online."
    )


class _NoHints:
    """W asks for no hint."""

    def prepare(self, port: TablePort) -> None:
        raise AssertionError("no hint for W")

    def get(self, port: TablePort) -> Hint:
        raise AssertionError("no hint for W")

    def close(self) -> None:
        pass


def _local(rules: Rules, characters: list[str]) -> str:
    """What W says at a new local table with these characters at seats 1 on."""
    seating = Seating.chosen(rules, characters)
    assert seating is not None
    session = GameSession.new(rules, seed=4, seating=seating, persist=False)
    control = TableController(session, _NoHints())
    reply = control.handle(Command.WHO_IS_HERE)
    assert isinstance(reply, WhoIsHere)
    said = reply_utterances(reply, session.view(), session.names)
    assert len(said) == 1 and said[0].interrupt
    return said[0].text


def test_a_local_partnership_table_names_partner_opponents_and_levels() -> None:
    assert _local(Rules.pagat(), ["milly", "rosa", "walter"]) == (
        "South: you. "
        "Left opponent, West: Milly, 1 star. "
        "Partner, North: Rosa, 2 stars. "
        "Right opponent, East: Walter, 4 stars."
    )


def test_a_local_three_player_table_has_two_opponents_and_no_partner() -> None:
    rules = Rules.from_dict({"preset": "pagat"}, players=3)
    assert not rules.partnerships
    assert _local(rules, ["hazel", "the_professor"]) == (
        "South: you. "
        "Left opponent, West: Hazel, 3 stars. "
        "Right opponent, East: The Professor, 5 stars."
    )


def test_a_local_seat_without_a_character_is_a_computer_by_its_compass_name() -> None:
    rules = Rules.from_dict({"preset": "pagat"}, players=4, partnerships=False)
    assert _local(rules, ["random", "omar", "random"]) == (
        "South: you. "
        "Left opponent, West: West, computer. "
        "Opponent, North: Omar, 3 stars. "
        "Right opponent, East: East, computer."
    )


def test_three_partnerships_name_each_opponents_partner() -> None:
    """QA: at six in three sides W did not say which opponents play together."""
    rules = Rules.pagat(players=6)
    assert rules.side_count == 3
    assert _local(rules, ["hazel", "omar", "rosa", "random", "walter"]) == (
        "South: you. "
        "Left opponent, Southwest: Hazel, 3 stars, partner of Northeast. "
        "Opponent, Northwest: Omar, 3 stars, partner of Walter. "
        "Partner, North: Rosa, 2 stars. "
        "Opponent, Northeast: Northeast, computer, partner of Hazel. "
        "Right opponent, Southeast: Walter, 4 stars, partner of Omar."
    )


def test_the_local_words_follow_the_language() -> None:
    with i18n.speaking("fr"):
        said = _local(Rules.pagat(), ["milly", "rosa", "walter"])
    assert "Milly, 1 étoile" in said and "Partenaire, Nord" in said


_ANN = Occupant(HolderKind.PERSON, name="Ann", number=0)
_HAZEL_FOR_CY = Occupant(
    HolderKind.COMPUTER,
    name="Hazel",
    character="hazel",
    number=1,
    stand_in=True,
    stands_in_for="Cy",
)
_BOB_AWAY = Occupant(HolderKind.PERSON, name="Bob", number=2, connected=False)
_MILLY = Occupant(HolderKind.COMPUTER, name="Milly", character="milly", number=3)


def test_an_online_player_hears_each_seat_and_who_is_watching() -> None:
    company = Company(
        (_BOB_AWAY, _MILLY, _ANN, _HAZEL_FOR_CY),
        watchers=("Dee", "Eve"),
        table_name="Friday",
    )
    assert who_is_here_text(company, Rules.pagat()) == (
        "Seat 3: you. "
        "Seat 4: Milly, computer. "
        "Seat 1, your partner: Ann. "
        "Seat 2: Hazel, a computer standing in for Cy. "
        "Watching: Dee and Eve."
    )
    alone = Company((_ANN, _HAZEL_FOR_CY, _BOB_AWAY, _MILLY), watchers=())
    assert who_is_here_text(alone, Rules.pagat()).endswith(
        "Seat 3, your partner: Bob, away. Seat 4: Milly, computer. Nobody is watching."
    )


def test_a_spectator_hears_whose_chair_and_is_among_the_watchers() -> None:
    company = Company(
        (_ANN, _HAZEL_FOR_CY, _BOB_AWAY, _MILLY),
        watchers=("Dee",),
        watching=True,
        table_name="Friday",
    )
    assert who_is_here_text(company, Rules.pagat()) == (
        "You are watching table Friday from the chair of Ann. "
        "Seat 1: Ann. "
        "Seat 2: Hazel, a computer standing in for Cy. "
        "Seat 3: Bob, away. "
        "Seat 4: Milly, computer. "
        "Watching: Dee and you."
    )
    alone = Company(
        (Occupant(HolderKind.EMPTY, number=1), _BOB_AWAY, _MILLY),
        watchers=(),
        watching=True,
        table_name="Friday",
    )
    three = Rules.from_dict({"preset": "pagat"}, players=3)
    assert who_is_here_text(alone, three) == (
        "You are watching table Friday from seat 2. "
        "Seat 2: free. Seat 3: Bob, away. Seat 4: Milly, computer. "
        "Only you are watching."
    )


def test_a_person_away_whose_seat_a_computer_took_over_says_so() -> None:
    """Before, W said only "Klaus, away" once a computer played the seat."""
    taken = Occupant(
        HolderKind.PERSON,
        name="Klaus",
        character="hazel",
        number=0,
        connected=False,
        stand_in=True,
    )
    company = Company((_BOB_AWAY, _MILLY, taken, _HAZEL_FOR_CY), watchers=())
    assert "Seat 1, your partner: Klaus, away, a computer plays the seat." in (
        who_is_here_text(company, Rules.pagat())
    )


def test_an_online_table_of_three_partnerships_names_the_opponents_partners() -> None:
    people = tuple(
        Occupant(HolderKind.PERSON, name=name, number=seat)
        for seat, name in enumerate(("Ann", "Bob", "Cy", "Dee", "Eve", "Fay"))
    )
    company = Company(people, watchers=())
    assert who_is_here_text(company, Rules.pagat(players=6)) == (
        "Seat 1: you. "
        "Seat 2: Bob, partner of seat 5. "
        "Seat 3: Cy, partner of seat 6. "
        "Seat 4, your partner: Dee. "
        "Seat 5: Eve, partner of seat 2. "
        "Seat 6: Fay, partner of seat 3. "
        "Nobody is watching."
    )


def test_the_picture_header_says_who_watches_as_w_does() -> None:
    """The header item of an online table's picture: who watches, in W's words;
    none at a local table nor while nobody watches (a spectator always has one:
    nothing else on the picture says they only watch)."""
    seats = (Occupant(HolderKind.PERSON, "Ann", number=0),)
    assert watchers_header_text(Company(seats)) is None
    assert watchers_header_text(Company(seats, watchers=())) is None
    assert (
        watchers_header_text(Company(seats, watchers=("Dee", "Eve")))
        == "Watching: Dee and Eve."
    )
    alone = Company(seats, watchers=(), watching=True)
    assert watchers_header_text(alone) == "Only you are watching."
    two = Company(seats, watchers=("Dee",), watching=True)
    assert watchers_header_text(two) == "Watching: Dee and you."
