"""Every kind of bad file, fed to every loader: backup, one problem, defaults."""

from __future__ import annotations

import errno
import json
import logging
import os
import stat
import threading
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
    save_settings,
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
    # Half a UTF-16 pair: json reads it, but no UTF-8 file can hold it (rewriting
    # the settings with it raised UnicodeEncodeError at every start).
    "lone surrogate": b'{"version": 1, "last_players": ["Ann\\ud800"]}',
    "lone surrogate key": b'{"version": 1, "key_overrides": {"\\udfff": "quit"}}',
}

WRONG_VERSION: dict[str, bytes] = {
    "newer": b'{"version": 9, "language": "fr"}',
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
    assert problem.kind is ProblemKind.NOT_A_FILE
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
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"{")
    with monkeypatch.context() as patch:
        patch.setattr(safe_load, "move_aside", lambda path: None)
        settings, problem = load_settings()
        assert settings == Settings()
        assert problem is not None
        assert problem.kind is ProblemKind.DAMAGED
        assert problem.backup is None
        # Not written over while it is there: what it held may still be recovered.
        refused = save_settings(Settings(language="de"))
        assert refused is not None and refused.path == path
        assert path.read_bytes() == b"{"
    # Once a read has kept it aside, saving works again.
    assert load_settings()[1] is not None
    assert save_settings(Settings(language="de")) is None
    assert load_settings() == (Settings(language="de"), None)


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
    def no_links(src: object, dst: object, **kwargs: object) -> None:
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


# --- things that are not files: links, pipes, devices; folders we may not change ---

GOOD_CONTENT: dict[str, bytes] = {
    "settings": b'{"version": 1, "speech_rate": 150}',
    "stats": b'{"version": 1, "by_difficulty": {"7": {"wins": 1, "losses": 0, '
    b'"draws": 0}}}',
    "current": json.dumps(
        {"version": 1, "record": {"format": "audiospades-record/1"}, "meta": {}}
    ).encode(),
    "finished": json.dumps(
        {
            "version": 1,
            "game_id": "g1",
            "finished_at": "2026-03-14T15:09:26+00:00",
            "record": {"format": "audiospades-record/1"},
            "meta": {},
        }
    ).encode(),
}
"""Content each loader would accept, so following a link would visibly succeed."""


def _check_not_a_file(
    path: Path, problem: LoadProblem | None, value: object, default: object
) -> Path:
    assert value == default
    assert problem is not None
    assert problem.kind is ProblemKind.NOT_A_FILE
    assert problem.path == path
    assert problem.backup is not None
    assert problem.backup.name.startswith(path.name + ".broken-")
    assert not os.path.lexists(path)
    return problem.backup


@pytest.mark.parametrize("store", LOADERS)
def test_symlink_in_place_of_file_is_refused_and_kept(
    store: str, tmp_path: Path
) -> None:
    """Issue 13, items 10-11: open only regular files, never through a link."""
    path_of, load, default = LOADERS[store]
    path = path_of()
    path.parent.mkdir(parents=True, exist_ok=True)
    target = tmp_path / "elsewhere.json"
    target.write_bytes(GOOD_CONTENT[store])
    path.symlink_to(target)
    value, problem = load()
    backup = _check_not_a_file(path, problem, value, default)
    # The link itself was moved aside, still pointing where it did.
    assert backup.is_symlink()
    assert os.readlink(backup) == str(target)
    assert target.read_bytes() == GOOD_CONTENT[store]


@pytest.mark.parametrize("store", LOADERS)
def test_dangling_symlink_is_refused_not_followed(store: str, tmp_path: Path) -> None:
    path_of, load, default = LOADERS[store]
    path = path_of()
    path.parent.mkdir(parents=True, exist_ok=True)
    target = tmp_path / "nowhere" / "x.json"
    path.symlink_to(target)
    value, problem = load()
    backup = _check_not_a_file(path, problem, value, default)
    assert backup.is_symlink()
    assert not target.parent.exists()


def _load_with_guard(load: Loader, fifo: Path) -> tuple[object, LoadProblem | None]:
    """Load in a thread; if it hangs on the pipe, free it and fail."""
    result: list[tuple[object, LoadProblem | None]] = []
    worker = threading.Thread(target=lambda: result.append(load()), daemon=True)
    worker.start()
    worker.join(timeout=20)
    if worker.is_alive():  # a writer releases a reader stuck on the pipe
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        worker.join(timeout=20)
        pytest.fail("loading a named pipe blocked")
    return result[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("store", LOADERS)
def test_fifo_in_place_of_file_is_refused_without_blocking(store: str) -> None:
    """Issue 13, item 10: "A FIFO ... in place of a data file hangs the game"."""
    path_of, load, default = LOADERS[store]
    path = path_of()
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    value, problem = _load_with_guard(load, path)
    backup = _check_not_a_file(path, problem, value, default)
    assert stat.S_ISFIFO(backup.lstat().st_mode)


@pytest.mark.parametrize("store", LOADERS)
def test_device_in_place_of_file_is_refused_unread(
    store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path_of, load, default = LOADERS[store]
    path = path_of()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:  # /dev/zero: reading it would never end without the size cap
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 5))
    except (AttributeError, PermissionError, OSError) as error:
        pytest.skip(f"cannot make a device node here: {error}")
    reads: list[int] = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    value, problem = load()
    backup = _check_not_a_file(path, problem, value, default)
    assert stat.S_ISCHR(backup.lstat().st_mode)
    assert reads == []


def _read_only_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """Act as a read-only mount would (tests may run as root, who ignores modes)."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    for name in ("link", "rename", "replace", "unlink"):
        monkeypatch.setattr(os, name, refuse)


@pytest.mark.parametrize("store", LOADERS)
def test_damaged_file_in_read_only_folder_is_left_in_place(
    store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Never delete what could not be read, even when it cannot be moved."""
    path_of, load, default = LOADERS[store]
    path = path_of()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"{damaged")
    _read_only_folder(monkeypatch)
    for _ in range(2):  # each start says so again: nothing was changed
        value, problem = load()
        assert value == default
        assert problem is not None
        assert problem.kind is ProblemKind.DAMAGED
        assert problem.backup is None
        assert path.read_bytes() == b"{damaged"
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_slow_read_is_time_boxed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A read that makes no headway in time (a stalled network share) gives up."""
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"version": 1}' + b" " * (3 * safe_load.READ_CHUNK_BYTES))
    ticks = iter(range(0, 1000, 60))  # each read appears to take a minute
    monkeypatch.setattr(safe_load, "_monotonic", lambda: float(next(ticks)))
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem is not None
    assert problem.kind is ProblemKind.UNREADABLE
    assert problem.backup is not None
    assert problem.backup.read_bytes().startswith(b'{"version": 1}')
