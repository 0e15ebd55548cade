"""Typed events the loop emits; the language server and the CLI subscribe to them."""

from __future__ import annotations

from typing import Callable, Literal, Union

from pydantic import BaseModel, Field

from .state import Candidate, Note, Phase, RunStatus


class PhaseStarted(BaseModel):
    kind: Literal["phase_started"] = "phase_started"
    run_id: str
    phase: Phase


class PhaseFinished(BaseModel):
    kind: Literal["phase_finished"] = "phase_finished"
    run_id: str
    phase: Phase
    summary: str


class Progress(BaseModel):
    kind: Literal["progress"] = "progress"
    run_id: str
    phase: Phase
    done: int
    total: int
    message: str  # e.g. "scan 340/1200 files"


class FileFindings(BaseModel):
    """All findings of one file are known (after the filter phase): publish them."""

    kind: Literal["file_findings"] = "file_findings"
    run_id: str
    root: str
    path: str
    findings: list[Candidate]


class FindingAdded(BaseModel):
    kind: Literal["finding_added"] = "finding_added"
    run_id: str
    finding: Candidate


class FindingChanged(BaseModel):
    kind: Literal["finding_changed"] = "finding_changed"
    run_id: str
    finding: Candidate
    previous_status: str


class NeedHuman(BaseModel):
    kind: Literal["need_human"] = "need_human"
    run_id: str
    reason: str
    pending: list[str] = Field(default_factory=list)  # candidate ids
    notes: list[Note] = Field(default_factory=list)


class Message(BaseModel):
    """Something the person should be told (e.g. the judge fell back to offline)."""

    kind: Literal["message"] = "message"
    run_id: str
    level: Literal["info", "warning", "error"]
    text: str


class RunFinished(BaseModel):
    kind: Literal["run_finished"] = "run_finished"
    run_id: str
    status: RunStatus
    reason: str
    counts: dict[str, int]
    files_total: int
    files_done: int


Event = Union[PhaseStarted, PhaseFinished, Progress, FileFindings, FindingAdded, FindingChanged, NeedHuman, Message, RunFinished]
Subscriber = Callable[[Event], None]


# A subscriber may carry `event_kinds`, a set of the event kinds it handles ("progress", ...): the
# engine then does not build the per-finding events nobody listens to (thousands on a large
# run). Without it a subscriber hears everything.
def wants(subscribers: list[Subscriber], kind: str) -> bool:
    """Whether any of these subscribers handles events of this kind."""
    return any(kind in getattr(fn, "event_kinds", (kind,)) for fn in subscribers)
