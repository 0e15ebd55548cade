"""Cold scan and warm rescan inside one long-lived process, as the language server runs them.

    python bench/speed/in_process.py [--runs 5] [CORPUS]

The editor's rescan (a `secretloop.rescan` command, a settings change, a restart of the
workspace run) happens in a server that has already imported everything and loaded the rules:
what it pays is discovery, the content cache, the filter/triage/review rounds and the
snapshot and report. This script measures exactly that: each run is a new Engine over a new
run state, as server/workspace_runs.py starts one, with the same store. Cold runs get a fresh
state folder (no content cache), warm runs the one a cold run primed. Prints medians; asserts
nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from secretloop.loops import gc_policy  # noqa: E402
from secretloop.loops.engine import Engine  # noqa: E402
from secretloop.loops.runs import RunStore, new_run  # noqa: E402
from secretloop.loops.settings import Settings  # noqa: E402


def one_run(corpus: Path, store_dir: Path) -> tuple[float, dict]:
    # the corpus sits in this repository, whose .gitignore lists it: scan it like gitleaks does
    state = new_run([str(corpus)], Settings(respect_gitignore=False))
    engine = Engine(state, store=RunStore(store_dir))

    async def drive() -> None:
        await engine.run()

    t = time.perf_counter()
    asyncio.run(drive())
    return time.perf_counter() - t, engine.state.counts()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", nargs="?", default=str(REPO / "bench" / "corpus"))
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    corpus = Path(args.corpus)
    if not corpus.is_dir():
        print(f"no corpus at {corpus}: run bench/speed/corpus.py first", file=sys.stderr)
        return 2
    gc_policy.apply()  # as the language server does at start-up
    tmp = Path(tempfile.mkdtemp(prefix="secretloop-inproc-"))
    try:
        one_run(corpus, tmp / "warm-up")  # imports, rule compilation, worker fork server: once, as in a server
        warm_store = tmp / "warm"
        one_run(corpus, warm_store)  # primes the content cache
        cold, warm = [], []
        for i in range(args.runs):
            c, counts = one_run(corpus, tmp / f"cold-{i}")
            w, _ = one_run(corpus, warm_store)
            cold.append(c)
            warm.append(w)
            print(f"run {i + 1}: cold {c:.2f} s   warm {w:.3f} s", flush=True)
        mc, mw = statistics.median(cold), statistics.median(warm)
        print(f"\nin one process (the language server's case), medians of {args.runs}:")
        print(f"cold scan      {mc:.2f} s")
        print(f"warm rescan    {mw:.3f} s")
        print(f"warm / cold:   {mw / mc:.2f}x   (target <= 0.1)")
        print(f"findings: {counts}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
