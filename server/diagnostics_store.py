"""The findings each document shows, with the guard that keeps newer results on top.

Entries are keyed by the file's absolute path (a client may spell the same file's URI
differently from `from_fs_path`); each keeps the URI to publish to.

Every scan takes a tick (a counter) when it starts. A result is accepted for a URI only
if its tick is not older than the one already shown there: an old workspace run that
reaches a file late never overwrites a document scan that started after it, and a slow
document scan never overwrites a newer one of the same document.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Iterator, Literal

from lsprotocol import types

from ..loops.state import Candidate

Origin = Literal["workspace", "document", "review"]


@dataclass
class FileFindings:
    key: str  # absolute path (or the URI itself for non-file documents)
    uri: str  # where diagnostics are published
    root: str  # the workspace root the loop scanned the file under (decisions live there)
    findings: list[Candidate]  # every candidate of the file, dismissed ones included
    origin: Origin
    tick: int
    run_id: str = ""
    version: int | None = None  # the document version a document scan saw
    # What was last published, in the client's encoding: the base for finding lookups.
    shown: list[tuple[Candidate, types.Diagnostic]] = field(default_factory=list)


class Ticks:
    """Start order of scans: later scans saw newer content."""

    def __init__(self) -> None:
        self._counter = itertools.count(1)

    def next(self) -> int:
        return next(self._counter)


class DiagnosticsStore:
    def __init__(self) -> None:
        self._files: dict[str, FileFindings] = {}

    def offer(
        self,
        key: str,
        uri: str,
        root: str,
        findings: list[Candidate],
        origin: Origin,
        tick: int,
        run_id: str = "",
        version: int | None = None,
    ) -> FileFindings | None:
        """Store a scan's result for the file unless a newer scan's result is already there."""
        current = self._files.get(key)
        if current is not None and tick < current.tick:
            return None
        entry = FileFindings(key=key, uri=uri, root=root, findings=list(findings), origin=origin, tick=tick, run_id=run_id, version=version)
        self._files[key] = entry
        return entry

    def get(self, key: str) -> FileFindings | None:
        return self._files.get(key)

    def drop(self, key: str, tick: int) -> FileFindings | None:
        """Forget a file (deleted, or a finished run found nothing there) unless a newer result is there."""
        current = self._files.get(key)
        if current is None or tick < current.tick:
            return None
        del self._files[key]
        return current

    def entries(self) -> Iterator[FileFindings]:
        return iter(list(self._files.values()))

    def with_fingerprint(self, fingerprint: str) -> list[FileFindings]:
        return [e for e in self._files.values() if any(c.fingerprint == fingerprint for c in e.findings)]

    def apply_decision(self, fingerprint: str, status: Literal["confirmed", "dismissed"], reason: str) -> list[FileFindings]:
        """A person's decision applies to every place the same value occurs (keyed by content)."""
        changed = []
        for entry in self.with_fingerprint(fingerprint):
            entry.findings = [
                c.model_copy(update={"status": status, "reason": reason, "decided_by": "human"}) if c.fingerprint == fingerprint and c.decided_by != "suppression"  # an inline allow comment wins, as in the loop
                else c
                for c in entry.findings
            ]
            changed.append(entry)
        return changed
