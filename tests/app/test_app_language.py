"""Switching language mid-game: everything said afterwards follows, speech too."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from app_helpers import play_until
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from audiospades import i18n
from audiospades.app.harness import Harness
from audiospades.rules import Phase


def _catalogue(root: Path) -> Path:
    catalog = Catalog(locale="fr", domain="audiospades")
    catalog.add("You play {card}.", "Vous jouez {card}.")
    ranks = [
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "jack",
        "queen",
        "king",
        "ace",
    ]
    for rank in ranks:
        catalog.add(
            f"the {rank} of {{suit}}",
            f"le {rank} de {{suit}}",
            context="card with article",
        )
    catalog.add("{rank} of {suit}", "{rank} de {suit}")
    catalog.add("Options", "Réglages")
    catalog.add("Your turn to play.", "À vous de jouer.")
    catalog.add("hearts", "cœur", context="suit")
    catalog.add("clubs", "trèfle", context="suit")
    catalog.add("diamonds", "carreau", context="suit")
    catalog.add("spades", "pique", context="suit")
    folder = root / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "audiospades.mo", "wb") as handle:
        write_mo(handle, catalog)
    return root


def test_language_switch_mid_game(
    make_harness: Callable[..., Harness],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", _catalogue(tmp_path / "locale"))
    h = make_harness(seed=5)
    h.press("return")
    play_until(
        h,
        lambda x: (
            x.table is not None
            and x.table.session.is_human_turn
            and x.table.session.game.phase is Phase.PLAYING
        ),
    )
    h.press("t")
    assert h.last == "Your turn to play."
    # Escape, Options, Language: right arrow goes from English to French.
    h.press("escape", "down", "return")
    assert h.last.startswith("Options.")
    h.press("right")
    assert "Français" in h.last
    assert h.speaker.language == "fr"
    h.press("escape", "escape")
    h.press("t")
    assert h.last == "À vous de jouer."
    mark = h.mark()
    h.press("return")
    assert any(
        s.startswith("Vous jouez le ") and " de " in s for s in h.said_since(mark)
    )
    assert h.services.settings.language == "fr"


def test_pgettext_falls_back_to_english(tmp_path: Path) -> None:
    # An empty locale folder: no catalogue for German, so English is used.
    i18n.set_language("de", localedir=tmp_path)
    assert i18n.pgettext("suit", "hearts") == "hearts"
    assert i18n.ngettext("{count} bag", "{count} bags", 1) == "{count} bag"


# --- the language setting is a code, never a path (issue 13, item 12) ---


def _injected(root: Path, folder: str) -> None:
    catalog = Catalog(locale="fr", domain="audiospades")
    catalog.add("Quit", "INJECTED")
    target = root / folder / "LC_MESSAGES"
    target.mkdir(parents=True)
    with open(target / "audiospades.mo", "wb") as handle:
        write_mo(handle, catalog)


@pytest.mark.parametrize("language", ["../x", "x/../../x", "/ABS/x", "zz", "fr/."])
def test_a_language_that_is_not_a_known_code_speaks_english(
    tmp_path: Path, language: str
) -> None:
    """'"../../x" loaded a catalogue from outside locale/ (the menu spoke injected
    text)'."""
    localedir = tmp_path / "locale"
    localedir.mkdir()
    _injected(tmp_path, "x")
    _injected(localedir, "zz")
    _injected(tmp_path, "ABS/x")
    absolute = language.replace("/ABS", str(tmp_path / "ABS"))
    assert i18n.set_language(absolute, localedir=localedir) == "en"
    assert i18n.current_language() == "en"
    assert i18n.pgettext("menu", "Quit") == "Quit"
    assert i18n._("Quit") == "Quit"


@pytest.mark.parametrize(
    "content",
    [b"", b"garbage", b"\xde\x12\x04\x95" + b"\xff" * 40, b"\x95\x04\x12\xde" * 7],
    ids=["empty", "text", "bad header", "bad offsets"],
)
def test_a_malformed_catalogue_speaks_english_with_a_warning(
    tmp_path: Path, content: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    """'a malformed catalogue there crashes every start'."""
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "audiospades.mo").write_bytes(content)
    assert i18n.set_language("fr", localedir=tmp_path) == "en"
    assert i18n._("Quit") == "Quit"
    assert any(
        r.levelname == "WARNING" and "catalogue" in r.getMessage()
        for r in caplog.records
    )


@pytest.mark.parametrize(
    ("language", "expected"),
    [("fr", "fr"), ("pt_BR", "pt_BR"), ("de_CH", "de_CH"), ("FR", "en"), ("it", "it")],
)
def test_known_codes_and_their_regions_are_kept(language: str, expected: str) -> None:
    assert i18n.set_language(language) == expected


@pytest.mark.parametrize("value", ["/tmp/../etc", "../../x", "x/y_Z"])
def test_a_system_language_that_is_a_path_speaks_english(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", value)
    assert i18n.set_language(None) == "en"


def test_enter_on_the_language_item_keeps_the_language(
    make_harness: Callable[..., Harness],
) -> None:
    """QA: Enter opened Options, a second Enter (on Language, the first item)
    switched the game to French, a language the player may not understand;
    Left and Right change it, Enter says the item again."""
    h = make_harness(seed=5)
    h.press("o", "return")
    assert h.last.endswith("Language, English, 1 of 15")
    h.press("return")
    assert h.last == "Language, English, 1 of 15"
    assert h.services.settings.language == "en"
    assert h.speaker.language == "en"
    h.press("right")
    assert h.services.settings.language != "en"
