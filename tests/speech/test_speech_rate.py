"""Every step up of the speech rate is faster with the built-in espeak-ng voice.

QA found 260 % slower than 250 % (5.82 s against 6.03 s for the same line), and
300 % only about 10 % faster than 250 %: espeak-ng speeds up another way from
450 words a minute (libsonic time compression of speech made at 175 wpm), which
starts slower than its plain 449 wpm, and its plain scale barely gets faster
above about 380 wpm. The mapping keeps out of both (see `words_per_minute`).
"""

from __future__ import annotations

import shutil
import wave
from pathlib import Path

import pytest

from audiospades.speech.base import RATE_MAX, RATE_MIN
from audiospades.speech.render import EspeakCliRenderer, words_per_minute

SONIC_FROM = 450
"""espeak-ng's ``espeakRATE_MAXIMUM``: from here it compresses with libsonic."""

PLAIN_USEFUL_UP_TO = 380
"""Above this espeak-ng's plain scale fixes its length factor at 7, then 6, so a
step up there can sound no faster (seen with the f2 voice at 402 and 420 wpm)."""

STEPS = range(RATE_MIN, RATE_MAX + 1, 10)
"""The rates the Options menu and Ctrl+Up and Ctrl+Down reach."""

LINE = "Bidding is over. You and North bid 8. West: 6. East: nil."


def test_each_rate_step_asks_for_more_words_a_minute() -> None:
    wpms = [words_per_minute(p) for p in STEPS]
    assert wpms == sorted(set(wpms))


def test_no_rate_lands_where_espeak_slows_or_stalls() -> None:
    """Any rate a settings file may hold (10 to 400), even between the steps."""
    for percent in range(10, 401):
        wpm = words_per_minute(percent)
        assert wpm <= PLAIN_USEFUL_UP_TO or wpm >= SONIC_FROM, (percent, wpm)
        assert wpm >= words_per_minute(percent - 1), percent


def test_the_top_rate_is_much_faster_than_espeak_plain_limit() -> None:
    assert words_per_minute(RATE_MAX) >= 2 * SONIC_FROM


def _duration(path: Path) -> float:
    with wave.open(str(path)) as wav:
        return wav.getnframes() / wav.getframerate()


@pytest.mark.skipif(
    shutil.which("espeak-ng") is None,
    reason="espeak-ng is not installed (apt-get install espeak-ng; tools/dev.sh does)",
)
def test_rendered_speech_gets_shorter_across_the_switch_and_to_the_top(
    tmp_path: Path,
) -> None:
    """Durations compared with each other only, never with the clock."""
    renderer = EspeakCliRenderer(timeout=10.0)
    durations = {}
    for percent in (200, 240, 250, 260, 300):
        path = tmp_path / f"{percent}.wav"
        renderer.render(LINE, str(path), voice=None, wpm=words_per_minute(percent))
        durations[percent] = _duration(path)
    assert durations[240] < durations[200]
    assert durations[250] < durations[240]
    assert durations[260] < durations[250]
    assert durations[300] < 0.8 * durations[250], durations
