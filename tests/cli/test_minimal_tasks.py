"""Minimal verifiable tasks: tiny workspaces with a known correct outcome, run end to end
through the CLI (`python -m secretloop`) as a user or a hook would.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.tokens import aws_access_key_id, github_pat, random_password

REPO = Path(__file__).resolve().parents[2]


def cli(*args: str, cwd: Path | None = None, state: Path | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if state is not None:
        env["SECRETLOOP_STATE_DIR"] = str(state)
    return subprocess.run(
        [sys.executable, "-m", "secretloop", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
    )


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    d = tmp_path / "ws"
    d.mkdir()
    return d


def sarif_results(text: str) -> list[dict]:
    doc = json.loads(text)
    return doc["runs"][0]["results"]


def test_one_structural_token_is_confirmed_and_fails(ws, tmp_path):
    token = github_pat(seed=7)
    (ws / "a.py").write_text("import os\n\nTOKEN = '" + token + "'\n")
    r = cli("scan", str(ws), "--format", "sarif", state=tmp_path / "s")
    assert r.returncode == 1, r.stderr
    results = [x for x in sarif_results(r.stdout) if "suppressions" not in x]
    assert len(results) == 1
    region = results[0]["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] == 3 and region["endLine"] == 3
    assert results[0]["level"] == "error"
    if token in r.stdout or token in r.stderr:
        pytest.fail("the token appears in the output")


def test_clean_workspace_exits_zero(ws, tmp_path):
    (ws / "a.py").write_text("def f(x):\n    return x + 1\n")
    (ws / "config.yaml").write_text("password: ${DB_PASSWORD}\napi_key: <your-api-key>\ntoken: changeme\n")
    r = cli("scan", str(ws), state=tmp_path / "s")
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("marker", ["# secretloop:allow", "# gitleaks:allow", "# pragma: allowlist secret"])
def test_inline_allow_comments_dismiss(ws, tmp_path, marker):
    (ws / "a.py").write_text(f"TOKEN = '{github_pat(seed=8)}'  {marker}\n")
    r = cli("scan", str(ws), "--format", "json", state=tmp_path / "s")
    assert r.returncode == 0, r.stdout + r.stderr
    findings = json.loads(r.stdout)["findings"]
    assert findings and all(f["status"] == "dismissed" for f in findings)


def test_decision_follows_the_secret_not_the_line(ws, tmp_path):
    token = github_pat(seed=9)
    (ws / "a.py").write_text(f"TOKEN = '{token}'\n")
    r = cli("scan", str(ws), "--format", "json", state=tmp_path / "s")
    assert r.returncode == 1
    f = json.loads(r.stdout)["findings"][0]
    from secretloop.loops.decisions import Decision, DecisionsStore

    DecisionsStore(str(ws / ".secretloop" / "decisions.jsonl")).record(
        Decision(fingerprint=f["fingerprint"], decision="dismissed", rule_id=f["rule_id"], path=f["path"], reason="test token, revoked", by="t", date="2026-12-02T10:00:00+00:00")
    )
    # moved to another file and line: still dismissed
    (ws / "a.py").unlink()
    (ws / "b.py").write_text(f"\n\n\nOTHER = '{token}'\n")
    r = cli("scan", str(ws), "--format", "json", state=tmp_path / "s")
    assert r.returncode == 0, r.stdout
    assert json.loads(r.stdout)["findings"][0]["status"] == "dismissed"
    # a changed value re-opens it
    (ws / "b.py").write_text(f"\n\n\nOTHER = '{github_pat(seed=10)}'\n")
    r = cli("scan", str(ws), "--format", "json", state=tmp_path / "s")
    assert r.returncode == 1


def test_fail_on_confirmed_ignores_pending(ws, tmp_path):
    (ws / "conf.py").write_text(f"db_password = '{random_password(seed=3)}'\n")
    r = cli("scan", str(ws), "--format", "json", state=tmp_path / "s")
    statuses = {f["status"] for f in json.loads(r.stdout)["findings"]}
    if statuses == {"pending"}:
        assert r.returncode == 1
        r2 = cli("scan", str(ws), "--fail-on", "confirmed", state=tmp_path / "s")
        assert r2.returncode == 0
    else:
        assert r.returncode == (1 if "confirmed" in statuses else 0)


def test_bad_files_are_skipped_with_a_reason(ws, tmp_path):
    (ws / "blob.bin").write_bytes(b"\x00\x01\x02" * 100)
    (ws / "big.txt").write_text("x" * 5000)
    (ws / "latin.txt").write_bytes(b"\xff\xfe\xfa\xfb" * 10 + b"\x00")
    (ws / "ok.py").write_text(f"TOKEN = '{github_pat(seed=11)}'\n")
    r = cli("scan", str(ws), "--format", "json", "--max-file-size", "4000", state=tmp_path / "s")
    assert r.returncode == 1, r.stderr
    report = json.loads(r.stdout)
    reasons = {s["path"]: s["reason"] for s in report["skipped"]}
    assert "binary" in reasons["blob.bin"]
    assert "too large" in reasons["big.txt"]
    assert "latin.txt" in reasons
    assert report["run"]["files_scanned"] == 1


def test_bad_configuration_exits_2_with_what_to_fix(ws, tmp_path):
    (ws / ".secretloop").mkdir()
    (ws / ".secretloop" / "config.toml").write_text("judge = 'oracle'\nmax_file_size = -5\n")
    r = cli("scan", str(ws), state=tmp_path / "s")
    assert r.returncode == 2
    assert "judge" in r.stderr and "max_file_size" in r.stderr
    (ws / ".secretloop" / "config.toml").write_text("judge = [unclosed\n")
    r = cli("scan", str(ws), state=tmp_path / "s")
    assert r.returncode == 2 and "not valid TOML" in r.stderr


def test_usage_errors_exit_2(ws, tmp_path):
    assert cli("scan", str(ws / "missing"), state=tmp_path / "s").returncode == 2
    assert cli("scan", "--format", "xml", str(ws), state=tmp_path / "s").returncode == 2
    assert cli("frobnicate").returncode == 2


def test_staged_scans_the_index_not_the_work_tree(ws, tmp_path):
    def git(*a):
        subprocess.run(["git", *a], cwd=ws, check=True, capture_output=True)

    git("init", "-q")
    git("config", "user.email", "t@example.invalid")
    git("config", "user.name", "t")
    (ws / "clean.py").write_text("x = 1\n")
    git("add", "clean.py")
    r = cli("scan", "--staged", str(ws), state=tmp_path / "s")
    assert r.returncode == 0, r.stderr
    (ws / "leak.py").write_text(f"TOKEN = '{github_pat(seed=12)}'\n")
    git("add", "leak.py")
    (ws / "leak.py").write_text("TOKEN = os.environ['TOKEN']\n")  # work tree is clean, index is not
    (ws / "unstaged.py").write_text(f"K = '{github_pat(seed=13)}'\n")
    r = cli("scan", "--staged", "--format", "json", str(ws), state=tmp_path / "s")
    assert r.returncode == 1, r.stderr
    paths = {f["path"] for f in json.loads(r.stdout)["findings"]}
    assert paths == {"leak.py"}


def test_rules_lists_the_catalogue():
    r = cli("rules")
    assert r.returncode == 0
    lines = r.stdout.strip().splitlines()
    assert len(lines) - 1 >= 60
    assert lines[-1].endswith("rules")


def test_resume_continues_a_stopped_run(ws, tmp_path):
    for i in range(5):
        (ws / f"f{i}.py").write_text(f"T = '{github_pat(seed=20 + i)}'\n")
    (ws / ".secretloop").mkdir()
    (ws / ".secretloop" / "config.toml").write_text("scan_batch_files = 1\n[budget]\nmax_rounds = 3\n")
    r = cli("scan", str(ws), state=tmp_path / "s")
    assert r.returncode == 3, r.stderr
    assert "secretloop resume" in r.stderr
    # raise the budget in the snapshot as a person would after reading the message, then resume
    run_dir = next(d for d in (tmp_path / "s").iterdir() if (d / "state.json").is_file())
    state = json.loads((run_dir / "state.json").read_text())
    state["task"]["settings"]["budget"]["max_rounds"] = 1000
    (run_dir / "state.json").write_text(json.dumps(state))
    r = cli("resume", "--state-dir", str(tmp_path / "s"))
    assert r.returncode == 1, r.stderr
    assert "f4.py" in r.stdout


def test_resume_with_a_corrupt_snapshot_says_so(tmp_path):
    run = tmp_path / "s" / "run1"
    run.mkdir(parents=True)
    (run / "state.json").write_text('{"version": 1, "task": {"roots": 5}}')
    r = cli("resume", "--state-dir", str(tmp_path / "s"))
    assert r.returncode == 2
    assert "corrupt" in r.stderr


def test_decisions_check_lists_stale_entries(ws, tmp_path):
    token = github_pat(seed=30)
    (ws / "a.py").write_text(f"T = '{token}'\n")
    r = cli("scan", str(ws), "--format", "json", state=tmp_path / "s")
    f = json.loads(r.stdout)["findings"][0]
    from secretloop.loops.decisions import Decision, DecisionsStore

    store = DecisionsStore(str(ws / ".secretloop" / "decisions.jsonl"))
    store.record(Decision(fingerprint=f["fingerprint"], decision="dismissed", rule_id=f["rule_id"], path="a.py", reason="r", by="t", date="2026-12-02T10:00:00+00:00"))
    r = cli("decisions", "check", str(ws), state=tmp_path / "s")
    assert r.returncode == 0, r.stdout + r.stderr
    (ws / "a.py").write_text("T = os.environ['T']\n")
    r = cli("decisions", "check", str(ws), state=tmp_path / "s")
    assert r.returncode == 1
    assert f["fingerprint"] in r.stdout


def test_review_walks_pending_findings_and_writes_decisions(ws, tmp_path):
    # A judge that always answers "unsure" makes every uncertain candidate wait for a person.
    from tests.support import fake_openai_server as fake

    for i in range(2):
        (ws / f"c{i}.py").write_text(f"db_password = '{random_password(seed=40 + i)}'\n")
    with fake.FakeOpenAIServer(default=fake.good("unsure")) as server:
        env_args = ("--judge", "openai", "--base-url", server.base_url, "--model", "m", "--api-key-env", "HOME")
        r = cli("review", str(ws), *env_args, state=tmp_path / "s", stdin="x\nd\ns\n")
    assert r.returncode == 0, r.stderr
    assert "[1/2]" in r.stdout and "[2/2]" in r.stdout
    assert "please answer" in r.stdout  # "x" is not a choice
    assert "1 decided, 1 skipped, 0 left" in r.stdout
    lines = (ws / ".secretloop" / "decisions.jsonl").read_text().splitlines()
    assert len(lines) == 2  # header + one decision
    decision = json.loads(lines[1])
    assert decision["decision"] == "dismissed" and decision["fingerprint"].startswith("sl1:")
    for i in range(2):
        if random_password(seed=40 + i) in r.stdout:
            pytest.fail("a value was shown in review")
    # the dismissed one no longer waits; the skipped one still does
    r = cli("scan", str(ws), "--format", "json", state=tmp_path / "s")
    statuses = sorted(f["status"] for f in json.loads(r.stdout)["findings"])
    assert "dismissed" in statuses


def test_nothing_to_scan_still_writes_the_requested_report(ws, tmp_path):
    out = tmp_path / "report.sarif"
    r = cli("scan", str(ws), "--format", "sarif", "--output", str(out), state=tmp_path / "s")
    assert r.returncode == 0, r.stderr
    assert sarif_results(out.read_text()) == []


def test_a_file_name_that_is_not_utf8_does_not_stop_the_scan(ws, tmp_path):
    # Such a name once crashed the run when the content cache was written as JSON.
    try:
        with open(os.path.join(os.fsencode(ws), b"notes\xff.txt"), "wb") as f:
            f.write(b"nothing here\n")
    except OSError:
        pytest.skip("this file system refuses names that are not UTF-8")
    token = github_pat(seed=11)
    (ws / "a.py").write_text("TOKEN = '" + token + "'\n")
    for _ in range(2):  # cold, then answered from the content cache
        r = cli("scan", str(ws), "--format", "json", "--no-progress", state=tmp_path / "s")
        assert r.returncode == 1, r.stderr[-2000:]
        doc = json.loads(r.stdout)
        assert [f["path"] for f in doc["findings"]] == ["a.py"]
        assert {s["path"]: s["reason"] for s in doc["skipped"]} == {
            "notes\\xff.txt": "file name is not valid UTF-8 (not scanned: rename it)"
        }
        if token in r.stdout or token in r.stderr:
            pytest.fail("the token appears in the output")


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path):
    # `secretloop rules | head -1`: the reader is gone before the list is written (closed at
    # once, while the process is still starting, so its first write fails: no race)
    proc = subprocess.Popen([sys.executable, "-m", "secretloop", "rules"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141 and "Traceback" not in err, err
