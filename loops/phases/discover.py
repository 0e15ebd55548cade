"""discover: workspace roots + settings → the file list. Its only tool lists files."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..discovery import DiscoveryError
from ..state import Failure, FileEntry, SkippedFile
from .base import RoundResult

ListFiles = Callable[[], tuple[list[FileEntry], list[SkippedFile]]]


@dataclass(frozen=True)
class DiscoverTools:
    list_files: ListFiles


class DiscoverPhase:
    name = "discover"

    async def round(self, tools: DiscoverTools) -> RoundResult:
        try:
            files, skipped = tools.list_files()
        except DiscoveryError as err:  # a root that went away, an unreadable root: no retry mends it
            return RoundResult(
                action="list_files",
                failure=Failure(phase="discover", step="list_files", kind="bad_input", retryable=False, message=str(err)),
            )
        return RoundResult(
            action="list_files",
            summary=f"{len(files)} files to scan, {len(skipped)} skipped",
            discovered=files,
            skipped=skipped,
            complete=True,
        )
