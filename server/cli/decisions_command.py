"""`secretloop decisions check`: decisions whose secret no longer occurs anywhere (stale)."""

from __future__ import annotations

import argparse
import os
import sys

from secretloop.loops.decisions import DecisionsStore

from .scan_command import scan_quietly


def run_check(args: argparse.Namespace) -> int:
    final = scan_quietly(args)
    settings = final.task.settings
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
