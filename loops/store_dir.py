"""Where a set of roots keeps its runs by default; standard library only, so the CLI can find a
run stamp before it loads the loop (run_stamp.py)."""

from __future__ import annotations

import hashlib
import os


def default_store_dir(roots: list[str]) -> str:
    """$SECRETLOOP_STATE_DIR, else ~/.cache/secretloop/runs/<hash of the roots>: outside the
    workspace, one per set of roots."""
    base = os.environ.get("SECRETLOOP_STATE_DIR")
    if base:
        return base
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    key = hashlib.sha256("\n".join(sorted(os.path.abspath(r) for r in roots)).encode()).hexdigest()[:16]
    return os.path.join(cache, "secretloop", "runs", key)
