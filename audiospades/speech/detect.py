"""What speaks for the player on Linux: screen readers and Speech Dispatcher.

accessible-output2 cannot tell whether a Linux screen reader runs (it picks Speech
Dispatcher whenever the library is installed), so the game looks for itself:

* Orca and Fenrir by their processes (command name, or the script name of their
  command line); both speak through Speech Dispatcher;
* Speakup, the console screen reader in the kernel, by ``/sys/module/speakup``
  (or ``/proc/speakup`` on old kernels), or by its connectors ``espeakup`` and
  ``speechd-up``;
* a running Speech Dispatcher, by its socket (``SPEECHD_ADDRESS``, else
  ``$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock``) or its process.

Any of these makes the automatic mode speak through Speech Dispatcher, which a
player's screen reader set-up has chosen; nothing found leaves the game's own voice.
Everything here reads files only: no call can block on a stuck daemon.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

__all__ = [
    "ORCA",
    "SCREEN_READER_ENV",
    "Detection",
    "detect",
    "speechd_socket_path",
]

SCREEN_READER_ENV: Final = "AUDIOSPADES_SCREEN_READER"
"""Set to 1 to say a screen reader runs (Linux), to 0 to say none does (anywhere)."""

ORCA: Final = "Orca"
FENRIR: Final = "Fenrir"
SPEAKUP: Final = "Speakup"

_PROCESS_READERS: Final = {
    "orca": ORCA,
    "fenrir": FENRIR,
    "fenrir-daemon": FENRIR,
    "espeakup": SPEAKUP,
    "speechd-up": SPEAKUP,
}
"""Process names (command name or script name) of screen readers, and their names."""

_SPEECHD_PROCESSES: Final = frozenset({"speech-dispatcher", "speech-dispatch"})
"""The daemon's names (the kernel cuts a command name to 15 characters)."""


@dataclass(frozen=True, slots=True)
class Detection:
    """What was found.

    Attributes:
        readers: Screen readers found, by their own names ("Orca"), each once.
        speechd: Whether a Speech Dispatcher daemon runs (its socket or process).
        forced: True or False when `SCREEN_READER_ENV` decided; None otherwise.
    """

    readers: tuple[str, ...] = ()
    speechd: bool = False
    forced: bool | None = None

    @property
    def wants_speechd(self) -> bool:
        """Whether the automatic mode should speak through Speech Dispatcher."""
        if self.forced is not None:
            return self.forced
        return bool(self.readers) or self.speechd


def speechd_socket_path(env: Mapping[str, str] | None = None) -> Path | None:
    """Where Speech Dispatcher's socket is expected (None: an inet address).

    >>> speechd_socket_path({"SPEECHD_ADDRESS": "unix_socket:/tmp/s.sock"})
    PosixPath('/tmp/s.sock')
    >>> speechd_socket_path({"XDG_RUNTIME_DIR": "/run/user/7"})
    PosixPath('/run/user/7/speech-dispatcher/speechd.sock')
    >>> speechd_socket_path({"SPEECHD_ADDRESS": "inet_socket:localhost:6560"})
    """
    env = os.environ if env is None else env
    address = env.get("SPEECHD_ADDRESS", "").strip()
    if address:
        kind, _, rest = address.partition(":")
        return Path(rest) if kind == "unix_socket" and rest else None
    if env.get("SPEECHD_SOCKET"):
        return Path(env["SPEECHD_SOCKET"])
    runtime = env.get("XDG_RUNTIME_DIR") or f"/run/user/{os.getuid()}"
    return Path(runtime) / "speech-dispatcher" / "speechd.sock"


def detect(
    *,
    proc: Path = Path("/proc"),
    sys_module: Path = Path("/sys/module"),
    env: Mapping[str, str] | None = None,
    platform: str | None = None,
) -> Detection:
    """Look for Linux screen readers and Speech Dispatcher (see the module text).

    Elsewhere than on Linux nothing is looked for (accessible-output2 knows the
    Windows and macOS screen readers itself). The paths are parameters so that
    tests can give a fake ``/proc`` and ``/sys/module``.
    """
    env = os.environ if env is None else env
    forced_text = env.get(SCREEN_READER_ENV, "").strip()
    forced = forced_text == "1" if forced_text in ("0", "1") else None
    if forced is not None:
        return Detection(forced=forced)
    if not (platform or sys.platform).startswith("linux"):
        return Detection()
    readers: list[str] = []
    speechd = False
    for names in _process_names(proc):
        for name in names:
            reader = _PROCESS_READERS.get(name)
            if reader is not None and reader not in readers:
                readers.append(reader)
            speechd = speechd or name in _SPEECHD_PROCESSES
    if SPEAKUP not in readers and (
        (sys_module / "speakup").exists() or (proc / "speakup").exists()
    ):
        readers.append(SPEAKUP)
    socket = speechd_socket_path(env)
    if not speechd and socket is not None:
        speechd = _is_socket(socket)
    return Detection(tuple(readers), speechd)


def _process_names(proc: Path) -> list[set[str]]:
    try:
        entries = [p for p in proc.iterdir() if p.name.isdigit()]
    except OSError:
        return []
    out = []
    for entry in entries:
        try:
            comm = (entry / "comm").read_text().strip()
            argv = (entry / "cmdline").read_bytes().split(b"\0")[:2]
        except OSError:
            continue  # the process ended, or is not ours to read
        out.append(
            {comm} | {os.path.basename(a.decode(errors="replace")) for a in argv}
        )
    return out


def _is_socket(path: Path) -> bool:
    try:
        return stat.S_ISSOCK(path.stat().st_mode)
    except OSError:
        return False
