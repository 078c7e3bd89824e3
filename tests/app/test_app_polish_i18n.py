"""Polish: whole messages a translator can serve (cards, files, statistics, ids)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from babel.messages.pofile import read_po

from audiospades.app.harness import Harness
from audiospades.notices import FileKind
from audiospades.presenter.system import storage_text
from audiospades.rules import Phase
from audiospades.storage import ProblemKind, SaveProblem, SaveProblemKind

POT = Path(__file__).resolve().parents[2] / "locale" / "audiospades.pot"


def test_cards_in_sentences_keep_natural_english(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness(seed=7)
    h.press("return")
    h.settle()
    h.press("3", "return")
    h.settle()
    assert h.table.session.game.phase is Phase.PLAYING
    h.press("h")
    assert h.last.startswith("Play the ")
    h.press("return")
    h.settle()
    said = h.transcript
    assert any(s.startswith("You play the ") and " of " in s for s in said)
    assert any(" plays the " in s for s in said)


def test_the_template_has_whole_messages_with_translator_notes() -> None:
    with open(POT, "rb") as handle:
        catalog = read_po(handle)
    ids = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog}
    # A card with its article is one message per rank, explained for translators.
    queen = ids[("card with article", "the queen of {suit}")]
    assert any("article" in c for c in queen.auto_comments)
    assert ("card with article", "the big joker") in ids
    assert (None, "You play {card}.") in ids
    assert (None, "the {card}") not in ids and (None, "You play the {card}.") not in ids
    # No sentence with a {file} word, nor statistics in one fragment.
    assert not any("{file}" in key[1] for key in ids)
    assert (None, "{wins} won, {losses} lost, {draws} drawn") not in ids
    assert (None, "{count} game played.") in ids
    # "none" and "normal" each say where they are used.
    assert (None, "none") not in ids and (None, "normal") not in ids
    for context in (
        "bag penalty",
        "cards passed after a blind nil",
        "minimum side bid",
    ):
        assert (context, "none") in ids
    assert ("pace", "normal") in ids and ("bidding style", "normal") in ids


def test_each_file_kind_has_its_own_sentence() -> None:
    busy = SaveProblem(SaveProblemKind.BUSY, Path("x"))
    texts = {storage_text(kind, busy) for kind in FileKind}
    assert len(texts) == len(FileKind)
    assert storage_text(FileKind.SETTINGS, busy).startswith(
        "Your settings could not be saved"
    )
    assert ProblemKind.UNREADABLE


def test_options_speak_the_pace(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(seed=7)
    h.press("o", "return")
    assert h.last.startswith("Options.")
    for _ in range(3):
        h.press("down")
    assert "Pace of the computer players, fast" in h.last
    h.press("left")
    assert "normal" in h.last
