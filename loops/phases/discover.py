"""discover: workspace roots + settings → the file list. Its only tool lists files."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..state import FileEntry, SkippedFile
from .base import RoundResult

ListFiles = Callable[[], tuple[list[FileEntry], list[SkippedFile]]]


@dataclass(frozen=True)
class DiscoverTools:
    list_files: ListFiles


class DiscoverPhase:
    name = "discover"

    async def round(self, tools: DiscoverTools) -> RoundResult:
        files, skipped = tools.list_files()
        return RoundResult(
            action="list_files",
            summary=f"{len(files)} files to scan, {len(skipped)} skipped",
            discovered=files,
            skipped=skipped,
            complete=True,
        )
