"""The browser page, served by the table server on its own port.

``audiospades serve`` answers a plain HTTP ``GET`` (one without a websocket
upgrade) with the page's files, through the websockets library's
``process_request`` hook; a websocket handshake goes on to the game. Only a fixed
list of files is served, each read from the package's ``web/static`` folder (or
the repository's ``sounds`` folder for the cues): nothing in a request's path is
ever joined to a file name. Every answer carries a strict Content-Security-Policy
(scripts, styles and media from the page's own origin only; nothing inline) and
``nosniff``.

``/chrome/<lang>.json`` is the page's own words in a language, from the game's
catalogues (:func:`audiospades.presenter.web.chrome_words`), the names it gives the
keys it words (:func:`audiospades.presenter.web.key_names`), and the server's rate
limit, which the page keeps to.
"""

from __future__ import annotations

import email.utils
import http
import json
import logging
from functools import cache
from pathlib import Path
from typing import Final

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from audiospades import i18n
from audiospades.languages import SUPPORTED_LANGUAGES
from audiospades.net.protocol import RATE_BURST, RATE_PER_SECOND
from audiospades.sound import Cue

log = logging.getLogger(__name__)

STATIC: Final = Path(__file__).resolve().parent.parent / "web" / "static"
SOUNDS: Final = Path(__file__).resolve().parent.parent.parent / "sounds"

CONTENT_SECURITY_POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "media-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
"""Nothing inline, nothing from elsewhere; the websocket is the page's own origin."""

_FILES: Final[dict[str, tuple[str, str]]] = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    # The page links the icon; browsers that ask for /favicon.ico anyway get it
    # too, not a 404 on every load.
    "/favicon.svg": ("favicon.svg", "image/svg+xml"),
    "/favicon.ico": ("favicon.svg", "image/svg+xml"),
}
"""The page's files: request path -> (file in ``web/static``, content type)."""


def _is_websocket(request: Request) -> bool:
    upgrade = request.headers.get("Upgrade", "")
    return upgrade.lower() == "websocket"


def _response(status: int, body: bytes, content_type: str) -> Response:
    status_value = http.HTTPStatus(status)
    headers = Headers(
        [
            ("Date", email.utils.formatdate(usegmt=True)),
            ("Connection", "close"),
            ("Content-Length", str(len(body))),
            ("Content-Type", content_type),
            ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cache-Control", "no-cache"),
        ]
    )
    return Response(status_value.value, status_value.phrase, headers, body)


def _not_found() -> Response:
    return _response(404, b"Not found\n", "text/plain; charset=utf-8")


@cache
def chrome_json(
    lang: str, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST
) -> bytes:
    """The page's own words in ``lang`` as JSON (English for an unknown language).

    With them, the server's rate limit (``rate`` messages a second, in bursts of
    ``burst``): the page keeps the same count and sends nothing the server would
    refuse (it tells the player to wait instead, each time).
    """
    from audiospades.presenter.web import chrome_words, key_names

    with i18n.speaking(lang) as spoken:
        words = chrome_words()
        keys = key_names()
    return json.dumps(
        {
            "language": spoken,
            "languages": list(SUPPORTED_LANGUAGES),
            "words": words,
            "key_names": keys,
            "rate": rate,
            "burst": burst,
        },
        ensure_ascii=False,
    ).encode("utf-8")


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError as error:
        log.warning("the page's file %s cannot be read (%s)", path.name, error)
        return None


def page_response(
    path: str, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST
) -> Response:
    """The answer to a plain ``GET`` of ``path`` (404 for anything not listed).

    ``rate`` and ``burst``: the server's rate limit, told to the page.
    """
    path = path.split("?", 1)[0]
    found = _FILES.get(path)
    if found is not None:
        body = _read(STATIC / found[0])
        return _not_found() if body is None else _response(200, body, found[1])
    if path.startswith("/chrome/") and path.endswith(".json"):
        lang = path[len("/chrome/") : -len(".json")]
        if lang in SUPPORTED_LANGUAGES:
            return _response(200, chrome_json(lang, rate, burst), "application/json")
        return _not_found()
    if path.startswith("/sounds/") and path.endswith(".wav"):
        stem = path[len("/sounds/") : -len(".wav")]
        if stem in {cue.value for cue in Cue}:
            body = _read(SOUNDS / f"{Cue(stem).value}.wav")
            if body is not None:
                return _response(200, body, "audio/wav")
    return _not_found()


def process_request(
    connection: ServerConnection,
    request: Request,
    rate: float = RATE_PER_SECOND,
    burst: int = RATE_BURST,
) -> Response | None:
    """The websockets hook: the page for a plain GET, the game for a websocket.

    ``rate`` and ``burst``: the server's rate limit (bound by the server).
    """
    if _is_websocket(request):
        return None
    return page_response(request.path, rate, burst)
