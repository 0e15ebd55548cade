"""What a scan reads of source code that builds one string from literal pieces: the pieces, joined.

A token split so that a linter or push protection will not see it whole (`"sk_live_" + "4eC3…"`,
`("ghp_A1b…"` then `"Xy9…")` on the next line, `["IoDc…", "3cLR…"].join("")`, `'rk_' . 'live_' . '…'` in PHP)
is, piece by piece, too short for its provider's format and no value to the generic rules. Where a language joins
adjacent or added string literals, each such chain is also read joined: the statement's lines, with the quotes and
the operator between the pieces removed, so `KEY = "sk_live_" + "4eC3…"` reads as `KEY = "sk_live_4eC3…"`. A
finding is reported where its first character stands in the file.

Only pieces without spaces, quotes or backslashes join, and only into a string long enough to be a credential:
`"Hello, " + name` and `"/api/" + "v1"` are not read again. A view holds the chain's lines and the few lines
before and after it as written, so the surroundings (a test, a comment saying "example") still count.
"""

from __future__ import annotations

import re

import re2

from .features import language_for
from .notebook_view import CellText, TextPiece
from .rules.catalogue import re2_options

_LITERAL = r"""(?:"[^"\s\\]+"|'[^'\s\\]+')"""
_PLUS = r"\s*\+\s*"
_C_ADJACENT = r"(?:\s|\\\r?\n)*"  # a macro's literals continue over a backslash at the line's end
_ADJACENT_OR_PLUS = r"(?:\s|\\\r?\n)*\+?(?:\s|\\\r?\n)*"  # Python's, Ruby's and Dart's, over a backslash too
# How each language joins two literals: an operator, or nothing (adjacent literals, in Python, C and Ruby).
_JOINERS = {
    "python": _ADJACENT_OR_PLUS, "ruby": _ADJACENT_OR_PLUS, "c": _C_ADJACENT, "cpp": _C_ADJACENT, "objective-c": _C_ADJACENT,
    "javascript": _PLUS, "typescript": _PLUS, "java": _PLUS, "csharp": _PLUS, "kotlin": _PLUS, "scala": _PLUS,
    "groovy": _PLUS, "swift": _PLUS, "go": _PLUS, "dart": _ADJACENT_OR_PLUS, "fsharp": _PLUS, "julia": r"\s*\*\s*",
    "php": r"\s*\.\s*", "perl": r"\s*\.\s*", "lua": r"\s*\.\.\s*", "vb": r"\s*&\s*", "sql": r"\s*\|\|\s*",
}
# An array of literals joined with nothing: JavaScript's `[…].join("")`, Python's `"".join([…])`.
_ARRAY_JOIN = {
    "javascript": r"\[\s*(?P<chain>{lit}(?:\s*,\s*{lit})+)\s*,?\s*\]\s*\.join\(\s*(?:\"\"|'')\s*\)",
    "python": r"(?:\"\"|'')\.join\(\s*[\[(]\s*(?P<chain>{lit}(?:\s*,\s*{lit})+)\s*,?\s*[\])]\s*\)",
}
_ARRAY_JOIN["typescript"] = _ARRAY_JOIN["javascript"]
_MIN_JOINED = 16  # shorter than any credential format the rules read whole
_MAX_CHAIN = 4096  # a chain's characters after the meeting that finds it
_CONTEXT_BEFORE, _CONTEXT_AFTER = 6, 2  # lines read as written around a chain (the surroundings window)
_COMPILED: dict[str, tuple] = {}
_LITERAL_RE = re.compile(_LITERAL)


def _patterns(language: str) -> tuple:
    """The language's chain of joined literals, where two of them meet, and its array of literals joined."""
    if language not in _COMPILED:
        joiner = _JOINERS[language]
        chain = re.compile(rf"(?P<chain>{_LITERAL}(?:{joiner}{_LITERAL})+)")
        if joiner == _ADJACENT_OR_PLUS:  # adjacent literals join: some space must part them
            joiner = r"(?:\s|\\\r?\n)*\+(?:\s|\\\r?\n)*|(?:\s|\\\r?\n)+"
        elif joiner == _C_ADJACENT:
            joiner = r"(?:\s|\\\r?\n)+"
        # a token's character, a quote, the joiner, a quote, a token's character: `" ".join` and `"" + x` are none
        meeting = r"[A-Za-z0-9_=/+.\-][\"'](?:%s)[\"'][A-Za-z0-9_/+\-]" % joiner
        array = _ARRAY_JOIN.get(language)
        if array is not None:  # a join with "" is looked for in the same pass
            meeting += r"|(join\(\s*(?:\"\"|'')\s*\)|(?:\"\"|'')\.join\()"
        _COMPILED[language] = (chain, re2.compile(meeting.encode(), re2_options()),
                               re.compile(array.format(lit=_LITERAL)) if array else None)
    return _COMPILED[language]


def _chains(text: str, language: str):
    """The chains and joined arrays of `text`. A chain's pattern is tried only from the lines where two literals
    meet (a quote, the joiner, a quote), and an array's only in a file that joins with "": run over every string of
    every file, they would cost a tenth of a scan. The meetings are found by RE2 in the file's UTF-8 (several
    times faster than `re` at a pattern that starts with a class of characters)."""
    chain, meetings, array = _patterns(language)
    raw = text.encode("utf-8", "surrogatepass")
    ascii_only = len(raw) == len(text)
    end, arrays_read = 0, False
    for meeting in meetings.finditer(raw):
        if array is not None and meeting.group(1) is not None:  # the one group: a join with ""
            if not arrays_read:
                arrays_read = True
                yield from array.finditer(text)
            continue
        at = meeting.start() if ascii_only else len(raw[:meeting.start()].decode("utf-8", "surrogatepass"))
        if at < end:
            continue
        # the chain holding this meeting starts on its line (a literal holds no line break), and is not that long
        m = chain.search(text, text.rfind("\n", 0, at) + 1, at + _MAX_CHAIN)
        if m is None or m.start() > at + 1:
            continue
        end = m.end()
        yield m


def _literals(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Where each literal of a chain stands: (opening quote, closing quote)."""
    return [(m.start(), m.end() - 1) for m in _LITERAL_RE.finditer(text, start, end)]


def concatenated_views(text: str, path: str) -> list[CellText]:
    """One view per chain of joined literals long enough to be a credential, mapped back to the file; empty when
    the language joins no literals or none such is in the file."""
    language = language_for(path)
    if language not in _JOINERS or ("'" not in text and '"' not in text):
        return []
    views: list[CellText] = []
    for m in _chains(text, language):
        pieces = _literals(text, m.start("chain"), m.end("chain"))
        if sum(close - opening - 1 for opening, close in pieces) < _MIN_JOINED:
            continue
        views.append(_view(text, path, m.start(), m.end(), pieces))
    return views


def _view(text: str, path: str, start: int, end: int, pieces: list[tuple[int, int]]) -> CellText:
    """The lines around text[start:end] as written, with the literals `pieces` joined into the first one's quotes
    and whatever surrounds them inside start..end (an array's brackets, `.join("")`) left out."""
    first_open, last_close = pieces[0][0], pieces[-1][1]
    region_start = text.rfind("\n", 0, start) + 1
    for _ in range(_CONTEXT_BEFORE):
        if region_start == 0:
            break
        region_start = text.rfind("\n", 0, region_start - 1) + 1
    region_end = end
    for _ in range(_CONTEXT_AFTER + 1):
        nl = text.find("\n", region_end)
        region_end = len(text) if nl < 0 else nl + 1
    stretches = [(region_start, start), (first_open, pieces[0][1])]
    stretches += [(opening + 1, close) for opening, close in pieces[1:]]
    stretches += [(last_close, last_close + 1), (end, region_end)]
    parts, out, at = [], [], 0
    for a, b in stretches:
        if b <= a:
            continue
        out.append(TextPiece(at, a, (), ()))
        parts.append(text[a:b])
        at += b - a
    return CellText(path, "".join(parts), tuple(out))
