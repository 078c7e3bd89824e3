"""The one console entry point: play, replay a record, or run bot matches.

``audiospades`` plays (``--headless`` runs the same loop without a window or sound);
``audiospades replay FILE [--json] [--language CODE]`` checks a game record and
prints its scores, in the player's language;
``audiospades selfplay ...`` runs computer-player matches; ``audiospades serve``
runs a table server for online play.

Output read by a program that stops early (``audiospades replay FILE --json |
head -1``) ends the command quietly with status 0: the reader has what it wanted.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to the sub-command; return the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        status = _dispatch(args)
        # Flush here, so a reader that has gone is noticed inside this block.
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
        return 0
    return status


def silence_stdout() -> None:
    """Send standard output to the null device once its reader has gone.

    Text still buffered is flushed when Python exits; without this, that flush
    fails again and Python prints "Exception ignored ... BrokenPipeError" (the
    recipe in the documentation of the ``signal`` module, "Note on SIGPIPE").
    """
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test's capture): nothing will be flushed
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)


COMMANDS = {
    "serve": "run a table server for online play",
    "replay": "check a game record (FILE) and print its scores",
    "selfplay": "computer-player matches",
}
"""The sub-commands, each with its line in ``audiospades --help``."""


def commands_help() -> str:
    """The sub-commands' part of ``audiospades --help``."""
    lines = [f"  audiospades {name:<9} {what}" for name, what in COMMANDS.items()]
    return "\n".join(
        [
            "other commands (each takes --help):",
            *lines,
            "without one, audiospades starts the game",
        ]
    )


def _dispatch(args: list[str]) -> int:
    if args and not args[0].startswith("-") and args[0] not in COMMANDS:
        # A mistyped command ("audiospades serv"): argparse would only say
        # "unrecognized arguments" and start nothing; name the commands instead.
        print(
            f"audiospades: no command {args[0]!r}; the commands are "
            f"{', '.join(COMMANDS)} (audiospades --help)",
            file=sys.stderr,
        )
        return 2
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
