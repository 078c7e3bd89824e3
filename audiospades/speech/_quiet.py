"""Keep third-party chatter off stdout.

accessible-output2 and pyttsx3's espeak driver `print()` status lines ("Audio saved to
...", "Cannot find espeak.core ...", speechd connection errors). The game's headless
mode writes one utterance per line to stdout, so those lines would corrupt it.

`contextlib.redirect_stdout` is no answer: it swaps `sys.stdout` for the whole
process, and these libraries run in worker threads, so the main thread's own output
would vanish while a worker is inside the library. Instead the name `print` is
shadowed in the globals of exactly the modules that chatter, which is thread-safe
and touches nothing else. Their lines go to the debug log.
"""

from __future__ import annotations

import importlib
import logging
import sys
from typing import Any

__all__ = ["quiet_modules"]

_log = logging.getLogger(__name__)


def _to_debug_log(*args: Any, **kwargs: Any) -> None:
    sep = kwargs.get("sep", " ")
    _log.debug(
        "library output: %s", (sep if sep is not None else " ").join(map(str, args))
    )


def quiet_modules(*names: str) -> None:
    """Route `print` in each named module (imported if needed) to the debug log.

    Modules that cannot be imported are skipped: the caller will find that out itself.
    """
    for name in names:
        module = sys.modules.get(name)
        if module is None:
            try:
                module = importlib.import_module(name)
            except Exception:
                continue
        module.print = _to_debug_log  # type: ignore[attr-defined]
