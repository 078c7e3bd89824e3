"""The golden playthroughs still say exactly what they said (tools/regen_golden.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "regen_golden", ROOT / "tools" / "regen_golden.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


@pytest.mark.parametrize("name", sorted(TOOL.GAMES))
def test_golden_playthrough(name: str) -> None:
    """One golden game per table shape and variant (tools/regen_golden.py)."""
    path = TOOL.GOLDEN_DIR / f"{name}.txt"
    expected = path.read_text(encoding="utf-8")
    actual = TOOL.golden_text(TOOL.GAMES[name].seed, name)
    assert actual == expected, (
        f"{path.name} changed: run tools/regen_golden.py and review the diff"
    )
