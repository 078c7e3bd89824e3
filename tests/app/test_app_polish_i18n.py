"""Polish: whole messages a translator can serve (cards, files, statistics, ids)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from audiospades.app.harness import Harness
from audiospades.notices import FileKind
from audiospades.presenter.system import storage_text
from audiospades.rules import Phase
from audiospades.storage import LoadProblem, ProblemKind, SaveProblem, SaveProblemKind

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
    for kind in ProblemKind:
        for backup in (None, Path("/home/x/settings.json.broken-1")):
            problem = LoadProblem(kind, Path("x"), backup, ignored=("a",))
            texts = {storage_text(file, problem) for file in FileKind}
            assert len(texts) == len(FileKind), (kind, backup)
            if backup is not None:  # the player hears the name it was kept under
                assert all(backup.name in text for text in texts), (kind, texts)
                assert not any(str(backup.parent) in text for text in texts)


@pytest.mark.parametrize(
    ("ignored", "spoken"),
    [
        (("key_overide",), "key_overide"),
        (("a", "b"), "a and b"),
        (tuple("abcde"), "a, b, c, d and e"),
        (tuple("abcdef"), "a, b, c, d, e and 1 other"),
        (tuple("abcdefgh"), "a, b, c, d, e and 3 others"),
    ],
)
def test_what_was_not_used_is_named(ignored: tuple[str, ...], spoken: str) -> None:
    """Issue 13, item 4: "name the key or entry that was ignored"."""
    backup = Path("/home/x/settings.json.broken-20260314-150926")
    problem = LoadProblem(ProblemKind.PARTLY_USED, Path("x"), backup, ignored)
    assert storage_text(FileKind.SETTINGS, problem) == (
        "Some of your settings could not be used, so their defaults apply: "
        f"{spoken}. Your file was kept as {backup.name}."
    )
    problem = LoadProblem(ProblemKind.PARTLY_USED, Path("x"), None, ignored)
    assert storage_text(FileKind.STATISTICS, problem) == (
        f"Some entries in your statistics could not be used and are left out: {spoken}."
    )


def test_options_speak_the_pace(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(seed=7)
    h.press("o", "return")
    assert h.last.startswith("Options.")
    for _ in range(3):
        h.press("down")
    assert "Pace of the computer players, fast" in h.last
    h.press("left")
    assert "normal" in h.last
