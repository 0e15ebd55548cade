"""The loop's control logic, tested with the scripted judge (DESIGN.md §1.11).

Includes one regression test for each failure the seed documents describe: a prompt
placeholder clobbered by a state field (test_prompts.py), retries nesting per round, a state
that cannot be serialised, a termination condition written with OR instead of AND, earlier
verdicts leaking into a judgement, and a loop that never ends being stopped by its budget.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from secretloop.loops import events as ev
from secretloop.loops.decisions import Decision, DecisionsStore
from secretloop.loops.engine import Engine
from secretloop.loops.judges.base import JudgeError, JudgeRequest
from secretloop.loops.judges.scripted import ScriptedJudge
from secretloop.loops.phases.base import RoundResult
from secretloop.loops.runs import RunStore, new_run
from secretloop.loops.settings import Budget, Settings
from secretloop.loops.state import RunState
from tests.support.tokens import github_pat, random_password


def make_workspace(root: Path, n_generic: int = 1) -> dict[str, str]:
    """A tiny workspace: one structural token, n generic password assignments, one clean file."""
    planted = {"token": github_pat(seed=1)}
    (root / "app.py").write_text(f'GITHUB_TOKEN = "{planted["token"]}"\n')
    for i in range(n_generic):
        pw = random_password(seed=100 + i)
        planted[f"pw{i}"] = pw
        (root / f"settings_{i}.py").write_text(f'db_password = "{pw}"\n')
    (root / "clean.py").write_text("print('hello')\n")
    return planted


def settings(**kw) -> Settings:
    budget = kw.pop("budget", {})
    return Settings(budget=Budget(**budget), **kw)


class Recorder:
    def __init__(self):
        self.events: list = []

    def __call__(self, e):
        self.events.append(e)

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]


async def run(state: RunState, tmp_path: Path, **kw) -> tuple[RunState, Recorder, RunStore]:
    rec = Recorder()
    store = kw.pop("store", None) or RunStore(tmp_path / "state", keep_round_snapshots=state.task.settings.trace)
    engine = Engine(state, store=store, subscribers=[rec], **kw)
    return await engine.run(), rec, store


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    return root


async def test_happy_path_reaches_done_with_statuses(ws, tmp_path):
    make_workspace(ws)
    judge = ScriptedJudge(default="secret")
    final, rec, _ = await run(new_run([str(ws)], settings()), tmp_path, judge=judge)
    assert final.status == "done", final.status_reason
    assert final.history.phases_done == ["discover", "scan", "filter", "triage", "review", "report"]
    statuses = {c.rule_id: c.status for c in final.candidates}
    assert "confirmed" in statuses.values()
    assert sum(final.processed) == len(final.files) == 3
    kinds = rec.kinds()
    assert kinds[0] == "phase_started" and kinds[-1] == "run_finished"
    assert "file_findings" in kinds and "progress" in kinds


async def test_empty_workspace_ends_done_with_nothing_to_do(ws, tmp_path):
    final, rec, _ = await run(new_run([str(ws)], settings()), tmp_path)
    assert final.status == "done"
    assert "nothing to do" in final.status_reason


# --- regression: retries nest per round -------------------------------------------------------

async def test_retries_use_one_global_counter(ws, tmp_path):
    make_workspace(ws, n_generic=4)
    timeout = JudgeError("timeout", "timed out", retryable=True)
    # batch_size 1: four judge rounds; each first attempt fails once. With a global budget of 2 retries,
    # the third failure cannot be retried and triage falls back to the offline judge.
    judge = ScriptedJudge(default="secret", failures=[timeout, timeout])
    s = settings(budget={"max_retries": 2, "failure_threshold": 3}, judge="scripted")
    s.openai.batch_size = 1
    final, rec, _ = await run(new_run([str(ws)], s), tmp_path, judge=judge)
    assert final.failures.retries_used == 2
    assert len(final.failures.entries) == 2
    assert final.status in ("done", "need_human")


async def test_retries_stop_at_the_global_budget_not_per_round(ws, tmp_path):
    make_workspace(ws, n_generic=3)
    judge = ScriptedJudge(fail_forever=JudgeError("server_error", "HTTP 500", retryable=True))
    s = settings(budget={"max_retries": 10, "failure_threshold": 3}, judge="scripted")
    final, rec, _ = await run(new_run([str(ws)], s), tmp_path, judge=judge)
    # 3 consecutive failures trip the threshold once; never 3 per batch, never 3x3.
    assert judge.calls == 3
    assert final.working.judge_fallback and "3 times" in final.working.judge_fallback
    assert any(isinstance(e, ev.Message) and "offline judge" in e.text for e in rec.events)
    assert final.counts()["uncertain"] == 0
    assert final.status in ("done", "need_human")


async def test_non_retryable_judge_failure_falls_back_at_once(ws, tmp_path):
    make_workspace(ws, n_generic=2)
    judge = ScriptedJudge(fail_forever=JudgeError("auth", "HTTP 401", retryable=False))
    final, _, _ = await run(new_run([str(ws)], settings(judge="scripted")), tmp_path, judge=judge)
    assert judge.calls == 1
    assert final.failures.retries_used == 0
    assert "auth" in final.working.judge_fallback
    assert all(c.opinion is None or c.opinion.judge == "offline" for c in final.candidates if c.decided_by == "judge")


async def test_judge_call_budget_caps_model_calls(ws, tmp_path):
    make_workspace(ws, n_generic=5)
    judge = ScriptedJudge(default="secret", name="model")
    s = settings(judge="scripted", budget={"max_judge_calls": 2})
    s.openai.batch_size = 1
    final, _, _ = await run(new_run([str(ws)], s), tmp_path, judge=judge)
    assert judge.calls == 2
    assert final.history.judge_calls == 2
    assert "budget" in (final.working.judge_fallback or "")


# --- regression: a state that cannot be serialised --------------------------------------------

async def test_every_round_snapshot_round_trips(ws, tmp_path):
    make_workspace(ws)
    s = settings(trace=True)
    final, _, store = await run(new_run([str(ws)], s), tmp_path, judge=ScriptedJudge(default="unsure"))
    rounds = sorted((store.run_dir(final.task.run_id) / "rounds").glob("*.json"))
    assert len(rounds) == final.history.rounds
    for p in rounds:
        RunState.model_validate_json(p.read_text())
    assert RunState.model_validate_json(final.model_dump_json()) == final


async def test_a_step_returning_non_plain_data_fails_the_run_cleanly(ws, tmp_path):
    make_workspace(ws)

    class LeakyScan:
        async def round(self, tools):
            return RoundResult(action="scan_batch", args={"handle": open(__file__)})  # not plain data

    final, _, store = await run(new_run([str(ws)], settings()), tmp_path, handlers={"scan": LeakyScan()})
    assert final.status == "failed"
    assert "does not validate" in final.status_reason
    # the snapshot on disk is still valid JSON of the last good state
    RunState.model_validate_json((store.run_dir(final.task.run_id) / "state.json").read_text())


# --- regression: termination written with OR instead of AND ------------------------------------

async def test_report_written_is_not_enough_when_files_remain(ws, tmp_path):
    make_workspace(ws)

    class EarlyScan:
        """Claims the scan is complete after the first file."""

        async def round(self, tools):
            index, entry = tools.batch[0]
            sha, size, found, _ = tools.scan_file(entry)
            from secretloop.loops.phases.base import ScannedFile

            return RoundResult(action="scan_batch", scanned=[ScannedFile(index=index, sha256=sha, size=size)], added=found, complete=True)

    final, _, _ = await run(new_run([str(ws)], settings()), tmp_path, handlers={"scan": EarlyScan()})
    assert final.status == "failed"
    assert "not processed" in final.status_reason
    assert not final.history.report_written


async def test_report_phase_needs_all_files_even_if_report_written(ws, tmp_path):
    make_workspace(ws)
    state = new_run([str(ws)], settings(judge="scripted"))
    final, _, store = await run(state, tmp_path, judge=ScriptedJudge(default="secret"))
    assert final.status == "done"
    # Corrupt the count as an OR-condition bug would allow: one file unprocessed at report time.
    state2 = store.load(final.task.run_id)
    state2.processed[0] = False
    state2.working.phase = "report"
    state2.history.report_written = False
    state2.status = "running"
    final2, _, _ = await run(state2, tmp_path, store=store, judge=ScriptedJudge(default="secret"))
    assert final2.status == "failed"
    assert "files processed 2/3" in final2.status_reason


# --- regression: earlier verdicts leaking into a judgement -------------------------------------

async def test_judge_never_sees_earlier_verdicts(ws, tmp_path):
    make_workspace(ws, n_generic=3)
    judge = ScriptedJudge(default="unsure")
    s = settings(judge="scripted")
    s.openai.batch_size = 1
    final, _, store = await run(new_run([str(ws)], s), tmp_path, judge=judge)
    assert len(judge.requests) == 3
    for batch in judge.requests:
        assert len(batch) == 1  # only the candidate in front of it
        payload = json.loads(batch[0].model_dump_json())
        assert "opinion" not in payload and "verdict" not in json.dumps(payload)
        assert "status" not in payload and "reason" not in payload
    # And a candidate that already carries an opinion produces a request without it.
    judged = next(c for c in final.candidates if c.opinion is not None)
    req = JudgeRequest.from_candidate(judged, "desc")
    assert "scripted" not in req.model_dump_json()


# --- regression: a loop that never ends is stopped by its budget --------------------------------

async def test_never_ending_phase_is_stopped_by_round_budget(ws, tmp_path):
    make_workspace(ws)

    class StuckScan:
        async def round(self, tools):
            return RoundResult(action="scan_batch", summary="made no progress")

    s = settings(budget={"max_rounds": 25})
    final, rec, store = await run(new_run([str(ws)], s), tmp_path, handlers={"scan": StuckScan()})
    assert final.status == "budget_exhausted"
    assert final.history.rounds == 25
    saved = store.load(final.task.run_id)
    assert saved.status == "budget_exhausted" and saved.working.phase == "scan"
    assert rec.events[-1].kind == "run_finished"


async def test_wall_time_budget_stops_the_run(ws, tmp_path):
    make_workspace(ws)
    s = settings(budget={"max_wall_seconds": 1e-9})
    final, _, _ = await run(new_run([str(ws)], s), tmp_path)
    assert final.status == "budget_exhausted"
    assert "wall-time" in final.status_reason


# --- resume, need_human, notes, cancel ---------------------------------------------------------

async def test_resume_after_budget_stop_finishes_like_a_fresh_run(ws, tmp_path):
    for i in range(10):
        (ws / f"f{i}.py").write_text(f'GITHUB_TOKEN = "{github_pat(seed=i)}"\n')
    s = settings(scan_batch_files=1, budget={"max_rounds": 4})
    first, _, store = await run(new_run([str(ws)], s), tmp_path)
    assert first.status == "budget_exhausted" and first.working.phase == "scan"
    loaded = store.load(first.task.run_id)
    loaded.task.settings.budget.max_rounds = 10_000
    resumed, _, _ = await run(loaded, tmp_path, store=store)
    fresh, _, _ = await run(new_run([str(ws)], settings()), tmp_path / "fresh")
    assert resumed.status == "done"
    assert sorted(c.id for c in resumed.candidates) == sorted(c.id for c in fresh.candidates)
    assert sum(resumed.processed) == 10


async def test_need_human_then_decisions_file_then_resume_reaches_done(ws, tmp_path):
    make_workspace(ws, n_generic=2)
    s = settings(judge="scripted", wait_for_review=True)
    final, rec, store = await run(new_run([str(ws)], s), tmp_path, judge=ScriptedJudge(default="unsure"))
    assert final.status == "need_human"
    need = [e for e in rec.events if isinstance(e, ev.NeedHuman)]
    assert need and len(need[0].pending) == 2
    pending = [c for c in final.candidates if c.status == "pending"]
    decisions = DecisionsStore(str(ws / ".secretloop" / "decisions.jsonl"))
    for c, what in zip(pending, ["confirmed", "dismissed"]):
        decisions.record(Decision(fingerprint=c.fingerprint, decision=what, rule_id=c.rule_id, path=c.path, reason="by test", by="tester", date="2026-12-02T10:00:00+00:00"))
    again, _, _ = await run(store.load(final.task.run_id), tmp_path, store=store, judge=ScriptedJudge(default="unsure"))
    assert again.status == "done", again.status_reason
    by_fp = {c.fingerprint: c for c in again.candidates}
    assert by_fp[pending[0].fingerprint].status == "confirmed"
    assert by_fp[pending[1].fingerprint].status == "dismissed"
    assert by_fp[pending[1].fingerprint].decided_by == "human"


async def test_notes_raise_a_hand_and_pause_before_leaving_the_phase(ws, tmp_path):
    make_workspace(ws)
    s = settings(judge="scripted", pause_on_notes=True)
    judge = ScriptedJudge(default="secret", note="value looks like a licence key, not a credential")
    final, rec, store = await run(new_run([str(ws)], s), tmp_path, judge=judge)
    assert final.status == "need_human"
    assert final.working.phase == "triage" and final.working.paused_for == "notes"
    assert any(isinstance(e, ev.NeedHuman) and e.notes for e in rec.events)
    again, _, _ = await run(store.load(final.task.run_id), tmp_path, store=store, judge=judge)
    assert again.status == "done"
    assert all(n.acknowledged for n in again.notes)


async def test_cancel_keeps_state_and_resumes(ws, tmp_path):
    for i in range(6):
        (ws / f"f{i}.py").write_text(f'GITHUB_TOKEN = "{github_pat(seed=i)}"\n')
    store = RunStore(tmp_path / "state")
    state = new_run([str(ws)], settings(scan_batch_files=1))
    engine = Engine(state, store=store)
    engine.subscribe(lambda e: engine.cancel() if isinstance(e, ev.Progress) else None)
    final = await engine.run()
    assert final.status == "cancelled"
    assert 0 < sum(final.processed) < 6
    again = await Engine(store.load(final.task.run_id), store=store).run()
    assert again.status == "done" and sum(again.processed) == 6


async def test_trace_has_one_line_per_round_with_phase_action_result(ws, tmp_path):
    make_workspace(ws)
    final, _, store = await run(new_run([str(ws)], settings()), tmp_path)
    lines = [json.loads(l) for l in (store.run_dir(final.task.run_id) / "trace.jsonl").read_text().splitlines()]
    rounds = [l for l in lines if l["action"] not in ("resume", "budget", "fallback")]
    assert len(rounds) == final.history.rounds
    for l in rounds:
        assert {"phase", "action", "args", "result", "round"} <= set(l)


async def test_file_findings_stream_during_the_scan(ws, tmp_path):
    for i in range(8):
        (ws / f"f{i}.py").write_text(f'GITHUB_TOKEN = "{github_pat(seed=i)}"\n')
    final, rec, _ = await run(new_run([str(ws)], settings(scan_batch_files=1)), tmp_path)
    kinds = rec.kinds()
    filter_started = next(i for i, e in enumerate(rec.events) if isinstance(e, ev.PhaseStarted) and e.phase == "filter")
    during_scan = [e for e in rec.events[:filter_started] if isinstance(e, ev.FileFindings)]
    assert len(during_scan) == 8  # one per file, as each batch is scanned
    assert all(f.status == "confirmed" for e in during_scan for f in e.findings)
    # the state itself is decided by the filter phase, not by the stream
    assert kinds.index("file_findings") < filter_started
    assert final.status == "done"


class CountingStore(RunStore):
    """A run store that counts snapshot writes."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.saves: list[tuple[int, str]] = []
        self.phases: list[str] = []

    def save(self, state: RunState) -> None:
        self.saves.append((state.history.rounds, state.status))
        self.phases.append(state.working.phase)
        super().save(state)


async def test_quick_rounds_share_a_snapshot_and_the_last_one_is_the_final_state(ws, tmp_path):
    make_workspace(ws, n_generic=3)
    store = CountingStore(tmp_path / "state")
    final, _, _ = await run(new_run([str(ws)], settings()), tmp_path, store=store)
    # quick offline rounds are not each written, but the end state always is, once
    assert final.history.rounds > 3
    assert len(store.saves) < final.history.rounds
    assert store.saves[-1] == (final.history.rounds, final.status)
    assert len(store.saves) == len(set(store.saves)), "the same state was written twice"
    assert store.load(final.task.run_id) == final


async def test_rounds_that_spend_model_calls_are_saved_at_once(ws, tmp_path):
    make_workspace(ws, n_generic=3)
    store = CountingStore(tmp_path / "state")
    final, _, _ = await run(new_run([str(ws)], settings()), tmp_path, store=store, judge=ScriptedJudge(default="unsure"))
    triage_rounds = [n for n, line in enumerate(_trace_lines(store, final), start=1) if line["action"] == "judge_batch"]
    assert triage_rounds, "the scripted judge was never asked"
    saved_rounds = {r for r, _ in store.saves}
    assert set(triage_rounds) <= saved_rounds
    # before the first model call, the scan's work was written (a host dying mid-call resumes there)
    before_call = triage_rounds[0] - 1
    assert (before_call, "running") in store.saves
    assert store.phases[store.saves.index((before_call, "running"))] == "triage"


def _trace_lines(store: RunStore, state: RunState) -> list[dict]:
    path = store.run_dir(state.task.run_id) / "trace.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


async def test_per_finding_events_are_not_built_for_subscribers_that_do_not_handle_them(ws, tmp_path, monkeypatch):
    make_workspace(ws)
    built: list[str] = []
    for name in ("FindingAdded", "FindingChanged", "FileFindings"):
        real = getattr(ev, name)
        monkeypatch.setattr(ev, name, lambda *a, _real=real, **k: built.append(_real.__name__) or _real(*a, **k))

    class Quiet(Recorder):
        event_kinds = frozenset({"progress", "run_finished"})

    quiet = Quiet()
    state = new_run([str(ws)], settings())
    final = await Engine(state, store=RunStore(tmp_path / "q"), subscribers=[quiet]).run()
    assert final.candidates and built == []
    assert "run_finished" in quiet.kinds()
    # a subscriber that names no kinds hears every finding, as before
    final, rec, _ = await run(new_run([str(ws)], settings()), tmp_path)
    assert {"FindingAdded", "FileFindings"} <= set(built)
    assert {"finding_added", "file_findings"} <= set(rec.kinds())


async def test_thousands_of_candidates_take_a_bounded_number_of_rounds(ws, tmp_path, monkeypatch):
    # Each filter or triage round walks the whole candidate list: with a fixed batch, a dump of
    # 30,000 credentials took hundreds of rounds (quadratic). The batch grows with the count.
    import secretloop.loops.engine as engine_module

    monkeypatch.setattr(engine_module, "FILTER_BATCH", 10)
    monkeypatch.setattr(engine_module, "OFFLINE_TRIAGE_BATCH", 10)
    monkeypatch.setattr(engine_module, "CANDIDATE_ROUNDS", 4)
    (ws / "dump.env").write_text("".join(f"SERVICE_{i}_PASSWORD={random_password(seed=1000 + i)}\n" for i in range(200)))
    final, _, store = await run(new_run([str(ws)], settings()), tmp_path)
    assert len(final.candidates) > 150 and final.counts()["candidate"] == 0
    per_phase: dict[str, int] = {}
    for line in _trace_lines(store, final):
        per_phase[line["phase"]] = per_phase.get(line["phase"], 0) + 1
    assert per_phase["filter"] <= 4, per_phase
    assert 1 <= per_phase.get("triage", 0) <= 4, per_phase


async def test_an_editor_buffer_of_minified_code_is_read_as_a_bundle_like_the_file(ws, tmp_path):
    # A buffer handed over as an overlay is told a bundle by its text, as the file on disk is: a
    # token of a known format is found; a password a minifier's short name holds is not read.
    (ws / "bundle.js").write_text("x = 1;\n")
    buffer = f'var k="{github_pat(seed=5)}";' + 'var p={password:"Wq7#kd93LmPz"};' + "var a=1;" * 300 + "\n"
    state = new_run([str(ws)], settings(), only_paths=[["bundle.js"]])
    final, _, _ = await run(state, tmp_path, overlays={str(ws / "bundle.js"): buffer})
    assert final.skipped == []
    assert [c.rule_id for c in final.candidates] == ["github-pat"]


async def test_a_root_that_is_gone_fails_the_run_with_its_reason_not_a_crash(ws, tmp_path, caplog):
    gone = ws / "gone"
    final, _, _ = await run(new_run([str(gone)], settings()), tmp_path)
    assert final.status == "failed"
    (failure,) = final.failures.entries
    assert (failure.phase, failure.kind, failure.retryable) == ("discover", "bad_input", False)
    assert "does not exist" in failure.message
    assert not any(r.exc_info for r in caplog.records), "a user's mistake is not logged as a bug"


def test_exclude_patterns_that_do_not_compile_are_refused_with_the_settings():
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match=r"not valid gitignore-style patterns: '\[z-a\]'"):
        Settings(exclude=["build/", "[z-a]"])
    assert Settings(exclude=["build/", "*.log"]).exclude == ["build/", "*.log"]
