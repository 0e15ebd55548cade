"""Report renderers: the run state in, one document (text, JSON or SARIF) out.

Each format has its own module with `render(state, catalogue, ...) -> str`; `render(fmt, ...)`
here dispatches by name. Renderers only read the state: it holds redacted previews and
fingerprints, never a value, so nothing a renderer writes can contain one.

The helpers here are the pieces every format shares: what a rule looks like when the
catalogue does not know it, the one place rule documentation links are built, the
order findings are listed in, and where a finding's root is on disk.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from ..state import Candidate, RunState

FORMATS: tuple[str, ...] = ("text", "json", "sarif")

# Rule documentation lives next to the code; every link to it (SARIF helpUri, editor
# diagnostics) is built from this one base.
RULE_DOCS_BASE = "https://github.com/secretloop/secretloop/blob/main/docs/rules/"
TOOL_NAME = "secretloop"
TOOL_INFORMATION_URI = "https://github.com/secretloop/secretloop"

# Statuses that still wait for a decision (the run stopped before every candidate was settled).
UNSETTLED: frozenset[str] = frozenset({"pending", "uncertain", "candidate"})
# Deterministic dismissals: the scanner's own noise, not a decision anyone made.
DETERMINISTIC: frozenset[str] = frozenset({"filter", "rule"})


def rule_help_uri(rule_id: str) -> str:
    return f"{RULE_DOCS_BASE}{rule_id}.md"


@dataclass(frozen=True)
class RuleMeta:
    """What a report says about a rule; filled from the catalogue, or a fallback."""

    id: str
    title: str
    category: str
    confidence: str
    description: str
    known: bool  # False when the catalogue had no such rule (a state from another version)


def rule_meta(catalogue: Any, rule_id: str) -> RuleMeta:
    """Look a rule up; a rule the catalogue does not know still gets a usable entry.

    A snapshot can outlive a rules file (resume after an upgrade), so a missing rule must
    not stop a report from being written.
    """
    rule = None
    if catalogue is not None:
        try:
            rule = catalogue.get(rule_id)
        except (KeyError, LookupError):
            rule = None
    if rule is None:
        return RuleMeta(rule_id, rule_id, "generic", "low", "", known=False)
    return RuleMeta(
        id=rule_id,
        title=str(getattr(rule, "title", "") or rule_id),
        category=str(getattr(rule, "category", "") or "generic"),
        confidence=str(getattr(rule, "confidence", "") or "low"),
        description=str(getattr(rule, "description", "") or ""),
        known=True,
    )


def ordered(candidates: list[Candidate]) -> list[Candidate]:
    """Stable report order: by root, file, position, then rule."""
    return sorted(candidates, key=lambda c: (c.root, c.path, c.start_line, c.start_col, c.rule_id, c.id))


def root_base(root: str) -> str:
    """The directory a root's relative paths hang off (a root may be a single file)."""
    return os.path.dirname(root) if os.path.isfile(root) else root


def one_line(text: str) -> str:
    """Reasons come from judges and people: keep each on one line in line-oriented output."""
    return " ".join(text.split())


def render(fmt: str, state: RunState, catalogue: Any, **options: Any) -> str:
    """Render `state` in format `fmt` ("text", "json" or "sarif")."""
    if fmt == "text":
        from .text import render as render_text

        return render_text(state, catalogue, **options)
    if fmt == "json":
        from .json_report import render as render_json

        return render_json(state, catalogue, **options)
    if fmt == "sarif":
        from .sarif import render as render_sarif

        return render_sarif(state, catalogue, **options)
    raise ValueError(f"unknown report format {fmt!r}; expected one of: {', '.join(FORMATS)}")
