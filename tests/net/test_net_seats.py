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
    }
    for name, value in changes.items():
        before = holder.to_json()
        setattr(holder, name, value)
        after = holder.to_json()
        expected = value.value if isinstance(value, SeatKind) else value
        assert after is not before and after[name] == expected, name
    assert SeatHolder.from_json(holder.to_json()) == holder
