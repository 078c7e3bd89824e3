"""Whatever is on disk, the loaders return usable values and never raise."""

from __future__ import annotations

import contextlib
import json
import math
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audiospades.storage import (
    LoadProblem,
    Settings,
    Stats,
    list_finished,
    load_current,
    load_finished,
    load_settings,
    load_stats,
    paths,
)

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
    assert s.language is None or isinstance(s.language, str)
    for name in ("speech_rate", "speech_volume", "cue_volume"):
        value = getattr(s, name)
        assert type(value) is int
    assert type(s.text_scale) is float and math.isfinite(s.text_scale)
    assert s.verbosity in ("full", "brief")
    assert s.pace in ("slow", "normal", "fast")
    assert s.theme in ("dark", "light")
    for name in ("wait_after_trick", "fullscreen", "hints_enabled"):
        assert type(getattr(s, name)) is bool
    assert all(
        isinstance(k, str) and isinstance(v, str) for k, v in s.key_overrides.items()
    )
    assert isinstance(s.last_rules, dict)
    assert all(isinstance(p, str) for p in s.last_players)


@FUZZ
@given(st.dictionaries(settings_keys, json_values, max_size=10))
def test_any_settings_object_gives_well_typed_settings(data: dict[str, object]) -> None:
    with _fresh_home():
        data["version"] = 1
        path = paths.settings_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data))
        loaded, problem = load_settings()
        assert problem is None
        _assert_well_typed(loaded)


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
        st.fixed_dictionaries({"as_partner": record_dicts, "as_opponent": record_dicts})
        | json_values,
    ),
    ids=json_values,
)
def test_any_stats_object_gives_consistent_stats(
    by_difficulty: object, by_character: object, ids: object
) -> None:
    with _fresh_home():
        path = paths.stats_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        data = {
            "version": 1,
            "by_difficulty": by_difficulty,
            "by_character": by_character,
            "counted_game_ids": ids,
        }
        path.write_text(json.dumps(data))
        stats, problem = load_stats()
        assert problem is None
        assert isinstance(stats, Stats)
        assert all(2 <= d <= 14 for d in stats.by_difficulty)
        assert 0.0 <= stats.rating <= 100.0
        assert all(isinstance(i, str) for i in stats.counted_ids)
