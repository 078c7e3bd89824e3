"""The game's own online client (connection thread, OnlineClient, RemoteTable)
against a real server on loopback: it plays through the same face as a local game,
hears the table from seat 0, and reconnects by itself."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import msgspec
from net_client import choose_bid, fast_config

from audiospades.net import protocol as p
from audiospades.net.client import Connection, LinkState
from audiospades.net.remote import NewsKind, OnlineClient, RemoteTable
from audiospades.net.server import Server
from audiospades.net.store import Store
from audiospades.notices import GameFinished, Question, YourTurn
from audiospades.rules import CardPlayed, HandScored, Phase

DEADLINE = 60.0


@contextmanager
def server_thread(db: Path, **changes: object) -> Iterator[Server]:
    """A real server on 127.0.0.1, on an event loop of its own thread."""
    ready = threading.Event()
    holder: dict[str, object] = {}

    def run() -> None:
        async def main() -> None:
            store = Store(db)
            server = Server(fast_config(**changes), store)
            await server.start()
            holder["server"], holder["loop"] = server, asyncio.get_running_loop()
            stop = asyncio.Event()
            holder["stop"] = stop
            ready.set()
            await stop.wait()
            await server.close()
            store.close()

        asyncio.run(main())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(10)
    server = holder["server"]
    assert isinstance(server, Server)
    try:
        yield server
    finally:
        loop = holder["loop"]
        assert isinstance(loop, asyncio.AbstractEventLoop)
        loop.call_soon_threadsafe(holder["stop"].set)  # type: ignore[attr-defined]
        thread.join(10)


def _client(server: Server, name: str, backoff: float = 0.1) -> OnlineClient:
    """A client connected to ``server``, reconnecting after ``backoff`` seconds."""
    connection = Connection(f"ws://127.0.0.1:{server.port}", name, backoff=(backoff,))
    connection.start()
    return OnlineClient(connection)


def _drop(connection: Connection) -> None:
    """Close the connection's socket from under it, as a network failure would."""
    socket = connection._socket
    assert socket is not None and connection._loop is not None
    asyncio.run_coroutine_threadsafe(socket.close(), connection._loop)


def _at_a_new_table(
    server: Server, name: str, backoff: float
) -> tuple[OnlineClient, Connection]:
    """A client that reconnects after ``backoff`` seconds, at a one-hand table
    of its own (in the waiting room)."""
    connection = Connection(f"ws://127.0.0.1:{server.port}", name, backoff=(backoff,))
    connection.start()
    client = OnlineClient(connection)
    _until(lambda: client.welcome is not None, client)
    client.send(p.CreateTable(name="Ours", rules={"preset": "pagat", "hand_limit": 1}))
    _until(lambda: client.table is not None, client)
    return client, connection


def _until(done: Callable[[], bool], *clients: OnlineClient) -> None:
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        for client in clients:
            client.pump()
        if done():
            return
        time.sleep(0.01)
    raise AssertionError("timed out")


def _start_with_two_computers(
    ann: OnlineClient, bob: OnlineClient, computers: tuple[str, str]
) -> None:
    """Ann opens a one-hand table, Bob sits in seat 1, two computers (these
    characters) in seats 2 and 3, and Ann starts the game."""
    _until(lambda: ann.welcome is not None and bob.welcome is not None, ann, bob)
    ann.send(p.CreateTable(name="Ours", rules={"preset": "pagat", "hand_limit": 1}))
    _until(lambda: ann.table is not None, ann)
    assert ann.table is not None
    bob.send(p.JoinSeat(table=ann.table.info.id, seat=1))
    _until(lambda: bob.table is not None, bob)
    for seat, character in enumerate(computers, start=2):
        ann.send(p.AddBot(seat=seat, character=character))
    ann.send(p.StartGame())


def _act(table: RemoteTable, pending: list[object]) -> None:
    """What a player at the keys would do: answer no, bid near 3, play the lowest."""
    for notice in pending:
        if isinstance(notice, Question):
            table.answer(False)
        elif isinstance(notice, YourTurn) and table.is_human_turn:
            view = table.view()
            if view.phase is Phase.BIDDING:
                table.human_bid(choose_bid(view))
            elif view.phase is Phase.PASSING:
                table.human_pass(view.hand[: view.rules.blind_nil_pass])
            else:
                table.human_play(min(view.legal_plays))


def test_two_game_clients_play_a_whole_game_through_the_local_face(
    tmp_path: Path,
) -> None:
    with server_thread(tmp_path / "server.db") as server:
        ann, bob = _client(server, "Ann"), _client(server, "Bob")
        try:
            _start_with_two_computers(ann, bob, ("hazel", "milly"))
            heard: dict[str, list[object]] = {"Ann": [], "Bob": []}
            tables = {"Ann": ann, "Bob": bob}

            def step() -> bool:
                for name, client in tables.items():
                    table = client.table
                    if table is None or not table.has_started:
                        continue
                    pending = table.drain()
                    heard[name].extend(pending)
                    _act(table, pending)
                return all(
                    c.table is not None and c.table.finished for c in tables.values()
                )

            _until(step, ann, bob)
            for name, client in tables.items():
                table = client.table
                assert table is not None
                assert table.names[0] == name  # one's own chair is seat 0
                plays = [n for n in heard[name] if isinstance(n, CardPlayed)]
                # One hand, and one more for each tie (a tied game plays on).
                hands = sum(isinstance(n, HandScored) for n in heard[name])
                assert hands >= 1
                assert len(plays) == 52 * hands
                assert {n.seat for n in plays} == {0, 1, 2, 3}
                mine = [n.card for n in plays if n.seat == 0]
                assert len(mine) == 13 * hands
                assert any(isinstance(n, GameFinished) for n in heard[name])
            # Bob sits at seat 1 for the server, and hears Ann at his seat 3.
            ann_plays = [n.card for n in heard["Ann"] if isinstance(n, CardPlayed)]
            bob_plays = [n.card for n in heard["Bob"] if isinstance(n, CardPlayed)]
            assert ann_plays == bob_plays
            ann_seats = [n.seat for n in heard["Ann"] if isinstance(n, CardPlayed)]
            bob_seats = [n.seat for n in heard["Bob"] if isinstance(n, CardPlayed)]
            assert bob_seats == [(s - 1) % 4 for s in ann_seats]
        finally:
            ann.close()
            bob.close()


def test_the_client_says_when_the_link_drops_and_comes_back(tmp_path: Path) -> None:
    with server_thread(tmp_path / "server.db") as server:
        ann = _client(server, "Ann")
        try:
            _until(lambda: ann.welcome is not None, ann)
            token = ann.connection.token
            ann.send(
                p.CreateTable(name="Ours", rules={"preset": "pagat", "hand_limit": 1})
            )
            _until(lambda: ann.table is not None, ann)
            ann.table = None  # a real drop: the server sees the socket close
            _drop(ann.connection)
            states: list[LinkState] = []

            def back() -> bool:
                states.extend(
                    n.link
                    for n in ann.drain_news()
                    if n.kind is NewsKind.LINK and n.link
                )
                return LinkState.RECONNECTED in states

            _until(back, ann)
            assert states == [
                LinkState.CONNECTED,
                LinkState.LOST,
                LinkState.RECONNECTED,
            ]
            assert ann.connection.token == token  # the same identity
            _until(lambda: ann.table is not None, ann)  # the seat comes back
            assert ann.table is not None and ann.table.seat == 0
        finally:
            ann.close()


def test_a_server_that_is_not_there_is_reported_once(tmp_path: Path) -> None:
    connection = Connection(
        "ws://127.0.0.1:9", "Ann", backoff=(0.05,), first_attempts=2
    )
    connection.start()
    client = OnlineClient(connection)
    try:
        _until(lambda: client.link is LinkState.FAILED, client)
        news = [n for n in client.drain_news() if n.kind is NewsKind.LINK]
        assert [n.link for n in news] == [LinkState.FAILED]
        assert news[0].detail
    finally:
        client.close()


def test_a_seat_given_up_before_the_game_sends_the_player_back_to_the_lobby(
    tmp_path: Path,
) -> None:
    """Dropped in the waiting room for longer than the takeover delay, the player
    comes back to the lobby and is told why, rather than to a stale waiting room."""
    with server_thread(tmp_path / "server.db", takeover_seconds=0.2) as server:
        ann, connection = _at_a_new_table(server, "Ann", backoff=1.0)
        try:
            _drop(connection)
            _until(lambda: ann.table is None, ann)
            kinds = [n.kind for n in ann.drain_news()]
            assert NewsKind.SEAT_LOST in kinds
            assert ann.link is LinkState.RECONNECTED
        finally:
            ann.close()


def test_a_spectator_back_after_the_table_closed_is_told_the_table_is_gone(
    tmp_path: Path,
) -> None:
    """Cy watches Ann's table; while his connection is down Ann leaves and the
    table closes. Back, he is told his table is no longer there. Before, he heard
    that his seat was given up before the game began: he had no seat."""
    with server_thread(tmp_path / "server.db") as server:
        ann, cy = _client(server, "Ann"), _client(server, "Cy", backoff=1.0)
        try:
            _until(lambda: ann.welcome is not None and cy.welcome is not None, ann, cy)
            ann.send(p.CreateTable(name="Ours", rules={"preset": "pagat"}))
            _until(lambda: ann.table is not None, ann)
            assert ann.table is not None
            cy.send(p.Spectate(table=ann.table.info.id))
            _until(lambda: cy.table is not None, cy)
            _drop(cy.connection)
            _until(lambda: cy.link is LinkState.LOST, cy)
            ann.leave_table()  # the table closes while Cy is away
            _until(lambda: cy.table is None, ann, cy)
            kinds = [n.kind for n in cy.drain_news()]
            assert NewsKind.TABLE_GONE in kinds and NewsKind.SEAT_LOST not in kinds
        finally:
            ann.close()
            cy.close()


def test_a_player_back_after_the_game_ended_is_told_so(tmp_path: Path) -> None:
    """Ann's connection drops in her game with three computer players; one stands
    in and plays it to the end, the table closes. Back, she is told the game ended
    while she was away (before: that her seat was given up before the game began)."""
    with server_thread(tmp_path / "server.db", takeover_seconds=0.1) as server:
        ann, connection = _at_a_new_table(server, "Ann", backoff=3.0)
        try:
            for seat, character in ((1, "milly"), (2, "bert"), (3, "poppy")):
                ann.send(p.AddBot(seat=seat, character=character))
            ann.send(p.StartGame())
            _until(lambda: ann.table is not None and ann.table.has_started, ann)
            _drop(connection)
            _until(lambda: ann.table is None, ann)
            kinds = [n.kind for n in ann.drain_news()]
            assert NewsKind.GAME_ENDED_AWAY in kinds, kinds
            assert NewsKind.SEAT_LOST not in kinds
        finally:
            ann.close()


def _bob_leaves_the_finished_game(ann: OnlineClient, bob: OnlineClient) -> RemoteTable:
    """Both play the game to its end, then Bob leaves: Ann's table."""

    def step() -> bool:
        for client in (ann, bob):
            table = client.table
            if table is not None and table.has_started:
                _act(table, table.drain())
        return all(c.table is not None and c.table.finished for c in (ann, bob))

    _until(step, ann, bob)
    table = ann.table
    assert table is not None
    bob.leave_table()
    return table


def test_a_seat_left_after_the_game_keeps_its_name_in_that_games_words(
    tmp_path: Path,
) -> None:
    """The game is over and Bob leaves: his seat is empty, but Ann's client still
    calls it Bob in that game's words (the score sheet, S). Before, an empty name,
    which the catalogue turned into its header ("Project-Id-Version...")."""
    with server_thread(tmp_path / "server.db") as server:
        ann, bob = _client(server, "Ann"), _client(server, "Bob")
        try:
            _start_with_two_computers(ann, bob, ("milly", "bert"))
            table = _bob_leaves_the_finished_game(ann, bob)

            def listed() -> str | None:
                assert ann.table is not None
                return next(s.name for s in ann.table.info.seats if s.seat == 1)

            _until(lambda: listed() != "Bob", ann)  # the seat is free now
            assert not listed() and table.names[1] == "Bob"
        finally:
            ann.close()
            bob.close()


def test_notices_come_in_the_names_of_when_they_came(tmp_path: Path) -> None:
    """Bob plays a card and leaves the game before Ann's client words it: his
    seat is a computer's now, but his card is still his in the names for it
    (``names_at``); what comes after is in the new names. Before, the card was
    worded in the name of the computer that sat down after it."""
    with server_thread(tmp_path / "server.db") as server:
        ann, bob = _client(server, "Ann"), _client(server, "Bob")
        try:
            _start_with_two_computers(ann, bob, ("milly", "bert"))

            def bobs_card_is_next() -> bool:
                for client in (ann, bob):
                    table = client.table
                    if table is None or not table.has_started:
                        continue
                    if client is bob and table.view().phase is Phase.PLAYING:
                        continue  # his card is played below
                    _act(table, table.drain())
                table = bob.table
                return (
                    table is not None
                    and table.has_started
                    and table.is_human_turn
                    and table.view().phase is Phase.PLAYING
                )

            _until(bobs_card_is_next, ann, bob)
            mine, his = ann.table, bob.table
            assert mine is not None and his is not None
            seen = mine.perspective.seat(1)  # Bob's seat, as Ann sees it
            his.human_play(min(his.view().legal_plays))

            def bob_played() -> bool:
                return any(
                    isinstance(n, CardPlayed) and n.seat == seen for n in mine._notices
                )

            _until(bob_played, ann)
            bob.leave_table()
            _until(lambda: mine.names[seen] != "Bob", ann)
            first = mine.notice_serial - len(mine._notices)
            notices = mine.drain()
            played = next(
                i
                for i, n in enumerate(notices)
                if isinstance(n, CardPlayed) and n.seat == seen
            )
            assert mine.names_at(first + played)[seen] == "Bob"
            assert mine.names_at(mine.notice_serial)[seen] == mine.names[seen]
        finally:
            ann.close()
            bob.close()


def test_a_spectator_whose_table_closes_is_told_and_back_in_the_lobby(
    tmp_path: Path,
) -> None:
    """Ann, the only person at her table, leaves; the table closes under Cy, who
    watched it. Cy's client leaves the table and says so (before, it stayed on a
    table that was gone, and its keys were refused)."""
    with server_thread(tmp_path / "server.db") as server:
        ann, cy = _client(server, "Ann"), _client(server, "Cy")
        try:
            _until(lambda: ann.welcome is not None and cy.welcome is not None, ann, cy)
            rules = {"preset": "pagat", "hand_limit": 1}
            ann.send(p.CreateTable(name="Ours", rules=rules))
            _until(lambda: ann.table is not None, ann)
            assert ann.table is not None
            for seat, character in ((1, "milly"), (2, "bert"), (3, "poppy")):
                ann.send(p.AddBot(seat=seat, character=character))
            ann.send(p.StartGame())
            _until(lambda: ann.table is not None and ann.table.has_started, ann)
            cy.send(p.Spectate(table=ann.table.info.id))
            _until(lambda: cy.table is not None, cy)
            ann.leave_table()
            _until(lambda: cy.table is None, ann, cy)
            news = [n.kind for n in cy.drain_news()]
            assert NewsKind.TABLE_GONE in news
        finally:
            ann.close()
            cy.close()


def test_the_next_games_start_names_its_players_before_its_first_update(
    tmp_path: Path,
) -> None:
    """Bob leaves the finished game and Bert takes his seat; the next game starts.

    The start is worded ("New game with ...") on its seat news, which may come
    before the new game's first update. Before, the names then were still the
    finished game's: "Milly, Ann and Bob" (seen once in a full test run).
    """
    with server_thread(tmp_path / "server.db") as server:
        ann, bob = _client(server, "Ann"), _client(server, "Bob")
        try:
            _start_with_two_computers(ann, bob, ("milly", "hazel"))
            table = _bob_leaves_the_finished_game(ann, bob)
            _until(lambda: table.info.free_seats == [1], ann)
            assert table.names[table.perspective.seat(1)] == "Bob"
            # The start as it may come: the seat news first, the view after.
            bert = p.SeatInfo(
                seat=1, kind=p.SeatKind.COMPUTER, name="Bert", character="bert"
            )
            seats = [s for s in table.info.seats if s.seat != 1] + [bert]
            started = msgspec.structs.replace(
                table.info, seats=seats, free_seats=[], state=p.TableState.PLAYING
            )
            ann._take(
                p.SeatChanged(
                    change=p.SeatChange.GAME_STARTED, seat=None, name=None,
                    table=started,
                )
            )  # fmt: skip
            assert table.is_over  # (the new game's view has not come)
            assert table.names[table.perspective.seat(1)] == "Bert"
        finally:
            ann.close()
            bob.close()


def test_a_leave_made_while_the_link_is_down_is_not_undone_by_the_reconnection(
    tmp_path: Path,
) -> None:
    """Bob leaves the game while his connection is down. Before: back, the
    server's greeting (the table, his seat still his) seated him again, and the
    leave, read next, gave his seat to a computer: he was left at a dead table."""
    with server_thread(tmp_path / "server.db") as server:
        ann, bob = _client(server, "Ann"), _client(server, "Bob", backoff=1.0)
        try:
            _start_with_two_computers(ann, bob, ("milly", "bert"))
            _until(lambda: bob.table is not None and bob.table.has_started, ann, bob)
            assert bob.table is not None
            table_id = bob.table.info.id
            _drop(bob.connection)
            _until(lambda: bob.link is LinkState.LOST, ann, bob)
            bob.leave_table()
            _until(lambda: bob.link is LinkState.RECONNECTED, ann, bob)
            end = time.monotonic() + 2.0  # what the server says next, too
            while time.monotonic() < end:
                ann.pump()
                bob.pump()
                time.sleep(0.02)
            assert bob.table is None
            assert bob.lobby_count > 0
            held = server.tables[table_id].seats[1]
            assert held.stand_in and held.player is None  # a computer's now
            kinds = [n.kind for n in bob.drain_news()]
            assert NewsKind.REFUSED not in kinds, kinds
        finally:
            ann.close()
            bob.close()


def _pings_answered(
    connection: Connection, count: int, wanted: set[int]
) -> tuple[list[int], list[p.Error]]:
    """Send ``count`` pings at once; the nonces answered (until ``wanted`` all
    are) and the errors that came."""
    for nonce in range(1, count + 1):
        connection.send(p.Ping(nonce=nonce))
    answered: list[int] = []
    errors: list[p.Error] = []
    end = time.monotonic() + DEADLINE
    while not wanted <= set(answered):
        assert time.monotonic() < end, (answered, errors)
        for item in connection.poll():
            if isinstance(item, p.Pong):
                answered.append(item.nonce)
            elif isinstance(item, p.Error):
                errors.append(item)
        time.sleep(0.01)
    return answered, errors


def _greeted(connection: Connection) -> None:
    end = time.monotonic() + DEADLINE
    while connection.player_id is None:
        assert time.monotonic() < end
        time.sleep(0.01)


def test_messages_sent_faster_than_the_rate_limit_are_held_back_not_refused(
    tmp_path: Path,
) -> None:
    """30 messages at once against the server's own limit (10 a second, bursts
    of 20): the client holds back what would be refused, and all are answered, in
    order. Before, the server refused the ones after the 20th, which had no
    effect (a bid or a leave lost), and the client did not know."""
    rate, burst = p.RATE_PER_SECOND, p.RATE_BURST
    with server_thread(tmp_path / "server.db", rate=rate, burst=burst) as server:
        connection = Connection(f"ws://127.0.0.1:{server.port}", "Ann")
        connection.start()
        try:
            _greeted(connection)
            answered, errors = _pings_answered(connection, 30, set(range(1, 31)))
            assert errors == []
            assert answered == list(range(1, 31))
        finally:
            connection.close()


def test_a_stricter_server_names_what_it_refused_and_the_client_slows_down(
    tmp_path: Path,
) -> None:
    """A server started with a lower ``--rate`` than the protocol's refuses part
    of a burst, naming the first message it refused; the client then slows down,
    and what it sends after that all gets through."""
    with server_thread(tmp_path / "server.db", rate=5.0, burst=2) as server:
        connection = Connection(f"ws://127.0.0.1:{server.port}", "Ann")
        connection.start()
        try:
            _greeted(connection)  # the hello took one of the two
            answered, errors = _pings_answered(connection, 24, set(range(21, 25)))
            assert [(e.code, e.request) for e in errors] == [
                (p.ErrorCode.RATE_LIMITED, "ping")
            ]
            assert 2 not in answered  # the first refused
            # Sent once the refusal was in, at the slower pace: none refused.
            late = [n for n in answered if n > answered[-1] - 4]
            assert late == list(range(21, 25))
        finally:
            connection.close()


def test_a_leave_over_the_rate_limit_is_carried_out_all_the_same(
    tmp_path: Path,
) -> None:
    """Ann leaves her table on the heels of other messages, on a server whose
    rate limit (one message every two seconds) refuses them: the pings are
    refused (she is told), but the leave is carried out, and she is out: the
    server closes the table she was alone at. Before, a leave over the limit was
    dropped: her client had gone back to the lobby, she stayed seated at the
    server without knowing, and her client dropped that table's frames for good
    (and a leave sent again after a refusal could be refused too)."""
    with server_thread(tmp_path / "server.db", rate=0.5, burst=2) as server:
        ann = _client(server, "Ann")
        try:
            _until(lambda: ann.welcome is not None, ann)
            rules = {"preset": "pagat", "hand_limit": 1}
            ann.send(p.CreateTable(name="Ours", rules=rules))
            _until(lambda: ann.table is not None, ann)
            ann.send(p.Ping(nonce=1))  # over the limit: refused, and said so
            ann.send(p.Ping(nonce=2))  # refused unsaid
            ann.leave_table()
            _until(lambda: not server.tables, ann)
            refused = [n for n in ann.drain_news() if n.kind is NewsKind.REFUSED]
            assert refused, "nothing was over the limit: the test tested nothing"
            assert {n.code for n in refused} == {p.ErrorCode.RATE_LIMITED}
        finally:
            ann.close()
