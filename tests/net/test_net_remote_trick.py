"""The online table shows a finished trick as a local game does: on the table for
the server's pause, gone when the next lead is announced."""

from __future__ import annotations

from types import SimpleNamespace

from audiospades.net import codec
from audiospades.net import protocol as p
from audiospades.net.remote import RemoteTable
from audiospades.notices import YourTurn
from audiospades.rules import Game, Phase, Rules, TrickWon
from audiospades.seating import Seating
from audiospades.table_core import PACES, TableCore


def _snapshot(core: TableCore) -> p.TableSnapshot:
    info = p.TableInfo(
        "t1", "Ours", 4, True, None, 1, "pagat", {}, False,
        p.TableState.PLAYING, None, [], [], 0,
    )  # fmt: skip
    return p.TableSnapshot(
        table=info,
        seat=0,
        chair=0,
        is_host=True,
        code=None,
        view=codec.encode_view(core.view(0)),
        notices=[],
    )


def test_the_last_trick_is_gone_when_your_lead_is_announced() -> None:
    """Locally the finished trick is gathered after its pause, before "Your lead."
    Online the server pauses the same way, then announces the lead: the picture
    must not keep the old trick beside "Your lead.", as if it were in progress."""
    rules = Rules.from_dict({"preset": "pagat", "hand_limit": 1})
    core = TableCore(
        Game(rules, first_dealer=0),
        seed=6,
        seating=Seating((None, "hazel", "hazel", "hazel"), ("A", "B", "C", "D")),
        humans=(0,),
        delays=PACES["fast"],
    )
    client = SimpleNamespace(welcome=None, count_game=None)
    remote = RemoteTable(client, _snapshot(core))  # type: ignore[arg-type]
    now = 0
    shown_in_the_pause = leads_after_a_trick = 0
    for _ in range(20_000):
        if core.is_over:
            break
        now += 50  # the server sends what each step of its clock brings
        core.advance(now)
        notices = core.drain(0)
        if not notices:
            continue
        remote.take_update(
            p.TableUpdate(
                table="t1",
                notices=codec.encode_notices(notices),
                view=codec.encode_view(core.view(0)),
            )
        )
        remote.drain()
        if isinstance(notices[-1], TrickWon) and not core.is_over:
            shown_in_the_pause += remote.shown_trick == notices[-1]
        for notice in notices:
            if not isinstance(notice, YourTurn):
                continue
            view = notice.view
            if view.phase is Phase.PLAYING and not view.trick and view.trick_index:
                leads_after_a_trick += 1
                assert remote.shown_trick is None
            game = core.game
            if game.phase is Phase.BIDDING:
                bid = next(b for b in game.legal_bids(0) if not b.blind)
                assert core.bid(0, bid)
            elif game.phase is Phase.PLAYING:
                assert core.play(0, min(game.legal_plays(0)))
    assert core.is_over
    assert leads_after_a_trick > 0  # seed 6: you win the first trick, and lead
    assert shown_in_the_pause > 0  # ... and a trick shown while the server waits
