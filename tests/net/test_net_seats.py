"""Who sits in a seat, as the database keeps it: a computer standing in for a
person who left keeps that person's name and id across a restart."""

from __future__ import annotations

from audiospades.net.protocol import SeatKind
from audiospades.net.seats import SeatHolder, seat_infos


def _hazel_for_ann() -> SeatHolder:
    return SeatHolder(
        SeatKind.COMPUTER,
        None,
        "Hazel",
        "hazel",
        stand_in=True,
        gone_name="Ann",
        gone_player="p1",
    )


def test_a_stand_in_keeps_whose_seat_it_plays_in_the_database() -> None:
    holder = _hazel_for_ann()
    assert SeatHolder.from_json(holder.to_json()) == holder
    assert seat_infos([holder])[0].stands_in_for == "Ann"


def test_seating_saved_before_and_bad_values_read_as_no_one_gone() -> None:
    older = _hazel_for_ann().to_json()
    del older["gone_name"], older["gone_player"]
    assert SeatHolder.from_json(older).gone_name is None
    for bad in (7, ["Ann"], {"name": "Ann"}):
        data = _hazel_for_ann().to_json() | {"gone_name": bad, "gone_player": bad}
        holder = SeatHolder.from_json(data)
        assert (holder.gone_name, holder.gone_player) == (None, None)
        assert holder.stand_in and holder.name == "Hazel"


def test_a_new_game_ends_the_standing_in() -> None:
    holder = _hazel_for_ann()
    holder.stop_standing_in()
    assert (holder.stand_in, holder.gone_name, holder.gone_player) == (
        False,
        None,
        None,
    )
    assert seat_infos([holder])[0].stands_in_for is None


def test_a_seats_saved_form_is_kept_until_a_field_changes() -> None:
    holder = SeatHolder(SeatKind.HUMAN, "p1", "Ann")
    first = holder.to_json()
    assert holder.to_json() is first  # (a server saves it with every action)
    changes = {
        "kind": SeatKind.COMPUTER,
        "player": "p2",
        "name": "Bob",
        "character": "hazel",
        "stand_in": True,
        "gone_name": "Cy",
        "gone_player": "p3",
        "stood_in_from": 7,
        "away": True,
    }
    for name, value in changes.items():
        before = holder.to_json()
        setattr(holder, name, value)
        after = holder.to_json()
        expected = value.value if isinstance(value, SeatKind) else value
        assert after is not before and after[name] == expected, name
    assert SeatHolder.from_json(holder.to_json()) == holder


def _away_ann() -> SeatHolder:
    """Ann, connected, let her turn pass: Hazel plays her seat until her key."""
    return SeatHolder(
        SeatKind.HUMAN, "p1", "Ann", "hazel", stand_in=True, stood_in_from=4, away=True
    )


def test_a_seat_stood_in_for_someone_away_stays_so_in_the_database() -> None:
    """Saved, the seat says its person was away at their turn (not dropped): a
    restarted server keeps the computer in it until their key."""
    holder = _away_ann()
    assert holder.to_json()["away"] is True
    assert SeatHolder.from_json(holder.to_json()) == holder


def test_seating_saved_before_away_and_bad_values_read_as_not_away() -> None:
    """A seat saved by an older server (no ``away``), or with a value that is not
    ``true``, is read whole, as a drop's stand-in: coming back gives the seat
    back, as it did. Nothing else in the seat is lost."""
    older = dict(_away_ann().to_json())
    del older["away"]
    for data in (older, older | {"away": "yes"}, older | {"away": 1}):
        holder = SeatHolder.from_json(data)
        assert not holder.away
        assert (holder.player, holder.name, holder.stand_in) == ("p1", "Ann", True)
        assert (holder.character, holder.stood_in_from) == ("hazel", 4)
    # Not saved while false: an older server reads the same seating as before.
    assert "away" not in SeatHolder(SeatKind.HUMAN, "p1", "Ann").to_json()


def test_a_new_game_ends_being_away() -> None:
    holder = _away_ann()
    holder.stop_standing_in()
    assert not holder.away and "away" not in holder.to_json()
