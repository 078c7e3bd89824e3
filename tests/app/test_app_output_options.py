"""Issue 12, item 12: speech volume, cue volume, speech output and voice in Options.

Every change is spoken and takes effect at once; Alt+Up and Alt+Down change the
cue volume anywhere, the table included, without taking a key from the game or a
screen reader.
"""

from __future__ import annotations

from collections.abc import Callable

from audiospades import storage
from audiospades.app.harness import Harness
from audiospades.commands import Command
from audiospades.keymap import DEFAULT_BINDINGS, DEFAULT_KEYMAP, Chord, Context
from audiospades.sound import Cue
from audiospades.speech import BackendKind, RecordingSpeaker
from audiospades.storage import Settings

# Options ends with: Speech volume, Cue volume, Speech output, Speech output in
# use, Voice of the game, Braille (10 to 112 of 15).
TO_SPEECH_VOLUME = ("o", "return", "end", "up", "up", "up", "up", "up")


class VoiceSpeaker(RecordingSpeaker):
    """A recorder that also notes the voice variants and braille switches set."""

    def __init__(self, kind: BackendKind = BackendKind.BUILTIN) -> None:
        super().__init__(kind)
        self.voices: list[str] = []
        self.braille: list[bool] = []
        self.readers: tuple[str, ...] = ()
        self.output_name = ""

    def set_voice(self, variant: str) -> None:
        self.voices.append(variant)

    def set_braille(self, on: bool) -> None:
        self.braille.append(on)


def test_speech_volume_is_spoken_applied_and_saved(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    h.press(*TO_SPEECH_VOLUME)
    assert h.last.startswith("Speech volume, 100 percent, 10 of ")
    h.press("left", "left")
    assert h.last.startswith("Speech volume, 80 percent, 10 of ")
    assert h.speaker.volume == 80
    assert storage.load_settings()[0].speech_volume == 80


def test_speech_volume_stops_at_its_floor_and_says_so(
    make_harness: Callable[..., Harness],
) -> None:
    """A stray Left must never silence the game's own voice (README, Options)."""
    h = make_harness()
    h.press(*TO_SPEECH_VOLUME, *["left"] * 9)
    assert h.last.startswith("Speech volume, 10 percent, 10 of ")
    assert h.sound.cues[-1] is Cue.MENU_MOVE
    h.press("left")
    assert h.last.startswith("Speech volume, 10 percent, 10 of ")
    assert h.sound.cues[-1] is Cue.EDGE  # said as the end of a list is
    assert h.speaker.volume == 10
    assert storage.load_settings()[0].speech_volume == 10


def test_cue_volume_may_still_go_to_zero(
    make_harness: Callable[..., Harness],
) -> None:
    """Cues off is an allowed choice; only the end of the scale is marked."""
    h = make_harness()
    h.press(*TO_SPEECH_VOLUME, "down", *["left"] * 8)
    assert h.last.startswith("Cue volume, 0 percent, 11 of ")
    assert h.sound.volume == 0
    h.press("left")
    assert h.last.startswith("Cue volume, 0 percent, 11 of ")
    assert h.sound.cues[-1] is Cue.EDGE


def test_cue_volume_is_spoken_applied_and_heard(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    h.press(*TO_SPEECH_VOLUME, "down")
    assert h.last.startswith("Cue volume, 80 percent, 11 of ")
    cues = len(h.sound.played)
    h.press("right")
    assert h.last.startswith("Cue volume, 90 percent, 11 of ")
    assert h.sound.volume == 90
    assert h.sound.cues[cues:] == [Cue.MENU_MOVE]  # heard at the new volume
    assert storage.load_settings()[0].cue_volume == 90


def test_choosing_the_speech_output_switches_at_once(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    started: list[tuple[str, str]] = []
    reader = VoiceSpeaker(BackendKind.SCREEN_READER)
    reader.readers, reader.output_name = ("Fenrir",), "Speech Dispatcher"

    def factory(settings: Settings, language: str) -> RecordingSpeaker:
        started.append((settings.speech_mode, language))
        return reader

    h.services.speaker_factory = factory
    h.press(*TO_SPEECH_VOLUME, "down", "down")
    assert h.last.startswith("Speech output, automatic, 12 of ")
    h.press("right")
    assert started == [("screen_reader", "en")]
    assert h.speaker.is_closed  # the old output was let go
    # The new output says the new value, and the next item names it.
    assert reader.transcript()[-1].startswith("Speech output, screen reader, 12 of ")
    h.press("down")
    assert reader.transcript()[-1].startswith(
        "Speech output in use, Fenrir, through Speech Dispatcher, 13 of "
    )
    h.press("return")
    assert reader.transcript()[-1] == "Speech: Fenrir, through Speech Dispatcher."
    assert storage.load_settings()[0].speech_mode == "screen_reader"


def test_the_voice_of_the_game_changes_at_once(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    voice = VoiceSpeaker()
    h.speech.replace_speaker(voice)
    h.press(*TO_SPEECH_VOLUME, "down", "down", "down", "down")
    assert voice.transcript()[-1].startswith(
        "Voice of the game, the language's own voice, 14 of "
    )
    h.press("right")
    assert voice.voices == ["m1"]
    assert voice.transcript()[-1].startswith("Voice of the game, male voice 1, 14 of ")
    h.press("left", "left")
    assert voice.voices[-1] == "f4"
    assert voice.transcript()[-1].startswith(
        "Voice of the game, female voice 4, 14 of "
    )
    assert storage.load_settings()[0].voice == "f4"


def test_alt_up_and_down_change_the_cue_volume_at_the_table(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    h.press("return", "alt+down")
    assert h.last == "Cue volume 70 percent."
    assert h.sound.volume == 70
    assert h.sound.cues[-1] is Cue.MENU_MOVE
    for _ in range(12):
        h.press("alt+up")
    assert h.last == "Cue volume 100 percent."
    h.press("f2", "alt+up")
    assert h.last == "Alt+Up arrow: sound cues louder."


def test_the_cue_volume_keys_collide_with_nothing() -> None:
    """No other binding, in any context, and no screen reader's key."""
    louder, quieter = Chord.parse("alt+up"), Chord.parse("alt+down")
    for context in Context:
        for chord, command in DEFAULT_KEYMAP.bindings(context):
            if chord in (louder, quieter):
                assert context is Context.GLOBAL
                assert command in (Command.CUE_LOUDER, Command.CUE_QUIETER)
    # NVDA, JAWS and Orca use Insert, Caps Lock and the numeric keypad.
    for _context, chord_text, _command in DEFAULT_BINDINGS:
        chord = Chord.parse(chord_text)
        assert chord.key not in ("insert", "caps lock")
        assert not chord.key.startswith(("keypad", "["))


def test_options_never_silence_the_game_by_a_stray_arrow(
    make_harness: Callable[..., Harness],
) -> None:
    """Right, Right, Right from automatic comes back to it: no silent step."""
    h = make_harness()
    h.press(*TO_SPEECH_VOLUME, "down", "down")
    values = []
    for _ in range(3):
        h.press("right")
        values.append(h.last.split(", ")[1])
    assert values == ["screen reader", "the game's own voice", "automatic"]


def test_f1_at_the_table_lists_the_cue_volume_keys(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    h.press("return", "n", "f1")
    lines = h.app.top.lines()
    assert "Alt+Up arrow: sound cues louder" in lines
    assert "Alt+Down arrow: sound cues quieter" in lines
