"""Regenerate the golden playthroughs: a seeded game's event log and transcript.

    .venv/bin/python tools/regen_golden.py        # rewrite tests/golden/app_*.txt
    .venv/bin/python tools/regen_golden.py --check  # exit 1 if any differs

Each file holds one headless game (one hand, fast pace, computer players that choose
at random among legal moves) played by the key script in its header: the engine's
events in order, then every spoken line. There is one per table shape and variant
worth hearing: four players in partnership (two seeds), three, four, five and six
players each for themselves, six in three partnerships, a blind nil with its card
passing, jokers and deuces as trumps, the suicide, mirror and whiz bidding, a minimum
bid, quicksand scoring and seed 004's preset for three (its bonuses).
Review changes as diffs: a changed word is a changed experience for the player.
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = ROOT / "tests" / "golden"
PLAY = "return " + "3 return " * 20
"""New game, then bid 3 and play the focused (first legal) card, over and over."""
LONG_PLAY = "return " + "3 return " * 40
"""The same, long enough for any table (a 3 after bidding is answered and harmless)."""


@dataclass(frozen=True)
class Golden:
    """One golden game: its seed, rules, table size and keys."""

    seed: int
    rules: dict[str, object] = field(default_factory=dict)
    players: int = 4
    script: str = PLAY


GAMES: dict[str, Golden] = {
    "app_seed7": Golden(7),
    "app_seed21": Golden(21),
    "cutthroat3_seed5": Golden(
        5, {"player_count": 3, "partnerships": False}, 3, LONG_PLAY
    ),
    "cutthroat5_seed8": Golden(
        8, {"player_count": 5, "partnerships": False}, 5, LONG_PLAY
    ),
    "partners6_seed9": Golden(
        9, {"player_count": 6, "partnerships": True}, 6, LONG_PLAY
    ),
    "cutthroat4_seed11": Golden(
        11, {"player_count": 4, "partnerships": False}, 4, LONG_PLAY
    ),
    "cutthroat6_seed12": Golden(
        12, {"player_count": 6, "partnerships": False}, 6, LONG_PLAY
    ),
    "jokers4_seed13": Golden(13, {"trump_mode": "jokers"}, 4, LONG_PLAY),
    "deuces4_seed14": Golden(14, {"trump_mode": "deuces"}, 4, LONG_PLAY),
    # Under suicide, mirror and whiz the turn prompt names the bids allowed; a 2
    # (or 3) typed first is refused with the reason, then the allowed bid is typed.
    "suicide4_seed15": Golden(
        15, {"bidding_style": "suicide"}, 4, "return 2 return n return " + LONG_PLAY
    ),
    "mirror4_seed16": Golden(
        16, {"bidding_style": "mirror"}, 4, "return 2 return 5 return " + LONG_PLAY
    ),
    "whiz4_seed17": Golden(
        17, {"bidding_style": "whiz"}, 4, "return 3 return n return " + LONG_PLAY
    ),
    "blindnil4_seed3": Golden(
        3,
        {"blind_nil_behind": 0},
        4,
        # Y to the blind nil offer, choose two cards to pass, then play on.
        "return y return right return " + "tab return " * 30,
    ),
    # A minimum bid each (house rule): the prompt names the bids allowed, a 3 is
    # refused with the reason, then 4 is bid.
    "minbid4i_seed19": Golden(
        19,
        {"minimum_side_bid": 4, "player_count": 4, "partnerships": False},
        4,
        "return 3 return 4 return " + "3 return " * 40,
    ),
    # Quicksand scoring (seed 004): no bags, each overtrick costs 10, a set 10 a
    # missing trick.
    "quicksand4_seed20": Golden(20, {"scoring_style": "quicksand"}, 4, LONG_PLAY),
    # Seed 004's preset for three: no blind nil, the exact-bid and big-bid bonuses
    # (West's 10 made earns the big bid bonus).
    "seed004_3_seed22": Golden(
        22,
        {"preset": "seed_004", "player_count": 3, "partnerships": False},
        3,
        "return " + "2 return " * 40,
    ),
}
SEEDS = (7, 21)
"""The first two games' seeds (their files are ``app_seed{seed}.txt``)."""
SCRIPT = PLAY


def golden_text(seed: int, name: str | None = None) -> str:
    """Play a golden game headless and return its file's text."""
    game = GAMES[name or f"app_seed{seed}"]
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    from audiospades.app.harness import Harness, parse_script
    from audiospades.storage import Settings

    settings = Settings(
        language="en",
        pace="fast",
        last_rules={
            "preset": "pagat",
            "target_score": None,
            "hand_limit": 1,
            **game.rules,
        },
        # Random bots (sorted choices): the transcript tests the table, not the
        # characters' play, which may vary with their search.
        last_players=["random"] * (game.players - 1),
    )
    harness = Harness(seed=game.seed, settings=settings, persist=False)
    # The keys of the script, pressed until the game is over.
    for token in parse_script(game.script):
        table = harness.table
        if table is not None and table.finished:
            break
        harness.press(token)
    harness.settle()
    table = harness.table
    events = [repr(e) for e in table.session.game.events] if table else []
    assert table is not None and table.finished, f"{name}: the game did not end"
    lines = [
        f"# audiospades golden playthrough, seed {game.seed}",
        f"# keys: {game.script.strip()}",
        "# events",
        *events,
        "# transcript",
        *harness.transcript,
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    os.environ.setdefault("AUDIOSPADES_HOME", tempfile.mkdtemp(prefix="golden-"))
    status = 0
    for name, game in GAMES.items():
        path = GOLDEN_DIR / f"{name}.txt"
        text = golden_text(game.seed, name)
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                sys.stderr.write(f"{path} differs\n")
                status = 1
        else:
            path.write_text(text, encoding="utf-8")
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
