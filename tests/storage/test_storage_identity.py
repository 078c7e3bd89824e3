"""The online identity file (``online.json``): whatever is in it, nothing is lost.

A token is the player's only proof of who they are at a server: an entry the game
cannot use is never simply dropped from the file, and a file of the wrong shape is
set aside, not overwritten.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from audiospades.storage import identity, safe_load
from audiospades.storage.problems import LoadProblem, ProblemKind


def _write(value: object) -> bytes:
    path = identity.identity_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(value).encode()
    path.write_bytes(raw)
    return raw


def _backups(home: Path) -> list[Path]:
    return sorted(home.glob("online.json.broken-*"))


def test_a_token_saved_is_found_again(home: Path) -> None:
    assert identity.save_token("ws://a Ann", "t1") is None
    assert identity.token_for("ws://a Ann") == "t1"
    assert _backups(home) == []
    # Before: ``online.json.lock`` stayed beside it.
    assert not (home / "online.json.lock").exists()


@pytest.mark.parametrize(
    "value",
    [{"version": 1, "tokens": ["ws://a Ann", "t1"]}, {"version": 1}],
    ids=["tokens a list", "no tokens"],
)
def test_a_file_of_the_wrong_shape_is_set_aside_not_overwritten(
    home: Path, fixed_clock: str, value: object
) -> None:
    """Before: it was read as no tokens and overwritten by the next save."""
    raw = _write(value)
    tokens, problem = identity.load_tokens()
    assert tokens == {}
    assert isinstance(problem, LoadProblem)
    assert problem.kind is ProblemKind.DAMAGED
    assert problem.backup == home / f"online.json.broken-{fixed_clock}"
    assert problem.backup.read_bytes() == raw
    assert identity.save_token("ws://b Bob", "t2") is None
    assert problem.backup.read_bytes() == raw


def test_an_entry_that_cannot_be_used_is_kept_in_a_copy_before_a_rewrite(
    home: Path, fixed_clock: str
) -> None:
    """Before: the entries with a number for a token, or one too long, were
    dropped from the file at the next save, with nothing kept and nothing said."""
    raw = _write(
        {
            "version": 1,
            "tokens": {"ws://a Ann": 5, "ws://b Bob": "t2", "ws://c Cy": "x" * 201},
        }
    )
    assert identity.token_for("ws://b Bob") == "t2"
    assert _backups(home) == []  # only reading: the file is left as it is
    problem = identity.save_token("ws://d Di", "t4")
    assert isinstance(problem, LoadProblem)
    assert problem.kind is ProblemKind.PARTLY_USED
    assert problem.ignored == ("ws://a Ann", "ws://c Cy")
    assert problem.backup == home / f"online.json.broken-{fixed_clock}"
    assert problem.backup.read_bytes() == raw
    assert identity.load_tokens() == ({"ws://b Bob": "t2", "ws://d Di": "t4"}, None)
    assert identity.save_token("ws://e Eve", "t5") is None  # said once
    assert _backups(home) == [problem.backup]


def test_without_room_for_the_copy_the_file_is_left_as_it_was(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = _write({"version": 1, "tokens": {"ws://a Ann": 5}})

    monkeypatch.setattr(safe_load, "keep_copy", lambda path, data: None)  # disk full
    problem = identity.save_token("ws://b Bob", "t2")
    assert isinstance(problem, LoadProblem)
    assert problem.kind is ProblemKind.PARTLY_USED and problem.backup is None
    assert identity.identity_path().read_bytes() == raw


def test_damaged_bytes_are_set_aside(home: Path, fixed_clock: str) -> None:
    path = identity.identity_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xff\xfe{garbage")
    assert identity.token_for("ws://a Ann") is None
    assert (home / f"online.json.broken-{fixed_clock}").read_bytes() == (
        b"\xff\xfe{garbage"
    )
    assert not path.exists()
