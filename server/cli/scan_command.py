"""`secretloop scan` and `secretloop resume`: run the audit loop and turn its end into an exit code."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable

from secretloop.loops.engine import Engine
from secretloop.loops.runs import RunStore, SnapshotError, new_run
from secretloop.loops.state import OutputSpec, RunState

from .cli import EXIT_FINDINGS, EXIT_OK, EXIT_UNFINISHED, UsageError
from .config import load_settings
from .progress import ProgressLine
from .staged import staged_files
from .unchanged import stamp_after


def resolve_roots(paths: list[str]) -> list[str]:
    roots = []
    for p in paths:
        if not os.path.exists(p):
            raise UsageError(f"path {p} does not exist")
        roots.append(os.path.abspath(p))
    return roots


def exit_code(state: RunState, fail_on: str) -> int:
    if state.status in ("failed", "budget_exhausted", "cancelled"):
        print(f"secretloop: the run did not finish ({state.status}): {state.status_reason}", file=sys.stderr)
        print(f"secretloop: resume it with: secretloop resume {state.task.run_id}", file=sys.stderr)
        return EXIT_UNFINISHED
    counts = state.counts()
    if counts["confirmed"] or (fail_on == "pending" and counts["pending"]):
        return EXIT_FINDINGS
    return EXIT_OK


def run_to_end(engine: Engine) -> RunState:
    """Drive the engine on a fresh event loop. The coroutine given to asyncio.run returns None on
    purpose: on exit asyncio looks up the SIGINT handler, and Python 3.11 formats the main task's
    repr, result included, while doing so; a finished run's whole state made that cost 0.25 s."""

    async def drive() -> None:
        await engine.run()

    asyncio.run(drive())
    return engine.state


def execute(
    state: RunState,
    store: RunStore,
    *,
    overlays: dict[str, str] | None = None,
    fail_on: str = "pending",
    progress: bool = True,
    after: Callable[[Engine, int, list[str]], Any] | None = None,
) -> int:
    """Run to the end; `after(engine, exit code, messages said)` is called once it is over."""
    line = ProgressLine() if progress else ProgressLine(open(os.devnull, "w"))
    engine = Engine(state, store=store, subscribers=[line], overlays=overlays)
    final = run_to_end(engine)
    for problem in engine.workspace.decision_problems:
        print(f"secretloop: warning: {problem}", file=sys.stderr)
    code = exit_code(final, fail_on)
    if after is not None:
        after(engine, code, line.said)
    return code


def scan_quietly(args: argparse.Namespace) -> RunState:
    """A full run over args.paths with no report output (for `decisions check` and `review`)."""
    roots = resolve_roots(args.paths)
    state = new_run(roots, load_settings(args, roots))
    store = RunStore(args.state_dir or RunStore.default_dir(roots))
    return run_to_end(Engine(state, store=store))


def run_scan(args: argparse.Namespace) -> int:
    started_ns = time.time_ns()
    roots = resolve_roots(args.paths)
    settings = load_settings(args, roots)
    only_paths = None
    after = None if args.staged else stamp_after(args, roots, started_ns)
    overlays: dict[str, str] = {}
    if args.staged:
        roots, only_paths, overlays = staged_files(roots[0] if roots else ".")
        if not only_paths[0]:
            return EXIT_OK  # nothing staged: nothing to check
    outputs = [OutputSpec(format=args.format, path=args.output)]
    state = new_run(roots, settings, outputs, only_paths)
    store = RunStore(args.state_dir or RunStore.default_dir(roots), keep_round_snapshots=settings.trace)
    return execute(state, store, overlays=overlays, fail_on=args.fail_on, progress=not args.no_progress, after=after)


def _all_stores(base: str | None) -> list[Path]:
    if base:
        return [Path(base)]
    root = Path(os.path.dirname(RunStore.default_dir(["."])))
    return [d for d in root.iterdir() if d.is_dir()] if root.is_dir() else []


def run_resume(args: argparse.Namespace) -> int:
    best: tuple[float, RunStore, Path] | None = None
    for d in _all_stores(args.state_dir):
        store = RunStore(d)
        for run in store.runs():
            if args.run and args.run not in (run.name, str(run)):
                continue
            mtime = (run / "state.json").stat().st_mtime
            if best is None or mtime > best[0]:
                best = (mtime, store, run)
    if args.run and os.path.isdir(args.run) and best is None:
        best = (0.0, RunStore(os.path.dirname(os.path.abspath(args.run))), Path(args.run))
    if best is None:
        raise UsageError(f"no run {args.run!r} to resume" if args.run else "no run to resume")
    _, store, run = best
    try:
        state = store.load(str(run))
    except SnapshotError as err:
        raise UsageError(str(err)) from None
    store.keep_round_snapshots = state.task.settings.trace
    print(f"secretloop: resuming run {state.task.run_id} at {state.working.phase} ({state.status})", file=sys.stderr)
    return execute(state, store, fail_on=args.fail_on, progress=not args.no_progress)
