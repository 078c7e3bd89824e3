"""An item's long explanation, spoken once the player rests on the item.

The rule settings and the player selection have a one-line explanation for each
item. Spoken on every arrow press, it buried the item names a player was scanning
for; so arrows speak only the item, Enter explains at once, and in full verbosity
the explanation follows by itself once the focus has rested on an item for
:data:`EXPLAIN_PAUSE_MS` (in brief verbosity, never by itself).
"""

from __future__ import annotations

from typing import Final

from audiospades.app.services import Services

EXPLAIN_PAUSE_MS: Final = 1500
"""How long the focus rests on an item before its explanation is spoken."""


class PausedExplanation:
    """When the explanation of the focused item is due, if it is."""

    def __init__(self) -> None:
        """Nothing is due."""
        self._due_ms: int | None = None
        self._index: int | None = None

    def rest_on(self, services: Services, index: int) -> None:
        """The focus came to item ``index``: explain it after the pause (full only)."""
        if services.settings.verbosity != "full":
            self.cancel()
            return
        self._due_ms = services.clock.now_ms() + EXPLAIN_PAUSE_MS
        self._index = index

    def cancel(self) -> None:
        """Nothing is due any more (another key was pressed, or Enter explained)."""
        self._due_ms = self._index = None

    def is_due(self, now_ms: int, index: int) -> bool:
        """Whether item ``index``'s explanation is due now (then it no longer is)."""
        if self._due_ms is None or now_ms < self._due_ms or index != self._index:
            return False
        self.cancel()
        return True
