"""What SecretLoop and its peers report on a folder of real code that holds no live secrets
(published packages, a distribution's sources): the false alarms a person would wade through.

    python bench/accuracy/noise.py DIR [DIR ...] [--tools secretloop gitleaks ...] [--top 8]

The labelled sets (run.py) say how often a tool is right on lines someone marked; an unlabelled
sweep says how loud it is on everyday code. Every line a tool reports here is a line a person
looks at: a published package's test fixtures and documentation samples at best, noise at worst.
Counts distinct (file, line) pairs per tool; SecretLoop's are split by status (confirmed lines
are errors, pending ones go to a person, dismissed ones are not shown). Prints counts and rule
ids, never a value. Peers come from bench/.venv-peers (run.py installs them).
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import TOOLS, ensure_peers, scan_folder  # noqa: E402


def _secretloop_lines(report: Path) -> dict[str, collections.Counter]:
    """status -> Counter of rule ids, one count per distinct (file, line, status)."""
    seen: set[tuple[str, int, str]] = set()
    by_status: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for result in json.loads(report.read_text(encoding="utf-8"))["runs"][0]["results"]:
        loc = result["locations"][0]["physicalLocation"]
        status = result.get("properties", {}).get("status", "confirmed")
        key = (loc["artifactLocation"]["uri"], loc["region"]["startLine"], status)
        if key not in seen:
            seen.add(key)
            by_status[status][result["ruleId"]] += 1
    return by_status


def _peer_lines(tool: str, report: Path) -> collections.Counter:
    """Counter of rule ids (or the tool's kind names), one count per distinct (file, line)."""
    data = json.loads(report.read_text(encoding="utf-8"))
    rows: dict[tuple[str, int], str] = {}
    if tool == "gitleaks":
        for f in data:
            rows.setdefault((f["File"], f["StartLine"]), f["RuleID"])
    elif tool == "detect-secrets":
        for path, found in data.get("results", {}).items():
            for f in found:
                rows.setdefault((path, f["line_number"]), f["type"])
    elif tool == "credsweeper":
        for f in data:
            for ld in f.get("line_data_list", []):
                rows.setdefault((ld["path"], ld["line_num"]), f["rule"])
    return collections.Counter(rows.values())


def sweep(folder: Path, tools: list[str], top: int) -> None:
    print(f"\n{folder}")
    with tempfile.TemporaryDirectory(prefix="secretloop-noise-") as tmp:
        work = Path(tmp)
        for tool in tools:
            report = work / f"{tool}.json"
            seconds, error = scan_folder(tool, folder, report, work)
            if error:
                print(f"  {tool:15} failed ({error})")
                continue
            if tool == "secretloop":
                by_status = _secretloop_lines(report)
                shown = {s: sum(c.values()) for s, c in by_status.items()}
                print(f"  {tool:15} {shown.get('confirmed', 0):6} confirmed {shown.get('pending', 0):6} pending "
                      f"{shown.get('dismissed', 0):6} dismissed (not shown)   {seconds:6.1f} s")
                common = by_status.get("confirmed", collections.Counter()) + by_status.get("pending", collections.Counter())
            else:
                common = _peer_lines(tool, report)
                print(f"  {tool:15} {sum(common.values()):6} lines reported   {seconds:6.1f} s")
            if top:
                print("      " + ", ".join(f"{rule} {n}" for rule, n in common.most_common(top)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+", type=Path)
    ap.add_argument("--tools", nargs="+", choices=TOOLS, default=["secretloop", "gitleaks"])
    ap.add_argument("--top", type=int, default=8, help="rule ids to list per tool (0: none)")
    args = ap.parse_args()
    if any(t != "secretloop" for t in args.tools):
        ensure_peers()
    for folder in args.folders:
        sweep(folder.resolve(), args.tools, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
