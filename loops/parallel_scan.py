"""Scanning files on worker processes, so a large workspace uses both cores.

How workers start depends on the host. A host with one thread (the CLI) forks them: they
share its imported code and its scanner copy-on-write, with no fork server or resource
tracker beside them (the corpus scan's process tree: 176 -> 137 MB PSS). A host with other
threads (the language server) never forks itself, since a fork taken while another thread
holds a lock (stdout's, logging's) deadlocks the child: its workers come from a fork server
(or spawn, off Linux). Like any spawn-style start, that needs the host's main script to
guard its entry point with `if __name__ == "__main__"` (console scripts, `python -m` and
pytest do); where starting workers fails anyway, the scan goes on in-process.

The detector's hot loop (keyword prefilter and rule matching per file) holds the GIL for
much of its time, so threads do not scale; processes do. Each worker builds its Scanner
once (the catalogue is sent as plain data), then reads, hashes and scans the files it is
sent, in chunks of about CHUNK_BYTES (a forked worker uses the host's Scanner instead). It
sends back candidates, which hold no values: a raw value never crosses the process boundary.

`ScanPool.scan(jobs, lookahead)` answers one batch and starts on the next one, so the
workers keep scanning while the engine applies the round and writes its snapshot. A
worker that dies (killed, out of memory) breaks the pool: its files are scanned
in-process instead and the pool is not used again; a scan never hangs on it.
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import os
import sys
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Iterable, Sequence

from .discovery import SkippedContent, Unreadable, read_text_and_hash
from .phases.scan import FileOutcome
from .rules.catalogue import Catalogue, Rule
from .scanner import Scanner
from .state import compact

log = logging.getLogger("secretloop.parallel_scan")

WORKERS = 2
# Below both of these a scan stays in-process: starting workers would cost more than it saves.
SMALL_FILES = 200
SMALL_BYTES = 2 * 1024 * 1024
# A chunk is what one worker scans per task: small enough to balance the two workers,
# large enough that the per-task overhead (a pickle round trip) stays negligible.
CHUNK_BYTES = 256 * 1024
CHUNK_FILES = 48


@dataclass(frozen=True, slots=True)
class FileJob:
    """One file to scan: where it is and where its candidates belong."""

    index: int  # into the run's file list
    root: int
    path: str  # root-relative, as in FileEntry
    abs_path: str
    size: int  # bytes (when it was planned): for chunking, and the content cache's key
    mtime_ns: int | None = None  # when it was planned, before the read: what the content cache stores
    expect_sha256: str | None = None  # set: the content cache has it under another mtime; verify first


def wants_pool(sizes: Sequence[int]) -> bool:
    """Whether a scan of files of these sizes is worth worker processes (and there are cores)."""
    if (os.cpu_count() or 1) < 2:
        return False
    return len(sizes) >= SMALL_FILES or sum(sizes) >= SMALL_BYTES


def scan_job(scanner: Scanner, job: FileJob, max_file_size: int) -> FileOutcome:
    """Read, hash and scan one file. With expect_sha256 and the same content, nothing is
    scanned: the outcome says `cached` and the caller takes the candidates from its cache."""
    try:
        text, sha = read_text_and_hash(job.abs_path, max_file_size, job.path.rsplit("/", 1)[-1])
    except Unreadable as err:
        return FileOutcome(index=job.index, unreadable=err.reason, for_content=isinstance(err, SkippedContent))
    if job.expect_sha256 is not None and job.expect_sha256 == sha:
        return FileOutcome(index=job.index, sha256=sha, size=len(text), cached=True)
    return FileOutcome(index=job.index, sha256=sha, size=len(text), candidates=scanner.scan_text(text, job.root, job.path))


# ---- the worker side -------------------------------------------------------------------------

_worker_scanner: Scanner | None = None
_worker_max_size = 0


@dataclass(frozen=True)
class _CatalogueData:
    """A catalogue as plain data, for workers that do not inherit the parent's memory."""

    rules: list[dict]
    source: str
    digest: str

    def build(self) -> Catalogue:
        return Catalogue(rules=[Rule.model_validate(r) for r in self.rules], source=self.source, digest=self.digest)


def _detach_from_host(host: int) -> None:
    """A worker must not hold its host's channels open, nor outlive it.

    Standard input and output are the host's (the language server's JSON-RPC stream, or a
    report piped to another program): a worker holding them would keep the reader waiting
    for an end of file. A watchdog thread ends the worker once the host process is gone
    (killed before it could shut the pool down): the worker's task queue never reaches an
    end of file by itself, since every worker holds its write end too."""
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1):
        os.dup2(devnull, fd)
    os.close(devnull)

    def watch() -> None:
        while True:
            time.sleep(0.5)
            try:
                os.kill(host, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # the pid now belongs to another user's process: the host is gone
                os._exit(0)

    threading.Thread(target=watch, name="secretloop-host-watch", daemon=True).start()


_host_scanner: Scanner | None = None  # set by a host that forks its workers: they inherit it


def _init_worker(data: _CatalogueData | None, context_lines: int, max_file_size: int, host: int) -> None:
    global _worker_scanner, _worker_max_size
    _detach_from_host(host)
    _worker_max_size = max_file_size
    if data is None:  # forked from the host: its scanner is already in this process's memory
        assert _host_scanner is not None, "forked without the host's scanner"
        _worker_scanner = _host_scanner
        _worker_scanner.detector.split = False
        _worker_scanner.detector.group_for_workers()
        return
    preload = sys.modules.get(_PRELOAD_RULES)  # set in a worker forked from the fork server
    detector = preload.packaged_for(data.digest, data.source) if preload is not None else None
    if detector is not None:
        _worker_scanner = Scanner(detector.catalogue, context_lines=context_lines, detector=detector)
    else:
        _worker_scanner = Scanner(data.build(), context_lines=context_lines)
    _worker_scanner.detector.split = False  # the workers already keep every core busy
    _worker_scanner.detector.group_for_workers()  # and keep their lazy DFAs for the whole scan


def _started() -> None:
    """A task that only makes the executor start its workers."""


def _scan_chunk(jobs: list[FileJob]) -> list[FileOutcome]:
    assert _worker_scanner is not None, "worker not initialised"
    return [scan_job(_worker_scanner, job, _worker_max_size) for job in jobs]


# ---- the parent side -----------------------------------------------------------------------

def _start_method() -> str:
    # Plain fork only from a host whose only thread is the caller: no other thread can hold a
    # lock the child would inherit held. Otherwise (the language server has several) a fork
    # server, a fresh single-threaded process that forks the workers; where there is none
    # (macOS, where fork is unsafe, and Windows), spawn.
    if not sys.platform.startswith("linux"):
        return "spawn"
    if threading.active_count() == 1:
        return "fork"
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def forks_host() -> bool:
    """Whether workers started now would be forked from this process (see _start_method)."""
    return _start_method() == "fork"


# Imported once by the fork server, so that each worker starts with them already loaded
# (the packaged rules compiled, see worker_preload.py).
_PRELOAD_RULES = "secretloop.loops.worker_preload"
_PRELOAD = ["secretloop.loops.parallel_scan", _PRELOAD_RULES]


def warm_up() -> None:
    """Start the fork server now, in the background (it imports the scanning code while the
    host lists the files), so a large scan's workers start in milliseconds. Cheap to repeat."""
    if _start_method() != "forkserver":
        return
    from multiprocessing import forkserver

    try:
        multiprocessing.set_forkserver_preload(_PRELOAD)
        forkserver.ensure_running()
    except Exception as err:  # no fork server yet is not a failure: the pool tries again, or scans in-process
        log.debug("fork server not started early: %s", type(err).__name__)


def chunks(jobs: Iterable[FileJob], max_bytes: int = CHUNK_BYTES, max_files: int = CHUNK_FILES) -> list[list[FileJob]]:
    out: list[list[FileJob]] = []
    current: list[FileJob] = []
    size = 0
    for job in jobs:
        if current and (size + job.size > max_bytes or len(current) >= max_files):
            out.append(current)
            current, size = [], 0
        current.append(job)
        size += job.size
    if current:
        out.append(current)
    return out


class ScanPool:
    """Worker processes that scan FileJobs; `scanner` also scans in-process when the pool breaks."""

    def __init__(self, scanner: Scanner, max_file_size: int, workers: int = WORKERS):
        self.scanner = scanner
        self.max_file_size = max_file_size
        method = _start_method()
        payload: _CatalogueData | None = None
        if method == "fork":
            global _host_scanner
            _host_scanner = scanner
            # The workers' collector must not walk (and so copy) every object they inherit.
            gc.collect()
            gc.freeze()
        else:
            if method == "forkserver":
                warm_up()
            cat = scanner.catalogue
            payload = _CatalogueData([r.model_dump() for r in cat.rules], cat.source, cat.digest)
        self._executor: ProcessPoolExecutor | None = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context(method),
            initializer=_init_worker,
            initargs=(payload, scanner.context_lines, max_file_size, os.getpid()),
        )
        if method == "fork":
            try:
                # An executor that forks starts all its workers on its first task: now, while
                # this is still the only thread (its own threads start right after).
                self._executor.submit(_started)
            finally:
                gc.unfreeze()  # the host's own collector goes on as before
        self._pending: dict[int, tuple[FileJob, Future]] = {}  # job index → the job and its chunk's future
        self._chunks: dict[Future, list[FileJob]] = {}
        self._ready: dict[int, tuple[FileJob, FileOutcome]] = {}  # collected, not asked for yet
        self.broken: str | None = None  # why the pool stopped being used

    def scan(self, jobs: list[FileJob], lookahead: Sequence[FileJob] = ()) -> list[FileOutcome]:
        """Outcomes for `jobs`, in order; `lookahead` (the next batch) is started meanwhile."""
        self._submit([j for j in jobs if not self._queued(j)])
        self._submit([j for j in lookahead if not self._queued(j)])
        return [self._take(job) for job in jobs]

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
        self._pending.clear()
        self._chunks.clear()
        self._ready.clear()

    # ---- internals ---------------------------------------------------------------------------
    def _queued(self, job: FileJob) -> bool:
        for table in (self._pending, self._ready):
            entry = table.get(job.index)
            if entry is not None and entry[0] == job:
                return True
        return False

    def _submit(self, jobs: list[FileJob]) -> None:
        if not jobs or self._executor is None:
            return
        for chunk in chunks(jobs):
            try:
                future = self._executor.submit(_scan_chunk, chunk)
            except Exception as err:  # BrokenProcessPool, a broken pipe to the fork server, ...
                self._break(err)
                return
            self._chunks[future] = chunk
            for job in chunk:
                self._ready.pop(job.index, None)  # an outcome for another job at this index is stale
                self._pending[job.index] = (job, future)

    def _take(self, job: FileJob) -> FileOutcome:
        ready = self._ready.pop(job.index, None)
        if ready is not None and ready[0] == job:
            return ready[1]
        pending = self._pending.get(job.index)
        if pending is not None and pending[0] == job:
            future = pending[1]
            try:
                outcomes = future.result()
            except BrokenProcessPool as err:
                self._break(err)
            else:
                self._file_chunk(future, outcomes)
                ready = self._ready.pop(job.index, None)
                if ready is not None:
                    return ready[1]
        return scan_job(self.scanner, job, self.max_file_size)  # never queued, or the pool broke

    def _file_chunk(self, future: Future, outcomes: list[FileOutcome]) -> None:
        """Move a finished chunk's outcomes from pending to ready (those still wanted)."""
        by_index = {o.index: o for o in outcomes}
        for o in outcomes:  # unpickled: each candidate came with its own field sets again
            for c in o.candidates:
                compact(c)
        for job in self._chunks.pop(future, []):
            pending = self._pending.get(job.index)
            if pending is not None and pending[1] is future:
                del self._pending[job.index]
                self._ready[job.index] = (job, by_index[job.index])

    def _break(self, err: BaseException) -> None:
        if self.broken is None:
            self.broken = f"a scan worker process stopped ({type(err).__name__}); scanning in-process"
            log.warning("%s", self.broken)
        executor, self._executor = self._executor, None
        self._pending.clear()
        self._chunks.clear()
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)
