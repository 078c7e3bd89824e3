"""Which output speaks now, as plain data for the presenter to word."""

from __future__ import annotations

from dataclasses import dataclass

from audiospades.speech.base import BackendKind, Speaker

__all__ = ["OutputInUse", "output_in_use"]


@dataclass(frozen=True, slots=True)
class OutputInUse:
    """The speech output in use.

    Attributes:
        kind: The kind of back end speaking.
        readers: Screen readers it speaks for, by their own names ("Orca").
        via: The output the text goes through when that is not the reader
            itself ("Speech Dispatcher"), else "".
    """

    kind: BackendKind
    readers: tuple[str, ...] = ()
    via: str = ""


def output_in_use(speaker: Speaker) -> OutputInUse:
    """Describe ``speaker`` (a `FallbackSpeaker` is described by its back end)."""
    backend = getattr(speaker, "backend", speaker)
    kind = backend.name
    if kind is not BackendKind.SCREEN_READER:
        return OutputInUse(kind)
    readers = tuple(getattr(backend, "readers", ()) or ())
    name = str(getattr(backend, "output_name", "") or "")
    return OutputInUse(kind, readers, "" if name in readers else name)
