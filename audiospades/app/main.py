"""Start-up and the command line: ``audiospades [--headless --seed N --keys FILE]``.

Start-up order: killed writes' temporary files removed, settings load (a problem is
spoken), language, window, speech and sound cues
(:func:`~audiospades.app.services.open_outputs`; no device: speech and cues off, said
in one sentence, and the game goes on), the braille display where BrlAPI serves
one, then the main menu, followed by one line naming the speech output in use.
Every change of speech output, then or later, is announced with a cue at the next
frame.

Headless mode runs the same loop with SDL's dummy drivers and no speech; every
utterance is written to standard output, one a line. Keys come from ``--keys FILE``
(``-`` for standard input) in the syntax of :mod:`audiospades.app.harness`; the run
ends when the keys run out (after the computer players finish their moves), on
quit, or quietly with status 0 when the program reading standard output stops
(``audiospades --headless ... | head -3``).

``--connect URL --name NAME`` plays online instead: the run starts by connecting
(the lobby follows), waits before each key while the player has nothing to do
(other people's turns), at most ``--patience`` seconds in which nothing is heard,
and ends when the keys run out and the player has nothing more to wait for (the
game is over, or the patience ran out). A spectator never has anything to do and a
game under way is never silent, so a spectator's keys wait for a silence of
``--patience`` seconds: a short one (0.3) presses them in the lulls between moves.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from audiospades.cli import commands_help, silence_stdout

if TYPE_CHECKING:
    from audiospades.app.screen import ScreenStack
    from audiospades.storage import LoadProblem

log = logging.getLogger(__name__)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="audiospades",
        description="Play Spades.",
        epilog=commands_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--headless", action="store_true", help="no window or sound")
    parser.add_argument("--seed", type=int, default=None, help="seed for new games")
    parser.add_argument("--keys", default=None, help="key script (headless), - stdin")
    parser.add_argument("--language", default=None, help="language, e.g. fr")
    parser.add_argument(
        "--speech", default=None, help="auto, screen_reader, builtin, silent"
    )
    parser.add_argument(
        "--connect", default=None, metavar="URL", help="(headless) play online"
    )
    parser.add_argument("--name", default=None, help="(headless) your online name")
    parser.add_argument(
        "--patience",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help=(
            "(headless, online) how long to wait on the server when nothing is "
            "heard; a spectator's keys wait for that long a silence, so give a "
            "spectator a short one, such as 0.3"
        ),
    )
    return parser


def main(argv: Sequence[str]) -> int:
    """Play; return the exit status."""
    args = _parser().parse_args(list(argv))
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    trouble = _bad_start(args)
    if trouble is not None:
        sys.stderr.write(f"audiospades: {trouble}\n")
        return 2
    if args.headless:
        return _headless(args)
    return _windowed(args)


def _bad_start(args: argparse.Namespace) -> str | None:
    """Why the game cannot start with these arguments and environment, or None.

    Checked before anything is said or saved: an unknown ``--language`` or
    ``--speech`` would otherwise be written into the settings file with the
    player's next change there, and refused (as damage) at the next start.
    """
    from audiospades.languages import SUPPORTED_LANGUAGES, is_known_language
    from audiospades.speech.base import SpeechMode
    from audiospades.storage.paths import HOME_ENV, unusable_home

    home = unusable_home()
    if home is not None:
        return (
            f"{HOME_ENV} is {home!r}, but no home folder is known for "
            f"{Path(home).parts[0]}; give the whole path"
        )
    if args.language is not None and not is_known_language(args.language):
        return (
            f"--language must be one of {', '.join(SUPPORTED_LANGUAGES)} "
            f"(perhaps with a region, as in pt_BR), not {args.language!r}"
        )
    modes = [mode.value for mode in SpeechMode]
    if args.speech is not None and args.speech not in modes:
        return f"--speech must be one of {', '.join(modes)}, not {args.speech!r}"
    return None


MAX_PATIENCE = 3600.0
"""The longest ``--patience`` (an hour): a script waiting longer waits forever."""

BAD_CONNECT = (
    "--connect needs a ws:// or wss:// address and --name a name of 1 to 24 "
    "printable characters"
)


def _online_target(address: str, name: str) -> tuple[str, str] | None:
    """The server address (made whole) and name ``--connect`` plays under.

    None if either cannot be used. The address is checked as one typed in Play
    online is: a host, and a port in range ("ws://host:99999" passed a check of
    its scheme alone, and ended in a traceback on the connection's thread).
    """
    from audiospades.app.online import check_address, check_name, normalize_address

    if check_address(address) is not None or check_name(name) is not None:
        return None
    return normalize_address(address), name


class _LineWriter:
    """Writes each utterance as a line of standard output until its reader goes."""

    def __init__(self) -> None:
        self.on_closed: Callable[[], None] = lambda: None
        """Called once when the reader has gone (the headless run then stops)."""
        self.is_closed = False

    def __call__(self, text: str) -> None:
        if self.is_closed:
            return
        try:
            sys.stdout.write(text.replace("\n", " ") + "\n")
            sys.stdout.flush()
        except BrokenPipeError:
            # Not an error: the reader (``head -3``) has all it wanted.
            self.is_closed = True
            silence_stdout()
            self.on_closed()


def _first_words(
    stack: ScreenStack, problem: LoadProblem | None, *, offer: bool
) -> None:
    """At start-up: the first start's offer (``offer``), and damaged settings.

    The damaged settings are told before the welcome's question, in one breath
    with it: the question stays the last thing heard. Without the question, the
    notice is said alone.
    """
    from audiospades.app.tutorial import offer_on_first_start
    from audiospades.notices import FileKind
    from audiospades.presenter import Utterance
    from audiospades.presenter.system import storage_text

    notice = "" if problem is None else storage_text(FileKind.SETTINGS, problem)
    if offer and offer_on_first_start(stack, notice):
        return
    if notice:
        stack.services.say(Utterance(notice))


def _headless(args: argparse.Namespace) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import dataclasses

    from audiospades import storage
    from audiospades.app.harness import Harness, check_script, parse_script

    storage.clean_temp_files()  # left by a write killed mid-way
    settings, problem = storage.load_settings()
    if args.language:
        settings = dataclasses.replace(settings, language=args.language)
    write_line = _LineWriter()
    first = None
    patience = 30.0
    if args.connect:
        from audiospades.app.connect import ConnectingScreen

        target = _online_target(args.connect, args.name or settings.player_name)
        if target is None:
            sys.stderr.write(f"audiospades: {BAD_CONNECT}\n")
            return 2
        if not 0 < args.patience <= MAX_PATIENCE:  # (nan fails both)
            sys.stderr.write(
                f"audiospades: --patience must be more than 0 and at most "
                f"{MAX_PATIENCE:g} seconds\n"
            )
            return 2
        first, patience = ConnectingScreen(*target), args.patience
    # The key file before the harness: a bad path is one clear error, before
    # anything is said or a connection opened ("Connecting to ..." came first).
    script = ""
    if args.keys == "-":
        script = sys.stdin.read()
    elif args.keys:
        try:
            with open(args.keys, encoding="utf-8") as handle:
                script = handle.read()
        except (OSError, UnicodeDecodeError) as error:
            sys.stderr.write(f"audiospades: cannot read the key file: {error}\n")
            return 2
    keys = parse_script(script)
    try:
        check_script(keys)  # a misspelt key is one clear error, said first too
    except ValueError as error:
        sys.stderr.write(f"audiospades: {error}\n")
        return 2
    harness = Harness(
        seed=args.seed if args.seed is not None else 0,
        settings=settings,
        on_utterance=write_line,
        first=first,
        patience_seconds=patience,
    )
    write_line.on_closed = harness.stop
    _first_words(harness.app.stack, problem, offer=first is None)
    try:
        harness.run_script(keys)
    finally:
        harness.close()
    if first is not None and first.failed:
        return 1  # the server could not be reached (said on standard output)
    return 0


def _windowed(args: argparse.Namespace) -> int:
    import dataclasses

    import pygame

    from audiospades import i18n, storage
    from audiospades.app.loop import App, open_window
    from audiospades.app.main_menu import MainMenu
    from audiospades.app.services import (
        PygameClock,
        Services,
        make_speaker,
        open_outputs,
    )
    from audiospades.speech.braille import open_braille, x11_window_id

    storage.clean_temp_files()  # left by a write killed mid-way
    settings, problem = storage.load_settings()
    if args.language:
        settings = dataclasses.replace(settings, language=args.language)
    if args.speech:
        settings = dataclasses.replace(settings, speech_mode=args.speech)
    target = None
    if args.connect:
        # Refused before the window opens: a line in the log only, under a window
        # that went on to the main menu, told a player who cannot see it nothing.
        target = _online_target(args.connect, args.name or settings.player_name)
        if target is None:
            sys.stderr.write(f"audiospades: {BAD_CONNECT}\n")
            return 2
    lang = i18n.set_language(settings.language)
    pygame.init()
    try:
        open_window(settings.fullscreen)
    except pygame.error as error:
        # No screen (a console without a desktop, or SSH): say so plainly; the
        # headless mode plays from a key script without one.
        sys.stderr.write(
            f"audiospades: no window can be opened ({error}). Start it from a "
            "desktop session, or use --headless.\n"
        )
        return 2
    # Typed text (names, chat) comes from TEXTINPUT events, which SDL 2 sends by
    # default on a desktop; ask for them in any case.
    pygame.key.start_text_input()
    speech, sound, notices = open_outputs(settings, lang)
    window = x11_window_id()
    services = Services(
        speech=speech,
        sound=sound,
        settings=settings,
        clock=PygameClock(),
        seed=args.seed,
        notices=notices,
        speaker_factory=lambda s, language: make_speaker(s, language, notices),
        braille=open_braille(window_id=window) if settings.braille else None,
        braille_opener=lambda: open_braille(window_id=window),
    )
    app = App(services, MainMenu())
    if not notices.is_pending:
        # All is well: say which output speaks, after the menu's title. (A change
        # at start-up is said at the first frame, naming the output in use.)
        services.say_output()
    if target is not None:
        from audiospades.app.connect import ConnectingScreen
        from audiospades.app.screen import Push

        app.stack.apply(Push(ConnectingScreen(*target)))
    _first_words(app.stack, problem, offer=target is None)
    i18n.add_listener(speech.set_language)
    try:
        # Wait for an event for at most a frame (16 ms) and handle it at once, so a
        # key press is spoken within a millisecond rather than at the next tick.
        while app.frame(pygame.event.wait(16)):
            pass
    finally:
        i18n.remove_listener(speech.set_language)
        services.close()
        pygame.quit()
    return 0
