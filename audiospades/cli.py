"""The one console entry point: play, replay a record, or run bot matches.

``audiospades`` plays (``--headless`` runs the same loop without a window or sound);
``audiospades replay FILE [--json]`` checks a game record and prints its scores;
``audiospades selfplay ...`` runs computer-player matches; ``audiospades serve``
runs a table server for online play.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to the sub-command; return the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args and args[0] == "replay":
        from audiospades.replay import main as replay_main

        return replay_main(args[1:])
    if args and args[0] == "selfplay":
        from audiospades.selfplay import main as selfplay_main

        return selfplay_main(args[1:])
    if args and args[0] == "serve":
        from audiospades.net.cli import main as serve_main

        return serve_main(args[1:])
    from audiospades.app.main import main as play_main

    return play_main(args)
