"""End to end in a real Neovim (Debian's 0.7.2 in CI): the docs/neovim module starts
`python -m secretloop lsp`, a planted token shows as a diagnostic, and review from the
editor removes it and writes the decisions file.

driver.lua runs inside `nvim --headless --clean` and writes what it saw to a JSON file;
the assertions are here. The planted value is made at test time and never printed: every
check on text that could hold it compares to a bool first, so a failure shows no value.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from secretloop.loops.decisions import Decision, DecisionsStore
from secretloop.loops.redact import fingerprint
from tests.support.tokens import github_pat

REPO = Path(__file__).resolve().parents[2]
MODULE_DIR = REPO / "docs" / "neovim"
DRIVER = Path(__file__).with_name("driver.lua")
UNITS = Path(__file__).with_name("units.lua")
README = MODULE_DIR / "README.md"
RULE_ID = "github-pat"
WAIT_MS = 60_000  # per step inside Neovim: the server scans the workspace at start
OVERALL_TIMEOUT_S = 90  # a safety net for a hung editor or server, not a performance assertion
DIAGNOSTIC_HINT = 4  # vim.diagnostic.severity.HINT
# Optional, for trying the module's other code paths on a newer Neovim ('start_client' | 'start' | 'enable').
FORCED_API = os.environ.get("SECRETLOOP_NVIM_API")
API_NAMES = {
    "start_client": "vim.lsp.start_client/vim.lsp.buf_attach_client",
    "start": "vim.lsp.start",
    "enable": "vim.lsp.config/vim.lsp.enable",
}


def expected_api(nvim_version: str) -> str:
    """The API setup() must pick: by version, unless the test forced one."""
    if FORCED_API:
        return API_NAMES[FORCED_API]
    major, minor = (int(p) for p in nvim_version.split(".")[:2])
    if (major, minor) >= (0, 11):
        return API_NAMES["enable"]
    if (major, minor) >= (0, 8):
        return API_NAMES["start"]
    return API_NAMES["start_client"]


# `<!-- e2e-snippet: NAME min=0.7 max=0.10 -->` right before a ```lua block in the README
SNIPPET = re.compile(
    r"<!-- e2e-snippet: (?P<name>[\w.-]+) min=(?P<min>[\d.]+)(?: max=(?P<max>[\d.]+))? -->\n```lua\n(?P<code>.*?)```",
    re.S,
)


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.split("."))


def readme_snippets() -> dict[str, re.Match[str]]:
    return {m["name"]: m for m in SNIPPET.finditer(README.read_text())}


def _nvim_version(nvim: str) -> tuple[int, ...]:
    first = subprocess.run([nvim, "--version"], capture_output=True, text=True, check=True).stdout.splitlines()[0]
    found = re.search(r"v(\d+)\.(\d+)\.(\d+)", first)
    assert found, f"cannot read the version from {first!r}"
    return tuple(int(g) for g in found.groups())


@pytest.fixture(scope="module")
def nvim() -> str:
    """The Neovim to drive: $SECRETLOOP_NVIM or `nvim` on PATH. In CI a missing one fails."""
    wanted = os.environ.get("SECRETLOOP_NVIM", "nvim")
    found = shutil.which(wanted)
    if found is None:
        message = f"Neovim ('{wanted}') is not installed: `apt-get install -y neovim` (Debian ships 0.7.2)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + "; .ci/run must install it", pytrace=False)
        pytest.skip(message)
    return found


@dataclass
class Workspace:
    root: Path
    token: str = field(repr=False)  # a failing test prints its fixtures: never the value
    files: list[Path]
    tmp: Path

    def scrub(self, text: str) -> str:
        """Text safe to show in a failure message."""
        return text.replace(self.token, "<planted value>")


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    root = tmp_path / "ws"
    (root / "app").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    token = github_pat(seed=20250105)
    secret_file = root / "app" / "config.py"
    secret_file.write_text(f'import os\n\nGITHUB_TOKEN = "{token}"\nDEBUG = os.environ.get("DEBUG")\n')
    # No extension, so no filetype: the module must attach it anyway (0.11's enable alone would not).
    plain_file = root / "NOTES"
    plain_file.write_text("Nothing to see here.\n")
    return Workspace(root=root, token=token, files=[secret_file, plain_file], tmp=tmp_path)


def _init_lua(ws: Workspace, script: Path, config: dict[str, Any]) -> Path:
    config = {**config, "results": str(ws.tmp / "results.json")}
    init = ws.tmp / "init.lua"
    # Lua long strings hold the JSON and paths as they are (no escaping to get wrong).
    init.write_text(
        f"vim.opt.runtimepath:prepend([=[{MODULE_DIR}]=])\n"
        f"_G.E2E = vim.fn.json_decode([=[{json.dumps(config)}]=])\n"
        f"dofile([=[{script}]=])\n"
    )
    return init


def run_scenario(
    nvim: str, ws: Workspace, scenario: str, settings: dict[str, Any] | None = None, setup_file: Path | None = None
) -> dict[str, Any]:
    """driver.lua's `scenario` against the real server; fails with the editor's output when it breaks."""
    config: dict[str, Any] = {
        "python": sys.executable,
        "scenario": scenario,
        "files": [str(f) for f in ws.files],
        "wait_ms": WAIT_MS,
        "settings": settings or {},
    }
    if FORCED_API:
        config["api"] = FORCED_API
    if setup_file is not None:
        config["setup_file"] = str(setup_file)
    return run_nvim(nvim, ws, DRIVER, config)


def run_nvim(nvim: str, ws: Workspace, script: Path, config: dict[str, Any]) -> dict[str, Any]:
    init = _init_lua(ws, script, config)
    home = ws.tmp / "home"
    env = dict(
        os.environ,
        # the README's setups run `secretloop lsp` from PATH: this interpreter's scripts come first
        PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        SECRETLOOP_STATE_DIR=str(ws.tmp / "state"),
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_STATE_HOME=str(home / "state"),
        XDG_CACHE_HOME=str(home / "cache"),
    )
    log = ws.tmp / "nvim-stderr.log"
    with log.open("wb") as stderr:
        proc = subprocess.Popen(
            [nvim, "--headless", "--clean", "-u", str(init)],
            cwd=ws.root,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=stderr,
            stderr=stderr,
            start_new_session=True,  # its own process group: a timeout ends the server too
        )
        try:
            proc.wait(timeout=OVERALL_TIMEOUT_S)
            timed_out = False
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            timed_out = True
    if timed_out:
        pytest.fail(f"Neovim did not finish in {OVERALL_TIMEOUT_S}s; its output:\n{_tail(ws, log)}", pytrace=False)
    results_file = ws.tmp / "results.json"
    if not results_file.exists():
        pytest.fail(f"Neovim wrote no results (exit {proc.returncode}); its output:\n{_tail(ws, log)}", pytrace=False)
    text = results_file.read_text()
    leaked = ws.token in text
    assert not leaked, "the planted value reached the editor (diagnostics, code actions or command results)"
    results = json.loads(text)
    if results.get("error"):
        pytest.fail(
            f"{script.name} failed in Neovim after {results.get('steps')}: {ws.scrub(results['error'])}\n{_tail(ws, log)}",
            pytrace=False,
        )
    return results


def _tail(ws: Workspace, log: Path, lines: int = 40) -> str:
    text = log.read_text(errors="replace") if log.exists() else ""
    lsp_log = ws.tmp / "home" / "cache" / "nvim" / "lsp.log"
    if lsp_log.exists():
        text += "\n--- lsp.log ---\n" + lsp_log.read_text(errors="replace")
    return ws.scrub("\n".join(text.splitlines()[-lines:]))


def _decisions(root: Path) -> dict[str, Decision]:
    path = root / ".secretloop" / "decisions.jsonl"
    assert path.exists(), "the decisions file was not written"
    return DecisionsStore(path).load()


def test_dismiss_code_action_removes_the_diagnostic_and_records_the_decision(nvim: str, workspace: Workspace) -> None:
    results = run_scenario(nvim, workspace, "dismiss")

    [shown] = results["diagnostics"]
    assert shown["source"] == "secretloop"
    assert shown["code"] == RULE_ID
    assert shown["lnum"] == 2  # 0-based: the GITHUB_TOKEN line
    value_in_message = workspace.token in shown["message"]
    assert not value_in_message, "the diagnostic message holds the planted value"

    assert "Dismiss: not a secret" in results["action_titles"]
    assert results["command"] == "secretloop.dismissFinding"
    expected = fingerprint(RULE_ID, workspace.token)
    assert results["command_result"]["recorded"] is True
    assert results["command_result"]["fingerprint"] == expected
    assert results["gone"] is True

    decisions = _decisions(workspace.root)
    assert list(decisions) == [expected]
    assert decisions[expected].decision == "dismissed"
    assert decisions[expected].rule_id == RULE_ID
    assert decisions[expected].path == "app/config.py"
    decisions_text = (workspace.root / ".secretloop" / "decisions.jsonl").read_text()
    leaked = workspace.token in decisions_text
    assert not leaked, "the decisions file holds the planted value"


def test_module_settings_one_client_per_root_status_and_allow_comment(nvim: str, workspace: Workspace) -> None:
    results = run_scenario(nvim, workspace, "helpers", settings={"severity": {"confirmed": "hint", "pending": "hint"}})

    assert results["api"] == expected_api(results["nvim"])

    [shown] = results["diagnostics"]
    assert shown["code"] == RULE_ID
    assert shown["severity"] == DIAGNOSTIC_HINT  # the setting reached the server

    assert results["clients"] == 1  # two files under one .git root share one server
    assert results["first_attached"] is True
    assert results["second_filetype"] == ""  # so attaching did not depend on a FileType event

    first = results["run_states"][0]
    assert set(first) >= {"runId", "phase", "status", "filesTotal", "filesDone", "findings", "pending"}
    assert results["statusline"].startswith("SecretLoop ")

    assert results["allow_comment_added"] is True
    assert results["gone"] is True
    line = workspace.files[0].read_text().splitlines()[2]
    assert "secretloop:allow" not in line  # the edit is in the buffer, not saved: the file is untouched

    summary = results["show_run"]
    assert summary["runId"] == results["run_states"][-1]["runId"]
    assert set(summary) >= {"runId", "phase", "status", "counts"}
    assert results["user_commands"] is True
    assert not (workspace.root / ".secretloop" / "decisions.jsonl").exists()  # an allow comment is no decision


def test_module_root_detection_option_errors_and_shapes(nvim: str, workspace: Workspace) -> None:
    outside = workspace.tmp / "outside"
    outside.mkdir()
    ws = str(workspace.root)
    out = run_nvim(nvim, workspace, UNITS, {"paths": {"workspace": ws, "outside": str(outside)}})

    assert out["root_nested"] == ws  # the nearest .git above the file
    assert out["root_none"] is None
    assert out["root_under_cwd"] == ws  # no marker: the current directory holds the file
    assert out["root_outside_cwd"] == str(outside)  # no marker, outside the cwd: the file's folder

    assert "option 'cmd' must be a table, got string" in out["error_cmd"]
    assert "option 'api' must be 'start_client', 'start' or 'enable', got lspconfig" in out["error_api"]

    # Settings travel both ways the server reads them, as JSON objects even when empty.
    assert json.loads(out["init_options_json"]) == {"settings": {}}  # {} not []
    assert json.loads(out["settings_json"]) == {"secretloop": {}}
    given = {"judge": "offline", "exclude": ["vendor/**"]}
    assert out["full_init_options"] == {"settings": given}
    assert out["full_settings"] == {"secretloop": given}

    assert out["status_empty"] == ""
    assert out["status_running"] == "SecretLoop scan 12/40"
    assert out["status_waiting"] == "SecretLoop need_human · 3 findings · 2 waiting"
    assert out["status_one"] == "SecretLoop done · 1 finding"
    assert out["has_07"] is True


def test_the_readme_marks_every_setup_it_documents() -> None:
    assert set(readme_snippets()) == {"module", "nvim-0.11", "nvim-0.8", "nvim-0.7"}


@pytest.mark.parametrize("name", ["module", "nvim-0.11", "nvim-0.8", "nvim-0.7"])
def test_readme_setup_works_as_pasted(name: str, nvim: str, workspace: Workspace) -> None:
    """Each documented setup, unchanged, in the Neovim versions it is for: diagnostic, dismiss, gone."""
    snippet = readme_snippets()[name]
    version = _nvim_version(nvim)
    too_new = snippet["max"] is not None and version[:2] > _version(snippet["max"])[:2]
    if version[:2] < _version(snippet["min"])[:2] or too_new:
        span = f"{snippet['min']} to {snippet['max']}" if snippet["max"] else f"{snippet['min']} and later"
        pytest.skip(f"the README's '{name}' setup is for Neovim {span}; this is {'.'.join(map(str, version))}")
    setup_file = workspace.tmp / f"{name}.lua"
    setup_file.write_text(snippet["code"])

    results = run_scenario(nvim, workspace, "dismiss", setup_file=setup_file)

    [shown] = results["diagnostics"]
    assert (shown["source"], shown["code"]) == ("secretloop", RULE_ID)
    assert results["gone"] is True
    assert list(_decisions(workspace.root)) == [fingerprint(RULE_ID, workspace.token)]
