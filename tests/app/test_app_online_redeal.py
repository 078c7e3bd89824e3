"""Online, N to the redeal offer: "You keep your hand." only once the server has it.

The offer goes to every person whose hand may be thrown in, at once. QA: Ann's N
said "You keep your hand." at the key, though Bob's yes had already thrown the
hand in at the server, which then refused her N ("There is no question to answer
now.", after the new deal): she heard she kept a hand she no longer had.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from online_helpers import (
    HeldFrames,
    connect,
    heard,
    server_thread,
    start_ann_and_bobs_game,
    until,
)

from audiospades import table_core
from audiospades.app.harness import Harness
from audiospades.app.online_table import OnlineTableScreen
from audiospades.net import protocol as p
from audiospades.notices import QuestionKind
from audiospades.rules import Card, Rules
from audiospades.storage import Settings

OPEN_SPADES = {"preset": "open_spades", "target_score": None, "hand_limit": 1}
"""Rules that offer a redeal to a hand of one spade or none."""

KEPT = "You keep your hand."
TOO_LATE = (
    "Your answer came too late: the question had already closed, and the hand "
    "was thrown in for a new deal."
)


def _no_spades_for_ann_and_bob() -> tuple[tuple[Card, ...], ...]:
    """Ann (seat 1) the clubs, Bob (seat 2) the diamonds: both are offered the
    redeal. Milly and Bert share the spades and hearts: neither throws in."""
    ranks = "23456789TJQKA"

    def of(suit: str, chosen: str) -> tuple[Card, ...]:
        return tuple(Card.parse(rank + suit) for rank in chosen)

    return (
        of("C", ranks),
        of("D", ranks),
        of("S", ranks[:7]) + of("H", ranks[:6]),
        of("S", ranks[7:]) + of("H", ranks[6:]),
    )


@contextmanager
def _both_offered_the_redeal(
    tmp_path: Path,
    make_harness: Callable[..., Harness],
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[tuple[Harness, Harness]]:
    """Ann's table with Bob, Milly and Bert, both asked whether to throw in the
    first deal (the next deal is a shuffled one)."""
    first = [_no_spades_for_ann_and_bob()]
    shuffled = table_core.shuffled_deal

    def deal(rules: Rules, rng: object) -> tuple[tuple[Card, ...], ...]:
        return first.pop() if first else shuffled(rules, rng)  # type: ignore[arg-type]

    monkeypatch.setattr(table_core, "shuffled_deal", deal)
    settings = Settings(language="en", pace="fast", last_rules=dict(OPEN_SPADES))
    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann", settings=settings)
        bob = connect(make_harness, server, "Bob")
        try:
            start_ann_and_bobs_game(ann, bob)
            mine, his = ann.app.top, bob.app.top
            assert isinstance(mine, OnlineTableScreen)
            assert isinstance(his, OnlineTableScreen)

            def both_asked() -> bool:
                return None not in (mine.remote.question, his.remote.question)

            until(both_asked, ann, bob)
            assert mine.remote.question is not None
            assert mine.remote.question.kind is QuestionKind.REDEAL
            yield ann, bob
        finally:
            ann.close()
            bob.close()


def test_an_n_after_another_threw_the_hand_in_is_told_as_too_late(
    tmp_path: Path,
    make_harness: Callable[..., Harness],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bob's yes reaches the server first; Ann's game has not heard of it when
    she presses N. She hears nothing at the key, then the redeal, then that her
    answer came too late: never that she keeps her hand."""
    with _both_offered_the_redeal(tmp_path, make_harness, monkeypatch) as (ann, bob):
        mine = ann.app.top
        assert isinstance(mine, OnlineTableScreen)
        held = HeldFrames(mine.online.client.connection)
        bob.press("y")
        until(held.holds(lambda item: isinstance(item, p.TableUpdate)), ann, bob)
        mark = ann.mark()
        ann.press("n")  # the question is still open in Ann's game
        assert ann.said_since(mark) == []
        until(held.holds(lambda item: isinstance(item, p.Error)), ann, bob)
        held.release()
        until(heard(ann, TOO_LATE), ann, bob)
        said = ann.said_since(mark)
        redeal = "Bob has one spade or none and throws in the hand."
        thrown_in = next(i for i, line in enumerate(said) if line.startswith(redeal))
        assert thrown_in < said.index(TOO_LATE), said
        assert KEPT not in said, said
        assert "There is no question to answer now." not in said, said


def test_an_n_the_server_takes_keeps_the_hand(
    tmp_path: Path,
    make_harness: Callable[..., Harness],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ann's N reaches the server while her question is open: "You keep your
    hand.", once the server has taken it (Bob is still asked)."""
    with _both_offered_the_redeal(tmp_path, make_harness, monkeypatch) as (ann, bob):
        mine = ann.app.top
        assert isinstance(mine, OnlineTableScreen)
        held = HeldFrames(mine.online.client.connection)
        mark = ann.mark()
        ann.press("n")
        assert ann.said_since(mark) == []  # the server has not answered yet
        until(held.holds(lambda item: isinstance(item, p.Pong)), ann, bob)
        held.release()
        until(heard(ann, KEPT), ann, bob)
        assert ann.said_since(mark) == [KEPT]
        assert mine.remote.question is None and not mine.remote.keeping
