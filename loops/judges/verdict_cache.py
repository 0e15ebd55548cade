"""Judge verdicts cached by fingerprint across runs (DESIGN.md §1.12): never ask twice.

A JSONL file, one verdict per line, keyed by (fingerprint, judge name, prompt version): a
different model or a changed prompt misses the cache instead of reusing a verdict given
under other terms. Only the verdict, confidence, reason and note are stored: no value, no
context, no path. Entries of other judges and prompt versions are kept, so two setups
sharing a cache file do not evict each other.

Writes are atomic (temp file + os.replace) and merge with what is on disk first, so a crash
leaves the old file whole and a concurrent writer's entries are kept (a concurrent write
in the instant between read and replace can still lose an entry: acceptable for a cache).
A corrupt line is skipped with a problem message and dropped at the next write.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..atomic import atomic_write
from .base import Verdict, VerdictKind

CACHE_VERSION = 1


class CachedVerdict(BaseModel):
    """A verdict without its candidate id: what a fingerprint's judgement was."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    verdict: VerdictKind
    confidence: float = Field(ge=0.0, le=1.0)
    reason: str = Field(max_length=500)
    note: str | None = Field(default=None, max_length=500)

    @classmethod
    def of(cls, v: Verdict) -> "CachedVerdict":
        return cls(verdict=v.verdict, confidence=v.confidence, reason=v.reason, note=v.note)

    def for_candidate(self, candidate_id: str) -> Verdict:
        return Verdict(candidate_id=candidate_id, **self.model_dump())


class _Line(BaseModel):
    """One line of the file."""

    model_config = ConfigDict(extra="forbid")

    v: int = CACHE_VERSION
    fp: str = Field(min_length=1)
    judge: str
    prompt: str
    verdict: CachedVerdict
    at: float


Key = tuple[str, str, str]  # (fingerprint, judge name, prompt version)


class VerdictCache:
    def __init__(self, path: str | os.PathLike[str], judge_name: str, prompt_version: str):
        self.path = Path(path)
        self.judge_name = judge_name
        self.prompt_version = prompt_version
        self.problems: list[str] = []  # human-readable: corrupt lines skipped, unreadable file
        self._entries: dict[Key, _Line] = self._read(report=True)

    def __len__(self) -> int:
        return sum(1 for k in self._entries if k[1:] == (self.judge_name, self.prompt_version))

    def get(self, fingerprint: str) -> CachedVerdict | None:
        line = self._entries.get((fingerprint, self.judge_name, self.prompt_version))
        return line.verdict if line else None

    def put(self, fingerprint: str, verdict: Verdict | CachedVerdict) -> None:
        self.put_many([(fingerprint, verdict)])

    def put_many(self, items: list[tuple[str, Verdict | CachedVerdict]]) -> None:
        """Store verdicts and write the file once."""
        now = time.time()
        for fp, verdict in items:
            cached = verdict if isinstance(verdict, CachedVerdict) else CachedVerdict.of(verdict)
            self._entries[(fp, self.judge_name, self.prompt_version)] = _Line(
                fp=fp, judge=self.judge_name, prompt=self.prompt_version, verdict=cached, at=now
            )
        self._write()

    # -- file -------------------------------------------------------------------------------

    def _read(self, report: bool) -> dict[Key, _Line]:
        entries: dict[Key, _Line] = {}
        try:
            text = self.path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return entries
        except OSError as err:
            if report:
                self.problems.append(f"verdict cache {self.path}: cannot read ({err.strerror}); starting empty")
            return entries
        for n, raw in enumerate(text.splitlines(), start=1):
            if not raw.strip():
                continue
            try:
                line = _Line.model_validate_json(raw)
            except ValidationError as err:
                if report:
                    # Say what is wrong, never echo the line.
                    self.problems.append(
                        f"verdict cache {self.path} line {n}: {err.errors()[0]['msg']}; skipped"
                    )
                continue
            if line.v != CACHE_VERSION:
                continue  # written by another version of the format: not ours to read
            entries[(line.fp, line.judge, line.prompt)] = line
        return entries

    def _write(self) -> None:
        # Merge with the file as it is now: another process may have added entries.
        merged = self._read(report=False)
        merged.update(self._entries)
        self._entries = merged
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Sorted: a stable file that diffs well.
        body = "".join(
            merged[k].model_dump_json() + "\n" for k in sorted(merged)
        )
        atomic_write(self.path, body)
