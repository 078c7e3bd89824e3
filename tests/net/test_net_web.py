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
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from audiospades.net import protocol as p
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
                # The page's icon: before, a 404 for /favicon.ico on every load.
                ("/favicon.svg", "image/svg+xml"),
                ("/favicon.ico", "image/svg+xml"),
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
            assert b'<link rel="icon" href="/favicon.svg"' in body
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


def test_the_page_is_told_the_servers_rate_limit(tmp_path: Path) -> None:
    """The page counts its messages as the server does (it holds back, and says
    why, what the server would drop unheard): its words carry the limit."""

    async def scenario() -> None:
        async with running_server(tmp_path / "server.db", rate=3.0, burst=7) as server:
            loop = asyncio.get_running_loop()
            status, _headers, body = await loop.run_in_executor(
                None, _get, server.port, "/chrome/de.json"
            )
            assert status == 200
            data = json.loads(body)
            assert (data["rate"], data["burst"]) == (3.0, 7)
            assert data["words"]["too_fast"]

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
    # A control's name and subject ("Join: Table 3") keep both parts, punctuated
    # as the language wants: French sets a no-break space before the colon.
    pattern = data["words"]["labelled"]
    assert "{action}" in pattern and "{item}" in pattern
    assert ("\xa0: " in pattern) == (lang == "fr")


@pytest.mark.parametrize(
    ("lang", "y", "comma"),
    [("en", "Y", "Comma"), ("fr", "Y grec", "Virgule"), ("es", "Y griega", "Coma")],
)
def test_the_page_names_the_keys_it_words_as_the_game_does(
    lang: str, y: str, comma: str
) -> None:
    """A key that does nothing off the card table is said so by the page, named
    as the game names it in the player's language: Y as the language's speech
    reads it, punctuation in words (QA: Y, S and K there met silence)."""
    data = json.loads(web.chrome_json(lang))
    names = data["key_names"]
    assert (names["y"], names[","], names["f1"]) == (y, comma, "F1")
    assert "s" not in names  # named by its letter, as the game does
    assert "{key}" in data["words"]["key_nothing"]


# --- the page has no words of its own but its chrome, and those are translated ---
def _app_js_strings() -> set[str]:
    """The string literals of the page's script (comments left out)."""
    source = (web.STATIC / "app.js").read_text(encoding="utf-8")
    source = re.sub(r"^\s*//.*$", "", source, flags=re.MULTILINE)
    found = re.findall(
        r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`', source
    )
    return {a or b or c for a, b, c in found}


KEYBOARD_EVENT_KEYS = {
    *("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", "Home", "End"),
    *("Tab", "Backspace", "Delete", "PageUp", "PageDown", "Escape"),
}
"""The browser's names of keys (``KeyboardEvent.key``), which the script reads."""

NOT_WORDS = {
    "use strict",
    "page up",  # the key names the server's key map uses, sent with a key press
    "page down",
    "place turn",  # two CSS classes
    "#seats select",  # a selector
    "page words",  # a tag on a console warning for developers, never shown
}


def test_the_pages_script_has_no_sentences_of_its_own() -> None:
    """Everything the page shows or says is the server's words or its chrome's."""
    strings = _app_js_strings()
    assert "Your turn" not in " ".join(strings)
    several_words = {s for s in strings if re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", s)}
    assert several_words <= NOT_WORDS, several_words - NOT_WORDS
    capitalised = {s for s in strings if re.fullmatch(r"[A-Z][a-z]+[A-Za-z]*", s)}
    assert capitalised <= KEYBOARD_EVENT_KEYS, capitalised - KEYBOARD_EVENT_KEYS
    from audiospades.presenter.web import CHROME

    # Every chrome word the script looks up is one the server sends.
    source = (web.STATIC / "app.js").read_text(encoding="utf-8")
    calls = re.findall(r"\bword\(([^()]*)\)", source)
    used = {name for call in calls for name in re.findall(r'"([a-z_0-9]+)"', call)}
    assert used and used <= set(CHROME), used - set(CHROME)


def test_the_page_says_hello_in_the_servers_protocol_version() -> None:
    """The page is served with the server it talks to: the same version (a page
    saying another one would be answered ``version_mismatch`` and never join)."""
    source = (web.STATIC / "app.js").read_text(encoding="utf-8")
    said = re.findall(r'type: "hello", version: (\d+)', source)
    assert said == [str(p.PROTOCOL_VERSION)]


class _Texts(HTMLParser):
    """The text of index.html, each piece with the elements it sits in."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str | None]]] = []
        self.texts: list[tuple[str, list[tuple[str, dict[str, str | None]]]]] = []
        self.words: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("data-word"):
            self.words.add(str(found["data-word"]))
        if tag not in {"meta", "link", "input", "br"}:
            self.stack.append((tag, found))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.texts.append((data.strip(), list(self.stack)))


def test_every_word_of_the_page_is_one_of_its_translated_chrome_words() -> None:
    """index.html's text is only placeholders the chrome's words replace.

    Each piece of text sits in an element with ``data-word`` (replaced by the
    word in the player's language as the page loads), or is a language's own
    name in its list, the game's name, or punctuation between two such pieces.
    """
    from audiospades.presenter.web import CHROME

    parser = _Texts()
    parser.feed((web.STATIC / "index.html").read_text(encoding="utf-8"))
    assert parser.words <= set(CHROME), parser.words - set(CHROME)
    for text, inside in parser.texts:
        tags = [tag for tag, _attrs in inside]
        if any(attrs.get("data-word") for _tag, attrs in inside):
            continue
        if tags[-1] == "option" and inside[-1][1].get("lang"):
            continue  # "Français": each language named in its own words
        if tags[-1] == "title" and text == "audiospades":
            continue  # replaced by the chrome's title as the page loads
        assert re.fullmatch(r"[:\s]*", text), (text, tags)
