"""Words for the score sheet, and for the markers of a list that scrolls."""

from __future__ import annotations

from audiospades.i18n import ngettext


def more_above_text(count: int) -> str:
    """The marker over a list scrolled down: "3 more above"."""
    return ngettext("{count} more above", "{count} more above", count).format(
        count=count
    )


def more_below_text(count: int) -> str:
    """The marker under a list that goes on below: "3 more below"."""
    return ngettext("{count} more below", "{count} more below", count).format(
        count=count
    )
