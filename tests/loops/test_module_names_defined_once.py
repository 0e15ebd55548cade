"""A module-level name is bound once in each module of loops/ and server/: a second `_CAMEL_WORDS = …` further down a
filters module silently replaced the first for every filter above it that reads it at call time."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

_ROOT = Path(__file__).resolve().parents[2]
_MODULES = sorted([*(_ROOT / "loops").rglob("*.py"), *(_ROOT / "server").rglob("*.py")])


def _bound_twice(path: Path) -> list[str]:
    seen: dict[str, int] = {}
    twice = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [t.id for t in targets if isinstance(t, ast.Name)]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        else:
            continue
        for name in names:
            if name in seen:
                twice.append(f"{name} (lines {seen[name]} and {node.lineno})")
            seen.setdefault(name, node.lineno)
    return twice


@pytest.mark.parametrize("path", _MODULES, ids=lambda p: str(p.relative_to(_ROOT)))
def test_a_module_binds_each_top_level_name_once(path: Path) -> None:
    assert _bound_twice(path) == []
