"""A person's confirm or dismiss from the editor: the decisions file, then the loop.

The decision is keyed by the value's fingerprint (DESIGN.md §3) and written to the
decisions file of the root the finding was scanned under, so the CLI, the hook and CI
honour it too. Every place the same value is shown updates at once (confirmed: error,
dismissed: gone); a run waiting in need_human is then resumed and finishes.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass
from typing import Any, Literal

from lsprotocol import types
from pydantic import BaseModel, ConfigDict, ValidationError

from secretloop.who import current_user

from ..loops.decisions import Decision, DecisionsFileError, DecisionsStore, utc_now
from ..loops.state import Candidate
from .diagnostics_store import DiagnosticsStore, FileFindings
from .finding_lookup import find_finding
from .paths import document_key

Verdict = Literal["confirmed", "dismissed"]

REASONS: dict[str, str] = {
    "confirmed": "confirmed in the editor: a secret",
    "dismissed": "dismissed in the editor: not a secret",
}


class _Position(BaseModel):
    line: int
    character: int


class _Range(BaseModel):
    start: _Position
    end: _Position


class ReviewArgument(BaseModel):
    """The review commands' argument: {uri, range, code, fingerprint?} (docs/CONTRACTS.md)."""

    model_config = ConfigDict(extra="ignore")

    uri: str
    range: _Range | None = None
    code: str | None = None
    fingerprint: str | None = None

    def lsp_range(self) -> types.Range | None:
        if self.range is None:
            return None
        r = self.range
        return types.Range(
            start=types.Position(line=r.start.line, character=r.start.character),
            end=types.Position(line=r.end.line, character=r.end.character),
        )


class ReviewError(Exception):
    """Why a review command could not be carried out (shown to the person)."""


def parse_argument(raw: Any) -> ReviewArgument:
    if not isinstance(raw, dict):
        raise ReviewError("expected one argument {uri, range, code, fingerprint?}")
    try:
        return ReviewArgument.model_validate(raw)
    except ValidationError as err:
        where = ", ".join(".".join(str(p) for p in e["loc"]) for e in err.errors())
        raise ReviewError(f"invalid argument ({where}); expected {{uri, range, code, fingerprint?}}") from None


@dataclass
class Decided:
    finding: Candidate
    decision: Decision
    decisions_file: str
    changed: list[FileFindings]


def locate_finding(store: DiagnosticsStore, arg: ReviewArgument) -> tuple[FileFindings, Candidate]:
    entry = store.get(document_key(arg.uri))
    finding = find_finding(entry, fingerprint=arg.fingerprint, rng=arg.lsp_range(), code=arg.code)
    if entry is None or finding is None:
        raise ReviewError("no SecretLoop finding at that place any more (the file may have changed); rescan and try again")
    return entry, finding


async def record_decision(
    store: DiagnosticsStore, arg: ReviewArgument, verdict: Verdict, decisions_file: str
) -> Decided:
    """Write the decision (locked, atomic, off the event loop) and apply it to what is shown."""
    entry, finding = locate_finding(store, arg)
    path = os.path.join(entry.root, decisions_file)
    by = (await asyncio.to_thread(current_user, entry.root))[:200] or "editor"
    decision = Decision(
        fingerprint=finding.fingerprint,
        decision=verdict,
        rule_id=finding.rule_id,
        path=finding.path,
        reason=REASONS[verdict],
        by=by,
        date=utc_now(),
    )
    try:
        standing = await asyncio.to_thread(DecisionsStore(path).record, decision)
    except DecisionsFileError as err:
        raise ReviewError(str(err)) from None
    except OSError as err:
        raise ReviewError(f"cannot write {path}: {err.strerror or err}") from None
    changed = store.apply_decision(finding.fingerprint, standing.decision, standing.reason or REASONS[verdict])
    return Decided(finding=finding, decision=standing, decisions_file=path, changed=changed)
