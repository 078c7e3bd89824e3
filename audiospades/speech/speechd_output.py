"""Speech Dispatcher as a screen-reader output, under the game's own name.

accessible-output2's Speech Dispatcher output connects as ``unknown::default``
(an empty client name), so the per-application settings of Speech Dispatcher
(``speechd.conf``: ``BeginClient "*:audiospades:*"``) cannot single the game out.
This output speaks the same way (the ``speechd`` client library, cancelling on
interrupt) but connects as ``CLIENT_NAME``. It is used from the screen-reader
back end's worker thread only, which bounds every call with a timeout.
"""

from __future__ import annotations

import getpass
import importlib
from typing import Any, Final

__all__ = ["CLIENT_NAME", "COMPONENT", "SpeechdOutput"]

CLIENT_NAME: Final = "audiospades"
"""The client name Speech Dispatcher sees (``USER:audiospades:main``)."""

COMPONENT: Final = "main"

SPEECH_DISPATCHER: Final = "Speech Dispatcher"
"""The output's own name (a product name: not translated)."""


class SpeechdOutput:
    """A Speech Dispatcher connection with the accessible-output2 output methods."""

    name = SPEECH_DISPATCHER

    def __init__(self, module: Any | None = None) -> None:
        """Connect to Speech Dispatcher.

        Args:
            module: The ``speechd`` module (tests pass a fake); imported if None.

        Raises:
            ImportError: The ``speechd`` client library is missing.
            Exception: Whatever the client raises when the daemon cannot be
                reached (the caller treats it as a failed start).
        """
        self._speechd = module or importlib.import_module("speechd")
        self._client = self._speechd.SSIPClient(
            CLIENT_NAME, component=COMPONENT, user=_user_name()
        )
        self._is_speaking = False

    def is_active(self) -> bool:
        """Connected: always True once built."""
        return True

    def is_system_output(self) -> bool:
        """Speech Dispatcher is what Linux screen readers speak through."""
        return False

    def is_speaking(self) -> bool:
        """Whether Speech Dispatcher reported speech under way."""
        return self._is_speaking

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Say ``text``; with ``interrupt``, cancel the game's speech first."""
        if interrupt:
            self.silence()
        kinds = self._speechd.CallbackType
        self._client.speak(
            text,
            callback=self._callback,
            event_types=(kinds.BEGIN, kinds.CANCEL, kinds.END),
        )

    def silence(self) -> None:
        """Cancel the game's speech (only the game's: other clients go on)."""
        self._client.cancel()

    def close(self) -> None:
        """Close the connection."""
        self._client.close()

    def _callback(self, callback_type: object) -> None:
        self._is_speaking = callback_type == self._speechd.CallbackType.BEGIN


def _user_name() -> str:
    """The login name, the first part of the client name ("unknown" if none)."""
    try:
        name = getpass.getuser()
    except Exception:  # no login name in a bare container: not worth failing for
        return "unknown"
    return "".join(c for c in name if c.isalnum() or c in "._-") or "unknown"
