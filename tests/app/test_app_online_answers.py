"""Issue 12, item 11, online: a key that sends a request to the server is answered
by the server's news, never by "does nothing here"."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from online_helpers import connect, host_a_game, server_thread

from audiospades.app.harness import Harness
from audiospades.sound import Cue


def test_bids_and_cards_sent_to_the_server_are_not_called_idle_keys(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        try:
            host_a_game(ann)
            mark, cues = ann.mark(), len(ann.sound.played)
            ann.press("3", "return")  # the bid goes to the server
            for _ in range(13):
                ann.press("return")  # each card goes to the server
            ann.settle()
            said = ann.said_since(mark)
            assert "You bid 3." in said
            assert any(line.startswith("You play ") for line in said)
            assert not [line for line in said if "does nothing here" in line]
            assert Cue.NOTHING_HERE not in ann.sound.cues[cues:]
            # An unbound key is still answered at the online table.
            ann.press("f9")
            assert ann.last == "F9 does nothing here. F1 lists the keys."
        finally:
            ann.close()
