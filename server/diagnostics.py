"""Candidate → Diagnostic: what a person sees in the editor for one finding.

Severity follows the candidate's status (confirmed: the `severity.confirmed` setting,
error by default; uncertain/pending: `severity.pending`, warning by default); dismissed
and not-yet-filtered candidates are not shown. The message carries the redacted preview
and the reason, never the value. A model's opinion is labelled as such, so nobody takes a
language model's guess for a checked fact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from lsprotocol import types

from ..loops.state import Candidate
from .rule_docs import rule_doc_url
from .settings import SeverityOptions

SOURCE = "secretloop"

SEVERITIES: dict[str, types.DiagnosticSeverity] = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}

VISIBLE = frozenset({"confirmed", "uncertain", "pending"})

RuleTitle = Callable[[str], str]


@dataclass(frozen=True)
class DiagnosticStyle:
    """How this client wants diagnostics: severities from settings, capabilities from the client."""

    severity: SeverityOptions
    data_support: bool = True  # publishDiagnostics.dataSupport (Neovim 0.7 has none)


def is_visible(c: Candidate) -> bool:
    return c.status in VISIBLE


def is_model_opinion(c: Candidate) -> bool:
    return c.opinion is not None and c.opinion.judge.startswith("openai")


def message_for(c: Candidate, title: str) -> str:
    if c.status == "confirmed":
        head = f"Hardcoded secret: {title}"
    elif c.status == "pending":
        head = f"Possible secret, waiting for your review: {title}"
    else:
        head = f"Possible secret: {title}"
    parts = [f"{head} {c.preview}"]
    model_said = is_model_opinion(c)
    # A judge's reason is "judge: why"; for a model it is shown once, labelled, below.
    if c.reason and not (model_said and c.decided_by == "judge"):
        parts.append(f"Reason: {c.reason}")
    if model_said and c.opinion is not None:
        parts.append(f"Model's opinion ({c.opinion.judge}, not verified): {c.opinion.verdict}, {c.opinion.reason}")
    return "\n".join(parts)


def severity_for(c: Candidate, options: SeverityOptions) -> types.DiagnosticSeverity:
    return SEVERITIES[options.confirmed if c.status == "confirmed" else options.pending]


def to_diagnostic(c: Candidate, rng: types.Range, style: DiagnosticStyle, title: RuleTitle) -> types.Diagnostic:
    """One finding as a diagnostic; `rng` is already in the client's position encoding."""
    return types.Diagnostic(
        range=rng,
        severity=severity_for(c, style.severity),
        source=SOURCE,
        code=c.rule_id,
        code_description=types.CodeDescription(href=rule_doc_url(c.rule_id)),
        message=message_for(c, title(c.rule_id)),
        data={"fingerprint": c.fingerprint} if style.data_support else None,
    )
