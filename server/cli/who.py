"""Who is deciding: git's user.email, else the login name."""

from __future__ import annotations

import getpass
import subprocess


def current_user(cwd: str | None = None) -> str:
    try:
        out = subprocess.run(["git", "config", "user.email"], cwd=cwd, capture_output=True, text=True, timeout=5)
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        pass
    try:
        return getpass.getuser()
    except Exception:
        return "unknown"
