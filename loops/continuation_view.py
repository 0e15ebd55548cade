"""What a scan reads of a file whose lines continue with a backslash: the logical lines, joined.

A shell script, a Dockerfile, a Makefile or a Java `.properties` file may split one value over lines with a
backslash at the end of a line (`export TOKEN="ghp_…\\` then `…"`, `db.password=Xk9…\\` then `    …`). Each half
alone is too short for a provider's format and is no value to the generic rules, so the file is also read with
each backslash-newline removed (and, in `.properties`, the next line's indentation, as the format says), and a
finding is reported where its first character stands.
"""

from __future__ import annotations

import re

from .features import language_for
from .notebook_view import CellText, TextPiece

# The languages whose lines continue with a trailing backslash, and whether the next line's indentation is dropped.
_CONTINUING = {"shell": False, "dockerfile": False, "makefile": False, "properties": True}
# An odd run of backslashes before the line's end: the last one escapes the newline.
_CONTINUED = re.compile(r"(?<!\\)(?:\\\\)*\\\r?\n")


def joined_text(text: str, path: str) -> CellText | None:
    """The file with its continued lines joined, mapped back to the file, or None when no line continues."""
    language = language_for(path)
    if language not in _CONTINUING or "\\\n" not in text and "\\\r\n" not in text:
        return None
    drop_indent = _CONTINUING[language]
    pieces, parts, at, pos = [], [], 0, 0
    for m in _CONTINUED.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if text[line_start:m.start()].lstrip(" \t").startswith(("#", "!")):
            continue  # a comment does not continue (shell, Makefile, .properties)
        cut = m.end() - (2 if text[m.end() - 2] == "\r" else 1) - 1  # where the escaping backslash stands
        parts.append(text[pos:cut])
        pieces.append(TextPiece(at, pos, (), ()))
        at += cut - pos
        pos = m.end()
        if drop_indent:
            while pos < len(text) and text[pos] in " \t":
                pos += 1
    if not pieces:
        return None
    parts.append(text[pos:])
    pieces.append(TextPiece(at, pos, (), ()))
    return CellText(path, "".join(parts), tuple(pieces))
