"""The real catalogues in a running game: switch language mid-game, hear it spoken.

Each test compiles the committed ``locale/<lang>/LC_MESSAGES/audiospades.po`` into a
temporary folder (so it does not depend on ``tools/dev.sh`` having run), starts a game
in English, switches language in Options the way a player does, and checks phrases
written here by hand: "your turn to play" and a played card with its suit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from app_helpers import play_until
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from audiospades import i18n
from audiospades.app.harness import Harness
from audiospades.app.menus import LANGUAGE_NAMES
from audiospades.rules import Phase, Rank

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Expected:
    your_turn: str
    """What key T says when it is the human's turn to play."""
    played: str
    """A regular expression for "You play {card}." with a card of a plain suit.

    The card carries its own article ("la dame de pique", "l'as de pique"), so the
    words before the suit are left open.
    """


EXPECTED: dict[str, Expected] = {
    "fr": Expected(
        your_turn="À vous de jouer.",
        played=r"Vous jouez .+ de (pique|cœur|carreau|trèfle)\.",
    ),
    "es": Expected(
        your_turn="Te toca jugar.",
        played=r"Juegas .+ de (picas|corazones|diamantes|tréboles)\.",
    ),
    "de": Expected(
        your_turn="Du bist am Zug.",
        played=r"Du spielst (Pik|Herz|Karo|Kreuz) \S+\.",
    ),
    "pt": Expected(
        your_turn="Sua vez de jogar.",
        played=r"Você joga .+ de (espadas|copas|ouros|paus)\.",
    ),
    "it": Expected(
        your_turn="Tocca a te giocare.",
        played=r"Giochi .+ di (picche|cuori|quadri|fiori)\.",
    ),
}


def _compiled(root: Path) -> Path:
    """Every committed .po compiled to .mo under ``root``."""
    for po in (ROOT / "locale").glob("*/LC_MESSAGES/audiospades.po"):
        lang = po.parent.parent.name
        with open(po, "rb") as handle:
            catalog = read_po(handle, locale=lang)
        folder = root / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        with open(folder / "audiospades.mo", "wb") as handle:
            write_mo(handle, catalog)
    return root


def _to_human_play(h: Harness) -> None:
    play_until(
        h,
        lambda x: (
            x.table is not None
            and x.table.session.is_human_turn
            and x.table.session.game.phase is Phase.PLAYING
        ),
    )


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_switch_language_mid_game_speaks_it(
    lang: str,
    make_harness: Callable[..., Harness],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", _compiled(tmp_path / "locale"))
    expected = EXPECTED[lang]
    h = make_harness(seed=5)
    h.press("return")
    _to_human_play(h)
    h.press("t")
    assert h.last == "Your turn to play."
    # Escape, Options, Language; each right arrow moves one language along the list.
    h.press("escape", "down", "return")
    assert h.last.startswith("Options.")
    steps = list(LANGUAGE_NAMES).index(lang)
    for _ in range(steps):
        h.press("right")
    assert LANGUAGE_NAMES[lang] in h.last
    assert h.speaker.language == lang
    h.press("escape", "escape")
    h.press("t")
    assert h.last == expected.your_turn
    mark = h.mark()
    h.press("return")
    said = h.said_since(mark)
    assert any(re.fullmatch(expected.played, s) for s in said), said
    assert h.services.settings.language == lang


def test_rank_names_are_translated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from audiospades.presenter.words import rank_name

    monkeypatch.setattr(i18n, "LOCALE_DIR", _compiled(tmp_path / "locale"))
    i18n.set_language("fr")
    assert rank_name(Rank.QUEEN) == "dame"
