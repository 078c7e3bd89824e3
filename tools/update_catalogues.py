"""Extract every message into locale/audiospades.pot and update each language's .po.

    .venv/bin/python tools/update_catalogues.py
    .venv/bin/python tools/update_catalogues.py --pot-and-english

Runs ``pybabel extract`` over the package with the keywords ``N_``, ``_``,
``ngettext:1,2``, ``pgettext:1c,2`` and ``npgettext:1c,2,3``, then creates or updates
``locale/<lang>/LC_MESSAGES/audiospades.po`` for each language in
:data:`audiospades.i18n.SUPPORTED_LANGUAGES`. English is filled in (msgstr = msgid);
other languages keep their translators' work and new entries stay empty. The .mo
files are compiled by ``tools/dev.sh`` and never committed.

With ``--pot-and-english`` only the template and the English catalogue are
refreshed, leaving the other languages' catalogues to their translators. Comments
that start with ``Translators:`` are extracted for them.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
POT = LOCALE / "audiospades.pot"
PYBABEL = Path(sys.executable).with_name("pybabel")
LANGUAGES = ("en", "fr", "es", "de", "pt", "it")
KEYWORDS = ("N_", "_", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3")


def run(*args: str) -> None:
    subprocess.run([str(PYBABEL), *args], check=True, cwd=ROOT)


def fill_english(path: Path) -> None:
    """Copy each English msgid into its msgstr (plurals too)."""
    from babel.messages.pofile import read_po, write_po

    with open(path, "rb") as handle:
        catalog = read_po(handle, locale="en")
    for message in catalog:
        if not message.id:
            continue
        message.string = message.id
        message.flags.discard("fuzzy")
    with open(path, "wb") as handle:
        write_po(handle, catalog, width=88)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--pot-and-english",
        action="store_true",
        help="refresh only the template and the English catalogue",
    )
    args = parser.parse_args(argv)
    languages = ("en",) if args.pot_and_english else LANGUAGES
    LOCALE.mkdir(exist_ok=True)
    run(
        "-q",
        "extract",
        "--no-location",
        "--sort-output",
        "--width=88",
        "--project=audiospades",
        "--copyright-holder=audiospades",
        "--add-comments=Translators:",
        *[f"-k{k}" for k in KEYWORDS],
        "-o",
        str(POT),
        "audiospades",
    )
    for lang in languages:
        po = LOCALE / lang / "LC_MESSAGES" / "audiospades.po"
        if po.exists():
            run(
                "-q",
                "update",
                "--no-fuzzy-matching",
                "--width=88",
                "-D",
                "audiospades",
                "-i",
                str(POT),
                "-d",
                str(LOCALE),
                "-l",
                lang,
            )
        else:
            run(
                "-q",
                "init",
                "--width=88",
                "-D",
                "audiospades",
                "-i",
                str(POT),
                "-d",
                str(LOCALE),
                "-l",
                lang,
            )
        if lang == "en":
            fill_english(po)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
