"""The catalogue merge driver merges messages, not lines."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("merge_po", ROOT / "tools/merge_po.py")
assert _spec is not None and _spec.loader is not None
merge_po = importlib.util.module_from_spec(_spec)
sys.modules["merge_po"] = merge_po
_spec.loader.exec_module(merge_po)


def catalogue(**entries: str) -> Catalog:
    catalog = Catalog(locale="fr")
    for msgid, msgstr in entries.items():
        catalog.add(msgid, msgstr)
    return catalog


def strings(catalog: Catalog) -> dict[str, str]:
    return {str(m.id): str(m.string) for m in catalog if m.id}


def test_additions_from_both_sides_are_kept() -> None:
    base = catalogue(Old="Vieux")
    ours = catalogue(Old="Vieux", Mine="À moi")
    theirs = catalogue(Old="Vieux", Yours="À toi")
    merged, clashes = merge_po.merge(base, ours, theirs)
    assert strings(merged) == {"Old": "Vieux", "Mine": "À moi", "Yours": "À toi"}
    assert clashes == []


def test_a_removal_on_either_side_stays_removed() -> None:
    base = catalogue(Gone="Parti", Kept="Gardé", Dropped="Lâché")
    ours = catalogue(Kept="Gardé", Dropped="Lâché")
    theirs = catalogue(Gone="Parti", Kept="Gardé")
    merged, _ = merge_po.merge(base, ours, theirs)
    assert strings(merged) == {"Kept": "Gardé"}


def test_their_new_translation_wins_over_an_unchanged_one() -> None:
    base = catalogue(Card="")
    merged, clashes = merge_po.merge(base, catalogue(Card=""), catalogue(Card="Carte"))
    assert strings(merged) == {"Card": "Carte"}
    assert clashes == []


def test_two_different_translations_are_a_named_clash() -> None:
    base = catalogue(Card="")
    ours, theirs = catalogue(Card="Carte"), catalogue(Card="Lame")
    merged, clashes = merge_po.merge(base, ours, theirs)
    assert strings(merged) == {"Card": "Carte"}
    assert clashes == ["Card"]


def test_the_driver_writes_the_merge_into_ours(tmp_path: Path) -> None:
    from babel.messages.pofile import read_po, write_po

    paths = []
    for name, catalog in (
        ("base", catalogue(A="a")),
        ("ours", catalogue(A="a", B="b")),
        ("theirs", catalogue(A="a", C="c")),
    ):
        path = tmp_path / f"{name}.po"
        with open(path, "wb") as handle:
            write_po(handle, catalog)
        paths.append(str(path))
    assert merge_po.main(paths) == 0
    with open(paths[1], "rb") as handle:
        assert strings(read_po(handle)) == {"A": "a", "B": "b", "C": "c"}
