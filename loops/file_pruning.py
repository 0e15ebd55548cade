"""Keeping a cache folder small: each rules or code version leaves a cache file behind."""

from __future__ import annotations

from pathlib import Path


def keep_newest(current: Path, keep: int, pattern: str = "*.json") -> None:
    """Remove all but the `keep` newest files matching `pattern` beside `current` (which always
    stays). Failures are left for the next time: another process may be reading one."""
    try:
        files = sorted(current.parent.glob(pattern), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    for old in files[keep:]:
        if old != current:
            try:
                old.unlink()
            except OSError:
                pass
