"""A person's decisions, keyed by fingerprint, in a file meant to be committed (DESIGN.md §3).

The file (by default `<root>/.secretloop/decisions.jsonl`) is read by the language
server, the CLI, the pre-commit hook and CI alike, so a decision made anywhere is
honoured everywhere. It holds fingerprints, never values.

Format, line-oriented so that merges rarely conflict:

    {"format":"secretloop-decisions","version":1}
    {"by":"...","date":"2025-01-31T09:30:00Z","decision":"dismissed","fingerprint":"sl1:…","path":"...","reason":"...","rule_id":"..."}

a header line, then one decision per line, sorted by fingerprint, compact JSON with
sorted keys, a trailing newline. For one fingerprint the decision with the newer date
wins.

Writes are atomic and serialised: an exclusive lock on a sibling `<file>.lock`, re-read
the file under the lock, merge, write a temporary file in the same directory, fsync,
`os.replace`. A crash leaves the old file or the new one, never half of one, and two
writers never lose each other's decisions.

Bad input loses nothing. Reading never fails: a line that cannot be read is reported in
`problems` (by line number, never by content: a mangled line might hold anything) and
skipped. Writing, however, is refused while such a line exists (`DecisionsFileError`),
because rewriting the file would silently drop it; the person fixes or deletes the line,
then writes again. The exception is a git merge conflict: marker lines
(`<<<<<<<`, `|||||||`, `=======`, `>>>>>>>`) are skipped, the valid entries of both sides
are kept (newer date wins; on the same date "confirmed" wins, the safe side), and the
next write produces the resolved file. A file written by a newer format version is read
where possible but never rewritten.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .atomic import atomic_write

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

FORMAT_NAME = "secretloop-decisions"
FORMAT_VERSION = 1
DEFAULT_RELATIVE_PATH = ".secretloop/decisions.jsonl"
LOCK_TIMEOUT_SECONDS = 30.0

_CONFLICT_MARKERS = ("<<<<<<<", "|||||||", "=======", ">>>>>>>")


def _compact(obj: dict) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


HEADER_LINE = _compact({"format": FORMAT_NAME, "version": FORMAT_VERSION})


def utc_now() -> str:
    """The current time as the file stores it: ISO 8601, UTC, second precision."""
    return _format_date(dt.datetime.now(dt.timezone.utc).replace(microsecond=0))


def _format_date(when: dt.datetime) -> str:
    return when.astimezone(dt.timezone.utc).isoformat().replace("+00:00", "Z")


def _parse_date(value: str | dt.datetime) -> dt.datetime:
    when = value if isinstance(value, dt.datetime) else dt.datetime.fromisoformat(value)
    if when.tzinfo is None:  # hand-written dates without a zone are taken as UTC
        when = when.replace(tzinfo=dt.timezone.utc)
    return when.astimezone(dt.timezone.utc)


class Decision(BaseModel):
    """One person's confirm or dismiss of one value, identified by its fingerprint."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    fingerprint: str = Field(pattern=r"^[a-z0-9]+:[0-9a-f]{16,128}$")
    decision: Literal["confirmed", "dismissed"]
    rule_id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")
    path: str = Field(default="", max_length=4096)  # where it was last seen; informational
    reason: str = Field(default="", max_length=2000)
    by: str = Field(min_length=1, max_length=200)  # git user.email or $USER, from the caller
    date: str  # ISO 8601, normalised to UTC ("...Z")

    @field_validator("date", mode="before")
    @classmethod
    def _normalise_date(cls, v: object) -> str:
        if not isinstance(v, (str, dt.datetime)):
            raise ValueError("date must be an ISO 8601 string")
        try:
            return _format_date(_parse_date(v))
        except ValueError:
            raise ValueError("date is not ISO 8601 (e.g. 2025-01-31T09:30:00Z)") from None

    @property
    def when(self) -> dt.datetime:
        return _parse_date(self.date)

    def line(self) -> str:
        return _compact(self.model_dump())


def merge(old: Decision | None, new: Decision, *, tie: Literal["new", "confirmed"] = "new") -> Decision:
    """The decision that stands for one fingerprint: the newer date wins.

    On equal dates `tie` decides: "new" (a write replaces what it read) or "confirmed"
    (two sides of a merge disagree at the same instant: keep the secret reported).
    """
    if old is None:
        return new
    if new.when != old.when:
        return new if new.when > old.when else old
    if tie == "confirmed" and old.decision != new.decision:
        return old if old.decision == "confirmed" else new
    return new


class DecisionsFileError(Exception):
    """The decisions file cannot be written without losing something (message says why)."""


@dataclass
class _Parsed:
    decisions: dict[str, Decision] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    unreadable_lines: list[int] = field(default_factory=list)
    blocked: str | None = None  # why the file must not be rewritten, beyond unreadable lines
    conflicted: bool = False
    raw: str | None = None  # the text as read (None: no file)


def _describe_validation(err: ValidationError) -> str:
    # Field locations and messages only: never the input, which could be anything.
    return "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'entry'}: {e['msg']}" for e in err.errors())


def _parse(text: str) -> _Parsed:
    out = _Parsed(raw=text)
    saw_header = False
    for n, raw_line in enumerate(text.splitlines(), 1):
        line = raw_line.strip()
        if not line:
            continue
        if line.startswith(_CONFLICT_MARKERS):
            out.conflicted = True
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as err:
            out.problems.append(f"line {n}: not valid JSON ({err.msg} at column {err.colno})")
            out.unreadable_lines.append(n)
            continue
        if isinstance(obj, dict) and "format" in obj:
            saw_header = True
            if obj.get("format") != FORMAT_NAME:
                out.problems.append(f"line {n}: header names format {str(obj.get('format'))[:40]!r}, not {FORMAT_NAME!r}")
                out.blocked = "it is not a secretloop decisions file"
            elif obj.get("version") != FORMAT_VERSION:
                out.problems.append(
                    f"line {n}: format version {str(obj.get('version'))[:10]} (this secretloop reads version {FORMAT_VERSION});"
                    " entries are read where possible, the file is not rewritten"
                )
                out.blocked = f"it was written in format version {str(obj.get('version'))[:10]} by another secretloop version"
            continue
        if not isinstance(obj, dict):
            out.problems.append(f"line {n}: expected a JSON object")
            out.unreadable_lines.append(n)
            continue
        try:
            d = Decision.model_validate(obj)
        except ValidationError as err:
            out.problems.append(f"line {n}: not a valid decision ({_describe_validation(err)})")
            out.unreadable_lines.append(n)
            continue
        out.decisions[d.fingerprint] = merge(out.decisions.get(d.fingerprint), d, tie="confirmed")
    if out.decisions and not saw_header:
        out.problems.append("no header line; it is added on the next write")
    if out.conflicted:
        out.problems.append(
            "git merge conflict markers: both sides' decisions are kept (newer wins per fingerprint);"
            " the next write resolves the file"
        )
    return out


def _apply(incoming: list[Decision], current: dict[str, Decision]) -> int:
    """Merge `incoming` into `current` in place (a write replaces what it read on a tie)."""
    changed = 0
    for d in incoming:
        old = current.get(d.fingerprint)
        winner = merge(old, d, tie="new")
        if winner != old:
            current[d.fingerprint] = winner
            changed += 1
    return changed


def serialise(decisions: Iterable[Decision]) -> str:
    """The file's text: header, decisions sorted by fingerprint, trailing newline."""
    lines = [HEADER_LINE] + [d.line() for d in sorted(decisions, key=lambda d: d.fingerprint)]
    return "\n".join(lines) + "\n"


class DecisionsStore:
    """Reads and writes one decisions file. Holds no handle between calls (plain data)."""

    def __init__(self, path: str | os.PathLike[str], *, lock_timeout: float = LOCK_TIMEOUT_SECONDS):
        self.path = os.fspath(path)
        self.lock_path = self.path + ".lock"
        self.lock_timeout = lock_timeout
        self.problems: list[str] = []  # from the latest read, human-readable, never a value

    @classmethod
    def for_root(cls, root: str, relative_path: str = DEFAULT_RELATIVE_PATH) -> "DecisionsStore":
        base = os.path.dirname(root) if os.path.isfile(root) else root
        return cls(os.path.join(base, relative_path))

    # ---- reading ---------------------------------------------------------------------
    def _read(self) -> _Parsed:
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except FileNotFoundError:
            return _Parsed()
        except OSError as err:
            parsed = _Parsed(raw="")
            parsed.problems.append(f"cannot read {self.path}: {err.strerror or err}")
            parsed.blocked = "it cannot be read"
            return parsed
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            parsed = _Parsed(raw="")
            parsed.problems.append(f"not UTF-8 text (byte {err.start})")
            parsed.blocked = "it is not UTF-8 text"
            return parsed
        return _parse(text)

    def load(self) -> dict[str, Decision]:
        """Every readable decision by fingerprint; a missing file is empty. Never raises on content."""
        parsed = self._read()
        self.problems = [f"{self.path}: {p}" for p in parsed.problems]
        return dict(parsed.decisions)

    def stale(self, seen_fingerprints: set[str]) -> list[Decision]:
        """Decisions whose value no longer occurs anywhere that was scanned (`decisions check`)."""
        return [d for fp, d in sorted(self.load().items()) if fp not in seen_fingerprints]

    # ---- writing ---------------------------------------------------------------------
    def record(self, decision: Decision) -> Decision:
        """Store one decision; returns the one that stands (an existing newer one wins)."""
        _, current = self._update(lambda cur: _apply([decision], cur))
        return current.get(decision.fingerprint, decision)

    def record_many(self, decisions: Iterable[Decision]) -> int:
        """Store several decisions in one locked write; returns how many entries changed."""
        incoming = list(decisions)
        return self._update(lambda cur: _apply(incoming, cur))[0]

    def remove(self, fingerprints: Iterable[str]) -> int:
        """Delete the decisions for these fingerprints; returns how many were there."""
        gone = set(fingerprints)

        def change(current: dict[str, Decision]) -> int:
            hits = [fp for fp in current if fp in gone]
            for fp in hits:
                del current[fp]
            return len(hits)

        return self._update(change)[0]

    def _update(self, change: Callable[[dict[str, Decision]], int]) -> tuple[int, dict[str, Decision]]:
        """Under the lock: re-read, apply `change` to the decisions, write if anything differs."""
        with self._exclusive():
            parsed = self._read()
            self.problems = [f"{self.path}: {p}" for p in parsed.problems]
            if parsed.unreadable_lines or parsed.blocked:
                why = parsed.blocked or (
                    "line(s) " + ", ".join(str(n) for n in parsed.unreadable_lines) + " cannot be read"
                    " and rewriting the file would drop them; fix or remove them"
                )
                raise DecisionsFileError(f"{self.path} was not changed: {why}")
            current = dict(parsed.decisions)
            changed = change(current)
            text = serialise(current.values())
            if text != parsed.raw:  # also rewrites a conflicted or header-less file
                self._write_atomic(text)
            return changed, current

    def _ignore_lock_file(self) -> None:
        """Keep the lock file out of commits: the decisions file is committed, its lock is not."""
        ignore = os.path.join(os.path.dirname(os.path.abspath(self.path)), ".gitignore")
        if not os.path.exists(ignore):
            try:
                with open(ignore, "w", encoding="utf-8") as f:
                    f.write("# written by secretloop: the decisions file is committed, its lock is not\n*.lock\n")
            except OSError:
                pass  # not fatal: only a stray file in `git status`

    @contextmanager
    def _exclusive(self) -> Iterator[None]:
        os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
        self._ignore_lock_file()
        fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            deadline = time.monotonic() + self.lock_timeout
            while not _try_lock(fd):
                if time.monotonic() > deadline:
                    raise DecisionsFileError(
                        f"{self.path} was not changed: another process has held {self.lock_path}"
                        f" for more than {self.lock_timeout:.0f} s"
                    )
                time.sleep(0.01)
            try:
                yield
            finally:
                _unlock(fd)
        finally:
            os.close(fd)

    def _write_atomic(self, text: str) -> None:
        atomic_write(self.path, text)  # keeps a symlink a symlink and the file's permissions


def _try_lock(fd: int) -> bool:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # pragma: no cover - Windows
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        return True
    except (BlockingIOError, PermissionError):
        return False
    except OSError as err:
        if fcntl is None:  # pragma: no cover - msvcrt reports contention as a plain OSError
            return False
        raise DecisionsFileError(f"cannot lock decisions file: {err.strerror or err}") from None


def _unlock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    else:  # pragma: no cover - Windows
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
