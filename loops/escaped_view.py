"""What a scan reads of lines whose text is escaped: the same lines, unescaped, in the file's own kind.

A value is often written escaped where it is stored: PHP's json_encode and Slack's exports write `https:\\/\\/hooks…`,
a JSON string that carries JSON (an ECS task definition's `environment`, kubectl's last-applied-configuration, a
Terraform state's attribute) writes `\\"name\\":\\"AWS_SECRET_ACCESS_KEY\\"`, a C or Python string hides a prefix as
`\\x67\\x68\\x70_`, Java and JSON as `\\u0041\\u0049za`, a query string or an INI line keeps a URL percent-encoded
(`https%3A%2F%2Fhooks…`), XML kept as text in XML escapes its brackets (`&lt;Password&gt;…`). Rules read the
plain form; escaped, the prefix, the URL or the name/value pair is gone.

So a line with such an escape is read a second time, unescaped, with the lines around it as they are (a section
header, a key id on the line before): a finding there is reported where its escaped text stands, on the lines where
the file as written has no finding. Only escapes of printable ASCII are undone (a `\\u00e9` or a `\\x00` byte is
left as it stands); lines longer than a minified bundle's are left to the bundle rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .notebook_view import CellText, TextPiece

# A line worth reading unescaped: one that escapes a URL's slashes (`https:\/\/`; a regex's lone `\/` is no URL), a
# JSON string's quotes around a name, an ASCII letter or digit by its code, percent-encodes a URL's (or a base64
# value's) punctuation, or escapes XML's brackets and quotes as entities.
_ESCAPED_LINE = re.compile(
    r":\\{1,2}/\\{1,2}/|\\u00[2-7][0-9a-fA-F]|\\x[2-7][0-9a-fA-F]|%(?:2[BbFf]|3[AaDd]|40)|\\\"\s*:\s*\\\""
    r"|&lt;/?[A-Za-z]|&quot;")
_PERCENT_LINE = re.compile(r"%(?:2[BbFf]|3[AaDd]|40)")
# One escape to undo (a slash or a quote escaped twice too, as JSON in a JS string has them: `JSON.parse('{"url":
# "https:\\/\\/…'`), or an escaped backslash.
_ESCAPE = re.compile(r"\\\\[\"/]|\\\\|\\[\"/]|\\u00[2-7][0-9a-fA-F]|\\x[2-7][0-9a-fA-F]|%[2-7][0-9A-Fa-f]"
                     r"|&(?:lt|gt|quot|amp|apos);")
# XML's and HTML's named escapes: XML carried as text inside XML (BizTalk's bindings keep an adapter's settings as
# &lt;CustomProps&gt;&lt;Password vt="8"&gt;…), or attributes' quotes escaped (&quot;).
_ENTITIES = {"&lt;": "<", "&gt;": ">", "&quot;": '"', "&amp;": "&", "&apos;": "'"}
_MAX_LINE = 2000  # a longer line is minified code or data: read by the bundle rules as written
_AROUND = 3  # lines kept as they are on each side of an escaped line (its section, a key id beside it)


@dataclass(frozen=True)
class EscapedText(CellText):
    """The file's escaped lines unescaped (and the lines around them as written; the rest blank), read as `path`: one
    piece per line it holds, its escapes mapped back as a notebook cell's are."""


def escaped_view(text: str, path: str) -> EscapedText | None:
    """The view of `text`'s escaped lines, or None when no line is escaped."""
    if not _ESCAPED_LINE.search(text):
        return None
    lines = text.split("\n")
    escaped = [i for i, line in enumerate(lines) if len(line) <= _MAX_LINE and _ESCAPED_LINE.search(line)]
    if not escaped:
        return None
    kept: set[int] = set()
    for i in escaped:
        kept.update(range(max(0, i - _AROUND), min(len(lines), i + _AROUND + 1)))
    wanted = set(escaped)
    parts: list[str] = []
    pieces: list[TextPiece] = []
    view_pos = raw_pos = 0
    for i, line in enumerate(lines):
        if i in kept:
            plain, escaped_at, raw_escapes = _unescaped(line, raw_pos) if i in wanted else (line, (), ())
            pieces.append(TextPiece(view_pos, raw_pos, escaped_at, raw_escapes))
            parts.append(plain)
            view_pos += len(plain)
        parts.append("\n")
        view_pos += 1
        raw_pos += len(line) + 1
    return EscapedText(path, "".join(parts)[:-1], tuple(pieces))


def _unescaped(line: str, raw_start: int) -> tuple[str, tuple[int, ...], tuple[tuple[int, int], ...]]:
    """The line with its escapes undone, where each undone one stands in it, and its (start, end) in the file."""
    percent = bool(_PERCENT_LINE.search(line))  # (a lone `%2d` in a format string stays)
    out: list[str] = []
    at: list[int] = []
    spans: list[tuple[int, int]] = []
    pos = decoded = 0
    for m in _ESCAPE.finditer(line):
        token = m.group(0)
        if token[0] == "%" and (not percent or token[1] in "01"):
            continue
        out.append(line[pos:m.start()])
        decoded += m.start() - pos
        at.append(decoded)
        spans.append((raw_start + m.start(), raw_start + m.end()))
        if token[0] == "&":
            out.append(_ENTITIES[token])
        else:
            out.append(chr(int(token[-2:], 16)) if token[0] == "%" or token[1] in "ux" else token[-1])
        decoded += 1
        pos = m.end()
    out.append(line[pos:])
    return "".join(out), tuple(at), tuple(spans)
