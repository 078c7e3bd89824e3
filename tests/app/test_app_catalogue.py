"""The catalogues: every message extracted, placeholders kept, msgfmt accepts them."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
PYBABEL = Path(sys.executable).with_name("pybabel")
KEYWORDS = ("N_", "_", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def _read(path: Path):  # type: ignore[no-untyped-def]
    with open(path, "rb") as handle:
        return read_po(handle)


def test_english_catalogue_holds_every_message(
    fresh_keys: set[tuple[str | None, str]],
) -> None:
    english = _read(ROOT / "locale" / "en" / "LC_MESSAGES" / "audiospades.po")
    known = {_key(m) for m in english if m.id}
    missing = fresh_keys - known
    assert not missing, (
        f"run tools/update_catalogues.py: {sorted(missing, key=str)[:5]}"
    )


def test_placeholders_match_in_english() -> None:
    english = _read(ROOT / "locale" / "en" / "LC_MESSAGES" / "audiospades.po")
    for message in english:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = (
            [message.string]
            if isinstance(message.string, str)
            else list(message.string)
        )
        for text in strings:
            if text:
                assert set(PLACEHOLDER.findall(text)) <= set(
                    PLACEHOLDER.findall(" ".join(ids))
                ), message.id


def test_msgfmt_check_passes() -> None:
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("gettext's msgfmt is not installed")
    for po in (ROOT / "locale").glob("*/LC_MESSAGES/audiospades.po"):
        done = subprocess.run(
            [msgfmt, "--check", "-o", "/dev/null", str(po)],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr


# --- every language's catalogue ----------------------------------------------------

LOCALE = ROOT / "locale"
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "pt": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
}
LANGUAGES = sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())


def _key(message) -> tuple[str | None, str]:  # type: ignore[no-untyped-def]
    return (
        message.context,
        message.id if isinstance(message.id, str) else message.id[0],
    )


def _po(lang: str):  # type: ignore[no-untyped-def]
    with open(LOCALE / lang / "LC_MESSAGES" / "audiospades.po", "rb") as handle:
        return read_po(handle, locale=lang)


@pytest.fixture(scope="module")
def fresh_keys(tmp_path_factory: pytest.TempPathFactory) -> set[tuple[str | None, str]]:
    """Every message the code marks now, extracted afresh."""
    pot = tmp_path_factory.mktemp("pot") / "fresh.pot"
    subprocess.run(
        [
            str(PYBABEL),
            "-q",
            "extract",
            "--no-location",
            *[f"-k{k}" for k in KEYWORDS],
            "-o",
            str(pot),
            "audiospades",
        ],
        check=True,
        cwd=ROOT,
    )
    return {_key(m) for m in _read(pot) if m.id}


def test_every_supported_language_has_a_catalogue() -> None:
    from audiospades.i18n import SUPPORTED_LANGUAGES

    assert sorted(SUPPORTED_LANGUAGES) == LANGUAGES
    assert set(PLURAL_FORMS) == set(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_is_complete(
    lang: str, fresh_keys: set[tuple[str | None, str]]
) -> None:
    """No message missing, empty, fuzzy or stale (active but gone from the code).

    Obsolete ``#~`` entries, which ``pybabel update`` keeps for translators and
    msgfmt never compiles, are allowed.
    """
    catalog = _po(lang)
    keys = {_key(m) for m in catalog if m.id}
    missing = fresh_keys - keys
    assert not missing, (
        f"{lang}: run tools/update_catalogues.py: {sorted(missing, key=str)[:5]}"
    )
    stale = keys - fresh_keys
    assert not stale, f"{lang}: stale messages {sorted(stale, key=str)[:5]}"
    for message in catalog:
        if not message.id:
            continue
        assert "fuzzy" not in message.flags, f"{lang}: fuzzy {message.id!r}"
        strings = (
            [message.string]
            if isinstance(message.string, str)
            else list(message.string)
        )
        assert strings and all(strings), f"{lang}: untranslated {message.id!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_header(lang: str) -> None:
    catalog = _po(lang)
    header = dict(catalog.mime_headers)
    assert header.get("Plural-Forms") == PLURAL_FORMS[lang], header.get("Plural-Forms")
    assert header.get("Language") == lang
    for message in catalog:
        if message.id and isinstance(message.id, tuple):
            assert len(message.string) == 2, f"{lang}: {message.id!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_match_the_english(lang: str) -> None:
    """Each form keeps exactly its English form's placeholders (plurals too)."""
    for message in _po(lang):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = (
            [message.string]
            if isinstance(message.string, str)
            else list(message.string)
        )
        for index, text in enumerate(strings):
            english = ids[min(index, len(ids) - 1)]
            assert set(PLACEHOLDER.findall(text)) == set(
                PLACEHOLDER.findall(english)
            ), f"{lang}: {message.id!r} -> {text!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_format(lang: str) -> None:
    """Every translation formats with its English placeholders, no stray braces."""
    for message in _po(lang):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = (
            [message.string]
            if isinstance(message.string, str)
            else list(message.string)
        )
        values = {name[1:-1]: "x" for name in PLACEHOLDER.findall(" ".join(ids))}
        for text in strings:
            text.format(**values)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("joker", ["big joker", "little joker"])
def test_each_joker_has_one_name(lang: str, joker: str) -> None:
    """A joker is named the same in the hand, in plays and hints, and in the rules.

    German once read the hand as "kleiner Joker" while hints and plays said "Joker
    klein": a player listening for a card must hear the name the hand gave it. So
    every sentence that names the joker holds its bare name (any article or case
    ending around it is the sentence's own).
    """
    catalog = _po(lang)
    name = catalog.get(joker).string.casefold()
    naming = [
        message
        for message in catalog
        if message.id and isinstance(message.id, str) and joker in message.id.casefold()
    ]
    assert len(naming) > 3  # the bare name, the card in a sentence, rules, tutorial
    for message in naming:
        assert name in message.string.casefold(), (
            f"{lang}: {message.id!r} -> {message.string!r} does not say {name!r}"
        )


#: A French mark that takes a space before it, where it ends a word (not the
#: colon of "ws://" or "12:30", which no space precedes).
_FRENCH_HIGH_MARK = re.compile(r"(.?)([:;?!»])(?=\s|$)")


def test_french_puts_a_no_break_space_before_its_high_marks() -> None:
    """French writes "Quitter la table ?" and "« {leave} »" with a no-break space.

    About 320 lines had a plain space there and 200 a no-break one: a screen or a
    braille line could break between "table" and its "?", leaving the mark alone
    at the start of the next line. Every French line now uses the no-break
    space (U+00A0, the one the catalogue already used), before ":" ";" "?" "!"
    and "»" and after "«".
    """
    for message in _po("fr"):
        if not message.id:
            continue
        strings = (
            [message.string]
            if isinstance(message.string, str)
            else list(message.string)
        )
        for text in strings:
            assert "\u202f" not in text, f"one kind of no-break space: {text!r}"
            for match in _FRENCH_HIGH_MARK.finditer(text):
                assert match.group(1) == "\xa0", (
                    f"{match.group(2)!r} after {match.group(1)!r}: {text!r}"
                )
            for match in re.finditer("«(.?)", text):
                assert match.group(1) == "\xa0", text


#: A word that would make German "Null" neuter or masculine: "das Null", "dein
#: Null", "einem verlorenen Null" ("einem Null-Spieler" is the player's).
_NOT_FEMININE_NULL = re.compile(
    r"\b(?:das|dem|des|ein|eines|einem|dein|deines|deinem|sein|seines|seinem|kein"
    r"|keines|jedes|jedem)\s+(?:\w+(?:es|em)\s+)?Null\b(?!-)",
    re.IGNORECASE,
)


def test_german_null_is_feminine_everywhere() -> None:
    """The lesson was called "Das Null deines Partners decken", while the rest of
    the catalogue says "die Null" and "deine blinde Null": a nil is "die Null"."""
    for message in _po("de"):
        if not message.id:
            continue
        strings = (
            [message.string]
            if isinstance(message.string, str)
            else list(message.string)
        )
        for text in strings:
            assert not _NOT_FEMININE_NULL.search(text), text


def test_spanish_names_a_computer_player_one_way() -> None:
    """Spanish says "jugador automático" for a seat the computer plays.

    Six older lines said "jugador de la computadora" (one "jugador de
    ordenador"): "Añadir un jugador de la computadora" in the waiting room, then
    "jugadores automáticos" in the rules, as if they were different players.
    ("esta computadora", the player's own machine, is not a player.)
    """
    said = 0
    for message in _po("es"):
        if not message.id:
            continue
        strings = (
            [message.string]
            if isinstance(message.string, str)
            else list(message.string)
        )
        for text in strings:
            assert not re.search(
                r"jugador(?:es)? de (?:la )?(?:computadora|ordenador|máquina)",
                text,
                re.IGNORECASE,
            ), text
            said += len(re.findall(r"jugador(?:es)? automátic", text, re.IGNORECASE))
    assert said > 20
