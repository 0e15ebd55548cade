"""The content cache: a rescan answers unchanged files from the candidates found last time.

An entry is keyed by the file (root index, root-relative path) and remembers its size,
change time and content sha256 with the candidates it gave. The change time (called mtime_ns
here) is the later of the file's mtime and ctime (discovery.changed_ns): a file rewritten
with its old mtime put back still moves its ctime. A file is unchanged when its size and
change time both match; when only the time moved (a checkout, a `touch`) the caller re-reads
it and compares the sha256 before trusting the entry. Candidates hold
no values (redacted previews and fingerprints only), so the cache holds none either.

One cache file per scan configuration: the roots (in order: candidates carry the root
index), the rules catalogue's digest, the scanning code's own version and the context
lines. Changing any of them starts an empty cache (the old file is pruned later). The
file is written atomically; a corrupt one is ignored with a warning and rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import time
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError
from pydantic_core import to_json

from .file_pruning import keep_newest
from .rules.catalogue import Catalogue
from .runs import atomic_write
from .state import Candidate, compact

log = logging.getLogger("secretloop.content_cache")

FORMAT = 2  # 2: entries may remember a skip (binary, minified) instead of candidates
KEEP_FILES = 8  # cache files (configurations) kept per run store; the oldest are pruned
# An mtime this close to the moment the file was read cannot prove the file did not change
# again within the same clock tick ("racily clean", as git calls it): such an entry is
# stored without its mtime and verified by content next time.
RACY_SECONDS = 2.0

# The modules whose code decides what a scan produces: a change to any of them changes
# the cache key, so candidates computed by older code are never served. A test walks the
# scanner's imports and fails when one is missing here. A folder stands for
# every module of that package (filters/: one module per concern, more added over time).
_SCANNING_MODULES = (
    "scanner.py", "detect.py", "features.py", "filters/", "languages.py", "suppressions.py",
    "redact.py", "rules/", "state.py", "discovery.py", "tables.py", "file_pruning.py", "settings.py",
    "legacy_encodings.py", "blocks.py", "cells.py", "dotfile_sources.py", "lockfile_view.py", "bundle_view.py", "source_map_view.py", "notebook_view.py", "continuation_view.py", "concatenation_view.py", "encoded_view.py", "kv_export_view.py", "escaped_view.py", "diff_view.py",
    "commented_block_view.py", "office_text_view.py",
)


def scanning_files(here: Path) -> list[str]:
    """The files `scanner_version` hashes, relative to the loops folder `here`, in a fixed order."""
    names: list[str] = []
    for name in _SCANNING_MODULES:
        if name.endswith("/"):
            names.extend(sorted(f"{name}{p.name}" for p in (here / name).glob("*.py")) or [name])
        else:
            names.append(name)
    return names


def code_digest(here: Path) -> str:
    """A hash of the scanning code under the loops folder `here` (see `scanning_files`)."""
    h = hashlib.sha256()
    for name in scanning_files(here):
        h.update(name.encode())
        try:
            h.update((here / name).read_bytes())
        except OSError:
            h.update(b"<missing>")
    return h.hexdigest()[:16]


@lru_cache(maxsize=1)
def scanner_version() -> str:
    """A hash of the scanning code: the sources of the modules that shape a candidate."""
    return code_digest(Path(__file__).resolve().parent)


def catalogue_version(catalogue: Catalogue) -> str:
    """The catalogue's digest (of its rules file); for a catalogue built in code, which has
    none, a hash of its rules as data."""
    if catalogue.digest:
        return catalogue.digest
    rules = json.dumps([r.model_dump(mode="json") for r in catalogue.rules], sort_keys=True)
    return "rules:" + hashlib.sha256(rules.encode()).hexdigest()


def config_key(roots: list[str], catalogue_digest: str, context_lines: int) -> str:
    """What the cached candidates depend on, besides each file's content."""
    parts = [f"format={FORMAT}", f"code={scanner_version()}", f"rules={catalogue_digest}", f"context={context_lines}", *roots]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:24]


class Found(list):
    """An entry's candidates as JSON objects (what the cache file holds), and once one of them
    has been asked for, the same validated: a long-lived host (the editor) validates a cached
    file's candidates once, not on every rescan. Shared by the copies of an entry."""

    __slots__ = ("valid",)

    def __init__(self, dicts: list[dict] = ()) -> None:
        super().__init__(dicts)
        self.valid: list[Candidate] | None = None


@dataclass(slots=True, frozen=True)  # shared between copies of a cache: replaced, never changed
class Entry:
    size: int  # bytes on disk when scanned
    mtime_ns: int | None  # None: too recent to trust (see RACY_SECONDS); verify by content
    sha256: str
    scanned_size: int  # the size the scan reported (what history.bytes_scanned counts)
    candidates: Found  # Candidate.model_dump(mode="json") of each candidate, status "candidate"
    # Why this file's content was skipped ("binary (NUL byte)", "minified"): such an entry says
    # so again for the unchanged file (through discovery's `known`), with no read.
    skipped: str | None = None


def _copy_entries(entries: dict[str, Entry]) -> dict[str, Entry]:
    # Entries are never changed in place (confirm replaces one; candidate lists are only ever
    # replaced), so a copy of the mapping is a copy: no need to copy 7,000 entries one by one.
    return dict(entries)


# path of a cache file -> ((mtime_ns, size, inode) of the file, its entries), see ContentCache._recall
_IN_MEMORY: dict[str, tuple[tuple[int, int, int], dict[str, Entry]]] = {}


class ContentCache:
    """Entries for one scan configuration, loaded once, written back with `flush`."""

    def __init__(self, directory: str | os.PathLike, key: str):
        self.dir = Path(directory)
        self.path = self.dir / f"{key}.json"
        self.key = key
        self.problems: list[str] = []  # warnings about the cache file, for the host to show
        self._dirty = False
        self._entries: dict[str, Entry] = self._recall() or self._load()
        self._seen: set[str] = set()

    @staticmethod
    def entry_key(root: int, path: str) -> str:
        return f"{root}:{path}"

    # ---- lookups -------------------------------------------------------------------------
    def lookup(self, root: int, path: str, size: int, mtime_ns: int) -> tuple[Entry | None, bool]:
        """(entry, trusted): trusted when size and mtime match; an untrusted entry (same size,
        other mtime) is returned for the caller to verify by content; (None, False) on a miss."""
        key = self.entry_key(root, path)
        self._seen.add(key)
        entry = self._entries.get(key)
        if entry is None or entry.size != size or entry.skipped is not None:
            return None, False
        return entry, entry.mtime_ns == mtime_ns

    def holds(self, root: int, path: str, size: int, mtime_ns: int) -> bool:
        """This very file (same size and trusted mtime) was scanned under this configuration."""
        return isinstance(self.recall(root, path, size, mtime_ns), Entry)

    def recall(self, root: int, path: str, size: int, mtime_ns: int) -> Entry | str | None:
        """This very file's entry (same size and trusted mtime), the reason its content was
        skipped, or None. Counts as looked up in this run (see flush's drop_unseen)."""
        key = self.entry_key(root, path)
        entry = self._entries.get(key)
        if entry is None or entry.size != size or entry.mtime_ns != mtime_ns:
            return None
        self._seen.add(key)
        return entry if entry.skipped is None else entry.skipped

    def remember_skip(self, root: int, path: str, size: int, mtime_ns: int, reason: str) -> None:
        """The scan (or discovery) skipped this file for its content; a racily recent one is not remembered."""
        if time.time() - mtime_ns / 1e9 <= RACY_SECONDS:
            return
        key = self.entry_key(root, path)
        self._seen.add(key)
        self._entries[key] = Entry(size, mtime_ns, "", 0, Found(), reason)
        self._dirty = True

    def entry(self, root: int, path: str) -> Entry | None:
        return self._entries.get(self.entry_key(root, path))

    def candidates(self, entry: Entry) -> list[Candidate] | None:
        """Fresh Candidate objects (the engine mutates the ones it is given), or None when the
        entry does not validate (a hand-edited file): the caller rescans, never fails."""
        found = entry.candidates
        if not found:  # most files: nothing to validate or copy
            return []
        if found.valid is None:
            try:
                found.valid = [compact(Candidate.model_validate(d)) for d in found]
            except (ValidationError, TypeError):
                return None
        return [compact(c.model_copy()) for c in found.valid]

    def confirm(self, root: int, path: str, mtime_ns: int) -> None:
        """A same-size entry whose content hash matched: trust the new mtime from now on."""
        entry = self._entries[self.entry_key(root, path)]
        trusted = mtime_ns if time.time() - mtime_ns / 1e9 > RACY_SECONDS else None
        if entry.mtime_ns != trusted:
            # a new entry, not a change to this one: another cache (a copy) may share it
            self._entries[self.entry_key(root, path)] = replace(entry, mtime_ns=trusted)
            self._dirty = True

    def store(self, root: int, path: str, size: int, mtime_ns: int, sha256: str, scanned_size: int,
              candidates: list[Candidate]) -> None:
        key = self.entry_key(root, path)
        self._seen.add(key)
        trusted = mtime_ns if time.time() - mtime_ns / 1e9 > RACY_SECONDS else None
        self._entries[key] = Entry(size, trusted, sha256, scanned_size, Found([c.model_dump(mode="json") for c in candidates]))
        self._dirty = True

    def forget(self, root: int, path: str) -> None:
        if self._entries.pop(self.entry_key(root, path), None) is not None:
            self._dirty = True

    def __len__(self) -> int:
        return len(self._entries)

    # ---- disk ------------------------------------------------------------------------------
    def flush(self, drop_unseen: bool = False) -> None:
        """Write the entries atomically. `drop_unseen` (a full scan): forget files not looked
        up in this run, so deleted files do not accumulate. Failures only cost warmth."""
        if drop_unseen:
            stale = [k for k in self._entries if k not in self._seen]
            for k in stale:
                del self._entries[k]
            self._dirty = self._dirty or bool(stale)
        if not self._dirty:
            return
        data = {
            "format": FORMAT,
            "key": self.key,
            "entries": {
                k: [e.size, e.mtime_ns, e.sha256, e.scanned_size, e.candidates]
                + ([e.skipped] if e.skipped is not None else []) for k, e in self._entries.items()
            },
        }
        try:
            # not durable: a cache, rebuilt when it is missing or does not parse (see atomic.py)
            # UTF-8 bytes straight from pydantic_core: the same compact JSON as json.dumps(...,
            # ensure_ascii=False), without a str twice the file's size (previews hold "…")
            atomic_write(self.path, to_json(data), durable=False)
            self._dirty = False
            self._remember(self._entries)
            keep_newest(self.path, KEEP_FILES)  # each rules or code change leaves a cache file behind
        except OSError as err:
            self._warn(f"the content cache could not be written ({err.strerror}); the next scan starts cold")

    # ---- in-process memory of the file ---------------------------------------------------------
    # A long-lived host (the language server) rescans with a new ContentCache each time; parsing
    # the file again is most of a warm rescan's cache cost. The entries last written or read are
    # kept per file with the file's stat, and reused (as copies: a cache is mutated while in use)
    # only while the file on disk is still exactly that one.
    def _file_key(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_mtime_ns, st.st_size, st.st_ino

    def _remember(self, entries: dict[str, Entry]) -> None:
        key = self._file_key()
        if key is not None:
            _IN_MEMORY[str(self.path)] = (key, _copy_entries(entries))

    def _recall(self) -> dict[str, Entry] | None:
        held = _IN_MEMORY.get(str(self.path))
        if held is None or held[0] != self._file_key():
            return None
        return _copy_entries(held[1])

    def _load(self) -> dict[str, Entry]:
        try:
            raw = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError) as err:
            self._warn(f"the content cache {self.path} is unreadable ({type(err).__name__}); it is rebuilt")
            return {}
        try:
            data = json.loads(raw)
            if data.get("format") != FORMAT or data.get("key") != self.key:
                raise ValueError("written for another configuration")
            entries: dict[str, Entry] = {}
            for k, (size, mtime_ns, sha, scanned_size, cands, *skipped) in data["entries"].items():
                if not (isinstance(size, int) and isinstance(sha, str) and isinstance(cands, list)):
                    raise ValueError(f"bad entry for {k!r}")
                if mtime_ns is not None and not isinstance(mtime_ns, int):
                    raise ValueError(f"bad mtime for {k!r}")
                if len(skipped) > 1 or (skipped and not isinstance(skipped[0], str)):
                    raise ValueError(f"bad skip for {k!r}")
                entries[k] = Entry(size, mtime_ns, sha, int(scanned_size), Found(cands), skipped[0] if skipped else None)
            self._remember(entries)
            return entries
        except (ValueError, TypeError, KeyError, AttributeError) as err:
            self._warn(f"the content cache {self.path} is corrupt ({type(err).__name__}); it is ignored and rebuilt")
            self._dirty = True
            return {}

    def _warn(self, message: str) -> None:
        log.warning("%s", message)
        self.problems.append(message)
