"""Speech: one `Speaker` interface, its back ends and fallback, and `SpeechManager`.

Back ends: the screen reader (accessible-output2), the built-in voice (espeak-ng on
the pygame mixer) and the recorder (tests, silent mode).

Typical use::

    speaker = create_speaker(SpeechMode.AUTO, language="en", rate=100, volume=100,
                             on_change=presenter_reports_change)
    speech = SpeechManager(speaker, rate=100, volume=100)
    speech.say(text, interrupt=True)   # each frame: speech.tick()
"""

from audiospades.speech.base import (
    NORMAL_RATE,
    RATE_MAX,
    RATE_MIN,
    BackendChange,
    BackendKind,
    BackendStartError,
    FallbackReason,
    Speaker,
    SpeakerFailure,
    SpeechMode,
    Spoken,
)
from audiospades.speech.fallback import FallbackSpeaker, create_speaker
from audiospades.speech.manager import HISTORY_SIZE, SpeechManager
from audiospades.speech.recorder import RecordingSpeaker

__all__ = [
    "HISTORY_SIZE",
    "NORMAL_RATE",
    "RATE_MAX",
    "RATE_MIN",
    "BackendChange",
    "BackendKind",
    "BackendStartError",
    "FallbackReason",
    "FallbackSpeaker",
    "RecordingSpeaker",
    "Speaker",
    "SpeakerFailure",
    "SpeechManager",
    "SpeechMode",
    "Spoken",
    "create_speaker",
]
