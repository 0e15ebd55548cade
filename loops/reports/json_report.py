"""JSON report: the whole outcome of a run, for machines (CI, dashboards, other tools).

Every finding is listed, dismissed ones included with their status and reason:
consumers filter. Lines and columns are 1-based; `end_column` is the column just past
the value (as in SARIF). Paths are posix and relative to the finding's root. No field
holds a value: only the redacted preview and the fingerprint.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from pydantic_core import to_json

from ... import __version__
from ..state import Candidate, RunState
from . import TOOL_NAME, RuleMeta, ordered, rule_meta

REPORT_VERSION = 1


def finding(c: Candidate, state: RunState, rule: RuleMeta) -> dict[str, Any]:
    f = c.features
    out: dict[str, Any] = {
        "id": c.id,
        "path": c.path,
        "root": state.task.roots[c.root] if 0 <= c.root < len(state.task.roots) else None,
        "line": c.start_line,
        "end_line": c.end_line,
        "column": c.start_col + 1,
        "end_column": c.end_col + 1,
        "rule_id": c.rule_id,
        "rule_title": rule.title,
        "category": rule.category,
        "status": c.status,
        "reason": c.reason,
        "decided_by": c.decided_by,
        "preview": c.preview,
        "fingerprint": c.fingerprint,
        "confidence": {
            "rule": c.rule_confidence,
            "entropy": round(f.entropy, 2),
            "length": f.length,
            "checksum_valid": f.checksum_valid,
            "known_prefix": f.known_prefix,
        },
    }
    if c.opinion is not None:
        o = c.opinion
        out["opinion"] = {
            "by": o.judge,
            "verdict": o.verdict,
            "confidence": o.confidence,
            "reason": o.reason,
            "note": o.note,
        }
    return out


def document(state: RunState, catalogue: Any) -> dict[str, Any]:
    """The report as a plain dict (what `render` serialises)."""
    return {k: list(v) if k == "findings" else v for k, v in _fields(state, catalogue)}


def findings(state: RunState, catalogue: Any) -> Iterator[dict[str, Any]]:
    """The findings in report order, one dict at a time: a large run's reports are written from
    this, never holding tens of thousands of finding dicts at once."""
    rules = {rule_id: rule_meta(catalogue, rule_id) for rule_id in {c.rule_id for c in state.candidates}}
    for c in ordered(state.candidates):
        yield finding(c, state, rules[c.rule_id])


def _fields(state: RunState, catalogue: Any) -> list[tuple[str, Any]]:
    """The document's (key, value) pairs in order; "findings" is an iterator (see `findings`)."""
    h = state.history
    return list({
        "version": REPORT_VERSION,
        "tool": {"name": TOOL_NAME, "version": __version__},
        "run": {
            "id": state.task.run_id,
            "status": state.status,
            "reason": state.status_reason,
            "roots": list(state.task.roots),
            "counts": state.counts(),
            "files_total": len(state.files),
            "files_scanned": h.files_scanned,
            "files_skipped": h.files_skipped,
        },
        "findings": findings(state, catalogue),
        "skipped": [s.model_dump(mode="json") for s in state.skipped],
        "notes": [n.model_dump(mode="json") for n in state.notes],
        "failures": [f.model_dump(mode="json") for f in state.failures.entries],
    }.items())


def render(state: RunState, catalogue: Any, *, indent: int | None = 2, doc: dict[str, Any] | None = None) -> str:
    """With `indent`, the top level is indented and each list item (a finding, a skipped file)
    takes one line: readable and diffable, and every item goes through json's C encoder,
    which the fully indented form never uses (5x slower on a large run). `doc`: this state's
    `document`, when the caller already built it (a run writes the JSON report twice)."""
    if indent is None:
        # pydantic_core's encoder: the same data, compact, several times faster than json.dumps
        return compact_bytes(state, catalogue, doc=doc).decode("utf-8")
    return _one_item_per_line(list(doc.items()) if doc is not None else _fields(state, catalogue), " " * indent)


def compact_bytes(state: RunState, catalogue: Any, *, doc: dict[str, Any] | None = None) -> bytes:
    """`render(..., indent=None)` as UTF-8 bytes, for a file: no str of twice the size (a large
    run's report is tens of megabytes, its previews hold non-Latin-1 characters), and the
    findings serialised one at a time (the same bytes as to_json of the whole document)."""
    if doc is not None:
        return to_json(doc) + b"\n"
    parts = []
    for key, value in _fields(state, catalogue):
        if isinstance(value, Iterator):
            value_json = b"[" + b",".join(map(to_json, value)) + b"]"
        else:
            value_json = to_json(value)
        parts.append(to_json(key) + b":" + value_json)
    return b"{" + b",".join(parts) + b"}\n"


def _one_item_per_line(fields: list[tuple[str, Any]], pad: str) -> str:
    """The indented document, newline-terminated, joined once from its pieces: a large run's
    report (tens of megabytes) is never copied piece by piece into bigger strings."""
    def dumps(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    parts = ["{\n"]
    for n, (key, value) in enumerate(fields):
        head = f",\n{pad}{dumps(key)}: " if n else f"{pad}{dumps(key)}: "
        if isinstance(value, (list, Iterator)):
            count = 0
            for count, item in enumerate(value, 1):  # a finding's dict is dropped once it is a line
                parts.append(f"{head}[\n{pad}{pad}" if count == 1 else f",\n{pad}{pad}")
                parts.append(dumps(item))
            parts.append(f"\n{pad}]" if count else f"{head}[]")
        else:
            parts.append(head + dumps(value))
    parts.append("\n}\n")
    return "".join(parts)
