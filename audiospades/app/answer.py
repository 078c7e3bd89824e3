"""Every key press gets an answer: words, or at least a short "nothing here" cue.

The loop counts what the player can hear (speech sent, speech silenced, cues
played) around each key press. A key that produced none of these by the end of
its frame (a screen's update and typed text included) is answered here, for
every screen alike: the first time a key does nothing on a screen, a sentence
says so and names the help key; after that, the :attr:`Cue.NOTHING_HERE` cue
alone, so a player who tries keys is not talked over.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from audiospades.keymap import Chord
from audiospades.presenter import Utterance
from audiospades.presenter.system import unbound_key_text
from audiospades.sound import Cue, SoundPlayer

__all__ = ["QUIET_KEYS", "CountingSoundPlayer", "KeyAnswers"]

QUIET_KEYS: Final = frozenset(
    {
        "shift",
        "alt",
        "ctrl",
        "caps lock",
        "numlock",
        "num lock",
        "scroll lock",
        "insert",
        "left gui",
        "right gui",
        "left meta",
        "right meta",
        "left super",
        "right super",
        "mode",
        "alt gr",
        "compose",
    }
)
"""Keys never answered: modifiers, pressed on the way to a chord (Shift before
Tab), and the screen readers' own keys (Insert, Caps Lock), which belong to the
screen reader. Ctrl alone silences speech, which is its answer."""


class CountingSoundPlayer:
    """A :class:`SoundPlayer` that counts the cues it is asked to play."""

    def __init__(self, inner: SoundPlayer, volume: int = 100) -> None:
        self.inner = inner
        self.play_count = 0
        self.audible = volume > 0
        """Whether a cue can be heard: at volume 0 a cue answers no key."""

    def play(self, cue: Cue, pan: float = 0.0) -> None:
        """Play through the wrapped player, counting the request if it is heard."""
        if self.audible:
            self.play_count += 1
        self.inner.play(cue, pan)

    def set_volume(self, percent: int) -> None:
        """Set the wrapped player's volume."""
        self.audible = percent > 0
        self.inner.set_volume(percent)

    def stop_all(self) -> None:
        """Stop the wrapped player's cues."""
        self.inner.stop_all()

    def close(self) -> None:
        """Close the wrapped player."""
        self.inner.close()


@dataclass(slots=True)
class _Pending:
    screen: object
    chord: Chord
    mark: int


class KeyAnswers:
    """Keys that went unanswered in this frame, answered at its end."""

    def __init__(self) -> None:
        self._pending: list[_Pending] = []
        self._told: weakref.WeakKeyDictionary[object, set[Chord]] = (
            weakref.WeakKeyDictionary()
        )

    def unanswered(self, screen: object, chord: Chord, mark: int) -> None:
        """A key press gave no output yet; ``mark`` is the output count before it."""
        if chord.key in QUIET_KEYS:
            return
        self._pending.append(_Pending(screen, chord, mark))

    def answer(
        self,
        output_count: int,
        say: Callable[[Utterance], None],
        cues_heard: bool = True,
    ) -> None:
        """At the end of a frame: answer each key still unheard, then forget them.

        Args:
            output_count: What the player has heard so far (the same count as the
                marks).
            say: Speaks an utterance (and plays its cue).
            cues_heard: Whether cues can be heard (volume above 0); if not, the
                words are said every time, not the cue alone.
        """
        pending, self._pending = self._pending, []
        for key in pending:
            if output_count > key.mark:
                continue  # its answer came later in the frame (typed text, update)
            told = self._told.setdefault(key.screen, set())
            if key.chord in told and cues_heard:
                say(Utterance("", Cue.NOTHING_HERE, interrupt=True))
            else:
                told.add(key.chord)
                say(Utterance(unbound_key_text(key.chord), Cue.NOTHING_HERE, True))
            output_count += 1
