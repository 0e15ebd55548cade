"""The run state: a typed, plain-data model owned by the loop (DESIGN.md §1.2, §1.3).

Four zones:
- task:     fixed for the run (roots, settings, outputs);
- working:  the current phase, its cursor and the items it works on;
- history:  counts and what has finished;
- failures: what failed and why (append only).

Nothing here holds a handle, socket or client: after every round the whole state is
written as JSON and a run can resume from it. No field ever holds a secret value;
candidates carry a redacted preview and a fingerprint.
"""

from __future__ import annotations

import sys
import time
import uuid
from collections import Counter
from operator import attrgetter
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .settings import Settings

STATE_VERSION = 1

Phase = Literal["discover", "scan", "filter", "triage", "review", "report"]
PHASES: tuple[Phase, ...] = ("discover", "scan", "filter", "triage", "review", "report")

RunStatus = Literal["running", "done", "failed", "need_human", "budget_exhausted", "cancelled"]
TERMINAL: frozenset[str] = frozenset({"done", "failed", "need_human", "budget_exhausted", "cancelled"})

# candidate  - found by a rule, not yet filtered
# confirmed  - a secret (by structure, a judge, a person or the decisions file)
# dismissed  - not a secret (reason says why)
# uncertain  - the deterministic layers could not decide: goes to the judge
# pending    - the judge could not settle it: waits for a person
CandidateStatus = Literal["candidate", "confirmed", "dismissed", "uncertain", "pending"]
DecidedBy = Literal["rule", "filter", "suppression", "judge", "human", "decisions_file"]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class FileEntry(Model):
    """One file of the initial list: a path and facts about it, never its content."""

    root: int  # index into task.roots
    path: str  # posix path relative to the root
    size: int
    sha256: str = ""  # content hash, filled by scan (discover does not read files)


class SkippedFile(Model):
    root: int
    path: str
    reason: str  # e.g. "gitignored", "binary", "too large (3.2 MB > 1 MB)", "unreadable: ..."
    phase: Phase = "discover"


class Features(Model):
    """What the filters and judges decide from: shape and context, never the value."""

    length: int
    entropy: float  # Shannon entropy, bits per character
    char_classes: str  # see redact.char_classes
    known_prefix: str | None = None  # e.g. "ghp_", "AKIA"
    checksum_valid: bool | None = None  # None where the format has no checksum
    key_name: str | None = None  # the assigned-to name, e.g. "db_password"
    language: str = "text"  # from the file extension
    in_test_path: bool = False  # tests/, fixtures/, __tests__, *_test.go, ...
    in_docs_path: bool = False  # docs/, *.md, examples/
    in_comment: bool = False
    filter_hits: list[str] = Field(default_factory=list)  # names of filters that matched (see filters/)
    suppressed_by: str | None = None  # inline allow marker, e.g. "gitleaks:allow"


class JudgeOpinion(Model):
    judge: str  # "offline", "openai:gpt-4o-mini", "scripted"
    verdict: Literal["secret", "not_secret", "unsure"]
    confidence: float = Field(ge=0.0, le=1.0)
    reason: str
    note: str | None = None


class Candidate(Model):
    id: str  # fingerprint + location: unique within a run
    rule_id: str
    rule_confidence: Literal["high", "medium", "low"]  # from the rules file
    root: int
    path: str
    start_line: int = Field(ge=1)  # 1-based, inclusive
    start_col: int = Field(ge=0)  # 0-based, in characters of the line
    end_line: int = Field(ge=1)
    end_col: int = Field(ge=0)
    preview: str  # redacted (redact.preview)
    fingerprint: str  # keyed hash of rule + value (redact.fingerprint)
    features: Features
    context: list[str] = Field(default_factory=list)  # a few lines around it, every value masked
    status: CandidateStatus = "candidate"
    reason: str = ""
    decided_by: DecidedBy | None = None
    opinion: JudgeOpinion | None = None  # the judge's, when one was asked


class Note(Model):
    """A raised hand (DESIGN.md §1.9): something unexpected a person should look at."""

    phase: Phase
    source: str  # which step raised it
    text: str
    candidate_id: str | None = None
    path: str | None = None
    acknowledged: bool = False


class Failure(Model):
    """A step's failure, returned to the loop; the loop decides whether to retry."""

    phase: Phase
    step: str
    kind: str  # "timeout", "rate_limit", "server_error", "bad_request", "auth", "invalid_reply", ...
    retryable: bool
    message: str  # redacted: never contains a value
    round: int = 0
    at: float = Field(default_factory=time.time)


class OutputSpec(Model):
    format: Literal["text", "json", "sarif"]
    path: str | None = None  # None: standard output


class Task(Model):
    """Fixed for the run."""

    run_id: str = Field(default_factory=lambda: time.strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6])
    roots: list[str]  # absolute paths
    settings: Settings = Field(default_factory=Settings)
    outputs: list[OutputSpec] = Field(default_factory=list)
    only_paths: list[list[str]] | None = None  # per root: scan just these (e.g. --staged, one document)
    created_at: float = Field(default_factory=time.time)


class Working(Model):
    """The current phase and its cursor."""

    phase: Phase = "discover"
    cursor: int = 0  # index of the next item the phase works on (files for scan, candidates after)
    judge_fallback: str | None = None  # why triage fell back to the offline judge, when it did
    paused_for: Literal["review", "notes"] | None = None  # why the run waits for a person


class History(Model):
    rounds: int = 0
    judge_calls: int = 0
    judge_tokens: int = 0
    elapsed_seconds: float = 0.0  # wall time spent in rounds, summed across resumes
    phases_done: list[Phase] = Field(default_factory=list)
    files_scanned: int = 0
    files_skipped: int = 0
    bytes_scanned: int = 0
    cache_hits: int = 0
    report_written: bool = False
    reports: list[str] = Field(default_factory=list)  # where reports went ("-" for stdout)


class FailureLog(Model):
    retries_used: int = 0  # one global counter for the whole run (DESIGN.md §1.5)
    consecutive: int = 0
    entries: list[Failure] = Field(default_factory=list)


_STATUS = attrgetter("status")


class RunState(Model):
    version: int = STATE_VERSION
    status: RunStatus = "running"
    status_reason: str = ""
    task: Task
    working: Working = Field(default_factory=Working)
    history: History = Field(default_factory=History)
    failures: FailureLog = Field(default_factory=FailureLog)
    files: list[FileEntry] = Field(default_factory=list)  # the initial list (from discover)
    processed: list[bool] = Field(default_factory=list)  # parallel to files: scanned or skipped
    skipped: list[SkippedFile] = Field(default_factory=list)
    candidates: list[Candidate] = Field(default_factory=list)
    notes: list[Note] = Field(default_factory=list)

    def candidate(self, candidate_id: str) -> Candidate | None:
        for c in self.candidates:
            if c.id == candidate_id:
                return c
        return None

    def counts(self) -> dict[str, int]:
        out = {"candidate": 0, "confirmed": 0, "dismissed": 0, "uncertain": 0, "pending": 0}
        out.update(Counter(map(_STATUS, self.candidates)))  # in C: called every round, on every candidate
        return out


# Every pydantic object keeps the set of its fields that were given (`__pydantic_fields_set__`),
# ~700 bytes for a candidate and as much for its features: a quarter of what a candidate costs in
# memory. Nothing here reads that set (no exclude_unset), so candidates share one set naming every
# field; an assignment adds a name that is already in it, so the shared set never changes.
_ALL_FIELDS: dict[type, set[str]] = {}


def _share_fields_set(model: BaseModel) -> None:
    full = _ALL_FIELDS.get(type(model))
    if full is None:
        full = _ALL_FIELDS[type(model)] = set(type(model).model_fields)
    object.__setattr__(model, "__pydantic_fields_set__", full)


def compact(c: Candidate) -> Candidate:
    """Shrinks a candidate in place (shared field sets, interned repeated strings); returns it.
    Tens of thousands of candidates (a dump of credentials) are held at once."""
    _share_fields_set(c)
    f = c.features
    _share_fields_set(f)
    f.__dict__["char_classes"] = sys.intern(f.char_classes)  # a handful of distinct values
    if c.opinion is not None:
        _share_fields_set(c.opinion)
    return c
