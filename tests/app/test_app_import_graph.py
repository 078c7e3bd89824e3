"""The app's modules do not import each other in a circle (issue 10).

Every import counts: at the top of a module, inside a function, or only for type
checking; a reader following any of them must never come back where they started.
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "audiospades" / "app"
PACKAGE = "audiospades.app"


def _imports(name: str, source: str, modules: set[str]) -> set[str]:
    """The app modules that the module ``name`` imports, anywhere in ``source``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = PACKAGE.rsplit(".", node.level - 1)[0]
                base = f"{parent}.{base}" if base else parent
            # "from audiospades.app import render" names a module, not a symbol.
            targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        for target in targets:
            head, _, module = target.partition(f"{PACKAGE}.")
            module = module.split(".")[0]
            if not head and module in modules and module != name:
                found.add(module)
    return found


def _graph(sources: dict[str, str]) -> dict[str, set[str]]:
    modules = set(sources)
    return {name: _imports(name, text, modules) for name, text in sources.items()}


def _app_sources() -> dict[str, str]:
    return {path.stem: path.read_text(encoding="utf-8") for path in APP.glob("*.py")}


def test_the_app_modules_import_each_other_without_a_circle() -> None:
    graph = _graph(_app_sources())
    try:
        order = list(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as error:
        pytest.fail(f"app modules import each other in a circle: {error.args[1]}")
    assert set(order) == set(graph)


def test_the_graph_sees_every_kind_of_import() -> None:
    graph = _graph(_app_sources())
    assert "games" in graph["table"]  # At the top of the module.
    assert "render" in graph["table"]  # Inside a method.
    assert "table" in graph["harness"]  # Inside a property.
    assert "menus" in graph["loop"]  # Inside a function.


def test_a_circle_is_found_through_a_function_or_type_only_import() -> None:
    sources = {
        "a": "from audiospades.app.b import B\n",
        "b": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n"
            "    from audiospades.app import c\n"
        ),
        "c": "def f():\n    from . import a\n",
    }
    graph = _graph(sources)
    assert graph == {"a": {"b"}, "b": {"c"}, "c": {"a"}}
    with pytest.raises(graphlib.CycleError):
        list(graphlib.TopologicalSorter(graph).static_order())
