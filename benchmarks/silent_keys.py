"""Count key presses that the player hears nothing for (issue 12, item 11).

Seeded random keys (letters, digits, Tab, Backspace, F-keys, Escape, modifier
chords, arrows, Enter) are pressed over every local screen, from a fresh main
menu each time the game quits; a press is silent when it brings no speech, no cue
and no silencing. A measurement, not a test: run it from a checkout's root,

    .venv/bin/python benchmarks/silent_keys.py --presses 3000 --seed 1

(``--players 3`` or ``--players 6 --individual`` for the other table shapes,
``--preset`` for another rule set), and it prints the presses, the silent ones, and
the commonest silent keys.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import sys
import tempfile

KEYS = (
    *"abcdefghijklmnopqrstuvwxyz0123456789",
    *(f"f{n}" for n in range(1, 13)),
    "up", "down", "left", "right", "home", "end", "tab", "shift+tab",
    "backspace", "delete", "page_up", "page_down", "ctrl", "ctrl+z", "ctrl+x",
    "alt+b", "ctrl+shift+a", "shift+f3", "return", "space", "escape",
)  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4, choices=range(3, 7))
    parser.add_argument(
        "--individual", action="store_true", help="no partnerships (4 or 6 players)"
    )
    parser.add_argument("--preset", default="pagat")
    args = parser.parse_args()
    os.environ["AUDIOSPADES_HOME"] = tempfile.mkdtemp(prefix="silent-keys-")
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    sys.path.insert(0, os.getcwd())
    import pygame

    from audiospades.app.harness import Harness, key_event, text_event
    from audiospades.storage import Settings

    rng = random.Random(args.seed)
    rules = {
        "preset": args.preset,
        "target_score": None,
        "hand_limit": 1,
        "player_count": args.players,
        "partnerships": args.players in (4, 6) and not args.individual,
    }

    def fresh() -> Harness:
        settings = Settings(language="en", pace="fast", last_rules=dict(rules))
        return Harness(seed=rng.randrange(100), settings=settings, persist=False)

    def heard(h: Harness) -> int:
        return len(h.speaker.spoken) + len(h.sound.played) + h.speaker.stop_count

    h = fresh()
    silent: collections.Counter[str] = collections.Counter()
    for _ in range(args.presses):
        if not h.app.running:
            h = fresh()
        token = rng.choice(KEYS)
        h.settle()
        before = heard(h)
        event = key_event(token)
        pygame.event.post(event)
        typed = text_event(event)
        if typed is not None:
            pygame.event.post(typed)
        h.app.frame()
        if h.app.running and heard(h) == before:
            silent[f"{type(h.app.stack.top).__name__} {token}"] += 1
    total = sum(silent.values())
    kind = "partnerships" if rules["partnerships"] else "individual"
    shape = f"{args.players} players, {kind}"
    print(f"{shape}, {args.preset}")
    print(f"presses {args.presses}, silent {total} ({100 * total / args.presses:.1f}%)")
    for key, count in silent.most_common(10):
        print(f"  {count:5d}  {key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
