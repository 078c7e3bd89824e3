"""Translations: the gettext domain ``audiospades``, switchable while the game runs.

Every word the player hears or reads comes from :mod:`audiospades.presenter`, which
calls :func:`_`, :func:`ngettext` and :func:`pgettext` from here. Catalogues live in
``locale/<lang>/LC_MESSAGES/audiospades.mo`` at the repository root (compiled from the
``.po`` files by ``tools/dev.sh``); message ids are English, so a missing catalogue
simply speaks English.

:func:`set_language` switches at once: everything worded afterwards follows. Listeners
added with :func:`add_listener` hear of the change (the app uses one to switch the
speech voice's language too).

>>> set_language("en")
'en'
>>> ngettext("{count} trick", "{count} tricks", 2).format(count=2)
'2 tricks'
>>> pgettext("menu", "Quit")
'Quit'
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import logging
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Final

from audiospades.languages import SUPPORTED_LANGUAGES as SUPPORTED_LANGUAGES
from audiospades.languages import is_known_language

log = logging.getLogger(__name__)

DOMAIN: Final = "audiospades"
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
_listeners: list[Callable[[str], None]] = []


def _(message: str) -> str:
    """Translate ``message`` into the current language.

    The empty message stays empty (gettext would give the catalogue's header: a
    seat with no name must not be called "Project-Id-Version: ...").
    """
    if not message:
        return ""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """Translate a message whose form depends on ``count``."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in ``context`` (for one English word with two senses)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """Translate a plural message in ``context``."""
    return _translations.npgettext(context, singular, plural, count)


def current_language() -> str:
    """The language now in force, such as ``"en"`` or ``"fr"``."""
    return _language


def system_language() -> str:
    """The system's language as a short code (``"fr"`` from ``fr_FR.UTF-8``)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        first = value.split(":")[0]
        if first and _short(first) not in ("C", "POSIX"):  # C.UTF-8 is no language
            return _short(first)
    try:
        code = locale.getlocale()[0]
    except ValueError:
        code = None
    short = _short(code) if code else "en"
    return "en" if short in ("C", "POSIX") else short


def _short(code: str) -> str:
    return code.split(".")[0].split("@")[0] or "en"


def chosen_language(lang: str | None) -> str:
    """The language the game speaks for the setting ``lang``, as at its start.

    ``lang`` itself if the game ships it; None follows the system; English for a
    language the game does not ship.

    >>> chosen_language("fr"), chosen_language("xx")
    ('fr', 'en')
    """
    wanted = lang or system_language()
    if not is_known_language(wanted):
        log.info("%r is not a language the game ships; speaking English", wanted)
        return "en"
    return wanted


def set_language(lang: str | None, localedir: Path | None = None) -> str:
    """Switch the language; None follows the system. Returns the language in force.

    Only a shipped language's code is taken (``"fr"``, or ``"pt_BR"`` with a region):
    the code names a folder under ``locale/``, so anything else (``"../../x"``, an
    unknown language) speaks English and reports ``"en"``. So does a catalogue that
    is missing or cannot be read, with a WARNING for one that is malformed: a broken
    file must never stop the game from starting.
    """
    global _translations, _language
    wanted = chosen_language(lang)
    directory = localedir or LOCALE_DIR
    candidates = [wanted]
    if "_" in wanted:
        candidates.append(wanted.split("_")[0])
    try:
        _translations = gettext.translation(
            DOMAIN, localedir=str(directory), languages=candidates, fallback=True
        )
    except Exception as error:
        # Any malformed .mo: gettext raises OSError, ValueError, struct.error,
        # UnicodeDecodeError, IndexError... depending on where it is broken.
        log.warning(
            "the %s catalogue in %s cannot be read (%s); speaking English",
            wanted,
            directory,
            error,
        )
        _translations = gettext.NullTranslations()
        wanted = "en"
    if type(_translations) is gettext.NullTranslations and wanted != "en":
        log.info("no catalogue for %s in %s; speaking English", wanted, directory)
    _language = wanted
    for listener in list(_listeners):
        listener(wanted)
    return wanted


def add_listener(listener: Callable[[str], None]) -> None:
    """Call ``listener(lang)`` after every :func:`set_language`."""
    _listeners.append(listener)


def remove_listener(listener: Callable[[str], None]) -> None:
    """Stop calling ``listener``."""
    if listener in _listeners:
        _listeners.remove(listener)


_catalogues: dict[str, gettext.NullTranslations] = {}


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Word everything inside the block in ``lang``, then switch back.

    For a server that words lines for clients of several languages: no listener
    is told (nothing changes for good), and each catalogue is read once.
    Yields the language in force (English for one the game does not ship).

    >>> set_language("en")
    'en'
    >>> with speaking("xx") as spoken:
    ...     spoken, current_language()
    ('en', 'en')
    >>> current_language()
    'en'
    """
    global _translations, _language
    saved = (_translations, _language)
    wanted = lang if is_known_language(lang) else "en"
    catalogue = _catalogues.get(wanted)
    if catalogue is None:
        candidates = [wanted, wanted.split("_")[0]]
        try:
            catalogue = gettext.translation(
                DOMAIN, localedir=str(LOCALE_DIR), languages=candidates, fallback=True
            )
        except Exception as error:  # any malformed .mo, as in set_language
            log.warning("the %s catalogue cannot be read (%s)", wanted, error)
            catalogue = gettext.NullTranslations()
        _catalogues[wanted] = catalogue
    _translations, _language = catalogue, wanted
    try:
        yield wanted
    finally:
        _translations, _language = saved
