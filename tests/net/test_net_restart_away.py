"""A server killed and started again: who is away is told before they are back.

The QA's finding, with the game's reconnecting clients: after a restart every
seat is away until its person's game reconnects, and the first one back heard
"Bob is back." of each later one, never told Bob was gone.

The server runs as it does for real (``audiospades serve``, SIGKILLed), the
people are browser pages (the server words what they hear, with the game's
presenter) or scripted players, reconnecting with their tokens.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from net_client import NetPlayer, run
from server_process import ServerProcess, free_port

from audiospades.net import protocol as p


def said(player: NetPlayer) -> list[str]:
    """Everything a page has been told, line by line."""
    return [
        line.text
        for message in player.messages
        if isinstance(message, p.Said)
        for line in message.lines
    ]


async def until_said(
    player: NetPlayer, wanted: str | Callable[[str], bool], since: int = 0
) -> str:
    """Read until a page is told ``wanted`` (a whole line, or a test of one)."""
    test = wanted if callable(wanted) else wanted.__eq__
    while True:
        found = [line for line in said(player)[since:] if test(line)]
        if found:
            return found[0]
        await player.recv()


async def with_server(
    tmp_path: Path, body: Callable[[ServerProcess], Awaitable[None]], **options: float
) -> None:
    server = ServerProcess(
        tmp_path / "server.db", free_port(), tmp_path / "home", **options
    )
    try:
        await server.start()
        await body(server)
    finally:
        await server.ensure_gone()


async def _four_at_a_table(server: ServerProcess) -> tuple[NetPlayer, ...]:
    """Ann (a page) hosts Cal (seat 2), Bob (a page, seat 3) and Milly; the game
    starts, and Cal's game stops: a computer plays for him after the takeover
    delay. Ann, Bob and Cal, once Ann has heard it; then the server is killed."""
    url = server.url
    ann = NetPlayer(url, "Ann", render=True)
    cal = NetPlayer(url, "Cal")
    bob = NetPlayer(url, "Bob", render=True)
    for player in (ann, cal, bob):
        await player.connect()
    table = (await ann.create(rules={"preset": "pagat", "hand_limit": 2})).table.id
    for player, seat in ((cal, 1), (bob, 2)):
        await player.send({"type": "join_seat", "table": table, "seat": seat})
        await player.expect(p.TableSnapshot)
    await ann.send({"type": "add_bot", "seat": 3, "character": "milly"})
    await ann.send({"type": "start_game"})
    await cal.expect(p.TableUpdate)
    await cal.close()
    await until_said(ann, "A computer player now plays for Cal.")
    await server.kill()
    return ann, cal, bob


def test_after_a_restart_the_first_back_hears_who_is_away_before_they_come(
    tmp_path: Path,
) -> None:
    """Ann is back first: she hears Bob is away and a computer plays for Cal, then
    "Cal is back and plays again." and "Bob is back.". Dee, sitting down to watch
    meanwhile, hears the same. Bob, back last, hears of no one away. (Before,
    Ann's "Back at the table." named no one, and the "back"s came from nowhere.)
    """

    async def body(server: ServerProcess) -> None:
        ann, cal, bob = await _four_at_a_table(server)
        server.takeover_seconds = 60.0  # Bob stays away, his seat kept
        await server.start()
        since = len(said(ann))
        await ann.connect()
        back = await until_said(ann, lambda s: s.startswith("Back at"), since)
        assert back.startswith(
            "Back at the table. Bob is away. A computer player plays for Cal. Hand 1."
        ), back
        # Dee, new here, sits down to watch the game under way.
        dee = NetPlayer(server.url, "Dee", render=True)
        await dee.connect()
        await dee.send({"type": "spectate", "table": ann.table_id})
        watching = await until_said(dee, lambda s: s.startswith("Bob is away."))
        assert watching.startswith(
            "Bob is away. A computer player plays for Cal. Hand 1."
        ), watching
        await cal.connect()
        await bob.connect()
        own = await until_said(bob, lambda s: s.startswith("Back at"))
        assert "away" not in own and "plays for" not in own, own
        for listener, first in ((ann, since), (dee, 0)):
            await until_said(listener, "Bob is back.", first)
            heard = said(listener)[first:]
            # Each is back once, after they were said to be away.
            told = next(i for i, s in enumerate(heard) if "Bob is away." in s)
            assert heard.count("Cal is back and plays again.") == 1, heard
            assert heard.count("Bob is back.") == 1, heard
            assert told < heard.index("Cal is back and plays again."), heard
            assert told < heard.index("Bob is back."), heard
        for player in (ann, cal, bob, dee):
            await player.close()

    run(with_server(tmp_path, body, takeover_seconds=0.3), timeout=300)


def test_a_restart_does_not_tell_again_that_a_computer_plays_for_someone(
    tmp_path: Path,
) -> None:
    """The restarted server sets every seat's takeover delay again. Cal's, whose
    seat a computer already plays, runs out with Bob's: Ann hears "A computer
    player now plays for Bob.", and not for Cal again (she was told on coming
    back that one does)."""

    async def body(server: ServerProcess) -> None:
        ann, _cal, _bob = await _four_at_a_table(server)
        server.takeover_seconds = 3.0  # (Ann is back well before)
        await server.start()
        since = len(said(ann))
        await ann.connect()
        await until_said(ann, "A computer player now plays for Bob.", since)
        # Cal's delay (set first, at the same moment) ran out before Bob's.
        assert "A computer player now plays for Cal." not in said(ann)[since:]
        await ann.close()

    run(with_server(tmp_path, body, takeover_seconds=0.3), timeout=300)
