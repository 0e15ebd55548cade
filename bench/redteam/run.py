"""Red-team sets: labelled sets written by helpers who had not read the rules, kept so that every
later change can be measured on them (the dev sets alone would let rules fit dev).

    python bench/redteam/run.py                      # every set, SecretLoop and gitleaks, totals
    python bench/redteam/run.py --sets rt340 rt341 --tools secretloop -v   # misses and false alarms
    python bench/redteam/run.py --save before.json   # per-label results, for --compare later
    python bench/redteam/run.py --compare before.json   # the labels whose result changed
    python bench/redteam/run.py --pack /tmp/rt340    # add a set (files/, labels.jsonl, notes)

Each set is `sets/<name>.tar.xz` holding `files/`, `labels.jsonl` (the eval's format: path,
line_start, line_end, label, category), the helper's `DIAGNOSIS.md` and the `gen.py` that drew its
values at random (no set holds a real credential). A label is found when a shown finding's
lines overlap it, as in the eval's score.py; findings on unlabelled lines are counted apart.
SecretLoop runs as `secretloop scan files --format sarif` with default settings and the offline
judge, from a fresh state folder, except that .gitignore files inside a set are not obeyed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SETS = HERE / "sets"
sys.path.insert(0, str(HERE.parent / "accuracy"))
from run import ensure_peers, peers_bin  # noqa: E402  (the accuracy bench's peer install)

TOOLS = ("secretloop", "gitleaks")
KEPT = ("files", "labels.jsonl", "DIAGNOSIS.md", "gen.py")


def scan(tool: str, files: Path, work: Path) -> list[tuple[str, int, int]]:
    """(path relative to files/, first line, last line) of every finding the tool shows."""
    report = work / f"{tool}.sarif"
    if tool == "secretloop":
        config = work / "config.toml"
        config.write_text("respect_gitignore = false\n", encoding="utf-8")
        argv = [sys.executable, "-m", "secretloop", "scan", str(files), "--format", "sarif", "--output", str(report),
                "--state-dir", str(work / "state"), "--config", str(config), "--no-progress", "--fail-on", "confirmed"]
        ok = (0, 1)
    else:
        argv = [str(peers_bin("gitleaks")), "dir", str(files), "--report-format", "sarif", "--report-path", str(report),
                "--no-banner", "--exit-code", "0", "--log-level", "error"]
        ok = (0,)
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=files)
    if proc.returncode not in ok or not report.exists():
        raise RuntimeError(f"{tool} failed (exit {proc.returncode}): {proc.stderr.strip()[-300:]}")
    spans = []
    for result in json.loads(report.read_text(encoding="utf-8"))["runs"][0].get("results", []):
        if result.get("suppressions"):
            continue
        loc = result["locations"][0]["physicalLocation"]
        uri = loc["artifactLocation"]["uri"].removeprefix("file://")
        path = Path(uri)
        rel = path.relative_to(files) if path.is_absolute() else path
        region = loc.get("region", {})
        start = int(region.get("startLine", 1))
        spans.append((rel.as_posix(), start, int(region.get("endLine", start))))
    return spans


def score(labels: list[dict], spans: list[tuple[str, int, int]]) -> dict:
    hit = [any(p == lab["path"] and a <= lab["line_end"] and b >= lab["line_start"] for p, a, b in spans)
           for lab in labels]
    unlabelled = {(p, a) for p, a, b in spans
                  if not any(p == lab["path"] and a <= lab["line_end"] and b >= lab["line_start"] for lab in labels)}
    return {
        "true": sum(1 for lab in labels if lab["label"]), "false": sum(1 for lab in labels if not lab["label"]),
        "found": sum(1 for lab, h in zip(labels, hit) if lab["label"] and h),
        "shown": sum(1 for lab, h in zip(labels, hit) if not lab["label"] and h),
        "unlabelled": len(unlabelled), "hit": hit,
    }


def run_set(archive: Path, tools: list[str]) -> dict:
    with tempfile.TemporaryDirectory(prefix="secretloop-redteam-") as tmp:
        root = Path(tmp)
        with tarfile.open(archive) as tar:
            tar.extractall(root, filter="data")
        labels = [json.loads(line) for line in (root / "labels.jsonl").read_text(encoding="utf-8").splitlines()
                  if line.strip()]
        out = {"labels": labels}
        for tool in tools:
            work = root / f"work-{tool}"
            work.mkdir()
            out[tool] = score(labels, scan(tool, (root / "files").resolve(), work))
        return out


def pack(folder: Path) -> Path:
    """sets/<folder's name>.tar.xz from a helper's folder (files/, labels.jsonl and its notes)."""
    missing = [name for name in ("files", "labels.jsonl") if not (folder / name).exists()]
    if missing:
        raise SystemExit(f"{folder} has no {', '.join(missing)}")
    SETS.mkdir(exist_ok=True)
    target = SETS / f"{folder.name}.tar.xz"
    with tarfile.open(target, "w:xz") as tar:
        for name in KEPT:
            if (folder / name).exists():
                tar.add(folder / name, arcname=name)
    return target


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", nargs="+", help="set names (default: every set)")
    ap.add_argument("--tools", nargs="+", default=list(TOOLS), choices=TOOLS)
    ap.add_argument("--save", help="write per-label results here (JSON)")
    ap.add_argument("--compare", help="a file from --save: print the labels whose SecretLoop result changed")
    ap.add_argument("-v", "--verbose", action="store_true", help="list SecretLoop's misses and false alarms")
    ap.add_argument("--pack", type=Path, help="add the set in this folder and stop")
    a = ap.parse_args()
    if a.pack:
        print(f"packed {pack(a.pack.resolve()).relative_to(HERE)}")
        return 0
    names = a.sets or sorted(p.name.removesuffix(".tar.xz") for p in SETS.glob("*.tar.xz"))
    if not names:
        raise SystemExit(f"no sets under {SETS}")
    if "gitleaks" in a.tools:
        ensure_peers()
    before = json.loads(Path(a.compare).read_text(encoding="utf-8")) if a.compare else {}
    saved, totals = {}, {t: [0, 0, 0, 0] for t in a.tools}
    print("| set | " + " | ".join(f"{t} true found | {t} false shown" for t in a.tools) + " |")
    print("|---|" + "---|---|" * len(a.tools))
    for name in names:
        result = run_set(SETS / f"{name}.tar.xz", a.tools)
        cells = []
        for tool in a.tools:
            s = result[tool]
            cells += [f"{s['found']}/{s['true']}", f"{s['shown']}/{s['false']}"]
            for i, v in enumerate((s["found"], s["true"], s["shown"], s["false"])):
                totals[tool][i] += v
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
        if "secretloop" in result:
            hit = result["secretloop"]["hit"]
            saved[name] = hit
            for lab, h, old in zip(result["labels"], hit, before.get(name, hit)):
                changed = name in before and h != old
                if changed or (a.verbose and h != lab["label"]):
                    what = ("found" if lab["label"] else "shown") if h else ("missed" if lab["label"] else "quiet")
                    print(f"    {'changed: ' if changed else ''}{what} {lab['path']}:{lab['line_start']} "
                          f"({'true' if lab['label'] else 'false'}, {lab.get('category', '')})")
    print("| total | " + " | ".join(f"{f}/{t} | {s}/{n}" for f, t, s, n in totals.values()) + " |")
    if a.save:
        Path(a.save).write_text(json.dumps(saved), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
