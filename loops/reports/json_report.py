"""JSON report: the whole outcome of a run, for machines (CI, dashboards, other tools).

Every finding is listed, dismissed ones included with their status and reason:
consumers filter. Lines and columns are 1-based; `end_column` is the column just past
the value (as in SARIF). Paths are posix and relative to the finding's root. No field
holds a value: only the redacted preview and the fingerprint.
"""

from __future__ import annotations

import json
from typing import Any

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
    h = state.history
    rules = {rule_id: rule_meta(catalogue, rule_id) for rule_id in {c.rule_id for c in state.candidates}}
    return {
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
        "findings": [finding(c, state, rules[c.rule_id]) for c in ordered(state.candidates)],
        "skipped": [s.model_dump(mode="json") for s in state.skipped],
        "notes": [n.model_dump(mode="json") for n in state.notes],
        "failures": [f.model_dump(mode="json") for f in state.failures.entries],
    }


def render(state: RunState, catalogue: Any, *, indent: int | None = 2, doc: dict[str, Any] | None = None) -> str:
    """With `indent`, the top level is indented and each list item (a finding, a skipped file)
    takes one line: readable and diffable, and every item goes through json's C encoder,
    which the fully indented form never uses (5x slower on a large run). `doc`: this state's
    `document`, when the caller already built it (a run writes the JSON report twice)."""
    if doc is None:
        doc = document(state, catalogue)
    if indent is None:
        # pydantic_core's encoder: the same data, compact, several times faster than json.dumps
        return to_json(doc).decode("utf-8") + "\n"
    return _one_item_per_line(doc, " " * indent) + "\n"


def compact_bytes(state: RunState, catalogue: Any, *, doc: dict[str, Any] | None = None) -> bytes:
    """`render(..., indent=None)` as UTF-8 bytes, for a file: no str of twice the size (a large
    run's report is tens of megabytes, its previews hold non-Latin-1 characters)."""
    return to_json(document(state, catalogue) if doc is None else doc) + b"\n"


def _one_item_per_line(doc: dict[str, Any], pad: str) -> str:
    def dumps(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    fields = []
    for key, value in doc.items():
        if isinstance(value, list) and value:
            items = f",\n{pad}{pad}".join(dumps(v) for v in value)
            fields.append(f"{pad}{dumps(key)}: [\n{pad}{pad}{items}\n{pad}]")
        else:
            fields.append(f"{pad}{dumps(key)}: {dumps(value)}")
    return "{\n" + ",\n".join(fields) + "\n}"
