"""scan: the file list → candidates. Its tools read a file and scan text; nothing else.

One round scans one batch of files. The phase ends only when every file of the initial
list has been processed (scanned or skipped with a reason): the engine counts.

Two ways to scan a batch: `scan_file` one file at a time (in-process), or `scan_batch`
for the whole batch at once, which may answer from the content cache and spread the
misses over worker processes; it is told the files that come next so the workers keep
busy while the engine writes its snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..state import Candidate, FileEntry, SkippedFile
from .base import RoundResult, ScannedFile


class Unreadable(Exception):
    """Raised by the read tool with a human-readable reason."""


@dataclass(frozen=True, slots=True)
class FileOutcome:
    """What scanning one file of a batch gave: candidates, or why it could not be read."""

    index: int  # into the file list
    sha256: str = ""
    size: int = 0
    candidates: list[Candidate] = field(default_factory=list)
    cached: bool = False  # answered from the content cache
    unreadable: str | None = None  # the reason, when the file could not be scanned
    # unreadable for its content alone (binary, minified): holds while the file is unchanged
    for_content: bool = False


Batch = list[tuple[int, FileEntry]]  # (index in the list, entry)


@dataclass(frozen=True)
class ScanTools:
    batch: Batch
    total: int
    # Scans one file: returns (sha256, size, candidates, cached) or raises Unreadable.
    scan_file: Callable[[FileEntry], tuple[str, int, list[Candidate], bool]]
    # Scans a whole batch (one outcome per file, in batch order), given the files after it.
    scan_batch: Callable[[Batch, Batch], list[FileOutcome]] | None = None
    upcoming: Batch = field(default_factory=list)  # the files after this batch, in order


class ScanPhase:
    name = "scan"

    async def round(self, tools: ScanTools) -> RoundResult:
        result = RoundResult(action="scan_batch", args={"files": len(tools.batch)})
        outcomes = tools.scan_batch(tools.batch, tools.upcoming) if tools.scan_batch else self._one_by_one(tools)
        by_index = {index: entry for index, entry in tools.batch}
        for outcome in outcomes:
            entry = by_index[outcome.index]
            if outcome.unreadable is not None:
                result.skipped.append(SkippedFile(root=entry.root, path=entry.path, reason=outcome.unreadable, phase="scan"))
                result.skipped_indices.append(outcome.index)
                continue
            result.scanned.append(ScannedFile(index=outcome.index, sha256=outcome.sha256, size=outcome.size, cached=outcome.cached))
            result.added.extend(outcome.candidates)
        last = tools.batch[-1][0] + 1 if tools.batch else tools.total
        result.cursor = last
        result.complete = last >= tools.total
        cached = sum(s.cached for s in result.scanned)
        result.summary = (
            f"{len(result.scanned)} scanned ({cached} from cache), {len(result.skipped)} skipped, "
            f"{len(result.added)} candidates ({last}/{tools.total})"
        )
        return result

    @staticmethod
    def _one_by_one(tools: ScanTools) -> list[FileOutcome]:
        outcomes = []
        for index, entry in tools.batch:
            try:
                sha, size, found, cached = tools.scan_file(entry)
            except Unreadable as err:
                outcomes.append(FileOutcome(index=index, unreadable=str(err)))
                continue
            outcomes.append(FileOutcome(index=index, sha256=sha, size=size, candidates=found, cached=cached))
        return outcomes
