"""review: candidates the judge could not settle → a person's decision each.

The tool reads the decisions file (where the editor, `secretloop review` and the
hook record what a person decided). What it still lacks is handed to a person: the
run stops as need_human (editor) or goes on to report them as pending (CI, hook).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state import Candidate
from .base import RoundResult, StatusChange
from .filter import DecisionLookup


@dataclass(frozen=True)
class ReviewTools:
    candidates: list[Candidate]  # every candidate a person's decision may apply to
    decision_for: DecisionLookup
    wait_for_person: bool


class ReviewPhase:
    name = "review"

    async def round(self, tools: ReviewTools) -> RoundResult:
        pending = [c for c in tools.candidates if c.status == "pending"]
        result = RoundResult(action="read_decisions", args={"pending": len(pending)})
        for c in tools.candidates:
            d = tools.decision_for(c.root, c.fingerprint)
            if d is None:
                continue
            status, why = d
            if c.status == status and c.decided_by in ("human", "decisions_file"):
                continue  # already applied
            # A person's decision overrides a judge's or a rule's, in both directions.
            result.changes.append(StatusChange(candidate_id=c.id, status=status, reason=why or f"{status} by a person", decided_by="human"))
        decided = {ch.candidate_id for ch in result.changes}
        left = sum(1 for c in pending if c.id not in decided)
        result.summary = f"{len(result.changes)} decided by a person, {left} pending"
        if left and tools.wait_for_person:
            result.stop = "need_human"
            result.stop_reason = f"{left} finding(s) wait for a person's decision"
        else:
            result.complete = True
        return result
