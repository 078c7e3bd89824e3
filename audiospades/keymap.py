"""The key map: a data table from key chords to commands, per context.

A *chord* is a key name plus modifiers, written ``"ctrl+z"``, ``"b"``, ``"left"``,
``"f1"``. Letters and other printable keys are named by the character they produce
(``event.unicode``, lower-cased), so an AZERTY player's B is ``"b"`` wherever it sits;
other keys by pygame's key name (``"return"``, ``"page up"``). Pressing Ctrl on its own
is the chord ``"ctrl"`` (silence speech).

Contexts stack: a screen asks :meth:`KeyMap.lookup` with its chain, most specific
first (while bidding at the table: ``(BIDDING, TABLE, GLOBAL)``). The same table makes
the F1 help (:meth:`KeyMap.bindings`) and the answer of "what does this key do".
Settings' ``key_overrides`` (``{"ctrl+r": "repeat"}`` or ``{"table:x": "hint"}``)
are layered over it by :func:`build_keymap`.

>>> Chord.parse("Ctrl+Z")
Chord(key='z', mods=frozenset({'ctrl'}))
>>> str(Chord.parse("shift+ctrl+up"))
'ctrl+shift+up'
>>> chord_from_key("b", "B", shift=True)
Chord(key='b', mods=frozenset())
>>> DEFAULT_KEYMAP.lookup(chord_from_key("b", "b"), (Context.TABLE, Context.GLOBAL))
<Command.BID_OPEN: 'bid_open'>
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from audiospades.commands import DIGITS, Command

log = logging.getLogger(__name__)

_MOD_ORDER: Final = ("ctrl", "alt", "shift")


class Context(StrEnum):
    """Where a key press is interpreted."""

    GLOBAL = "global"
    """Every screen: repeat, history, silence, help, speech rate."""
    MENU = "menu"
    """Any list: move, choose, go back."""
    TABLE = "table"
    """The card table during a game."""
    BIDDING = "bidding"
    """The table while it is your turn to bid (over TABLE)."""
    QUESTION = "question"
    """A yes/no question (blind nil, redeal), over TABLE."""
    ONLINE = "online"
    """The lobby, the waiting room and a networked table, over their own keys."""
    ROOM = "room"
    """A networked table's waiting room, over its list (MENU)."""
    TEXT = "text"
    """A line of text being typed (a name, an address, a chat line)."""


@dataclass(frozen=True, slots=True)
class Chord:
    """A key and the modifiers held with it."""

    key: str
    mods: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, text: str) -> Chord:
        """Read ``"ctrl+z"``, ``"F1"``, ``"page up"``, ``"+"`` (a plus key).

        Raises:
            ValueError: for an empty key name or an unknown modifier.
        """
        text = text.strip().lower()
        if text in ("+", "plus"):
            return cls("+")
        parts = text.split("+")
        if text.endswith("++"):
            parts = [*text[:-2].split("+"), "+"]
        key, mods = parts[-1].strip(), {p.strip() for p in parts[:-1]}
        if not key or not mods <= set(_MOD_ORDER):
            raise ValueError(f"not a key chord: {text!r}")
        return cls(_ALIASES.get(key, key), frozenset(mods))

    def __str__(self) -> str:
        """The chord as :meth:`parse` reads it."""
        mods = [m for m in _MOD_ORDER if m in self.mods]
        return "+".join([*mods, self.key])


_ALIASES: Final = {
    "enter": "return",
    "esc": "escape",
    "pgup": "page up",
    "pageup": "page up",
    "pgdn": "page down",
    "pagedown": "page down",
    " ": "space",
    "del": "delete",
    "keypad enter": "return",
    "left ctrl": "ctrl",
    "right ctrl": "ctrl",
    "control": "ctrl",
}
_KEYPAD: Final = {f"[{d}]": str(d) for d in range(10)} | {
    f"keypad {d}": str(d) for d in range(10)
}


def chord_from_key(
    key_name: str,
    unicode: str = "",
    *,
    ctrl: bool = False,
    alt: bool = False,
    shift: bool = False,
) -> Chord:
    r"""Name a key press: by the character it made, else by pygame's key name.

    Shift is dropped for printable characters (the character already says it), and
    Ctrl or Alt alone (pressed without another key) name themselves.

    >>> chord_from_key("left ctrl", "", ctrl=True)
    Chord(key='ctrl', mods=frozenset())
    >>> chord_from_key("z", "\x1a", ctrl=True)
    Chord(key='z', mods=frozenset({'ctrl'}))
    >>> chord_from_key("q", "a")  # the A key of an AZERTY keyboard
    Chord(key='a', mods=frozenset())
    """
    name = key_name.strip().lower()
    name = _ALIASES.get(name, name)
    if name == "ctrl":
        return Chord("ctrl")
    if name in ("left alt", "right alt", "left shift", "right shift"):
        return Chord(name.split()[1])
    mods = set()
    if ctrl:
        mods.add("ctrl")
    if alt:
        mods.add("alt")
    char = unicode
    if char and len(char) == 1 and char.isprintable() and not char.isspace():
        if not mods:
            return Chord(char.lower())
    elif shift:
        mods.add("shift")
    name = _KEYPAD.get(name, name)
    return Chord(name, frozenset(mods))


_T: Final = Context.TABLE
_G: Final = Context.GLOBAL
_M: Final = Context.MENU
_B: Final = Context.BIDDING
_Q: Final = Context.QUESTION
_O: Final = Context.ONLINE
_X: Final = Context.TEXT

DEFAULT_BINDINGS: Final[tuple[tuple[Context, str, Command], ...]] = (
    # Everywhere.
    (_G, "f1", Command.HELP),
    (_G, "f2", Command.WHAT_KEY),
    (_G, "f5", Command.REPEAT),
    (_G, "page up", Command.HISTORY_BACK),
    (_G, "page down", Command.HISTORY_FORWARD),
    (_G, "ctrl", Command.SILENCE),
    (_G, "ctrl+up", Command.SPEECH_FASTER),
    (_G, "ctrl+down", Command.SPEECH_SLOWER),
    # Cue volume: Alt with the arrows the speech rate uses with Ctrl. No game key
    # uses Alt, and no screen reader takes Alt+Up or Alt+Down: NVDA, JAWS and Orca
    # add Insert or Caps Lock (or the numeric keypad) to their own commands.
    (_G, "alt+up", Command.CUE_LOUDER),
    (_G, "alt+down", Command.CUE_QUIETER),
    (_G, "f11", Command.FULLSCREEN),
    (_G, "alt+f4", Command.QUIT),
    # Menus.
    (_M, "up", Command.MENU_UP),
    (_M, "down", Command.MENU_DOWN),
    (_M, "home", Command.MENU_FIRST),
    (_M, "end", Command.MENU_LAST),
    (_M, "return", Command.MENU_CHOOSE),
    (_M, "space", Command.MENU_CHOOSE),
    (_M, "left", Command.MENU_LEFT),
    (_M, "right", Command.MENU_RIGHT),
    (_M, "escape", Command.BACK),
    # The table: seed 004's keys first.
    # B only opens the entry (issue 12, item 4): Enter alone places a bid, so a
    # second B after a stray arrow cannot bid what the arrow stepped to.
    (_T, "b", Command.BID_OPEN),
    (_T, "c", Command.CARDS_ON_TABLE),
    (_T, "f", Command.SUIT_LED),
    (_T, "v", Command.TRICK_INFO),
    (_T, "i", Command.TRICK_INFO),
    (_T, "s", Command.SCORES),
    (_T, "t", Command.WHOSE_TURN),
    (_T, "right", Command.NEXT_CARD),
    (_T, "left", Command.PREV_CARD),
    (_T, "down", Command.NEXT_SUIT),
    (_T, "up", Command.PREV_SUIT),
    (_T, "home", Command.FIRST_CARD),
    (_T, "end", Command.LAST_CARD),
    (_T, "tab", Command.NEXT_PLAYABLE),
    (_T, "shift+tab", Command.PREV_PLAYABLE),
    (_T, "j", Command.HINTED_CARD),
    (_T, "return", Command.PLAY_CARD),
    (_T, "space", Command.PLAY_CARD),
    (_T, "n", Command.CONTINUE),
    (_T, "r", Command.READ_HAND),
    (_T, "l", Command.LAST_TRICK),
    (_T, "p", Command.LAST_HAND),
    (_T, "u", Command.RULES_IN_FORCE),
    (_T, "m", Command.MATCH_STANDING),
    # K: a free letter at the table (no screen reader binds bare letters in an
    # application window; NVDA, JAWS and Orca add Insert or Caps Lock).
    (_T, "k", Command.SCORE_SHEET),
    # W, "who": free at the table, in the bid entry and in questions (which take
    # digits, N, Y and the arrows), and no screen reader binds a bare letter here.
    (_T, "w", Command.WHO_IS_HERE),
    # G, "go on": free at the table, in the bid entry and in questions, and bare
    # letters are no screen reader's in an application window. (R, for remind,
    # reads the hand; N bids nil.)
    (_T, "g", Command.REMIND),
    (_T, "h", Command.HINT),
    (_T, "ctrl+z", Command.UNDO),
    (_T, "a", Command.REPEAT),
    (_T, "escape", Command.MENU),
    # Bidding entry, over the table.
    *((_B, str(d), DIGITS[d]) for d in range(10)),
    (_B, "up", Command.BID_UP),
    (_B, "down", Command.BID_DOWN),
    (_B, "return", Command.BID),
    (_B, "backspace", Command.ERASE),
    (_B, "n", Command.BID_NIL),
    # Yes/no questions, over the table.
    (_Q, "y", Command.YES),
    (_Q, "n", Command.NO),
    # Enter is not "yes": a blind nil cannot be taken back once the cards are seen,
    # and a player pressing Enter to move on must not bid it by accident. Enter
    # falls through to the table, which asks the question again.
    (_Q, "escape", Command.NO),
    # Online play. The apostrophe opens the chat entry: no table or menu key uses
    # it; it is unshifted on US, UK, French, Spanish, Italian and Portuguese
    # keyboards (Shift+# in German); menus jump by letters and digits only, so it
    # takes no first-letter jump; and no screen reader binds it: NVDA, JAWS and
    # Orca add Insert or Caps Lock to their commands, and their single-letter
    # browse-mode keys do not apply in an application window such as the game's.
    (_O, "'", Command.CHAT),
    # The waiting room: who sits and who watches, as W says at the table (QA: the
    # spectators, told once as they came, could not be asked for again).
    (Context.ROOM, "w", Command.WHO_IS_HERE),
    # A line of text: printable keys type, whatever the key map says elsewhere.
    (_X, "return", Command.TEXT_ACCEPT),
    (_X, "escape", Command.TEXT_CANCEL),
    (_X, "backspace", Command.TEXT_ERASE),
    (_X, "up", Command.TEXT_READ),
    (_X, "down", Command.TEXT_READ),
    (_X, "delete", Command.TEXT_CLEAR),
)
"""The default table: (context, chord, command). Seed 004's letters win conflicts."""


class KeyMap:
    """Chords to commands, per context."""

    def __init__(self, bindings: Iterable[tuple[Context, str | Chord, Command]]):
        self._table: dict[Context, dict[Chord, Command]] = {c: {} for c in Context}
        for context, chord, command in bindings:
            key = chord if isinstance(chord, Chord) else Chord.parse(chord)
            self._table[context][key] = command

    def lookup(self, chord: Chord, chain: Sequence[Context]) -> Command | None:
        """The command for ``chord`` in the first context of ``chain`` that binds it."""
        for context in chain:
            command = self._table[context].get(chord)
            if command is not None:
                return command
        return None

    def bindings(self, context: Context) -> list[tuple[Chord, Command]]:
        """Every chord bound in ``context``, in table order."""
        return list(self._table[context].items())

    def help_bindings(
        self, contexts: Sequence[Context], order: Sequence[Context] | None = None
    ) -> list[tuple[Chord, Command]]:
        """The keys F1 lists for ``contexts`` (most specific first), in ``order``.

        A key bound in several contexts is listed once, with the meaning the first
        of ``contexts`` gives it, where ``order`` reaches that context (by default
        ``contexts`` itself). The game's help screen and the browser page's F1
        both list these.
        """
        meaning: dict[Chord, Context] = {}
        for context in contexts:
            for chord in self._table[context]:
                meaning.setdefault(chord, context)
        out: list[tuple[Chord, Command]] = []
        seen: set[Chord] = set()
        for context in contexts if order is None else order:
            for chord, command in self._table[context].items():
                if chord in seen or meaning.get(chord) is not context:
                    continue
                seen.add(chord)
                out.append((chord, command))
        return out

    def chords_for(self, command: Command, chain: Sequence[Context]) -> list[Chord]:
        """Every chord that gives ``command`` in ``chain`` (not shadowed)."""
        out = []
        for context in chain:
            for chord, bound in self._table[context].items():
                if bound is command and self.lookup(chord, chain) is command:
                    out.append(chord)
        return out

    def context_of(self, command: Command) -> Context | None:
        """The first context that binds ``command``."""
        for context, table in self._table.items():
            if command in table.values():
                return context
        return None

    def with_overrides(self, overrides: Mapping[str, str]) -> KeyMap:
        """A copy with ``{"chord": "command"}`` or ``{"context:chord": "command"}``.

        An override goes to the context given, else to the context that binds the
        command by default. Bad entries are logged and skipped.
        """
        entries = [
            (context, chord, command)
            for context, table in self._table.items()
            for chord, command in table.items()
        ]
        for raw_key, raw_command in overrides.items():
            try:
                command = Command(raw_command)
                context_name, _, chord_text = raw_key.rpartition(":")
                chord = Chord.parse(chord_text)
                context = (
                    Context(context_name)
                    if context_name
                    else (self.context_of(command) or Context.TABLE)
                )
            except ValueError:
                log.warning("ignoring key override %r: %r", raw_key, raw_command)
                continue
            entries = [e for e in entries if (e[0], e[1]) != (context, chord)]
            entries.append((context, chord, command))
        return KeyMap(entries)


DEFAULT_KEYMAP: Final = KeyMap(DEFAULT_BINDINGS)


def build_keymap(overrides: Mapping[str, str] | None = None) -> KeyMap:
    """The default key map with the player's overrides layered over it."""
    return DEFAULT_KEYMAP.with_overrides(overrides) if overrides else DEFAULT_KEYMAP
