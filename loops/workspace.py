"""The engine's access to the workspace: list files, read and scan one, look up decisions.

Each phase gets only the slice of this it needs (see engine._tools). Unsaved editor
buffers (overlays) are read instead of the disk; they never enter the state.
"""

from __future__ import annotations

import hashlib
import logging
import os
from pathlib import Path

from .content_cache import ContentCache, Entry, catalogue_version, config_key
from .decisions import DecisionsStore
from .discovery import Unreadable as DiscoveryUnreadable
from .discovery import SNIFF_BYTES, changed_ns, content_skip_reason, discover, read_text_and_hash
from .parallel_scan import FileJob, ScanPool, forks_host, scan_job, wants_pool, warm_up
from .phases.scan import Batch, FileOutcome, Unreadable
from .rules.catalogue import Catalogue
from .scanner import Scanner
from .state import Candidate, FileEntry, SkippedFile, Task

log = logging.getLogger("secretloop.loop")

# Building a Scanner compiles every rule (tens of milliseconds): an editor starts a run per
# saved document, so runs over the same catalogue share one. Keyed by the catalogue's
# identity; the entry keeps the catalogue alive so the id cannot be reused.
_SCANNERS: dict[tuple[int, int], tuple[Catalogue, Scanner]] = {}
_SCANNERS_KEPT = 4


def shared_scanner(catalogue: Catalogue, context_lines: int) -> Scanner:
    key = (id(catalogue), context_lines)
    hit = _SCANNERS.get(key)
    if hit is None:
        if len(_SCANNERS) >= _SCANNERS_KEPT:
            del _SCANNERS[next(iter(_SCANNERS))]  # the oldest
        hit = _SCANNERS[key] = (catalogue, Scanner(catalogue, context_lines=context_lines))
    return hit[1]


# A scan takes about this many rounds, whatever the workspace's size: each round costs a
# snapshot of the whole state, so a fixed number of rounds keeps that cost linear. A warm
# cache answers a file in microseconds: then a round can hold far more files.
SCAN_ROUNDS = 10
WARM_SCAN_ROUNDS = 2


class Workspace:
    def __init__(self, task: Task, catalogue: Catalogue, overlays: dict[str, str], cache_dir: str | os.PathLike | None = None):
        self.task = task
        self.settings = task.settings
        self.scanner = shared_scanner(catalogue, self.settings.context_lines)
        self.overlays = {os.path.abspath(k): v for k, v in overlays.items()}
        self._decisions: dict[int, dict[str, tuple[str, str]]] = {}
        self.decision_problems: list[str] = []
        # scan side: the content cache (None without a run store), the worker pool (large scans)
        self.cache: ContentCache | None = None
        if cache_dir is not None:
            key = config_key(task.roots, catalogue_version(catalogue), self.settings.context_lines)
            self.cache = ContentCache(Path(cache_dir), key)
        self._pool: ScanPool | None = None
        self._use_pool: bool | None = None  # decided on the first batch, from the whole list
        self._planned: dict[int, tuple[FileEntry, FileJob | None, FileOutcome | None]] = {}
        self._from_start = False  # this workspace saw the scan from its first file
        self._root_files: dict[int, bool] = {}
        # (root, path) -> the cache entry of a file discovery found unchanged (same size and mtime)
        self._unchanged: dict[tuple[int, str], Entry] = {}
        # what the last discovery looked at besides the files it returned (see discover)
        self.watched: list[str] = []
        # A first whole-workspace scan may need workers (a rescan answers mostly from the
        # cache, and starts them only if it must): start their fork server meanwhile, or, in a
        # host that forks them itself, fork them once discovery has counted the files.
        self._start_early = task.only_paths is None and (self.cache is None or len(self.cache) == 0)
        if self._start_early:
            warm_up()

    # discover
    def list_files(self) -> tuple[list[FileEntry], list[SkippedFile]]:
        known = None
        if self.cache is not None:
            cache, seen = self.cache, self._unchanged

            def known(root: int, path: str, size: int, mtime_ns: int) -> bool | str:
                found = cache.recall(root, path, size, mtime_ns)
                if found is None:
                    return False
                if found.__class__ is str:
                    # skipped for its content last time: discovery skips it now, without a read (a
                    # cold scan lists such a file and its scan skips it; listing it here too would
                    # cost a warm rescan a tenth more for the same outcome)
                    return found
                seen[(root, path)] = found  # the scan answers from it: no second stat or lookup
                return True

        self._unchanged.clear()
        self.watched = []
        files, skipped = discover(self.task.roots, self.settings, self.task.only_paths, known, self.watched)
        if self._start_early and self._pool is None and forks_host() and wants_pool([f.size for f in files]):
            # The scan phase runs on a thread of its own, and a host with two threads must not
            # fork: discovery is the last moment this one may, and it now knows the files.
            self._pool = self._start_pool()
            self._use_pool = None  # still decided on the first batch (a failed start tries again then)
        self._start_early = False
        return files, skipped

    # scan
    def batch_size(self, total: int) -> int:
        # Fewer, larger rounds on big workspaces: each round costs a snapshot.
        warm = self.cache is not None and len(self.cache) >= 0.9 * total
        return max(self.settings.scan_batch_files, -(-total // (WARM_SCAN_ROUNDS if warm else SCAN_ROUNDS)))

    def abs_path(self, entry: FileEntry) -> str:
        root = self.task.roots[entry.root]
        if self._root_is_file(entry.root):
            return root
        if os.sep == "/":  # the common case, without a join per path part (a warm rescan asks for every file)
            return f"{root}/{entry.path}" if not root.endswith("/") else root + entry.path
        return os.path.join(root, *entry.path.split("/"))

    def _root_is_file(self, index: int) -> bool:
        # asked once per root, not once per file (a stat each time)
        if index not in self._root_files:
            self._root_files[index] = os.path.isfile(self.task.roots[index])
        return self._root_files[index]

    def scan_file(self, entry: FileEntry) -> tuple[str, int, list[Candidate], bool]:
        path = self.abs_path(entry)
        if path in self.overlays:
            text = self.overlays[path]
            data = text.encode("utf-8", "surrogatepass")
            skip = content_skip_reason(data[:SNIFF_BYTES])
            if skip:  # binary content pasted into an editor is skipped as it would be on disk
                raise Unreadable(skip)
            sha = hashlib.sha256(data).hexdigest()
            size = len(data)
        else:
            try:
                text, sha = read_text_and_hash(path, self.settings.max_file_size, entry.path.rsplit("/", 1)[-1])
            except DiscoveryUnreadable as err:
                raise Unreadable(str(err)) from None
            size = len(text)
        return sha, size, self.scanner.scan_text(text, entry.root, entry.path), False

    def scan_batch(self, batch: Batch, upcoming: Batch) -> list[FileOutcome]:
        """Outcomes for a batch, in order: from the content cache where the file is unchanged,
        otherwise scanned (on the worker pool for a large workspace, which starts on the first
        files of `upcoming` meanwhile)."""
        if self._use_pool is None:
            # Workers pay off only for what the cache cannot answer: plan every file now (a
            # stat and a lookup each) and count the misses.
            self._from_start = bool(batch) and batch[0][0] == 0
            misses = [job.size for _, job, done in (self._plan(i, e) for i, e in [*batch, *upcoming]) if done is None and job is not None]
            self._use_pool = wants_pool(misses)
            if not self._use_pool and self._pool is not None:  # started at discovery, not needed after all
                self._pool.close()
                self._pool = None
        plans = [self._plan(i, e) for i, e in batch]
        jobs = [job for _, job, done in plans if job is not None and done is None]
        if self._use_pool and self._pool is None:
            self._pool = self._start_pool()
        if self._pool is not None:
            ahead = [self._plan(i, e) for i, e in upcoming[: len(batch)]]
            scanned = self._pool.scan(jobs, [job for _, job, done in ahead if job is not None and done is None])
        else:
            scanned = [scan_job(self.scanner, job, self.settings.max_file_size) for job in jobs]
        by_index = {o.index: o for o in scanned}
        out: list[FileOutcome] = []
        for (entry, job, done), (index, _) in zip(plans, batch):
            self._planned.pop(index, None)
            if done is None and job is not None:
                done = self._remember(entry, job, by_index[index])
            out.append(done)
        if not upcoming:
            self._finish_scan()
        return out

    def _start_pool(self) -> ScanPool | None:
        try:
            return ScanPool(self.scanner, self.settings.max_file_size)
        except Exception as err:  # no workers (no /dev/shm, a process limit): one core still works
            log.warning("scan workers could not start (%s); scanning in-process", type(err).__name__)
            self._use_pool = False
            return None

    def _plan(self, index: int, entry: FileEntry) -> tuple[FileEntry, FileJob | None, FileOutcome | None]:
        """(entry, job to run, outcome already known): an overlay is scanned here, a cache hit
        answered, anything else becomes a job (verify-only when the cache has the same size)."""
        planned = self._planned.get(index)
        if planned is not None and planned[0] is entry:
            return planned
        path = self.abs_path(entry) if self.overlays else None  # a warm rescan needs no path for a cache hit
        if path is not None and path in self.overlays:
            try:
                sha, size, found, cached = self.scan_file(entry)
                done = FileOutcome(index=index, sha256=sha, size=size, candidates=found, cached=cached)
            except Unreadable as err:
                done = FileOutcome(index=index, unreadable=str(err))
            plan = (entry, None, done)
        else:
            plan = (entry, *self._job_or_hit(index, entry, path))
        self._planned[index] = plan
        return plan

    def _job_or_hit(self, index: int, entry: FileEntry, path: str | None) -> tuple[FileJob | None, FileOutcome | None]:
        held = self._unchanged.pop((entry.root, entry.path), None)
        if held is not None:  # unchanged since its last scan, as discovery saw it
            found = self.cache.candidates(held)
            if found is not None:
                return None, FileOutcome(index=index, sha256=held.sha256, size=held.scanned_size, candidates=found, cached=True)
        if path is None:
            path = self.abs_path(entry)
        seen = self._size_and_mtime(path) if self.cache is not None else None
        if self.cache is None or seen is None or seen[0] > self.settings.max_file_size:
            # no cache to ask, or the read will say why it cannot scan the file
            return FileJob(index=index, root=entry.root, path=entry.path, abs_path=path, size=entry.size), None
        size, mtime_ns = seen
        hit, trusted = self.cache.lookup(entry.root, entry.path, size, mtime_ns)
        if hit is not None and trusted:
            found = self.cache.candidates(hit)
            if found is not None:
                return None, FileOutcome(index=index, sha256=hit.sha256, size=hit.scanned_size, candidates=found, cached=True)
            hit = None  # an entry that does not validate: scan again
        job = FileJob(index=index, root=entry.root, path=entry.path, abs_path=path, size=size,
                      mtime_ns=mtime_ns, expect_sha256=hit.sha256 if hit is not None else None)
        return job, None

    @staticmethod
    def _size_and_mtime(path: str) -> tuple[int, int] | None:
        """From a stat; None: unreadable."""
        try:
            st = os.stat(path)
        except OSError:
            return None
        return st.st_size, changed_ns(st)

    def _remember(self, entry: FileEntry, job: FileJob, outcome: FileOutcome) -> FileOutcome:
        """Put a fresh scan into the cache; answer a verified-unchanged file from it. The size
        and mtime stored are those seen before the read: a change during the read shows up
        as a different mtime next time, never as a stale hit."""
        cache = self.cache
        if cache is None or job.mtime_ns is None:
            return outcome
        if outcome.unreadable is not None:
            if outcome.for_content:  # binary, minified: true until the file changes
                cache.remember_skip(entry.root, entry.path, job.size, job.mtime_ns, outcome.unreadable)
            else:
                cache.forget(entry.root, entry.path)
            return outcome
        if outcome.cached:  # the worker found the cached content under a new mtime
            hit = cache.entry(entry.root, entry.path)
            found = cache.candidates(hit) if hit is not None else None
            if hit is not None and found is not None:
                cache.confirm(entry.root, entry.path, job.mtime_ns)
                return FileOutcome(index=outcome.index, sha256=outcome.sha256, size=hit.scanned_size, candidates=found, cached=True)
            plain = FileJob(job.index, job.root, job.path, job.abs_path, job.size, job.mtime_ns)
            outcome = scan_job(self.scanner, plain, self.settings.max_file_size)
            if outcome.unreadable is not None:
                return outcome
        cache.store(entry.root, entry.path, job.size, job.mtime_ns, outcome.sha256, outcome.size, outcome.candidates)
        return outcome

    def _finish_scan(self) -> None:
        """The last batch: write the cache (a full scan from the start forgets deleted files)
        and let the workers go: first, so the cache's writing does not add to their memory."""
        if self._pool is not None:
            self._pool.close()
            self._pool = None
        if self.cache is not None:
            self.cache.flush(drop_unseen=self._from_start and self.task.only_paths is None)

    def close(self) -> None:
        """End of a run (also a cancelled one): keep what the cache learnt, stop the workers."""
        if self.cache is not None:
            self.cache.flush()
        if self._pool is not None:
            self._pool.close()
            self._pool = None

    # decisions (filter and review)
    def decisions_path(self, root: int) -> str:
        base = self.task.roots[root]
        if os.path.isfile(base):
            base = os.path.dirname(base)
        return os.path.join(base, self.settings.decisions_file)

    def reload_decisions(self) -> None:
        self._decisions.clear()

    def decision_for(self, root: int, fp: str) -> tuple[str, str] | None:
        if root not in self._decisions:
            store = DecisionsStore(self.decisions_path(root))
            loaded = store.load()
            self.decision_problems.extend(getattr(store, "problems", []))
            self._decisions[root] = {k: (d.decision, d.reason) for k, d in loaded.items()}
        return self._decisions[root].get(fp)

    # the send_values opt-in only: re-read the value where the candidate says it is
    def value_of(self, c: Candidate) -> str | None:
        entry = FileEntry(root=c.root, path=c.path, size=0)
        path = self.abs_path(entry)
        try:
            text = self.overlays.get(path) or read_text_and_hash(path, self.settings.max_file_size)[0]
        except DiscoveryUnreadable:
            return None
        lines = text.split("\n")
        if c.end_line > len(lines):
            return None
        if c.start_line == c.end_line:
            return lines[c.start_line - 1][c.start_col : c.end_col]
        parts = [lines[c.start_line - 1][c.start_col :], *lines[c.start_line : c.end_line - 1], lines[c.end_line - 1][: c.end_col]]
        return "\n".join(parts)
