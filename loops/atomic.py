"""Atomic file writes: a crash leaves the old file or the new one, never half of one.

One implementation for every file the loop writes (snapshots, reports, the decisions
file, the verdict and content caches): temp file in the same directory, fsync, rename,
fsync the directory. A symlinked target stays a symlink (the file it points to is
replaced) and an existing file keeps its permissions.

`durable=False` skips the two fsyncs, for files that can be rebuilt and that every reader
checks (run snapshots, the run's own report, the content cache): a crashed process still
leaves the old file or the new one; only a crash of the whole machine may lose the latest
version, which the next run rebuilds. The fsyncs cost milliseconds each, against about
200 ms for a whole warm rescan of 7,000 files. The decisions file, the model's verdicts and
the reports a person asked for stay durable.
"""

from __future__ import annotations

import os
import tempfile


def atomic_write(path: str | os.PathLike, text: str | bytes, durable: bool = True) -> None:
    target = os.path.realpath(os.fspath(path))
    directory = os.path.dirname(target)
    os.makedirs(directory, exist_ok=True)
    try:
        mode = os.stat(target).st_mode & 0o777
    except FileNotFoundError:
        mode = 0o644
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp", dir=directory)
    try:
        # bytes are written as they are (a serializer's UTF-8 output: no decode and re-encode)
        with (os.fdopen(fd, "wb") if isinstance(text, bytes) else os.fdopen(fd, "w", encoding="utf-8", newline="\n")) as f:
            f.write(text)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if durable:
        _fsync_dir(directory)


def _fsync_dir(directory: str) -> None:
    # Make the rename itself durable; not every platform can open a directory.
    try:
        dfd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)
