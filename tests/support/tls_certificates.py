"""A self-signed TLS certificate, for the server's TLS tests (tests/net) and the
client's (tests/app).

tests/support holds helpers for more than one test folder; pytest puts it on the
import path (``pythonpath`` in pyproject.toml). Not a conftest in tests/: with
``--doctest-modules`` pytest imports every conftest.py as the module "conftest",
and one in tests/ clashes with those of the folders below it.
"""

from __future__ import annotations

import subprocess
from pathlib import Path


def make_certificate(cert: Path, key: Path, passphrase: str | None = None) -> None:
    """Write a self-signed certificate for 127.0.0.1 to ``cert`` and its key to
    ``key`` (encrypted with ``passphrase``, if given), with openssl."""
    secret = ["-passout", f"pass:{passphrase}"] if passphrase else ["-nodes"]
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            *secret,
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
