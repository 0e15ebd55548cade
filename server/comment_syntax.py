"""The inline allow comment for a line, in the file's own comment syntax.

The loop's suppression check (loops/suppressions.py) reads `secretloop:allow` on the
finding's own line, or `pragma: allowlist nextline secret` on the line above. Where a
comment may follow code, the marker is appended to the line; where comments must fill a
whole line (INI, properties, Dockerfile, batch), appending would change the value, so a
"next line" pragma goes on its own line above. Formats without comments (JSON, PEM, plain
text) get no allow comment: the person can dismiss the finding instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..loops.languages import BLOCK_COMMENT, LINE_COMMENT, LINE_START_ONLY

MARKER = "secretloop:allow"
NEXT_LINE_MARKER = "pragma: allowlist nextline secret"

# Languages where the block form is the safe one (plain CSS has no `//` comments).
PREFER_BLOCK = frozenset({"css"})


@dataclass(frozen=True)
class AllowComment:
    """Text to insert at (line, column): column in code points of that line."""

    line: int  # 0-based
    column: int
    text: str


def _strip_eol(line: str) -> str:
    return line.rstrip("\r\n")


def allow_comment(language: str, line_index: int, line_text: str) -> AllowComment | None:
    """How to mark `line_text` (the finding's line) as allowed, or None if the format has no comments."""
    line = _strip_eol(line_text)
    if language in LINE_START_ONLY and language in LINE_COMMENT:
        indent = line[: len(line) - len(line.lstrip())]
        marker = LINE_COMMENT[language][0].strip()
        return AllowComment(line=line_index, column=0, text=f"{indent}{marker} {NEXT_LINE_MARKER}\n")
    if language in BLOCK_COMMENT and (language in PREFER_BLOCK or language not in LINE_COMMENT):
        opener, closer = BLOCK_COMMENT[language]
        return AllowComment(line=line_index, column=len(line), text=f" {opener} {MARKER} {closer}")
    if language in LINE_COMMENT:
        return AllowComment(line=line_index, column=len(line), text=f"  {LINE_COMMENT[language][0]} {MARKER}")
    return None
