"""Scanning a folder through the command line as a user would, for tests that plant values and then
search every output for them."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class CliScan:
    report: str  # the JSON report
    stdout: str
    stderr: str
    state: str  # every file of the state folder, read as text

    def carries(self, value: str) -> bool:
        """The value appears in the report, the output or the state folder."""
        return any(value in text for text in (self.report, self.stdout, self.stderr, self.state))


def scan_tree(root: Path, work: Path) -> CliScan:
    """`secretloop scan root` with gitignored files included, a JSON report and a state folder under work."""
    (work / "cfg.toml").write_text("respect_gitignore = false\n", encoding="utf-8")
    report, state = work / "report.json", work / "state"
    done = subprocess.run(
        [sys.executable, "-m", "secretloop", "scan", str(root), "--config", str(work / "cfg.toml"), "--format", "json",
         "--output", str(report), "--state-dir", str(state), "--no-progress"],
        capture_output=True, text=True, timeout=600,
    )
    assert report.exists(), f"no report (exit {done.returncode})"
    state_text = "".join(p.read_text(encoding="utf-8", errors="replace") for p in state.rglob("*") if p.is_file())
    return CliScan(report.read_text(encoding="utf-8"), done.stdout, done.stderr, state_text)


def require_planted_files_shown_and_not_carried(root: Path, work: Path, files: dict[str, tuple[str, str]]) -> None:
    """Write files ({relative path: (text, planted value)}) under root, scan them through the command line, and
    fail unless every file has a shown finding and no value appears in any output (failures name paths only)."""
    for rel, (text, _) in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    scan = scan_tree(root, work)
    leaked = [rel for rel, (_, v) in files.items() if scan.carries(v)]
    assert not leaked, f"values carried by the report, the output or the state: {leaked}"
    shown = {f["path"] for f in json.loads(scan.report)["findings"] if f["status"] in ("confirmed", "pending")}
    assert set(files) <= shown, sorted(set(files) - shown)
