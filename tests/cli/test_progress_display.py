"""The CLI shows progress on stderr only when stderr is a terminal."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path


def _workspace(root: Path) -> None:
    for i in range(30):
        (root / f"m{i}.py").write_text(f"def f{i}():\n    return {i}\n")


def test_progress_on_a_terminal(tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    _workspace(ws)
    master, slave = pty.openpty()
    env = dict(os.environ, SECRETLOOP_STATE_DIR=str(tmp_path / "s"))
    proc = subprocess.Popen([sys.executable, "-m", "secretloop", "scan", str(ws)], stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    out, _ = proc.communicate(timeout=120)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    assert proc.returncode == 0
    assert b"\r" in seen and b"scan 30/30 files" in seen
    assert b"\r" not in out  # the report on stdout carries no progress


def test_no_progress_when_stderr_is_not_a_terminal(tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    _workspace(ws)
    env = dict(os.environ, SECRETLOOP_STATE_DIR=str(tmp_path / "s"))
    r = subprocess.run([sys.executable, "-m", "secretloop", "scan", str(ws)], capture_output=True, env=env, timeout=120)
    assert r.returncode == 0
    assert r.stderr == b""
