"""After `pip install .` the only new top-level import name is `secretloop` (checked in a fresh
virtual environment), and the package carries its data (rules, prompts)."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

LIST_MODULES = "import pkgutil, sys; print('\\n'.join(sorted({m.name for m in pkgutil.iter_modules()})))"


def test_wheel_installs_only_the_secretloop_name(tmp_path):
    # --no-build-isolation: no network in tests; setuptools comes from the test extras.
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path / "dist"), str(REPO)],
        check=True, capture_output=True, timeout=300,
    )
    wheel = next((tmp_path / "dist").glob("secretloop-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"secretloop"}
    assert "secretloop/loops/rules/rules.toml" in names
    assert "secretloop/loops/prompts/triage.txt" in names
    assert "secretloop/server/__init__.py" in names and "secretloop/__main__.py" in names
    # a subpackage missing from pyproject's `packages` is left out of the wheel without a word
    filters_modules = {f"secretloop/loops/filters/{p.name}" for p in (REPO / "loops" / "filters").glob("*.py")}
    assert len(filters_modules) > 2 and filters_modules <= set(names)

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    py = env_dir / "bin" / "python"
    before = set(subprocess.run([py, "-c", LIST_MODULES], check=True, capture_output=True, text=True).stdout.split())
    subprocess.run([py, "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True, capture_output=True, timeout=300)
    after = set(subprocess.run([py, "-c", LIST_MODULES], check=True, capture_output=True, text=True).stdout.split())
    assert after - before == {"secretloop"}
    assert (env_dir / "bin" / "secretloop").exists()
