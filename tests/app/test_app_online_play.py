"""Four people play a whole online game, each through ``audiospades --headless
--connect URL --name NAME --keys FILE``, against a real server on loopback.

Ann creates the table by keys and asks to start as soon as it is full; Bob, Cid and
Dee sit down by keys. Each transcript tells every play in the same words a local
game uses, in the same order for everyone; Dee's chat line reaches the others with
her name; Ann's Ctrl+Z is answered; everyone ends on the scores (S).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

from online_helpers import DEADLINE, server_thread, url_of

from audiospades.net.perspective import Perspective
from audiospades.presenter import describe
from audiospades.presenter.words import signed
from audiospades.record import game_from_record
from audiospades.rules import CardPlayed, PlayAction, public_view
from audiospades.rules.seats import partner_of, side_of

ROOT = Path(__file__).resolve().parents[2]
SMALL = {"preset": "pagat", "target_score": None, "hand_limit": 1, "tie_rule": "draw"}
"""One hand: a tie is a draw, not another hand the key scripts do not play."""
PLAYS = "return " * 13
HOST = f"""
return end return          # create the table (Ann's table)
down down down down return # start as soon as every seat is taken
3 return ctrl+z            # bid 3; undo is refused
{PLAYS}
s
"""
JOIN = f"""
return return             # the table, then the first free seat
3 return
{PLAYS}
s
"""
JOIN_AND_CHAT = f"""
return return
' h i space a l l return   # chat
3 return
{PLAYS}
s
"""
PLAY_LINE = re.compile(r"^(You play|[A-Z][a-z]+ plays) ")


class Client:
    """One headless game in a subprocess; its lines are read as they come."""

    def __init__(self, name: str, url: str, keys: str, home: Path) -> None:
        home.mkdir()
        settings = {"version": 1, "language": "en", "last_rules": SMALL}
        (home / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
        script = home / "keys.txt"
        script.write_text(keys, encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=str(ROOT), AUDIOSPADES_HOME=str(home))
        self.name = name
        self.lines: list[str] = []
        self.errors = home / "stderr.txt"
        command = [sys.executable, "-m", "audiospades", "--headless"]
        self.process = subprocess.Popen(
            [*command, "--connect", url, "--name", name, "--keys", str(script)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=self.errors.open("w", encoding="utf-8"),
            text=True,
            encoding="utf-8",
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, prefix: str) -> None:
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            if any(line.startswith(prefix) for line in self.lines):
                return
            time.sleep(0.02)
        raise AssertionError(f"{self.name} never said {prefix!r}: {self.lines}")

    def finish(self) -> None:
        """Wait for the game to end by itself (its keys run out)."""
        try:
            self.process.wait(timeout=120)
        finally:
            self.process.kill()
        self._reader.join(10)
        errors = self.errors.read_text(encoding="utf-8")
        assert self.process.returncode == 0, errors
        assert "WARNING" not in errors, errors


def test_four_headless_clients_play_a_whole_game_and_hear_each_other(
    tmp_path: Path,
) -> None:
    db = tmp_path / "server.db"
    with server_thread(db) as server:
        url = url_of(server)
        ann = Client("Ann", url, HOST, tmp_path / "ann")
        clients = [ann]
        try:
            ann.wait_for("Waiting for the game: ")
            clients += [
                Client("Bob", url, JOIN, tmp_path / "bob"),
                Client("Cid", url, JOIN, tmp_path / "cid"),
                Client("Dee", url, JOIN_AND_CHAT, tmp_path / "dee"),
            ]
            for client in clients:
                client.finish()
        finally:
            for client in clients:
                client.process.kill()
    heard = {c.name: c.lines for c in clients}

    # The game the server kept, and the seats the four took.
    with sqlite3.connect(db) as connection:
        (record_text,) = connection.execute("SELECT record FROM games").fetchone()
    record = json.loads(record_text)
    game = game_from_record(record)
    assert game.is_over and game.rules.tie_rule.value == "draw"  # one hand only
    names: list[str] = record["names"]
    assert sorted(names) == ["Ann", "Bob", "Cid", "Dee"] and names[0] == "Ann"
    plays = [a for a in game.actions if isinstance(a, PlayAction)]
    assert len(plays) == 52

    for me, name in enumerate(names):
        lines = heard[name]
        # Every play, in the words of a local game, as this seat hears them.
        n = len(names)
        turn = Perspective.of(me, n, 2)  # one's own chair is seat 0
        seen_names = turn.by_seat(names)
        view = public_view(game, me)
        expected = [
            describe(CardPlayed(turn.seat(play.seat), play.card, 0), view, seen_names)
            for play in plays
        ]
        said_plays = [line for line in lines if PLAY_LINE.match(line)]
        assert said_plays == [words[0].text for words in expected], name
        # Chat: Dee's line, with her name, for everyone.
        assert "Dee: hi all" in lines, name
        # The scores, asked with S after the game (the server's totals). Others
        # may be heard leaving after it.
        last_play = max(i for i, line in enumerate(lines) if PLAY_LINE.match(line))
        partner = partner_of(me, n, True)
        assert partner is not None
        side = game.totals[side_of(me, n, True)]
        scores = f"You and {names[partner]}: {signed(side)},"
        assert any(line.startswith(scores) for line in lines[last_play:]), name
    assert "Undo is not available in an online game." in heard["Ann"]
