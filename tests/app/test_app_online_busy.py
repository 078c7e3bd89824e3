"""When an online table is busy for the headless client (its keys wait then).

The headless client presses a script's next key once the top screen is no longer
busy. Online, the table is busy while the server has something still to say
before the player acts.
"""

from __future__ import annotations

from types import SimpleNamespace

from remote_snapshots import act_for_seat_0, one_hand_you_win_first, served

from audiospades.app.online_table import OnlineTableScreen
from audiospades.notices import YourTurn
from audiospades.rules import Phase, TrickWon


def test_the_table_is_busy_in_the_pause_after_a_trick_the_player_won() -> None:
    """After a trick the player wins, the view already has them to lead, but the
    server pauses before "Your lead.". A key pressed in the pause plays the card
    before that notice comes, so it was never said (QA: "You win the trick with
    the jack of hearts." then "You play the ace of clubs."). The headless client
    waits through the pause, and no longer once "Your lead." came."""
    core, remote = one_hand_you_win_first()
    online = SimpleNamespace(client=SimpleNamespace(table=remote, chat_log=[]))
    screen = OnlineTableScreen(
        online,  # type: ignore[arg-type]
        remote,
        waiting_room=lambda over: over,
    )
    busy_in_pause: list[bool] = []
    free_at_lead: list[bool] = []
    for notices in served(core, remote):
        won = notices[-1]
        if isinstance(won, TrickWon) and won.seat == 0 and not core.is_over:
            assert core.view(0).to_act == 0  # the view has the player to lead
            busy_in_pause.append(screen.is_busy())
        for notice in notices:
            if not isinstance(notice, YourTurn):
                continue
            # (A server's core sends a turn with the frame's view: this one.)
            view = core.view(0) if notice.view is None else notice.view
            if view.phase is Phase.PLAYING and not view.trick and view.trick_index:
                free_at_lead.append(not screen.is_busy())
                break
            act_for_seat_0(core)
        if free_at_lead:
            break
    assert busy_in_pause == [True]
    assert free_at_lead == [True]
