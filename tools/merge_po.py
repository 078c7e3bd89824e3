"""A git merge driver for gettext catalogues (.po and .pot), entry by entry.

Two branches that each add messages to the same catalogue touch neighbouring lines and
so conflict as text, although they never disagree about a message. This driver merges
the catalogues as sets of messages instead:

- a message either side added is kept;
- a message either side removed (present in the common ancestor) is removed;
- a translation either side changed from the ancestor wins; if both changed it
  differently, ours is kept and the merge is reported as a conflict (exit 1) with
  the message named, so nothing is chosen silently.

Set it up once per clone (it is not needed to build or test the project):

    git config merge.po.name "gettext catalogue merge"
    git config merge.po.driver ".venv/bin/python tools/merge_po.py %O %A %B"
    echo '*.po merge=po' >> .git/info/attributes
    echo '*.pot merge=po' >> .git/info/attributes
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

Key = object  # a msgid: a string, or a tuple of strings for plurals


def _load(path: str) -> Catalog:
    with open(path, "rb") as handle:
        return read_po(handle)


def _key(message: Message) -> tuple[Key, str | None]:
    return (message.id, message.context)


def _same(a: Message | None, b: Message | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.string == b.string and ("fuzzy" in a.flags) == ("fuzzy" in b.flags)


def merge(base: Catalog, ours: Catalog, theirs: Catalog) -> tuple[Catalog, list[str]]:
    """Return ours with theirs' changes since base applied, and the clashes."""
    base_by = {_key(m): m for m in base if m.id}
    ours_by = {_key(m): m for m in ours if m.id}
    clashes: list[str] = []
    for message in theirs:
        if not message.id:
            continue
        key = _key(message)
        old = base_by.get(key)
        mine = ours_by.get(key)
        if mine is None:
            if old is None:
                ours[message.id] = message  # added by them (its context kept)
            continue  # removed by us: stays removed
        if _same(message, old) or _same(message, mine):
            continue
        if _same(mine, old):
            mine.string = message.string
            mine.flags = set(message.flags)
        else:
            clashes.append(str(message.id))
    for key, old in base_by.items():
        if key in ours_by and theirs.get(old.id, context=old.context) is None:
            ours.delete(old.id, context=old.context)  # removed by them
    return ours, clashes


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: merge_po.py BASE OURS THEIRS", file=sys.stderr)
        return 2
    base_path, ours_path, theirs_path = argv
    merged, clashes = merge(_load(base_path), _load(ours_path), _load(theirs_path))
    with open(Path(ours_path), "wb") as handle:
        write_po(handle, merged, width=88)
    for msgid in clashes:
        print(f"merge_po: both sides translated {msgid!r} differently", file=sys.stderr)
    return 1 if clashes else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
