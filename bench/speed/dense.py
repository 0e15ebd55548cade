"""A file dense with credentials, side by side with gitleaks. Prints numbers; asserts nothing.

    python bench/speed/dense.py [--lines 30000] [--runs 3]

The corpus benchmark (run.py) has a few thousand candidates in 7,000 files. This one has a
.env dump of --lines password assignments, a tenth as many provider-shaped tokens and a
quarter as many user/password pairs on one line of JSON (random values, made on every run).
Every credential is a candidate, so it measures what a candidate costs (filters, judge,
snapshots, report), not what a byte costs. Both tools get the same folder; medians of --runs
alternated runs, peak RSS of the largest process and of the process tree.
"""

from __future__ import annotations

import argparse
import json
import secrets
import shutil
import statistics
import string
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from run import find_gitleaks, gitleaks_cmd, install_gitleaks, measure, secretloop_cmd  # noqa: E402

_ALNUM = string.ascii_letters + string.digits


def _random(n: int) -> str:
    return "".join(secrets.choice(_ALNUM) for _ in range(n))


def build(folder: Path, lines: int) -> int:
    """Writes the dense workspace; returns its size in bytes."""
    folder.mkdir(parents=True, exist_ok=True)
    dump = folder / "dump.env"
    dump.write_text("".join(f"SERVICE_{i}_PASSWORD={_random(20)}\n" for i in range(lines)))
    tokens = folder / "tokens.py"
    tokens.write_text("".join(f"key_{i} = 'sk_live_{_random(24)}'\n" for i in range(lines // 10)))
    # one line of JSON (an export, a fixture): every candidate shares the line
    users = folder / "users.json"
    users.write_text(json.dumps([{"user": f"u{i}", "password": _random(16)} for i in range(lines // 4)]))
    return sum(p.stat().st_size for p in (dump, tokens, users))


# a round's action -> its phase (the trace names the phase the run is in after the round)
_ACTION_PHASE = {"list_files": "discover", "scan_batch": "scan", "filter_batch": "filter",
                 "judge_batch": "triage", "read_decisions": "review", "write_reports": "report"}


def print_phases(state_dir: Path, wall: float) -> None:
    """Seconds per phase of the last SecretLoop run, from its trace; the rest is start-up,
    snapshots between rounds, the content cache's writing and exit."""
    traces = list(state_dir.glob("*/trace.jsonl"))
    if not traces:
        return
    spent: dict[str, float] = {}
    for line in traces[0].read_text().splitlines():
        t = json.loads(line)
        phase = _ACTION_PHASE.get(t["action"])
        if phase and "ms" in t:
            spent[phase] = spent.get(phase, 0.0) + t["ms"] / 1000
    parts = [f"{p} {s:.2f} s" for p, s in spent.items()]
    print(f"last secretloop run by phase: {', '.join(parts)}; outside the rounds {wall - sum(spent.values()):.2f} s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", type=int, default=30_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--gitleaks", type=Path, help="a gitleaks executable (default: the PyPI wheel in bench/.venv)")
    args = ap.parse_args(argv)
    gitleaks = args.gitleaks or find_gitleaks() or install_gitleaks()
    tmp = Path(tempfile.mkdtemp(prefix="secretloop-dense-"))
    try:
        ws = tmp / "ws"
        size = build(ws, args.lines)
        config = tmp / "config.toml"
        config.write_text("")
        print(f"workspace: {args.lines + args.lines // 10 + args.lines // 4:,} credentials, {size / 1e6:.1f} MB")
        samples: dict[str, list] = {"gitleaks": [], "secretloop": []}
        for i in range(args.runs):
            samples["gitleaks"].append(measure(gitleaks_cmd(gitleaks, ws, tmp / "gitleaks.json")))
            shutil.rmtree(tmp / "state", ignore_errors=True)  # cold: no content cache
            samples["secretloop"].append(measure(secretloop_cmd(ws, config, tmp / "state", tmp / "secretloop.json")))
        print(f"\n{'tool':<12}{'wall (median)':>15}{'CPU':>9}{'largest process':>18}{'tree PSS':>11}")
        for name, ss in samples.items():
            wall = statistics.median(s.wall for s in ss)
            cpu = statistics.median(s.cpu for s in ss)
            print(f"{name:<12}{wall:>13.2f} s{cpu:>7.2f} s{max(s.max_rss_mb for s in ss):>15.0f} MB{max(s.tree_pss_mb for s in ss):>8.0f} MB")
        found_gl = len(json.loads((tmp / "gitleaks.json").read_text()))
        report = json.loads((tmp / "secretloop.json").read_text())
        shown = sum(1 for f in report["findings"] if f["status"] in ("confirmed", "pending"))
        print(f"\nfindings: gitleaks {found_gl:,}; secretloop {shown:,} shown of {len(report['findings']):,} candidates")
        print_phases(tmp / "state", samples["secretloop"][-1].wall)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
