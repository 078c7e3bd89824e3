"""Back after a takeover: the snapshot says what the computer player did for the seat.

A person whose connection dropped hears, back, "You bid 3" and finds cards gone from
their hand: the snapshot's ``stood_in`` (version 6) tells which of their seat's
actions the computer standing in made, so the game can say so. Nothing done for
them: no ``stood_in``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

import pytest
from net_client import NetPlayer, run, running_server, url_of
from remote_snapshots import one_hand_you_win_first, served, table_info

from audiospades.app.hint_ahead import HintAhead
from audiospades.commands import Command
from audiospades.net import codec
from audiospades.net import protocol as p
from audiospades.net.protocol import SeatKind
from audiospades.net.seats import SeatHolder
from audiospades.net.table import NetTable
from audiospades.net.versions import for_version
from audiospades.notices import Notice
from audiospades.presenter.online import table_summary, taken_over_text
from audiospades.presenter.replies import reply_utterances
from audiospades.presenter.words import bid_words
from audiospades.rules import (
    Bid,
    BidMade,
    CardPlayed,
    CardsPassed,
    Game,
    HandDealt,
    Phase,
    RedealRequested,
    Rules,
)
from audiospades.table_control import TableController
from audiospades.table_core import TAKEOVER_CHARACTER

BOB = 2
"""Bob's seat (Ann hosts in seat 0; computers in 1 and 3)."""


async def _table_for_two(ann: NetPlayer, bob: NetPlayer) -> str:
    await ann.connect()
    await bob.connect()
    rules = {"preset": "pagat", "hand_limit": 2}
    await ann.send({"type": "create_table", "name": "Away", "rules": rules})
    table = (await ann.expect(p.TableSnapshot)).table.id
    await bob.send({"type": "join_seat", "table": table, "seat": BOB})
    await bob.expect(p.TableSnapshot)
    await ann.send({"type": "add_bot", "seat": 1, "character": "milly"})
    await ann.send({"type": "add_bot", "seat": 3, "character": "bert"})
    await ann.send({"type": "start_game"})
    return table


async def _until_seat_changes(ann: NetPlayer, change: p.SeatChange) -> None:
    """Ann reads (acting on her turns) until Bob's seat has ``change``."""
    while True:
        message = await ann.recv()
        await ann.react()
        if isinstance(message, p.SeatChanged) and message.change is change:
            assert message.seat == BOB
            return


async def _stand_in_plays(ann: NetPlayer) -> list[Notice]:
    """Ann plays on until the stand-in has played four of Bob's cards (the last
    three are named, with the count), then lets her turn wait: what it did for
    Bob, as Ann saw it."""
    taken_at = len(ann.notices)
    while (
        sum(isinstance(n, CardPlayed) and n.seat == BOB for n in ann.notices[taken_at:])
        < 4
    ):
        await ann.recv()
        await ann.react()
    while ann.turn is None and not ann.questions:
        await ann.recv()
    done = _bobs_this_hand(ann.notices[taken_at:])
    assert isinstance(done[0], BidMade), done
    return done


def _bobs_this_hand(notices: list[Notice]) -> list[Notice]:
    """Bob's bids, passes and plays among ``notices``, since the last deal."""
    deals = [i for i, n in enumerate(notices) if isinstance(n, HandDealt)]
    since = notices[deals[-1] + 1 :] if deals else notices
    return [
        n
        for n in since
        if (isinstance(n, BidMade | CardPlayed) and n.seat == BOB)
        or (isinstance(n, CardsPassed) and n.from_seat == BOB)
    ]


@pytest.mark.parametrize("page", [False, True], ids=["game", "page"])
def test_back_after_a_takeover_the_snapshot_has_what_was_done_for_the_seat(
    tmp_path: Path, page: bool
) -> None:
    """Bob drops before bidding; the computer standing in bids and plays for him
    while Ann plays on; Ann stops at her turn; Bob is back: his snapshot's
    ``stood_in`` holds exactly the bid and cards of his seat that Ann saw made
    after the takeover, and no earlier hand. Back as a browser page from before
    the field (saying hello with version 5), the words the server sends it say
    so, before the hand."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db", takeover_seconds=0.3) as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            await _table_for_two(ann, bob)
            await bob.expect(p.TableSnapshot)  # the game starts
            await bob.ws.close()  # type: ignore[union-attr]
            await _until_seat_changes(ann, p.SeatChange.TAKEN_OVER)
            done = await _stand_in_plays(ann)

            # A page of version 5 (one cached from an older server): its frames
            # go without ``stood_in``, and the server's words say what was done.
            version = 5 if page else p.PROTOCOL_VERSION
            back = NetPlayer(url, "Bob", token=bob.token, render=page, version=version)
            await back.connect()
            snapshot = await back.expect(p.TableSnapshot)
            assert snapshot.seat == BOB
            if page:
                assert snapshot.stood_in is None
                assert '"stood_in"' not in back.frames[-1]
            else:
                assert snapshot.stood_in is not None
                assert snapshot.stood_in.hands == 0
                # Who stood in (Milly and Bert sit at the table: Hazel).
                assert snapshot.stood_in.character == TAKEOVER_CHARACTER
                told = [codec.decode_notice(w) for w in snapshot.stood_in.notices]
                assert told == done
            if page:
                said = await back.expect(p.Said)
                bid = done[0].bid
                count = sum(isinstance(n, CardPlayed) for n in done)
                words = (
                    "Back at the table. While you were away, Hazel, a computer"
                    f" player, played for you. It bid {bid_words(bid)}. It played"
                    f" {count} cards; the last three were "
                )
                assert any(line.text.startswith(words) for line in said.lines), (
                    said.lines
                )
            await ann.close()
            await back.close()

    run(scenario())


def test_sitting_down_again_after_leaving_the_snapshot_has_what_was_done(
    tmp_path: Path,
) -> None:
    """Bob leaves the game before bidding (a computer takes his seat for good,
    free for anyone); he sits down in it again: back, not new, and told what the
    computer did for his seat meanwhile."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db", takeover_seconds=0.3) as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            table = await _table_for_two(ann, bob)
            await bob.expect(p.TableSnapshot)  # the game starts
            await bob.send({"type": "leave"})
            await bob.expect(p.Lobby)
            await _until_seat_changes(ann, p.SeatChange.LEFT)
            done = await _stand_in_plays(ann)
            await bob.send({"type": "join_seat", "table": table, "seat": BOB})
            snapshot = await bob.expect(p.TableSnapshot)
            assert snapshot.seat == BOB and snapshot.stood_in is not None
            told = [codec.decode_notice(w) for w in snapshot.stood_in.notices]
            assert told == done
            assert snapshot.stood_in.character == TAKEOVER_CHARACTER
            await ann.close()
            await bob.close()

    run(scenario())


def test_back_after_a_takeover_that_did_nothing_no_stood_in(tmp_path: Path) -> None:
    """Bob drops while the table waits on Ann's turn: the computer takes his seat
    but does nothing for him before he is back, and his snapshot has no
    ``stood_in`` (and its frame no such field)."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db", takeover_seconds=0.3) as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            await _table_for_two(ann, bob)

            # Both play until it is Ann's turn (Bob acts on his; Ann waits on hers).
            while ann.turn is None:
                if ann.view is not None and ann.view.to_act == BOB:
                    while bob.turn is None:
                        await bob.recv()
                    await bob.react()
                    while ann.turn is None and ann.view.to_act == BOB:
                        await ann.recv()
                else:
                    await ann.recv()
            await bob.ws.close()  # type: ignore[union-attr]
            while True:
                message = await ann.recv()
                if (
                    isinstance(message, p.SeatChanged)
                    and message.change is p.SeatChange.TAKEN_OVER
                ):
                    break
            back = NetPlayer(url, "Bob", token=bob.token)
            await back.connect()
            snapshot = await back.expect(p.TableSnapshot)
            assert snapshot.seat == BOB and snapshot.view is not None
            assert snapshot.stood_in is None
            assert '"stood_in"' not in back.frames[-1]
            await ann.close()
            await back.close()

    run(scenario())


def test_stood_in_is_left_out_for_a_version_5_client() -> None:
    """A version 5 client refuses a field it does not know (the whole snapshot
    with it): it is sent the snapshot without ``stood_in``."""
    info = table_info()
    done = codec.encode_notices([BidMade(2, Bid(3))])
    snapshot = p.TableSnapshot(
        table=info,
        seat=2,
        chair=2,
        is_host=False,
        code=None,
        view=None,
        notices=[],
        stood_in=p.StoodIn(hands=1, notices=done),
    )
    assert '"stood_in"' in p.encode(snapshot)
    assert for_version(snapshot, p.PROTOCOL_VERSION) is snapshot
    older = for_version(snapshot, 5)
    assert older is not None and '"stood_in"' not in p.encode(older)


def test_where_a_stand_in_began_is_kept_with_the_seat() -> None:
    """A server restarted during a takeover still knows from which event the
    computer stood in (the seat is saved with it); a bad value reads as unknown."""
    holder = SeatHolder(SeatKind.HUMAN, "p1", "Bob", "hazel", stand_in=True)
    holder.stood_in_from = 7
    assert SeatHolder.from_json(holder.to_json()).stood_in_from == 7
    for bad in (-1, "7", True, None):
        data = holder.to_json() | {"stood_in_from": bad}
        assert SeatHolder.from_json(data).stood_in_from is None
    holder.stop_standing_in()
    assert holder.stood_in_from is None


def test_back_after_the_game_ended_while_away_the_seat_still_tells(
    tmp_path: Path,
) -> None:
    """Bob drops; the computer standing in plays his seat to the game's end (his
    seat becomes the computer's then); Bob, back, sits in it again: he is told the
    game was played for him, not left to take the result as his own."""

    async def scenario() -> None:
        async with running_server(tmp_path / "s.db", takeover_seconds=0.3) as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            table = await _table_for_two(ann, bob)
            await bob.expect(p.TableSnapshot)  # the game starts
            await bob.ws.close()  # type: ignore[union-attr]
            await _until_seat_changes(ann, p.SeatChange.TAKEN_OVER)
            await ann.play_to_the_end()
            back = NetPlayer(url, "Bob", token=bob.token)
            await back.connect()
            await back.send({"type": "join_seat", "table": table, "seat": BOB})
            snapshot = await back.expect(p.TableSnapshot)
            assert snapshot.seat == BOB
            assert snapshot.stood_in is not None
            assert snapshot.stood_in.hands >= 1
            await ann.close()
            await back.close()

    run(scenario())


def test_a_restarted_server_keeps_what_the_stand_in_did_before_it(
    tmp_path: Path,
) -> None:
    """Bob drops; the computer plays for him; the server restarts (its timers
    run out again for Bob's seat, already stood in for); Bob, back after that,
    is still told all it did, not only what came after the restart."""
    db = tmp_path / "s.db"

    async def scenario() -> None:
        async with running_server(db, takeover_seconds=0.3) as server:
            url = url_of(server)
            ann, bob = NetPlayer(url, "Ann"), NetPlayer(url, "Bob")
            await _table_for_two(ann, bob)
            await bob.expect(p.TableSnapshot)  # the game starts
            await bob.ws.close()  # type: ignore[union-attr]
            await _until_seat_changes(ann, p.SeatChange.TAKEN_OVER)
            done = await _stand_in_plays(ann)  # Ann's turn waits
            await ann.close()
        async with running_server(db, takeover_seconds=0.3) as server:
            url = url_of(server)
            again = NetPlayer(url, "Ann", token=ann.token)
            await again.connect()  # before her own takeover: her turn waits
            await again.expect(p.TableSnapshot)
            await asyncio.sleep(1.0)  # Bob's timer, set at the restart, runs out
            back = NetPlayer(url, "Bob", token=bob.token)
            await back.connect()
            snapshot = await back.expect(p.TableSnapshot)
            assert snapshot.seat == BOB and snapshot.stood_in is not None
            told = [codec.decode_notice(w) for w in snapshot.stood_in.notices]
            assert told == done
            await again.close()
            await back.close()

    run(scenario())


def test_character_and_redeals_are_left_out_for_a_version_6_client() -> None:
    """A version 6 client refuses a field it does not know: its ``stood_in`` has
    no ``character`` or ``redeals`` (none at all if a redeal was all there was)."""
    done = codec.encode_notices([BidMade(2, Bid(3))])
    full = p.StoodIn(hands=1, notices=done, character="hazel", redeals=1)

    def snapshot(stood_in: p.StoodIn) -> p.TableSnapshot:
        return p.TableSnapshot(
            table=table_info(),
            seat=2,
            chair=2,
            is_host=False,
            code=None,
            view=None,
            notices=[],
            stood_in=stood_in,
        )

    newest = snapshot(full)
    assert for_version(newest, p.PROTOCOL_VERSION) is newest
    older = for_version(newest, 6)
    assert isinstance(older, p.TableSnapshot)
    assert older.stood_in == p.StoodIn(hands=1, notices=done)
    frame = p.encode(older)
    assert '"character"' not in frame and '"redeals"' not in frame
    only_a_redeal = for_version(snapshot(p.StoodIn(character="hazel", redeals=1)), 6)
    assert isinstance(only_a_redeal, p.TableSnapshot)
    assert only_a_redeal.stood_in is None


def test_the_stood_in_report_names_the_stand_in_and_counts_its_redeals() -> None:
    """The computer standing in for Bob (seat 2) threw in his hand once, then bid:
    his report names it and counts the redeal, which no notice of the hand under
    way shows (the cards were dealt again)."""
    game = Game(Rules.pagat())
    game.events[:] = [
        HandDealt(0, 0),
        RedealRequested(2),
        HandDealt(1, 0),
        BidMade(2, Bid(3)),
    ]
    game.phase = Phase.BIDDING
    holder = SeatHolder(SeatKind.HUMAN, "p2", "Bob", "hazel", stand_in=True)
    holder.stood_in_from = 0
    table = SimpleNamespace(core=SimpleNamespace(game=game))
    report = NetTable._done_for(table, 2, holder)  # type: ignore[arg-type]
    assert report is not None
    assert (report.character, report.redeals, report.hands) == ("hazel", 1, 0)
    assert [codec.decode_notice(w) for w in report.notices] == [BidMade(2, Bid(3))]
    game.events[:] = game.events[:3]  # thrown in, not bid yet: still told
    report = NetTable._done_for(table, 2, holder)  # type: ignore[arg-type]
    assert report is not None and report.redeals == 1 and not report.notices


def test_whose_turn_while_a_computer_plays_ones_seat_is_the_computers() -> None:
    """Away at one's bid, a computer plays the seat: T (and Space with no trick
    to gather) says the turn as the picture's header does, "To bid: Hazel, for
    you", in the game and on the page alike (one controller and presenter).
    Before, "Your turn to bid.", inviting a bid one cannot make. Back in the
    seat, it is one's own turn again."""
    core, remote = one_hand_you_win_first()
    for _ in served(core, remote):
        if remote.is_human_turn:
            break
    assert remote.view().phase is Phase.BIDDING and remote.view().to_act == 0
    control = TableController(remote, HintAhead(background=False))

    def answers() -> list[str]:
        out = []
        for command in (Command.WHOSE_TURN, Command.CONTINUE):
            reply = control.handle(command)
            assert reply is not None
            out += [u.text for u in reply_utterances(reply, control.view, remote.names)]
        return out

    def seat_0(stand_in: bool) -> p.SeatInfo:
        return p.SeatInfo(
            seat=0,
            kind=SeatKind.HUMAN,
            name="A",
            character=TAKEOVER_CHARACTER if stand_in else None,
            stand_in=stand_in,
        )

    others = [
        p.SeatInfo(seat=s, kind=SeatKind.COMPUTER, name=n.title(), character=n)
        for s, n in ((1, "milly"), (2, "bert"), (3, "poppy"))
    ]
    remote.take_info(table_info(seats=[seat_0(True), *others]))
    assert remote.is_stood_in
    assert answers() == ["To bid: Hazel, for you"] * 2
    remote.take_info(table_info(seats=[seat_0(False), *others]))
    assert answers() == ["Your turn to bid."] * 2


def test_where_things_stand_while_a_computer_plays_ones_turn_says_whose_it_is() -> None:
    """Back while a computer plays one's seat at one's bid: the summary (the
    game's and the page's, one function) says whose turn it is as T says it at
    that moment, "To bid: Hazel, for you.", then how to take the seat back.
    Before, it left the turn out, though T named it."""
    core, remote = one_hand_you_win_first()
    for _ in served(core, remote):
        if remote.is_human_turn:
            break
    seats = [
        p.SeatInfo(
            seat=0,
            kind=SeatKind.HUMAN,
            name="A",
            character=TAKEOVER_CHARACTER,
            stand_in=True,
        ),
        *(
            p.SeatInfo(seat=s, kind=SeatKind.COMPUTER, name=n.title(), character=n)
            for s, n in ((1, "milly"), (2, "bert"), (3, "poppy"))
        ),
    ]
    remote.take_info(table_info(seats=seats))
    assert remote.is_stood_in and remote.view().to_act == 0
    control = TableController(remote, HintAhead(background=False))
    reply = control.handle(Command.WHOSE_TURN)
    assert reply is not None
    said = [u.text for u in reply_utterances(reply, control.view, remote.names)]
    assert said == ["To bid: Hazel, for you"]
    summary = table_summary(remote, returning=True)
    assert " To bid: Hazel, for you. " in summary, summary
    assert "Your turn" not in summary
    assert summary.endswith(taken_over_text()), summary
