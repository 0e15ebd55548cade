"""scan: the file list → candidates. Its tools read a file and scan text; nothing else.

One round scans one batch of files. The phase ends only when every file of the initial
list has been processed (scanned or skipped with a reason): the engine counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..state import Candidate, FileEntry, SkippedFile
from .base import RoundResult, ScannedFile


class Unreadable(Exception):
    """Raised by the read tool with a human-readable reason."""


@dataclass(frozen=True)
class ScanTools:
    batch: list[tuple[int, FileEntry]]  # (index in the list, entry)
    total: int
    # Scans one file: returns (sha256, size, candidates, cached) or raises Unreadable.
    scan_file: Callable[[FileEntry], tuple[str, int, list[Candidate], bool]]


class ScanPhase:
    name = "scan"

    async def round(self, tools: ScanTools) -> RoundResult:
        result = RoundResult(action="scan_batch", args={"files": len(tools.batch)})
        for index, entry in tools.batch:
            try:
                sha, size, found, cached = tools.scan_file(entry)
            except Unreadable as err:
                result.skipped.append(SkippedFile(root=entry.root, path=entry.path, reason=str(err), phase="scan"))
                result.skipped_indices.append(index)
                continue
            result.scanned.append(ScannedFile(index=index, sha256=sha, size=size, cached=cached))
            result.added.extend(found)
        last = tools.batch[-1][0] + 1 if tools.batch else tools.total
        result.cursor = last
        result.complete = last >= tools.total
        result.summary = (
            f"{len(result.scanned)} scanned, {len(result.skipped)} unreadable, "
            f"{len(result.added)} candidates ({last}/{tools.total})"
        )
        return result
