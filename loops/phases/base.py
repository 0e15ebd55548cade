"""What a phase returns to the loop: data the loop validates before it changes the state."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..judges.base import JudgeUsage
from ..state import Candidate, CandidateStatus, DecidedBy, Failure, FileEntry, JudgeOpinion, Note, SkippedFile


class StatusChange(BaseModel):
    model_config = ConfigDict(extra="forbid")

    candidate_id: str
    status: CandidateStatus
    reason: str
    decided_by: DecidedBy
    opinion: JudgeOpinion | None = None


class ScannedFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    index: int  # into state.files
    sha256: str
    size: int
    cached: bool = False  # answered from the content cache


class RoundResult(BaseModel):
    """One round's outcome. Only the engine applies it to the state."""

    model_config = ConfigDict(extra="forbid")

    action: str  # e.g. "list_files", "scan_batch", "judge_batch"
    args: dict[str, str | int | float | bool | None] = Field(default_factory=dict)  # redacted, for the trace
    summary: str = ""  # one line for the trace
    discovered: list[FileEntry] | None = None  # discover only
    scanned: list[ScannedFile] = Field(default_factory=list)
    skipped: list[SkippedFile] = Field(default_factory=list)
    skipped_indices: list[int] = Field(default_factory=list)  # files of the list that scan could not read
    added: list[Candidate] = Field(default_factory=list)
    changes: list[StatusChange] = Field(default_factory=list)
    cursor: int | None = None  # the phase's new cursor
    complete: bool = False  # the phase believes it is done; the engine checks its exit condition
    failure: Failure | None = None
    notes: list[Note] = Field(default_factory=list)
    usage: JudgeUsage = Field(default_factory=JudgeUsage)
    reports: list[str] = Field(default_factory=list)
    stop: Literal["need_human"] | None = None  # the phase hands control to a person
    stop_reason: str = ""
