"""A rescan where nothing changed repeats the last report from its run stamp, without
running the loop; any change to what the result depends on makes it scan again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import secretloop.scan_command as scan_command
from secretloop.cli import main
from secretloop.loops import filters as filters_package
from secretloop.loops import run_stamp
from tests.support.tokens import github_pat

OLD = 1_600_000_000  # files written by the test are dated long ago (their mtimes, not ctimes)


@pytest.fixture
def no_racy_window(monkeypatch):
    # A test writes its files a moment before it scans; the two-second window would keep every
    # stamp from being written. Each change below moves a ctime or an mtime all the same.
    monkeypatch.setattr(run_stamp, "RACY_SECONDS", 0.0)


@pytest.fixture
def scans(monkeypatch):
    """Counts the scans that really ran (the replay does not call run_scan)."""
    calls: list[int] = []
    real = scan_command.run_scan

    def counted(args):
        calls.append(1)
        return real(args)

    monkeypatch.setattr(scan_command, "run_scan", counted)
    return calls


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    os.utime(path, (OLD, OLD))


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    d = tmp_path / "ws"
    write(d / "app" / "settings.py", f"TOKEN = '{github_pat(seed=1)}'\n")
    write(d / "README.md", "nothing here\n")
    (d / "empty").mkdir()
    return d


def scan(ws: Path, tmp_path: Path, *extra: str, fmt: str = "sarif") -> tuple[int, str]:
    out = tmp_path / f"report.{fmt}"
    if out.exists():
        out.unlink()  # the replay must write it again
    code = main(["scan", str(ws), "--format", fmt, "-o", str(out), "--state-dir", str(tmp_path / "state"), "--no-progress", *extra])
    return code, out.read_text()


def fingerprints(report: str) -> list[str]:
    results = json.loads(report)["runs"][0]["results"]
    return sorted(r["partialFingerprints"]["secretloop/v1"] for r in results if "suppressions" not in r)


def test_unchanged_workspace_repeats_the_report_without_scanning(ws, tmp_path, no_racy_window, scans):
    first = scan(ws, tmp_path)
    second = scan(ws, tmp_path)
    assert first[0] == 1 and len(fingerprints(first[1])) == 1
    assert second == first
    assert len(scans) == 1
    third = scan(ws, tmp_path, fmt="json")  # another command line is another stamp
    assert len(scans) == 2 and third[0] == 1


def _rewrite_same_size_and_mtime(ws: Path) -> None:
    # a checkout can put back the old mtime; the ctime still moves
    path = ws / "app" / "settings.py"
    write(path, f"TOKEN = '{github_pat(seed=2)}'\n")


CHANGES = {
    "content with the same size and mtime": (_rewrite_same_size_and_mtime, 1),
    "a file added in an empty folder": (lambda ws: write(ws / "empty" / "k.py", f"KEY = '{github_pat(seed=3)}'\n"), 2),
    "a file added in a deep folder": (lambda ws: write(ws / "app" / "more.py", f"KEY = '{github_pat(seed=4)}'\n"), 2),
    "the file deleted": (lambda ws: (ws / "app" / "settings.py").unlink(), 0),
    "a .gitignore that ignores it": (lambda ws: write(ws / ".gitignore", "app/\n"), 0),
    "a config file that excludes it": (lambda ws: write(ws / ".secretloop" / "config.toml", 'exclude = ["app/"]\n'), 0),
}


@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
def test_any_change_scans_again(change, ws, tmp_path, no_racy_window, scans):
    apply, expected = CHANGES[change]
    code, first = scan(ws, tmp_path)
    apply(ws)
    code, second = scan(ws, tmp_path)
    assert len(scans) == 2, "the change went unnoticed"
    assert len(fingerprints(second)) == expected
    if expected == 1:
        assert fingerprints(second) != fingerprints(first)
    assert code == (1 if expected else 0)


def test_an_ignore_file_above_the_root_is_watched(tmp_path, no_racy_window, scans):
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    ws = repo / "service"
    write(ws / "app" / "settings.py", f"TOKEN = '{github_pat(seed=5)}'\n")
    assert scan(ws, tmp_path)[0] == 1
    write(repo / ".gitignore", "service/app/\n")  # the repository's, one folder above the root
    assert scan(ws, tmp_path)[0] == 0
    assert len(scans) == 2


def test_a_decision_made_since_is_applied(ws, tmp_path, no_racy_window, scans):
    code, report = scan(ws, tmp_path)
    fp = fingerprints(report)[0]
    line = {"fingerprint": fp, "decision": "dismissed", "reason": "test", "by": "me", "date": "2026-01-01T00:00:00Z", "rule_id": "x", "path": "app/settings.py"}
    write(ws / ".secretloop" / "decisions.jsonl", json.dumps(line) + "\n")
    code, report = scan(ws, tmp_path)
    assert len(scans) == 2 and code == 0


FILTERS_PACKAGE = Path(filters_package.__file__).parent


def test_a_change_to_the_code_scans_again(ws, tmp_path, no_racy_window, scans, monkeypatch):
    scan(ws, tmp_path)
    stamp = next((tmp_path / "state" / "stamps").glob("*.json"))
    data = json.loads(stamp.read_text())
    # the filters are a package of one module per concern: each of them is code that ran
    modules = sorted(str(p) for p in FILTERS_PACKAGE.glob("*.py"))
    assert len(modules) > 2 and not set(modules) - set(data["watched"])
    code_file = os.path.join(str(FILTERS_PACKAGE), "placeholders.py")
    data["watched"][code_file][2] -= 1  # as if one filters module had been edited since
    stamp.write_text(json.dumps(data))
    scan(ws, tmp_path)
    assert len(scans) == 2


def test_a_fresh_change_leaves_no_stamp(ws, tmp_path, scans):
    # files written a moment ago may change again within the same clock tick: no shortcut
    (ws / "README.md").write_text("changed just now\n")
    first = scan(ws, tmp_path)
    second = scan(ws, tmp_path)
    assert len(scans) == 2 and first[0] == second[0] and fingerprints(first[1]) == fingerprints(second[1])
    assert not list((tmp_path / "state" / "stamps").glob("*.json"))


def test_a_report_written_inside_the_workspace_is_not_replayed(ws, tmp_path, no_racy_window, scans):
    args = ["scan", str(ws), "--format", "json", "-o", str(ws / "report.json"), "--state-dir", str(tmp_path / "state"), "--no-progress"]
    main(args)
    main(args)  # the first report changed the folder: this one scans (and reads that report)
    assert len(scans) == 2


@pytest.mark.parametrize("garbage", ["", "{", '{"format": 1, "watched": 3}', '{"format": 1, "run_id": "x", "outputs": [[null]], "messages": [], "warnings": [], "exit_code": 0, "watched": {}}'])
def test_a_corrupt_stamp_is_ignored(garbage, ws, tmp_path, no_racy_window, scans):
    first = scan(ws, tmp_path)
    for stamp in (tmp_path / "state" / "stamps").glob("*.json"):
        stamp.write_text(garbage)
    code, report = scan(ws, tmp_path)
    assert len(scans) == 2 and code == first[0] and fingerprints(report) == fingerprints(first[1])


def test_warnings_are_said_again_and_no_value_is_kept(ws, tmp_path, no_racy_window, scans, capsys):
    write(ws / ".secretloop" / "decisions.jsonl", "this is not json\n")
    first = scan(ws, tmp_path)
    said_first = capsys.readouterr().err
    second = scan(ws, tmp_path)
    said_second = capsys.readouterr().err
    assert len(scans) == 1 and first == second
    assert "warning" in said_first and said_second == said_first
    token = github_pat(seed=1)
    for path in (tmp_path / "state").rglob("*"):
        if path.is_file():
            assert token.encode() not in path.read_bytes(), path


def test_a_model_judge_run_leaves_no_stamp(ws, tmp_path, no_racy_window, scans, monkeypatch):
    # nothing listens on port 9 of the loopback: the judge falls back, and the run is not replayed
    extra = ["--judge", "openai", "--base-url", "http://127.0.0.1:9/v1", "--timeout", "1", "--max-calls", "1"]
    monkeypatch.setenv("OPENAI_API_KEY", "test-key-not-secret")
    scan(ws, tmp_path, *extra)
    scan(ws, tmp_path, *extra)
    assert len(scans) == 2
    assert not list((tmp_path / "state" / "stamps").glob("*.json"))


def test_the_replay_does_not_load_the_scanner(ws, tmp_path, no_racy_window):
    args = ["scan", str(ws), "--format", "text", "--state-dir", str(tmp_path / "state"), "--no-progress"]
    assert main(args) == 1
    probe = (
        "import sys\n"
        "from secretloop.cli import main\n"
        f"code = main({args!r})\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 're2', 'asyncio') or m == 'secretloop.loops.engine')\n"
        "print('HEAVY', heavy, file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1, r.stderr
    assert "HEAVY []" in r.stderr
    assert "app/settings.py" in r.stdout
