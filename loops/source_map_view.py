"""What a scan reads of a source map: each original source in its `sourcesContent`, as the file it was.

A source map (`app.js.map`, version 3) carries the code the bundle was built from, each file as one JSON
string: hand-written code, with its `.env`-fed constants and its hard-coded keys, published with the
map. So each such source is read by every rule, as the file it names (`webpack://shop/./src/pay.ts`
reads as `src/pay.ts`: TypeScript, not a test), and what is found there is reported in the map,
at the line and column where its escaped text stands. Sources under a dependencies folder
(`node_modules/`, `vendor/`) are other people's code, skipped as discovery skips those folders; tests,
mocks and fixtures a dev build took along (`__mocks__/`, `setupTests.ts`) are left out too.
The rest of a map (`mappings`, `names`) is generated and read by the bundle rules only (bundle_view).
"""

from __future__ import annotations

import bisect
import json
import posixpath
import re
from dataclasses import dataclass

from .bundle_view import MAP_SUFFIXES
from .discovery import SKIP_DIRS, VENDOR_DIR
from .features import is_test_path

_SOURCES_CONTENT = re.compile(r'"sourcesContent"\s*:\s*\[')
_SOURCES = re.compile(r'"sources"\s*:\s*\[')
_BLANK = re.compile(r"[ \t\r\n]*")
# One escape of a JSON string: a surrogate pair (one character in Python), \uXXXX, or a one-letter escape.
_ESCAPE = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|\\.")
# A bundler's scheme and namespace before the source's own path: webpack://shop/, webpack:///, vite:, file://
_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:(?://[^/]*)?/*", re.IGNORECASE)


def is_source_map(path: str) -> bool:
    return posixpath.basename(path).lower().endswith(MAP_SUFFIXES)


@dataclass(frozen=True)
class OriginalSource:
    """One entry of `sourcesContent`: the source's path (as its name reads), its text, and where the
    JSON string holding it starts in the map (the offset of its first character, after the quote),
    with the escapes in it (each one character of `text`): at `escaped_at[i]` of `text`, raw text
    from `raw_escapes[i][0]` to `raw_escapes[i][1]`."""

    path: str
    text: str
    raw_start: int
    escaped_at: tuple[int, ...]
    raw_escapes: tuple[tuple[int, int], ...]

    def raw_offset(self, offset: int) -> int:
        """The map's offset of this source's character at `offset` (escapes make the two differ)."""
        return raw_offset_in_string(self.raw_start, self.escaped_at, self.raw_escapes, offset)


def raw_offset_in_string(raw_start: int, escaped_at: tuple[int, ...], raw_escapes: tuple[tuple[int, int], ...],
                         offset: int) -> int:
    """Where the decoded character at `offset` of a JSON string stands in the raw text: the string's text starts at
    `raw_start`, and its decoded character `escaped_at[i]` is the escape `raw_escapes[i]` (start, end) there."""
    i = bisect.bisect_right(escaped_at, offset) - 1
    if i < 0:
        return raw_start + offset
    if offset == escaped_at[i]:
        return raw_escapes[i][0]
    return raw_escapes[i][1] + (offset - escaped_at[i] - 1)


def _escapes(raw: str, start: int, end: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    at, spans, decoded, pos = [], [], 0, start
    for m in _ESCAPE.finditer(raw, start, end):
        decoded += m.start() - pos
        at.append(decoded)
        spans.append((m.start(), m.end()))
        decoded += 1
        pos = m.end()
    return tuple(at), tuple(spans)


def source_path(name: str) -> str:
    """A source's name as a workspace path: `webpack://shop/./src/pay.ts` -> `src/pay.ts`, `webpack:///a.vue?5a1b` -> `a.vue`."""
    path = _SCHEME.sub("", name.strip().replace("\\", "/")).split("?", 1)[0]  # webpack's ?5a1b: a module's hash
    parts = [p for p in path.split("/") if p not in ("", ".", "..")]
    return "/".join(parts) or "source"


def _strings(text: str, at: int) -> list[tuple[str | None, int, int]]:
    """The items of the JSON array whose first item is at `at`: (string or None for null, start, end)."""
    out: list[tuple[str | None, int, int]] = []
    pos = _BLANK.match(text, at).end()
    if text.startswith("]", pos):
        return out
    while True:
        if text.startswith('"', pos):
            value, end = json.decoder.scanstring(text, pos + 1)
            out.append((value, pos + 1, end - 1))
            pos = end
        elif text.startswith("null", pos):
            out.append((None, pos, pos))
            pos += 4
        else:
            raise ValueError("not a list of strings")
        pos = _BLANK.match(text, pos).end()
        if text.startswith(",", pos):
            pos = _BLANK.match(text, pos + 1).end()
        elif text.startswith("]", pos):
            return out
        else:
            raise ValueError("not a list of strings")


def original_sources(text: str) -> list[OriginalSource] | None:
    """The sources a source map carries (dependencies left out), or None when `text` holds no
    `sourcesContent` that reads as a list of strings (then it is read as a bundle)."""
    found = _SOURCES_CONTENT.search(text)
    if found is None:
        return None
    try:
        contents = _strings(text, found.end())
        names_at = _SOURCES.search(text)
        names = [n for n, _, _ in _strings(text, names_at.end())] if names_at else []
    except ValueError:  # json's scanstring raises JSONDecodeError, a ValueError
        return None
    out = []
    for i, (content, start, end) in enumerate(contents):
        if not content:
            continue
        path = source_path(names[i] if i < len(names) and names[i] else f"source-{i}")
        if any(part in SKIP_DIRS or part == VENDOR_DIR for part in path.split("/")[:-1]) or is_test_path(path):
            continue  # dependencies, and tests, mocks and fixtures the bundler took along: not the app's code
        out.append(OriginalSource(path, content, start, *_escapes(text, start, end)))
    return out


class LineIndex:
    """(line, column) of an offset in a text, both 0-based."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def offset(self, line: int, col: int) -> int:
        return self.starts[line] + col

    def locate(self, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.starts, offset) - 1
        return i, offset - self.starts[i]
