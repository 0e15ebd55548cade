"""Text report: what a person reads in a terminal or a CI log.

One line per finding, `path:line:col  STATUS  rule-id  preview  (reason)`, confirmed
secrets first, then those waiting for a person, then only a count of dismissed
candidates (they are not secrets; the JSON report lists them). A summary line closes
the report. Columns are 1-based, as editors and compilers print them. Colour only when
asked for: the caller knows whether its output is a terminal.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

from ..state import Candidate, RunState
from . import DETERMINISTIC, UNSETTLED, one_line, ordered, root_base

_RESET = "\033[0m"
_STYLES = {
    "confirmed": "\033[1;31m",  # bold red
    "unsettled": "\033[33m",  # yellow
    "dim": "\033[2m",
    "bold": "\033[1m",
}

_DECIDER_NAMES = {
    "filter": "by filters",
    "rule": "by rules",
    "suppression": "by allow comments",
    "judge": "by the judge",
    "human": "by a person",
    "decisions_file": "in the decisions file",
    None: "undecided",
}


def _paint(text: str, style: str, color: bool) -> str:
    return f"{_STYLES[style]}{text}{_RESET}" if color else text


def _display_path(c: Candidate, state: RunState) -> str:
    # One root: paths relative to it read best. Several: a relative path is ambiguous.
    roots = state.task.roots
    if len(roots) <= 1 or not (0 <= c.root < len(roots)):
        return c.path
    return os.path.join(root_base(roots[c.root]), *c.path.split("/"))


def _finding_line(c: Candidate, state: RunState, style: str, color: bool) -> str:
    where = f"{_display_path(c, state)}:{c.start_line}:{c.start_col + 1}"
    status = _paint(c.status.upper(), style, color)
    reason = one_line(c.reason)
    line = f"  {where}  {status}  {c.rule_id}  {c.preview}"
    if reason:
        line += f"  ({reason})"
    if c.opinion is not None and c.decided_by != "judge":
        # The judge's view is worth showing when someone or something else decided.
        line += f"  [judge {c.opinion.judge}: {c.opinion.verdict}]"
    return line


def render(state: RunState, catalogue: Any = None, *, color: bool = False) -> str:
    """Render the run as text. `catalogue` is accepted for a uniform signature; ids suffice here."""
    findings = ordered(state.candidates)
    confirmed = [c for c in findings if c.status == "confirmed"]
    unsettled = [c for c in findings if c.status in UNSETTLED]
    dismissed = [c for c in findings if c.status == "dismissed"]
    out: list[str] = []

    if confirmed:
        out.append(_paint(f"Confirmed secrets ({len(confirmed)})", "bold", color))
        out.extend(_finding_line(c, state, "confirmed", color) for c in confirmed)
    if unsettled:
        if out:
            out.append("")
        out.append(_paint(f"Waiting for review ({len(unsettled)})", "bold", color))
        out.extend(_finding_line(c, state, "unsettled", color) for c in unsettled)
    if dismissed:
        if out:
            out.append("")
        by = Counter(c.decided_by for c in dismissed)
        # Decisions someone made first, the scanner's own filtering last.
        order = sorted(by, key=lambda k: (k in DETERMINISTIC, _DECIDER_NAMES.get(k, str(k))))
        parts = ", ".join(f"{by[k]} {_DECIDER_NAMES.get(k, str(k))}" for k in order)
        out.append(_paint(f"{len(dismissed)} dismissed as not secrets ({parts})", "dim", color))
    if not findings:
        out.append("No secrets found.")

    open_notes = [n for n in state.notes if not n.acknowledged]
    if open_notes:
        out.append("")
        out.append(_paint(f"Notes ({len(open_notes)})", "bold", color))
        for n in open_notes:
            where = f"{n.path}: " if n.path else ""
            out.append(f"  {n.phase}/{n.source}: {where}{one_line(n.text)}")
    if state.failures.entries:
        out.append("")
        out.append(_paint(f"Failures ({len(state.failures.entries)})", "bold", color))
        for f in state.failures.entries:
            again = "retryable" if f.retryable else "not retryable"
            out.append(f"  {f.phase}/{f.step}: {f.kind} ({again}): {one_line(f.message)}")

    h = state.history
    # every file met: the list to scan plus those discovery skipped (a file the scan skipped for
    # its content is in the list already), so "scanned + skipped" adds up on a cold run and a rescan
    seen = len(state.files) + sum(1 for s in state.skipped if s.phase == "discover")
    run = f"run {state.status}"
    if state.status_reason:
        run += f" ({one_line(state.status_reason)})"
    summary = (
        f"{len(confirmed)} confirmed, {len(unsettled)} waiting for review, {len(dismissed)} dismissed"
        f" · {h.files_scanned} of {seen} files scanned, {h.files_skipped} skipped"
        f" · {run}"
    )
    out.append("")
    out.append(_paint(summary, "bold", color))
    return "\n".join(out) + "\n"
