"""The score sheet (issue 12, item 2): K at the table or the game menu lists every
hand played, a line per side, read with the arrows; Escape returns to the table as
it was. Partnerships, individual play, 3 to 6 players, and online.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from app_helpers import play_until

from audiospades.app.harness import Harness
from audiospades.app.sheet_screen import ScoreSheetScreen
from audiospades.app.table import TableScreen
from audiospades.presenter.words import signed
from audiospades.rules.seats import side_seats
from audiospades.storage import Settings


def _after_hands(
    make_harness: Callable[..., Harness],
    count: int,
    players: int,
    partners: bool,
    **options: object,
) -> Harness:
    rules = {
        "preset": "pagat",
        "target_score": None,
        "hand_limit": count + 1,
        "player_count": players,
        "partnerships": partners,
        **options,
    }
    h = make_harness(
        seed=7, settings=Settings(language="en", pace="fast", last_rules=rules)
    )
    play_until(
        h,
        lambda x: (
            x.table is not None
            and len(x.table.view.history) >= count
            and x.table.session.is_human_turn
        ),
        limit=3000,
    )
    return h


@pytest.mark.parametrize(
    ("players", "partners"), [(4, True), (3, False), (5, False), (6, True)]
)
def test_k_lists_every_hand_per_side_and_escape_returns(
    players: int, partners: bool, make_harness: Callable[..., Harness]
) -> None:
    h = _after_hands(make_harness, 2, players, partners)
    table = h.table
    view = table.view
    focus, hand, history = table.focus, view.hand, view.history
    sides = view.rules.side_count
    assert sides == (players // 2 if partners else players)
    mark = h.mark()
    h.press("k")
    assert isinstance(h.app.top, ScoreSheetScreen)
    count = 1 + 2 * sides
    opening = h.said_since(mark)[-1]
    assert opening.startswith("Score sheet. Escape returns to the table. ")
    assert "2 hands played." in opening and opening.endswith(f"1 of {count}")
    # Down reads each hand, a line per side, with its running total.
    for number, score in enumerate(history, start=1):
        for side in range(sides):
            h.press("down")
            line = h.last
            side_score = score.sides[side]
            seats = side_seats(side, players, partners)
            took = str(sum(score.tricks[s] for s in seats))
            if len(seats) > 1 and any(score.bids[s].is_nil for s in seats):
                # Each partner's own, as the bids are said (see below).
                took = " and ".join(str(score.tricks[s]) for s in seats)
            assert line.startswith(f"Hand {number}, "), line
            assert f"took {took};" in line, line
            assert f"total {signed(side_score.total_after)}, " in line, line
            assert f"{side_score.bags_after} in all" in line, line
            position = 1 + (number - 1) * sides + side + 1
            assert line.endswith(f"{position} of {count}"), line
    # Home and End jump to the ends; Up from the top wraps as in every list.
    h.press("home")
    assert h.last.startswith("2 hands played.")
    h.press("end")
    assert h.last.startswith("Hand 2, ") and h.last.endswith(f"{count} of {count}")
    # Escape: back at the table exactly as it was, nothing played meanwhile.
    h.press("escape")
    assert h.app.top is table
    assert table.focus == focus and table.view.hand == hand
    assert table.view.history == history
    assert h.last == "Your turn to bid." or h.last.startswith("Your turn")


def test_the_sheet_names_the_human_and_nil_bids(
    make_harness: Callable[..., Harness],
) -> None:
    h = _after_hands(make_harness, 2, 4, True)
    h.press("k", "down")
    assert h.last.startswith("Hand 1, you and ")
    screen = h.app.top
    assert isinstance(screen, ScoreSheetScreen)
    # Seed 7's second hand has a nil bid by the opponents: named, never "0".
    text = " ".join(item.text() for item in screen.items)
    assert "bid 3 and nil" in text
    assert "bid 0" not in text


def test_a_side_with_a_nil_has_each_partners_tricks_on_the_sheet(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: "Milly and Poppy: bid 3 and nil, took 5; minus 127 points" when Milly
    took 2 (her 3 set) and Poppy's nil 3: the sum read as a contract made. Beside
    a nil each partner's tricks are said, in the order of the bids."""
    h = _after_hands(make_harness, 2, 4, True)
    history = h.table.view.history
    h.press("k")
    screen = h.app.top
    assert isinstance(screen, ScoreSheetScreen)
    text = " ".join(item.text() for item in screen.items)
    # Seed 7's second hand: the left opponent bid 3, the right one nil.
    score = history[1]
    assert not score.bids[1].is_nil and score.bids[3].is_nil
    expected = (
        f"Hand 2, {h.table.session.names[1]} and {h.table.session.names[3]}: "
        f"bid {score.bids[1].tricks} and nil, "
        f"took {score.tricks[1]} and {score.tricks[3]};"
    )
    assert expected in text, text


def test_under_quicksand_the_sheet_never_speaks_of_bags(
    make_harness: Callable[..., Harness],
) -> None:
    """Seed 004 "Quicksand": no bags at all, so the sheet's lines count none."""
    h = _after_hands(make_harness, 2, 4, True, scoring_style="quicksand")
    view = h.table.view
    h.press("k")
    screen = h.app.top
    assert isinstance(screen, ScoreSheetScreen)
    h.press("down")
    first = view.history[0].sides[0]
    assert h.last.startswith("Hand 1, you and "), h.last
    assert h.last.endswith(f"; total {signed(first.total_after)}, 2 of 5"), h.last
    texts = [item.text() for item in screen.items]
    assert len(texts) == 5
    for text in texts:
        assert "bag" not in text and "in all" not in text, text


def test_in_individual_play_the_sheet_says_you_in_lower_case(
    make_harness: Callable[..., Harness],
) -> None:
    """Mid-sentence "you" is not capitalised: a braille reader sees the capital."""
    h = _after_hands(make_harness, 1, 3, False)
    h.press("k", "down")
    assert h.last.startswith("Hand 1, you: bid "), h.last


def test_before_any_hand_the_sheet_says_so(
    make_harness: Callable[..., Harness],
) -> None:
    h = _after_hands(make_harness, 0, 4, True)
    h.press("k")
    assert "No hand has been scored yet." in h.last
    assert h.last.endswith("1 of 1")
    h.press("escape")
    assert isinstance(h.app.top, TableScreen)


def test_the_game_menu_opens_the_sheet(make_harness: Callable[..., Harness]) -> None:
    h = _after_hands(make_harness, 1, 4, True)
    h.press("escape")
    assert h.last == "Game menu. Back to the table, 1 of 6"
    h.press("down", "down", "down")
    assert h.last == "Score sheet, 4 of 6"
    h.press("return")
    assert isinstance(h.app.top, ScoreSheetScreen)
    # Opened over the menu: its title says Escape goes back there (before:
    # "returns to the table").
    assert h.last.startswith("Score sheet. Escape returns to the menu. ")
    assert "1 hand played." in h.last
    h.press("escape")  # back to the game menu, then to the table
    assert h.last == "Score sheet, 4 of 6"
    h.press("escape")
    assert isinstance(h.app.top, TableScreen)


def test_f1_and_f2_name_the_score_sheet_key(
    make_harness: Callable[..., Harness],
) -> None:
    h = _after_hands(make_harness, 0, 4, True)
    h.press("f2", "k")
    assert h.last == "K: the score sheet: every hand played, a line each."
    h.press("f2", "f1")
    screen = h.app.top
    texts = [item.text() for item in screen.items]
    assert "K: the score sheet: every hand played, a line each" in texts


def test_readme_lists_the_score_sheet_key() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert "| K | the score sheet" in readme


@pytest.mark.parametrize(
    ("language", "start"),
    [
        ("fr", "Donne 1, vous et "),
        ("es", "Mano 1, tú y "),
        ("de", "Runde 1, du und "),
        ("pt", "Mão 1, você e "),
        ("it", "Mano 1, tu e "),
    ],
)
def test_the_sheet_is_translated(
    language: str, start: str, make_harness: Callable[..., Harness]
) -> None:
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 2}
    h = make_harness(
        seed=7, settings=Settings(language=language, pace="fast", last_rules=rules)
    )
    play_until(
        h,
        lambda x: (
            x.table is not None
            and len(x.table.view.history) >= 1
            and x.table.session.is_human_turn
        ),
        limit=3000,
    )
    h.press("k", "down")
    assert h.last.startswith(start), h.last
    assert "Hand" not in h.last and "took" not in h.last


def test_k_reads_the_sheet_at_an_online_table(
    make_harness: Callable[..., Harness], tmp_path: Path
) -> None:
    from online_helpers import (
        connect,
        host_a_game,
        play_online_until,
        server_thread,
    )

    with server_thread(tmp_path / "server.db") as server:
        ann = connect(make_harness, server, "Ann")
        try:
            table = host_a_game(ann)
            ann.press("k")
            assert "No hand has been scored yet." in ann.last
            ann.press("escape")
            assert ann.app.top is table
            play_online_until(
                ann, table, lambda: bool(table.view.history) or bool(table.finished)
            )
            assert table.view.history
            score = table.view.history[0].sides[0]
            ann.press("k")
            assert "1 hand played." in ann.last
            ann.press("down")
            assert ann.last.startswith("Hand 1, you and Bert: bid ")
            assert f"total {signed(score.total_after)}, 2 of 3" in ann.last
            ann.press("escape")
            assert ann.app.top is table
            # The online game menu's item: the sheet takes the menu's place, so
            # Escape goes back to the table, as its title says.
            ann.press("escape", "down", "down", "down")
            assert ann.last == "Score sheet, 4 of 5"
            ann.press("return")
            assert isinstance(ann.app.top, ScoreSheetScreen)
            assert ann.last.startswith("Score sheet. Escape returns to the table. ")
            ann.press("escape")
            assert ann.app.top is table
        finally:
            ann.close()
