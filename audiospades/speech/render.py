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
  cancels the synthesiser's queue, rate change included). About one render in a
  hundred also comes out as a WAV header with no sound at all (espeak reports the
  message finished without synthesising any); rendered again, it works, so each
  render is checked and tried up to `PYTTSX3_ATTEMPTS` times.

Every renderer is given `timeout`, the seconds one call may take before it gives up
by itself (the espeak-ng command is killed, with any child it started). The built-in
voice sets it to half its own limits, so a hanging renderer is abandoned while there
is still time to try the next one.

A renderer is created and used in one worker thread only.
"""

from __future__ import annotations

import functools
import logging
import math
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import wave
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Protocol

from audiospades.speech._quiet import quiet_modules
from audiospades.speech.base import NORMAL_RATE, RATE_MAX

__all__ = [
    "CALL_TIMEOUT",
    "NORMAL_WORDS_PER_MINUTE",
    "PYTTSX3_ATTEMPTS",
    "EspeakCliRenderer",
    "Pyttsx3Renderer",
    "RenderError",
    "Renderer",
    "Voice",
    "choose_voice",
    "renderer_choices",
    "with_variant",
    "words_per_minute",
]

_log = logging.getLogger(__name__)

NORMAL_WORDS_PER_MINUTE: Final = 175
"""espeak-ng's own default rate; 100 % in the game's rate setting."""

SONIC_WORDS_PER_MINUTE: Final = 450
"""From this rate on espeak-ng speeds up another way (see `words_per_minute`)."""

LAST_PLAIN_RATE: Final = 210
"""The fastest rate, in percent, spoken at espeak-ng's plain speed (368 wpm)."""

FIRST_SONIC_RATE: Final = 220
"""The first rate step (percent) rendered above `SONIC_WORDS_PER_MINUTE`."""

FIRST_SONIC_WORDS_PER_MINUTE: Final = 460
"""The rate `FIRST_SONIC_RATE` asks of espeak-ng."""

TOP_WORDS_PER_MINUTE: Final = 900
"""The rate `RATE_MAX` (300 %) asks of espeak-ng: about six times normal speed."""

ESPEAK_COMMAND: Final = "espeak-ng"

CALL_TIMEOUT: Final = 1.5
"""Default seconds one renderer call may take (the built-in voice passes its own).

espeak-ng renders 150 words (45 s of speech) in about 0.3 s here.
"""

PYTTSX3_ATTEMPTS: Final = 5
"""Renders of one text through pyttsx3 before its silent files count as failure.

Three were not always enough on a loaded machine, where silent renders come in
runs (seen twice in 300-render tests while other processes used both cores); each
retry also waits a little longer first, for espeak's thread to settle."""

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
    """Turn a rate in percent of normal into espeak-ng words per minute.

    Every step up of the rate setting must sound faster, and espeak-ng's own
    scale is not monotonic. Up to 449 wpm it shortens the phonemes and pauses it
    synthesises, but above about 380 wpm that barely helps (its speed factor is
    fixed at 7 from 380 wpm and at 6 from 400, so some steps sound no faster).
    From 450 wpm on it synthesises at 175 wpm with short settings and
    time-compresses the sound with libsonic by wpm / 175, which starts *slower*
    than 449 wpm (measured here: 4.07 s at 449, 4.34 s at 450 for the same line)
    and gets faster in proportion from there. So the plain scale is kept up to
    `LAST_PLAIN_RATE` (368 wpm, where each step still helps), and the steps
    above it are spent on the compressed scale, each about 9 % faster, up to
    `TOP_WORDS_PER_MINUTE` at 300 % (and no further). A hand-edited rate between
    two steps never lands on the plain scale's slow end above 368 wpm.

    >>> words_per_minute(100), words_per_minute(50), words_per_minute(200)
    (175, 88, 350)
    >>> [words_per_minute(p) for p in range(210, 301, 10)]
    [368, 460, 500, 544, 592, 643, 700, 761, 828, 900]
    """
    if percent <= LAST_PLAIN_RATE:
        return round(NORMAL_WORDS_PER_MINUTE * percent / NORMAL_RATE)
    steps = (percent - FIRST_SONIC_RATE) / (RATE_MAX - FIRST_SONIC_RATE)
    ratio = TOP_WORDS_PER_MINUTE / FIRST_SONIC_WORDS_PER_MINUTE
    wpm = round(FIRST_SONIC_WORDS_PER_MINUTE * math.pow(ratio, steps))
    return min(TOP_WORDS_PER_MINUTE, max(SONIC_WORDS_PER_MINUTE, wpm))


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


def with_variant(voice: str | None, variant: str) -> str | None:
    """A voice with an espeak-ng variant ("+f2") added, where one is chosen.

    >>> with_variant("roa/fr", "f2"), with_variant(None, "m3"), with_variant("en", "")
    ('roa/fr+f2', 'en+m3', 'en')
    """
    if not variant:
        return voice
    return f"{voice or 'en'}+{variant}"


def _check_written(path: str) -> None:
    """Raise `RenderError` unless `path` is a WAV file holding some sound."""
    try:
        with wave.open(path, "rb") as wav:
            frame_count = wav.getnframes()
    except (OSError, EOFError, wave.Error) as exc:
        raise RenderError(f"no speech written to {path}: {exc!r}") from exc
    if frame_count == 0:
        raise RenderError(f"no speech written to {path}: no frames")


def _run_command(args: list[str], *, stdin: bytes | None, timeout: float) -> str:
    """Run a command and return its output; kill it and its children on timeout.

    The command runs in a session of its own, so a wrapper script's children die
    with it and cannot hold its pipes open after the timeout.

    Raises:
        RenderError: It could not start, timed out or failed.
    """
    try:
        process = subprocess.Popen(
            args,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=os.name == "posix",
        )
    except OSError as exc:
        raise RenderError(f"{args[0]} could not start: {exc!r}") from exc
    try:
        out, err = process.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill(process)
        raise RenderError(f"{args[0]} took longer than {timeout} s") from None
    if process.returncode != 0:
        detail = err.decode("utf-8", "replace").strip()[-200:]
        raise RenderError(f"{args[0]} failed ({process.returncode}): {detail}")
    return out.decode("utf-8", "replace")


def _kill(process: subprocess.Popen[bytes]) -> None:
    try:
        if os.name == "posix":
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
    except OSError:
        pass  # it ended by itself meanwhile
    try:
        process.communicate(timeout=1.0)
    except subprocess.TimeoutExpired:
        # Something outside its session holds the pipes; leave them to it.
        _log.warning("%s did not end after it was killed", process.args)


class Pyttsx3Renderer:
    """Renders with pyttsx3's espeak driver."""

    def __init__(self, *, timeout: float = CALL_TIMEOUT) -> None:
        """Initialise pyttsx3.

        Args:
            timeout: Seconds one render may wait for pyttsx3.

        Raises:
            RenderError: pyttsx3 or libespeak-ng is missing or fails to start.
        """
        self._timeout = timeout
        quiet_modules("pyttsx3.drivers.espeak")
        try:
            import pyttsx3

            with _ESPEAK_LOCK:
                self._engine: Any = pyttsx3.init()
        except Exception as exc:
            raise RenderError(f"pyttsx3 failed to start: {exc!r}") from exc
        quiet_modules("pyttsx3.drivers.espeak")

    @property
    def takes_variants(self) -> bool:
        """Whether voices take an espeak-ng variant (only on pyttsx3's espeak)."""
        return bool(self._engine.driver_name == "espeak")

    def voices(self) -> list[Voice]:
        """The voices espeak-ng offers through pyttsx3."""
        with _ESPEAK_LOCK:
            raw = self._engine.getProperty("voices")
        return [
            Voice(str(v.id), tuple(str(x) for x in (v.languages or ()))) for v in raw
        ]

    def render(self, text: str, path: str, *, voice: str | None, wpm: int) -> None:
        """Write the WAV file, rendering again if it came out without sound.

        Raises:
            RenderError: pyttsx3 failed or timed out, or wrote no sound in
                `PYTTSX3_ATTEMPTS` tries.
        """
        for attempt in range(1, PYTTSX3_ATTEMPTS + 1):
            self._render_once(text, path, voice=voice, wpm=wpm)
            try:
                _check_written(path)
                return
            except RenderError as exc:
                if attempt == PYTTSX3_ATTEMPTS:
                    raise
                _log.debug("pyttsx3 wrote no sound (%s); rendering again", exc)
                time.sleep(0.02 * attempt)

    def _render_once(
        self, text: str, path: str, *, voice: str | None, wpm: int
    ) -> None:
        """One `save_to_file` and `runAndWait`.

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
                if not finished.wait(self._timeout):
                    raise RenderError(f"pyttsx3 did not finish {path} in time")
                self._wait_idle()
            finally:
                self._engine.disconnect(token)

    def _wait_idle(self) -> None:
        if self._engine.driver_name != "espeak":
            return
        from pyttsx3.drivers import _espeak

        deadline = time.monotonic() + self._timeout
        while _espeak.IsPlaying() and time.monotonic() < deadline:
            time.sleep(0.002)


class EspeakCliRenderer:
    """Renders by running the `espeak-ng` command."""

    takes_variants = True
    """espeak-ng voices take a variant: "roa/fr+f2"."""

    def __init__(self, *, timeout: float = CALL_TIMEOUT) -> None:
        """Find the command.

        Args:
            timeout: Seconds one run of the command may take before it is killed.

        Raises:
            RenderError: `espeak-ng` is not on the PATH.
        """
        found = shutil.which(ESPEAK_COMMAND)
        if found is None:
            raise RenderError(f"{ESPEAK_COMMAND} not found")
        self._command = found
        self._timeout = timeout

    def voices(self) -> list[Voice]:
        """Parse `espeak-ng --voices` (language in column 2, file in column 5)."""
        out = _run_command(
            [self._command, "--voices"], stdin=None, timeout=self._timeout
        )
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
        _run_command(args, stdin=text.encode("utf-8"), timeout=self._timeout)
        _check_written(path)


def renderer_choices(timeout: float = CALL_TIMEOUT) -> list[Callable[[], Renderer]]:
    """Renderer constructors in order of preference on this platform.

    Args:
        timeout: Seconds one call of each renderer may take.
    """
    preferred: list[type[EspeakCliRenderer] | type[Pyttsx3Renderer]] = (
        [EspeakCliRenderer, Pyttsx3Renderer]
        if sys.platform.startswith("linux")
        else [Pyttsx3Renderer, EspeakCliRenderer]
    )
    return [functools.partial(kind, timeout=timeout) for kind in preferred]
