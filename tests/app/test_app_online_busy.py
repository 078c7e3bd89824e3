"""When an online table is busy for the headless client (its keys wait then).

The headless client presses a script's next key once the top screen is no longer
busy. Online, the table is busy while the server has something still to say
before the player acts.
"""

from __future__ import annotations

from types import SimpleNamespace

from remote_snapshots import snapshot_of

from audiospades.app.online_table import OnlineTableScreen
from audiospades.net import codec
from audiospades.net import protocol as p
from audiospades.net.remote import RemoteTable
from audiospades.notices import YourTurn
from audiospades.rules import Game, Phase, Rules, TrickWon
from audiospades.seating import Seating
from audiospades.table_core import PACES, TableCore


def test_the_table_is_busy_in_the_pause_after_a_trick_the_player_won() -> None:
    """After a trick the player wins, the view already has them to lead, but the
    server pauses before "Your lead.". A key pressed in the pause plays the card
    before that notice comes, so it was never said (QA: "You win the trick with
    the jack of hearts." then "You play the ace of clubs."). The headless client
    waits through the pause, and no longer once "Your lead." came."""
    rules = Rules.from_dict({"preset": "pagat", "hand_limit": 1})
    core = TableCore(
        Game(rules, first_dealer=0),
        seed=6,  # you win the first trick, and lead (see tests/net)
        seating=Seating((None, "hazel", "hazel", "hazel"), ("A", "B", "C", "D")),
        humans=(0,),
        delays=PACES["fast"],
    )
    remote = RemoteTable(
        SimpleNamespace(welcome=None, count_game=None),  # type: ignore[arg-type]
        snapshot_of(core),
    )
    online = SimpleNamespace(client=SimpleNamespace(table=remote))
    screen = OnlineTableScreen(
        online,  # type: ignore[arg-type]
        remote,
        waiting_room=lambda over: over,
    )
    now = 0
    busy_in_pause: list[bool] = []
    free_at_lead: list[bool] = []
    for _ in range(20_000):
        if core.is_over or free_at_lead:
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
        won = notices[-1]
        if isinstance(won, TrickWon) and won.seat == 0 and not core.is_over:
            assert core.view(0).to_act == 0  # the view has the player to lead
            busy_in_pause.append(screen.is_busy())
        for notice in notices:
            if not isinstance(notice, YourTurn):
                continue
            view = notice.view
            if view.phase is Phase.PLAYING and not view.trick and view.trick_index:
                free_at_lead.append(not screen.is_busy())
                break
            game = core.game
            if game.phase is Phase.BIDDING:
                assert core.bid(0, next(b for b in game.legal_bids(0) if not b.blind))
            elif game.phase is Phase.PLAYING:
                assert core.play(0, min(game.legal_plays(0)))
    assert busy_in_pause == [True]
    assert free_at_lead == [True]
