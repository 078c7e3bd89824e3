"""Key W's words: who sits in each seat, and who is watching.

At a local table the seats are called as the player selection calls them ("Left
opponent, West", "Partner, North") and a computer player by its name and stars
("Milly, 1 star"), in playing order from the player's own seat. At an online table
each seat is called by its number (the partner's says so) and its holder as the
lobby lists it ("Hazel, a computer standing in for Ann", "Bob, away"), then who is
watching; a spectator hears first from whose chair they watch.
"""

from __future__ import annotations

from audiospades.bots.characters import find_character
from audiospades.i18n import _
from audiospades.presenter.menus import character_value, seat_label
from audiospades.presenter.online import occupant_text, seat_name, watching_from_text
from audiospades.presenter.words import join_list
from audiospades.replies import Company, HolderKind, Occupant
from audiospades.rules import Rules
from audiospades.rules.seats import partner_of
from audiospades.seating import DEFAULT_NAMES, seat_role


def who_is_here_text(company: Company, rules: Rules) -> str:
    """The answer to W: each seat and its holder, then (online) who is watching.

    Args:
        company: who holds each seat, from the listener's chair, and who watches.
        rules: the game's rules (how many seats, partnerships or not).
    """
    if company.watchers is None:
        return " ".join(_local_seats(company, rules))
    parts = [_watching_intro(company)] if company.watching else []
    parts += _online_seats(company, rules)
    parts.append(_watchers_text(company.watchers, company.watching))
    return " ".join(parts)


def _seat_line(seat: str, player: str) -> str:
    # Translators: one seat in W's answer, as in "Partner, North: Rosa, 3 stars."
    # or "Seat 2, your partner: Bob.". {player} may be "you".
    return _("{seat}: {player}.").format(seat=seat, player=player)


def _local_seats(company: Company, rules: Rules) -> list[str]:
    """A local table: "South: you. Left opponent, West: Milly, 1 star. ..."."""
    compass = DEFAULT_NAMES.get(len(company.seats), ())
    lines = []
    for seat, held in enumerate(company.seats):
        place = (
            _(compass[seat])
            if seat < len(compass)
            else _("Seat {number}").format(number=seat + 1)
        )
        if held.kind is HolderKind.PERSON:
            lines.append(_seat_line(place, _("you")))
            continue
        label = seat_label(seat_role(seat, rules), place)
        character = find_character(held.character) if held.character else None
        if character is not None:
            player = character_value(character)
        else:  # a seat without a character (a random player, an old save)
            player = _("{name}, computer").format(name=seat_name(held.name))
        partner = partner_of(seat, rules.player_count, rules.partnerships)
        if rules.side_count > 2 and partner not in (None, 0, _own_partner(rules)):
            # Three partnerships: which two opponents play together is not
            # plain from the seats, as it is with one side against the other.
            # Translators: "Opponent, Northwest: Omar, 3 stars, partner of Dennis."
            lines.append(
                _("{seat}: {player}, partner of {partner}.").format(
                    seat=label,
                    player=player,
                    partner=_holder_name(company.seats[partner]),
                )
            )
            continue
        lines.append(_seat_line(label, player))
    return lines


def _own_partner(rules: Rules) -> int | None:
    return partner_of(0, rules.player_count, rules.partnerships)


def _holder_name(held: Occupant) -> str:
    """A seat holder's name alone: "Dennis"."""
    character = find_character(held.character) if held.character else None
    return _(character.name) if character is not None else seat_name(held.name)


def _online_seats(company: Company, rules: Rules) -> list[str]:
    """An online table: "Seat 1: you. Seat 2: Hazel, computer. ..."."""
    mine = None if company.watching else company.seats[0].number
    partner = (
        partner_of(mine, rules.player_count, rules.partnerships)
        if mine is not None
        else None
    )
    lines = []
    for index, held in enumerate(company.seats):
        number = (held.number if held.number is not None else index) + 1
        if index == 0 and mine is not None:
            lines.append(_seat_line(_("Seat {number}").format(number=number), _("you")))
            continue
        if held.number is not None and held.number == partner:
            label = _("Seat {number}, your partner").format(number=number)
        else:
            label = _("Seat {number}").format(number=number)
        mate = (
            partner_of(held.number, rules.player_count, rules.partnerships)
            if held.number is not None and rules.side_count > 2
            else None
        )
        if mate is not None and held.number != partner:
            # Three partnerships: which two others play together.
            # Translators: "Seat 2: Hazel, computer, partner of seat 5."
            lines.append(
                _("{seat}: {player}, partner of seat {number}.").format(
                    seat=label, player=occupant_text(held), number=mate + 1
                )
            )
            continue
        lines.append(_seat_line(label, occupant_text(held)))
    return lines


def watchers_header_text(company: Company) -> str | None:
    """Who is watching, for the picture's header, as W says it; or None.

    "Watching: Dee and Eve." to the players while anyone watches, "Only you are
    watching." or "Watching: Dee and you." to a spectator (who has no hand to
    tell them so). None at a local table, and while nobody watches.
    """
    if company.watchers is None or not (company.watchers or company.watching):
        return None
    return _watchers_text(company.watchers, company.watching)


def _watching_intro(company: Company) -> str:
    """A spectator's first words: from whose chair they watch (as on sitting down)."""
    chair = company.seats[0]
    # An empty name: a seat left empty after the game (its number is said).
    return watching_from_text(
        company.table_name,
        chair.number or 0,
        seat_name(chair.name),
        default_name=company.table_default_name,
    )


def _watchers_text(others: tuple[str, ...], watching: bool) -> str:
    """Who is watching, as in "Watching: Dee and Eve." or "Nobody is watching.".

    A spectator is among them, as "you" (last): "Watching: Dee and you.".
    """
    if watching and not others:
        return _("Only you are watching.")
    if not others:
        return _("Nobody is watching.")
    names = list(others)
    if watching:
        names.append(_("you"))
    # Translators: {names} is a list of people, as in "Dee, Eve and you".
    return _("Watching: {names}.").format(names=join_list(names))
