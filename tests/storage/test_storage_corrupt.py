"""Every kind of bad file, fed to every loader: backup, one problem, defaults."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path

import pytest

from audiospades.storage import (
    LoadProblem,
    ProblemKind,
    Settings,
    Stats,
    load_current,
    load_finished,
    load_settings,
    load_stats,
    paths,
    safe_load,
)

Loader = Callable[[], tuple[object, LoadProblem | None]]

LOADERS: dict[str, tuple[Callable[[], Path], Loader, object]] = {
    "settings": (paths.settings_path, load_settings, Settings()),
    "stats": (paths.stats_path, load_stats, Stats()),
    "current": (paths.current_game_path, load_current, None),
    "finished": (
        lambda: paths.finished_dir() / "g1.json",
        lambda: load_finished("g1"),
        None,
    ),
}

DAMAGED: dict[str, bytes] = {
    "empty": b"",
    "whitespace": b"  \n\t ",
    "truncated": b'{"version": 1, "language": "fr", "speech_ra',
    "binary": bytes(range(256)) * 8,
    "nul bytes": b"\x00" * 100,
    "invalid utf-8": b'{"version": 1, "language": "\xff\xfe"}',
    "list": b"[1, 2, 3]",
    "string": b'"settings"',
    "number": b"1",
    "null": b"null",
    "no version": b'{"language": "fr"}',
    "version as text": b'{"version": "1"}',
    "version true": b'{"version": true}',
    "version float": b'{"version": 1.5}',
    "deep nesting": b"[" * 100_000,
    "huge integer": b'{"version": 1, "x": ' + b"9" * 10_000 + b"}",
}

WRONG_VERSION: dict[str, bytes] = {
    "newer": b'{"version": 2, "language": "fr"}',
    "older": b'{"version": 0}',
}


def _check_moved_aside(
    path: Path, content: bytes, problem: LoadProblem | None, kind: ProblemKind
) -> None:
    assert problem is not None
    assert problem.kind is kind
    assert problem.path == path
    assert problem.backup is not None
    assert problem.backup.parent == path.parent
    assert problem.backup.name.startswith(path.name + ".broken-")
    assert problem.backup.read_bytes() == content
    assert not path.exists()


@pytest.mark.parametrize("store", LOADERS)
@pytest.mark.parametrize(
    ("case", "kind"),
    [(c, ProblemKind.DAMAGED) for c in DAMAGED]
    + [(c, ProblemKind.WRONG_VERSION) for c in WRONG_VERSION],
)
def test_bad_file_is_moved_aside(
    store: str, case: str, kind: ProblemKind, caplog: pytest.LogCaptureFixture
) -> None:
    path_of, load, default = LOADERS[store]
    path = path_of()
    content = {**DAMAGED, **WRONG_VERSION}[case]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    value, problem = load()
    assert value == default
    _check_moved_aside(path, content, problem, kind)
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    # The next load is a clean first start, not a second complaint.
    assert load() == (default, None)


@pytest.mark.parametrize("store", LOADERS)
def test_directory_in_place_of_file_is_moved_aside(store: str) -> None:
    path_of, load, default = LOADERS[store]
    path = path_of()
    path.mkdir(parents=True)
    (path / "inside.txt").write_text("keep me")
    value, problem = load()
    assert value == default
    assert problem is not None
    assert problem.kind is ProblemKind.UNREADABLE
    assert problem.backup is not None
    assert (problem.backup / "inside.txt").read_text() == "keep me"
    assert not path.exists()


@pytest.mark.parametrize("store", LOADERS)
def test_unreadable_file_is_moved_aside(
    store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Tests run as root in CI, where chmod 000 does not stop a read.
    def refuse(path: Path) -> bytes:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(safe_load, "_read_limited", refuse)
    path_of, load, default = LOADERS[store]
    path = path_of()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"version": 1}')
    value, problem = load()
    assert value == default
    _check_moved_aside(path, b'{"version": 1}', problem, ProblemKind.UNREADABLE)


@pytest.mark.parametrize("store", LOADERS)
def test_missing_file_is_a_first_start(store: str) -> None:
    _, load, default = LOADERS[store]
    assert load() == (default, None)


def test_oversized_file_is_damaged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(safe_load, "MAX_FILE_BYTES", 64)
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    content = json.dumps({"version": 1, "language": "x" * 100}).encode()
    path.write_bytes(content)
    settings, problem = load_settings()
    assert settings == Settings()
    _check_moved_aside(path, content, problem, ProblemKind.DAMAGED)


def test_backups_never_overwrite_each_other(fixed_clock: str) -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    backups = []
    for n in range(4):
        path.write_bytes(b"broken %d" % n)
        _, problem = load_settings()
        assert problem is not None
        assert problem.backup is not None
        backups.append(problem.backup)
    stem = f"settings.json.broken-{fixed_clock}"
    assert [b.name for b in backups] == [stem, stem + "-1", stem + "-2", stem + "-3"]
    assert [b.read_bytes() for b in backups] == [b"broken %d" % n for n in range(4)]


def test_backup_skips_a_name_taken_by_anything(fixed_clock: str) -> None:
    path = paths.stats_path()
    path.parent.mkdir(parents=True)
    (path.parent / f"stats.json.broken-{fixed_clock}").mkdir()
    (path.parent / f"stats.json.broken-{fixed_clock}-1").write_bytes(b"earlier")
    path.write_bytes(b"{")
    _, problem = load_stats()
    assert problem is not None
    assert problem.backup == path.parent / f"stats.json.broken-{fixed_clock}-2"
    assert (
        path.parent / f"stats.json.broken-{fixed_clock}-1"
    ).read_bytes() == b"earlier"


def test_file_that_cannot_be_moved_is_still_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(safe_load, "move_aside", lambda path: None)
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"{")
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem is not None
    assert problem.kind is ProblemKind.DAMAGED
    assert problem.backup is None


def test_byte_order_mark_is_accepted() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b'\xef\xbb\xbf{"version": 1, "language": "de"}')
    settings, problem = load_settings()
    assert problem is None
    assert settings.language == "de"


def test_backup_without_hard_links_still_never_overwrites(
    fixed_clock: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # FAT and some network shares have no hard links; rename is the fallback.
    def no_links(src: object, dst: object) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr("os.link", no_links)
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    for n in range(2):
        path.write_bytes(b"broken %d" % n)
        assert load_settings()[1] is not None
    stem = path.parent / f"settings.json.broken-{fixed_clock}"
    assert stem.read_bytes() == b"broken 0"
    assert Path(f"{stem}-1").read_bytes() == b"broken 1"
