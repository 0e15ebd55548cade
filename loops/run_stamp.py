"""The run stamp: a rescan of an unchanged workspace repeats the last report without
loading the scanner.

A finished run can leave a stamp beside its runs: the stat of every path its result
depended on (each file scanned, each folder walked, each ignore, config, decisions and
rules file looked for, present or not, and the code that ran) with the reports it wrote,
its messages and its exit code. The next run with the same command line stats those paths;
when every one is as it was, it writes the same reports and exits with the same code. A
folder's mtime moves when a name in it is added, removed or renamed (git's untracked cache
relies on the same), so a new file anywhere in the walk is noticed without listing a folder.
Any difference, or a stamp that cannot be read, and the run goes the normal way, where the
content cache still spares the unchanged files a scan.

A stat is compared whole: type, size, mtime, ctime and inode, so a file rewritten with its
old mtime put back (which moves its ctime) or replaced by another is noticed. As in git's
index, a stat proves nothing about a change made within the same clock tick: a run leaves
no stamp when anything it watches changed less than RACY_SECONDS before it started.

The stamp holds the reports as written, which carry redacted previews and fingerprints,
never a value. Only the standard library is imported here: the replay runs before the
scanner, pydantic and the rules are loaded, which is most of a warm rescan's time.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from .atomic import atomic_write
from .file_pruning import keep_newest

FORMAT = 1
RACY_SECONDS = 2.0
KEEP_STAMPS = 8  # command lines remembered per run store; the oldest stamps are pruned
_DIR = stat.S_IFDIR


def signature(path: str) -> list[int] | None:
    """What a stat says of `path` (None: it does not exist or cannot be reached)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    kind = stat.S_IFMT(st.st_mode)
    if kind == _DIR and os.path.basename(path) == ".git":
        # discovery only asks whether a repository is there; git writes in it all the time
        return [kind]
    return [kind, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


def key_of(parts: dict) -> str:
    """The stamp's name for one command line: what, besides the watched paths, decides the result."""
    text = json.dumps({"format": FORMAT, **parts}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _path(store_dir: str | os.PathLike, key: str) -> Path:
    return Path(store_dir) / "stamps" / f"{key}.json"


@dataclass(frozen=True)
class Stamp:
    run_id: str
    outputs: list[tuple[str | None, str]]  # (path, or None for stdout; the text written)
    messages: list[str]  # what the run said on stderr through its progress display
    warnings: list[str]  # what it said on stderr in any case (decisions file problems)
    exit_code: int


def write(
    store_dir: str | os.PathLike,
    key: str,
    watched: Iterable[str],
    started_ns: int,
    stamp: Stamp,
) -> bool:
    """Leave a stamp for this run; False (and any older stamp for the key removed) when a
    watched path changed too close to the run's start for its stat to be trusted."""
    target = _path(store_dir, key)
    racy_after = started_ns - int(RACY_SECONDS * 1e9)
    seen: dict[str, list[int] | None] = {}
    for path in watched:
        if path in seen:
            continue
        sig = seen[path] = signature(path)
        if sig is not None and len(sig) > 1 and (sig[2] >= racy_after or sig[3] >= racy_after):
            forget(store_dir, key)
            return False
    data = {
        "format": FORMAT,
        "run_id": stamp.run_id,
        "outputs": [list(o) for o in stamp.outputs],
        "messages": stamp.messages,
        "warnings": stamp.warnings,
        "exit_code": stamp.exit_code,
        "watched": seen,
    }
    try:
        atomic_write(target, json.dumps(data, ensure_ascii=False, separators=(",", ":")), durable=False)
    except OSError:
        return False  # a store that cannot be written loses only the shortcut
    keep_newest(target, KEEP_STAMPS)
    return True


def forget(store_dir: str | os.PathLike, key: str) -> None:
    try:
        _path(store_dir, key).unlink()
    except OSError:
        pass


def unchanged(store_dir: str | os.PathLike, key: str) -> Stamp | None:
    """The stamp for this command line if every path it watches is as it was, else None.
    A stamp that cannot be read or has the wrong shape counts as none."""
    try:
        with open(_path(store_dir, key), encoding="utf-8") as f:
            data = json.load(f)
        if data.get("format") != FORMAT:
            return None
        watched = data["watched"]
        for path, sig in watched.items():
            if signature(path) != sig:
                return None
        outputs = [(None if p is None else str(p), str(t)) for p, t in data["outputs"]]
        return Stamp(
            run_id=str(data["run_id"]),
            outputs=outputs,
            messages=[str(m) for m in data["messages"]],
            warnings=[str(w) for w in data["warnings"]],
            exit_code=int(data["exit_code"]),
        )
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None
