"""Online tables of other shapes than four in two partnerships, as their players
hear them, against a real server on loopback.

The QA's findings: at a local table a new game says who plays after you, your
partner and, with three partnerships, which two others play together; online one
heard only "The game starts.", though the seats were filled while one waited
(a player who joined late had heard none of the computer players seated).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path

from online_helpers import connect, heard, server_thread, until

from audiospades.app.harness import Harness
from audiospades.app.lobby import WaitingRoomScreen
from audiospades.app.online_table import OnlineTableScreen
from audiospades.storage import Settings

SIX_IN_THREE_PAIRS = {
    "preset": "pagat",
    "player_count": 6,
    "partnerships": True,
    "target_score": None,
    "hand_limit": 1,
}
SEATED = re.compile(r"^(\w+), a computer player, sits in seat (\d)\.$")


def _settings(rules: dict[str, object]) -> Settings:
    return dataclasses.replace(
        Settings(language="en", pace="fast"), last_rules=dict(rules)
    )


def _heard_seated(player: Harness, seat: int) -> Callable[[], bool]:
    """Whether ``player`` has heard a computer player sit in ``seat``."""
    return lambda: any(
        line.endswith(f"sits in seat {seat}.") for line in player.transcript
    )


def test_at_six_in_three_partnerships_each_player_hears_who_plays_with_whom(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann opens a table of six in three partnerships, Bob takes seat 2 and Ann
    seats four computer players, then starts. After "The game starts." each of
    them hears the others in playing order from their own seat, their partner
    (three seats on) and the two other pairs, as a local game's start says it;
    Dee, watching, hears everyone in order and the three pairs, with no "your
    partner"."""
    players: list[Harness] = []
    try:
        with server_thread(tmp_path / "server.db") as server:
            ann = connect(
                make_harness, server, "Ann", settings=_settings(SIX_IN_THREE_PAIRS)
            )
            bob = connect(make_harness, server, "Bob")
            players += [ann, bob]
            ann.press("return", "end", "return")  # create "Ann's table"
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            until(heard(bob, "New table: Ann's table."), bob)
            bob.press("home", "return", "return")  # the first free seat: 2
            until(heard(ann, "Bob sits in seat 2."), ann)
            ann.press("down")
            for seat in range(3, 7):  # a computer player in seats 3 to 6
                ann.press("down", "return", "return")
                until(_heard_seated(ann, seat), ann)
            names = ["Ann", "Bob", "", "", "", ""]
            for line in ann.transcript:
                if found := SEATED.match(line):
                    names[int(found[2]) - 1] = found[1]
            assert all(names), names
            dee = connect(make_harness, server, "Dee", patience_seconds=0.3)
            players.append(dee)
            dee.press("return", "end", "return", "return")  # watch from seat 1
            until(heard(ann, "Dee is watching."), ann)
            ann.press("down", "return")  # Start the game
            until(
                lambda: all(isinstance(p.app.top, OnlineTableScreen) for p in players),
                *players,
            )

            def expected(me: int) -> str:
                order = [names[(me + k) % 6] for k in range(1, 6)]
                pairs = [(names[(me + k) % 6], names[(me + k + 3) % 6]) for k in (1, 2)]
                return (
                    f"New game with {', '.join(order[:-1])} and {order[-1]}, in"
                    f" playing order. {names[(me + 3) % 6]} is your partner."
                    f" {pairs[0][0]} and {pairs[0][1]} play together, and so do"
                    f" {pairs[1][0]} and {pairs[1][1]}."
                )

            for me, player in ((0, ann), (1, bob)):
                said = player.transcript
                started = said.index("The game starts.")
                assert said[started + 1] == expected(me), said[started:]
            until(heard(dee, "The game starts."), dee)
            # Dee, watching from Ann's chair: everyone in order, and the pairs
            # (before, "The game starts." and nothing of who plays with whom).
            said = dee.transcript
            started = said.index("The game starts.")
            assert said[started + 1] == (
                f"New game: {', '.join(names[:-1])} and {names[-1]}, in playing"
                f" order; {names[0]} and {names[3]} play together, {names[1]} and"
                f" {names[4]}, and {names[2]} and {names[5]}."
            ), said[started:]
    finally:
        for player in players:
            player.close()


def test_at_three_each_for_themselves_each_player_hears_the_playing_order(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann opens a table of three, each for themselves; Bob takes seat 2 and Ann
    seats a computer player in seat 3, then starts. Each hears the other two in
    playing order from their own seat, and that there are no partners."""
    three = {**SIX_IN_THREE_PAIRS, "player_count": 3, "partnerships": False}
    three["blind_nil_pass"] = 0
    players: list[Harness] = []
    try:
        with server_thread(tmp_path / "server.db") as server:
            ann = connect(make_harness, server, "Ann", settings=_settings(three))
            bob = connect(make_harness, server, "Bob")
            players += [ann, bob]
            ann.press("return", "end", "return")  # create "Ann's table"
            until(lambda: isinstance(ann.app.top, WaitingRoomScreen), ann)
            until(heard(bob, "New table: Ann's table."), bob)
            bob.press("home", "return", "return")  # the first free seat: 2
            until(heard(ann, "Bob sits in seat 2."), ann)
            ann.press("down", "down", "return", "return")  # seat 3
            until(_heard_seated(ann, 3), ann)
            found = next(filter(None, map(SEATED.match, ann.transcript)))
            computer = found[1]
            ann.press("down", "return")  # Start the game
            until(
                lambda: all(isinstance(p.app.top, OnlineTableScreen) for p in players),
                *players,
            )
            for player, others in (
                (ann, f"Bob and {computer}"),
                (bob, f"{computer} and Ann"),
            ):
                said = player.transcript
                started = said.index("The game starts.")
                assert said[started + 1] == (
                    f"New game with {others}, in playing order; each plays for"
                    " themselves."
                ), said[started:]
    finally:
        for player in players:
            player.close()
