"""Drive the real loop without a window: the headless mode and the tests use this.

Key scripts are whitespace-separated tokens; ``#`` starts a comment to the end of the
line. A token is a key name as the key map writes it (``b``, ``3``, ``return``,
``space``, ``left``, ``page up`` is written ``page_up``, ``f1``, ``escape``,
``ctrl+z``, ``ctrl`` alone), or ``wait:MS`` to move the clock on ``MS``
milliseconds. Before each key the game runs until it waits for the player (the
computer players finish their moves), so a script only says what the player presses.

Online, other people's moves arrive when they come: before each key the harness
waits in real time while the screen waits on the server (another player's turn, an
answer to a request), for at most `SERVER_PATIENCE_SECONDS` in which nothing new is
heard, and ``wait:MS`` waits that long in real time too.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterable
from typing import Final

from audiospades.storage import Settings

log = logging.getLogger(__name__)

SETTLE_STEP_MS: Final = 250
SETTLE_LIMIT_FRAMES: Final = 200_000
SERVER_POLL_SECONDS: Final = 0.005
"""How long a frame waits for a server's messages when the player has nothing to do."""
SERVER_PATIENCE_SECONDS: Final = 30.0
"""How long to wait on a server while nothing new is heard, before pressing on."""


def parse_script(text: str) -> list[str]:
    r"""The tokens of a key script.

    >>> parse_script("b 3 return  # bid three\nwait:500 ctrl+z")
    ['b', '3', 'return', 'wait:500', 'ctrl+z']
    """
    tokens: list[str] = []
    for line in text.splitlines():
        tokens += line.split("#", 1)[0].split()
    return tokens


def check_script(tokens: Iterable[str]) -> None:
    """Check every token of a key script before any is pressed.

    A mistake deep in a script (a misspelt key, ``wait:2s``) is one clear error
    at the start, not after a game's worth of keys, nor after "Connecting to".

    Raises:
        ValueError: naming the first bad token.
    """
    import pygame

    pygame.display.init()  # key names are read through SDL
    for token in tokens:
        if token.startswith("wait:"):
            if not (token[5:].isascii() and token[5:].isdigit()):  # not "²"
                raise ValueError(f"{token!r}: wait:N needs N, a whole number of ms")
            continue
        key_event(token)


_NAMED: Final = {
    "page_up": "page up",
    "page_down": "page down",
    "enter": "return",
    "esc": "escape",
    "left_ctrl": "left ctrl",
}


class Harness:
    """The app with a recording speaker, a recording sound player and a manual clock.

    Attributes:
        speaker: The :class:`~audiospades.speech.RecordingSpeaker` (what was said).
        sound: The :class:`~audiospades.sound.RecordingSoundPlayer`.
        clock: The :class:`~audiospades.app.services.ManualClock`.
        app: The :class:`~audiospades.app.loop.App`.
    """

    def __init__(
        self,
        *,
        seed: int = 7,
        settings: Settings | None = None,
        persist: bool = True,
        draw: bool = False,
        on_utterance: Callable[[str], None] | None = None,
        size: tuple[int, int] = (1024, 720),
        patience_seconds: float = SERVER_PATIENCE_SECONDS,
        first: object | None = None,
    ) -> None:
        """Build the app; ``first`` is its first screen (the main menu if None)."""
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        import pygame

        from audiospades import i18n
        from audiospades.app.loop import App
        from audiospades.app.main_menu import MainMenu
        from audiospades.app.services import ManualClock, Services
        from audiospades.sound import RecordingSoundPlayer
        from audiospades.speech import BackendKind, RecordingSpeaker, SpeechManager

        pygame.display.init()
        pygame.font.init()
        pygame.display.set_mode(size)
        self.settings = settings or Settings(language="en")
        i18n.set_language(self.settings.language)
        self.speaker = RecordingSpeaker(BackendKind.RECORDER)
        self.speech = SpeechManager(
            self.speaker,
            rate=self.settings.speech_rate,
            volume=self.settings.speech_volume,
        )
        self.sound = RecordingSoundPlayer()
        self.clock = ManualClock()
        self.services = Services(
            speech=self.speech,
            sound=self.sound,
            settings=self.settings,
            clock=self.clock,
            seed=seed,
            persist=persist,
            on_utterance=on_utterance,
        )
        self.app = App(self.services, first or MainMenu(), draw=draw)  # type: ignore[arg-type]
        self.patience_seconds = patience_seconds
        pygame.event.clear()

    # --- what was said ---
    @property
    def transcript(self) -> list[str]:
        """Everything spoken, in order."""
        return self.speaker.transcript()

    def mark(self) -> int:
        """A position in the transcript, for :meth:`said_since`."""
        return len(self.speaker.spoken)

    def said_since(self, mark: int) -> list[str]:
        """What was spoken after ``mark``."""
        return [s.text for s in self.speaker.spoken[mark:]]

    @property
    def last(self) -> str:
        """The last thing spoken."""
        return self.transcript[-1] if self.transcript else ""

    @property
    def table(self):  # type: ignore[no-untyped-def]
        """The table screen if one is open (the top-most), else None."""
        from audiospades.app.table import TableScreen

        for screen in reversed(self.app.stack.screens):
            if isinstance(screen, TableScreen):
                return screen
        return None

    # --- driving ---
    def frame(self) -> bool:
        """Run one frame."""
        return self.app.frame()

    def settle(self) -> None:
        """Run until the game waits for the player (or the app ended).

        While the screen waits on a server, frames run in real time, and the wait
        ends after `patience_seconds` in which nothing new was heard.
        """
        heard, quiet_since = len(self.speaker.spoken), time.monotonic()
        for _ in range(SETTLE_LIMIT_FRAMES):
            self.app.frame()
            if not self.app.is_busy():
                return
            if not self.app.waits_on_server():
                self.clock.advance(SETTLE_STEP_MS)
                continue
            now = time.monotonic()
            if len(self.speaker.spoken) != heard:
                heard, quiet_since = len(self.speaker.spoken), now
            elif now - quiet_since > self.patience_seconds:
                log.warning("the server said nothing for %s s", self.patience_seconds)
                return
            time.sleep(SERVER_POLL_SECONDS)
            self.clock.advance(round(SERVER_POLL_SECONDS * 1000))
        log.warning("the game did not settle")

    def wait(self, ms: int) -> None:
        """Move the clock on and run a frame; online, wait that long for real."""
        if self.app.waits_on_server() or self._online():
            end = time.monotonic() + ms / 1000
            while time.monotonic() < end and self.app.running:
                self.app.frame()
                time.sleep(SERVER_POLL_SECONDS)
        self.clock.advance(ms)
        self.app.frame()

    def _online(self) -> bool:
        from audiospades.app.online import OnlineSession

        return any(
            isinstance(getattr(s, "online", None), OnlineSession)
            for s in self.app.stack.screens
        )

    def press(self, *tokens: str) -> None:
        """Press keys (see the module docstring for names), settling before each."""
        import pygame

        for token in tokens:
            if not self.app.running:
                return
            if token.startswith("wait:"):
                self.wait(int(token[5:]))
                continue
            self.settle()
            event = key_event(token)
            pygame.event.post(event)
            typed = text_event(event)
            if typed is not None:
                pygame.event.post(typed)
            self.app.frame()

    def close(self) -> None:
        """Leave any server the run is connected to (its thread ends)."""
        from audiospades.app.online import OnlineSession

        for screen in self.app.stack.screens:
            online = getattr(screen, "online", None)
            if isinstance(online, OnlineSession):
                online.close()
                return

    def stop(self) -> None:
        """End the run: no more keys are pressed and the computer players stop."""
        self.app.running = False

    def run_script(self, tokens: Iterable[str]) -> None:
        """Press every token, then let the computer players finish."""
        for token in tokens:
            if not self.app.running:
                break
            self.press(token)
        self.settle()


def text_event(key: object):  # type: ignore[no-untyped-def]
    """The TEXTINPUT event SDL sends after a key that types, else None."""
    import pygame

    char = getattr(key, "unicode", "")
    mod = getattr(key, "mod", 0)
    if not char or not char.isprintable() or mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return None
    return pygame.event.Event(pygame.TEXTINPUT, text=char)


def key_event(token: str):  # type: ignore[no-untyped-def]
    """A pygame KEYDOWN event for a script token.

    Raises:
        ValueError: for an unknown key name.
    """
    import pygame

    parts = token.lower().split("+")
    if token.endswith("++"):
        parts = [*token[:-2].lower().split("+"), "+"]
    name = _NAMED.get(parts[-1], parts[-1]).replace("_", " ")
    mods = set(parts[:-1])
    mod = 0
    if "ctrl" in mods:
        mod |= pygame.KMOD_LCTRL
    if "alt" in mods:
        mod |= pygame.KMOD_LALT
    if "shift" in mods:
        mod |= pygame.KMOD_LSHIFT
    if name == "ctrl":
        return pygame.event.Event(
            pygame.KEYDOWN, key=pygame.K_LCTRL, mod=pygame.KMOD_LCTRL, unicode=""
        )
    try:
        code = pygame.key.key_code(name)
    except (ValueError, pygame.error) as error:
        raise ValueError(f"unknown key {token!r}") from error
    if len(name) == 1 and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        unicode = name.upper() if mod & pygame.KMOD_SHIFT else name
    elif name == "space":
        unicode = " "
    elif name == "return":
        unicode = "\r"
    else:
        unicode = ""
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode)
