"""triage: uncertain candidates → a verdict each from the judge.

The only tool is "ask the judge about these candidates". A request carries just the
candidates in front of it (JudgeRequest has no field for earlier verdicts). Verdicts
already known for a fingerprint (the cache) are reused, never asked twice.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Callable

from ..judges.base import Judge, JudgeError, JudgeRequest, Verdict
from ..state import Failure, JudgeOpinion, Note
from .base import RoundResult, StatusChange

_STATUS = {"secret": "confirmed", "not_secret": "dismissed", "unsure": "pending"}


@dataclass(frozen=True)
class TriageTools:
    batch: list[JudgeRequest]
    fingerprints: dict[str, str]  # candidate id -> fingerprint (for the cache)
    remaining: int  # uncertain candidates left, this batch included
    judge: Judge
    cached: Callable[[str], Verdict | None]  # fingerprint -> cached verdict (candidate_id ignored)


def change_for(verdict: Verdict, judge_name: str) -> StatusChange:
    # reasons repeat across a large batch: one string each, shared (sys.intern)
    opinion = JudgeOpinion(judge=judge_name, verdict=verdict.verdict, confidence=verdict.confidence, reason=sys.intern(verdict.reason), note=verdict.note)
    status = _STATUS[verdict.verdict]
    reason = f"{judge_name}: {verdict.reason}" if verdict.reason else f"{judge_name}: {verdict.verdict}"
    return StatusChange(candidate_id=verdict.candidate_id, status=status, reason=reason, decided_by="judge", opinion=opinion)


class TriagePhase:
    name = "triage"

    async def round(self, tools: TriageTools) -> RoundResult:
        result = RoundResult(action="judge_batch", args={"judge": tools.judge.name, "candidates": len(tools.batch)})
        ask: list[JudgeRequest] = []
        for req in tools.batch:
            hit = tools.cached(tools.fingerprints[req.candidate_id])
            if hit is not None:
                result.changes.append(change_for(hit.model_copy(update={"candidate_id": req.candidate_id}), tools.judge.name + " (cached)"))
            else:
                ask.append(req)
        if ask:
            try:
                verdicts, usage = await tools.judge.judge(ask)
            except JudgeError as err:
                result.usage = getattr(err, "usage", None) or result.usage
                result.failure = Failure(phase="triage", step="judge", kind=err.kind, retryable=err.retryable, message=str(err))
                result.summary = f"judge failed: {err.kind}"
                return result
            result.usage = usage
            asked = {r.candidate_id for r in ask}
            got = {v.candidate_id for v in verdicts}
            if got != asked or len(verdicts) != len(ask):
                # A reply that invents, drops or repeats candidates is a failed round, not data.
                result.failure = Failure(
                    phase="triage", step="judge", kind="invalid_reply", retryable=True,
                    message=f"judge answered {len(verdicts)} verdicts for {len(ask)} candidates ({len(got - asked)} unknown ids, {len(asked - got)} missing)",
                )
                result.summary = "judge reply did not match the batch"
                return result
            for v in verdicts:
                result.changes.append(change_for(v, tools.judge.name))
                if v.note:
                    result.notes.append(Note(phase="triage", source=tools.judge.name, text=v.note, candidate_id=v.candidate_id))
        counts: dict[str, int] = {}
        for ch in result.changes:
            counts[ch.status] = counts.get(ch.status, 0) + 1
        result.summary = ", ".join(f"{v} {k}" for k, v in sorted(counts.items())) or "nothing to judge"
        result.complete = len(tools.batch) >= tools.remaining
        return result
