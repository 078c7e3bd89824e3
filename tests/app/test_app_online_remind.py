"""G reminds whoever an online table waits for that it is their turn.

Bob had no way to tell Ann, who had missed her turn, but the table's chat. G
tells her alone, with the turn's cue; pressed again at once, it says they were
reminded a moment ago; in a local game it says computer players never wait.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from app_helpers import play_until
from online_helpers import (
    connect,
    heard,
    play_online_until,
    play_until_the_turn_of,
    server_thread,
    start_ann_and_bobs_game,
    until,
)

from audiospades.app.harness import Harness
from audiospades.sound import Cue


def test_g_reminds_the_player_the_table_waits_for(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    with server_thread(tmp_path / "server.db", takeover_seconds=30.0) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            start_ann_and_bobs_game(ann, bob)
            play_until_the_turn_of(ann, bob)
            cues, bob_mark, bob_cues = (
                len(ann.sound.cues),
                bob.mark(),
                len(bob.sound.cues),
            )
            bob.press("g")
            until(heard(bob, "You reminded Ann."), bob)
            # The server's answer is the key's: before, "G does nothing here" came
            # first, as if the key were idle.
            assert bob.said_since(bob_mark)[0] == "You reminded Ann."
            assert Cue.NOTHING_HERE not in bob.sound.cues[bob_cues:]
            until(heard(ann, "Bob reminds you that the table is waiting for you."), ann)
            assert Cue.YOUR_TURN in ann.sound.cues[cues:]
            bob.press("g")
            until(
                heard(
                    bob,
                    "They were reminded less than half a minute ago: give them a "
                    "moment.",
                ),
                bob,
            )
            mark = ann.mark()
            ann.press("g")  # her own turn: no one else keeps the table waiting
            until(
                heard(
                    ann,
                    "There is no one to remind: the table is not waiting for another "
                    "player.",
                ),
                ann,
            )
            assert not [line for line in ann.said_since(mark) if "nothing here" in line]
            bob.press("f1")
            lines = [item.text() for item in bob.app.top.items]  # type: ignore[attr-defined]
            assert (
                "G: online: remind the player the table waits for that it is their "
                "turn" in lines
            )
        finally:
            ann.close()
            bob.close()


def test_g_in_a_local_game_says_computer_players_never_wait(
    make_harness: Callable[..., Harness],
) -> None:
    """A local game: G says what it is for, F1 leaves it out, F2 says the same."""
    h = make_harness(seed=5)
    h.press("return")
    play_until(h, lambda x: x.table is not None and x.table.session.is_human_turn)
    text = (
        "G reminds another player of their turn at an online table; computer "
        "players never keep you waiting."
    )
    h.press("g")
    assert h.last == text
    h.press("f1")
    lines = [item.text() for item in h.app.top.items]  # type: ignore[attr-defined]
    assert not any(line.startswith("G:") for line in lines)
    h.press("escape", "f2", "g")
    assert h.last == text


def test_away_at_ones_turn_a_computer_plays_until_a_key_is_pressed(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann keeps the table waiting past the server's away time: she hears a
    computer player now plays for her and how to come back, Bob hears it too; a
    key gives her the seat again, then what the computer did for her and where
    things stand (before, nothing more than "You take your seat back."), and Bob
    hears she is back."""
    with server_thread(tmp_path / "server.db", away_seconds=0.5) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            start_ann_and_bobs_game(ann, bob)
            play_until_the_turn_of(ann, bob)
            away = (
                "The table waited too long for you: a computer player now plays for "
                "you. Press any key at the table to play again."
            )
            until(heard(ann, away), ann, bob)
            until(heard(bob, "A computer player now plays for Ann."), ann, bob)
            mark = ann.mark()
            ann.press("t")
            assert ann.said_since(mark)[0] == "You take your seat back."

            def summed_up() -> bool:
                said = ann.said_since(mark)[1:]
                return any(
                    line.startswith(("While you were away, ", "Hand 1."))
                    for line in said
                )

            until(summed_up, ann, bob)
            summary = next(
                line
                for line in ann.said_since(mark)
                if line.startswith(("While you were away, ", "Hand 1."))
            )
            assert "Hand 1." in summary, summary
            done = ann.app.top.remote.done_while_away  # type: ignore[attr-defined]
            assert summary.startswith("While you were away, ") != done.is_empty
            until(heard(bob, "Ann is back and plays again."), ann, bob)
            until(lambda: not ann.app.top.remote.is_stood_in, ann)  # type: ignore[attr-defined]
        finally:
            ann.close()
            bob.close()


def test_away_at_ones_turn_one_hears_the_game_go_on_meanwhile(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """QA: while a computer played for Ann (away at her turn, still connected),
    nothing came to her game, and what read its view (the game menu's score
    sheet, the chat key) answered from the moment she went away: "Your turn to
    bid.". Now she hears the game as it goes, the computer's cards for her among
    them, and her view keeps up with the server's; she is never told it is her
    turn, not even with the game menu over the table (which leaves the computer
    in her seat); a key at the table gives the seat back, as before."""
    from audiospades.app.online_table import OnlineTableScreen

    with server_thread(tmp_path / "server.db", away_seconds=0.5) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            start_ann_and_bobs_game(ann, bob)
            play_until_the_turn_of(ann, bob)
            mine, his = ann.app.top, bob.app.top
            assert isinstance(mine, OnlineTableScreen)
            assert isinstance(his, OnlineTableScreen)
            away = (
                "The table waited too long for you: a computer player now plays for "
                "you. Press any key at the table to play again."
            )
            until(heard(ann, away), ann, bob)
            mark, cues = ann.mark(), len(ann.sound.cues)
            cards = len(mine.remote.view().hand)

            def played_for_ann(count: int) -> Callable[[], bool]:
                def done() -> bool:
                    ann.frame()
                    return len(mine.remote.view().hand) <= cards - count

                return done

            play_online_until(bob, his, played_for_ann(2))
            assert mine.remote.is_stood_in and not mine.remote.is_human_turn
            # The picture names who plays her seat ("To play: Hazel, for you").
            stand_in = mine.remote.playing_for_me
            assert stand_in and stand_in != "Ann"
            said = ann.said_since(mark)
            # Her seat's cards, named as the computer's (QA: "You play" was
            # taken for her own by one back at the keys).
            played = f"{stand_in} plays the "
            assert any(line.startswith(played) for line in said), said
            assert any(line.endswith(" for you.") for line in said), said
            assert not [line for line in said if line.startswith("You play ")]
            # The game menu over the table: the game goes on under it, and Ann
            # is not called back to a turn that is the computer's.
            ann.press("escape")
            assert mine.remote.is_stood_in
            play_online_until(bob, his, played_for_ann(3))
            table = server.tables[mine.remote.info.id]
            seat = mine.remote.seat
            assert table.core is not None and seat is not None
            core = table.core
            until(lambda: mine.remote.view().hand == core.game.hand(seat), ann, bob)
            said = ann.said_since(mark)
            assert not [line for line in said if line.startswith("Your turn")], said
            assert Cue.YOUR_TURN not in ann.sound.cues[cues:]
            ann.press("escape")  # the menu closes; the computer still plays
            assert mine.remote.is_stood_in
            mark = ann.mark()
            # Two keys in one frame, the second before the server can answer the
            # first (QA: each said "You take your seat back." and did nothing).
            import pygame

            from audiospades.app.harness import key_event

            pygame.event.post(key_event("t"))
            pygame.event.post(key_event("s"))
            ann.app.frame()
            assert ann.said_since(mark)[:2] == [
                "You take your seat back.",
                "Wait a moment: your seat is coming back.",
            ]
            assert mine.is_busy()  # (a script's next key waits for the seat)
            until(lambda: not mine.remote.is_stood_in, ann, bob)
            assert mine.remote.playing_for_me == ""
            ann.settle()
            ann.press("s")  # the seat back: the key does what it says
            assert ann.last.startswith("You and ")
        finally:
            ann.close()
            bob.close()
