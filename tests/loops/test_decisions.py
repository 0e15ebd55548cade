"""The decisions store: file format, merge rule, bad input, conflicts, atomic and concurrent writes.

Decisions carry fingerprints only; the fingerprints here are of made-up strings.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import stat
from pathlib import Path

import pytest
from pydantic import ValidationError

from secretloop.loops.decisions import (
    DEFAULT_RELATIVE_PATH,
    HEADER_LINE,
    Decision,
    DecisionsFileError,
    DecisionsStore,
    merge,
    utc_now,
)
from secretloop.loops.redact import fingerprint


def fp(n: int | str) -> str:
    return fingerprint("generic-password", f"made-up-{n}")


def dec(n: int | str, decision: str = "dismissed", date: str = "2025-01-10T10:00:00Z", **kw) -> Decision:
    fields = dict(fingerprint=fp(n), decision=decision, rule_id="generic-password", path="src/app.py",
                  reason="a test value", by="ana@example.org", date=date)
    fields.update(kw)
    return Decision(**fields)


@pytest.fixture
def store(tmp_path: Path) -> DecisionsStore:
    return DecisionsStore(tmp_path / ".secretloop" / "decisions.jsonl")


# ---- format ------------------------------------------------------------------------------


def test_missing_file_is_empty(store: DecisionsStore) -> None:
    assert store.load() == {}
    assert store.problems == []
    assert store.stale(set()) == []
    assert not os.path.exists(store.path)


def test_file_format_is_sorted_compact_and_line_oriented(store: DecisionsStore) -> None:
    entries = [dec(i) for i in range(5)]
    store.record_many(reversed(entries))
    text = Path(store.path).read_text(encoding="utf-8")
    lines = text.split("\n")
    assert text.endswith("\n") and lines[-1] == ""
    assert lines[0] == HEADER_LINE == '{"format":"secretloop-decisions","version":1}'
    body = lines[1:-1]
    assert body == sorted(body, key=lambda l: Decision.model_validate_json(l).fingerprint)
    assert body == [d.line() for d in sorted(entries, key=lambda d: d.fingerprint)]
    # compact JSON with sorted keys
    assert body[0].startswith('{"by":"ana@example.org","date":"2025-01-10T10:00:00Z","decision":"dismissed","fingerprint":"sl1:')
    assert ": " not in body[0] and ", " not in body[0].replace("a test value", "")
    assert store.load() == {d.fingerprint: d for d in entries}


def test_default_location_under_the_root(tmp_path: Path) -> None:
    s = DecisionsStore.for_root(str(tmp_path))
    assert s.path == os.path.join(str(tmp_path), DEFAULT_RELATIVE_PATH)
    s.record(dec(1))
    assert (tmp_path / ".secretloop" / "decisions.jsonl").is_file()


def test_dates_are_normalised_to_utc() -> None:
    assert dec(1, date="2025-01-10T12:00:00+02:00").date == "2025-01-10T10:00:00Z"
    assert dec(1, date="2025-01-10T10:00:00+00:00").date == "2025-01-10T10:00:00Z"
    assert dec(1, date="2025-01-10T10:00:00").date == "2025-01-10T10:00:00Z"  # no zone: taken as UTC
    assert utc_now().endswith("Z")
    with pytest.raises(ValidationError, match="ISO 8601"):
        dec(1, date="last tuesday")


def test_bad_fields_are_rejected() -> None:
    with pytest.raises(ValidationError):
        dec(1, decision="maybe")
    with pytest.raises(ValidationError):
        dec(1, fingerprint="not a fingerprint")
    with pytest.raises(ValidationError):
        dec(1, by="")
    with pytest.raises(ValidationError):
        Decision.model_validate({**dec(1).model_dump(), "value": "x"})  # no field for a value


# ---- merge rule --------------------------------------------------------------------------


def test_newer_date_wins(store: DecisionsStore) -> None:
    old = dec(1, "dismissed", "2025-01-10T10:00:00Z")
    new = dec(1, "confirmed", "2025-02-01T08:00:00Z")
    assert store.record(old) == old
    assert store.record(new) == new
    # An older decision arriving later does not replace a newer one.
    assert store.record(old) == new
    assert store.load()[fp(1)] == new
    assert store.record_many([old]) == 0


def test_same_date_write_replaces_and_same_entry_changes_nothing(store: DecisionsStore) -> None:
    first = dec(1, "dismissed")
    second = dec(1, "confirmed", reason="on reflection, real")
    store.record(first)
    assert store.record(second) == second
    before = Path(store.path).stat().st_mtime_ns
    assert store.record_many([second]) == 0
    assert Path(store.path).stat().st_mtime_ns == before  # nothing to change: no rewrite


def test_merge_function_ties() -> None:
    a = dec(1, "dismissed")
    b = dec(1, "confirmed")
    assert merge(None, a) == a
    assert merge(b, a, tie="new") == a
    assert merge(b, a, tie="confirmed") == b
    assert merge(a, b, tie="confirmed") == b


# ---- remove, stale -----------------------------------------------------------------------


def test_remove_and_stale(store: DecisionsStore) -> None:
    store.record_many([dec(i) for i in range(4)])
    assert [d.fingerprint for d in store.stale({fp(0), fp(2)})] == sorted([fp(1), fp(3)])
    assert store.remove([fp(1), fp(99)]) == 1
    assert set(store.load()) == {fp(0), fp(2), fp(3)}
    text = Path(store.path).read_text()
    assert store.remove([fp(99)]) == 0
    assert Path(store.path).read_text() == text


# ---- bad input ---------------------------------------------------------------------------


def _write(store: DecisionsStore, lines: list[str]) -> None:
    os.makedirs(os.path.dirname(store.path), exist_ok=True)
    Path(store.path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_unreadable_lines_are_reported_skipped_and_never_dropped(store: DecisionsStore) -> None:
    pasted = "pasted-by-mistake-" + "Zq8" * 8  # stands in for anything a person might paste
    bad_value = dec(2).model_dump() | {"decision": "perhaps"}
    lines = [HEADER_LINE, dec(1).line(), f'{{"broken": "{pasted}"', json.dumps(bad_value), dec(3).line()]
    _write(store, lines)
    original = Path(store.path).read_bytes()

    loaded = store.load()
    assert set(loaded) == {fp(1), fp(3)}
    assert len(store.problems) == 2
    assert "line 3: not valid JSON" in store.problems[0]
    assert "line 4: not a valid decision" in store.problems[1] and "decision" in store.problems[1]
    assert all(pasted not in p for p in store.problems)  # problems name lines, never their content

    with pytest.raises(DecisionsFileError) as err:
        store.record(dec(4))
    assert "line(s) 3, 4" in str(err.value) and pasted not in str(err.value)
    with pytest.raises(DecisionsFileError):
        store.remove([fp(1)])
    assert Path(store.path).read_bytes() == original  # nothing lost, nothing written


def test_not_utf8_is_reported_and_not_rewritten(store: DecisionsStore) -> None:
    os.makedirs(os.path.dirname(store.path), exist_ok=True)
    Path(store.path).write_bytes(HEADER_LINE.encode() + b"\n\xff\xfe\n")
    assert store.load() == {}
    assert "not UTF-8" in store.problems[0]
    with pytest.raises(DecisionsFileError, match="not UTF-8"):
        store.record(dec(1))


def test_missing_header_is_added_on_write(store: DecisionsStore) -> None:
    _write(store, [dec(2).line(), dec(1).line()])
    assert set(store.load()) == {fp(1), fp(2)}
    assert any("no header" in p for p in store.problems)
    store.record(dec(3))
    lines = Path(store.path).read_text().splitlines()
    assert lines[0] == HEADER_LINE and len(lines) == 4


def test_newer_format_version_is_read_but_not_rewritten(store: DecisionsStore) -> None:
    _write(store, ['{"format":"secretloop-decisions","version":2}', dec(1).line()])
    assert set(store.load()) == {fp(1)}
    assert any("format version 2" in p for p in store.problems)
    with pytest.raises(DecisionsFileError, match="version 2"):
        store.record(dec(2))


def test_git_conflict_keeps_both_sides_and_the_next_write_resolves(store: DecisionsStore) -> None:
    ours_only, theirs_only = dec(10), dec(11)
    older = dec(12, "dismissed", "2025-01-01T00:00:00Z")
    newer = dec(12, "confirmed", "2025-03-01T00:00:00Z")
    tie_dismissed = dec(13, "dismissed", "2025-02-02T00:00:00Z")
    tie_confirmed = dec(13, "confirmed", "2025-02-02T00:00:00Z")
    _write(store, [
        HEADER_LINE,
        dec(1).line(),
        "<<<<<<< HEAD",
        ours_only.line(),
        newer.line(),
        tie_dismissed.line(),
        "||||||| base",
        "=======",
        theirs_only.line(),
        older.line(),
        tie_confirmed.line(),
        ">>>>>>> feature/cleanup",
        dec(2).line(),
    ])
    loaded = store.load()
    assert set(loaded) == {fp(1), fp(2), fp(10), fp(11), fp(12), fp(13)}
    assert loaded[fp(12)] == newer  # newer date wins
    assert loaded[fp(13)] == tie_confirmed  # same instant, disagreeing: keep it reported
    assert any("merge conflict" in p for p in store.problems)

    store.record(dec(3))
    text = Path(store.path).read_text()
    assert "<<<<<<<" not in text and "=======" not in text and ">>>>>>>" not in text
    assert set(DecisionsStore(store.path).load()) == {fp(1), fp(2), fp(3), fp(10), fp(11), fp(12), fp(13)}


# ---- atomic and concurrent writes --------------------------------------------------------


def test_a_failed_write_leaves_the_old_file_and_no_temp_files(store: DecisionsStore, monkeypatch) -> None:
    store.record(dec(1))
    original = Path(store.path).read_bytes()

    def crash(*_a, **_k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        store.record(dec(2))
    monkeypatch.undo()
    assert Path(store.path).read_bytes() == original
    leftovers = [p.name for p in Path(store.path).parent.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


def test_rewrite_keeps_the_file_mode(store: DecisionsStore) -> None:
    store.record(dec(1))
    os.chmod(store.path, 0o640)
    store.record(dec(2))
    assert stat.S_IMODE(os.stat(store.path).st_mode) == 0o640


def test_a_held_lock_times_out_with_a_clear_message(store: DecisionsStore) -> None:
    fcntl = pytest.importorskip("fcntl")
    store.record(dec(1))
    fd = os.open(store.lock_path, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        impatient = DecisionsStore(store.path, lock_timeout=0.05)
        with pytest.raises(DecisionsFileError, match="another process"):
            impatient.record(dec(2))
    finally:
        os.close(fd)
    assert set(store.load()) == {fp(1)}


def _record_worker(path: str, tag: str, count: int, barrier) -> None:
    barrier.wait()
    s = DecisionsStore(path)
    for i in range(count):
        s.record(dec(f"{tag}-{i}", reason=f"decided by {tag}", by=f"{tag}@example.org"))


def test_two_concurrent_writers_lose_nothing(store: DecisionsStore) -> None:
    ctx = mp.get_context("spawn")
    barrier = ctx.Barrier(2)
    procs = [ctx.Process(target=_record_worker, args=(store.path, tag, 50, barrier)) for tag in ("one", "two")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0, 0]
    loaded = DecisionsStore(store.path).load()
    expected = {fp(f"{tag}-{i}") for tag in ("one", "two") for i in range(50)}
    assert set(loaded) == expected
    lines = Path(store.path).read_text().splitlines()
    assert len(lines) == 101 and lines[0] == HEADER_LINE
    assert [p.name for p in Path(store.path).parent.iterdir() if p.name.endswith(".tmp")] == []
