"""What a scan reads of a file whose lines continue with a backslash: the logical lines, joined.

A shell script, a Dockerfile, a Makefile or a Java `.properties` file may split one value over lines with a
backslash at the end of a line (`export TOKEN="ghp_…\\` then `…"`, `db.password=Xk9…\\` then `    …`). Each half
alone is too short for a provider's format and is no value to the generic rules, so the file is also read with
each backslash-newline removed (and, in `.properties`, the next line's indentation, as the format says), and a
finding is reported where its first character stands.

A `.properties` file is also read with its escapes decoded: `\\uXXXX` (native2ascii and IDEs write non-ASCII that
way, some tools every character of a value) and a backslash before `:`, `=`, `#`, `!`, a space or another backslash
(`jdbc\\:mysql\\://db`, as `Properties.store` writes them). A value with even one escape is no value to the rules
as written.
"""

from __future__ import annotations

import re

from .features import language_for
from .notebook_view import CellText, TextPiece

# The languages whose lines continue with a trailing backslash, and whether the next line's indentation is dropped.
_CONTINUING = {"shell": False, "dockerfile": False, "makefile": False, "properties": True}
# An odd run of backslashes before the line's end: the last one escapes the newline.
_CONTINUED = re.compile(r"(?<!\\)(?:\\\\)*\\\r?\n")


# A .properties escape the view decodes: \uXXXX, and a backslash that only keeps the next character literal.
_PROPERTIES_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|([:=#! \\]))")


def joined_text(text: str, path: str) -> CellText | None:
    """The file with its continued lines joined (and a .properties file's escapes decoded), mapped back to the
    file, or None when no line continues and nothing is escaped."""
    language = language_for(path)
    if language not in _CONTINUING:
        return None
    escaped = language == "properties" and _PROPERTIES_ESCAPE.search(text) is not None
    if not escaped and "\\\n" not in text and "\\\r\n" not in text:
        return None
    drop_indent = _CONTINUING[language]
    spans, pos = [], 0  # the stretches of the file the view is made of
    for m in _CONTINUED.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if text[line_start:m.start()].lstrip(" \t").startswith(("#", "!")):
            continue  # a comment does not continue (shell, Makefile, .properties)
        cut = m.end() - (2 if text[m.end() - 2] == "\r" else 1) - 1  # where the escaping backslash stands
        spans.append((pos, cut))
        pos = m.end()
        if drop_indent:
            while pos < len(text) and text[pos] in " \t":
                pos += 1
    if not spans and not escaped:
        return None
    spans.append((pos, len(text)))
    pieces, parts, at = [], [], 0
    for start, end in spans:
        part, escaped_at, raw_escapes = _decoded(text, start, end) if escaped else (text[start:end], (), ())
        pieces.append(TextPiece(at, start, escaped_at, raw_escapes))
        parts.append(part)
        at += len(part)
    return CellText(path, "".join(parts), tuple(pieces))


def _decoded(text: str, start: int, end: int) -> tuple[str, tuple[int, ...], tuple[tuple[int, int], ...]]:
    """text[start:end] with its .properties escapes decoded, and where each decoded one stands (view, file)."""
    out, at, spans, pos, length = [], [], [], start, 0
    for m in _PROPERTIES_ESCAPE.finditer(text, start, end):
        char = chr(int(m.group(1), 16)) if m.group(1) else m.group(2)
        if char in "\r\n":
            continue  # an escaped line break stays as written: the view keeps the file's lines
        out.append(text[pos:m.start()])
        length += m.start() - pos
        at.append(length)
        spans.append((m.start(), m.end()))
        out.append(char)
        length += 1
        pos = m.end()
    out.append(text[pos:end])
    return "".join(out), tuple(at), tuple(spans)
