"""Chat at an online table while a question or the game menu is over it.

QA: with "Leave the table?" open (Escape, End, Enter) or the game menu, a chat
line from someone else was only its cue; every line came at once after N. The
lobby and the waiting room say a line as it comes: someone speaks to the player
now, and a sighted player would see it at once. The table now does too, behind
the question's words (never cutting them off), the question or menu staying open,
and the line is not said again on coming back.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from online_helpers import (
    HOST_WITH_BOTS,
    connect,
    heard,
    play_online_until,
    server_thread,
    type_keys,
    until,
)

from audiospades.app.harness import Harness
from audiospades.app.menus import HelpScreen
from audiospades.app.online_table import (
    LeaveQuestion,
    OnlineGameMenu,
    OnlineTableScreen,
)
from audiospades.sound import Cue


def _ann_hosts_and_bob_watches(ann: Harness, bob: Harness) -> OnlineTableScreen:
    """Ann hosts a game with three computer players; Bob watches from her chair;
    the game waits for Ann (her turn, told: nothing else is said meanwhile).
    Ann's table screen (Bob's keys wait briefly: a spectator's table is never
    idle)."""
    ann.press(*HOST_WITH_BOTS)
    ann.settle()
    table = ann.app.top
    assert isinstance(table, OnlineTableScreen)
    until(lambda: len(bob.app.top.items) == 7, bob)  # type: ignore[attr-defined]
    bob.patience_seconds = 0.3
    bob.press("home", "return", "return", "return")
    until(lambda: isinstance(bob.app.top, OnlineTableScreen), bob)
    until(heard(ann, "Bob is watching."), ann, bob)
    play_online_until(ann, table, lambda: table.remote.is_human_turn)
    ann.settle()
    return table


def _chat(bob: Harness, text: str) -> None:
    """Bob types a line at his table and sends it."""
    bob.press("'", *type_keys(text), "return")


def test_a_chat_line_is_said_at_once_under_leave_the_table(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Under "Leave the table?" Bob's line is said as it comes, with its cue,
    queued behind the question; the question stays open and answers as before
    (A repeats it, not the chat line; F1 and back asks it again); after N the
    line is not said again, and it is in the messages (Page Up)."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30.0) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            _ann_hosts_and_bob_watches(ann, bob)
            ann.press("escape", "end", "return")
            question = ann.app.top
            assert isinstance(question, LeaveQuestion)
            asked = question.lines()[0]
            assert ann.last == asked and asked.startswith("Leave the table?"), asked
            mark, cues = ann.mark(), len(ann.sound.cues)
            _chat(bob, "hi")
            until(heard(ann, "Bob: hi"), ann, bob)
            assert ann.app.top is question
            assert Cue.CHAT in ann.sound.cues[cues:]
            said = ann.speaker.spoken[mark:]
            line = next(s for s in said if s.text == "Bob: hi")
            assert not line.interrupt  # behind the question's words
            # The question is still what A repeats and what F1 comes back to.
            ann.press("a")
            assert ann.last == asked
            ann.press("f1")
            assert isinstance(ann.app.top, HelpScreen)
            _chat(bob, "still there?")
            until(heard(ann, "Bob: still there?"), ann, bob)
            ann.press("escape")
            assert ann.app.top is question
            assert ann.last == asked
            ann.press("n")
            assert isinstance(ann.app.top, OnlineTableScreen)
            ann.settle()
            # Each line once, none again on coming back.
            back = ann.said_since(mark)
            assert back.count("Bob: hi") == 1, back
            assert back.count("Bob: still there?") == 1, back
            ann.press("pageup")
            history = ann.speech.history
            assert "Bob: hi" in history and "Bob: still there?" in history
        finally:
            ann.close()
            bob.close()


def test_a_chat_line_is_said_at_once_under_the_game_menu(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Under the game menu (Escape) Bob's line is said as it comes; the menu
    stays where it was (Down still moves on from its focus), and the line is not
    said again back at the table."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30.0) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            table = _ann_hosts_and_bob_watches(ann, bob)
            ann.press("escape", "down")
            menu = ann.app.top
            assert isinstance(menu, OnlineGameMenu)
            assert menu.index == 1
            assert ann.last == "Options, 2 of 5"
            mark = ann.mark()
            _chat(bob, "good luck")
            until(heard(ann, "Bob: good luck"), ann, bob)
            assert ann.app.top is menu
            ann.press("down")
            assert ann.last == "Keys, 3 of 5"
            ann.press("escape")
            assert ann.app.top is table
            ann.settle()
            back = ann.said_since(mark)
            assert back.count("Bob: good luck") == 1, back
        finally:
            ann.close()
            bob.close()


def test_a_chat_line_heard_while_typing_one_is_kept_and_reached_from_the_entry(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    """Ann types a chat line at her table when Bob's line comes: it is said
    with its cue, behind what was being said, and kept in the messages. Her next
    typed letter's echo cuts speech (as a screen reader's typing echo does), so
    the line may be cut off: Page Up, in the entry itself, says it again, and
    leaves her line as typed; her line goes as typed, and Bob's is not said
    again back at the table (A repeats her turn, not the line)."""
    with server_thread(tmp_path / "server.db", takeover_seconds=30.0) as server:
        ann = connect(make_harness, server, "Ann")
        bob = connect(make_harness, server, "Bob")
        try:
            table = _ann_hosts_and_bob_watches(ann, bob)
            ann.press("'", "o")
            entry = ann.app.top
            assert ann.last == "o"
            mark, cues = ann.mark(), len(ann.sound.cues)
            _chat(bob, "are you there?")
            until(heard(ann, "Bob: are you there?"), ann, bob)
            assert ann.app.top is entry
            assert Cue.CHAT in ann.sound.cues[cues:]
            line = next(
                s for s in ann.speaker.spoken[mark:] if s.text.startswith("Bob")
            )
            assert not line.interrupt
            ann.press("k")
            assert ann.last == "k"
            assert ann.speaker.spoken[-1].interrupt  # the echo cuts speech
            ann.press("pageup")
            assert ann.last == "Bob: are you there?"
            assert ann.app.top is entry
            ann.press("up")  # the line as typed: Page Up typed nothing
            assert ann.last.startswith("ok"), ann.last
            ann.press("return")
            until(heard(bob, "Ann: ok"), ann, bob)
            until(lambda: ann.app.top is table, ann)
            ann.settle()
            back = ann.said_since(mark)
            assert back.count("Bob: are you there?") == 2, back  # said, Page Up
            ann.press("a")
            assert ann.last.startswith("Your turn to bid."), ann.last
        finally:
            ann.close()
            bob.close()
