"""What a scan reads of a unified diff: each changed file's lines before and after the change, as that file.

A patch mailed with `git format-patch`, a `.diff` or `.rej` left behind, a `git log -p` pasted into an incident
note: every line of a hunk carries one column of marker (` `, `-`, `+`) before the changed file's own text. Rules
anchored at a line's start (`spring.datasource.password=…`, a PEM block whose every line is `-` because the key
was deleted) read the marker as part of the line, and the filters read a `.diff`'s language, not the file's (a
browser module's Segment write key, a Firebase web config).

So each file a diff changes is read twice more, as the file it changes (`+++ b/web/src/firebase.ts` reads as
TypeScript): once as it was (context and removed lines) and once as it became (context and added lines), the
hunks in order with a blank line between them; a finding is reported where its text stands in the diff. A value
a commit removed was in the repository's history: it is as leaked as one it added.
"""

from __future__ import annotations

import re

from .notebook_view import CellText, TextPiece

# A hunk's header, with the lengths of its old and new sides (a missing length is 1).
_HUNK = re.compile(r"@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@")
# The headers naming the file: `--- a/x`, `+++ b/x` (a date may follow after a tab; /dev/null when created or deleted).
_FILE_HEADER = re.compile(r"(?:---|\+\+\+) (?:[ab]/)?([^\t\r\n]+?)\s*(?:\t.*)?\r?$")
_NO_FILE = "/dev/null"
_MARKS = ("+", "-", " ")
_HEADERS = ("--- ", "+++ ")


class _Side:
    """One side (old or new) of a changed file: its lines' texts and where each starts in the diff."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, int]] = []
        self.changed = False  # holds a removed (old side) or added (new side) line: worth a reading of its own

    def add(self, text: str, raw_start: int, changed: bool) -> None:
        self.lines.append((text, raw_start))
        self.changed = self.changed or changed

    def gap(self) -> None:
        if self.lines and self.lines[-1][1] >= 0:
            self.lines.append(("", -1))  # between hunks: the lines either side are not neighbours in the file

    def view(self, path: str) -> CellText | None:
        if not self.changed:
            return None
        pieces, parts, at = [], [], 0
        for text, raw_start in self.lines:
            if raw_start >= 0:
                pieces.append(TextPiece(at, raw_start, (), ()))
            parts.append(text)
            at += len(text) + 1
        return CellText(path, "\n".join(parts), tuple(pieces))


def _add(sides: tuple[_Side, _Side], mark: str, line: str, start: int) -> None:
    """A hunk's line without its marker to the side(s) it belongs to: context to both, `-` to the old, `+` to the new."""
    if mark != "+":
        sides[0].add(line[1:], start + 1, mark == "-")
    if mark != "-":
        sides[1].add(line[1:], start + 1, mark == "+")


def is_diff(text: str) -> bool:
    """Whether `text` holds a unified diff's hunk (cheap: one substring search for most files)."""
    return (text.startswith("@@ -") or "\n@@ -" in text) and _HUNK.search(text) is not None


def diff_views(text: str, path: str) -> list[CellText] | None:
    """The old and new side of each file the diff `text` changes, read as that file (or as `path` when no header
    names it), mapped back to the diff; None when `text` holds no hunk."""
    if not is_diff(text):
        return None
    sides: dict[str, tuple[_Side, _Side]] = {}
    old_name = new_name = None
    old_left = new_left = 0
    current: tuple[_Side, _Side] | None = None
    pos = 0
    for line in text.split("\n"):
        start, pos = pos, pos + len(line) + 1
        if old_left > 0 or new_left > 0:
            mark = line[:1]
            if mark == "\\":  # "\ No newline at end of file"
                continue
            if mark in ("", "\r"):
                mark = " "  # a context line whose space an editor stripped
            if {"-": old_left > 0, "+": new_left > 0, " ": old_left > 0 and new_left > 0}.get(mark, False):
                _add(current, mark, line, start)
                old_left -= mark != "+"
                new_left -= mark != "-"
                continue
            old_left = new_left = 0  # a hunk longer than one side's length in its header: read on loosely
        if (current is not None and line[:1] in _MARKS and not line.startswith(_HEADERS)
                and line.rstrip("\r") != "-- "):  # (a mail's signature line ends a format-patch)
            # past the lengths its header gave: a hunk edited by hand (a line added to a patch, a pasted excerpt)
            # goes on while its lines carry a marker
            _add(current, line[:1], line, start)
            continue
        current = None
        hunk = _HUNK.match(line)
        if hunk is not None:
            name = new_name if new_name not in (None, _NO_FILE) else old_name
            name = path if name in (None, _NO_FILE) else name
            current = sides.setdefault(name, (_Side(), _Side()))
            current[0].gap()
            current[1].gap()
            old_left = int(hunk.group(1)) if hunk.group(1) is not None else 1
            new_left = int(hunk.group(2)) if hunk.group(2) is not None else 1
            continue
        header = _FILE_HEADER.match(line)
        if header is not None:
            if line.startswith("---"):
                old_name, new_name = header.group(1), None
            else:
                new_name = header.group(1)
        elif line.startswith("diff "):
            old_name = new_name = None  # the next file's headers follow
    views = [v for name, pair in sides.items() for v in (pair[0].view(name), pair[1].view(name)) if v is not None]
    return views or None
