from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from audiospades.storage import SaveProblemKind, Settings, atomic, save_settings
from audiospades.storage.atomic import (
    LockTimeoutError,
    atomic_write_bytes,
    atomic_write_text,
    file_lock,
)


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_write_creates_folders_and_file(home: Path) -> None:
    target = home / "a" / "b" / "file.txt"
    atomic_write_text(target, "héllo\n")
    assert target.read_bytes() == "héllo\n".encode()
    assert _leftovers(target.parent) == []


def test_write_replaces_existing_file(home: Path) -> None:
    target = home / "file.bin"
    atomic_write_bytes(target, b"old")
    atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"new"
    assert _leftovers(home) == []


def test_failed_replace_keeps_old_file(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = home / "file.txt"
    atomic_write_text(target, "old")

    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert _leftovers(home) == []


def test_failure_midway_through_write_keeps_old_file(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = home / "file.txt"
    atomic_write_text(target, "old")

    def fail(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(OSError):
        atomic_write_text(target, "new" * 10_000)
    assert target.read_text() == "old"
    assert _leftovers(home) == []


def test_interrupt_midway_leaves_no_temp_file(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = home / "file.txt"
    atomic_write_text(target, "old")

    def interrupt(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert _leftovers(home) == []


def test_save_reports_failure_instead_of_raising(
    home: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    save_settings(Settings(speech_rate=150))
    monkeypatch.setattr(
        os, "replace", lambda *a: (_ for _ in ()).throw(PermissionError())
    )
    problem = save_settings(Settings(speech_rate=50))
    assert problem is not None
    assert problem.kind is SaveProblemKind.UNWRITABLE
    assert problem.path == home / "settings.json"
    assert '"speech_rate": 150' in (home / "settings.json").read_text()
    assert any(r.levelname == "WARNING" for r in caplog.records)


def test_lock_excludes_a_second_holder(home: Path) -> None:
    target = home / "stats.json"
    with (
        file_lock(target),
        pytest.raises(LockTimeoutError),
        file_lock(target, timeout=0.05),
    ):
        pass  # pragma: no cover
    assert (home / "stats.json.lock").exists()


def test_lock_is_released_after_the_block(home: Path) -> None:
    target = home / "stats.json"
    with file_lock(target):
        pass
    with file_lock(target, timeout=0.05):
        pass


def test_lock_waits_for_the_holder(home: Path) -> None:
    target = home / "stats.json"
    order: list[str] = []
    held = threading.Event()

    def holder() -> None:
        with file_lock(target):
            held.set()
            threading.Event().wait(0.2)
            order.append("holder done")

    thread = threading.Thread(target=holder)
    thread.start()
    held.wait()
    with file_lock(target, timeout=5):
        order.append("waiter in")
    thread.join()
    assert order == ["holder done", "waiter in"]


def test_lock_path_is_beside_target(home: Path) -> None:
    assert atomic.lock_path_for(home / "x.json") == home / "x.json.lock"


@pytest.mark.parametrize("dangling", [False, True], ids=["to a file", "dangling"])
def test_write_replaces_a_symlink_never_writes_through_it(
    home: Path, tmp_path: Path, dangling: bool
) -> None:
    """Issue 13, item 11: "Never write through a symlink in the data folders"."""
    real = tmp_path / "elsewhere" / "current_game.json"
    real.parent.mkdir()
    if not dangling:
        real.write_text("precious")
    home.mkdir()
    (home / "current_game.json").symlink_to(real)
    atomic_write_text(home / "current_game.json", "new")
    assert not (home / "current_game.json").is_symlink()
    assert (home / "current_game.json").read_text() == "new"
    if dangling:
        assert not real.exists()
    else:
        assert real.read_text() == "precious"


def test_lock_file_that_is_a_symlink_is_not_followed(
    home: Path, tmp_path: Path
) -> None:
    target = tmp_path / "elsewhere" / "made-by-the-lock"
    target.parent.mkdir()
    home.mkdir()
    (home / "stats.json.lock").symlink_to(target)
    with file_lock(home / "stats.json", timeout=0.05):
        pass
    assert not target.exists()
    lock = home / "stats.json.lock"
    assert lock.is_file() and not lock.is_symlink()
    # The link was kept beside it, not deleted.
    kept = [p for p in home.iterdir() if p.is_symlink()]
    assert [os.readlink(p) for p in kept] == [str(target)]


def test_write_survives_its_temp_file_vanishing(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another copy of the game cleaning temp files at start-up may take ours."""
    target = home / "stats.json"
    atomic_write_text(target, "old")
    real_replace = os.replace
    vanished: list[str] = []

    def replace(src: str, dst: str) -> None:
        if not vanished:
            vanished.append(str(src))
            os.unlink(src)
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    atomic_write_text(target, "new")
    assert target.read_text() == "new"
    assert len(vanished) == 1
    assert _leftovers(home) == []


def test_a_removing_lock_leaves_no_lock_file(home: Path) -> None:
    target = home / "server.db"
    with file_lock(target, remove=True):
        assert (home / "server.db.lock").is_file()
    assert not (home / "server.db.lock").exists()
    with file_lock(target, timeout=0.05):  # a plain lock keeps its file
        pass
    assert (home / "server.db.lock").exists()


@pytest.mark.skipif(os.name == "nt", reason="Windows cannot remove an open file")
def test_a_waiter_on_a_removed_lock_file_takes_the_new_one(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A waiter that opened the lock file before its holder removed it must not
    hold a lock on the removed file, which a third would not see."""
    target = home / "server.db"
    waiting, taken, done = threading.Event(), threading.Event(), threading.Event()
    try_lock = atomic._try_lock

    def noted_try_lock(fd: int) -> bool:
        locked = try_lock(fd)
        if not locked and threading.current_thread().name == "waiter":
            waiting.set()
        return locked

    monkeypatch.setattr(atomic, "_try_lock", noted_try_lock)

    def waiter() -> None:
        with file_lock(target, timeout=60):
            taken.set()
            done.wait(60)

    with file_lock(target, remove=True):
        thread = threading.Thread(target=waiter, name="waiter")
        thread.start()
        assert waiting.wait(60)  # it holds the old file open, and waits
    assert taken.wait(60)
    try:
        with pytest.raises(LockTimeoutError), file_lock(target, timeout=0):
            pass  # pragma: no cover
    finally:
        done.set()
        thread.join(60)


@pytest.mark.skipif(os.name == "nt", reason="Windows cannot remove an open file")
def test_a_lock_whose_file_is_always_removed_first_is_never_held(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A waiter that keeps losing to a faster copy (each time it gets the lock, the
    file was removed as its holder let go) waits for its time and is then told the
    lock is busy; it never goes on holding a lock on a removed file, as two
    processes recording statistics at once once did, and one game was lost."""
    target = home / "stats.json"
    lock_file = home / "stats.json.lock"
    real_open = atomic._open_lock_file
    opened: list[int] = []

    def removed_as_taken(path: Path) -> int:
        fd = real_open(path)
        os.unlink(path)  # the other copy lets go of it, and removes it
        opened.append(fd)
        return fd

    monkeypatch.setattr(atomic, "_open_lock_file", removed_as_taken)
    with pytest.raises(LockTimeoutError), file_lock(target, timeout=0.3, remove=True):
        pass  # pragma: no cover
    assert len(opened) > 10
    assert not lock_file.exists()


@pytest.mark.skipif(os.name == "nt", reason="Windows cannot remove an open file")
def test_a_lock_file_removed_once_is_taken_again(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = home / "stats.json"
    real_open = atomic._open_lock_file
    opened: list[int] = []

    def removed_once(path: Path) -> int:
        fd = real_open(path)
        if not opened:
            os.unlink(path)
        opened.append(fd)
        return fd

    monkeypatch.setattr(atomic, "_open_lock_file", removed_once)
    with file_lock(target, timeout=5, remove=True):
        assert len(opened) == 2
        assert (home / "stats.json.lock").is_file()
    assert not (home / "stats.json.lock").exists()
