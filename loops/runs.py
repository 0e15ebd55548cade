"""Where runs live: snapshots after every round, the trace, and resume.

Layout: <state_dir>/<run_id>/state.json (latest snapshot, written atomically),
trace.jsonl (one line per round), rounds/NNNNN.json (per-round snapshots, with tracing
on), report.json (the run's own report). Nothing here holds a secret value: the state
has none to write.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path

from pydantic import ValidationError

from .atomic import atomic_write  # noqa: F401  (re-exported: the store's writer)
from .store_dir import default_store_dir
from .settings import Settings
from .state import OutputSpec, RunState, Task, compact


class SnapshotError(Exception):
    """A snapshot that cannot be read back; the message says which file and why."""


def new_run(
    roots: list[str],
    settings: Settings | None = None,
    outputs: list[OutputSpec] | None = None,
    only_paths: list[list[str]] | None = None,
) -> RunState:
    task = Task(
        roots=[os.path.abspath(r) for r in roots],
        settings=settings or Settings(),
        outputs=outputs or [],
        only_paths=only_paths,
    )
    return RunState(task=task)


# Every scan leaves a run folder (a large workspace's snapshot and report are megabytes), so
# old ones are pruned: the newest KEEP_RUNS stay, and none touched in the last
# PRUNE_GRACE_SECONDS goes (another host, e.g. the editor, may still be running it).
KEEP_RUNS = 20
PRUNE_GRACE_SECONDS = 600.0
_RUN_FOLDER = re.compile(r"\d{8}-\d{6}-[0-9a-f]{6}")  # Task.run_id: nothing else in the store matches


class RunStore:
    def __init__(self, state_dir: str | os.PathLike, keep_round_snapshots: bool = False):
        self.dir = Path(state_dir)
        self.keep_round_snapshots = keep_round_snapshots

    default_dir = staticmethod(default_store_dir)

    def run_dir(self, run_id: str) -> Path:
        return self.dir / run_id

    def save(self, state: RunState) -> None:
        data = RunState.__pydantic_serializer__.to_json(state)  # UTF-8 bytes: model_dump_json's, not decoded
        run = self.run_dir(state.task.run_id)
        # not durable: a snapshot is a resume point that a reader validates (see atomic.py)
        atomic_write(run / "state.json", data, durable=False)
        if self.keep_round_snapshots:
            atomic_write(run / "rounds" / f"{state.history.rounds:05d}.json", data, durable=False)

    def trace(self, run_id: str, line: dict) -> None:
        run = self.run_dir(run_id)
        run.mkdir(parents=True, exist_ok=True)
        with open(run / "trace.jsonl", "a", encoding="utf-8") as f:
            f.write(json.dumps(line, sort_keys=True, ensure_ascii=False) + "\n")

    def load(self, run_id_or_path: str) -> RunState:
        p = Path(run_id_or_path)
        if p.is_dir():
            p = p / "state.json"
        elif not p.suffix == ".json":
            p = self.run_dir(run_id_or_path) / "state.json"
        try:
            raw = p.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SnapshotError(f"no run snapshot at {p}") from None
        except OSError as err:
            raise SnapshotError(f"cannot read run snapshot {p}: {err.strerror}") from None
        try:
            state = RunState.model_validate_json(raw)
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(x) for x in first["loc"]) or "(top level)"
            raise SnapshotError(
                f"run snapshot {p} is corrupt ({err.error_count()} problems; first at '{where}': {first['msg']}); "
                "start a new scan instead of resuming"
            ) from None
        for c in state.candidates:
            compact(c)
        return state

    def runs(self) -> list[Path]:
        """Run folders, newest first."""
        if not self.dir.is_dir():
            return []
        found = [d for d in self.dir.iterdir() if (d / "state.json").is_file()]
        return sorted(found, key=lambda d: (d / "state.json").stat().st_mtime, reverse=True)

    def prune(self, keep: int | None = None, grace_seconds: float | None = None, spare: str | None = None) -> list[str]:
        """Remove run folders beyond the newest `keep`, unless touched within `grace_seconds`
        or named `spare` (the caller's own run). Returns the names removed; failures are
        left for the next prune (a folder in use on another system, a permission)."""
        keep = KEEP_RUNS if keep is None else keep
        grace_seconds = PRUNE_GRACE_SECONDS if grace_seconds is None else grace_seconds
        try:
            folders = [d for d in self.dir.iterdir() if _RUN_FOLDER.fullmatch(d.name) and d.is_dir()]
        except OSError:
            return []
        dated = []
        for d in folders:
            try:
                dated.append((_last_touched(d), d))
            except OSError:
                continue
        dated.sort(reverse=True)
        now = time.time()
        removed = []
        for touched, d in dated[keep:]:
            if d.name == spare or now - touched < grace_seconds:
                continue
            try:
                shutil.rmtree(d)
                removed.append(d.name)
            except OSError:
                pass
        return removed

    def latest(self) -> RunState | None:
        runs = self.runs()
        return self.load(str(runs[0])) if runs else None


def _last_touched(run: Path) -> float:
    """When a run last wrote anything: its snapshot, trace or the folder itself."""
    times = [run.stat().st_mtime]
    for name in ("state.json", "trace.jsonl"):
        try:
            times.append((run / name).stat().st_mtime)
        except FileNotFoundError:
            pass
    return max(times)
