"""SARIF 2.1.0 report: for code-scanning services and any SARIF viewer.

One run. Result levels: "error" for a confirmed secret, "warning" for one still waiting
for a decision (and for a dismissed one, which carries a suppression and is hidden by
viewers); "note" is not used. Each location is a path relative to its root, with
`uriBaseId` "ROOT<n>" resolved through `run.originalUriBaseIds`, so the log stays valid
when the checkout moves. Columns count Unicode code points (`columnKind`) and are
1-based; `endColumn` is the column just past the value.

Candidates dismissed by deterministic filters are not emitted: they are the scanner's
own noise. Dismissals someone (or something) decided — a judge, a person, the decisions
file, an inline allow comment — are emitted with a `suppressions` entry, so the decision
is visible and auditable. `partialFingerprints["secretloop/v1"]` is the value's keyed
fingerprint: moving a secret keeps the identity of its result.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from pydantic_core import to_json

from ... import __version__
from ..state import Candidate, Failure, Note, RunState
from . import (
    DETERMINISTIC,
    TOOL_INFORMATION_URI,
    TOOL_NAME,
    UNSETTLED,
    RuleMeta,
    one_line,
    ordered,
    root_base,
    rule_help_uri,
    rule_meta,
)

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
FINGERPRINT_KEY = "secretloop/v1"

_PRECISION = {"high": "high", "medium": "medium", "low": "low"}


def emitted(c: Candidate) -> bool:
    """Whether a candidate becomes a SARIF result (deterministic dismissals do not)."""
    return not (c.status == "dismissed" and c.decided_by in DETERMINISTIC)


def level(c: Candidate) -> str:
    return "error" if c.status == "confirmed" else "warning"


def uri_base_id(root_index: int) -> str:
    return f"ROOT{root_index}"


def _root_uri(root: str) -> str:
    uri = Path(root_base(root)).absolute().as_uri()
    return uri if uri.endswith("/") else uri + "/"


def _rule_name(rule_id: str) -> str:
    # SARIF `name` is an identifier-like label: "github-pat" -> "GithubPat".
    return "".join(part[:1].upper() + part[1:] for part in rule_id.replace("_", "-").split("-") if part)


def _descriptor(rule: RuleMeta) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": rule.id,
        "name": _rule_name(rule.id),
        "shortDescription": {"text": rule.title},
        "fullDescription": {"text": rule.description or rule.title},
        "helpUri": rule_help_uri(rule.id),
        "defaultConfiguration": {"level": "error" if rule.confidence == "high" else "warning"},
        "properties": {"tags": [rule.category], "precision": _PRECISION.get(rule.confidence, "low")},
    }
    return d


def _suppression(c: Candidate) -> dict[str, Any]:
    kind = "inSource" if c.decided_by == "suppression" else "external"
    s: dict[str, Any] = {
        "kind": kind,
        "status": "accepted",
        "justification": one_line(c.reason) or "dismissed",
        "properties": {"decidedBy": c.decided_by or "unknown"},
    }
    if c.decided_by == "judge" and c.opinion is not None:
        s["properties"]["judge"] = c.opinion.judge
    return s


def _message(c: Candidate, rule: RuleMeta) -> str:
    text = f"{rule.title}: {c.preview}"
    reason = one_line(c.reason)
    return f"{text} ({reason})" if reason else text


# A path is written as it is, save what would change how a URI reference reads: "%" (an escape), "#" and "?" (a
# fragment, a query), ":" (in a relative reference's first segment, a scheme) and control characters. Spaces,
# braces and non-ASCII letters stay as the file's name has them (an IRI, as GitHub and the SARIF viewers read
# it): tools that match the paths of a report without decoding them, as gitleaks' reports are matched, find
# `Cloud Ops.postman_collection.json` and a GPO backup's `{GUID}` folder, which `Cloud%20Ops…` and `%7B…%7D` hid.
_PATH_SAFE = "/!$&'()*+,;=@ {}[]<>\"^`|~:"


def path_uri(path: str) -> str:
    """A workspace path as a SARIF artifact's relative uri (see _PATH_SAFE)."""
    uri = "".join(ch if ch.isprintable() and ord(ch) > 127 else quote(ch, safe=_PATH_SAFE) for ch in path)
    first, slash, rest = uri.partition("/")
    return first.replace(":", "%3A") + slash + rest


def _result(c: Candidate, rule_index: int, rule: RuleMeta) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": c.rule_id,
        "ruleIndex": rule_index,
        "level": level(c),
        "message": {"text": _message(c, rule)},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": path_uri(c.path), "uriBaseId": uri_base_id(c.root)},
                    "region": {
                        "startLine": c.start_line,
                        "startColumn": c.start_col + 1,
                        "endLine": c.end_line,
                        "endColumn": c.end_col + 1,
                    },
                }
            }
        ],
        "partialFingerprints": {FINGERPRINT_KEY: c.fingerprint},
        "properties": {"status": c.status, "decidedBy": c.decided_by, "preview": c.preview},
    }
    if c.opinion is not None:
        o = c.opinion
        result["properties"]["opinion"] = {"by": o.judge, "verdict": o.verdict, "confidence": o.confidence}
    if c.status == "dismissed":
        result["suppressions"] = [_suppression(c)]
    return result


def _utc(ts: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ts))


def _failure_notification(f: Failure) -> dict[str, Any]:
    return {
        "level": "warning" if f.retryable else "error",
        "message": {"text": f"{f.phase}/{f.step}: {f.kind}: {one_line(f.message)}"},
        "descriptor": {"id": f"failure/{f.kind}"},
        "timeUtc": _utc(f.at),
        "properties": {"retryable": f.retryable, "round": f.round},
    }


def _note_notification(n: Note) -> dict[str, Any]:
    where = f"{n.path}: " if n.path else ""
    return {
        "level": "note",
        "message": {"text": f"{n.phase}/{n.source}: {where}{one_line(n.text)}"},
        "descriptor": {"id": "note"},
    }


def document(state: RunState, catalogue: Any) -> dict[str, Any]:
    """The SARIF log as a plain dict (what `render` serialises)."""
    results_of = [c for c in ordered(state.candidates) if emitted(c)]
    metas = {rid: rule_meta(catalogue, rid) for rid in sorted({c.rule_id for c in results_of})}
    index = {rid: i for i, rid in enumerate(metas)}

    base_ids = {uri_base_id(i): {"uri": _root_uri(root)} for i, root in enumerate(state.task.roots)}
    successful = state.status in ("done", "need_human")
    invocation: dict[str, Any] = {
        "executionSuccessful": successful,
        "toolExecutionNotifications": [_failure_notification(f) for f in state.failures.entries]
        + [_note_notification(n) for n in state.notes if not n.acknowledged],
    }
    if state.status_reason:
        invocation["exitCodeDescription"] = f"{state.status}: {one_line(state.status_reason)}"

    h = state.history
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": TOOL_NAME,
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": TOOL_INFORMATION_URI,
                "rules": [_descriptor(m) for m in metas.values()],
            }
        },
        "invocations": [invocation],
        "originalUriBaseIds": base_ids,
        "columnKind": "unicodeCodePoints",
        "results": [_result(c, index[c.rule_id], metas[c.rule_id]) for c in results_of],
        "properties": {
            "runId": state.task.run_id,
            "status": state.status,
            "counts": state.counts(),
            "filesTotal": len(state.files),
            "filesScanned": h.files_scanned,
            "filesSkipped": h.files_skipped,
            "unsettled": sum(1 for c in state.candidates if c.status in UNSETTLED),
        },
    }
    return {"$schema": SARIF_SCHEMA_URI, "version": SARIF_VERSION, "runs": [run]}


def render(state: RunState, catalogue: Any, *, indent: int | None = 2) -> str:
    # pydantic_core's encoder indents as json.dumps(ensure_ascii=False) does, several times
    # faster: Python's json only uses its C encoder without indentation (a 1 MB log took 30 ms)
    return to_json(document(state, catalogue), indent=indent).decode("utf-8") + "\n"
