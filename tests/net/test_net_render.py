"""A rendering client (the browser page's protocol) over real websockets.

A client that says hello with ``render: true`` is worded by the server in its own
language with the game's presenter: S gives exactly the sentence the game would
say from that seat's view, in French here; H's hint comes from the worker
processes; keys from a client that did not ask to be worded are refused, as are
keys with no game under way.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from pathlib import Path
from types import SimpleNamespace

import pytest
from net_client import WAIT, NetPlayer, run, running_server, url_of
from websockets.asyncio.client import connect

from audiospades import i18n, table_core
from audiospades.bots.characters import character
from audiospades.net import protocol as p
from audiospades.net import running
from audiospades.net import table as table_module
from audiospades.net.perspective import Perspective
from audiospades.net.server import Client
from audiospades.net.table import NetTable
from audiospades.presenter.online import coming_back_text
from audiospades.presenter.scoring import scores_text
from audiospades.presenter.sheet import score_sheet_lines
from audiospades.presenter.system import no_hint_text
from audiospades.presenter.words import card_name
from audiospades.rules import Card, Phase, TrickWon
from audiospades.table_core import Delays

ALL_CARDS = [r + s for r in "23456789TJQKA" for s in "CDHS"]

BOTS = ("milly", "bert", "poppy")


async def _said(player: NetPlayer, timeout: float = WAIT) -> p.Said:
    return await player.expect(p.Said, timeout)


async def _start_with_bots(page: NetPlayer, rules: dict[str, object]) -> None:
    """``page`` opens table "T" under ``rules``, seats BOTS and starts the game."""
    await page.send({"type": "create_table", "name": "T", "rules": rules})
    await page.expect(p.TableSnapshot)
    for seat, who in enumerate(BOTS, start=1):
        await page.send({"type": "add_bot", "seat": seat, "character": who})
    await page.send({"type": "start_game"})


async def _lines_until(player: NetPlayer, check: object) -> list[str]:
    """Said lines until one satisfies ``check`` (bounded by WAIT per frame)."""
    lines: list[str] = []
    while True:
        said = await _said(player)
        lines += [line.text for line in said.lines]
        if any(check(line.text) for line in said.lines):  # type: ignore[operator]
            return lines


def test_a_rendering_client_is_worded_in_its_language(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            url = url_of(server)
            # Keys from a client that did not ask to be worded are refused.
            plain = NetPlayer(url, "Plain")
            await plain.connect()
            await plain.send({"type": "key", "key": "s"})
            error = await plain.expect(p.Error)
            assert error.code is p.ErrorCode.NOT_RENDERING
            await plain.close()

            page = NetPlayer(url, "Aline", render=True)
            hello = {"type": "hello", "version": p.PROTOCOL_VERSION, "name": "Aline"}
            page.ws = await connect(url)
            await page.send(hello | {"language": "fr", "render": True})
            await page.expect(p.Welcome)
            lobby = await _said(page)
            assert lobby.screen is not None and lobby.screen.place == "lobby"
            assert lobby.characters and lobby.characters[0].id == "milly"
            await page.send({"type": "key", "key": "s"})
            refused = await page.expect(p.Error)
            assert refused.code is p.ErrorCode.NOT_AT_TABLE
            worded = await _said(page)  # the refusal, worded and urgent
            assert [(x.text, x.urgent) for x in worded.lines] == [
                ("Vous n'êtes à aucune table.", True)
            ]
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await page.send({"type": "create_table", "name": "Table", "rules": rules})
            waiting = await _said(page)
            assert waiting.screen is not None and waiting.screen.place == "waiting"
            arrival = waiting.lines[0].text
            # The game's arrival: the room's title with the rules, then the seat.
            assert arrival.startswith("En attente de la partie"), arrival
            assert " Vous occupez la place 1 " in arrival, arrival
            await page.send({"type": "key", "key": "s"})
            early = await page.expect(p.Error)
            assert early.code is p.ErrorCode.GAME_NOT_STARTED
            await _said(page)  # the refusal, worded
            for seat, character in enumerate(BOTS, start=1):
                await page.send(
                    {"type": "add_bot", "seat": seat, "character": character}
                )
            await page.send({"type": "start_game"})
            # Wait for the bid turn, worded; urgent only if said on its own: after
            # other lines of the same frame it is polite, read after them.
            while True:
                said = await _said(page)
                turn = [line for line in said.lines if line.cue == "your_turn"]
                if turn and page.view is not None and page.view.to_act == 0:
                    break
            first = said.lines.index(turn[0])
            assert turn[0].urgent is not any(x.text for x in said.lines[:first])
            assert not [x for x in said.lines if x.urgent and x.cue != "your_turn"]
            assert said.screen is not None and said.screen.picture is not None
            hand = [face.card for face in said.screen.picture.hand]
            assert hand == [str(c) for c in page.view.hand]
            assert page.view.phase is Phase.BIDDING

            # A card the page showed that is not in the hand (any more): nothing.
            held = {str(c) for c in page.view.hand}
            stranger = next(c for c in ALL_CARDS if c not in held)
            await page.send({"type": "key", "key": "return", "card": stranger})
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(_said(page), 0.5)

            # S: the game's own sentence for this seat, in French.
            await page.send({"type": "key", "key": "s"})
            answer = await _said(page)
            assert page.table_id is not None
            view = page.view
            turn = Perspective.of(0, view.player_count, view.rules.side_count)
            info = server.tables[page.table_id].info()
            names = turn.by_seat([s.name or "" for s in info.seats])
            with i18n.speaking("fr"):
                expected = scores_text(turn.view(view), names)
            assert [line.text for line in answer.lines] == [expected]
            assert expected.startswith("Vous et ")

            # K: the score sheet's lines, in French, into the page's messages.
            await page.send({"type": "key", "key": "k"})
            sheet = await _said(page)
            with i18n.speaking("fr"):
                expected_sheet = score_sheet_lines(turn.view(view), names)
            assert [line.text for line in sheet.lines] == expected_sheet
            assert expected_sheet

            # H: the hint, worked out in a worker process, said when it is in.
            await page.send({"type": "key", "key": "h"})
            hint = await _said(page, timeout=60)
            with i18n.speaking("fr"):
                none_now = no_hint_text()
            assert hint.lines and hint.lines[0].text not in ("", none_now)

            # 3 and Enter bid three: the game's words for it come back.
            await page.send({"type": "key", "key": "3"})
            await page.send({"type": "key", "key": "return"})
            lines = await _lines_until(page, lambda t: t.startswith("Vous annoncez 3"))
            assert "Vous annoncez 3." in lines
            # The game's own frames are still sent to the page, unchanged.
            assert any(isinstance(m, p.TableUpdate) for m in page.messages)
            await page.close()

    run(scenario(), timeout=120)


def test_the_screen_is_sent_only_when_it_changes(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "server.db") as server:
            page = NetPlayer(url_of(server), "Ann", render=True)
            await page.connect()
            first = await _said(page)
            assert first.screen is not None
            # Arriving in the lobby is said, as in the game.
            assert [line.text for line in first.lines] == [
                "No table is open yet: create one."
            ]
            await page.send({"type": "list_tables"})
            await page.expect(p.Lobby)
            # The same lobby again: the Refresh is answered, the screen not sent.
            again = await _said(page)
            assert again.screen is None
            assert [line.text for line in again.lines] == [
                "No table is open yet: create one."
            ]
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(_said(page), 0.5)
            await page.close()

    run(scenario(), timeout=60)


async def _host_with_bots(url: str) -> tuple[NetPlayer, str]:
    """A host at a one-hand table "T" with the three computer players of BOTS,
    not started yet; and the table's id."""
    host = NetPlayer(url, "Host")
    await host.connect()
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    await host.send({"type": "create_table", "name": "T", "rules": rules})
    table = (await host.expect(p.TableSnapshot)).table.id
    for seat, who in enumerate(BOTS, start=1):
        await host.send({"type": "add_bot", "seat": seat, "character": who})
    return host, table


async def _host_two_bots_and_guest(
    url: str, host_name: str, guest_name: str, *, render: bool
) -> tuple[NetPlayer, NetPlayer, str]:
    """A host (a page if ``render``) at a one-hand table "T" with two computer
    players of BOTS and the guest in seat 3, not started yet; and the table's id."""
    host = NetPlayer(url, host_name, render=render)
    await host.connect()
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    await host.send({"type": "create_table", "name": "T", "rules": rules})
    table = (await host.expect(p.TableSnapshot)).table.id
    for seat, who in enumerate(BOTS[:2], start=1):
        await host.send({"type": "add_bot", "seat": seat, "character": who})
    guest = NetPlayer(url, guest_name)
    await guest.connect()
    await guest.send({"type": "join_seat", "table": table, "seat": 3})
    await guest.expect(p.TableSnapshot)
    return host, guest, table


async def _ann_page_two_bots_and_bob(url: str) -> tuple[NetPlayer, NetPlayer]:
    """Ann's page hosting a one-hand table "T" with two computer players of BOTS
    and Bob in seat 3, not started yet."""
    page, bob, _ = await _host_two_bots_and_guest(url, "Ann", "Bob", render=True)
    return page, bob


def test_the_pages_help_after_the_game_says_what_enter_does_there(
    tmp_path: Path,
) -> None:
    """Once the game is over, Enter asks the host whether to start another game
    on the page too, as the game does: F1 says so. Before, it still read "Enter:
    play the card, or choose it to pass", then "the final result again"."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            page = NetPlayer(url_of(server), "Ann", render=True)
            await page.connect()
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await _start_with_bots(page, rules)
            await page.play_to_the_end()
            await page.send({"type": "key", "key": "f1"})
            lines = await _lines_until(page, lambda t: t.startswith("O: sound cues"))
            assert not [t for t in lines if "play the card" in t], lines
            for key in ("Enter", "Space", "N"):
                line = f"{key}: start another game at this table (you are asked first)."
                assert line in lines, "\n".join(lines)
            await page.close()

    run(scenario(), timeout=120)


ANOTHER_GAME = (
    "Start another game at this table with the same players? Y starts, N stays."
)
BOB_LEFT = (
    "Start another game at this table? Bob left, so a seat is free: "
    "Y takes you to the waiting room to fill it, N stays."
)
FILL_THE_SEAT = (
    "To play again at this table, press Enter, then fill the free seat in the "
    "waiting room."
)


ESCAPE_UNDER_THE_QUESTION = (
    "O: sound cues on or off. Escape: no, as N does; once the question is "
    "answered, Escape goes back to the page's buttons."
)


STAYING = (
    "The game is over; you stay at its table. To play again at this table with "
    "the same players, press Enter. To leave the table, press Leave the table."
)


def test_the_page_asks_the_host_before_another_game_as_the_game_does(
    tmp_path: Path,
) -> None:
    """Enter after the game asks "Start another game...?" (N stays, Escape is N);
    Y starts it. Before, Enter told the result again and the page's button
    started a game with no question.

    Under the question, the table's keys that only ask (S, P) and F1 answer as
    at the table, the question staying open; a key that would act (Enter, T)
    asks it again. N and Escape say where the host is and what they can do.
    Before, S and F1 only asked again, and N said "The game is over." alone;
    F1's last line said Escape went back to the page's buttons, though there it
    answers no.
    """

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            page = NetPlayer(url_of(server), "Ann", render=True)
            await page.connect()
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await _start_with_bots(page, rules)
            await page.play_to_the_end()
            await page.send({"type": "key", "key": "return"})
            said = await _said(page)
            while not any(line.text == ANOTHER_GAME for line in said.lines):
                said = await _said(page)
            assert said.screen is not None and said.screen.picture is not None
            assert said.screen.picture.asking
            await page.send({"type": "key", "key": "s"})  # the scores
            lines = await _lines_until(page, lambda t: t.startswith("You and Bert: "))
            assert ANOTHER_GAME not in lines
            await page.send({"type": "key", "key": "p"})  # the last hand
            lines = await _lines_until(page, lambda t: t.startswith("Hand 1. "))
            assert ANOTHER_GAME not in lines
            await page.send({"type": "key", "key": "f1"})
            lines = await _lines_until(page, lambda t: t.startswith("O: sound cues"))
            for line in ("Y: yes.", "N: no.", "S: the scores."):
                assert line in lines, "\n".join(lines)
            assert "Enter: hear the question again." in lines, "\n".join(lines)
            assert not [t for t in lines if t.startswith("Enter: start")], lines
            # Escape answers no there (QA: F1 said it went to the buttons).
            assert lines[-1] == ESCAPE_UNDER_THE_QUESTION, lines[-1]
            for key in ("return", "t"):  # they would act: the question again
                await page.send({"type": "key", "key": key})
                said = await _said(page)
                assert [line.text for line in said.lines] == [ANOTHER_GAME], key
            await page.send({"type": "key", "key": "n"})
            said = await _said(page)
            assert said.screen is not None and said.screen.picture is not None
            assert not said.screen.picture.asking and said.screen.picture.over
            assert [line.text for line in said.lines] == [STAYING]
            await page.send({"type": "key", "key": "space"})
            await _lines_until(page, lambda t: t == ANOTHER_GAME)
            await page.send({"type": "key", "key": "escape"})  # the page's N
            said = await _said(page)
            assert said.screen is not None and said.screen.picture is not None
            assert not said.screen.picture.asking
            assert [line.text for line in said.lines] == [STAYING]
            await page.send({"type": "key", "key": "return"})
            await _lines_until(page, lambda t: t == ANOTHER_GAME)
            await page.send({"type": "key", "key": "y"})
            lines: list[str] = []
            while True:  # the next game's picture may come with its start or after
                said = await _said(page)
                lines += [line.text for line in said.lines]
                screen = said.screen
                if screen and screen.picture and not screen.picture.over:
                    break
            assert "The game starts." in lines, lines
            await page.close()

    run(scenario(), timeout=120)


def test_a_page_hosting_a_finished_game_someone_left_fills_the_seat(
    tmp_path: Path,
) -> None:
    """After a game, a player leaves: the host's page stays on the results (S
    still answers) and says how to play again; Enter asks, naming who left, and
    Y shows the seats, where the free one is filled and another game started.
    Escape there goes back to the results. Before, the seats replaced the
    results at once, unexplained."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            url = url_of(server)
            page, bob = await _ann_page_two_bots_and_bob(url)
            await page.send({"type": "start_game"})
            await asyncio.gather(page.play_to_the_end(), bob.play_to_the_end())
            await bob.send({"type": "leave"})
            lines: list[str] = []
            while FILL_THE_SEAT not in lines:
                said = await _said(page)
                lines += [line.text for line in said.lines]
                assert said.screen is None or said.screen.place == "table", lines
            assert "Bob left the table." in lines, lines
            await page.send({"type": "key", "key": "s"})
            scores = await _lines_until(page, lambda t: t.startswith("You and Bert: "))
            assert BOB_LEFT not in scores
            await page.send({"type": "key", "key": "return"})
            await _lines_until(page, lambda t: t == BOB_LEFT)
            await page.send({"type": "key", "key": "y"})
            seats = await _screen(page, "waiting")
            assert seats.is_host and seats.after_game
            assert [(i.id, i.kind) for i in seats.items if i.kind == "empty"] == [
                ("3", "empty")
            ]
            await page.send({"type": "key", "key": "escape"})
            said = await _said(page)
            results = said.screen
            assert results is not None and results.place == "table"
            assert results.picture is not None and results.picture.over
            # Said so, with how to play again or leave (before: "The game is
            # over." alone).
            assert [line.text for line in said.lines] == [
                "You left the waiting room and are back at the finished game's "
                f"table. {FILL_THE_SEAT} To leave the table, press Leave the table."
            ]
            await page.send({"type": "key", "key": "return"})
            await _lines_until(page, lambda t: t == BOB_LEFT)
            await page.send({"type": "key", "key": "y"})
            await _screen(page, "waiting")
            await page.send({"type": "add_bot", "seat": 3, "character": BOTS[2]})
            await page.send({"type": "start_game"})
            picture = await _screen(page, "table")
            assert picture.picture is not None and not picture.picture.over
            await bob.close()
            await page.close()

    run(scenario(), timeout=120)


def test_a_spectator_on_the_page_hears_what_it_offers_at_the_end_and_back(
    tmp_path: Path,
) -> None:
    """Wat's page watches Ann's game to its end: after "Game over. ...", what
    the page offers a spectator there (to watch the host's next game, or leave),
    once; back after a lost connection, the same after where things stand.
    Before, only the result was said, where a player hears what the buttons
    offer."""

    async def scenario() -> tuple[list[str], list[str]]:
        async with running_server(
            tmp_path / "server.db", bot_workers=1, takeover_seconds=30.0
        ) as server:
            url = url_of(server)
            page = NetPlayer(url, "Ann", render=True)
            await page.connect()
            watcher = NetPlayer(url, "Wat", render=True)
            await watcher.connect()
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await page.send({"type": "create_table", "name": "T", "rules": rules})
            table = (await page.expect(p.TableSnapshot)).table.id
            for seat, who in enumerate(BOTS, start=1):
                await page.send({"type": "add_bot", "seat": seat, "character": who})
            await watcher.send({"type": "spectate", "table": table, "chair": 0})
            await watcher.expect(p.TableSnapshot)
            await page.send({"type": "start_game"})
            await page.play_to_the_end()
            await _lines_until(watcher, lambda t: t.startswith("Game over."))
            await _said_before_chat(watcher)  # all said to it, to the last
            await watcher.close()
            again = NetPlayer(url, "Wat", render=True, token=watcher.token)
            await again.connect()
            back = await _said_before_chat(again)
            for player in (again, page):
                await player.close()
            return watcher.messages, back

    messages, back = run(scenario(), timeout=120)
    watched = [
        line.text
        for message in messages
        if isinstance(message, p.Said)
        for line in message.lines
    ]
    over = next(i for i, t in enumerate(watched) if t.startswith("Game over."))
    assert watched[over + 1] == WATCHING_AFTER, watched[over:]
    assert watched.count(WATCHING_AFTER) == 1, watched[over:]
    assert back[0].startswith("Back at the table. The game is over. "), back
    assert back[1:] == [WATCHING_AFTER], back


NO_ONE_TO_REMIND = "The game is over: there is no one to remind."


def test_g_at_a_finished_game_on_the_page_says_so_and_how_to_play_again(
    tmp_path: Path,
) -> None:
    """G (remind) once the game is over: no one to remind, then how to play
    again or leave, for the host (Enter, then the free seat once Bob has left)
    and for Bob; the server is never asked. Before, the server's refusal was
    said: "The game has not started yet." """

    async def scenario() -> tuple[list[str], list[str], list[str], NetPlayer]:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            url = url_of(server)
            page = NetPlayer(url, "Ann", render=True)
            carl = NetPlayer(url, "Carl", render=True)
            bob = NetPlayer(url, "Bob")
            for player in (page, carl, bob):
                await player.connect()
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await page.send({"type": "create_table", "name": "T", "rules": rules})
            table = (await page.expect(p.TableSnapshot)).table.id
            await page.send({"type": "add_bot", "seat": 1, "character": BOTS[0]})
            for player, seat in ((carl, 2), (bob, 3)):
                await player.send({"type": "join_seat", "table": table, "seat": seat})
                await player.expect(p.TableSnapshot)
            await page.send({"type": "start_game"})
            await asyncio.gather(
                page.play_to_the_end(), bob.play_to_the_end(), carl.play_to_the_end()
            )
            await page.send({"type": "key", "key": "g"})
            host = await _lines_until(page, lambda t: t.startswith(NO_ONE_TO_REMIND))
            await carl.send({"type": "key", "key": "g"})
            guest = await _lines_until(carl, lambda t: t.startswith(NO_ONE_TO_REMIND))
            await bob.send({"type": "leave"})
            await _lines_until(page, lambda t: t == FILL_THE_SEAT)
            await page.send({"type": "key", "key": "g"})
            free = await _lines_until(page, lambda t: t.startswith(NO_ONE_TO_REMIND))
            for player in (bob, carl, page):
                await player.close()
            return host, guest, free, page

    host, guest, free, page = run(scenario(), timeout=120)
    leave = "To leave the table, press Leave the table."
    assert host[-1] == (
        f"{NO_ONE_TO_REMIND} To play again at this table with the same players, "
        f"press Enter. {leave}"
    ), host
    assert guest[-1] == (
        f"{NO_ONE_TO_REMIND} The host can start another game here; Leave the "
        "table goes back to the lobby."
    ), guest
    assert free[-1] == f"{NO_ONE_TO_REMIND} {FILL_THE_SEAT} {leave}", free
    assert not page.errors, page.errors  # (the server was asked nothing)


def test_a_host_back_at_a_finished_game_someone_left_hears_the_seat_is_free(
    tmp_path: Path,
) -> None:
    """Bob left Ann's finished game; Ann's page loses its connection and comes
    back: after where things stand, how to play again, by filling his seat
    first. Before, "Start the game plays again with the same players", which
    was no longer so."""

    async def scenario() -> list[str]:
        async with running_server(
            tmp_path / "server.db", bot_workers=1, takeover_seconds=30.0
        ) as server:
            page, bob = await _ann_page_two_bots_and_bob(url_of(server))
            await page.send({"type": "start_game"})
            await asyncio.gather(page.play_to_the_end(), bob.play_to_the_end())
            await bob.send({"type": "leave"})
            await _lines_until(page, lambda t: t == FILL_THE_SEAT)
            await page.close()
            again = NetPlayer(url_of(server), "Ann", render=True, token=page.token)
            await again.connect()
            back = await _said_before_chat(again)
            for player in (again, bob):
                await player.close()
            return back

    back = run(scenario(), timeout=120)
    assert back[0].startswith("Back at the table. The game is over. "), back
    assert back[1:] == [
        f"{FILL_THE_SEAT} To leave the table, press Leave the table."
    ], back


def test_a_page_watching_a_table_sees_no_hand_and_hears_the_play(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            host, table = await _host_with_bots(url)
            page = NetPlayer(url, "Watcher", render=True)
            await page.connect()
            await page.send({"type": "spectate", "table": table, "chair": 2})
            await page.expect(p.TableSnapshot)
            await host.send({"type": "start_game"})
            finished = asyncio.create_task(host.play_to_the_end())
            heard: list[str] = []
            pictures: list[p.Picture] = []
            while not finished.done() or not any("trick" in t for t in heard):
                try:
                    said = await asyncio.wait_for(_said(page), 1.0)
                except TimeoutError:
                    continue
                heard += [line.text for line in said.lines]
                if said.screen is not None and said.screen.picture is not None:
                    pictures.append(said.screen.picture)
            await finished
            assert pictures and all(not pic.hand for pic in pictures)
            assert any(" plays the " in t for t in heard)
            # The watched chair's player (Bert, seat 2) is named, never "you".
            assert any(t.startswith("Bert plays the ") for t in heard)
            told = [t for t in heard if not t.startswith("You are watching table")]
            assert not any(t.startswith(("You ", "Your ")) for t in told)
            # S, asked while watching: the scores, from the watched chair (seat 2,
            # the host's partner), its side named as any other.
            # (The game's last lines may still be on their way: read up to it.)
            await page.send({"type": "key", "key": "s"})
            lines = await _lines_until(page, lambda t: t.startswith("Bert and Host: "))
            assert not any(t.startswith(("You ", "Your ")) for t in lines)
            await page.close()
            await host.close()

    run(scenario(), timeout=120)


def test_the_page_leaving_a_table_bob_still_sits_at_does_not_hear_it_as_new(
    tmp_path: Path,
) -> None:
    """Robin opens Friday, Bob sits down, Robin leaves: the page hears that it
    left and the lobby, not 'New table: Friday.' (it compared the list with the
    one from before it sat down)."""

    async def scenario() -> list[str]:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            page = NetPlayer(url, "Robin", render=True)
            await page.connect()
            await page.send(
                {"type": "create_table", "name": "Friday", "rules": {"preset": "pagat"}}
            )
            await _lines_until(page, lambda text: "You sit in seat 1" in text)
            bob = NetPlayer(url, "Bob")
            await bob.connect()
            table = next(iter(server.tables))
            await bob.send({"type": "join_seat", "table": table, "seat": "any"})
            await bob.expect(p.TableSnapshot)
            await _lines_until(page, lambda text: "Bob" in text)
            await page.send({"type": "leave"})
            lines = await _lines_until(page, lambda text: text == "You left the table.")
            with contextlib.suppress(TimeoutError):
                while True:  # whatever else the leaving brings
                    said = await _said(page, timeout=0.5)
                    lines += [line.text for line in said.lines]
            await bob.close()
            await page.close()
            return lines

    lines = run(scenario())
    assert "You left the table." in lines and "New table: Friday." not in lines


def test_a_page_watching_a_game_under_way_hears_whose_chair_and_refresh_answers(
    tmp_path: Path,
) -> None:
    """A page watches a game already under way: it hears whose chair it watches
    from before where things stand (before, only where things stand, so it never
    knew what it watched). Back in the lobby, it hears how many tables are open,
    and Refresh is answered with the count even when nothing changed (before,
    silence both times)."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            host, table = await _host_with_bots(url)
            await host.send({"type": "start_game"})
            await host.expect(p.TableSnapshot)
            page = NetPlayer(url, "Watcher", render=True)
            await page.connect()
            await _said(page)  # the lobby
            await page.send({"type": "spectate", "table": table, "chair": 2})
            lines = await _lines_until(page, lambda t: t.startswith("Hand 1."))
            watching = "You are watching table T from the chair of Bert."
            assert watching in lines
            assert lines.index(watching) < next(
                i for i, t in enumerate(lines) if t.startswith("Hand 1.")
            )
            await page.send({"type": "leave"})
            lines = await _lines_until(page, lambda t: t.endswith(" open."))
            assert lines[-2:] == ["You left the table.", "1 table is open."]
            await page.send({"type": "list_tables"})
            lines = await _lines_until(page, lambda t: t.endswith(" open."))
            assert lines == ["1 table is open."]
            await page.close()
            await host.close()

    run(scenario(), timeout=120)


def test_a_page_watching_a_table_as_its_game_starts_hears_the_start_then_the_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page comes to watch a table whose host starts the game in the same moment
    (the server reads the two in one turn, before the page's words are made): it
    hears whose chair, "The game starts." and who plays, then the deal. Before,
    where things stood came first ("Hand 1. The next hand is being dealt." and
    the scores, all 0), and "The game starts." after it."""
    spectate = NetTable.spectate

    def then_the_host_starts(table: NetTable, client: Client, chair: int) -> None:
        spectate(table, client, chair)
        table.start(table.members[0])  # the host's start_game, read in that turn

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            host, table = await _host_with_bots(url)
            page = NetPlayer(url, "Watcher", render=True)
            await page.connect()
            await _said(page)  # the lobby
            monkeypatch.setattr(NetTable, "spectate", then_the_host_starts)
            await page.send({"type": "spectate", "table": table, "chair": 2})
            lines = await _lines_until(page, lambda t: t.startswith("Hand 1."))
            assert lines[:3] == [
                "You are watching table T from the chair of Bert.",
                "The game starts.",
                "New game: Bert, Poppy, Host and Milly, in playing order; Bert "
                "and Host play against Poppy and Milly.",
            ]
            assert lines[3:] == [lines[-1]] and " deals." in lines[-1]
            await page.close()
            await host.close()

    run(scenario(), timeout=120)


def test_a_page_taking_a_free_seat_in_a_game_under_way_hears_which_seat(
    tmp_path: Path,
) -> None:
    """Cat leaves a game under way; a page sits down in her free seat and hears
    "You sit in seat 4 at table T." before where things stand (before, only "Hand
    1. Your cards, ...": the QA tester never learned which seat was theirs)."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            host, cat, table = await _host_two_bots_and_guest(
                url, "Host", "Cat", render=False
            )
            await host.send({"type": "start_game"})
            await cat.expect(p.TableSnapshot)  # the game starts
            await cat.send({"type": "leave"})
            await cat.expect(p.Lobby)
            page = NetPlayer(url, "Dan", render=True)
            await page.connect()
            await _said(page)  # the lobby
            await page.send({"type": "join_seat", "table": table})
            lines = await _lines_until(page, lambda t: t.startswith("Hand 1."))
            seated = "You sit in seat 4 at table T. Your partner is Milly."
            assert seated in lines
            assert lines.index(seated) < next(
                i for i, t in enumerate(lines) if t.startswith("Hand 1.")
            )
            await page.close()
            await cat.close()
            await host.close()

    run(scenario(), timeout=120)


def test_news_from_before_a_spectators_seat_is_told_from_that_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dan watches Cat's chair on the page; Cat leaves just as Dan takes her
    seat (the server reads the two in one turn, before the page's words are
    made). Before, Cat's leaving was told as to a spectator, "To take the seat:
    Escape, then Sit in seat 4." just before "You sit in seat 4": the page said
    it from no seat, where the game says it from the seat taken. Now as the
    game: no seat offered that Dan has just taken."""
    move = NetTable.move

    def cat_leaves_first(table: NetTable, client: Client, wanted: int | str) -> None:
        table.leave(table.members[3])  # Cat's leave, read in that turn
        move(table, client, wanted)

    async def scenario() -> list[str]:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            host, cat, table = await _host_two_bots_and_guest(
                url, "Host", "Cat", render=False
            )
            await host.send({"type": "start_game"})
            await cat.expect(p.TableSnapshot)  # the game starts
            page = NetPlayer(url, "Dan", render=True)
            await page.connect()
            await _said(page)  # the lobby
            await page.send({"type": "spectate", "table": table, "chair": 3})
            await _lines_until(page, lambda t: t.startswith("Hand 1."))
            monkeypatch.setattr(NetTable, "move", cat_leaves_first)
            await page.send({"type": "join_seat", "table": table, "seat": 3})
            lines = await _lines_until(page, lambda t: t.startswith("You sit in"))
            await page.close()
            await cat.close()
            await host.close()
            return lines

    lines = run(scenario(), timeout=120)
    left = next(i for i, t in enumerate(lines) if t.startswith("Cat left the table"))
    seated = lines.index("You sit in seat 4 at table T. Your partner is Milly.")
    assert left < seated, lines
    assert not any("To take the seat" in t for t in lines), lines


async def _host_and_milly(url: str) -> tuple[NetPlayer, str]:
    """Host at a new 4-player table, Milly beside them, two seats free."""
    host = NetPlayer(url, "Host")
    await host.connect()
    await host.send({"type": "create_table", "name": "T", "rules": {"preset": "pagat"}})
    table = (await host.expect(p.TableSnapshot)).table.id
    await host.send({"type": "add_bot", "seat": 1, "character": "milly"})
    await host.expect(p.SeatChanged)
    return host, table


async def _screen(player: NetPlayer, place: str) -> p.Screen:
    """The next screen sent for ``place`` (the lines before it are read past)."""
    while True:
        said = await _said(player)
        if said.screen is not None and said.screen.place == place:
            return said.screen


def test_the_page_offers_each_free_seat_in_the_games_words(tmp_path: Path) -> None:
    """A table in the page's lobby carries its free seats, worded as the game's
    lobby words them ("Sit in seat 3, partner of Host"), and the page sits in the
    one chosen (before, Join could only take the first free seat). A table with
    one free seat offers no choice, as the game's lobby does."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            host, table = await _host_and_milly(url)
            page = NetPlayer(url, "Robin", render=True)
            await page.connect()
            lobby = await _screen(page, "lobby")
            [item] = lobby.items
            assert item.seats is not None
            assert [(s.id, s.label) for s in item.seats] == [
                ("2", "Sit in seat 3, partner of Host"),
                ("3", "Sit in seat 4, partner of Milly"),
            ]
            await page.send({"type": "join_seat", "table": table, "seat": 3})
            waiting = await _screen(page, "waiting")
            assert [s.id for s in waiting.items if s.is_you] == ["3"]
            await page.send({"type": "leave"})
            await host.send({"type": "add_bot", "seat": 2, "character": "bert"})
            while True:
                lobby = await _screen(page, "lobby")
                if lobby.items and "Bert" in lobby.items[0].label:
                    break
            assert lobby.items[0].seats is None  # one free seat: no choice
            await page.close()
            await host.close()

    run(scenario(), timeout=60)


def test_the_page_offers_every_chair_to_watch_from_in_the_games_words(
    tmp_path: Path,
) -> None:
    """A table in the page's lobby carries every seat to watch from, taken or not,
    worded as the game's lobby words them ("Watch from seat 2, Milly"), and the
    page watches from the chair chosen (before, Watch always watched from seat
    1)."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            host, table = await _host_and_milly(url)
            page = NetPlayer(url, "Robin", render=True)
            await page.connect()
            lobby = await _screen(page, "lobby")
            [item] = lobby.items
            assert item.chairs is not None
            assert [(s.id, s.label) for s in item.chairs] == [
                ("0", "Watch from seat 1, Host"),
                ("1", "Watch from seat 2, Milly"),
                ("2", "Watch from seat 3"),
                ("3", "Watch from seat 4"),
            ]
            chair = int(item.chairs[1].id)
            await page.send({"type": "spectate", "table": table, "chair": chair})
            snapshot = await page.expect(p.TableSnapshot)
            assert snapshot.seat is None and snapshot.chair == 1
            await page.close()
            await host.close()

    run(scenario(), timeout=60)


def test_the_picture_marks_the_card_that_won_the_trick(tmp_path: Path) -> None:
    """A page watching from seat 3 is sent, with every finished trick still shown,
    the place whose card won it (``won_trick``, and the card's name says so), as
    the game's picture frames it; no card is marked while a trick is under way,
    and the last trick, left on the table when the game ends, is marked too."""

    async def scenario() -> tuple[list[p.Picture], list[TrickWon]]:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            host, table = await _host_with_bots(url)
            page = NetPlayer(url, "Watcher", render=True)
            await page.connect()
            await page.send({"type": "spectate", "table": table, "chair": 2})
            await page.expect(p.TableSnapshot)
            await host.send({"type": "start_game"})
            finished = asyncio.create_task(host.play_to_the_end())
            pictures: list[p.Picture] = []
            while not (finished.done() and pictures and pictures[-1].over):
                try:
                    said = await asyncio.wait_for(_said(page), 1.0)
                except TimeoutError:
                    continue
                if said.screen is not None and said.screen.picture is not None:
                    pictures.append(said.screen.picture)
            await finished
            tricks = [n for n in host.notices if isinstance(n, TrickWon)]
            await page.close()
            await host.close()
            return pictures, tricks

    pictures, tricks = run(scenario(), timeout=120)
    assert len(tricks) % 13 == 0 and tricks  # a tied hand plays another
    turn = Perspective.of(2, 4, 2)  # the host's seats, as the watcher sees them
    complete = 0
    for picture in pictures:
        shown = {place.card.card: place for place in picture.places if place.card}
        won = [place for place in picture.places if place.won_trick]
        if len(shown) < 4:
            assert not won, picture  # a trick under way, or none on the table
            continue
        complete += 1
        trick = next(t for t in tricks if {str(c) for _, c in t.cards} == set(shown))
        winner = dict(trick.cards)[trick.seat]
        assert [place.seat for place in won] == [turn.seat(trick.seat)]
        assert won[0].card is not None and won[0].card.card == str(winner)
        assert won[0].card.label == f"{card_name(winner)}, won the trick"
        others = [pl.card.label for pl in picture.places if pl.card and pl not in won]
        assert len(others) == 3 and not any("won" in label for label in others)
    assert complete >= 1
    # The game's end leaves its last trick on the table: marked.
    last = pictures[-1]
    assert last.over and [pl.seat for pl in last.places if pl.won_trick] == [
        turn.seat(tricks[-1].seat)
    ]


@pytest.mark.parametrize(
    ("players", "partnerships", "short"),
    [(3, False, True), (5, False, False), (6, True, True), (4, False, False)],
)
def test_the_page_creates_a_table_of_any_shape(
    tmp_path: Path, players: int, partnerships: bool, short: bool
) -> None:
    """The page's create form sends players and partnerships beside its rules (as
    the game's create-table screen does): the server opens a table of that shape,
    with the short game's rules too."""
    rules: dict[str, object] = {"preset": "pagat"}
    if short:
        rules |= {"target_score": None, "hand_limit": 1}

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db") as server:
            page = NetPlayer(url_of(server), "Robin", render=True)
            await page.connect()
            await page.send(
                {
                    "type": "create_table",
                    "name": "Odd",
                    "rules": rules,
                    "players": players,
                    "partnerships": partnerships,
                    "private": False,
                }
            )
            waiting = await _screen(page, "waiting")
            assert len(waiting.items) == players
            [table] = server.tables.values()
            assert table.rules.player_count == players
            assert table.rules.partnerships is partnerships
            await page.close()

    run(scenario(), timeout=60)


def test_a_page_at_a_table_hears_who_comes_to_watch_and_who_stops(
    tmp_path: Path,
) -> None:
    """The page words the table's news with the game's presenter: a spectator
    arriving and leaving is told there too (before, not at all)."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            page = NetPlayer(url, "Robin", render=True)
            await page.connect()
            rules = {"preset": "pagat"}
            await page.send({"type": "create_table", "name": "Friday", "rules": rules})
            await _lines_until(page, lambda text: "You sit in seat 1" in text)
            dee = NetPlayer(url, "Dee")
            await dee.connect()
            await dee.send({"type": "spectate", "table": next(iter(server.tables))})
            await dee.expect(p.TableSnapshot)
            await _lines_until(page, lambda text: text == "Dee is watching.")
            await dee.send({"type": "leave"})
            await _lines_until(page, lambda text: text == "Dee stopped watching.")
            await dee.close()
            await page.close()

    run(scenario())


def test_a_page_hears_a_spectator_sit_down_in_one_line(tmp_path: Path) -> None:
    """QA: Dee, watching Robin's table, sat down, and the page said "Dee stopped
    watching." then "Dee sits in seat 2.", the first alone as if Dee had left.
    Now one line says both."""

    async def scenario() -> list[str]:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            page = NetPlayer(url, "Robin", render=True)
            await page.connect()
            rules = {"preset": "pagat"}
            await page.send({"type": "create_table", "name": "Friday", "rules": rules})
            await _lines_until(page, lambda text: "You sit in seat 1" in text)
            dee = NetPlayer(url, "Dee")
            await dee.connect()
            table = next(iter(server.tables))
            await dee.send({"type": "spectate", "table": table})
            await dee.expect(p.TableSnapshot)
            await _lines_until(page, lambda text: text == "Dee is watching.")
            await dee.send({"type": "join_seat", "table": table, "seat": 1})
            await dee.expect(p.TableSnapshot)
            lines = await _lines_until(page, lambda text: "seat 2" in text)
            await dee.close()
            await page.close()
            return lines

    assert run(scenario()) == ["Dee stops watching and sits in seat 2."]


_HELP_END = "O: sound cues"
"""The start of the page's own last line of F1's help."""


async def _help(page: NetPlayer) -> list[str]:
    await page.send({"type": "key", "key": "f1"})
    return await _lines_until(page, lambda t: t.startswith(_HELP_END))


async def _unbound(page: NetPlayer, key: str, name: str) -> None:
    """``key`` pressed: said to do nothing here (other news may come first)."""
    await page.send({"type": "key", "key": key})
    answer = f"{name} does nothing here. F1 lists the keys."
    lines = await _lines_until(page, lambda t: t == answer)
    assert lines[-1] == answer


def test_the_pages_help_follows_the_moment_and_every_key_is_answered(
    tmp_path: Path,
) -> None:
    """F1 lists the bid's keys while bidding, the play's keys in play (as the
    game's F1); a key with no meaning in play is said so, not met with silence.

    Before, the help was the same at every moment (a question's and a bid's keys
    first, Enter "make your bid" in play), and Backspace, Delete or F3 in play got
    no answer at all."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            page = NetPlayer(url_of(server), "Ann", render=True)
            await page.connect()
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await _start_with_bots(page, rules)
            while not (page.turn and page.turn.phase is Phase.BIDDING):
                await page.recv()
            page.turn = None
            bidding = await _help(page)
            assert "0: type the digit 0." in bidding, bidding
            assert "Enter: make your bid, or hear how." in bidding, bidding
            # Space plays no card at one's bid turn: it says the bid (as the game).
            space = "Space: hear your bid so far, or how to bid; only Enter places it."
            assert space in bidding, bidding
            assert "Y: yes." not in bidding, bidding
            await page.send({"type": "key", "key": "3"})
            await page.send({"type": "key", "key": "return"})
            while not (page.turn and page.turn.phase is Phase.PLAYING):
                await page.recv()
            playing = await _help(page)
            assert "Enter: play the card, or choose it to pass." in playing, playing
            assert "Space: play the card, or choose it to pass." in playing, playing
            for not_now in ("Y: yes.", "0: type the digit 0.", "Backspace"):
                assert not [t for t in playing if t.startswith(not_now)], playing
            for key, name in (
                ("backspace", "Backspace"),
                ("delete", "Delete"),
                ("f3", "F3"),
                ("f4", "F4"),
                ("f6", "F6"),
                ("f12", "F12"),
            ):
                await _unbound(page, key, name)
            await page.close()

    run(scenario(), timeout=120)


def test_the_pages_help_offers_no_nil_key_when_the_rules_allow_no_nil(
    tmp_path: Path,
) -> None:
    """With nil not allowed, F1 does not list "N: bid nil", and N says at once
    that nil is not allowed (QA: only Enter said so); with no blind nil, no key
    speaks of passing."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            page = NetPlayer(url_of(server), "Ann", render=True)
            await page.connect()
            rules = {
                "preset": "pagat",
                "target_score": None,
                "hand_limit": 1,
                "nil_allowed": False,
                "blind_nil_allowed": False,
            }
            await _start_with_bots(page, rules)
            while not (page.turn and page.turn.phase is Phase.BIDDING):
                await page.recv()
            page.turn = None
            bidding = await _help(page)
            assert "Backspace: erase a digit." in bidding, bidding
            assert not [t for t in bidding if "nil" in t.lower()], bidding
            # No blind nil, so no cards passed: the card keys say nothing of it
            # (the game's F1 said so already; the page's spoke of passing).
            assert "Tab: next card you may play." in bidding, bidding
            assert not [t for t in bidding if "pass" in t], bidding
            await page.send({"type": "key", "key": "n"})
            answer = "Nil is not allowed in these rules."
            lines = await _lines_until(page, lambda t: t == answer)
            assert lines[-1] == answer
            await page.close()

    run(scenario(), timeout=120)


def test_every_card_may_be_chosen_to_pass_on_the_page(tmp_path: Path) -> None:
    """After a blind nil, every card of the hand is offered (playable) while
    choosing the cards to pass, and the picture says it is a passing choice; a
    card chosen is marked so. Before, every card was shown as not playable."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            page = NetPlayer(url_of(server), "Ann", render=True)
            await page.connect()
            rules = {
                "preset": "pagat",
                "target_score": None,
                "hand_limit": 1,
                "blind_nil_behind": 0,
            }
            await _start_with_bots(page, rules)
            while not page.questions:
                await page.recv()
            page.questions = []
            # F1 at the question: its keys as they work there, as the game's F1.
            asked = await _help(page)
            assert "Enter: hear the question again." in asked, asked
            hidden = "nothing yet: your cards are hidden for the blind nil."
            assert f"Right arrow: {hidden}" in asked, asked
            # Tab moves to no card and T names no turn here: they ask the
            # question again, as every key that would act (QA: Tab said "You
            # cannot play a card now.", Backspace that it does nothing); H hints.
            for key in ("Tab", "Shift+Tab", "J", "T"):
                assert f"{key}: hear the question again." in asked, asked
            assert "H: a hint." in asked, asked
            for key in ("tab", "backspace", "x"):
                assert (await _answer(page, key)).startswith("Bid blind nil"), key
            await page.send({"type": "key", "key": "y"})
            while True:
                said = await _said(page)
                view = page.view
                if (
                    view is not None
                    and view.phase is Phase.PASSING
                    and view.is_my_turn
                    and said.screen is not None
                    and said.screen.picture is not None
                    and said.screen.picture.hand
                ):
                    break
            picture = said.screen.picture
            assert picture.passing
            assert all(face.playable for face in picture.hand), picture.hand
            assert not any(face.chosen for face in picture.hand)
            first = picture.hand[0].card
            await page.send({"type": "key", "key": "return", "card": first})
            said = await _said(page)
            assert said.screen is not None and said.screen.picture is not None
            chosen = [face.card for face in said.screen.picture.hand if face.chosen]
            assert chosen == [first]
            assert said.screen.picture.passing
            await page.close()

    run(scenario(), timeout=120)


async def _answer(page: NetPlayer, key: str) -> str:
    """The words that answer ``key`` (sent while nothing else is happening)."""
    await page.send({"type": "key", "key": key})
    while True:
        said = await _said(page)
        if said.lines:
            return said.lines[-1].text


def test_the_page_says_which_cards_the_partner_passed(tmp_path: Path) -> None:
    """After a blind nil the partner passes two cards back: on the page, as in
    the game, the arrows say each of them "from" the partner and R names them
    after the hand, while the picture tags them "new" (the first trick)."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            page = NetPlayer(url_of(server), "Ann", render=True)
            await page.connect()
            rules = {
                "preset": "pagat",
                "target_score": None,
                "hand_limit": 1,
                "blind_nil_behind": 0,
            }
            await _start_with_bots(page, rules)
            while not page.questions:
                await page.recv()
            await page.send({"type": "key", "key": "y"})
            while not (
                page.view is not None
                and page.view.phase is Phase.PASSING
                and page.view.is_my_turn
            ):
                await page.recv()
            for card in page.view.hand[:2]:
                await page.send({"type": "key", "key": "return", "card": str(card)})
            # Until your turn in the first trick: nothing happens then but keys.
            told = await _lines_until(
                page, lambda line: line.startswith(("Your turn", "Your lead"))
            )
            (passed,) = [line for line in told if " passes you " in line]
            giver = passed.split(" passes you ")[0]
            view = page.view
            assert view is not None and view.is_my_turn
            assert view.phase is Phase.PLAYING and not view.completed_tricks
            received = view.passed_in
            assert len(received) == 2
            lines = [await _answer(page, "home")]
            for _ in view.hand[1:]:
                lines.append(await _answer(page, "right"))
            for card, line in zip(view.hand, lines, strict=True):
                name = card_name(card)
                if card in received:
                    assert line.startswith(f"{name}, from {giver}, "), line
                else:
                    assert line.startswith(name) and " from " not in line, line
            hand = await _answer(page, "r")
            assert hand.startswith("Your cards, 13: "), hand
            assert f". From {giver}: the " in hand, hand
            await page.close()

    run(scenario(), timeout=120)


def test_a_spectators_keys_on_the_page_are_the_watchers_and_none_is_silent(
    tmp_path: Path,
) -> None:
    """Watching a bid under way, F1 lists the table's keys (no digits, no Y) and
    Backspace is said to do nothing there. Before, the help listed a question's
    and a bid's keys, and Backspace got no answer. Nor does it list the keys of a
    seat, which only answer "You are watching: ..." (B, Tab, the hand, the hint,
    G's reminder), or Enter's "play the card" (it says whose turn it is): the QA
    tester's F1 listed 14 keys of no use to them, then still G."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db") as server:
            url = url_of(server)
            host, table = await _host_with_bots(url)
            page = NetPlayer(url, "Watcher", render=True)
            await page.connect()
            await page.send({"type": "spectate", "table": table, "chair": 2})
            await page.expect(p.TableSnapshot)
            await host.send({"type": "start_game"})
            # The host does not bid: the table waits in the bidding.
            while not (page.view is not None and page.view.phase is Phase.BIDDING):
                await page.recv()
            keys = await _help(page)
            assert "C: the cards on the table." in keys, keys
            for not_here in (
                "Y: yes.",
                "0: type the digit 0.",
                "Enter: play the card, or choose it to pass.",
                "B: open the bid entry, or hear your bid.",
                "Tab: next card you may play, or choose when passing cards.",
                "H: a hint.",
                "R: read your whole hand.",
                "Right arrow: next card, each suit from low to high.",
                # A spectator is refused it: "only the players can do that."
                "G: online: remind the player the table waits for that it is "
                "their turn.",
            ):
                assert not_here not in keys, keys
            await _unbound(page, "backspace", "Backspace")
            await page.close()
            await host.close()

    run(scenario(), timeout=120)


def test_the_pages_last_words_of_a_game_name_the_player_who_was_away(
    tmp_path: Path,
) -> None:
    """Bob's connection drops as the game starts and a computer plays his seat to
    the end; the server then gives the seat up to it, in the same moment as the
    hand's score. The page hears the hand scored in the names of the game played
    (Bob's), then that he left. Before, in the computer's name, not yet heard."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            url = url_of(server)
            page, bob = await _ann_page_two_bots_and_bob(url)
            await page.send({"type": "start_game"})
            await bob.close()  # a computer plays his seat from now on
            await page.play_to_the_end()
            left = "Bob left the table; "
            await _lines_until(page, lambda text: text.startswith(left))
            lines = [
                line.text
                for message in page.messages
                if isinstance(message, p.Said)
                for line in message.lines
            ]
            scored = next(t for t in lines if t.startswith("The hand is over."))
            # "Milly and Bob bid 6", or "Bob's nil made" (or Milly's) when one
            # of them bid nil: in the names of the game played either way.
            assert "Bob" in scored, scored
            gone = next(i for i, t in enumerate(lines) if t.startswith(left))
            assert lines.index(scored) < gone
            # "Bob left the table; Hazel, a computer player, takes the seat.": the
            # game is over, so no "plays in their place"; Hazel is not in the score.
            stand_in = lines[gone].removeprefix(left).split(",")[0]
            assert lines[gone].endswith(", a computer player, takes the seat."), lines
            assert stand_in and stand_in not in scored, (stand_in, scored)

    run(scenario(), timeout=120)


def test_a_page_at_a_table_of_five_hears_the_playing_order_when_the_game_starts(
    tmp_path: Path,
) -> None:
    """At the start, the page says who plays after you, as the game's table (and a
    local game's start) does: "New game with Milly, Bert, Poppy and Dennis, in
    playing order; each plays for themselves." Before, it said only "The game
    starts."."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            page = NetPlayer(url_of(server), "Ann", render=True)
            await page.connect()
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await page.send(
                {
                    "type": "create_table",
                    "name": "T",
                    "rules": rules,
                    "players": 5,
                    "partnerships": False,
                }
            )
            table = (await page.expect(p.TableSnapshot)).table.id
            # A page watching from Ann's chair hears everyone, in order.
            watcher = NetPlayer(url_of(server), "Dee", render=True)
            await watcher.connect()
            await watcher.send({"type": "spectate", "table": table})
            await watcher.expect(p.TableSnapshot)
            bots = (*BOTS, "dennis")
            for seat, who in enumerate(bots, start=1):
                await page.send({"type": "add_bot", "seat": seat, "character": who})
            await page.send({"type": "start_game"})
            lines = await _lines_until(page, lambda t: t.startswith("Hand 1."))
            started = lines.index("The game starts.")
            names = [character(who).name for who in bots]
            assert lines[started + 1] == (
                f"New game with {', '.join(names[:-1])} and {names[-1]}, in playing"
                " order; each plays for themselves."
            ), lines
            seen = await _lines_until(watcher, lambda t: t.startswith("Hand 1."))
            started = seen.index("The game starts.")
            assert seen[started + 1] == (
                f"New game: Ann, {', '.join(names[:-1])} and {names[-1]}, in"
                " playing order; each plays for themselves."
            ), seen
            await page.close()
            await watcher.close()

    run(scenario(), timeout=120)


def test_help_on_the_page_while_away_is_help_and_a_table_key_brings_one_back(
    tmp_path: Path,
) -> None:
    """Away at her turn, Ann has a computer play for her. F1 on the page gives the
    keys and leaves the computer in her seat, as the game's F1 does; T, a key at
    the table, gives her the seat back, and she hears what the computer did for
    her and where things stand. Before, F1 brought her back and gave no help at
    all, and coming back said no more than "You play your seat again." (now "You
    take your seat back.")."""

    async def scenario() -> None:
        async with running_server(
            tmp_path / "server.db", bot_workers=1, away_seconds=0.3
        ) as server:
            page = NetPlayer(url_of(server), "Ann", render=True)
            await page.connect()
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await _start_with_bots(page, rules)
            await page.seat_change(p.SeatChange.TAKEN_OVER)
            await page.send({"type": "key", "key": "f1"})
            start = len(page.messages)
            await _lines_until(page, lambda t: t.startswith(_HELP_END))
            came = page.messages[start:]
            assert not [m for m in came if isinstance(m, p.TableSnapshot)], came
            coming_back = coming_back_text()
            said = [ln.text for m in came if isinstance(m, p.Said) for ln in m.lines]
            assert coming_back not in said, said
            await page.send({"type": "key", "key": "t"})
            await _lines_until(page, lambda t: t == coming_back)
            snapshot = await page.expect(p.TableSnapshot)
            mine = next(s for s in snapshot.table.seats if s.seat == snapshot.seat)
            assert not mine.stand_in
            starts = ("While you were away, ", "Hand 1.")
            lines = await _lines_until(page, lambda t: t.startswith(starts))
            summary = next(t for t in lines if t.startswith(starts))
            assert "Hand 1." in summary and not summary.startswith("Back at")
            stood_in = snapshot.stood_in
            assert summary.startswith("While you were away, ") == (
                stood_in is not None
            ), (summary, stood_in)
            await page.close()

    run(scenario(), timeout=120)


async def _said_before_chat(page: NetPlayer) -> list[str]:
    """The lines said to ``page``, to the last: the page then sends a chat line,
    and the lines said before it are read. (The server words what it sent the
    page in the order sent: the chat line's words follow all of it.)"""
    await page.send({"type": "chat", "text": "now"})
    lines: list[str] = []
    said_back = f"{page.name}: now"
    while said_back not in lines:
        lines += [line.text for line in (await _said(page)).lines]
    assert lines[-1] == said_back, lines
    return lines[:-1]


WATCHING_AFTER = (
    "If the host starts another game here, you will watch it too; Leave the table "
    "goes back to the lobby."
)
"""What the page offers a spectator at a finished game."""


def test_a_page_at_a_finished_game_or_back_at_it_hears_it_is_over_once(
    tmp_path: Path,
) -> None:
    """Ann's page plays a game with three computer players to its end. A page
    that comes to watch it, and Ann's page opened again, hear where things stand
    with the game over once. QA heard "The game is over. ... The game is over."
    in one line; Ann's page then a third time: "The game is over. Start the game
    plays again ...". The buttons' words are still said to her."""

    async def scenario() -> tuple[list[str], list[str]]:
        async with running_server(
            tmp_path / "server.db", bot_workers=1, takeover_seconds=30.0
        ) as server:
            url = url_of(server)
            page = NetPlayer(url, "Ann", render=True)
            await page.connect()
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await _start_with_bots(page, rules)
            await page.play_to_the_end()
            table = page.table_id
            watcher = NetPlayer(url, "Wat", render=True)
            await watcher.connect()
            await _said(watcher)  # the lobby
            await watcher.send({"type": "spectate", "table": table, "chair": 0})
            watching = await _said_before_chat(watcher)
            await page.close()
            again = NetPlayer(url, "Ann", render=True, token=page.token)
            await again.connect()
            back = await _said_before_chat(again)
            await again.close()
            await watcher.close()
            return watching, back

    watching, back = run(scenario(), timeout=120)
    for lines in (watching, back):
        assert sum(line.count("The game is over.") for line in lines) == 1, lines
    assert watching[-2].startswith("The game is over. Ann and "), watching
    # Then what the page offers a spectator there (before: nothing).
    assert watching[-1] == WATCHING_AFTER, watching
    assert back[0].startswith("Back at the table. The game is over. "), back
    assert back[-1] == (
        "Start the game plays again with the same players; Leave the table goes "
        "back to the lobby."
    ), back


async def _said_lines_until(player: NetPlayer, text: str) -> list[p.SaidLine]:
    """Said lines until one says ``text`` (bounded by WAIT per frame)."""
    lines: list[p.SaidLine] = []
    while not any(line.text == text for line in lines):
        lines += (await _said(player)).lines
    return lines


def test_the_pages_chat_and_comings_and_goings_are_remarks_a_does_not_repeat(
    tmp_path: Path,
) -> None:
    """QA: at her turn to bid, Ann sent a chat line, and the page's A (as the
    game's) said "Ann: ok" back, not her turn. Each line the page is sent says
    whether it is a remark by the way (``aside``): chat lines, and at the game's
    table someone coming or going, as the game's table has them; the page keeps
    them in its messages, but A repeats the line before them."""

    async def scenario() -> list[p.SaidLine]:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            url = url_of(server)
            page, bob = await _ann_page_two_bots_and_bob(url)
            await page.send({"type": "start_game"})
            await bob.expect(p.TableSnapshot)  # the game starts
            await bob.send({"type": "leave"})  # a computer takes his seat
            await bob.expect(p.Lobby)
            lines: list[p.SaidLine] = []
            while not any(line.cue == "your_turn" for line in lines):
                lines += (await _said(page)).lines
            await page.send({"type": "chat", "text": "ok"})
            lines += await _said_lines_until(page, "Ann: ok")
            watcher = NetPlayer(url, "Wat")
            await watcher.connect()
            await watcher.send({"type": "spectate", "table": page.table_id, "chair": 0})
            await watcher.expect(p.TableSnapshot)
            await watcher.send({"type": "chat", "text": "hi"})
            lines += await _said_lines_until(page, "Wat: hi")
            await watcher.close()
            lines += await _said_lines_until(page, "Wat stopped watching.")
            for player in (bob, page):
                await player.close()
            return lines

    lines = run(scenario(), timeout=120)
    left, *rest = [line.text for line in lines if line.aside]
    assert left.startswith("Bob left the table; "), lines
    assert rest == ["Ann: ok", "Wat is watching.", "Wat: hi", "Wat stopped watching."]
    turn = next(line for line in lines if line.cue == "your_turn")
    assert turn.text.startswith("Your turn to bid."), turn
    assert not turn.aside


def test_the_page_says_the_game_is_starting_before_its_first_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """QA: T or V between the game's start and its first deal said "The next hand
    is being dealt."; the page now says what the game says, that the game is
    starting and the cards are being dealt. (The first deal is held back, the
    moment being a blink at a real server.)"""
    go = asyncio.Event()
    run_clock = running.run_clock

    async def held(table: NetTable) -> None:
        await go.wait()
        await run_clock(table)

    monkeypatch.setattr(running, "run_clock", held)

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db") as server:
            page = NetPlayer(url_of(server), "Ann", render=True)
            await page.connect()
            await _said(page)  # the lobby
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await _start_with_bots(page, rules)
            await _lines_until(page, lambda t: t.startswith("New game"))
            starting = "The game is starting: the cards are being dealt."
            assert await _answer(page, "t") == starting
            assert await _answer(page, "v") == starting
            go.set()
            await _lines_until(page, lambda t: t.startswith("Hand 1. "))
            await page.close()

    run(scenario(), timeout=120)


REDEAL_SEED = 1
"""A table seed whose first deal gives the host's seat (the first) one spade, the
others two or more: only the host is offered a redeal."""


def test_the_page_and_a_watcher_hear_a_hand_thrown_in_as_dealt_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """QA: in the pause after a redeal of hand 1, T and V said "The next hand is
    being dealt.", and one who came to watch heard "Hand 1.", the cards thrown in
    and that. Now, as the game says it at the redeal: "The cards are dealt
    again." (the pause before a deal held long)."""
    monkeypatch.setattr(
        table_module,
        "secrets",
        SimpleNamespace(
            randbits=lambda _bits: REDEAL_SEED, token_hex=secrets.token_hex
        ),
    )
    # The pause after a redeal (the trick's, as a person's answer sets it).
    held = Delays(bot=0, trick=600_000, hand=600_000)

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db", delays=held) as server:
            url = url_of(server)
            page = NetPlayer(url, "Ann", render=True)
            await page.connect()
            await _said(page)  # the lobby
            rules = {
                "preset": "open_spades",
                "target_score": None,
                "hand_limit": 1,
                "blind_nil_allowed": False,
            }
            await _start_with_bots(page, rules)
            await _lines_until(page, lambda t: "one spade or none" in t)
            await page.send({"type": "key", "key": "y"})
            lines = await _lines_until(page, lambda t: "throw in" in t)
            assert lines[-1] == "You throw in your hand. The cards are dealt again."
            again = "The cards are dealt again."
            assert await _answer(page, "t") == again
            assert await _answer(page, "v") == again
            watcher = NetPlayer(url, "Carl", render=True)
            await watcher.connect()
            await _said(watcher)  # the lobby
            table = next(iter(server.tables))
            await watcher.send({"type": "spectate", "table": table, "chair": 0})
            lines = await _lines_until(watcher, lambda t: t.startswith("Hand 1."))
            assert lines[-1].startswith(f"Hand 1. {again} "), lines
            assert "Your cards" not in lines[-1] and "next hand" not in lines[-1]
            await watcher.close()
            await page.close()

    run(scenario(), timeout=120)


def test_the_last_card_a_computer_plays_for_one_away_is_said_as_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Away at her turn, Ann has Hazel play her hand for her, and the page says
    each card as Hazel's ("Hazel plays the 4 of clubs for you."); the game's last
    card too. Before, that one was worded once the game was over (no seat is
    played for then): "You play the 4 of clubs.", as if Ann had played it.

    Milly, on Ann's left, is dealt every spade: she wins every trick and leads
    the next, so the last card of the game is Ann's seat's, whatever anyone
    plays.
    """
    suits = "CSHD"  # Ann: the clubs; Milly: the spades; Bert, Poppy: the rest
    hands = tuple(
        tuple(Card.parse(rank + suit) for rank in "23456789TJQKA") for suit in suits
    )
    monkeypatch.setattr(table_core, "shuffled_deal", lambda _rules, _rng: hands)

    async def scenario() -> None:
        async with running_server(
            tmp_path / "server.db", bot_workers=1, away_seconds=0.3
        ) as server:
            page = NetPlayer(url_of(server), "Ann", render=True)
            await page.connect()
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await _start_with_bots(page, rules)
            lines = await _lines_until(page, lambda t: t.startswith("Game over."))
            told = lines.index(
                "The table waited too long for you: a computer player now plays"
                " for you. Press any key at the table to play again."
            )
            assert not [t for t in lines if t.startswith(("You play ", "You bid "))]
            ann = [t for t in lines[told:] if t.endswith(" for you.")]
            assert len(ann) == 14, ann  # the bid, and the 13 cards
            assert all(t.startswith("Hazel ") for t in ann), ann
            plays = [t for t in lines if " plays the " in t]
            assert plays[-1] == ann[-1], plays[-4:]  # the last card: Hazel's
            await page.close()

    run(scenario(), timeout=120)


async def _focus_line(page: NetPlayer) -> list[p.SaidLine]:
    """The lines said until a card the focus moved to (other news may come first)."""
    lines: list[p.SaidLine] = []
    while not any(line.cue == "card_focus" for line in lines):
        lines += (await _said(page)).lines
    return lines


def test_the_pages_first_tab_of_a_turn_goes_on_from_the_card_end_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """QA: with the cursor on the queen of hearts (End) before Ann's lead came,
    Tab said "queen of hearts, playable" without moving; only the next one went
    round to the 3 of clubs. End said that card: the turn's first Tab goes on
    from it, as the local game's Tab does from the last card (round to the first
    card she may play, the end of the list said first).

    Ann is dealt every club: whoever leads, each of her cards may be played at
    her first turn. She presses End while bidding (the ace), then bids."""
    suits = "CSHD"  # Ann: the clubs; the computer players: the rest
    hands = tuple(
        tuple(Card.parse(rank + suit) for rank in "23456789TJQKA") for suit in suits
    )
    monkeypatch.setattr(table_core, "shuffled_deal", lambda _rules, _rng: hands)

    async def scenario() -> tuple[list[p.SaidLine], list[p.SaidLine]]:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            page = NetPlayer(url_of(server), "Ann", render=True)
            await page.connect()
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await _start_with_bots(page, rules)
            while not (page.turn and page.turn.phase is Phase.BIDDING):
                await page.recv()
            await page.send({"type": "key", "key": "end"})
            end = await _focus_line(page)
            await page.react()  # her bid
            while not (page.turn and page.turn.phase is Phase.PLAYING):
                await page.recv()
            await page.send({"type": "key", "key": "tab"})
            tab = await _focus_line(page)
            await page.close()
            return end, tab

    end, tab = run(scenario(), timeout=120)
    assert end[-1].text.startswith(card_name(Card.parse("AC"))), end
    first = card_name(Card.parse("2C"))
    assert tab[-1].text.startswith(first), tab
    assert tab[-2].cue == "edge", tab  # round from the last card to the first


def _help_after_the_game(lines: list[str]) -> list[str]:
    """The lines of F1's help that name a key of the play or of a seat."""
    keys = ("Enter:", "Space:", "N:", "G:", "B:", "Tab:", "H:", "J:")
    return [line for line in lines if line.startswith(keys)]


def test_a_spectators_help_at_a_finished_game_lists_only_what_answers(
    tmp_path: Path,
) -> None:
    """QA: watching a finished game, F1 listed "Enter: play the card, or choose
    it to pass.", Space's and N's play, and G's reminder, though Enter, Space
    and N only say "The game is over." there and G "You are watching: only the
    players can do that.". F1 lists none of them; the questions it lists
    (scores, the last trick) still answer."""

    async def scenario() -> tuple[list[str], list[str]]:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            url = url_of(server)
            page = NetPlayer(url, "Ann", render=True)
            await page.connect()
            watcher = NetPlayer(url, "Wat", render=True)
            await watcher.connect()
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await page.send({"type": "create_table", "name": "T", "rules": rules})
            table = (await page.expect(p.TableSnapshot)).table.id
            for seat, who in enumerate(BOTS, start=1):
                await page.send({"type": "add_bot", "seat": seat, "character": who})
            await watcher.send({"type": "spectate", "table": table, "chair": 0})
            await watcher.expect(p.TableSnapshot)
            await page.send({"type": "start_game"})
            await page.play_to_the_end()
            await _lines_until(watcher, lambda t: t.startswith("Game over."))
            watched = await _help(watcher)
            late = NetPlayer(url, "Late", render=True)
            await late.connect()
            await late.send({"type": "spectate", "table": table, "chair": 1})
            await late.expect(p.TableSnapshot)
            arrived = await _help(late)
            for key in ("return", "n"):
                await late.send({"type": "key", "key": key})
                said = await _said(late)
                assert [line.text for line in said.lines] == ["The game is over."]
            for player in (late, watcher, page):
                await player.close()
            return watched, arrived

    watched, arrived = run(scenario(), timeout=120)
    for keys in (watched, arrived):
        assert not _help_after_the_game(keys), keys
        assert "S: the scores." in keys and "L: the last trick." in keys, keys


SAT_DOWN_AFTER = (
    "The host can start another game here; Leave the table goes back to the lobby."
)


def test_sitting_down_at_a_finished_game_on_the_page_says_what_the_buttons_offer(
    tmp_path: Path,
) -> None:
    """QA: Bob sat down in the seat Carl left after the game and heard which seat
    and the result, not what his buttons offer, which those who played it hear.
    F1 there listed the keys of a game under way (B, Tab, G, H, Enter's "play
    the card"), none of which does anything once the game is over."""

    async def scenario() -> tuple[list[str], list[str]]:
        async with running_server(tmp_path / "server.db", bot_workers=1) as server:
            url = url_of(server)
            page, carl, table = await _host_two_bots_and_guest(
                url, "Ann", "Carl", render=True
            )
            await page.send({"type": "start_game"})
            await asyncio.gather(page.play_to_the_end(), carl.play_to_the_end())
            await carl.send({"type": "leave"})
            await carl.expect(p.Lobby)
            bob = NetPlayer(url, "Bob", render=True)
            await bob.connect()
            await _said(bob)  # the lobby
            await bob.send({"type": "join_seat", "table": table, "seat": 3})
            arrival: list[str] = []
            while SAT_DOWN_AFTER not in arrival:  # (before it: the seat, the result)
                arrival += [line.text for line in (await _said(bob)).lines]
            keys = await _help(bob)
            for player in (bob, carl, page):
                await player.close()
            return arrival, keys

    arrival, keys = run(scenario(), timeout=120)
    assert arrival[0] == "You sit in seat 4 at table T. Your partner is Milly.", arrival
    assert arrival[1].startswith("The game is over. "), arrival
    assert arrival[2:] == [SAT_DOWN_AFTER], arrival
    assert not _help_after_the_game(keys), keys
    assert "S: the scores." in keys, keys
