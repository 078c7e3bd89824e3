"""Whole games over real websockets on loopback: people and computer players play to
the end, each hearing the others' plays and the scores."""

from __future__ import annotations

import asyncio
from pathlib import Path

from net_client import NetPlayer, run, running_server, url_of

from audiospades.net import protocol as p
from audiospades.rules import CardPlayed, GameOver, HandScored


def test_two_people_and_two_computer_players_play_a_whole_game(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            await ann.connect()
            await bob.connect()
            await ann.send(
                {
                    "type": "create_table",
                    "name": "Quick",
                    "rules": {"preset": "pagat", "hand_limit": 1},
                }
            )
            snap = await ann.expect(p.TableSnapshot)
            assert snap.seat == 0 and snap.is_host
            await bob.send({"type": "join_seat", "table": snap.table.id, "seat": 2})
            assert (await bob.expect(p.TableSnapshot)).seat == 2
            await ann.send({"type": "add_bot", "seat": 1, "character": "milly"})
            await ann.send({"type": "add_bot", "seat": 3, "character": "hazel"})
            await ann.send({"type": "start_game"})
            results = await asyncio.gather(ann.play_to_the_end(), bob.play_to_the_end())
            assert results[0].outcome == results[1].outcome  # partners
            for player in (ann, bob):
                assert not player.errors, player.errors
                played = [n for n in player.notices if isinstance(n, CardPlayed)]
                assert len(played) >= 52
                assert {n.seat for n in played} == {0, 1, 2, 3}
                assert any(isinstance(n, HandScored) for n in player.notices)
                assert any(isinstance(n, GameOver) for n in player.notices)
            await ann.close()
            await bob.close()

    run(scenario())
