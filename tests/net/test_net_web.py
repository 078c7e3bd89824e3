"""The page's files, from the game server's own port (no browser needed).

A plain GET gets one of a fixed list of files with its content type, a strict
Content-Security-Policy and nosniff; anything else is 404, however its path is
spelled (no request path ever reaches the file system); the websocket game still
answers on the same port.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import sys
from pathlib import Path

import pytest

from audiospades.net import web

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from net_client import NetPlayer, run, running_server, url_of


def _get(
    port: int, path: str, method: str = "GET"
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def test_the_page_its_files_and_nothing_else(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "server.db") as server:
            port = server.port
            loop = asyncio.get_running_loop()

            async def get(path: str) -> tuple[int, dict[str, str], bytes]:
                return await loop.run_in_executor(None, _get, port, path)

            for path, kind in (
                ("/", "text/html; charset=utf-8"),
                ("/app.js", "text/javascript; charset=utf-8"),
                ("/style.css", "text/css; charset=utf-8"),
                ("/chrome/fr.json", "application/json"),
                ("/sounds/your_turn.wav", "audio/wav"),
            ):
                status, headers, body = await get(path)
                assert status == 200, path
                assert headers["Content-Type"] == kind, path
                assert headers["Content-Security-Policy"] == web.CONTENT_SECURITY_POLICY
                assert headers["X-Content-Type-Options"] == "nosniff"
                assert int(headers["Content-Length"]) == len(body) > 0
            status, _headers, body = await get("/")
            assert b'<script src="/app.js" defer></script>' in body
            assert b"<script>" not in body and b" style=" not in body  # nothing inline
            for path in (
                "/../pyproject.toml",
                "/%2e%2e/pyproject.toml",
                "/static/app.js",
                "/app.js/",
                "/index.htm",
                "/chrome/../../README.md",
                "/chrome/xx.json",
                "/chrome/en_US.json",
                "/sounds/../sounds/chat.wav",
                "/sounds/LICENSE.md",
                "/sounds/nothing.wav",
                "/server.db",
            ):
                status, headers, _body = await get(path)
                assert status == 404, path
                assert headers["Content-Security-Policy"] == web.CONTENT_SECURITY_POLICY
            # The game goes on answering websockets on the same port.
            player = NetPlayer(url_of(server), "Ann")
            welcome = await player.connect()
            assert welcome.name == "Ann"
            await player.close()

    run(scenario(), timeout=60)


@pytest.mark.parametrize("lang", ["en", "fr", "es", "de", "pt", "it"])
def test_the_pages_own_words_come_from_the_catalogues(lang: str) -> None:
    from audiospades import i18n
    from audiospades.presenter.web import CHROME

    data = json.loads(web.chrome_json(lang))
    assert data["language"] == lang
    assert set(data["words"]) == set(CHROME)
    with i18n.speaking(lang):
        assert data["words"]["connect"] == i18n._("Connect")
    if lang != "en":
        english = json.loads(web.chrome_json("en"))["words"]
        same = [k for k, v in data["words"].items() if v == english[k]]
        # A few words are the same in both (fr "Tables", "Messages"), not more.
        assert len(same) < len(CHROME) // 5, same
