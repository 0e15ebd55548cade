"""The judge protocol: batches of candidates in, verdicts out (DESIGN.md §1.8, §1.11).

A judge sees only the candidates in front of it and the criteria: a JudgeRequest has
no field for an earlier verdict, so none can leak into a judgement.
"""

from __future__ import annotations

from typing import Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from ..state import Candidate, Features

VerdictKind = Literal["secret", "not_secret", "unsure"]


class JudgeRequest(BaseModel):
    """What a judge may know about one candidate: redacted, no history."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    candidate_id: str
    rule_id: str
    rule_description: str
    rule_confidence: Literal["high", "medium", "low"]
    path: str
    language: str
    preview: str
    features: Features
    context: list[str]  # masked lines around the value
    # The rule's kind, from the catalogue the scan ran with (custom rules included); None: the
    # judge looks the rule up in the packaged catalogue.
    rule_category: str | None = None
    rule_specific: bool | None = None

    @classmethod
    def from_candidate(cls, c: Candidate, rule_description: str, rule_category: str | None = None,
                       rule_specific: bool | None = None) -> "JudgeRequest":
        return cls(
            candidate_id=c.id,
            rule_id=c.rule_id,
            rule_description=rule_description,
            rule_category=rule_category,
            rule_specific=rule_specific,
            rule_confidence=c.rule_confidence,
            path=c.path,
            language=c.features.language,
            preview=c.preview,
            features=c.features,
            context=list(c.context),
        )


class Verdict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    candidate_id: str
    verdict: VerdictKind
    confidence: float = Field(ge=0.0, le=1.0)
    reason: str = Field(max_length=500)
    note: str | None = Field(default=None, max_length=500)


class JudgeError(Exception):
    """A failed judge call. `retryable` tells the loop whether another round may help."""

    def __init__(self, kind: str, message: str, retryable: bool):
        super().__init__(message)
        self.kind = kind
        self.retryable = retryable


class JudgeUsage(BaseModel):
    calls: int = 0  # billable calls (a model request); 0 for the offline judge
    tokens: int = 0


@runtime_checkable
class Judge(Protocol):
    name: str

    async def judge(self, batch: list[JudgeRequest]) -> tuple[list[Verdict], JudgeUsage]:
        """Return one verdict per request (any order), or raise JudgeError."""
        ...
