"""The filters are a package of one module per concern: the content cache's key covers every
module of it, the catalogue order is kept in one place and checked, and every name the rest of
the project imports from `secretloop.loops.filters` is exported there."""

from __future__ import annotations

import ast
import dataclasses
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import secretloop.loops.filters as filters
from secretloop.loops.content_cache import code_digest, scanning_files
from secretloop.loops.filters import catalogue

PACKAGE = Path(filters.__file__).parent
LOOPS = PACKAGE.parent
REPO = Path(__file__).resolve().parents[2]


def test_every_filters_module_is_part_of_the_cache_key(tmp_path):
    names = scanning_files(LOOPS)
    modules = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(modules) > 2 and [f"filters/{m}" for m in modules] == [n for n in names if n.startswith("filters/")]
    # a copy of the scanning code: an edit to any one filters module gives another key
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(LOOPS / name, tmp_path / name)
    before = code_digest(tmp_path)
    assert before == code_digest(LOOPS)
    seen = {before}
    for m in modules:
        path = tmp_path / "filters" / m
        original = path.read_bytes()
        path.write_bytes(original + b"# edited\n")
        seen.add(code_digest(tmp_path))
        path.write_bytes(original)
    assert len(seen) == len(modules) + 1
    # a module added to the package counts as well
    (tmp_path / "filters" / "new_concern.py").write_text("X = 1\n")
    assert code_digest(tmp_path) not in seen


def _registered(name: str) -> filters.Filter:
    return dataclasses.replace(filters.FILTERS[0], name=name)


@pytest.mark.parametrize("change", ["unplaced", "unknown", "registered twice", "placed twice"])
def test_the_catalogue_order_and_the_registered_filters_must_agree(change, monkeypatch):
    registered = list(filters.FILTERS)
    order = catalogue.ORDER
    if change == "unplaced":
        registered.append(_registered("filter_with_no_place"))
    elif change == "unknown":
        order = order + ("filter_never_registered",)
    elif change == "registered twice":
        registered.append(registered[0])
    else:
        order = order + order[:1]
    monkeypatch.setattr(catalogue, "FILTERS", registered)
    monkeypatch.setattr(catalogue, "ORDER", order)
    with pytest.raises(ImportError, match="out of step"):
        catalogue._put_in_order()


def test_the_catalogue_puts_filters_in_its_order(monkeypatch):
    shuffled = list(reversed(filters.FILTERS))
    monkeypatch.setattr(catalogue, "FILTERS", shuffled)
    catalogue._put_in_order()
    assert [f.name for f in shuffled] == list(catalogue.ORDER)
    assert [f.name for f in filters.FILTERS] == list(catalogue.ORDER)


def _imported_from_filters() -> set[str]:
    """Every name imported from the filters package in the project's code and tests."""
    names: set[str] = set()
    for folder in ("loops", "server", "tests", "bench"):
        for path in (REPO / folder).rglob("*.py"):
            if any(part.startswith(".venv") or part == "corpus" for part in path.parts) or PACKAGE in path.parents:
                continue  # virtual environments and scanned corpora are not the project's code
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.ImportFrom):
                    continue
                module = node.module or ""
                absolute = module == "secretloop.loops.filters"
                relative = module == "filters" and node.level in (1, 2)
                if absolute or relative:
                    names.update(a.name for a in node.names)
    return names


def test_every_name_the_project_imports_is_exported():
    wanted = _imported_from_filters() - {p.stem for p in PACKAGE.glob("*.py")}  # its modules import themselves
    assert {"run_filters", "Surroundings", "FILTERS_BY_NAME"} <= wanted  # the scan above finds the imports
    assert wanted <= set(filters.__all__)
    assert all(hasattr(filters, name) for name in filters.__all__)


def test_importing_the_filters_loads_no_detector():
    # detect.py imports the features, which import the filters: only a lazy import goes back
    code = "import sys, secretloop.loops.filters; print('secretloop.loops.detect' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "False"
