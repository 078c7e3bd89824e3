"""The player's online identity: one token per server, kept in the data folder.

A server issues a random token on the first ``hello`` and recognises the player by it
later (there are no passwords in this version). The file ``online.json`` maps each
server address to its token. It is read and written like every other file of ours:
regular files only, never through a link, atomically; a damaged file is moved aside
(a new identity is then issued by each server).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from audiospades.storage.atomic import file_lock, try_write_json
from audiospades.storage.paths import data_dir
from audiospades.storage.problems import (
    LoadProblem,
    ProblemKind,
    SaveProblem,
    SaveProblemKind,
)
from audiospades.storage.safe_load import Loaded, partly_used, read_json_object, reject

VERSION: Final = 1
MAX_SERVERS: Final = 50
"""Tokens kept at most (the oldest are dropped first)."""
MAX_TOKEN_LENGTH: Final = 200
MAX_ADDRESS_LENGTH: Final = 500
"""Longer keys are not ours (an address and a name; see ``app.online.identity_key``)."""


def identity_path() -> Path:
    """Where the tokens live."""
    return data_dir() / "online.json"


def load_tokens() -> tuple[dict[str, str], LoadProblem | None]:
    """Every server's token; a damaged file gives none (and a problem).

    A file whose ``"tokens"`` is not an object is damaged, and moved aside. Entries
    that are not a usable address and token are left out here, and the file is
    left as it is: `save_token` keeps a copy of it before it rewrites it.
    """
    tokens, _ignored, _loaded, problem = _read()
    return tokens, problem


def _read() -> tuple[
    dict[str, str], tuple[str, ...], Loaded | None, LoadProblem | None
]:
    """The usable tokens, the entries left out, the file as read, and any problem."""
    path = identity_path()
    loaded, problem = read_json_object(path, version=VERSION)
    if loaded is None:
        return {}, (), None, problem
    tokens = loaded.value.get("tokens")
    if not isinstance(tokens, dict):
        return {}, (), None, reject(path, ProblemKind.DAMAGED, "no tokens object")
    usable = {
        url: token
        for url, token in tokens.items()
        if isinstance(url, str)
        and isinstance(token, str)
        and 0 < len(token) <= MAX_TOKEN_LENGTH
        and len(url) <= MAX_ADDRESS_LENGTH
    }
    ignored = tuple(url[:MAX_ADDRESS_LENGTH] for url in tokens if url not in usable)
    return usable, ignored, loaded, None


def token_for(url: str) -> str | None:
    """The token this server gave us, if any."""
    return load_tokens()[0].get(url)


def find_token(url: str) -> tuple[str | None, LoadProblem | None]:
    """The token this server gave us, if any, and why the file could not be used.

    The problem is there only when the file was set aside (damaged, unreadable, not
    a file, of another version): then every server takes the player for a new one.
    """
    tokens, problem = load_tokens()
    return tokens.get(url), problem


def save_token(url: str, token: str) -> SaveProblem | LoadProblem | None:
    """Remember ``token`` for ``url``.

    Entries of the file that could not be used are not written back; the file as
    it was is kept first (``online.json.broken-...``), and if even that copy
    cannot be made, the file is left as it is and the token not saved.
    """
    path = identity_path()
    try:
        with file_lock(path, remove=True):
            tokens, ignored, loaded, problem = _read()
            if ignored and loaded is not None:
                problem, kept = partly_used(path, loaded.raw, ignored)
                if not kept:
                    return problem
            tokens.pop(url, None)
            tokens[url] = token
            kept_tokens = dict(list(tokens.items())[-MAX_SERVERS:])
            saved = try_write_json(
                path, {"version": VERSION, "tokens": kept_tokens}, pretty=True
            )
    except OSError:  # the lock could not be had: the token is kept for this run
        return SaveProblem(SaveProblemKind.UNWRITABLE, path)
    return saved or problem
