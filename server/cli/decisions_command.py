"""`secretloop decisions check`: decisions whose secret no longer occurs anywhere (stale)."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys

from secretloop.loops.decisions import DecisionsStore
from secretloop.loops.engine import Engine
from secretloop.loops.runs import RunStore, new_run

from .config import load_settings
from .scan_command import resolve_roots


def run_check(args: argparse.Namespace) -> int:
    roots = resolve_roots(args.paths)
    settings = load_settings(args, roots)
    state = new_run(roots, settings)
    store = RunStore(args.state_dir or RunStore.default_dir(roots))
    final = asyncio.run(Engine(state, store=store).run())
    if final.status not in ("done", "need_human"):
        print(f"secretloop: the scan did not finish ({final.status}): {final.status_reason}", file=sys.stderr)
        return 3
    stale_total = 0
    for i, root in enumerate(final.task.roots):
        seen = {c.fingerprint for c in final.candidates if c.root == i}
        base = root if os.path.isdir(root) else os.path.dirname(root)
        path = os.path.join(base, settings.decisions_file)
        store_ = DecisionsStore(path)
        stale = store_.stale(seen)
        for d in stale:
            print(f"{os.path.relpath(path)}: stale {d.decision} decision {d.fingerprint} (rule {d.rule_id}, last seen in {d.path}, {d.date})")
        stale_total += len(stale)
    print(f"{stale_total} stale decision(s)", file=sys.stderr)
    return 1 if stale_total else 0
