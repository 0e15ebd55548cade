"""Workspace discovery: which files a run scans, and why the others are skipped.

`discover` walks each root without following symlinks, honours .gitignore files at every
level (plus the repository's .git/info/exclude and ignore files above the root inside the
same repository) and settings.exclude, and skips what holds no hand-written secrets worth
scanning: version control data, dependencies (folders, and a bundler's chunks of them), caches, binary
files, files over the size limit (a lockfile is scanned, for URLs with credentials only: lockfile_view;
a minified bundle by the rules whose format alone says "secret": bundle_view; a source map's sources
as the files they were: source_map_view). It decides from names, sizes and
ignore rules alone and never opens a file: the scan reads each file once (`read_text_and_hash`),
checks its first bytes (binary: `content_skip_reason`) before reading on, and reports such a file as
skipped. A file whose content was skipped before is skipped again without a read when the
content cache vouches that it has not changed (`known`).

Text decoding (`decode_text`): UTF-8 first; a BOM selects UTF-8-with-BOM, UTF-16 or UTF-32;
otherwise a NUL byte in the first 8 KB means binary. Bytes that are none of those are read in
an East Asian legacy encoding (GBK, Big5, Shift_JIS, EUC-KR, ...) when they read as one and
hold East Asian words (`legacy_encodings`); otherwise as Latin-1 only when they look like text
(at most 30% bytes >= 0x80 and under 1% control characters): legacy configs with an accented
character are still scanned, random bytes are not. Latin-1 rather than cp1252 because it maps
every byte to one character, so nothing can fail to decode half-way through a file. Text that
is neither (a KOI8-R file full of Cyrillic) gets the charset detector's best reading.
"""

from __future__ import annotations

import hashlib
import operator
import os
import posixpath
import re
import stat
from dataclasses import dataclass
from typing import Callable, Iterable

from pathspec import GitIgnoreSpec

from .bundle_view import is_vendor_bundle
from .legacy_encodings import decode_any, decode_east_asian
from .settings import Settings
from .state import FileEntry, SkippedFile

# (root index, root-relative path, size, mtime_ns) -> what the content cache knows of this very
# file (same size and mtime): True, it was scanned; a reason, its content was skipped (binary);
# False, nothing
KnownFile = Callable[[int, str, int, int], "bool | str"]

SNIFF_BYTES = 8192  # NUL-byte check, as git does


class DiscoveryError(Exception):
    """A root cannot be walked at all (missing, not a file or folder, unreadable)."""


class Unreadable(Exception):
    """A file cannot be scanned; `reason` says why in the words SkippedFile uses."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SkippedContent(Unreadable):
    """The file's first bytes say not to scan it (binary): true for as long as the
    file is unchanged, so the content cache may remember it."""


# Directory names never walked, with the reason recorded once per directory.
SKIP_DIRS: dict[str, str] = {
    **{name: "version control directory" for name in (".git", ".hg", ".svn", ".bzr")},
    **{name: "dependencies directory" for name in (
        "node_modules", "bower_components", ".venv", "venv", "site-packages", "dist-packages",
    )},
    **{name: "cache directory" for name in (
        "__pycache__", ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache",
    )},
    ".secretloop": "secretloop's own directory",
}

# A directory named vendor is a package manager's install tree only with that manager's mark in it: Composer's
# autoload.php and composer/, Go's modules.txt, Bundler's bundle/, or a GOPATH-era tree of import paths
# (github.com/…). Without one it holds what someone committed and keeps (a demo app with its .env, Terraform
# modules with their examples, a patched library), which is pushed like any other folder and scanned like one.
VENDOR_DIR = "vendor"
_VENDOR_MARKS: frozenset[str] = frozenset({
    "autoload.php", "composer", "modules.txt", "bundle", "github.com", "golang.org", "gopkg.in", "google.golang.org",
})


def is_dependencies_vendor(abs_dir: str) -> bool:
    """The vendor directory at `abs_dir` holds a package manager's install tree (see _VENDOR_MARKS)."""
    try:
        with os.scandir(abs_dir) as it:
            return any(entry.name in _VENDOR_MARKS for entry in it)
    except OSError:
        return False


def skipped_dir_reason(name: str, abs_dir: str) -> str | None:
    """Why the directory `name` at `abs_dir` is never walked, or None to walk it."""
    if name == VENDOR_DIR:
        return "dependencies directory" if is_dependencies_vendor(abs_dir) else None
    return SKIP_DIRS.get(name)


# Lockfiles are scanned for URLs with credentials only (lockfile_view); Bun's is binary.
BINARY_LOCKFILES: frozenset[str] = frozenset({"bun.lockb"})

BINARY_EXTENSIONS: frozenset[str] = frozenset({
    # images
    "png", "jpg", "jpeg", "gif", "bmp", "ico", "icns", "webp", "tif", "tiff", "psd", "heic", "avif", "xcf",
    # archives and packages
    "zip", "tar", "gz", "tgz", "bz2", "xz", "7z", "rar", "zst", "lz4", "jar", "war", "ear", "whl", "egg",
    "apk", "aab", "ipa", "deb", "rpm", "dmg", "iso", "msi", "nupkg", "gem", "crx", "xpi",
    # fonts
    "ttf", "otf", "woff", "woff2", "eot",
    # audio and video
    "mp3", "mp4", "m4a", "m4v", "wav", "ogg", "oga", "flac", "aac", "avi", "mov", "mkv", "webm", "wmv", "flv",
    # compiled code and objects
    "o", "a", "so", "dylib", "dll", "exe", "obj", "lib", "class", "pyc", "pyo", "pyd", "wasm", "elf",
    "beam", "dex",
    # documents
    "pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "odp", "epub",
    # data and models
    # (not .pkl: Apple's Pkl configuration language uses it too; a Python pickle in it is binary by
    # content, its first bytes, like any other file; nor .db: Oxidized's router.db and other `.db` lists are text,
    # and SQLite's and Berkeley DB's files are binary by their first bytes)
    "sqlite", "sqlite3", "mdb", "npy", "npz", "pickle", "h5", "hdf5", "parquet", "avro",
    "onnx", "pt", "pth", "ckpt", "safetensors", "tflite", "pb",
})

# Binary containers of keys: not scanned as text, but the file itself may be the secret.
KEYSTORE_EXTENSIONS: frozenset[str] = frozenset({"p12", "pfx", "jks", "keystore", "bks", "kdbx", "gpg"})
# Key stores kept as text under one of those extensions, read like any text file: the Sui CLI's JSON list of keys.
TEXT_KEYSTORES: frozenset[str] = frozenset({"sui.keystore"})

_KB = 1024
_MB = 1024 * 1024


def changed_ns(st: os.stat_result) -> int:
    """When a file last changed, for the content cache: the later of its mtime and ctime. A
    file rewritten with its old mtime put back (`cp -p`, `rsync -t`, `touch -d`) moves its
    ctime all the same, which no one can set back."""
    return max(st.st_mtime_ns, st.st_ctime_ns)


def human_size(n: int) -> str:
    if n >= _MB:
        return f"{n / _MB:.1f} MB"
    if n >= _KB:
        return f"{n / _KB:.1f} KB"
    return f"{n} B"


def too_large_reason(size: int, max_size: int) -> str:
    return f"too large ({human_size(size)} > {human_size(max_size)})"


def os_error_reason(err: OSError) -> str:
    """'unreadable: permission denied' and the like: the error's kind, never its path."""
    if isinstance(err, PermissionError):
        return "unreadable: permission denied"
    if isinstance(err, FileNotFoundError):
        return "unreadable: not found"
    if isinstance(err, IsADirectoryError):
        return "unreadable: is a directory"
    return f"unreadable: {(err.strerror or type(err).__name__).lower()}"


def undecodable_name(name: str) -> bool:
    """The OS gave bytes that are not UTF-8 (Python keeps them as lone surrogates). Such a
    path cannot be written into the state, the cache, a report or an LSP URI as it is."""
    if name.isascii():
        return False
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def shown_name(name: str) -> str:
    """A path that may hold undecodable bytes, printable: b'\\xff' becomes the text '\\xff'."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


UNDECODABLE_FILE = "file name is not valid UTF-8 (not scanned: rename it)"
UNDECODABLE_DIR = "folder name is not valid UTF-8 (not scanned: rename it)"


# --- reading and decoding ---------------------------------------------------------------

_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\xff\xfe\x00\x00", "utf-32"),  # before UTF-16 LE: same first two bytes
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xef\xbb\xbf", "utf-8-sig"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)
_HIGH_BYTES = bytes(range(0x80, 0x100))
_CONTROL_BYTES = bytes([*range(0x01, 0x09), *range(0x0E, 0x1B), *range(0x1C, 0x20), 0x7F])


def _bom_encoding(head: bytes) -> str | None:
    for bom, encoding in _BOMS:
        if head.startswith(bom):
            return encoding
    return None


def _few_controls(data: bytes) -> bool:
    controls = len(data) - len(data.translate(None, _CONTROL_BYTES))
    return controls < 0.01 * (len(data) or 1) + 1


def _looks_like_text(data: bytes) -> bool:
    high = len(data) - len(data.translate(None, _HIGH_BYTES))
    return high <= 0.30 * (len(data) or 1) and _few_controls(data)


def decode_text(data: bytes) -> str:
    """Decode file bytes (see the module docstring); raise Unreadable when they are not text."""
    encoding = _bom_encoding(data[:4])
    if encoding:
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            raise Unreadable(f"undecodable (invalid {encoding.upper()} after its byte order mark)") from None
    if b"\x00" in data[:SNIFF_BYTES]:
        raise SkippedContent("binary (NUL byte)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    text = decode_east_asian(data)
    if text is not None:
        return text
    if _looks_like_text(data):
        return data.decode("latin-1")
    text = decode_any(data) if _few_controls(data) else None
    if text is not None:
        return text
    raise Unreadable("undecodable (not UTF-8, UTF-16 or a legacy encoding of text, and does not look like Latin-1 text)")


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)


def _read_regular(abs_path: str, limit: int, max_size: int | None, name: str | None = None) -> bytes:
    """Read up to `limit` bytes of a regular file (never blocks on a FIFO); raise Unreadable.
    `name` (the file's): its first bytes are checked before the rest is read (content_skip_reason),
    so a binary file costs one small read."""
    try:
        fd = os.open(abs_path, _OPEN_FLAGS)
    except OSError as err:
        raise Unreadable(os_error_reason(err)) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise Unreadable("unreadable: is a directory")
        if not stat.S_ISREG(st.st_mode):
            raise Unreadable("not a regular file")
        if max_size is not None and st.st_size > max_size:
            raise Unreadable(too_large_reason(st.st_size, max_size))
        chunks: list[bytes] = []
        remaining = limit
        first = name is not None
        while remaining > 0:
            want = min(remaining, SNIFF_BYTES if first else 1 << 20)
            chunk = os.read(fd, want)
            if first:
                reason = content_skip_reason(chunk)
                if reason:
                    raise SkippedContent(reason)
                first = False
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
            if len(chunk) < want:  # a regular file reads short only at its end: no read to hear that
                break
        return b"".join(chunks)
    except OSError as err:
        raise Unreadable(os_error_reason(err)) from None
    finally:
        os.close(fd)


def read_text_and_hash(abs_path: str, max_size: int, name: str | None = None) -> tuple[str, str]:
    """The file's text and the SHA-256 (hex) of the bytes read; raise Unreadable (SkippedContent
    when `name`, the file's, is given and its first bytes say not to scan it: binary)."""
    data = _read_regular(abs_path, max_size + 1, max_size, name)
    if len(data) > max_size:  # grew since it was listed
        raise Unreadable(f"too large (over {human_size(max_size)})")
    return decode_text(data), hashlib.sha256(data).hexdigest()


def read_text(abs_path: str, max_size: int) -> str:
    """The file's text; raise Unreadable (unreadable, too large, binary, undecodable)."""
    return read_text_and_hash(abs_path, max_size)[0]


def resolve_path(root: str, rel_path: str) -> str:
    """Absolute path of a FileEntry: a root that is a single file is the file itself."""
    if os.path.isdir(root):
        return os.path.join(root, *rel_path.split("/"))
    return root


# --- what to skip ---------------------------------------------------------------------

def _extension(name: str) -> str:
    """The part after the last dot; none for a dot file (.bashrc) or a name ending in a dot."""
    head, dot, ext = name.rpartition(".")
    return ext if dot and head.strip(".") else ""


def _skip_by_name(name: str) -> str | None:
    low = name.lower()
    if low in BINARY_LOCKFILES:
        return "lockfile (binary)"
    ext = _extension(low)
    if ext in KEYSTORE_EXTENSIONS and low not in TEXT_KEYSTORES:
        return f"binary key store (.{ext}): not scanned, and the file itself may be a secret"
    if ext in BINARY_EXTENSIONS:
        return f"binary (.{ext})"
    if is_vendor_bundle(low):
        return "dependencies bundle (a bundler's chunk of third-party code)"
    return None


def _name_or_size_reason(name: str, size: int, max_size: int) -> str | None:
    reason = _skip_by_name(name)
    if reason:
        return reason
    return too_large_reason(size, max_size) if size > max_size else None


def content_skip_reason(head: bytes) -> str | None:
    """Why a file's first SNIFF_BYTES say not to scan it (binary), or None."""
    if _bom_encoding(head[:4]) is None and b"\x00" in head:
        return "binary (NUL byte)"
    return None


# --- ignore rules ---------------------------------------------------------------------

@dataclass(frozen=True)
class _IgnoreLayer:
    """One ignore file. Paths are relative to the root; the layer matches them relative
    to its own folder: drop `strip` leading characters (a folder below the root), or add
    `prefix` (a folder above the root)."""

    spec: GitIgnoreSpec
    strip: int = 0
    prefix: str = ""

    def match(self, rel: str, is_dir: bool) -> bool | None:
        path = self.prefix + rel[self.strip:]
        return self.spec.check_file(path + "/" if is_dir else path).include


def _ignored(layers: tuple[_IgnoreLayer, ...], rel: str, is_dir: bool) -> bool:
    # Deeper ignore files win over shallower ones; within one, the last matching pattern wins.
    for layer in reversed(layers):
        verdict = layer.match(rel, is_dir)
        if verdict is not None:
            return verdict
    return False


_PATTERN_ERRORS = (ValueError, re.error)


def invalid_patterns(patterns: list[str]) -> list[str]:
    """The gitignore-style patterns that do not compile (e.g. `!` alone, `[z-a]`)."""
    bad = []
    for pattern in patterns:
        try:
            GitIgnoreSpec.from_lines([pattern])
        except _PATTERN_ERRORS:
            bad.append(pattern)
    return bad


def _compile_lenient(lines: list[str]) -> GitIgnoreSpec:
    """Compile ignore-file lines, dropping the invalid ones as git does."""
    try:
        return GitIgnoreSpec.from_lines(lines)
    except _PATTERN_ERRORS:
        bad = set(invalid_patterns(lines))
        return GitIgnoreSpec.from_lines([line for line in lines if line not in bad])


def _load_spec(path: str) -> GitIgnoreSpec | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return None  # an unreadable ignore file ignores nothing
    spec = _compile_lenient(lines)
    # Comments and blank lines are patterns that match nothing (include None): a file of only
    # those, like the info/exclude every `git init` writes, would cost a check per path for nothing.
    return spec if any(p.include is not None for p in spec.patterns) else None


def _git_dir(top: str) -> str | None:
    """The git directory of the repository at `top` (.git, or where a .git file points)."""
    dot_git = os.path.join(top, ".git")
    if os.path.isdir(dot_git):
        return dot_git
    try:
        with open(dot_git, encoding="utf-8") as f:
            first = f.readline().strip()
    except OSError:
        return None
    if first.startswith("gitdir:"):
        target = first[len("gitdir:"):].strip()
        return os.path.normpath(os.path.join(top, target))
    return None


def _layers_above(root: str, watch: list[str] | None = None) -> tuple[_IgnoreLayer, ...]:
    """info/exclude and the .gitignore files between the repository top and the root.
    `watch` collects every path looked at, present or not (see discover)."""
    root = os.path.abspath(root)
    ancestors: list[str] = []
    current = root
    seen = watch if watch is not None else []
    while True:
        dot_git = os.path.join(current, ".git")
        seen.append(dot_git)
        if os.path.exists(dot_git):
            break
        parent = os.path.dirname(current)
        if parent == current:
            return ()  # not inside a repository: only the root's own ignore files count
        ancestors.append(parent)
        current = parent
    top = current

    def prefix_for(folder: str) -> str:
        rel = os.path.relpath(root, folder).replace(os.sep, "/")
        return "" if rel == "." else rel + "/"

    layers: list[_IgnoreLayer] = []
    git_dir = _git_dir(top)
    if git_dir:
        exclude = os.path.join(git_dir, "info", "exclude")
        seen.append(exclude)
        spec = _load_spec(exclude)
        if spec:
            layers.append(_IgnoreLayer(spec, prefix=prefix_for(top)))
    for folder in reversed(ancestors):  # top first: deeper files are pushed later and win
        ignore = os.path.join(folder, ".gitignore")
        seen.append(ignore)
        spec = _load_spec(ignore)
        if spec:
            layers.append(_IgnoreLayer(spec, prefix=prefix_for(folder)))
    if _root_itself_ignored(tuple(layers)):
        # The person named an ignored folder on purpose (e.g. `secretloop scan build/`):
        # scan it, with only its own ignore files, rather than report nothing.
        return ()
    return tuple(layers)


def _root_itself_ignored(layers: tuple[_IgnoreLayer, ...]) -> bool:
    """Whether the root, or a folder between it and the repository top, is ignored."""
    for layer in layers:
        parts = layer.prefix.strip("/").split("/") if layer.prefix else []
        for depth in range(1, len(parts) + 1):
            if layer.spec.check_file("/".join(parts[:depth]) + "/").include:
                return True
    return False


def _layer_for_dir(abs_dir: str, rel_dir: str) -> _IgnoreLayer | None:
    spec = _load_spec(os.path.join(abs_dir, ".gitignore"))
    if spec is None:
        return None
    return _IgnoreLayer(spec, strip=len(rel_dir) + 1 if rel_dir else 0)


# --- the walk ------------------------------------------------------------------------

def _exclude_spec(patterns: list[str]) -> GitIgnoreSpec | None:
    if not patterns:
        return None
    bad = invalid_patterns(patterns)
    if bad:
        raise DiscoveryError(f"settings.exclude has invalid patterns: {', '.join(repr(p) for p in bad)}")
    return GitIgnoreSpec.from_lines(patterns)


class _RootWalk:
    """Discovery of one root: collects FileEntry and SkippedFile items."""

    def __init__(self, index: int, root: str, settings: Settings, known: KnownFile | None = None, watch: list[str] | None = None) -> None:
        self.index = index
        self.watch = watch
        self.known = known
        self.root = root
        self.max_size = settings.max_file_size
        self.respect_gitignore = settings.respect_gitignore
        self.exclude = _exclude_spec(settings.exclude)
        self.files: list[FileEntry] = []
        self.skipped: list[SkippedFile] = []
        self._above: tuple[_IgnoreLayer, ...] | None = None

    def skip(self, rel: str, reason: str) -> None:
        self.skipped.append(SkippedFile(root=self.index, path=rel, reason=reason))

    def excluded(self, rel: str, is_dir: bool) -> bool:
        return self.exclude is not None and self.exclude.match_file(rel + "/" if is_dir else rel)

    def layers_above(self) -> tuple[_IgnoreLayer, ...]:
        if self._above is None:
            self._above = _layers_above(self.root, self.watch) if self.respect_gitignore else ()
        return self._above

    def add_file(self, rel: str, size: int, mtime_ns: int | None = None) -> None:
        known = self.known(self.index, rel, size, mtime_ns) if self.known is not None and mtime_ns is not None else False
        if known and size <= self.max_size:
            # This very file was seen under the same discovery code (part of the cache key), so
            # its name passed the checks and its content gave this answer: no checks, no read.
            if known is True:
                self.files.append(FileEntry(root=self.index, path=rel, size=size))
            else:
                self.skip(rel, known)
            return
        reason = _name_or_size_reason(rel.rsplit("/", 1)[-1], size, self.max_size)
        if reason:
            self.skip(rel, reason)
        else:
            self.files.append(FileEntry(root=self.index, path=rel, size=size))

    def walk(self, start_rel: str = "") -> None:
        """Walk the folder `start_rel` (relative to the root) and everything below it."""
        layers = self.layers_above()
        if self.respect_gitignore and start_rel:
            parts = start_rel.split("/")
            for depth in range(len(parts)):  # ignore files of the folders above the start
                rel_dir = "/".join(parts[:depth])
                if self.watch is not None:
                    self.watch.append(os.path.join(self.root, *parts[:depth], ".gitignore"))
                layer = _layer_for_dir(os.path.join(self.root, *parts[:depth]), rel_dir)
                if layer:
                    layers += (layer,)
        abs_start = os.path.join(self.root, *start_rel.split("/")) if start_rel else self.root
        stack: list[tuple[str, str, tuple[_IgnoreLayer, ...]]] = [(start_rel, abs_start, layers)]
        # The loop below runs once per entry of the workspace (tens of thousands): names it uses
        # are locals, the type comes from the directory listing (no system call), and a file's
        # single lstat gives its kind, size and mtime.
        skip, exclude, add_file, is_reg, is_link = self.skip, self.exclude, self.add_file, stat.S_ISREG, stat.S_ISLNK
        watch = self.watch
        while stack:
            rel_dir, abs_dir, layers = stack.pop()
            if watch is not None:
                watch.append(abs_dir)  # a name added or removed here changes its mtime
            try:
                with os.scandir(abs_dir) as it:
                    entries = list(it)
            except OSError as err:
                skip(rel_dir or ".", os_error_reason(err))
                continue
            if self.respect_gitignore and any(e.name == ".gitignore" for e in entries):
                if watch is not None:
                    watch.append(os.path.join(abs_dir, ".gitignore"))
                layer = _layer_for_dir(abs_dir, rel_dir)
                if layer:
                    layers = layers + (layer,)
            prefix = rel_dir + "/" if rel_dir else ""
            for entry in entries:
                name = entry.name
                rel = prefix + name
                try:
                    is_dir = entry.is_dir(follow_symlinks=False)
                    st = None if is_dir else entry.stat(follow_symlinks=False)
                except OSError as err:
                    skip(rel, os_error_reason(err))
                    continue
                if not name.isascii() and undecodable_name(name):
                    skip(shown_name(rel), UNDECODABLE_DIR if is_dir else UNDECODABLE_FILE)
                    continue
                if (is_dir or name == ".git") and (reason := skipped_dir_reason(name, entry.path)):
                    skip(rel, reason)
                    continue
                if st is not None and not is_reg(st.st_mode):
                    skip(rel, "symlink (not followed)" if is_link(st.st_mode) else "not a regular file")
                    continue
                if exclude is not None and self.excluded(rel, is_dir):
                    skip(rel, "excluded directory (settings.exclude)" if is_dir else "excluded (settings.exclude)")
                    continue
                if layers and _ignored(layers, rel, is_dir):
                    skip(rel, "gitignored directory" if is_dir else "gitignored")
                    continue
                if is_dir:
                    stack.append((rel, entry.path, layers))
                else:
                    add_file(rel, st.st_size, changed_ns(st))

    def only(self, paths: Iterable[str]) -> None:
        """Just these paths (e.g. staged files). Gitignore does not apply to a named file (a
        staged file is committed even if ignored); settings.exclude, the skipped directories
        and the file checks do. A named directory is walked with all the rules."""
        seen: set[str] = set()
        for raw in paths:
            rel = _normalise_rel(raw)
            if rel is None:
                self.skip(raw, "outside the root")
                continue
            if rel in seen:
                continue
            seen.add(rel)
            if undecodable_name(rel):  # e.g. a staged file whose name git gave as raw bytes
                self.skip(shown_name(rel), UNDECODABLE_FILE)
                continue
            if rel == "":
                self.walk()
                continue
            parts = rel.split("/")
            inside = next(((p, reason) for i, p in enumerate(parts[:-1])
                           if (reason := skipped_dir_reason(p, os.path.join(self.root, *parts[:i + 1])))), None)
            if inside:
                self.skip(rel, f"inside a {inside[1]} ({inside[0]})")
                continue
            abs_path = os.path.join(self.root, *parts)
            try:
                st = os.lstat(abs_path)
            except OSError as err:
                self.skip(rel, os_error_reason(err))
                continue
            is_dir = stat.S_ISDIR(st.st_mode)
            if stat.S_ISLNK(st.st_mode):
                self.skip(rel, "symlink (not followed)")
            elif (is_dir or parts[-1] == ".git") and (reason := skipped_dir_reason(parts[-1], abs_path)):
                self.skip(rel, reason)
            elif self.excluded(rel, is_dir):
                self.skip(rel, "excluded (settings.exclude)")
            elif is_dir:
                self.walk(rel)
            elif not stat.S_ISREG(st.st_mode):
                self.skip(rel, "not a regular file")
            else:
                self.add_file(rel, st.st_size, changed_ns(st))


def _normalise_rel(raw: str) -> str | None:
    """A posix path relative to the root ("" for the root itself), or None if it leaves the root."""
    p = raw.replace("\\", "/")
    if p.startswith("/") or (len(p) > 1 and p[1] == ":"):
        return None
    p = posixpath.normpath(p)
    if p == ".":
        return ""
    if p == ".." or p.startswith("../"):
        return None
    return p


def discover(
    roots: list[str],
    settings: Settings,
    only_paths: list[list[str]] | None = None,
    known: KnownFile | None = None,
    watch: list[str] | None = None,
) -> tuple[list[FileEntry], list[SkippedFile]]:
    """The files to scan under each root, sorted, and the skipped ones with their reasons.

    `only_paths[i]` restricts root i to those relative paths (an empty list: nothing).
    A root may be a single file. A missing root raises DiscoveryError. `known(root, path,
    size, mtime_ns)` says what is known of a file unchanged since the last scan (see KnownFile).
    `watch` collects, besides the files returned, every path whose change could change the
    answer: each folder walked (a name added or removed changes its mtime) and each ignore
    file or `.git` looked for, present or not (run_stamp.py checks them all by stat).
    No file is opened here: the scan's read checks each file's first bytes (read_text_and_hash
    with the name), so a cold scan reads every file once.
    """
    if only_paths is not None and len(only_paths) != len(roots):
        raise DiscoveryError(f"only_paths has {len(only_paths)} lists for {len(roots)} roots; give one per root")
    files: list[FileEntry] = []
    skipped: list[SkippedFile] = []
    for index, root in enumerate(roots):
        if undecodable_name(root):
            raise DiscoveryError(f"workspace root's path is not valid UTF-8, rename it to scan it: {shown_name(root)}")
        walk = _RootWalk(index, root, settings, known, watch)
        wanted = None if only_paths is None else only_paths[index]
        try:
            st = os.stat(root)
        except FileNotFoundError:
            raise DiscoveryError(f"workspace root does not exist: {root}") from None
        except OSError as err:
            raise DiscoveryError(f"workspace root cannot be read ({os_error_reason(err)}): {root}") from None
        if stat.S_ISDIR(st.st_mode):
            if not os.access(root, os.R_OK | os.X_OK):
                raise DiscoveryError(f"workspace root cannot be read (unreadable: permission denied): {root}")
            if wanted is None:
                walk.walk()
            else:
                walk.only(wanted)
        elif stat.S_ISREG(st.st_mode):
            name = os.path.basename(root)
            if wanted is None or name in {_normalise_rel(p) for p in wanted}:
                walk.add_file(name, st.st_size)
        else:
            raise DiscoveryError(f"workspace root is neither a folder nor a regular file: {root}")
        files.extend(walk.files)
        skipped.extend(walk.skipped)
    by_place = operator.attrgetter("root", "path")
    files.sort(key=by_place)
    skipped.sort(key=by_place)
    return files, skipped
