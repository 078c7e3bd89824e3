"""Text-to-WAV renderers for the built-in voice.

Two ways to the same espeak-ng voice:

* `EspeakCliRenderer`: the `espeak-ng -w FILE` command (~12 ms a sentence here).
  First choice on Linux: each render is its own process with a timeout, so it
  cannot hang or corrupt the game, and it prints nothing to our stdout.
* `Pyttsx3Renderer`: pyttsx3 `save_to_file` + `runAndWait` (never `say()`, which
  blocks until playback ends and cannot be stopped). First choice on Windows and
  macOS (SAPI5, NSSS). On Linux only a last resort: pyttsx3 2.99's espeak driver
  runs libespeak-ng asynchronously, and on this machine `runAndWait` returned
  before the file was written, and in a run of 200 renders alternating rates about
  two in three came out at the rate of an earlier render (a later `runAndWait`
  cancels the synthesiser's queue, rate change included).

A renderer is created and used in one worker thread only.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Protocol

from audiospades.speech._quiet import quiet_modules
from audiospades.speech.base import NORMAL_RATE

__all__ = [
    "NORMAL_WORDS_PER_MINUTE",
    "EspeakCliRenderer",
    "Pyttsx3Renderer",
    "RenderError",
    "Renderer",
    "Voice",
    "choose_voice",
    "renderer_choices",
    "words_per_minute",
]

_log = logging.getLogger(__name__)

NORMAL_WORDS_PER_MINUTE: Final = 175
"""espeak-ng's own default rate; 100 % in the game's rate setting."""

ESPEAK_COMMAND: Final = "espeak-ng"
_CLI_TIMEOUT: Final = 10.0
PYTTSX3_WAIT: Final = 4.0
"""Seconds to wait for pyttsx3 to finish one file before trying the command."""

# libespeak-ng is one global synthesiser per process (pyttsx3 initialises it once and
# shares it between engines), so renders from two speakers must not interleave.
_ESPEAK_LOCK = threading.Lock()


class RenderError(RuntimeError):
    """A renderer could not start or could not write a WAV file."""


@dataclass(frozen=True, slots=True)
class Voice:
    """One installed voice: `voice_id` to pass back, `languages` like "fr-fr"."""

    voice_id: str
    languages: tuple[str, ...]


class Renderer(Protocol):
    """Writes speech for a text to a WAV file."""

    def voices(self) -> list[Voice]:
        """The installed voices."""

    def render(self, text: str, path: str, *, voice: str | None, wpm: int) -> None:
        """Write `text` spoken by `voice` at `wpm` words per minute to `path`.

        Raises:
            RenderError: No (non-empty) file was written.
        """


def words_per_minute(percent: int) -> int:
    """Turn a rate in percent of normal into espeak words per minute.

    >>> words_per_minute(100), words_per_minute(50), words_per_minute(200)
    (175, 88, 350)
    """
    return round(NORMAL_WORDS_PER_MINUTE * percent / NORMAL_RATE)


def choose_voice(voices: list[Voice], lang: str) -> str | None:
    """Pick the voice that best speaks `lang`, or None for the default voice.

    A voice whose id ends in the language ("gmw/en", "roa/fr") wins, then one whose
    language is exactly `lang`, then the first whose language starts with `lang-`.

    >>> vs = [Voice("gmw/en-us", ("en-us",)), Voice("gmw/en", ("en-gb",)),
    ...       Voice("roa/fr-be", ("fr-be",)), Voice("roa/fr", ("fr-fr",))]
    >>> choose_voice(vs, "en"), choose_voice(vs, "FR"), choose_voice(vs, "xx")
    ('gmw/en', 'roa/fr', None)
    >>> choose_voice([Voice("x/pt-br", ("pt-br",))], "pt")
    'x/pt-br'
    """
    lang = lang.strip().lower().replace("_", "-")
    if not lang:
        return None
    base = lang.split("-")[0]
    for v in voices:
        if v.voice_id.lower().rsplit("/", 1)[-1] == lang:
            return v.voice_id
    for v in voices:
        if lang in (code.lower() for code in v.languages):
            return v.voice_id
    for v in voices:
        if any(code.lower().startswith(base + "-") for code in v.languages):
            return v.voice_id
    return None


def _check_written(path: str) -> None:
    # A WAV header alone is 44 bytes: anything that small holds no speech.
    if not os.path.exists(path) or os.path.getsize(path) <= 44:
        raise RenderError(f"no speech written to {path}")


class Pyttsx3Renderer:
    """Renders with pyttsx3's espeak driver."""

    def __init__(self) -> None:
        """Initialise pyttsx3.

        Raises:
            RenderError: pyttsx3 or libespeak-ng is missing or fails to start.
        """
        quiet_modules("pyttsx3.drivers.espeak")
        try:
            import pyttsx3

            with _ESPEAK_LOCK:
                self._engine: Any = pyttsx3.init()
        except Exception as exc:
            raise RenderError(f"pyttsx3 failed to start: {exc!r}") from exc
        quiet_modules("pyttsx3.drivers.espeak")

    def voices(self) -> list[Voice]:
        """The voices espeak-ng offers through pyttsx3."""
        with _ESPEAK_LOCK:
            raw = self._engine.getProperty("voices")
        return [
            Voice(str(v.id), tuple(str(x) for x in (v.languages or ()))) for v in raw
        ]

    def render(self, text: str, path: str, *, voice: str | None, wpm: int) -> None:
        """Write the WAV file with `save_to_file` and `runAndWait`.

        pyttsx3 2.99 runs libespeak-ng in its asynchronous AUDIO_OUTPUT_RETRIEVAL
        mode, so `runAndWait` can return before synthesis ends; the file is written
        later from espeak's own thread, and the driver's "finished-utterance"
        notification follows it. Wait for that, then for espeak to go idle (the
        next `runAndWait` cancels a synthesiser it finds busy).
        """
        finished = threading.Event()

        def on_finished(**kwargs: object) -> None:
            finished.set()

        with _ESPEAK_LOCK:
            token = self._engine.connect("finished-utterance", on_finished)
            try:
                if voice is not None:
                    self._engine.setProperty("voice", voice)
                self._engine.setProperty("rate", wpm)
                self._engine.save_to_file(text, path)
                self._engine.runAndWait()
                if not finished.wait(PYTTSX3_WAIT):
                    raise RenderError(f"pyttsx3 did not finish {path} in time")
                self._wait_idle()
            finally:
                self._engine.disconnect(token)
        _check_written(path)

    def _wait_idle(self) -> None:
        if self._engine.driver_name != "espeak":
            return
        from pyttsx3.drivers import _espeak

        deadline = time.monotonic() + PYTTSX3_WAIT
        while _espeak.IsPlaying() and time.monotonic() < deadline:
            time.sleep(0.002)


class EspeakCliRenderer:
    """Renders by running the `espeak-ng` command."""

    def __init__(self) -> None:
        """Find the command.

        Raises:
            RenderError: `espeak-ng` is not on the PATH.
        """
        found = shutil.which(ESPEAK_COMMAND)
        if found is None:
            raise RenderError(f"{ESPEAK_COMMAND} not found")
        self._command = found

    def voices(self) -> list[Voice]:
        """Parse `espeak-ng --voices` (language in column 2, file in column 5)."""
        try:
            out = subprocess.run(
                [self._command, "--voices"],
                capture_output=True,
                text=True,
                timeout=_CLI_TIMEOUT,
                check=True,
            ).stdout
        except (OSError, subprocess.SubprocessError) as exc:
            raise RenderError(f"{ESPEAK_COMMAND} --voices failed: {exc!r}") from exc
        voices = []
        for line in out.splitlines()[1:]:
            cols = line.split()
            if len(cols) >= 5:
                voices.append(Voice(cols[4], (cols[1],)))
        return voices

    def render(self, text: str, path: str, *, voice: str | None, wpm: int) -> None:
        """Run `espeak-ng -w PATH -s WPM [-v VOICE] --stdin` with the text on stdin."""
        args = [self._command, "-w", path, "-s", str(wpm)]
        if voice is not None:
            args += ["-v", voice]
        args.append("--stdin")  # text on stdin: a leading "-" is not an option
        try:
            subprocess.run(
                args,
                input=text.encode("utf-8"),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                timeout=_CLI_TIMEOUT,
                check=True,
            )
        except (OSError, subprocess.SubprocessError) as exc:
            raise RenderError(f"{ESPEAK_COMMAND} failed: {exc!r}") from exc
        _check_written(path)


def renderer_choices() -> list[Callable[[], Renderer]]:
    """Renderer constructors in order of preference on this platform."""
    if sys.platform.startswith("linux"):
        return [EspeakCliRenderer, Pyttsx3Renderer]
    return [Pyttsx3Renderer, EspeakCliRenderer]
