"""The audit loop: a state machine the host program owns (DESIGN.md §1).

Each round: check the budget, build the current phase's narrow tools, run one round of
the phase, validate its result, apply it to the state, check invariants, write a trace
line and a snapshot, emit events. Phases leave only when their exit condition, counted
by the engine, holds. The run stops as done, failed, need_human, budget_exhausted or
cancelled, and can resume from its latest snapshot.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
from collections import defaultdict
from typing import Any, Iterable

from pydantic import ValidationError

from . import events as ev
from .atomic import atomic_write
from .judges.base import Judge, JudgeRequest, Verdict
from .judges.offline import OfflineJudge
from .phases.base import RoundResult
from .phases.discover import DiscoverPhase, DiscoverTools
from .phases.filter import FilterPhase, FilterTools, classify
from .phases.report import ReportPhase, ReportTools
from .phases.review import ReviewPhase, ReviewTools
from .phases.scan import ScanPhase, ScanTools
from .phases.triage import TriagePhase, TriageTools
from .rules.catalogue import Catalogue, CatalogueError, catalogue_for, load_catalogue
from .runs import RunStore
from .state import PHASES, TERMINAL, Candidate, Failure, Phase, RunState, compact
from .workspace import Workspace

log = logging.getLogger("secretloop.loop")

FILTER_BATCH = 500
OFFLINE_TRIAGE_BATCH = 256
# A workspace with tens of thousands of candidates (a dump of credentials, a generated fixture)
# still filters and triages in about this many rounds: each round walks the candidate list.
CANDIDATE_ROUNDS = 10
_RULES_WARNED: set[str] = set()  # problems with own rules files already logged
# Quick rounds share a snapshot at most this often (see Engine._snapshot_due).
SNAPSHOT_EVERY_SECONDS = 1.0
# ... or less often when a snapshot is slow (a state of tens of thousands of candidates is tens of
# megabytes): writing snapshots then takes at most about a tenth of the rounds' time.
SNAPSHOT_COST_SHARE = 0.1


def _drive(coro: Any) -> Any:
    """Run a coroutine that never awaits (a CPU-bound phase round) to completion, in this thread."""
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value
    coro.close()
    raise RuntimeError("a blocking phase round awaited something")


class Engine:
    def __init__(
        self,
        state: RunState,
        *,
        store: RunStore | None = None,
        judge: Judge | None = None,
        subscribers: Iterable[ev.Subscriber] = (),
        overlays: dict[str, str] | None = None,
        catalogue: Catalogue | None = None,
        handlers: dict[str, Any] | None = None,
        verdict_cache_dir: str | os.PathLike | None = None,
    ):
        self.state = state
        self.store = store
        self.subscribers = list(subscribers)
        self.settings = state.task.settings
        self.catalogue = catalogue or self._catalogue_from_settings()
        self._key_material = frozenset(r.id for r in self.catalogue.rules if r.category == "private-key")
        self.judge: Judge = judge or self._judge_from_settings()
        self.offline = OfflineJudge()
        # [speed hook] the content cache lives beside the runs (RunStore.dir / "content-cache")
        self.workspace = Workspace(state.task, self.catalogue, overlays or {}, cache_dir=store.dir / "content-cache" if store else None)
        self.handlers: dict[str, Any] = {
            "discover": DiscoverPhase(),
            "scan": ScanPhase(),
            "filter": FilterPhase(),
            "triage": TriagePhase(),
            "review": ReviewPhase(),
            "report": ReportPhase(),
        }
        self.handlers.update(handlers or {})
        self._verdict_cache_dir = verdict_cache_dir or (store.dir if store is not None else None)
        self.verdict_cache = self._open_verdict_cache()
        self._memo: dict[str, Verdict] = {}  # fingerprint -> verdict, for this run
        self._cancel = False
        # (output path or None for stdout, text) of each report the last report round wrote
        self.rendered: list[tuple[str | None, str]] = []
        self._saved_at = time.monotonic()
        self._save_seconds = 0.0  # what the last snapshot took to write
        self._saved: tuple[int, str] | None = None
        self._known_files: set[tuple[int, str]] | None = None
        self._by_file: dict[tuple[int, str], list[int]] = defaultdict(list)
        for i, c in enumerate(state.candidates):
            self._by_file[(c.root, c.path)].append(i)
        self._ids = {c.id: i for i, c in enumerate(state.candidates)}

    # ---- construction -------------------------------------------------------------------
    def _catalogue_from_settings(self) -> Catalogue:
        """The packaged rules with the settings' own rules files and disabled ids. Rules files
        that cannot be used do not stop the scan: the packaged rules run, and the failure log
        says why (the CLI checks them before a run and stops with the message instead)."""
        s, st = self.settings, self.state
        try:
            return catalogue_for(s.rules_files, s.disabled_rules, st.task.roots[0] if st.task.roots else ".")
        except CatalogueError as err:
            if str(err) not in _RULES_WARNED:  # once per process: a document scan runs per keystroke
                _RULES_WARNED.add(str(err))
                log.warning("own rules not used: %s", err)
            st.failures.entries.append(Failure(phase=st.working.phase, step="rules", kind="invalid_config", retryable=False,
                                               message=f"own rules not used, the packaged rules run: {err}"[:500]))
            return load_catalogue()

    def _judge_from_settings(self) -> Judge:
        if self.settings.judge == "openai":
            from .judges.openai_judge import OpenAIJudge  # only when asked: no client for offline runs

            lookup = self._value_for if self.settings.openai.send_values else None
            return OpenAIJudge(self.settings.openai, value_lookup=lookup)
        return OfflineJudge()

    def _value_for(self, candidate_id: str) -> str | None:
        """The raw value, re-read from the file; only for the explicit send_values opt-in."""
        i = self._ids.get(candidate_id)
        return None if i is None else self.workspace.value_of(self.state.candidates[i])

    def _open_verdict_cache(self) -> Any:
        """Verdicts by fingerprint across runs, so the same value is never asked about twice."""
        # Document scans run without a store; the host passes the workspace's cache folder.
        if self.judge.name == "offline" or self._verdict_cache_dir is None:
            return None
        from .judges.verdict_cache import VerdictCache

        version = getattr(self.judge, "prompt_version", "v0")
        return VerdictCache(os.path.join(self._verdict_cache_dir, "verdicts.jsonl"), self.judge.name, version)

    # ---- public -------------------------------------------------------------------------
    def cancel(self) -> None:
        """Stop after the current round; the state is kept and the run can resume."""
        self._cancel = True

    def subscribe(self, fn: ev.Subscriber) -> None:
        self.subscribers.append(fn)

    async def run(self) -> RunState:
        st = self.state
        if st.status != "running":
            self._prepare_resume()
        self._started = time.monotonic()
        self._rounds_at_start = st.history.rounds
        self._elapsed_at_start = st.history.elapsed_seconds
        if st.history.rounds == 0 or self._phase_fresh():
            self._emit(ev.PhaseStarted(run_id=st.task.run_id, phase=st.working.phase))
        while st.status == "running":
            if self._cancel:
                self._finish("cancelled", "cancelled by request; resume to continue")
                break
            if self._budget_tripped():
                break
            await self._round()
        self.workspace.close()  # [speed hook] write the content cache, stop scan workers
        if self._saved != (st.history.rounds, st.status):  # the last round's snapshot may be this one
            self._save()
        if self.store is not None:
            self.store.prune(spare=st.task.run_id)  # old runs' folders do not pile up
        self._emit(
            ev.RunFinished(
                run_id=st.task.run_id,
                status=st.status,
                reason=st.status_reason,
                counts=st.counts(),
                files_total=len(st.files),
                files_done=sum(st.processed),
            )
        )
        return st

    # ---- resume -------------------------------------------------------------------------
    def _phase_fresh(self) -> bool:
        return self.state.working.cursor == 0 and self.state.working.phase not in self.state.history.phases_done

    def _prepare_resume(self) -> None:
        st = self.state
        previous = st.status
        st.status = "running"
        st.status_reason = f"resumed after {previous}"
        st.failures.consecutive = 0
        if st.working.paused_for == "notes":
            for n in st.notes:
                n.acknowledged = True
            st.working.paused_for = None
            self._advance_phase()
        elif st.working.paused_for == "review":
            st.working.paused_for = None
        if st.working.phase == "report" and st.history.report_written and previous in ("done", "need_human"):
            # A finished run resumed after decisions were made: review again, then report again.
            st.working.phase = "review"
            st.history.report_written = False
            if "review" in st.history.phases_done:
                st.history.phases_done.remove("review")
            if "report" in st.history.phases_done:
                st.history.phases_done.remove("report")
        self._trace("resume", {"from": previous}, f"resumed at {st.working.phase}")

    # ---- budget -------------------------------------------------------------------------
    def _budget_tripped(self) -> bool:
        st, b = self.state, self.settings.budget
        elapsed = time.monotonic() - self._started
        reason = None
        if st.history.rounds - self._rounds_at_start >= b.max_rounds:
            reason = f"round budget spent ({b.max_rounds} rounds)"
        elif elapsed >= b.max_wall_seconds:
            reason = f"wall-time budget spent ({b.max_wall_seconds:.0f} s)"
        if reason:
            self._finish("budget_exhausted", reason + "; the state was saved and the run can resume")
            self._trace("budget", {}, reason)
            return True
        return False

    def _judge_budget_left(self) -> str | None:
        """Why the model may not be asked any more, or None."""
        st, b = self.state, self.settings.budget
        if self.judge.name == "offline":
            return None
        if st.history.judge_calls >= b.max_judge_calls:
            return f"judge call budget spent ({b.max_judge_calls} calls)"
        if st.history.judge_tokens >= b.max_tokens:
            return f"token budget spent ({b.max_tokens} tokens)"
        return None

    # ---- one round ----------------------------------------------------------------------
    async def _round(self) -> None:
        st = self.state
        phase = st.working.phase
        if self._may_wait_outside(phase) and self._saved != (st.history.rounds, st.status):
            self._save()  # what is done so far survives if the host dies while waiting
        t0 = time.monotonic()
        try:
            result = await self._call_phase(phase)
        except ValidationError as err:
            result = RoundResult(
                action="invalid_result",
                failure=Failure(phase=phase, step=phase, kind="invalid_result", retryable=False, message=f"the {phase} step returned data that does not validate: {err.error_count()} problems"),
            )
        except Exception as err:  # a bug in a step: recorded, never a crash of the host
            log.exception("phase %s raised", phase)
            result = RoundResult(
                action="error",
                failure=Failure(phase=phase, step=phase, kind="internal", retryable=False, message=f"{type(err).__name__} in {phase}"),
            )
        st.history.rounds += 1
        st.history.elapsed_seconds = self._elapsed_at_start + (time.monotonic() - self._started)
        self._apply(phase, result)
        self._trace(result.action, dict(result.args), result.summary or (result.failure.message if result.failure else ""), duration=time.monotonic() - t0)
        if self._snapshot_due(result):
            self._save()

    async def _call_phase(self, phase: Phase) -> RoundResult:
        handler = self.handlers[phase]
        tools = self._tools(phase)
        if phase == "scan":
            # CPU-bound: a worker thread keeps the host's event loop (the editor) responsive.
            return await asyncio.to_thread(_drive, handler.round(tools))
        return await handler.round(tools)

    def _candidate_batch(self, least: int) -> int:
        return max(least, -(-len(self.state.candidates) // CANDIDATE_ROUNDS))

    def _tools(self, phase: Phase) -> Any:
        st = self.state
        if phase == "discover":
            return DiscoverTools(list_files=self.workspace.list_files)
        if phase == "scan":
            size = self.workspace.batch_size(len(st.files))
            start = st.working.cursor
            end = min(start + size, len(st.files))
            batch = [(i, st.files[i]) for i in range(start, end)]
            # [speed hook] scan_batch (cache + worker pool) sees what comes next, to start on it early
            upcoming = [(i, st.files[i]) for i in range(end, len(st.files))]
            return ScanTools(batch=batch, total=len(st.files), scan_file=self.workspace.scan_file,
                             scan_batch=self.workspace.scan_batch, upcoming=upcoming)
        if phase == "filter":
            todo = [c for c in st.candidates if c.status == "candidate"]
            return FilterTools(batch=todo[:self._candidate_batch(FILTER_BATCH)], remaining=len(todo), decision_for=self.workspace.decision_for,
                               key_material=self._key_material)
        if phase == "triage":
            todo = [c for c in st.candidates if c.status == "uncertain"]
            spent = self._judge_budget_left()
            if spent and not st.working.judge_fallback:
                self._fall_back(spent)
            fallback = st.working.judge_fallback
            judge = self.offline if fallback else self.judge
            size = self.settings.openai.batch_size if judge.name != "offline" else self._candidate_batch(OFFLINE_TRIAGE_BATCH)
            batch = todo[:size]
            return TriageTools(
                batch=[self._judge_request(c) for c in batch],
                fingerprints={c.id: c.fingerprint for c in batch},
                remaining=len(todo),
                judge=judge,
                cached=lambda fp, j=judge: self._cached_verdict(fp, j.name),
            )
        if phase == "review":
            self.workspace.reload_decisions()
            return ReviewTools(
                # suppressions are in the source itself; everything else may be overridden by a person
                candidates=[c for c in st.candidates if c.decided_by != "suppression"],
                decision_for=self.workspace.decision_for,
                wait_for_person=self.settings.wait_for_review,
            )
        if phase == "report":
            return ReportTools(write_reports=self._write_reports)
        raise ValueError(f"unknown phase {phase}")

    # ---- applying a round's result -------------------------------------------------------
    def _apply(self, phase: Phase, r: RoundResult) -> None:
        st = self.state
        for note in r.notes:
            st.notes.append(note)
        if phase == "triage":
            # calls that reached the model count, even when the reply was unusable
            st.history.judge_calls += r.usage.calls
            st.history.judge_tokens += r.usage.tokens
        if r.failure is not None:
            self._on_failure(phase, r.failure)
            return
        st.failures.consecutive = 0
        problem = self._check(phase, r)
        if problem:
            self._on_failure(phase, Failure(phase=phase, step=phase, kind="invariant", retryable=False, message=problem))
            return
        if r.discovered is not None:
            st.files = list(r.discovered)
            st.processed = [False] * len(st.files)
            st.skipped.extend(r.skipped)
            st.history.files_skipped += len(r.skipped)
            if not st.files:
                self._emit_phase_finished(phase, "no files to scan")
                # Nothing to do still leaves an (empty) report where one was asked for: a CI job
                # that uploads the SARIF file must find it.
                st.history.reports.extend(self._write_reports())
                st.history.report_written = True
                self._finish("done", "nothing to do: no files to scan")
                return
        else:
            self._apply_scan(r)
        changed_files = self._apply_changes(r)
        if r.cursor is not None:
            st.working.cursor = r.cursor
        if phase == "scan":
            done = sum(st.processed)
            self._emit(ev.Progress(run_id=st.task.run_id, phase="scan", done=done, total=len(st.files), message=f"scan {done}/{len(st.files)} files"))
        elif phase in ("filter", "triage"):
            c = st.counts()
            left = c["candidate"] if phase == "filter" else c["uncertain"]
            total = len(st.candidates)
            self._emit(ev.Progress(run_id=st.task.run_id, phase=phase, done=total - left, total=total, message=f"{phase} {total - left}/{total} candidates"))
        self._emit_files(changed_files, phase)
        if phase == "report":
            st.history.reports.extend(r.reports)
            st.history.report_written = True  # the write tool returned without failing (even with no outputs)
        if r.stop == "need_human":
            st.working.paused_for = "review"
            pending = [c.id for c in st.candidates if c.status == "pending"]
            self._finish("need_human", r.stop_reason)
            self._emit(ev.NeedHuman(run_id=st.task.run_id, reason=r.stop_reason, pending=pending))
            return
        if r.complete:
            self._leave_phase(phase)

    def _apply_scan(self, r: RoundResult) -> None:
        st = self.state
        for s in r.scanned:
            st.processed[s.index] = True
            # s.sha256 was validated as part of the round result; skipping the per-assignment
            # validation matters on a warm rescan (one assignment per file of the workspace)
            st.files[s.index].__dict__["sha256"] = s.sha256
        h = st.history
        h.files_scanned += len(r.scanned)
        h.bytes_scanned += sum(s.size for s in r.scanned)
        h.cache_hits += sum(1 for s in r.scanned if s.cached)
        for i in r.skipped_indices:
            st.processed[i] = True
        if r.discovered is None and r.skipped:
            st.skipped.extend(r.skipped)
            st.history.files_skipped += len(r.skipped)
        added_files: set[tuple[int, str]] = set()
        announce = self._wants("finding_added")
        for c in r.added:
            if c.id in self._ids:
                continue
            self._ids[c.id] = len(st.candidates)
            self._by_file[(c.root, c.path)].append(len(st.candidates))
            st.candidates.append(c)
            added_files.add((c.root, c.path))
            if announce:
                self._emit(ev.FindingAdded(run_id=st.task.run_id, finding=c))
        self._emit_provisional(added_files)

    def _emit_provisional(self, files: set[tuple[int, str]]) -> None:
        """Stream each scanned file's findings at once, with the status the (deterministic,
        cheap) filter will give them, so an editor shows them while the scan goes on. The
        state is not changed here: the filter phase still decides, with the same function."""
        if not self._wants("file_findings"):
            return
        st = self.state
        for key in sorted(files):
            found = []
            for i in self._by_file[key]:
                c = st.candidates[i]
                ch = classify(c, self.workspace.decision_for(c.root, c.fingerprint), self._key_material)
                found.append(c.model_copy(update={"status": ch.status, "reason": ch.reason, "decided_by": ch.decided_by}))
            self._emit(ev.FileFindings(run_id=st.task.run_id, root=st.task.roots[key[0]], path=key[1], findings=found))

    def _apply_changes(self, r: RoundResult) -> set[tuple[int, str]]:
        st = self.state
        touched: set[tuple[int, str]] = set()
        announce = self._wants("finding_changed")
        for ch in r.changes:
            c = st.candidates[self._ids[ch.candidate_id]]
            previous = c.status
            # ch was validated when the phase built it, its fields typed as the candidate's: no
            # second validation per assignment (three per candidate, thousands on a rescan)
            # (reasons repeat across thousands of candidates: one string each, not one per candidate)
            c.__dict__.update(status=ch.status, reason=sys.intern(ch.reason), decided_by=ch.decided_by)
            if ch.opinion is not None:
                # validated as ch's field too; an assignment would revalidate it and copy the
                # candidate's fields (18 MB over 37,000 judged candidates)
                c.__dict__["opinion"] = ch.opinion
                compact(c)
                if ch.decided_by == "judge" and not ch.opinion.judge.endswith("(cached)"):
                    self._remember_verdict(c, ch.opinion)
            touched.add((c.root, c.path))
            if previous != "candidate" and announce:
                self._emit(ev.FindingChanged(run_id=st.task.run_id, finding=c, previous_status=previous))
        return touched

    def _emit_files(self, files: set[tuple[int, str]], phase: Phase) -> None:
        if not self._wants("file_findings"):
            return
        st = self.state
        for key in sorted(files):
            found = [st.candidates[i] for i in self._by_file[key]]
            if any(c.status == "candidate" for c in found):
                continue  # not all of this file's findings are known yet
            self._emit(ev.FileFindings(run_id=st.task.run_id, root=st.task.roots[key[0]], path=key[1], findings=found))

    # ---- checks ---------------------------------------------------------------------------
    def _check(self, phase: Phase, r: RoundResult) -> str | None:
        """Cheap deterministic verification of a round's result (DESIGN.md §1.12)."""
        st = self.state
        n = len(st.files)
        for s in r.scanned:
            if not 0 <= s.index < n:
                return f"scan reported file index {s.index} outside the list of {n}"
        for i in r.skipped_indices:
            if not 0 <= i < n:
                return f"scan skipped file index {i} outside the list of {n}"
        if r.added and self._known_files is None:
            self._known_files = {(f.root, f.path) for f in st.files}  # the list is fixed after discover
        known = self._known_files or set()
        for c in r.added:
            if (c.root, c.path) not in known:
                return f"candidate in a file that is not in the list ({c.path})"
            if (c.end_line, c.end_col) < (c.start_line, c.start_col):
                return f"candidate span ends before it starts ({c.path}:{c.start_line})"
        for ch in r.changes:
            if ch.candidate_id not in self._ids:
                return f"status change for an unknown candidate ({ch.candidate_id[:16]}…)"
        return None

    def _exit_condition(self, phase: Phase) -> str | None:
        """None when the phase may be left; otherwise what is still missing. Counted, not assumed."""
        st = self.state
        if phase == "scan":
            done = sum(st.processed)
            if done != len(st.files):
                return f"scan claims to be done but {len(st.files) - done} of {len(st.files)} files were not processed"
        elif phase == "filter":
            left = sum(1 for c in st.candidates if c.status == "candidate")
            if left:
                return f"{left} candidates have no status"
        elif phase == "triage":
            left = sum(1 for c in st.candidates if c.status == "uncertain")
            if left:
                return f"{left} uncertain candidates were not judged"
        elif phase == "report":
            # AND, never OR: a written report over a partial scan is not a finished run.
            done = sum(st.processed)
            if not (st.history.report_written and done == len(st.files)):
                return f"report written: {st.history.report_written}; files processed {done}/{len(st.files)}"
        return None

    def _leave_phase(self, phase: Phase) -> None:
        st = self.state
        missing = self._exit_condition(phase)
        if missing:
            self._on_failure(phase, Failure(phase=phase, step=phase, kind="exit_condition", retryable=False, message=missing))
            return
        self._emit_phase_finished(phase, self._phase_summary(phase))
        if phase == "report":
            if phase not in st.history.phases_done:
                st.history.phases_done.append(phase)
            pending = st.counts()["pending"]
            if pending:
                self._finish("need_human", f"{pending} finding(s) wait for a person's decision")
            else:
                self._finish("done", "all phases done")
            return
        unacknowledged = [n for n in st.notes if not n.acknowledged and n.phase == phase]
        if unacknowledged and self.settings.pause_on_notes:
            st.working.paused_for = "notes"
            reason = f"{len(unacknowledged)} note(s) raised in {phase}: a person should look before the run goes on"
            self._finish("need_human", reason)
            self._emit(ev.NeedHuman(run_id=st.task.run_id, reason=reason, notes=unacknowledged))
            return
        self._advance_phase()

    def _advance_phase(self) -> None:
        st = self.state
        phase = st.working.phase
        if phase not in st.history.phases_done:
            st.history.phases_done.append(phase)
        nxt = PHASES[PHASES.index(phase) + 1]
        st.working.phase = nxt
        st.working.cursor = 0
        self._emit(ev.PhaseStarted(run_id=st.task.run_id, phase=nxt))

    def _phase_summary(self, phase: Phase) -> str:
        st, c = self.state, self.state.counts()
        return {
            "discover": f"{len(st.files)} files, {st.history.files_skipped} skipped",
            "scan": f"{st.history.files_scanned} files scanned, {len(st.candidates)} candidates",
            "filter": f"{c['confirmed']} confirmed, {c['dismissed']} dismissed, {c['uncertain']} uncertain",
            "triage": f"{c['confirmed']} confirmed, {c['dismissed']} dismissed, {c['pending']} for a person",
            "review": f"{c['pending']} pending",
            "report": ", ".join(st.history.reports) or "report written",
        }[phase]

    def _emit_phase_finished(self, phase: Phase, summary: str) -> None:
        self._emit(ev.PhaseFinished(run_id=self.state.task.run_id, phase=phase, summary=summary))

    # ---- failures -------------------------------------------------------------------------
    def _on_failure(self, phase: Phase, f: Failure) -> None:
        st, b = self.state, self.settings.budget
        f.round = st.history.rounds
        st.failures.entries.append(f)
        st.failures.consecutive += 1
        can_retry = f.retryable and st.failures.retries_used < b.max_retries and st.failures.consecutive < b.failure_threshold
        if can_retry:
            st.failures.retries_used += 1  # one counter for the whole run: retries never nest per round
            return
        if phase == "triage" and not st.working.judge_fallback:
            why = f"the judge failed ({f.kind}: {f.message})" if not f.retryable else f"the judge failed {st.failures.consecutive} times in a row ({f.kind})"
            self._fall_back(why)
            return
        self._finish("failed", f"{phase}: {f.message}")

    def _fall_back(self, why: str) -> None:
        st = self.state
        st.working.judge_fallback = why
        st.failures.consecutive = 0
        text = f"{why}; the offline judge decides what is left"
        self._trace("fallback", {"judge": self.judge.name}, text)
        self._emit(ev.Message(run_id=st.task.run_id, level="warning", text=text))

    def _finish(self, status: str, reason: str) -> None:
        self.state.status = status  # type: ignore[assignment]
        self.state.status_reason = reason

    # ---- verdict cache -------------------------------------------------------------------
    def _cached_verdict(self, fp: str, judge_name: str) -> Verdict | None:
        if judge_name == "offline":
            return None  # cheap and deterministic: nothing to save
        if fp in self._memo:
            return self._memo[fp]
        if self.verdict_cache is not None:
            hit = self.verdict_cache.get(fp)
            if hit is not None:
                self.state.history.cache_hits += 1
                return hit.for_candidate("cached")
        return None

    def _judge_request(self, c: Candidate) -> JudgeRequest:
        rule = self.catalogue.get(c.rule_id)
        return JudgeRequest.from_candidate(c, rule.description, rule_category=rule.category, rule_specific=rule.specific)

    def _remember_verdict(self, c: Candidate, opinion: Any) -> None:
        if opinion.judge == "offline":
            return
        v = Verdict(candidate_id=c.id, verdict=opinion.verdict, confidence=opinion.confidence, reason=opinion.reason, note=opinion.note)
        self._memo[c.fingerprint] = v
        if self.verdict_cache is not None:
            self.verdict_cache.put(c.fingerprint, v)

    # ---- reports, trace, snapshot, events --------------------------------------------------
    def _write_reports(self) -> list[str]:
        from .reports import json_report, render

        st = self.state
        # A shallow copy with the final status: renderers only read (a deep copy of a large
        # state cost a third of a second).
        final = st.model_copy(update={
            "status": "need_human" if st.counts()["pending"] else "done",
            "history": st.history.model_copy(update={"report_written": True}),
        })
        where: list[str] = []
        self.rendered = []
        for out in st.task.outputs:
            # each JSON report is written from its findings one at a time, never a whole document
            # of them: a dense file's 40,000 finding dicts cost more than the report itself
            text = render(out.format, final, self.catalogue)
            self.rendered.append((out.path, text))
            if out.path in (None, "-"):
                sys.stdout.write(text if text.endswith("\n") else text + "\n")
                sys.stdout.flush()
                where.append("-")
            else:
                atomic_write(out.path, text)
                where.append(os.path.abspath(out.path))
        if self.store is not None:
            path = self.store.run_dir(st.task.run_id) / "report.json"
            # compact: json's C encoder only runs without indentation (5x faster on big runs)
            atomic_write(path, json_report.compact_bytes(final, self.catalogue), durable=False)
            where.append(str(path))
        return where

    def _trace(self, action: str, args: dict, result: str, duration: float | None = None) -> None:
        st = self.state
        line = {
            "t": round(time.time(), 3),
            "round": st.history.rounds,
            "phase": st.working.phase,
            "action": action,
            "args": args,
            "result": result[:300],
            "status": st.status,
        }
        if duration is not None:
            line["ms"] = round(duration * 1000, 2)
        log.debug("round %s %s %s: %s", line["round"], line["phase"], action, line["result"])
        if self.store is not None:
            try:
                self.store.trace(st.task.run_id, line)
            except OSError as err:
                log.warning("cannot write the trace: %s", err.strerror)

    def _snapshot_due(self, result: RoundResult) -> bool:
        """Whether to write the snapshot after this round. Any snapshot is a consistent state to
        resume from, and replaying a cheap round is harmless, so quick rounds are batched: a crash
        loses at most SNAPSHOT_EVERY_SECONDS (or ten times the last snapshot's cost) of replayable work. What is costly or cannot be
        replayed is saved at once: model calls (tokens), failures, a stop or pause; with tracing,
        every round (each round's snapshot is kept for diffing). Before a round that may wait on
        a model, what came before it is saved too (see _round). A large warm rescan spent a
        third of its time re-serialising the state every round before this."""
        if self.store is None:
            return False
        return (
            self.store.keep_round_snapshots
            or self.state.status != "running"
            or result.failure is not None
            or result.usage.calls > 0
            or time.monotonic() - self._saved_at >= max(SNAPSHOT_EVERY_SECONDS, self._save_seconds / SNAPSHOT_COST_SHARE)
        )

    def _may_wait_outside(self, phase: Phase) -> bool:
        """A round that may wait on a model (seconds, or a crash meanwhile). A review round
        only reads the decisions file; waiting for a person ends the run as need_human."""
        return phase == "triage" and self.judge.name != "offline" and not self.state.working.judge_fallback

    def _save(self) -> None:
        if self.store is None:
            return
        self._saved_at = time.monotonic()
        self._saved = (self.state.history.rounds, self.state.status)
        try:
            self.store.save(self.state)
            self._save_seconds = time.monotonic() - self._saved_at
        except (TypeError, ValueError) as err:
            # The state must always be plain data; if it is not, stop rather than lose resumability.
            self._finish("failed", f"the run state could not be written as JSON ({type(err).__name__})")
            log.error("state not serialisable: %s", type(err).__name__)
        except OSError as err:
            # A snapshot that cannot be written does not lose findings in memory; say so once per round.
            log.warning("cannot write the run snapshot: %s", err.strerror)

    def _wants(self, kind: str) -> bool:
        return ev.wants(self.subscribers, kind)

    def _emit(self, event: Any) -> None:
        for fn in list(self.subscribers):
            try:
                fn(event)
            except Exception:  # a subscriber's bug must not stop the loop
                log.exception("event subscriber failed on %s", getattr(event, "kind", event))
