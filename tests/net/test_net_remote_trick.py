"""The online table shows a finished trick as a local game does: on the table for
the server's pause, gone when the pause ends (the next lead is announced, or the
views are sent again to the seats that are not to lead)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

import msgspec
from net_client import NetPlayer, run, running_server, url_of
from remote_snapshots import (
    act_for_seat_0,
    one_hand_you_win_first,
    served,
    snapshot_of,
    table_info,
)

from audiospades.net import codec
from audiospades.net import protocol as p
from audiospades.net.remote import RemoteTable
from audiospades.net.wire import WireViewChanges
from audiospades.notices import YourTurn
from audiospades.presenter.online import table_summary
from audiospades.rules import CardPlayed, Phase, SeatView, TrickWon
from audiospades.table_core import Delays


def test_the_last_trick_is_gone_when_your_lead_is_announced() -> None:
    """Locally the finished trick is gathered after its pause, before "Your lead."
    Online the server pauses the same way, then announces the lead: the picture
    must not keep the old trick beside "Your lead.", as if it were in progress."""
    core, remote = one_hand_you_win_first()
    shown_in_the_pause = leads_after_a_trick = 0
    for notices in served(core, remote):
        if isinstance(notices[-1], TrickWon) and not core.is_over:
            shown_in_the_pause += remote.shown_trick == notices[-1]
        for notice in notices:
            if not isinstance(notice, YourTurn):
                continue
            # (A server's core sends a turn with the frame's view: this one.)
            view = core.view(0) if notice.view is None else notice.view
            if view.phase is Phase.PLAYING and not view.trick and view.trick_index:
                leads_after_a_trick += 1
                assert remote.shown_trick is None
            act_for_seat_0(core)
    assert core.is_over
    assert leads_after_a_trick > 0  # seed 6: you win the first trick, and lead
    assert shown_in_the_pause > 0  # ... and a trick shown while the server waits


class _Watching:
    """A spectator's client, read only when a person is about to lead."""

    def __init__(self, player: NetPlayer) -> None:
        self.player = player
        self.remote: RemoteTable | None = None
        self.shown_after_trick = False
        """The last update brought a trick won: it is on the table."""
        self.gathered_before_lead = 0

    async def gathered(self) -> None:
        """Read what the watcher was sent until the finished trick is gathered:
        the server's pause is over (the lead about to be played was announced in
        the same breath). Fails if the watcher is told nothing (WAIT)."""
        while True:
            message = await self.player.recv()
            if isinstance(message, p.TableSnapshot):
                client = SimpleNamespace(welcome=None, count_game=None)
                self.remote = RemoteTable(client, message)  # type: ignore[arg-type]
            if not isinstance(message, p.TableUpdate) or self.remote is None:
                continue
            self.remote.take_update(message)
            notices = self.remote.drain()
            if any(isinstance(n, TrickWon) for n in notices):
                self.shown_after_trick = True
                assert self.remote.shown_trick is not None
            elif any(isinstance(n, CardPlayed) for n in notices):
                self.shown_after_trick = False
            elif self.shown_after_trick:
                assert self.remote.shown_trick is None
                self.shown_after_trick = False
                self.gathered_before_lead += 1
                return


class _Leading(NetPlayer):
    """A person who, before leading a trick after the first, checks the watcher."""

    watching: _Watching | None = None

    async def act(self, view: SeatView) -> None:
        if (
            view.phase is Phase.PLAYING
            and not view.trick
            and view.trick_index
            and self.watching is not None
        ):
            await self.watching.gathered()
        await super().act(view)


def test_a_watcher_sees_the_trick_gathered_when_the_pause_ends_before_the_lead(
    tmp_path: Path,
) -> None:
    """At a real table of four people, someone watching is never told "Your
    lead.": the server's pause after a trick ends with the views sent again, and
    the watcher's picture (the game's client, and a browser page's, built from it)
    drops the finished trick then, as a local game does, before the next lead's
    card. Before, it kept the trick, its winner framed, until that card came.

    People, not computer players, lead here: a computer player's card may come in
    the very moment the pause ends, which gathers the trick as well."""
    pause = Delays(bot=0, trick=50, hand=0)  # a pause of 0 would end at once

    async def scenario() -> int:
        async with running_server(tmp_path / "server.db", delays=pause) as server:
            url = url_of(server)
            people = [_Leading(url, name) for name in ("Ann", "Bob", "Cid", "Dee")]
            for person in people:
                await person.connect()
            ann = people[0]
            rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
            await ann.send({"type": "create_table", "name": "T", "rules": rules})
            table = (await ann.expect(p.TableSnapshot)).table.id
            for seat, person in enumerate(people[1:], start=1):
                await person.send({"type": "join_seat", "table": table, "seat": seat})
                await person.expect(p.TableSnapshot)
            player = NetPlayer(url, "Watcher")
            await player.connect()
            await player.send({"type": "spectate", "table": table, "chair": 2})
            watching = _Watching(player)
            for person in people:
                person.watching = watching
            await ann.send({"type": "start_game"})
            await asyncio.gather(*(person.play_to_the_end() for person in people))
            for person in (*people, player):
                await person.close()
            return watching.gathered_before_lead

    assert run(scenario(), timeout=120) == 12  # every lead after the first


def test_changes_with_no_view_to_make_them_to_ask_for_the_table_afresh() -> None:
    """Version 12: a view's changes need the last view; with none held (never
    sent one, or lost), the game connects again for the table to come whole."""
    asked: list[str] = []
    client = SimpleNamespace(
        welcome=None, count_game=None, resync=lambda: asked.append("resync")
    )
    snapshot = p.TableSnapshot(
        table=table_info(),
        seat=0,
        chair=0,
        is_host=True,
        code=None,
        view=None,
        notices=[],
    )
    remote = RemoteTable(client, snapshot)  # type: ignore[arg-type]
    changes = WireViewChanges(to_act=1)
    remote.take_update(
        p.TableUpdate(table="t1", notices=[], view=None, changes=changes)
    )
    assert asked == ["resync"]
    assert not remote.has_started  # nothing made up meanwhile


def test_enter_while_a_move_is_on_its_way_sends_nothing_more() -> None:
    """QA: with the server's answer slow to come, Enter after a bid (or a card)
    went out as a card: one called "not playable" was played as the next lead.
    Until the server answers, Enter and Space say so and send nothing."""
    from audiospades.app.hint_ahead import HintAhead
    from audiospades.commands import DIGITS, Command
    from audiospades.replies import AwaitingServer
    from audiospades.table_control import TableController

    core, _ = one_hand_you_win_first()
    sent: list[p.ClientMessage] = []
    client = SimpleNamespace(welcome=None, count_game=None, send=sent.append)
    remote = RemoteTable(client, snapshot_of(core))  # type: ignore[arg-type]
    for _ in served(core, remote):
        if remote.is_human_turn:
            break
    assert remote.view().phase is Phase.BIDDING
    control = TableController(remote, HintAhead(background=False))
    control.handle(DIGITS[3])
    assert control.handle(Command.BID) is None
    assert [type(m) for m in sent] == [p.PlaceBid]
    assert remote.awaiting_reply
    assert control.handle(Command.PLAY_CARD) == AwaitingServer()
    assert control.handle(Command.PLAY_CARD) == AwaitingServer()
    assert [type(m) for m in sent] == [p.PlaceBid]  # no card after the bid


def test_back_at_the_table_the_summary_is_the_snapshots_when_more_came_after() -> None:
    """QA: a card played while the link was down reached the server just after
    the hello; the summary ("Back at the table") was worded from the view after
    it, then "Your turn" and "You play ..." were told. It is worded from the
    snapshot's view while what came after it waits to be said."""
    core, remote = one_hand_you_win_first()
    for _ in served(core, remote):
        if remote.is_human_turn and remote.view().phase is Phase.PLAYING:
            if remote.view().trick:  # a card or more on the table before one's own
                break
            act_for_seat_0(core)
        elif core.is_turn(0):
            act_for_seat_0(core)
    wire = codec.encode_view(core.view(0))
    snapshot = msgspec.structs.replace(
        snapshot_of(core), notices=codec.encode_notices([YourTurn(core.view(0))])
    )
    alone = RemoteTable(SimpleNamespace(welcome=None, count_game=None), snapshot)  # type: ignore[arg-type]
    remote.take_snapshot(snapshot)
    assert remote.view() == codec.decode_view(wire)
    card = min(core.game.legal_plays(0))
    assert core.play(0, card)  # the card sent while the link was down
    notices = core.drain(0)
    remote.take_update(
        p.TableUpdate(
            table="t1",
            notices=codec.encode_notices(notices, (None, None)),
            view=codec.encode_view(core.view(0)),
        )
    )
    assert table_summary(remote, returning=True) == table_summary(alone, returning=True)
    assert [type(n) for n in remote.drain()][:2] == [YourTurn, CardPlayed]
    # Once all is said, the summary is of the view now.
    assert remote.summary_view()[0] == remote.view()


def test_a_trick_already_told_is_not_told_again_by_the_snapshot_that_restates_it() -> (
    None
):
    """QA: back in the seat during a trick's pause (the link dropped, or a
    computer played while one followed the game), "You win the trick" was said
    twice: as it came, then restated by the snapshot. The snapshot's restated
    trick stays on the table (C, T) but is not told again. To a client that had
    not told it (a new one: sat down again in its seat) it is not told either:
    where things stand, said with the snapshot, tells it ("Last trick: ...")."""
    core, remote = one_hand_you_win_first()
    for notices in served(core, remote):
        if isinstance(notices[-1], TrickWon) and not core.is_over:
            break
        if any(isinstance(n, YourTurn) for n in notices):
            act_for_seat_0(core)
    told = remote.shown_trick
    assert told is not None and core.shown_trick is not None
    again = msgspec.structs.replace(
        snapshot_of(core),
        notices=[codec.encode_notice(n) for n in core.restate(0, trick=True)],
    )
    assert again.notices  # the server restates the trick in its pause
    remote.take_snapshot(again)
    assert not [n for n in remote.drain() if isinstance(n, TrickWon)]
    assert remote.shown_trick == told
    client = SimpleNamespace(welcome=None, count_game=None)
    fresh = RemoteTable(client, again)  # type: ignore[arg-type]
    assert not [n for n in fresh.drain() if isinstance(n, TrickWon)]
    assert fresh.shown_trick == told
    assert "Last trick: " in table_summary(fresh, returning=False, arriving=True)
