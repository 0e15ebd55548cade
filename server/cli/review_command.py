"""`secretloop review`: walk the findings that wait for a person, one by one, in a terminal.

Shows the redacted context (never the value) and records each choice in the decisions
file, the same one the editor and the hook read.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys

from secretloop.loops.decisions import Decision, DecisionsStore

from .scan_command import scan_quietly
from .who import current_user

CHOICES = "[c]onfirm secret / [d]ismiss (not a secret) / [s]kip / [q]uit"


def _ask(prompt: str) -> str:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        return "q"
    return line.strip().lower()[:1]


def run_review(args: argparse.Namespace) -> int:
    final = scan_quietly(args)
    roots, settings = final.task.roots, final.task.settings
    pending = [c for c in final.candidates if c.status == "pending"]
    if not pending:
        print("nothing waits for review")
        return 0
    who = current_user(roots[0] if os.path.isdir(roots[0]) else None)
    decided = skipped = 0
    for n, c in enumerate(pending, 1):
        root = final.task.roots[c.root]
        print(f"\n[{n}/{len(pending)}] {c.path}:{c.start_line}:{c.start_col + 1}  {c.rule_id}  {c.preview}")
        print(f"    why: {c.reason}")
        for line in c.context:
            print("    | " + line)
        while True:
            choice = _ask(CHOICES + "? ")
            if choice in ("c", "d", "s", "q"):
                break
            print("please answer c, d, s or q")
        if choice == "q":
            break
        if choice == "s":
            skipped += 1
            continue
        reason = "confirmed by a person in review" if choice == "c" else "dismissed by a person in review"
        base = root if os.path.isdir(root) else os.path.dirname(root)
        DecisionsStore(os.path.join(base, settings.decisions_file)).record(
            Decision(
                fingerprint=c.fingerprint,
                decision="confirmed" if choice == "c" else "dismissed",
                rule_id=c.rule_id,
                path=c.path,
                reason=reason,
                by=who,
                date=dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat(),
            )
        )
        decided += 1
    print(f"\n{decided} decided, {skipped} skipped, {len(pending) - decided - skipped} left")
    return 0
