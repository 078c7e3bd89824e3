"""The online identity file, as the player hears of its trouble.

``online.json`` keeps the token each server gave, by which it knows the player
again. Before, a damaged file was set aside with only a line in the log, and a
token that could not be saved likewise: the player was a stranger to the server
at the next start, without a word as to why.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from online_helpers import connect, heard, server_thread, until

from audiospades.app.harness import Harness
from audiospades.app.lobby import LobbyScreen
from audiospades.storage import identity, safe_load
from audiospades.storage.problems import SaveProblem, SaveProblemKind

STAMP = "20260314-150926"


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    from datetime import datetime

    monkeypatch.setattr(safe_load, "_now", lambda: datetime(2026, 3, 14, 15, 9, 26))


def test_a_damaged_identity_file_is_said_kept_and_a_new_one_made(
    tmp_path: Path, make_harness: Callable[..., Harness], _home: Path
) -> None:
    (_home / "online.json").write_bytes(b"\x00\x01 not json")
    with server_thread(tmp_path / "server.db") as server:
        h = connect(make_harness, server, "Ann")
        try:
            assert isinstance(h.app.stack.top, LobbyScreen)
            backup = _home / f"online.json.broken-{STAMP}"
            said = (
                f"Your online identity file could not be used; it was kept as "
                f"{backup.name}, and servers will take you for a new player."
            )
            assert said in h.transcript
            assert h.transcript.count(said) == 1
            assert backup.read_bytes() == b"\x00\x01 not json"
            # The new token is kept, in a fresh file.
            assert identity.load_tokens()[0]
        finally:
            h.close()


def test_a_token_that_cannot_be_saved_is_said_once_connected(
    tmp_path: Path,
    make_harness: Callable[..., Harness],
    monkeypatch: pytest.MonkeyPatch,
    _home: Path,
) -> None:
    refused = SaveProblem(SaveProblemKind.UNWRITABLE, _home / "online.json")
    monkeypatch.setattr(identity, "save_token", lambda url, token: refused)
    with server_thread(tmp_path / "server.db") as server:
        h = connect(make_harness, server, "Ann")
        try:
            assert isinstance(h.app.stack.top, LobbyScreen)
            said = (
                "Your online identity could not be saved; next time, this server "
                "will take you for a new player."
            )
            # Said once the welcome is taken, which may be a frame after the lobby
            # opened; then never again.
            until(heard(h, said), h)
            for _ in range(10):
                h.frame()
            assert h.transcript.count(said) == 1
        finally:
            h.close()


def test_all_is_well_says_nothing_of_the_identity(
    tmp_path: Path, make_harness: Callable[..., Harness]
) -> None:
    with server_thread(tmp_path / "server.db") as server:
        h = connect(make_harness, server, "Ann")
        try:
            assert isinstance(h.app.stack.top, LobbyScreen)
            assert not any("identity" in line for line in h.transcript)
        finally:
            h.close()
