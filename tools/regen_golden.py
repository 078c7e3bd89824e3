"""Regenerate the golden playthroughs: a seeded game's event log and transcript.

    .venv/bin/python tools/regen_golden.py        # rewrite tests/golden/app_*.txt
    .venv/bin/python tools/regen_golden.py --check  # exit 1 if any differs

Each file holds one headless game (pagat's rules, one hand, fast pace) played by the
key script in its header: the engine's events in order, then every spoken line.
Review changes as diffs: a changed word is a changed experience for the player.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = ROOT / "tests" / "golden"
SEEDS = (7, 21)
SCRIPT = "return " + "3 return " * 20


def golden_text(seed: int) -> str:
    """Play the seeded game headless and return its golden file's text."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    from audiospades.app.harness import Harness, parse_script
    from audiospades.storage import Settings

    settings = Settings(
        language="en",
        pace="fast",
        last_rules={"preset": "pagat", "target_score": None, "hand_limit": 1},
        # Random bots (sorted choices): the transcript tests the table, not the
        # characters' play, which may vary with their search.
        last_players=["random", "random", "random"],
    )
    harness = Harness(seed=seed, settings=settings, persist=False)
    # The keys of SCRIPT, pressed until the game is over.
    for token in parse_script(SCRIPT):
        table = harness.table
        if table is not None and table.finished:
            break
        harness.press(token)
    harness.settle()
    table = harness.table
    events = [repr(e) for e in table.session.game.events] if table else []
    lines = [
        f"# audiospades golden playthrough, seed {seed}",
        f"# keys: {SCRIPT.strip()}",
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
    for seed in SEEDS:
        path = GOLDEN_DIR / f"app_seed{seed}.txt"
        text = golden_text(seed)
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                sys.stderr.write(f"{path} differs\n")
                status = 1
        else:
            path.write_text(text, encoding="utf-8")
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
