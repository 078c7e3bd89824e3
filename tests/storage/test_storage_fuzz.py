"""Whatever is on disk, the loaders return usable values and never raise."""

from __future__ import annotations

import contextlib
import json
import math
import os
import stat
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audiospades.i18n import SUPPORTED_LANGUAGES
from audiospades.storage import (
    LoadProblem,
    ProblemKind,
    Settings,
    Stats,
    clean_temp_files,
    list_finished,
    load_current,
    load_finished,
    load_settings,
    load_stats,
    paths,
    win_percentage,
)
from audiospades.storage.stats import MAX_COUNT

# Each example gets its own folder, so the function-scoped `home` fixture (which only
# sets the variable this context manager overrides) is harmless here.
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)

LOADERS: list[tuple[Callable[[], Path], Callable[[], tuple[object, object]]]] = [
    (paths.settings_path, load_settings),
    (paths.stats_path, load_stats),
    (paths.current_game_path, load_current),
    (lambda: paths.finished_dir() / "g1.json", lambda: load_finished("g1")),
    (lambda: paths.finished_dir() / "g1.json", lambda: (list_finished(), None)),
]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text(max_size=15), inner, max_size=5)
    ),
    max_leaves=20,
)
settings_keys = st.sampled_from([*Settings.__dataclass_fields__, "version", "unknown"])


@contextlib.contextmanager
def _fresh_home() -> Iterator[Path]:
    before = os.environ.get("AUDIOSPADES_HOME")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["AUDIOSPADES_HOME"] = folder
        try:
            yield Path(folder)
        finally:
            if before is not None:
                os.environ["AUDIOSPADES_HOME"] = before


def _feed(index: int, content: bytes) -> tuple[object, object]:
    path_of, load = LOADERS[index]
    path = path_of()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return load()


@FUZZ
@given(index=st.integers(0, len(LOADERS) - 1), content=st.binary(max_size=2000))
def test_arbitrary_bytes_never_raise(index: int, content: bytes) -> None:
    with _fresh_home():
        _, problem = _feed(index, content)
        assert problem is None or isinstance(problem, LoadProblem)


@FUZZ
@given(
    index=st.integers(0, len(LOADERS) - 1),
    text=st.text(alphabet='{}[]",:0123456789.eE+-truefalsnul version\\ ', max_size=200),
)
def test_json_like_text_never_raises(index: int, text: str) -> None:
    with _fresh_home():
        _feed(index, text.encode())


def _assert_well_typed(s: Settings) -> None:
    assert s.language is None or s.language.split("_")[0] in SUPPORTED_LANGUAGES
    for name in ("speech_rate", "speech_volume", "cue_volume"):
        value = getattr(s, name)
        assert type(value) is int
    assert type(s.text_scale) is float and math.isfinite(s.text_scale)
    assert s.verbosity in ("full", "brief")
    assert s.pace in ("slow", "normal", "fast")
    assert s.theme in ("dark", "light")
    for name in ("wait_after_trick", "fullscreen", "hints_enabled", "chat_speech"):
        assert type(getattr(s, name)) is bool
    assert all(
        isinstance(k, str) and isinstance(v, str) for k, v in s.key_overrides.items()
    )
    assert isinstance(s.last_rules, dict)
    for value in s.last_rules.values():
        # Every number read from the file is bounded (issue 13, item 6).
        assert value is None or isinstance(value, bool | str) or abs(value) <= 10_000
    assert all(isinstance(p, str) for p in s.last_players)
    assert s.server_address.startswith(("ws://", "wss://"))
    assert isinstance(s.player_name, str) and len(s.player_name) <= 24


@FUZZ
@given(st.dictionaries(settings_keys, json_values, max_size=10))
def test_any_settings_object_gives_well_typed_settings(data: dict[str, object]) -> None:
    with _fresh_home():
        data["version"] = 1
        path = paths.settings_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(data)
        path.write_text(text)
        loaded, problem = load_settings()
        assert problem is None or problem.kind is ProblemKind.PARTLY_USED
        _assert_well_typed(loaded)
        # Whatever was not used is named, and the original kept beside the file.
        if problem is not None:
            assert problem.ignored
            assert problem.backup is not None
            assert problem.backup.read_text() == text
        assert load_settings()[1] is None


record_dicts = st.fixed_dictionaries(
    {},
    optional={
        "wins": json_values | st.integers(0, 5),
        "losses": json_values | st.integers(0, 5),
        "draws": json_values | st.integers(0, 5),
    },
)


@FUZZ
@given(
    by_difficulty=st.dictionaries(
        st.text(max_size=3) | st.integers(-3, 20).map(str), record_dicts | json_values
    ),
    by_character=st.dictionaries(
        st.text(max_size=5),
        st.fixed_dictionaries(
            {"as_partner": record_dicts, "as_opponent": record_dicts},
            optional={"earlier_as_opponent": record_dicts},
        )
        | json_values,
    ),
    ids=json_values,
    version=st.sampled_from([1, 2]),
)
def test_any_stats_object_gives_consistent_stats(
    by_difficulty: object, by_character: object, ids: object, version: int
) -> None:
    with _fresh_home():
        path = paths.stats_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        data = {
            "version": version,
            "by_difficulty": by_difficulty,
            "by_character": by_character,
            "counted_game_ids": ids,
        }
        text = json.dumps(data)
        path.write_text(text)
        stats, problem = load_stats()
        assert problem is None or problem.kind is ProblemKind.PARTLY_USED
        assert isinstance(stats, Stats)
        assert all(2 <= d <= 14 for d in stats.by_difficulty)
        assert 0.0 <= stats.rating <= 100.0
        percent = win_percentage(stats.totals)
        assert percent is None or 0.0 <= percent <= 100.0
        records = [*stats.by_difficulty.values()]
        for character in stats.by_character.values():
            records += [
                character.as_partner,
                character.as_opponent,
                character.earlier_as_opponent,
            ]
        for record in records:
            counts = (record.wins, record.losses, record.draws)
            assert all(type(n) is int and 0 <= n <= MAX_COUNT for n in counts)
        assert all(isinstance(i, str) for i in stats.counted_ids)
        if problem is not None:
            assert problem.ignored
            assert problem.backup is not None
            assert problem.backup.read_text() == text
        assert load_stats()[1] is None


# --- every kind of thing in place of every file (issue 13, items 10 and 11) ---

KINDS = ("file", "link to a file", "dangling link", "folder", "pipe", "device")


def _make(path: Path, kind: str, content: bytes, outside: Path) -> bool:
    """Put a `kind` at `path`; False if this system cannot make one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "file":
        path.write_bytes(content)
    elif kind == "link to a file":
        outside.write_bytes(content)
        path.symlink_to(outside)
    elif kind == "dangling link":
        path.symlink_to(outside)
    elif kind == "folder":
        path.mkdir()
        (path / "inside").write_bytes(content)
    elif kind == "pipe":
        if not hasattr(os, "mkfifo"):
            return False
        os.mkfifo(path)
    else:
        try:
            os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 5))  # /dev/zero
        except (AttributeError, OSError):
            return False
    return True


def _snapshot(folder: Path) -> dict[str, tuple[int, bytes]]:
    """Each entry's type, and a regular file's bytes (links are not followed)."""
    out = {}
    for entry in folder.iterdir():
        mode = entry.lstat().st_mode
        data = entry.read_bytes() if stat.S_ISREG(mode) else b""
        out[entry.name] = (stat.S_IFMT(mode), data)
    return out


@FUZZ
@given(
    index=st.integers(0, len(LOADERS) - 1),
    kind=st.sampled_from(KINDS),
    content=st.binary(max_size=300) | json_values.map(lambda v: json.dumps(v).encode()),
)
def test_anything_in_place_of_a_file_is_kept_and_never_followed(
    index: int, kind: str, content: bytes
) -> None:
    with _fresh_home() as home:
        outside = Path(str(home) + ".outside")
        path_of, load = LOADERS[index]
        path = path_of()
        if not _make(path, kind, content, outside):
            return
        before = _snapshot(path.parent)
        outside_before = outside.read_bytes() if outside.exists() else None
        _, problem = load()
        after = _snapshot(path.parent)
        # Nothing was lost: every entry is still there, at most under a new name
        # (a file partly understood is also rewritten with what was understood).
        kept = Counter(after.values())
        assert all(kept[v] >= n for v, n in Counter(before.values()).items())
        if kind != "file":
            assert len(after) == len(before)
            assert path.name not in after
            if index < len(LOADERS) - 1:  # list_finished reports only in the log
                assert isinstance(problem, LoadProblem)
                assert problem.kind is ProblemKind.NOT_A_FILE
        # Nothing outside the folder was read into use or written.
        assert (outside.read_bytes() if outside.exists() else None) == outside_before
        with contextlib.suppress(FileNotFoundError):
            outside.unlink()
        assert clean_temp_files() == 0
