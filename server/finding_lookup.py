"""Which finding a code action or a review command is about.

With `data` (most clients) the fingerprint says it. Without it (Neovim 0.7 has no
dataSupport), the diagnostic's range and code identify the finding among what was last
published for that document; a range that merely overlaps a finding (the cursor inside
it) is the last resort.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types

from ..loops.state import Candidate
from .diagnostics_store import FileFindings


def _same_range(a: types.Range, b: types.Range) -> bool:
    return (a.start.line, a.start.character, a.end.line, a.end.character) == (
        b.start.line,
        b.start.character,
        b.end.line,
        b.end.character,
    )


def _overlaps(a: types.Range, b: types.Range) -> bool:
    a0, a1 = (a.start.line, a.start.character), (a.end.line, a.end.character)
    b0, b1 = (b.start.line, b.start.character), (b.end.line, b.end.character)
    return a0 <= b1 and b0 <= a1


def fingerprint_from_data(data: Any) -> str | None:
    if isinstance(data, dict) and isinstance(data.get("fingerprint"), str):
        return data["fingerprint"]
    return None


def find_finding(
    entry: FileFindings | None,
    *,
    fingerprint: str | None = None,
    rng: types.Range | None = None,
    code: str | None = None,
) -> Candidate | None:
    if entry is None:
        return None
    shown = entry.shown
    if fingerprint:
        at_range = [c for c, d in shown if c.fingerprint == fingerprint and rng is not None and _same_range(d.range, rng)]
        if at_range:
            return at_range[0]
        for c, _ in shown:
            if c.fingerprint == fingerprint:
                return c
    if rng is not None:
        exact = [c for c, d in shown if _same_range(d.range, rng) and (code is None or d.code == code)]
        if exact:
            return exact[0]
        near = [c for c, d in shown if _overlaps(d.range, rng) and (code is None or d.code == code)]
        if near:
            return near[0]
    return None


def findings_in_range(entry: FileFindings | None, rng: types.Range) -> list[tuple[Candidate, types.Diagnostic]]:
    """What the cursor or selection touches (for code actions asked without diagnostics)."""
    if entry is None:
        return []
    return [(c, d) for c, d in entry.shown if _overlaps(d.range, rng)]
