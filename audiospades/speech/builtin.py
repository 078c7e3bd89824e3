"""The built-in voice: espeak-ng rendered to WAV in a worker, played on the mixer.

One persistent worker thread owns the renderer (pyttsx3, or the espeak-ng command).
`speak` only queues a job; the worker renders it to a WAV file and loads it as a
`pygame.mixer.Sound`; `tick` (main thread, once a frame) starts the next sound on the
speech channel when it is idle. Nothing here waits on the worker, so speech never
blocks the game loop, and `stop`/interrupt cut at once: the channel stops, queued
jobs and ready sounds are dropped, and a render already under way is thrown away when
it finishes (its sequence number is at or below the cut).

The speech channel is reserved with `pygame.mixer.set_reserved`, so sound cues
played with `Sound.play()` never take it.

Two time limits guard the game against a stuck renderer: `START_TIMEOUT` for
starting one, `RENDER_TIMEOUT` for one utterance. Each renderer call is given half
the shorter of them (`CALL_SHARE`) and gives up by itself when it runs out, so a
hanging espeak-ng command is abandoned with time left to start pyttsx3 and render
with it; only a renderer stuck past its own limit (inside a library) makes the whole
voice give up.
"""

from __future__ import annotations

import logging
import os
import queue
import shutil
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout clean
import pygame

from audiospades.speech.base import (
    NORMAL_RATE,
    BackendKind,
    BackendStartError,
    FallbackReason,
    SpeakerFailure,
    Spoken,
    clamp_percent,
    clamp_rate,
)
from audiospades.speech.render import (
    Renderer,
    RenderError,
    Voice,
    choose_voice,
    renderer_choices,
    with_variant,
    words_per_minute,
)

__all__ = [
    "CALL_SHARE",
    "RENDER_TIMEOUT",
    "SPEECH_CHANNEL_INDEX",
    "START_TIMEOUT",
    "BuiltinSpeaker",
]

_log = logging.getLogger(__name__)

SPEECH_CHANNEL_INDEX: Final = 0
"""The mixer channel speech plays on; channels 0..index are reserved."""

START_TIMEOUT: Final = 3.0
"""Seconds the renderers may take to start before the back end gives up."""

RENDER_TIMEOUT: Final = 5.0
"""Seconds one render may take mid-game before the back end counts as stuck."""

CALL_SHARE: Final = 0.5
"""The share of the shorter limit that one renderer call may take.

Half leaves the other half for the next renderer when one hangs.
"""


@dataclass(frozen=True, slots=True)
class _Job:
    seq: int
    text: str
    language: str
    wpm: int
    variant: str = ""


class BuiltinSpeaker:
    """Speaks with espeak-ng through the pygame mixer; see the module docstring."""

    name = BackendKind.BUILTIN

    def __init__(
        self,
        *,
        language: str = "en",
        rate: int = NORMAL_RATE,
        volume: int = 100,
        variant: str = "",
        channel_index: int = SPEECH_CHANNEL_INDEX,
        renderers: Sequence[Callable[[], Renderer]] | None = None,
        start_timeout: float | None = None,
        render_timeout: float | None = None,
    ) -> None:
        """Open the mixer's speech channel and start the render worker.

        Args:
            language: UI language; picks the espeak-ng voice.
            rate: Percent of normal (175 words a minute), clamped to 50..300.
            volume: 0..100.
            variant: An espeak-ng voice variant ("f2", "m3"), or "" for the
                language's own voice.
            channel_index: The mixer channel to reserve for speech.
            renderers: Renderer constructors to try in order (default: the
                espeak-ng command, then pyttsx3, on Linux, each limited to
                `CALL_SHARE` of the shorter timeout). One that fails mid-game is
                replaced by the next.
            start_timeout: Seconds the renderers may take to start (default
                `START_TIMEOUT`).
            render_timeout: Seconds one utterance may take to render (default
                `RENDER_TIMEOUT`).

        Raises:
            BackendStartError: NO_AUDIO_DEVICE if the mixer cannot open; FAILED,
                UNAVAILABLE or TIMED_OUT if the renderer cannot start.
        """
        self._channel = _open_channel(channel_index)
        self._language = language
        self._rate = clamp_rate(rate)
        self._volume = clamp_percent(volume)
        self._variant = variant
        # Read here, not as default values, so that tests can shorten them.
        start_timeout = START_TIMEOUT if start_timeout is None else start_timeout
        self._render_timeout = (
            RENDER_TIMEOUT if render_timeout is None else render_timeout
        )
        call_timeout = CALL_SHARE * min(start_timeout, self._render_timeout)
        # Worker thread only: renderers not tried yet, in order of preference.
        self._renderer_choices = list(
            renderer_choices(call_timeout) if renderers is None else renderers
        )
        # Jobs are numbered 1, 2, ...; those numbered up to `_cut_seq` were cut.
        self._last_seq = 0  # main thread
        self._cut_seq = 0  # main thread
        self._finished_seq = 0  # worker: last job rendered or skipped
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._ready: queue.Queue[tuple[int, str, pygame.mixer.Sound]] = queue.Queue()
        self._to_play: deque[tuple[str, pygame.mixer.Sound]] = deque()
        self._started = threading.Event()
        self._start_error: BaseException | None = None
        self._failure: tuple[BaseException, _Job] | None = None
        # Worker: when the render under way began, and its job.
        self._rendering: tuple[float, _Job] | None = None
        self._is_closed = False
        self._now_playing: str | None = None
        self._tmpdir = tempfile.mkdtemp(prefix="audiospades-speech-")
        self._worker = threading.Thread(
            target=self._run, name="audiospades-builtin-voice", daemon=True
        )
        self._worker.start()
        if not self._started.wait(start_timeout):
            self._abandon(wait=False)
            raise BackendStartError(FallbackReason.TIMED_OUT, "renderer start")
        if self._start_error is not None:
            self._abandon()
            reason = (
                FallbackReason.UNAVAILABLE
                if isinstance(self._start_error, ImportError)
                else FallbackReason.FAILED
            )
            raise BackendStartError(reason, repr(self._start_error))

    # -- Speaker ---------------------------------------------------------------

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Queue `text` for rendering; with `interrupt`, cut everything first."""
        if self._is_closed:
            return
        self._raise_if_failed(Spoken(text, interrupt))
        if interrupt:
            self._cut()
        if text.strip():
            self._last_seq += 1
            wpm = words_per_minute(self._rate)
            self._jobs.put(
                _Job(self._last_seq, text, self._language, wpm, self._variant)
            )

    def stop(self) -> None:
        """Stop playback now and drop queued and half-rendered speech."""
        if not self._is_closed:
            self._cut()

    def set_rate(self, percent: int) -> bool:
        """Set the rate (clamped to 50..300 % of 175 wpm) for the next utterances."""
        self._rate = clamp_rate(percent)
        return True

    def set_volume(self, percent: int) -> None:
        """Set the speech channel's volume, 0..100, at once."""
        self._volume = clamp_percent(percent)
        if not self._is_closed:
            self._channel.set_volume(self._volume / 100)

    def set_language(self, lang: str) -> None:
        """Use the espeak-ng voice for `lang` from the next utterance on."""
        self._language = lang

    def set_voice(self, variant: str) -> None:
        """Speak with the espeak-ng variant `variant` from the next utterance on.

        An empty variant is the language's own voice.
        """
        self._variant = variant

    def tick(self) -> None:
        """Collect rendered sounds and start the next one when the channel is idle.

        Raises:
            SpeakerFailure: The worker failed or a render is stuck.
        """
        if self._is_closed:
            return
        self._raise_if_failed(None)
        while True:
            try:
                seq, text, sound = self._ready.get_nowait()
            except queue.Empty:
                break
            if seq > self._cut_seq:
                self._to_play.append((text, sound))
        if self._to_play and not self._channel.get_busy():
            text, sound = self._to_play.popleft()
            self._channel.play(sound)
            self._now_playing = text
            self._channel.set_volume(self._volume / 100)
            _log.debug("playing %r", text)

    def is_speaking(self) -> bool:
        """Whether a sound plays or an utterance waits to be rendered or played."""
        if self._is_closed:
            return False
        return bool(
            self._channel.get_busy()
            or self._to_play
            or not self._ready.empty()
            or self._last_seq > max(self._finished_seq, self._cut_seq)
        )

    @property
    def now_playing(self) -> str | None:
        """The text of the utterance playing now, if any."""
        if self._is_closed or not self._channel.get_busy():
            return None
        return self._now_playing

    def close(self) -> None:
        """Stop, end the worker and remove the temporary files."""
        if self._is_closed:
            return
        self._cut()
        self._is_closed = True
        self._abandon()

    # -- main-thread helpers ---------------------------------------------------

    def _cut(self) -> None:
        self._cut_seq = self._last_seq
        self._drain_jobs()
        while not self._ready.empty():
            self._ready.get_nowait()
        self._to_play.clear()
        self._channel.stop()

    def _drain_jobs(self) -> list[_Job]:
        dropped: list[_Job] = []
        while True:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                return dropped
            self._jobs.task_done()
            if job is not None:
                dropped.append(job)

    def _raise_if_failed(self, current: Spoken | None) -> None:
        rendering = self._rendering
        if self._failure is None and (
            rendering is None or time.monotonic() - rendering[0] < self._render_timeout
        ):
            return
        if self._failure is not None:
            reason, failed = FallbackReason.FAILED, self._failure[1]
        else:
            assert rendering is not None
            reason, failed = FallbackReason.TIMED_OUT, rendering[1]
        unspoken = [Spoken(text) for text, _ in self._to_play]
        while not self._ready.empty():
            seq, text, _ = self._ready.get_nowait()
            if seq > self._cut_seq:
                unspoken.append(Spoken(text))
        if failed.seq > self._cut_seq:
            unspoken.append(Spoken(failed.text))
        unspoken += [
            Spoken(job.text) for job in self._drain_jobs() if job.seq > self._cut_seq
        ]
        if current is not None:
            unspoken.append(current)
        self._cut()
        self._abandon(wait=reason is not FallbackReason.TIMED_OUT)
        raise SpeakerFailure(reason, tuple(unspoken), "built-in voice")

    def _abandon(self, *, wait: bool = True) -> None:
        # A stuck worker is left behind (it is a daemon thread); an idle one ends.
        self._is_closed = True
        self._cut_seq = self._last_seq
        self._jobs.put(None)
        if wait:
            self._worker.join(timeout=0.5)
        shutil.rmtree(self._tmpdir, ignore_errors=True)

    # -- worker thread -----------------------------------------------------------

    def _run(self) -> None:
        try:
            renderer, voices = self._open_renderer()
        except Exception as exc:
            self._start_error = exc
            self._started.set()
            return
        self._started.set()
        count = 0
        while True:
            job = self._jobs.get()
            try:
                if job is None:
                    return
                if job.seq <= self._cut_seq:
                    self._finished_seq = job.seq
                    continue
                count += 1
                path = os.path.join(self._tmpdir, f"utterance-{count}.wav")
                self._rendering = (time.monotonic(), job)
                try:
                    renderer, voices, sound = self._render(renderer, voices, job, path)
                except Exception as exc:
                    _log.warning("built-in voice failed on %r: %r", job.text, exc)
                    self._failure = (exc, job)
                    return
                finally:
                    self._rendering = None
                    if os.path.exists(path):
                        os.remove(path)
                if job.seq > self._cut_seq:
                    self._ready.put((job.seq, job.text, sound))
                self._finished_seq = job.seq
            finally:
                self._jobs.task_done()

    def _open_renderer(self) -> tuple[Renderer, list[Voice]]:
        """Open the next renderer that starts; raise the last error if none does."""
        error: Exception = RenderError("no renderer")
        while self._renderer_choices:
            make = self._renderer_choices.pop(0)
            try:
                renderer = make()
                return renderer, renderer.voices()
            except Exception as exc:
                _log.warning("speech renderer %r unusable: %r", make, exc)
                error = exc
        raise error

    def _render(
        self, renderer: Renderer, voices: list[Voice], job: _Job, path: str
    ) -> tuple[Renderer, list[Voice], pygame.mixer.Sound]:
        while True:
            try:
                voice = choose_voice(voices, job.language)
                if getattr(renderer, "takes_variants", False):
                    # espeak-ng's "+f2" variants; SAPI5 and NSSS voices have none.
                    voice = with_variant(voice, job.variant)
                renderer.render(job.text, path, voice=voice, wpm=job.wpm)
                return renderer, voices, pygame.mixer.Sound(path)
            except Exception as exc:
                if not self._renderer_choices:
                    raise
                _log.warning("speech renderer failed (%r); trying the next", exc)
                renderer, voices = self._open_renderer()


def _open_channel(index: int) -> pygame.mixer.Channel:
    """Initialise the mixer if the app has not, and reserve the speech channel."""
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init()
        if pygame.mixer.get_num_channels() <= index:
            pygame.mixer.set_num_channels(index + 1)
        pygame.mixer.set_reserved(index + 1)
        return pygame.mixer.Channel(index)
    except pygame.error as exc:
        raise BackendStartError(FallbackReason.NO_AUDIO_DEVICE, str(exc)) from exc
