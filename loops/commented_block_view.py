"""What a scan reads of an armoured block pasted into comments: the block with each line's comment marker removed.

People keep an old deploy key "for reference" in a script's comments, paste a signing key into a C header's
` * ` block or a SQL file's `--` lines, or quote one in Markdown (`> `): every line of the block then starts with the
comment's marker, and the key rules, which read a PEM body as base64 and line breaks, stop at the first `#`. So a
block whose `-----BEGIN …-----` line is commented is read a second time with the same marker taken off each line
after it, up to its `-----END …-----` line; the header keeps its marker, so the finding is still known to stand in a
comment. Only lines that carry the header's marker are read: a block that is not commented is read as written.
"""

from __future__ import annotations

import re

from .notebook_view import CellText, TextPiece

_ARMOUR = "-----BEGIN "
# A commented header: the comment's marker (a C block comment's `/*`, `/**` or ` * `, `#`, `//`, `--`, `;`, `%`, `'`,
# `!`, `"`, `REM`, Markdown's `>`), then the armour's first line.
_COMMENTED_HEADER = re.compile(
    r"(?m)^[ \t]*(/\*+|\*|#+|//+|--+|;+|%+|'|!|\"|REM\b|>+)[ \t]*-----BEGIN [A-Z0-9 ]{3,60}-----")
_END = "-----END "
_MAX_BLOCK_LINES = 200  # an RSA 8192 key is some 100 lines of base64; a longer run is no single block


def _marker(header_marker: str) -> re.Pattern[str]:
    """A body line's comment marker, as the header's marker says (a `/*` header's body lines start with ` * `)."""
    token = "*" if header_marker.startswith("/*") else header_marker
    return re.compile(r"[ \t]*" + re.escape(token) + r"[ \t]?")


def commented_blocks(text: str, path: str) -> list[CellText]:
    """Each commented armoured block of the file, its lines' markers removed after the header's, mapped back to the
    file; an empty list when there is none."""
    if _ARMOUR not in text:
        return []
    views: list[CellText] = []
    for m in _COMMENTED_HEADER.finditer(text):
        header_end = text.find("\n", m.end())
        if header_end < 0:
            continue  # the header is the file's last line: nothing under it
        marker = _marker(m.group(1))
        line_start = text.rfind("\n", 0, m.start()) + 1
        pieces = [TextPiece(0, line_start, (), ())]  # the header's line as written, its marker kept
        parts, at = [text[line_start:header_end + 1]], header_end + 1 - line_start
        pos = header_end + 1
        for _ in range(_MAX_BLOCK_LINES):
            lead = marker.match(text, pos)
            if lead is None or pos >= len(text):
                break
            end = text.find("\n", lead.end())
            end = len(text) if end < 0 else end + 1
            pieces.append(TextPiece(at, lead.end(), (), ()))
            line = text[lead.end():end]
            parts.append(line)
            at += len(line)
            pos = end
            if _END in line:
                break
        if len(pieces) > 1:
            views.append(CellText(path, "".join(parts), tuple(pieces)))
    return views
