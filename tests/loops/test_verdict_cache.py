"""The verdict cache: round trips across instances, keys on judge and prompt, survives corruption."""

from __future__ import annotations

import json

from secretloop.loops.judges.base import Verdict
from secretloop.loops.judges.verdict_cache import CachedVerdict, VerdictCache

FP1 = "sl1:" + "a" * 32
FP2 = "sl1:" + "b" * 32


def verdict(cid: str = "cand-1", kind: str = "secret", note: str | None = None) -> Verdict:
    return Verdict(candidate_id=cid, verdict=kind, confidence=0.8, reason="provider prefix and high entropy", note=note)


def test_round_trip_across_instances(tmp_path):
    path = tmp_path / "cache" / "verdicts.jsonl"
    VerdictCache(path, "openai:m", "p1").put(FP1, verdict(note="odd file"))

    again = VerdictCache(path, "openai:m", "p1")
    got = again.get(FP1)
    assert got == CachedVerdict(verdict="secret", confidence=0.8, reason="provider prefix and high entropy", note="odd file")
    assert got.for_candidate("cand-9") == verdict("cand-9", note="odd file")
    assert again.get(FP2) is None
    assert len(again) == 1 and again.problems == []


def test_other_judge_or_prompt_version_misses(tmp_path):
    path = tmp_path / "v.jsonl"
    VerdictCache(path, "openai:m", "p1").put(FP1, verdict())
    assert VerdictCache(path, "openai:other", "p1").get(FP1) is None
    assert VerdictCache(path, "openai:m", "p2").get(FP1) is None


def test_entries_of_other_judges_are_kept(tmp_path):
    path = tmp_path / "v.jsonl"
    VerdictCache(path, "openai:a", "p1").put(FP1, verdict(kind="secret"))
    VerdictCache(path, "openai:b", "p1").put(FP1, verdict(kind="not_secret"))
    assert VerdictCache(path, "openai:a", "p1").get(FP1).verdict == "secret"
    assert VerdictCache(path, "openai:b", "p1").get(FP1).verdict == "not_secret"


def test_stores_only_the_judgement(tmp_path):
    path = tmp_path / "v.jsonl"
    VerdictCache(path, "openai:m", "p1").put(FP1, verdict("candidate-id-with-location:12"))
    [line] = path.read_text().splitlines()
    data = json.loads(line)
    assert set(data) == {"v", "fp", "judge", "prompt", "verdict", "at"}
    assert set(data["verdict"]) == {"verdict", "confidence", "reason", "note"}
    assert "candidate-id-with-location" not in line


def test_put_replaces_and_put_many_writes_all(tmp_path):
    path = tmp_path / "v.jsonl"
    cache = VerdictCache(path, "openai:m", "p1")
    cache.put(FP1, verdict(kind="unsure"))
    cache.put_many([(FP1, verdict(kind="secret")), (FP2, CachedVerdict.of(verdict(kind="not_secret")))])
    again = VerdictCache(path, "openai:m", "p1")
    assert (again.get(FP1).verdict, again.get(FP2).verdict) == ("secret", "not_secret")
    assert len(path.read_text().splitlines()) == 2


def test_corrupt_lines_are_skipped_reported_and_dropped_on_write(tmp_path):
    path = tmp_path / "v.jsonl"
    VerdictCache(path, "openai:m", "p1").put(FP1, verdict())
    good_line = path.read_text()
    broken = json.loads(good_line)
    broken["verdict"]["verdict"] = "definitely"
    path.write_text("{not json SECRET-ISH-TEXT\n" + good_line + json.dumps(broken) + "\n\n")

    cache = VerdictCache(path, "openai:m", "p1")
    assert cache.get(FP1) is not None
    assert len(cache.problems) == 2
    assert "line 1" in cache.problems[0] and "line 3" in cache.problems[1]
    assert all("SECRET-ISH-TEXT" not in p for p in cache.problems)

    cache.put(FP2, verdict())
    assert len(path.read_text().splitlines()) == 2
    assert VerdictCache(path, "openai:m", "p1").problems == []


def test_writers_sharing_a_file_keep_each_others_entries(tmp_path):
    path = tmp_path / "v.jsonl"
    first = VerdictCache(path, "openai:m", "p1")
    second = VerdictCache(path, "openai:m", "p1")
    first.put(FP1, verdict())
    second.put(FP2, verdict())
    again = VerdictCache(path, "openai:m", "p1")
    assert again.get(FP1) is not None and again.get(FP2) is not None


def test_writes_leave_no_temporary_files(tmp_path):
    path = tmp_path / "v.jsonl"
    cache = VerdictCache(path, "openai:m", "p1")
    for fp in (FP1, FP2):
        cache.put(fp, verdict())
    assert [p.name for p in tmp_path.iterdir()] == ["v.jsonl"]


def test_unreadable_file_is_a_problem_not_a_crash(tmp_path):
    path = tmp_path / "v.jsonl"
    path.mkdir()  # a directory where the file should be
    cache = VerdictCache(path, "openai:m", "p1")
    assert cache.get(FP1) is None
    assert len(cache.problems) == 1 and "cannot read" in cache.problems[0]
