"""Review from the editor: argument checks, the decisions file's content, and the store update."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from lsprotocol import types

from secretloop.server.diagnostics_store import DiagnosticsStore
from secretloop.server.review import ReviewError, parse_argument, record_decision
from tests.server.helpers import make_candidate
from tests.support.tokens import random_password

DECISIONS = ".secretloop/decisions.jsonl"


def shown_store(root: Path, *candidates) -> DiagnosticsStore:
    store = DiagnosticsStore()
    path = str(root / "app" / "config.py")
    entry = store.offer(path, "file://" + path, str(root), list(candidates), "workspace", 1)
    for c in candidates:
        r = types.Range(
            start=types.Position(line=c.start_line - 1, character=c.start_col),
            end=types.Position(line=c.end_line - 1, character=c.end_col),
        )
        entry.shown.append((c, types.Diagnostic(range=r, message="m", code=c.rule_id, source="secretloop")))
    return store


def arg(root: Path, c, with_fingerprint: bool = True) -> dict:
    out = {
        "uri": "file://" + str(root / "app" / "config.py"),
        "range": {"start": {"line": c.start_line - 1, "character": c.start_col}, "end": {"line": c.end_line - 1, "character": c.end_col}},
        "code": c.rule_id,
    }
    if with_fingerprint:
        out["fingerprint"] = c.fingerprint
    return out


@pytest.mark.parametrize("bad", [None, "x", [], {"range": {}}, {"uri": 3}])
def test_bad_arguments_get_a_clear_error(bad):
    with pytest.raises(ReviewError) as err:
        parse_argument(bad)
    assert "uri" in str(err.value) or "argument" in str(err.value)


@pytest.mark.parametrize("with_fingerprint", [True, False])
async def test_a_decision_is_written_by_fingerprint_and_applied(tmp_path: Path, with_fingerprint: bool):
    value = random_password(1)
    c = make_candidate(value, rule_id="generic-password", status="pending", path="app/config.py")
    store = shown_store(tmp_path, c)
    decided = await record_decision(store, parse_argument(arg(tmp_path, c, with_fingerprint)), "dismissed", DECISIONS)
    assert decided.decisions_file == str(tmp_path / DECISIONS)
    lines = (tmp_path / DECISIONS).read_text().splitlines()
    entry = json.loads(lines[-1])
    assert entry["fingerprint"] == c.fingerprint and entry["decision"] == "dismissed"
    assert entry["rule_id"] == "generic-password" and entry["path"] == "app/config.py"
    assert entry["reason"] and entry["by"] and entry["date"].endswith("Z")
    assert value not in (tmp_path / DECISIONS).read_text()
    assert [f.status for f in decided.changed[0].findings] == ["dismissed"]


async def test_a_finding_that_is_no_longer_shown_is_an_error(tmp_path: Path):
    c = make_candidate(random_password(2), status="pending")
    store = DiagnosticsStore()
    with pytest.raises(ReviewError, match="no SecretLoop finding"):
        await record_decision(store, parse_argument(arg(tmp_path, c)), "confirmed", DECISIONS)
    assert not (tmp_path / DECISIONS).exists()


async def test_two_decisions_at_once_are_both_kept(tmp_path: Path):
    a = make_candidate(random_password(3), rule_id="generic-password", status="pending", line=3)
    b = make_candidate(random_password(4), rule_id="generic-password", status="pending", line=9)
    store = shown_store(tmp_path, a, b)
    await asyncio.gather(
        record_decision(store, parse_argument(arg(tmp_path, a)), "confirmed", DECISIONS),
        record_decision(store, parse_argument(arg(tmp_path, b)), "dismissed", DECISIONS),
    )
    text = (tmp_path / DECISIONS).read_text()
    assert a.fingerprint in text and b.fingerprint in text
