"""Key-to-speech latency and cold start, through the real loop.

    .venv/bin/python benchmarks/key_to_speech.py [--presses 500]

* key to speech: a KEYDOWN event is posted, the loop's frame reads it, and the time
  until the speaker's ``speak`` is called is measured (table keys at a card table
  during play: arrows, C, S, T, V). Target: median under 10 ms.
* cold start: ``python -m audiospades --headless`` in a fresh process until its first
  spoken line appears on standard output.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def key_to_speech(presses: int, draw: bool) -> list[float]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("AUDIOSPADES_HOME", tempfile.mkdtemp(prefix="bench-"))
    sys.path.insert(0, str(ROOT))
    import pygame

    from audiospades.app.harness import Harness, key_event
    from audiospades.rules import Phase
    from audiospades.storage import Settings

    h = Harness(seed=5, draw=draw, settings=Settings(language="en", pace="fast"))
    h.press("return")
    for _ in range(50):
        t = h.table
        if t and t.session.is_human_turn and t.session.game.phase is Phase.PLAYING:
            break
        h.press(
            "3", "return"
        ) if t and t.session.game.phase is Phase.BIDDING else h.press("return")
    stamps: list[float] = []
    original = h.speaker.speak

    def timed(text: str, interrupt: bool = False) -> None:
        stamps.append(time.perf_counter())
        original(text, interrupt)

    h.speaker.speak = timed  # type: ignore[method-assign]
    keys = ["right", "left", "c", "s", "t", "v", "right", "down", "up"]
    samples = []
    frames = []
    for i in range(presses):
        stamps.clear()
        start = time.perf_counter()
        pygame.event.post(key_event(keys[i % len(keys)]))
        h.app.frame()
        frames.append((time.perf_counter() - start) * 1000)
        if stamps:
            samples.append((stamps[0] - start) * 1000)
    sys.stdout.write(
        f"whole frame ({'drawn' if draw else 'not drawn'}): median "
        f"{statistics.median(frames):.3f} ms\n"
    )
    return samples


def cold_start() -> float:
    env = dict(os.environ, AUDIOSPADES_HOME=tempfile.mkdtemp(prefix="bench-cold-"))
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "audiospades", "--headless", "--keys", os.devnull],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    proc.stdout.readline()
    elapsed = (time.perf_counter() - start) * 1000
    proc.wait(timeout=60)
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--presses", type=int, default=500)
    args = parser.parse_args()
    for draw in (False, True):
        samples = key_to_speech(args.presses, draw)
        q = statistics.quantiles(samples, n=100)
        label = "with drawing" if draw else "no drawing"
        sys.stdout.write(
            f"key to speech ({label}, {len(samples)} presses): median "
            f"{statistics.median(samples):.3f} ms, p95 {q[94]:.3f} ms, "
            f"max {max(samples):.3f} ms\n"
        )
    colds = [cold_start() for _ in range(3)]
    sys.stdout.write(
        f"cold start to first spoken line: median {statistics.median(colds):.0f} ms "
        f"(runs: {', '.join(f'{c:.0f}' for c in colds)})\n"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
