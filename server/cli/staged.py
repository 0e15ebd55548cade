"""What git has staged: the paths and their staged content (the index, not the work tree)."""

from __future__ import annotations

import os
import subprocess

from .cli import UsageError


def _git(args: list[str], cwd: str) -> bytes:
    try:
        return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True).stdout
    except FileNotFoundError:
        raise UsageError("--staged needs git, which is not installed") from None
    except subprocess.CalledProcessError as err:
        msg = err.stderr.decode("utf-8", "replace").strip().splitlines()
        raise UsageError(f"--staged: git failed: {msg[-1] if msg else err}") from None


def staged_files(path: str) -> tuple[list[str], list[list[str]], dict[str, str]]:
    """Returns ([repo root], [[staged paths]], {absolute path: staged text})."""
    cwd = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path))
    top = _git(["rev-parse", "--show-toplevel"], cwd).decode().strip()
    names = _git(["diff", "--cached", "--name-only", "-z", "--diff-filter=ACMR"], top).split(b"\0")
    paths = [n.decode("utf-8", "surrogateescape") for n in names if n]
    overlays: dict[str, str] = {}
    for p in paths:
        blob = _git(["show", f":{p}"], top)
        if b"\0" in blob[:8192]:
            continue  # binary: discovery skips it on disk too
        try:
            overlays[os.path.join(top, p)] = blob.decode("utf-8")
        except UnicodeDecodeError:
            continue
    return [top], [paths], overlays
