"""A scripted judge for tests: fixed verdicts, scripted failures, and a record of requests.

It lets the loop's control logic be tested without a model (DESIGN.md §1.11).
"""

from __future__ import annotations

from typing import Callable

from .base import JudgeError, JudgeRequest, JudgeUsage, Verdict, VerdictKind

Rule = Callable[[JudgeRequest], VerdictKind]


class ScriptedJudge:
    def __init__(
        self,
        verdicts: dict[str, VerdictKind] | Rule | None = None,
        default: VerdictKind = "unsure",
        failures: list[JudgeError] | None = None,
        fail_forever: JudgeError | None = None,
        calls_per_batch: int = 1,
        note: str | None = None,
        name: str = "scripted",
    ):
        """`verdicts` maps a rule id or a path to a verdict, or is a function of the request.

        `failures` are raised one per call before any verdict is given; `fail_forever`
        is raised on every call.
        """
        self.name = name
        self._verdicts = verdicts or {}
        self._default = default
        self._failures = list(failures or [])
        self._fail_forever = fail_forever
        self._calls_per_batch = calls_per_batch
        self._note = note
        self.requests: list[list[JudgeRequest]] = []
        self.calls = 0

    def _verdict_for(self, req: JudgeRequest) -> VerdictKind:
        if callable(self._verdicts):
            return self._verdicts(req)
        return self._verdicts.get(req.rule_id) or self._verdicts.get(req.path) or self._default

    async def judge(self, batch: list[JudgeRequest]) -> tuple[list[Verdict], JudgeUsage]:
        self.calls += 1
        self.requests.append(list(batch))
        if self._fail_forever is not None:
            raise self._fail_forever
        if self._failures:
            raise self._failures.pop(0)
        verdicts = [
            Verdict(candidate_id=r.candidate_id, verdict=self._verdict_for(r), confidence=0.9, reason="scripted", note=self._note)
            for r in batch
        ]
        return verdicts, JudgeUsage(calls=self._calls_per_batch, tokens=10 * len(batch))
