"""A seat given up while its player was away, told at their next hello (version 9).

A client started afresh knows of no table, so the lobby came with no word of the
seat the player had: the welcome now says it was given up, before the game began
or once it had ended, once; an older client is sent the welcome without it.
"""

from __future__ import annotations

import json
from pathlib import Path

from net_client import NetPlayer, run, running_server, url_of

from audiospades.net import protocol as p

DEADLINE = 60.0


def test_the_next_welcome_says_the_seat_was_given_up_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "s.db", takeover_seconds=0.2) as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            old = NetPlayer(url, "Old", version=8)
            for player in (ann, bob, old):
                await player.connect()
            table = (await ann.create()).table.id
            for player, seat in ((bob, 1), (old, 2)):
                await player.send({"type": "join_seat", "table": table, "seat": seat})
                await player.expect(p.TableSnapshot)
                await player.close()
            for _ in range(2):  # both seats given up after the delay
                while (await ann.expect(p.SeatChanged)).change is not p.SeatChange.LEFT:
                    pass
            back = NetPlayer(url, "Bob", token=bob.token)
            assert (await back.connect()).seat_given_up == "before_start"
            await back.close()
            again = NetPlayer(url, "Bob", token=bob.token)
            assert (await again.connect()).seat_given_up is None  # told once
            await again.close()
            older = NetPlayer(url, "Old", token=old.token, version=8)
            await older.connect()
            welcome = json.loads(older.frames[0])
            assert welcome["type"] == "welcome" and "seat_given_up" not in welcome
            await older.close()
            await ann.close()

    run(scenario(), DEADLINE)
