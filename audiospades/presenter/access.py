"""Words for the outputs: speech output in use, voices, volumes, braille, screen.

Product names (Orca, Speech Dispatcher, NVDA) are never translated.
"""

from __future__ import annotations

from typing import Final

from audiospades.i18n import _
from audiospades.presenter.words import join_list
from audiospades.speech import BackendKind, SpeechMode
from audiospades.speech.describe import OutputInUse
from audiospades.textmark import N_

__all__ = [
    "cue_volume_text",
    "fullscreen_text",
    "output_text",
    "output_value",
    "speech_mode_name",
    "speech_volume_value",
    "voice_name",
]

_MODES: Final = {
    SpeechMode.AUTO: N_("automatic"),
    SpeechMode.SCREEN_READER: N_("screen reader"),
    SpeechMode.BUILTIN: N_("the game's own voice"),
    SpeechMode.SILENT: N_("off, text on the screen only"),
}


def speech_mode_name(mode: str) -> str:
    """The speech output a player chose, as an Options value."""
    try:
        return _(_MODES[SpeechMode(mode)])
    except ValueError:
        return _(_MODES[SpeechMode.AUTO])


def output_value(out: OutputInUse) -> str:
    """The output speaking now, in a few words: "Orca, through Speech Dispatcher"."""
    match out.kind:
        case BackendKind.SCREEN_READER:
            readers = join_list(list(out.readers))
            if readers and out.via:
                return _("{readers}, through {output}").format(
                    readers=readers, output=out.via
                )
            if readers or out.via:
                return readers or out.via
            return _("your screen reader")
        case BackendKind.BUILTIN:
            return _("the game's own voice")
        case BackendKind.RECORDER:
            return _("recorded, not spoken")
        case _:
            return _("no speech, text on the screen only")


def output_text(out: OutputInUse) -> str:
    """The one line said at start: "Speech: Orca, through Speech Dispatcher."."""
    return _("Speech: {output}.").format(output=output_value(out))


def voice_name(variant: str) -> str:
    """The built-in voice's variant, as an Options value.

    espeak-ng's variants are named m1..m7 (male) and f1..f5 (female).
    """
    if len(variant) >= 2 and variant[0] in "mf" and variant[1:].isdigit():
        if variant[0] == "m":
            return _("male voice {number}").format(number=variant[1:])
        return _("female voice {number}").format(number=variant[1:])
    return _("the language's own voice")


def speech_volume_value(percent: int, *, kept_by_reader: bool) -> str:
    """The speech volume as an Options value; a screen reader keeps its own."""
    if kept_by_reader:
        return _(
            "{percent} percent, for the game's own voice; "
            "your screen reader keeps its own volume"
        ).format(percent=percent)
    return _("{percent} percent").format(percent=percent)


def cue_volume_text(percent: int) -> str:
    """After a cue volume key."""
    return _("Cue volume {percent} percent.").format(percent=percent)


def fullscreen_text(on: bool) -> str:
    """After the full screen key."""
    return _("Full screen on.") if on else _("Full screen off.")
