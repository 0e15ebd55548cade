"""Shared builders for the server's unit tests."""

from __future__ import annotations

from typing import Any

from secretloop.loops.redact import fingerprint, preview
from secretloop.loops.state import Candidate, Features, JudgeOpinion


def make_candidate(
    value: str,
    *,
    rule_id: str = "github-pat",
    path: str = "app/config.py",
    line: int = 3,
    col: int = 8,
    status: str = "confirmed",
    reason: str = "known token format",
    decided_by: str | None = "rule",
    opinion: JudgeOpinion | None = None,
    root: int = 0,
    **features: Any,
) -> Candidate:
    fp = fingerprint(rule_id, value)
    return Candidate(
        id=f"{fp[4:20]}:{root}:{path}:{line}:{col}",
        rule_id=rule_id,
        rule_confidence="high",
        root=root,
        path=path,
        start_line=line,
        start_col=col,
        end_line=line,
        end_col=col + len(value),
        preview=preview(value),
        fingerprint=fp,
        features=Features(length=len(value), entropy=4.2, char_classes="Aa1", **features),
        status=status,
        reason=reason,
        decided_by=decided_by,
        opinion=opinion,
    )
