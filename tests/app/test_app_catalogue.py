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


def test_english_catalogue_holds_every_message(tmp_path: Path) -> None:
    pot = tmp_path / "fresh.pot"
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
    fresh = {
        (m.context, m.id if isinstance(m.id, str) else m.id[0])
        for m in _read(pot)
        if m.id
    }
    english = _read(ROOT / "locale" / "en" / "LC_MESSAGES" / "audiospades.po")
    known = {
        (m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in english if m.id
    }
    missing = fresh - known
    assert not missing, f"run tools/update_catalogues.py: {sorted(missing)[:5]}"


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
