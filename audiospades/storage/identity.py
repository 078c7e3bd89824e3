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
from audiospades.storage.problems import LoadProblem, SaveProblem, SaveProblemKind
from audiospades.storage.safe_load import load_json_object

VERSION: Final = 1
MAX_SERVERS: Final = 50
"""Tokens kept at most (the oldest are dropped first)."""
MAX_TOKEN_LENGTH: Final = 200


def identity_path() -> Path:
    """Where the tokens live."""
    return data_dir() / "online.json"


def load_tokens() -> tuple[dict[str, str], LoadProblem | None]:
    """Every server's token; a damaged file gives none (and a problem)."""
    value, problem = load_json_object(identity_path(), version=VERSION)
    tokens = value.get("tokens") if value is not None else None
    if not isinstance(tokens, dict):
        return {}, problem
    return {
        url: token
        for url, token in tokens.items()
        if isinstance(url, str)
        and isinstance(token, str)
        and 0 < len(token) <= MAX_TOKEN_LENGTH
        and len(url) <= 500
    }, problem


def token_for(url: str) -> str | None:
    """The token this server gave us, if any."""
    return load_tokens()[0].get(url)


def save_token(url: str, token: str) -> SaveProblem | LoadProblem | None:
    """Remember ``token`` for ``url``."""
    path = identity_path()
    try:
        with file_lock(path):
            tokens, problem = load_tokens()
            tokens.pop(url, None)
            tokens[url] = token
            kept = dict(list(tokens.items())[-MAX_SERVERS:])
            saved = try_write_json(
                path, {"version": VERSION, "tokens": kept}, pretty=True
            )
    except OSError:  # the lock could not be had: the token is kept for this run
        return SaveProblem(SaveProblemKind.UNWRITABLE, path)
    return saved or problem
