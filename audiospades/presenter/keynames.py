"""Keys named inside sentences follow the player's key map.

"Press N to gather the trick" must name the key that gathers the trick for *this*
player: settings' ``key_overrides`` can move a command to another key. The app calls
:func:`use_keymap` whenever the key map changes; sentences ask :func:`key_for`. Like
the language (:mod:`audiospades.i18n`), the key map is one setting for the whole
program, so it is kept here rather than passed to every sentence.

>>> key_for(Command.CONTINUE, Context.TABLE)
'N'
>>> key_for(Command.HELP)
'F1'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from audiospades.commands import Command
from audiospades.i18n import _, pgettext
from audiospades.keymap import DEFAULT_KEYMAP, Chord, Context, KeyMap
from audiospades.textmark import N_

_current: KeyMap = DEFAULT_KEYMAP


_KEY_NAMES: Final[dict[str, str]] = {
    "return": N_("Enter"),
    "space": N_("Space"),
    "escape": N_("Escape"),
    "backspace": N_("Backspace"),
    "left": N_("Left arrow"),
    "right": N_("Right arrow"),
    "up": N_("Up arrow"),
    "down": N_("Down arrow"),
    "home": N_("Home"),
    "end": N_("End"),
    "page up": N_("Page Up"),
    "page down": N_("Page Down"),
    "tab": N_("Tab"),
    "delete": N_("Delete"),
    "ctrl": N_("Control"),
    "alt": N_("Alt"),
    "shift": N_("Shift"),
    "'": N_("Apostrophe"),
    # Punctuation keys are named in words: speech reads ". does nothing here"
    # as "does nothing here", and "- does nothing here" not at all (QA).
    ".": N_("Period"),
    ",": N_("Comma"),
    "-": N_("Minus"),
    "+": N_("Plus"),
    "*": N_("Asterisk"),
    "=": N_("Equals"),
    "/": N_("Slash"),
    "\\": N_("Backslash"),
    ";": N_("Semicolon"),
    "[": N_("Left bracket"),
    "]": N_("Right bracket"),
    "`": N_("Grave accent"),
}


_LETTER_NAMES: Final[dict[str, Callable[[], str]]] = {
    # Translators: the Y key's name where a bare "Y" is read as another letter
    # or word (Spanish and French speech say it as "i"): "Y griega", "Y grec".
    "y": lambda: pgettext("key name", "Y"),
}
"""Letter keys whose bare letter speech would misread, named by the language."""


def key_label(chord: Chord) -> str:
    """A chord as the player would say it: "Control+Z", "B", "F1"."""
    key = chord.key
    keypad = len(key) == 3 and key[0] == "[" and key[2] == "]"  # pygame's "[-]"
    if keypad:
        key = key[1]
    if key in _KEY_NAMES:
        name = _(_KEY_NAMES[key])
    elif key in _LETTER_NAMES:
        name = _LETTER_NAMES[key]()
    else:
        name = key.upper()
    if keypad:
        # Translators: a key of the numeric keypad: "Keypad Minus", "Keypad 5".
        name = _("Keypad {key}").format(key=name)
    for mod in ("shift", "alt", "ctrl"):
        if mod in chord.mods:
            name = _("{modifier}+{key}").format(modifier=_(_KEY_NAMES[mod]), key=name)
    return name


def typed_key_names() -> dict[str, str]:
    """The names of the keys that type a character not said as their name.

    By that character: punctuation ("," is "Comma") and the letters speech
    would misread (Y). The browser page names every other such key by its
    character, upper case, as :func:`key_label` does.
    """
    names = {key: key_label(Chord(key)) for key in _KEY_NAMES if len(key) == 1}
    names.update({key: name() for key, name in _LETTER_NAMES.items()})
    return names


def use_keymap(keymap: KeyMap) -> None:
    """Name keys from ``keymap`` from now on."""
    global _current
    _current = keymap


def key_for(command: Command, *chain: Context) -> str:
    """The key that gives ``command`` in ``chain`` (global if none), as spoken.

    A key the player bound to the command is named before the default one; a
    command left with no key is "no key".
    """
    contexts = (*chain, Context.GLOBAL) if Context.GLOBAL not in chain else chain
    chords = _current.chords_for(command, contexts)
    if not chords:
        return _("no key")
    defaults = set(DEFAULT_KEYMAP.chords_for(command, contexts))
    own = [c for c in chords if c not in defaults]
    return key_label((own or chords)[0])


def yes_no_keys() -> dict[str, str]:
    """The keys that answer a yes/no question, as ``{yes}`` and ``{no}`` fill-ins."""
    return {
        "yes": key_for(Command.YES, Context.QUESTION),
        "no": key_for(Command.NO, Context.QUESTION),
    }


def menu_keys(text: str) -> str:
    """``text`` with the list keys filled in: {choose}, {back}, {left}, {right}.

    Only these names are replaced, so any other brace in a title is left alone.
    """
    keys = {
        "{choose}": (Command.MENU_CHOOSE, Context.MENU),
        "{back}": (Command.BACK, Context.MENU),
        "{left}": (Command.MENU_LEFT, Context.MENU),
        "{right}": (Command.MENU_RIGHT, Context.MENU),
    }
    for token, (command, context) in keys.items():
        if token in text:
            text = text.replace(token, key_for(command, context))
    return text
