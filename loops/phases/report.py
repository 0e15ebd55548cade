"""report: all statuses → the report. Its only tool writes output."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .base import RoundResult


@dataclass(frozen=True)
class ReportTools:
    write_reports: Callable[[], list[str]]  # writes every configured output, returns where


class ReportPhase:
    name = "report"

    async def round(self, tools: ReportTools) -> RoundResult:
        where = tools.write_reports()
        return RoundResult(action="write_reports", summary=f"wrote {', '.join(where) or 'nothing'}", reports=where, complete=True)
