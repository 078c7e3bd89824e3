"""What wording a browser page costs the server: the time of each ``said`` frame.

    .venv/bin/python benchmarks/web_render.py --tables 10

Runs a server in this process on 127.0.0.1 (a free port, no pacing, a temporary
database) with ``--tables`` tables, each one scripted person against three level-1
computer players, playing one hand instantly. With ``--render`` (the default) the
person says hello as the browser page does, so the server words every frame for it
(``audiospades.net.render.WebSeat``); each wording pass is timed on the event loop.
It prints the number of passes, their median, p95 and p99 in ms, and the wall time
of the whole run; ``--no-render`` gives the same run without wording, to compare.
Bounded: at most ``--seconds`` seconds; it talks only to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "net"))

from net_client import NetPlayer, running_server, url_of  # noqa: E402

from audiospades.net import protocol as p  # noqa: E402
from audiospades.net import render  # noqa: E402

RULES = {"preset": "pagat", "target_score": None, "hand_limit": 1}


async def _table(url: str, index: int, worded: bool) -> None:
    person = NetPlayer(url, f"P{index}", render=worded)
    await person.connect()
    await person.send({"type": "create_table", "name": f"T{index}", "rules": RULES})
    await person.expect(p.TableSnapshot)
    for seat, who in ((1, "milly"), (2, "bert"), (3, "poppy")):
        await person.send({"type": "add_bot", "seat": seat, "character": who})
    await person.send({"type": "start_game"})
    await person.play_to_the_end(timeout=120)
    await person.close()


async def _run(tables: int, worded: bool, db: Path) -> float:
    async with running_server(db, bot_workers=1) as server:
        url = url_of(server)
        start = time.perf_counter()
        await asyncio.gather(*(_table(url, i, worded) for i in range(tables)))
        return time.perf_counter() - start


def main() -> None:
    """Run the measurement and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--render", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--seconds", type=float, default=300.0)
    args = parser.parse_args()
    durations: list[float] = []
    original = render.WebSeat.render

    def timed(self: render.WebSeat, replies: tuple[object, ...] = ()) -> None:
        start = time.perf_counter()
        original(self, replies)  # type: ignore[arg-type]
        durations.append((time.perf_counter() - start) * 1000)

    render.WebSeat.render = timed  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as folder:
        wall = asyncio.run(
            asyncio.wait_for(
                _run(args.tables, args.render, Path(folder) / "server.db"),
                args.seconds,
            )
        )
    print(f"tables: {args.tables}, worded: {args.render}, wall time: {wall:.2f} s")
    if durations:
        cuts = statistics.quantiles(durations, n=100)
        print(
            f"wording passes: {len(durations)}, "
            f"median {statistics.median(durations):.2f} ms, "
            f"p95 {cuts[94]:.2f} ms, p99 {cuts[98]:.2f} ms, "
            f"max {max(durations):.2f} ms, total {sum(durations) / 1000:.2f} s"
        )


if __name__ == "__main__":
    main()
