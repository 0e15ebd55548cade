"""atomic_write: durable writes sync the file and its folder; rebuildable ones only rename."""

from __future__ import annotations

import os

import pytest

from secretloop.loops import atomic
from secretloop.loops.atomic import atomic_write


@pytest.fixture
def fsyncs(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = os.fsync
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: calls.append(fd) or real(fd))
    return calls


def test_a_durable_write_syncs_the_file_and_the_folder(tmp_path, fsyncs):
    atomic_write(tmp_path / "decisions.jsonl", "a\n")
    assert len(fsyncs) == 2 and (tmp_path / "decisions.jsonl").read_text() == "a\n"


def test_a_rebuildable_file_is_replaced_whole_without_syncing(tmp_path, fsyncs):
    target = tmp_path / "state.json"
    target.write_text("old")
    atomic_write(target, b'{"new": 1}', durable=False)
    assert fsyncs == [] and target.read_bytes() == b'{"new": 1}'
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"]  # no temp file left behind


def test_the_decisions_file_is_written_durably(tmp_path, fsyncs):
    from secretloop.loops.decisions import Decision, DecisionsStore

    store = DecisionsStore(str(tmp_path / "decisions.jsonl"))
    store.record(Decision(fingerprint="fp:" + "a" * 16, decision="dismissed", rule_id="generic-password",
                          reason="test fixture", by="tester", date="2026-12-03T00:00:00Z"))
    assert len(fsyncs) >= 2
