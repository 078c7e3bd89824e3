"""A server killed and started again after a table's game has ended.

The QA's findings, on the browser page: the restarted server put everyone at a
finished game's table in its waiting room without a word why. The host heard
"You sit in seat 1 at table Blind. You are the host: put computer players in
free seats, then start the game." (every seat filled), the partner "... The host starts
the game.", the spectator only whose chair she watched from; the results were
gone (S and K silent), though the lobby listed the table as "game over". And
the seated players heard "Cleo is watching." again when the spectator's page
reconnected, though she had never stopped watching.

Now the table comes back as it was: its finished game (S, the final scores),
its people in their seats hearing the game is over and what they can do, the
host able to start another game; and a spectator who was watching is still
known as watching, back without a word, or said to have stopped if she never
comes back.

The server runs as it does for real (``audiospades serve``, SIGKILLed); the
people are browser pages (the server words what they hear), reconnecting with
their tokens.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from net_client import NetPlayer, run
from server_process import ServerProcess
from test_net_restart_away import said, until_said, with_server

from audiospades.net import protocol as p
from audiospades.net.store import Store
from audiospades.presenter.web import play_again_buttons_text

HOST_BUTTONS = play_again_buttons_text(True)
"""The host's page, after where things stand at a finished game: "Start the
game plays again with the same players; Leave the table goes back to the
lobby." """
GUEST_BUTTONS = play_again_buttons_text(False)


async def _blind_played_out(server: ServerProcess) -> tuple[NetPlayer, ...]:
    """Ann (a page) hosts table Blind: Milly, Bob (a page) and Bert; Cleo (a
    page) watches from Ann's chair. The one hand is played to the end; Ann then
    opens "Start another game?" and presses S under it. Ann, Bob and Cleo."""
    url = server.url
    ann = NetPlayer(url, "Ann", render=True)
    bob = NetPlayer(url, "Bob", render=True)
    cleo = NetPlayer(url, "Cleo", render=True)
    for player in (ann, bob, cleo):
        await player.connect()
    rules = {"preset": "pagat", "hand_limit": 1}
    table = (await ann.create(name="Blind", rules=rules)).table.id
    await bob.send({"type": "join_seat", "table": table, "seat": 2})
    await bob.expect(p.TableSnapshot)
    for seat, character in ((1, "milly"), (3, "bert")):
        await ann.send({"type": "add_bot", "seat": seat, "character": character})
    await cleo.send({"type": "spectate", "table": table, "chair": 0})
    await cleo.expect(p.TableSnapshot)
    await until_said(ann, "Cleo is watching.")
    await until_said(bob, "Cleo is watching.")
    await ann.send({"type": "start_game"})
    await asyncio.gather(ann.play_to_the_end(), bob.play_to_the_end())
    await until_said(ann, lambda s: s.startswith("The game is over. Start the game"))
    await until_said(bob, lambda s: s.startswith("The game is over. The host"))
    mark = len(said(ann))
    await ann.send({"type": "key", "key": "return"})
    await until_said(ann, lambda s: s.startswith("Start another game"), mark)
    await ann.send({"type": "key", "key": "s"})
    await until_said(ann, lambda s: s.endswith("The game is over."), mark)
    await server.kill()
    return ann, bob, cleo


def test_a_finished_game_comes_back_as_it_was_after_a_restart(
    tmp_path: Path,
) -> None:
    """After the restart, Ann back first hears where things stand: Bob away, the
    game over (once), the final scores, and then what her buttons offer; Bob and
    Cleo, back, hear the game over and the scores, Bob what he can do; Cleo's
    return is told to no one (she never stopped watching), and W names her
    before and after it. S answers the final scores. The host's Enter and Y
    start another game, heard by all."""

    async def body(server: ServerProcess) -> None:
        ann, bob, cleo = await _blind_played_out(server)
        table = ann.table_id
        store = Store(server.db)
        row = store.table(table or "")
        store.close()
        assert row is not None and row.state == "finished"

        await server.start()
        marks = {player.name: len(said(player)) for player in (ann, bob, cleo)}
        await ann.connect()
        back = await until_said(ann, lambda s: s.startswith("Back at"), marks["Ann"])
        assert back.startswith("Back at the table. Bob is away. The game is over. ")
        assert back.count("The game is over.") == 1, back
        assert back.endswith(("bag.", "bags.")), back  # the final scores last
        await until_said(ann, HOST_BUTTONS, marks["Ann"])
        # W: Cleo still watches (no one was told otherwise), though not back.
        mark = len(said(ann))
        await ann.send({"type": "key", "key": "w"})
        who = await until_said(ann, lambda s: s.startswith("Seat 1: you."), mark)
        assert who.endswith("Watching: Cleo."), who

        await bob.connect()
        heard = await until_said(bob, lambda s: s.startswith("Back at"), marks["Bob"])
        assert heard.startswith("Back at the table. The game is over. "), heard
        await until_said(bob, GUEST_BUTTONS, marks["Bob"])
        await until_said(ann, "Bob is back.", marks["Ann"])
        await cleo.connect()
        watched = await until_said(
            cleo, lambda s: s.startswith("Back at"), marks["Cleo"]
        )
        assert watched.startswith("Back at the table. The game is over. "), watched

        # S: the finished game's scores (before: silent, no game there).
        mark = len(said(ann))
        await ann.send({"type": "key", "key": "s"})
        scores = await until_said(ann, lambda s: s.endswith("The game is over."), mark)
        assert scores.startswith("You and Bob: ")
        # Another game, as the host starts it after a game: Enter, then Y.
        await ann.send({"type": "key", "key": "return"})
        await until_said(ann, lambda s: s.startswith("Start another game"), mark)
        await ann.send({"type": "key", "key": "y"})
        for player in (ann, bob, cleo):
            await until_said(player, "The game starts.", marks[player.name])
        # Whoever was back before Cleo never heard her arrive again.
        for player in (ann, bob):
            since = said(player)[marks[player.name] :]
            assert not [line for line in since if "Cleo is" in line], since
            # Nor were they put in the waiting room.
            assert not [line for line in since if "You sit in seat" in line], since
        # Ann's W after: Cleo once.
        mark = len(said(ann))
        await ann.send({"type": "key", "key": "w"})
        who = await until_said(ann, lambda s: s.startswith("Seat 1: you."), mark)
        assert who.endswith("Watching: Cleo."), who
        for player in (ann, bob, cleo):
            await player.close()

    run(with_server(tmp_path, body, takeover_seconds=60.0), timeout=300)


def test_a_spectator_not_back_after_a_restart_is_said_to_have_stopped_watching(
    tmp_path: Path,
) -> None:
    """Cleo watches Ann's finished game; Dee did, and her page closed (Ann heard
    "Dee stopped watching."). The server is killed and started again; Ann is
    back, then Dee, whose coming is told (she was said to have stopped), and
    Cleo not: when her chair is given up (the takeover delay), Ann hears "Cleo
    stopped watching." and W no longer names her (before, W named her until
    then, no one having been told otherwise)."""

    async def body(server: ServerProcess) -> None:
        url = server.url
        ann = NetPlayer(url, "Ann", render=True)
        cleo, dee = NetPlayer(url, "Cleo"), NetPlayer(url, "Dee")
        for player in (ann, cleo, dee):
            await player.connect()
        table = (await ann.create(rules={"preset": "pagat", "hand_limit": 1})).table
        for seat, character in ((1, "milly"), (2, "bert"), (3, "poppy")):
            await ann.send({"type": "add_bot", "seat": seat, "character": character})
        for spectator in (cleo, dee):
            await spectator.send({"type": "spectate", "table": table.id, "chair": 0})
            await spectator.expect(p.TableSnapshot)
        await dee.close()
        await until_said(ann, "Dee stopped watching.")
        await ann.send({"type": "start_game"})
        await ann.play_to_the_end()
        await until_said(ann, lambda s: s.startswith("The game is over. Start"))
        await server.kill()

        server.takeover_seconds = 5.0  # Ann and Dee are back well before
        await server.start()
        since = len(said(ann))
        await ann.connect()
        await until_said(ann, HOST_BUTTONS, since)
        await dee.connect()
        await until_said(ann, "Dee is watching.", since)
        mark = len(said(ann))
        await ann.send({"type": "key", "key": "w"})
        who = await until_said(ann, lambda s: s.startswith("Seat 1: you."), mark)
        assert who.endswith("Watching: Cleo and Dee."), who
        await until_said(ann, "Cleo stopped watching.", since)
        mark = len(said(ann))
        await ann.send({"type": "key", "key": "w"})
        who = await until_said(ann, lambda s: s.startswith("Seat 1: you."), mark)
        assert who.endswith("Watching: Dee."), who
        for player in (ann, dee):
            await player.close()

    run(with_server(tmp_path, body, takeover_seconds=60.0), timeout=300)


def test_a_finished_game_is_told_after_a_restart_in_the_names_it_was_played_under(
    tmp_path: Path,
) -> None:
    """Cal's game stops during Ann's game: a computer plays for him to the end,
    then Hazel takes his seat for a next game ("Cal left the table; ..."). After
    a restart, Ann back hears the final scores as "You and Cal", as before it,
    not "You and Hazel" (who never played that game)."""

    async def body(server: ServerProcess) -> None:
        url = server.url
        ann, cal = NetPlayer(url, "Ann", render=True), NetPlayer(url, "Cal")
        for player in (ann, cal):
            await player.connect()
        table = (await ann.create(rules={"preset": "pagat", "hand_limit": 1})).table
        await cal.send({"type": "join_seat", "table": table.id, "seat": 2})
        await cal.expect(p.TableSnapshot)
        for seat, character in ((1, "milly"), (3, "bert")):
            await ann.send({"type": "add_bot", "seat": seat, "character": character})
        await ann.send({"type": "start_game"})
        await cal.expect(p.TableUpdate)
        await cal.close()
        await until_said(ann, "A computer player now plays for Cal.")
        await ann.play_to_the_end()
        await until_said(
            ann, "Cal left the table; Hazel, a computer player, takes the seat."
        )
        await server.kill()

        server.takeover_seconds = 60.0
        await server.start()
        since = len(said(ann))
        await ann.connect()
        back = await until_said(ann, lambda s: s.startswith("Back at"), since)
        assert "The game is over. You and Cal: " in back, back
        mark = len(said(ann))
        await ann.send({"type": "key", "key": "s"})
        scores = await until_said(ann, lambda s: s.endswith("The game is over."), mark)
        assert scores.startswith("You and Cal: "), scores
        await ann.close()

    run(with_server(tmp_path, body, takeover_seconds=0.3), timeout=300)
