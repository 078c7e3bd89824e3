"""Wording in another language for a while (a server's clients), then back."""

from __future__ import annotations

from audiospades import i18n


def test_speaking_words_in_the_language_then_switches_back() -> None:
    heard: list[str] = []
    i18n.set_language("de")
    i18n.add_listener(heard.append)
    try:
        with i18n.speaking("fr") as spoken:
            assert spoken == "fr"
            assert i18n.current_language() == "fr"
            assert i18n._("Connect") == "Se connecter"
            with i18n.speaking("es"):
                assert i18n._("Connect") == "Conectar"
            assert i18n._("Connect") == "Se connecter"
        assert i18n.current_language() == "de"
        assert i18n._("Connect") == "Verbinden"
        assert heard == []  # nothing changed for good: no listener told
    finally:
        i18n.remove_listener(heard.append)
        i18n.set_language("en")


def test_an_unknown_or_unsafe_language_speaks_english() -> None:
    i18n.set_language("en")
    for code in ("zz", "../fr", ""):
        with i18n.speaking(code) as spoken:
            assert spoken == "en"
            assert i18n._("Connect") == "Connect"


def test_an_empty_message_stays_empty_in_every_language() -> None:
    """gettext gives the catalogue's header for "": a seat with no name must not
    be read out as "Project-Id-Version: audiospades VERSION ..."."""
    for language in i18n.SUPPORTED_LANGUAGES:
        with i18n.speaking(language):
            assert i18n._("") == ""
            assert i18n._("Reconnected.")  # the catalogue itself is there
