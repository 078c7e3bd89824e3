"""Play online at a ``wss://`` server: the certificate is checked, and a certificate
the machine does not trust is named as the reason, never an internal error."""

from __future__ import annotations

import ssl
from collections.abc import Callable
from pathlib import Path

import pytest
from online_helpers import server_thread
from tls_certificates import make_certificate

from audiospades.app.connect import ConnectingScreen
from audiospades.app.harness import Harness


@pytest.mark.parametrize("trusted", [True, False])
def test_a_wss_server_is_reached_only_with_a_trusted_certificate(
    make_harness: Callable[..., Harness],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    trusted: bool,
) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    make_certificate(cert, key)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    if trusted:
        monkeypatch.setenv("SSL_CERT_FILE", str(cert))
    else:
        monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    with server_thread(tmp_path / "s.db", ssl=context) as server:
        address = f"wss://127.0.0.1:{server.port}"
        h = make_harness(first=ConnectingScreen(address, "Ann"), patience_seconds=20.0)
        h.settle()
        said = h.transcript
    if trusted:
        assert f"Connected to {address}." in said
    else:
        assert (
            f"Could not connect to {address}: the server's certificate is not trusted."
            in said
        )
