"""Whole games in each table shape, played from the keys and read from the transcript
alone, as a blind newcomer hears them: nothing said may contradict what came before.

The key script presses the info keys at varied moments (B C F V I S T, K, H, L P U
M A, F1, F2) between the plays; `transcript_rules.Reader` follows every line.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from transcript_rules import Reader

from audiospades.app.harness import Harness, parse_script
from audiospades.storage import Settings

# Each block answers whatever the table asks (a blind nil question, a bid, a play, a
# pass) and asks something on the way; Y now and then says yes to a blind nil.
BLOCKS = (
    "n c f v 3 return tab return right return",
    "n t s l tab return right return",
    "n i h return tab return",
    "n k up up down escape p 3 return tab return right return",
    "n u m a tab return right return",
    "n f2 c f2 r tab return",
    "n 3 return b tab return right return",
    "y n c return tab left return",
    "f1 down escape 2 return tab return",
    "n home end up down return",
)


def whole_game_keys(blocks: int) -> list[str]:
    """``return`` (new game), then the blocks in turn."""
    text = "return\n" + "\n".join(BLOCKS[i % len(BLOCKS)] for i in range(blocks))
    return parse_script(text)


def play_whole_game(
    make_harness: Callable[..., Harness], seed: int, rules: dict[str, object], lang: str
) -> Harness:
    settings = Settings(language=lang, pace="fast", last_rules=rules)
    h = make_harness(seed=seed, settings=settings)
    for token in whole_game_keys(400):
        if h.table is not None and h.table.finished:
            break
        h.press(token)
    h.settle()
    return h


SHAPES = {
    "four in partnership": (
        7,
        {"preset": "pagat", "target_score": 250, "hand_limit": 8},
        4,
        13,
    ),
    "three each for themselves": (
        3,
        {"preset": "pagat", "player_count": 3, "target_score": 200, "hand_limit": 6},
        3,
        17,
    ),
    "six in three partnerships": (
        5,
        {"preset": "pagat", "player_count": 6, "target_score": 300, "hand_limit": 8},
        6,
        8,
    ),
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_whole_game_reads_without_a_contradiction(
    make_harness: Callable[..., Harness], shape: str
) -> None:
    seed, rules, players, tricks = SHAPES[shape]
    h = play_whole_game(make_harness, seed, rules, "en")
    assert h.table is not None and h.table.finished, "the game did not end"
    reader = Reader(players=players, tricks_per_hand=tricks)
    reader.read(h.transcript)
    assert reader.problems == []
    assert reader.hands_scored == len(h.table.session.game.history)
    assert reader.game_over_checked
    assert reader.scores == list(h.table.session.game.totals)


def test_the_reader_catches_a_wrong_trick_winner() -> None:
    """The checks can fail: a winner the rules contradict, a miscounted score."""
    lines = [
        "Hand 1. Ann deals.",
        "Bob plays the 9 of hearts.",
        "Cy plays the 2 of spades.",
        "Spades are broken.",
        "You play the ace of hearts.",
        "You win the trick with the ace of hearts.",
    ]
    reader = Reader(players=3, tricks_per_hand=1)
    reader.read(lines)
    assert any("the rules give this trick to ('Cy'" in p for p in reader.problems)
    reader = Reader(players=3, tricks_per_hand=1)
    reader.read(
        [
            *lines[:-1],
            "Cy wins the trick with the 2 of spades.",
            "The hand is over. You bid 1 and took 0 tricks. Contract set: "
            "minus 10 points. Score: minus 20 points, 0 bags.",
        ]
    )
    assert any("0 + -10 != -20" in p for p in reader.problems)


_ENGLISH = re.compile(
    r"\b(the|you|your|trick|wins|plays|bids|hand|cards|playable|turn|press|"
    r"nothing|keys?|spades|hearts|clubs|diamonds|bags?)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize("lang", ["fr", "es", "de", "pt", "it"])
def test_a_short_game_in_another_language_says_nothing_in_english(
    make_harness: Callable[..., Harness], lang: str
) -> None:
    rules = {"preset": "pagat", "target_score": None, "hand_limit": 1}
    h = play_whole_game(make_harness, 3, rules, lang)
    assert h.table is not None and h.table.finished
    names = {*h.table.session.names, "Audio Spades"}  # names stay as they are
    english = []
    for line in h.transcript:
        for name in names:
            line = line.replace(name, "")
        if _ENGLISH.search(line):
            english.append(line)
    assert english == []
