"""Bad start-up input gets one clear line and exit status 2, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-m", "audiospades", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_missing_key_file_is_reported(tmp_path: Path) -> None:
    done = _run(
        "--headless",
        "--keys",
        str(tmp_path / "no-such-keys"),
        AUDIOSPADES_HOME=str(tmp_path),
    )
    assert done.returncode == 2
    assert done.stderr.startswith("audiospades: cannot read the key file:")
    assert "Traceback" not in done.stderr


def test_a_missing_key_file_is_reported_before_connecting(tmp_path: Path) -> None:
    """Online, the key file is read before the connection: the clear error
    alone, not "Connecting to ws://..." first (as the QA run saw it)."""
    done = _run(
        "--headless",
        "--connect",
        "ws://127.0.0.1:9",
        "--name",
        "Ann",
        "--keys",
        str(tmp_path / "no-such-keys"),
        AUDIOSPADES_HOME=str(tmp_path),
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("audiospades: cannot read the key file:")
    assert "Traceback" not in done.stderr


def test_a_bad_key_in_the_script_is_reported_before_anything_is_said(
    tmp_path: Path,
) -> None:
    """A misspelt key or a bad wait deep in a script: one clear error at once,
    with nothing said and no connection opened (before, "Connecting to ws://..."
    or a game's worth of keys came first, and "wait:2s" gave int()'s words)."""
    bad = (("retrun", "'retrun'"), ("wait:2s", "'wait:2s'"), ("wait:²", "'wait:²'"))
    for token, named in bad:
        keys = tmp_path / "keys.txt"
        keys.write_text(f"down down return  # the first game\nb 3 {token}\n", "utf-8")
        done = _run(
            "--headless",
            "--connect",
            "ws://127.0.0.1:9",
            "--name",
            "Ann",
            "--keys",
            str(keys),
            AUDIOSPADES_HOME=str(tmp_path),
        )
        assert done.returncode == 2, done.stderr
        assert done.stdout == ""
        assert done.stderr.startswith("audiospades: ")
        assert named in done.stderr
        assert "Traceback" not in done.stderr


def test_no_screen_is_reported(tmp_path: Path) -> None:
    done = _run(AUDIOSPADES_HOME=str(tmp_path), SDL_VIDEODRIVER="x11")
    assert done.returncode == 2
    assert "no window can be opened" in done.stderr
    assert "--headless" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_server_that_cannot_be_reached_is_said_and_exits_1(tmp_path: Path) -> None:
    """Headless online play against nothing: one clear line, then status 1."""
    import socket

    with socket.socket() as probe:  # a loopback port that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    keys = tmp_path / "keys"
    keys.write_text("return\n", encoding="utf-8")
    done = _run(
        "--headless",
        "--connect",
        f"ws://127.0.0.1:{port}",
        "--name",
        "Ann",
        "--keys",
        str(keys),
        AUDIOSPADES_HOME=str(tmp_path),
    )
    assert done.returncode == 1
    assert f"Could not connect to ws://127.0.0.1:{port}" in done.stdout
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("option", "said"),
    [
        (
            ["--language", "../../etc"],
            "audiospades: --language must be one of en, fr, es, de, pt, it (perhaps "
            "with a region, as in pt_BR), not '../../etc'",
        ),
        (
            ["--language", "xx"],
            "audiospades: --language must be one of en, fr, es, de, pt, it (perhaps "
            "with a region, as in pt_BR), not 'xx'",
        ),
        (
            ["--speech", "loud"],
            "audiospades: --speech must be one of auto, screen_reader, builtin, "
            "silent, not 'loud'",
        ),
    ],
)
def test_an_unknown_language_or_speech_output_is_refused_before_it_is_saved(
    tmp_path: Path, option: list[str], said: str
) -> None:
    """Before: the game started in English, then wrote the unknown value into the
    settings file at the first change there (here the answer to the first start's
    offer), and the next start called that file damaged and set it aside."""
    keys = tmp_path / "keys"
    keys.write_text("n\n", encoding="utf-8")
    done = _run(
        "--headless", "--keys", str(keys), *option, AUDIOSPADES_HOME=str(tmp_path)
    )
    assert done.returncode == 2
    assert done.stderr == said + "\n"
    assert done.stdout == ""
    assert not (tmp_path / "settings.json").exists()


def test_a_known_language_with_a_region_is_taken(tmp_path: Path) -> None:
    keys = tmp_path / "keys"
    keys.write_text("n\n", encoding="utf-8")
    done = _run(
        "--headless",
        "--keys",
        str(keys),
        "--language",
        "pt_BR",
        AUDIOSPADES_HOME=str(tmp_path),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout


def test_a_home_folder_that_cannot_be_found_is_refused(tmp_path: Path) -> None:
    """Before: AUDIOSPADES_HOME=~nobody/x ended the game with a traceback from
    pathlib ("Could not determine home directory") as it loaded the settings."""
    keys = tmp_path / "keys"
    keys.write_text("n\n", encoding="utf-8")
    done = _run(
        "--headless",
        "--keys",
        str(keys),
        AUDIOSPADES_HOME="~no-such-user-here/games",
    )
    assert done.returncode == 2
    assert done.stderr == (
        "audiospades: AUDIOSPADES_HOME is '~no-such-user-here/games', but no home "
        "folder is known for ~no-such-user-here; give the whole path\n"
    )
    assert not (ROOT / "~no-such-user-here").exists()


def test_half_a_utf16_pair_in_the_settings_is_said_and_the_game_starts(
    tmp_path: Path,
) -> None:
    """Before: json read "\\ud800" as a character no UTF-8 file can hold, and
    rewriting the settings raised UnicodeEncodeError: a traceback at this start
    and at every one after, the file still there."""
    content = b'{"version": 1, "last_players": ["Ann\\ud800"], "key_overrides": 5}'
    (tmp_path / "settings.json").write_bytes(content)
    keys = tmp_path / "keys"
    keys.write_text("n\n", encoding="utf-8")
    done = _run("--headless", "--keys", str(keys), AUDIOSPADES_HOME=str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    (backup,) = tmp_path.glob("settings.json.broken-*")
    assert backup.read_bytes() == content
    notice = (
        f"Your settings file was damaged; it was kept as {backup.name} and defaults "
        "are used."
    )
    # Said before the welcome's question, in one breath with it: the question is
    # the last thing heard (QA: the notice came after it).
    said = done.stdout.splitlines()
    told = [line for line in said if notice in line]
    assert len(told) == 1 and told[0].startswith(notice), said
    assert told[0].removeprefix(notice).startswith(" Welcome to Audio Spades."), said


@pytest.mark.parametrize(
    "address", ["ws://[::1", "ws://host:99999", "ws://x:-1", "ws://:8475", "wss://"]
)
def test_an_address_that_cannot_be_connected_to_is_refused_first(
    tmp_path: Path, address: str
) -> None:
    """Before: a port out of range or a broken IPv6 address passed the check, and
    the connection's thread ended in a traceback ("ValueError: Port out of range
    0-65535"), the player hearing "internal error"."""
    keys = tmp_path / "keys"
    keys.write_text("return\n", encoding="utf-8")
    done = _run(
        "--headless",
        *("--connect", address, "--name", "Ann", "--keys", str(keys)),
        AUDIOSPADES_HOME=str(tmp_path),
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "audiospades: --connect needs a ws:// or wss:// address and --name a name "
        "of 1 to 24 printable characters\n"
    )


def test_a_bad_connect_is_refused_before_the_window_opens(tmp_path: Path) -> None:
    """Before: the window opened on the main menu, and why nothing connected was
    only a line in the log, which a player who cannot see it never heard."""
    done = _run(
        *("--connect", "ws://host:99999", "--name", "Ann"),
        AUDIOSPADES_HOME=str(tmp_path),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    assert done.returncode == 2
    assert done.stderr == (
        "audiospades: --connect needs a ws:// or wss:// address and --name a name "
        "of 1 to 24 printable characters\n"
    )


@pytest.mark.parametrize("patience", ["0", "-1", "inf", "nan", "1e9"])
def test_a_patience_out_of_bounds_is_refused_in_one_line(
    tmp_path: Path, patience: str
) -> None:
    """``--patience inf`` (or nan) was taken, and a quiet server then held the
    script forever."""
    done = _run(
        "--headless",
        "--connect",
        "ws://127.0.0.1:9",
        "--name",
        "Ann",
        "--patience",
        patience,
        AUDIOSPADES_HOME=str(tmp_path),
    )
    assert done.returncode == 2
    assert done.stderr == (
        "audiospades: --patience must be more than 0 and at most 3600 seconds\n"
    )
