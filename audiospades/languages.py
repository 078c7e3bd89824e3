"""The languages the game ships, and the language codes it accepts.

A language code is only ever a code: it names a catalogue folder under ``locale/``,
so anything that is not one of the shipped languages (perhaps with a region, as in
``pt_BR``) is refused before it can become part of a path.
"""

from __future__ import annotations

import re
from typing import Final

SUPPORTED_LANGUAGES: Final = ("en", "fr", "es", "de", "pt", "it")
"""Languages with a catalogue (English is the message ids themselves)."""

_CODE: Final = re.compile(r"(?P<base>[a-z]{2})(?:_[A-Z]{2})?")


def is_known_language(code: object) -> bool:
    """Whether `code` is a shipped language's code, perhaps with a region.

    >>> [is_known_language(c) for c in ("fr", "pt_BR", "zz", "../fr", "FR", None)]
    [True, True, False, False, False, False]
    """
    if not isinstance(code, str):
        return False
    match = _CODE.fullmatch(code)
    return match is not None and match.group("base") in SUPPORTED_LANGUAGES
