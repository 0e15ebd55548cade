"""Old run folders are pruned: the newest stay, recent and foreign folders are never touched."""

from __future__ import annotations

import os
import time
from pathlib import Path

from secretloop.loops.engine import Engine
from secretloop.loops.runs import RunStore, new_run
from secretloop.loops.settings import Settings


def make_run(store: Path, name: str, age_seconds: float) -> Path:
    run = store / name
    run.mkdir(parents=True)
    (run / "state.json").write_text("{}")
    (run / "trace.jsonl").write_text("")
    then = time.time() - age_seconds
    for p in (run / "state.json", run / "trace.jsonl", run):
        os.utime(p, (then, then))
    return run


def names(store: Path) -> set[str]:
    return {p.name for p in store.iterdir()}


def test_keeps_the_newest_and_removes_older_stale_runs(tmp_path):
    store = tmp_path / "state"
    for i in range(6):  # i = 0 is the newest
        make_run(store, f"20260101-0000{i:02d}-abcde{i}", age_seconds=3600 * (i + 1))
    removed = RunStore(store).prune(keep=3, grace_seconds=60)
    assert sorted(removed) == [f"20260101-0000{i:02d}-abcde{i}" for i in (3, 4, 5)]
    assert names(store) == {f"20260101-0000{i:02d}-abcde{i}" for i in (0, 1, 2)}


def test_a_recently_touched_run_survives_even_beyond_the_newest(tmp_path):
    store = tmp_path / "state"
    for i in range(4):
        make_run(store, f"20260101-0000{i:02d}-abcde{i}", age_seconds=3600 * (i + 1))
    # the oldest by folder name and folder time, but its snapshot was written just now (a live run)
    live = store / "20260101-000003-abcde3"
    (live / "state.json").write_text("{}")
    RunStore(store).prune(keep=0, grace_seconds=60)
    assert names(store) == {"20260101-000003-abcde3"}


def test_spare_and_foreign_folders_are_never_removed(tmp_path):
    store = tmp_path / "state"
    for i in range(3):
        make_run(store, f"20260101-0000{i:02d}-abcde{i}", age_seconds=3600 * (i + 1))
    (store / "content-cache").mkdir()
    (store / "notes-of-mine").mkdir()
    (store / "verdicts.json").write_text("{}")
    RunStore(store).prune(keep=0, grace_seconds=0, spare="20260101-000002-abcde2")
    assert names(store) == {"20260101-000002-abcde2", "content-cache", "notes-of-mine", "verdicts.json"}


def test_a_missing_store_prunes_nothing(tmp_path):
    assert RunStore(tmp_path / "nowhere").prune() == []


async def test_a_finished_run_prunes_its_store_and_keeps_itself(tmp_path, monkeypatch):
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "a.txt").write_text("nothing to see\n")
    store_dir = tmp_path / "state"
    for i in range(5):
        make_run(store_dir, f"20250101-0000{i:02d}-abcde{i}", age_seconds=86400)
    monkeypatch.setattr("secretloop.loops.runs.KEEP_RUNS", 2)
    state = new_run([str(ws)], Settings())
    await Engine(state, store=RunStore(store_dir)).run()
    left = {n for n in names(store_dir) if n != "content-cache" and not n.endswith(".json")}
    assert state.task.run_id in left
    assert len(left) == 2  # its own folder and the newest old one

