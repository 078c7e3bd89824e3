"""Issue 12, item 12: the built-in voice's variant, chosen in Options, is used from
the next utterance on (a fake renderer notes the voice it is asked for)."""

from __future__ import annotations

import time
import wave
from collections.abc import Iterator

import pytest

from audiospades.speech.builtin import BuiltinSpeaker
from audiospades.speech.render import Voice


class NotingRenderer:
    """Writes a short silence-free WAV and notes each voice asked for."""

    takes_variants = True

    def __init__(self) -> None:
        self.voices_used: list[str | None] = []

    def voices(self) -> list[Voice]:
        return [Voice("gmw/en", ("en-gb",)), Voice("roa/fr", ("fr-fr",))]

    def render(self, text: str, path: str, *, voice: str | None, wpm: int) -> None:
        self.voices_used.append(voice)
        with wave.open(path, "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(22050)
            out.writeframes(b"\x10\x00" * 220)


@pytest.fixture
def noted(mixer: None) -> Iterator[tuple[BuiltinSpeaker, NotingRenderer]]:
    renderer = NotingRenderer()
    speaker = BuiltinSpeaker(renderers=[lambda: renderer])
    yield speaker, renderer
    speaker.close()


def _rendered(renderer: NotingRenderer, count: int) -> None:
    deadline = time.monotonic() + 3.0
    while len(renderer.voices_used) < count:
        assert time.monotonic() < deadline
        time.sleep(0.005)


def test_the_variant_is_added_to_the_languages_voice(
    noted: tuple[BuiltinSpeaker, NotingRenderer],
) -> None:
    speaker, renderer = noted
    speaker.speak("one")
    _rendered(renderer, 1)
    speaker.set_voice("f2")
    speaker.speak("two")
    _rendered(renderer, 2)
    speaker.set_language("fr")
    speaker.set_voice("m3")
    speaker.speak("trois")
    _rendered(renderer, 3)
    speaker.set_voice("")
    speaker.speak("quatre")
    _rendered(renderer, 4)
    assert renderer.voices_used == ["gmw/en", "gmw/en+f2", "roa/fr+m3", "roa/fr"]


class SystemVoices(NotingRenderer):
    """Like SAPI5 or NSSS through pyttsx3: voices without espeak-ng variants."""

    takes_variants = False


def test_a_renderer_without_variants_keeps_its_voice(mixer: None) -> None:
    renderer = SystemVoices()
    speaker = BuiltinSpeaker(renderers=[lambda: renderer], variant="f2")
    try:
        speaker.speak("one")
        _rendered(renderer, 1)
    finally:
        speaker.close()
    assert renderer.voices_used == ["gmw/en"]
