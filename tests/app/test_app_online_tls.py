"""Play online at a ``wss://`` server: the certificate is checked, and a certificate
the machine does not trust is named as the reason, never an internal error."""

from __future__ import annotations

import ssl
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from online_helpers import server_thread

from audiospades.app.connect import ConnectingScreen
from audiospades.app.harness import Harness


def _self_signed(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key


@pytest.mark.parametrize("trusted", [True, False])
def test_a_wss_server_is_reached_only_with_a_trusted_certificate(
    make_harness: Callable[..., Harness],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    trusted: bool,
) -> None:
    cert, key = _self_signed(tmp_path)
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
