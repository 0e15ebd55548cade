"""DESIGN.md §2: plant known values, scan with tracing on in every format, then search every
file the tool wrote (reports, snapshots, per-round snapshots, trace, decisions) and its
output streams for them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.tokens import aws_access_key_id, github_pat, high_entropy, random_password


def _planted(ws: Path) -> list[str]:
    values = [github_pat(seed=101), aws_access_key_id(seed=102), random_password(seed=103), high_entropy(seed=104)]
    (ws / "app.py").write_text(
        f"GITHUB_TOKEN = '{values[0]}'\n"
        f"AWS_ACCESS_KEY_ID = '{values[1]}'\n"
        f"db_password = '{values[2]}'\n"
        f"api_secret = \"{values[3]}\"\n"
    )
    (ws / "conn.env").write_text(f"DATABASE_URL=postgres://app:{values[2]}@db.internal:5432/app\n")
    return values


def test_no_planted_value_in_any_written_file_or_output(tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    values = _planted(ws)
    state = tmp_path / "state"
    out = tmp_path / "out"
    out.mkdir()
    env = dict(os.environ, SECRETLOOP_STATE_DIR=str(state))
    streams = []
    for fmt in ("text", "json", "sarif"):
        r = subprocess.run(
            [sys.executable, "-m", "secretloop", "scan", str(ws), "--trace", "--format", fmt, "--output", str(out / f"report.{fmt}")],
            env=env, capture_output=True, text=True, timeout=120,
        )
        assert r.returncode == 1, r.stderr
        streams += [r.stdout, r.stderr]
        r = subprocess.run([sys.executable, "-m", "secretloop", "scan", str(ws), "--format", fmt], env=env, capture_output=True, text=True, timeout=120)
        streams += [r.stdout, r.stderr]
    written = [p for p in list(state.rglob("*")) + list(out.rglob("*")) + list((ws / ".secretloop").rglob("*") if (ws / ".secretloop").exists() else []) if p.is_file()]
    assert any(p.name == "trace.jsonl" for p in written)
    assert any(p.parent.name == "rounds" for p in written)
    assert len(written) >= 8
    # explicit checks, not `assert v not in text`: a failing assertion would print the value
    for i, v in enumerate(values):
        for p in written:
            if v in p.read_text(errors="replace"):
                pytest.fail(f"planted value #{i} found in {p}")
        for j, s in enumerate(streams):
            if v in s:
                pytest.fail(f"planted value #{i} found in output stream #{j}")
    # the findings are there, redacted
    assert (out / "report.json").read_text().count('"fingerprint"') >= 4
