"""What a candidate costs in memory and time, without a change to what is found or written.

A dump of tens of thousands of credentials keeps every candidate in the run state at once
(bench/speed/dense.py): candidates share one set of field names (state.compact), snapshots
get rarer when they are slow, and the run's own report is written as bytes. Each test checks
that the saving changes nothing a reader sees.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from pydantic_core import to_json

from secretloop.loops.engine import Engine
from secretloop.loops.phases.base import RoundResult
from secretloop.loops.reports import json_report, render
from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.runs import RunStore, new_run
from secretloop.loops.settings import Settings
from secretloop.loops.state import Candidate, JudgeOpinion, RunState, compact
from tests.support.tokens import random_password


def dense_workspace(root: Path, n: int = 60) -> list[str]:
    values = [random_password(seed=500 + i) for i in range(n)]
    (root / "dump.env").write_text("".join(f"SERVICE_{i}_PASSWORD={v}\n" for i, v in enumerate(values)))
    return values


def run(root: Path, store_dir: Path) -> tuple[RunState, RunStore]:
    state = new_run([str(root)], Settings(respect_gitignore=False))
    store = RunStore(store_dir)
    engine = Engine(state, store=store)

    async def drive() -> None:
        await engine.run()

    asyncio.run(drive())
    return engine.state, store


def test_compact_candidates_share_one_field_set_and_serialise_the_same(tmp_path):
    (tmp_path / "ws").mkdir()
    values = dense_workspace(tmp_path / "ws")
    state, store = run(tmp_path / "ws", tmp_path / "store")
    cands = state.candidates
    assert len(cands) == len(values)
    # one set object for all of them (and for all their features), naming every field
    assert len({id(c.__pydantic_fields_set__) for c in cands}) == 1
    assert len({id(c.features.__pydantic_fields_set__) for c in cands}) == 1
    assert cands[0].__pydantic_fields_set__ == set(Candidate.model_fields)
    # the same JSON as a candidate that was never compacted
    for c in cands[:5]:
        fresh = Candidate.model_validate(c.model_dump())
        assert fresh.__pydantic_fields_set__ is not c.__pydantic_fields_set__
        assert to_json(fresh) == to_json(c)
    # a validated assignment still works and leaves the shared set as it was
    shared = cands[0].__pydantic_fields_set__
    before = set(shared)
    other = cands[1].opinion
    cands[0].opinion = JudgeOpinion(judge="offline", verdict="secret", confidence=0.9, reason="r")
    assert cands[0].opinion.reason == "r" and cands[1].opinion is other
    assert set(shared) == before and cands[0].__pydantic_fields_set__ == before
    text = (store.run_dir(state.task.run_id) / "state.json").read_text()
    assert not any(v in text for v in values)


def test_a_snapshot_resumes_into_compact_candidates_with_the_same_content(tmp_path):
    (tmp_path / "ws").mkdir()
    dense_workspace(tmp_path / "ws")
    state, store = run(tmp_path / "ws", tmp_path / "store")
    path = store.run_dir(state.task.run_id) / "state.json"
    loaded = store.load(str(path))
    assert len({id(c.__pydantic_fields_set__) for c in loaded.candidates}) == 1
    assert json.loads(RunState.__pydantic_serializer__.to_json(loaded)) == json.loads(path.read_text())


def test_compact_keeps_an_opinion_and_interns_char_classes(tmp_path):
    (tmp_path / "ws").mkdir()
    dense_workspace(tmp_path / "ws", n=4)
    state, _ = run(tmp_path / "ws", tmp_path / "store")
    fresh = [compact(Candidate.model_validate(c.model_dump())) for c in state.candidates]
    by_value: dict[str, set[int]] = {}
    for c in fresh:
        by_value.setdefault(c.features.char_classes, set()).add(id(c.features.char_classes))
    assert all(len(ids) == 1 for ids in by_value.values())
    assert len(fresh) > len(by_value)  # some values repeat: sharing is tested
    judged = [c for c in state.candidates if c.opinion is not None]
    assert judged and len({id(c.opinion.__pydantic_fields_set__) for c in judged}) == 1


def test_slow_snapshots_are_written_less_often(tmp_path):
    (tmp_path / "ws").mkdir()
    state = new_run([str(tmp_path / "ws")], Settings(respect_gitignore=False))
    engine = Engine(state, store=RunStore(tmp_path / "store"))
    quick = RoundResult(action="filter_batch")
    engine._save_seconds = 0.01  # a small state: once a second, as before
    engine._saved_at = time.monotonic() - 1.5
    assert engine._snapshot_due(quick)
    engine._save_seconds = 0.5  # a large state: at most a tenth of the time goes to snapshots
    assert not engine._snapshot_due(quick)
    engine._saved_at = time.monotonic() - 5.5
    assert engine._snapshot_due(quick)
    state.status = "done"  # a stop is written at once, however slow
    engine._saved_at = time.monotonic()
    assert engine._snapshot_due(quick)


def test_the_runs_own_report_is_the_compact_json_as_bytes(tmp_path):
    (tmp_path / "ws").mkdir()
    values = dense_workspace(tmp_path / "ws", n=8)
    state, store = run(tmp_path / "ws", tmp_path / "store")
    catalogue = load_catalogue()
    raw = json_report.compact_bytes(state, catalogue)
    # findings serialised one at a time: the same bytes as the whole document at once
    assert raw == to_json(json_report.document(state, catalogue)) + b"\n"
    assert raw == render("json", state, catalogue, indent=None).encode("utf-8")
    indented = render("json", state, catalogue)
    assert json.loads(indented) == json.loads(raw)
    assert indented.count("\n") == len(json.loads(raw)) + len(state.candidates) + 3  # one line per finding
    written = (store.run_dir(state.task.run_id) / "report.json").read_bytes()
    assert json.loads(written)["findings"] == json.loads(raw)["findings"]
    assert not any(v.encode() in written for v in values)
