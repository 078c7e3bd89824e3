"""docs/protocol.md describes every message, notice, error code and seat change,
with the version and the limits the code enforces."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from audiospades.net import protocol as p
from audiospades.net import wire

DOC = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()


def _tags(union: object) -> list[str]:
    return [str(t.__struct_config__.tag) for t in typing.get_args(union)]


@pytest.mark.parametrize(
    "name",
    [
        *_tags(p.AnyClientMessage),
        *_tags(p.AnyServerMessage),
        *_tags(wire.AnyWireNotice),
        *(c.value for c in p.ErrorCode),
        *(c.value for c in p.SeatChange),
        *(k.value for k in p.SeatKind),
        *(s.value for s in p.TableState),
    ],
)
def test_the_protocol_document_names_it(name: str) -> None:
    assert f"`{name}`" in DOC or f'`"{name}"`' in DOC


def test_every_field_of_every_message_is_described() -> None:
    for union in (p.AnyClientMessage, p.AnyServerMessage, wire.AnyWireNotice):
        for struct in typing.get_args(union):
            for field in struct.__struct_fields__:
                assert f"`{field}`" in DOC, f"{struct.__name__}.{field}"
    for struct in (p.TableInfo, p.SeatInfo, wire.WireView, wire.WireSide):
        for field in struct.__struct_fields__:
            assert f"`{field}`" in DOC, f"{struct.__name__}.{field}"


def test_the_version_and_limits_are_the_enforced_ones() -> None:
    assert f"version {p.PROTOCOL_VERSION}" in DOC
    assert f"{p.MAX_FRAME_BYTES:,} bytes" in DOC
    assert f"{p.RATE_PER_SECOND:g} messages a second" in DOC
    assert f"bursts of {p.RATE_BURST}" in DOC
    assert f"1 to {p.MAX_NAME_LENGTH} characters" in DOC
    assert f"1 to {p.MAX_CHAT_LENGTH} characters" in DOC
    assert f"1 to {p.MAX_TABLE_NAME_LENGTH} characters" in DOC
